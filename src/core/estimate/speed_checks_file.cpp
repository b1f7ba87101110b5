// data/speed_check.json: the speed model's check (check_speed()) as `gpuwise speed --check
// --json` writes it. The page shows it ("How good are these estimates?", the cost of a
// job's held-out figure) instead of refitting the calibration for every card in the
// browser: the fitting code then stays out of the download (docs/BENCHMARKS.md, size).
#include <cmath>

#include "catalog/data_file.h"
#include "estimate/speed.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {
double round_to(double value, double scale) { return std::round(value * scale) / scale; }
// Four significant figures: a point's place on a log-log plot, not a figure to quote.
double significant(double value) {
  if (!(value > 0) || !std::isfinite(value)) return 0;
  const double scale = std::pow(10.0, 3 - std::floor(std::log10(value)));
  return std::round(value * scale) / scale;
}
}  // namespace

bool speed_check_plotted(const SpeedCheck& c) {
  const bool part = c.set.rfind("llm-training ", 0) == 0 || c.set.rfind("serving ", 0) == 0;
  return !part && (c.held_out == "in-sample" || c.held_out == "not fitted");
}

json speed_checks_to_json(const std::vector<SpeedCheck>& checks) {
  json rows = json::array();
  for (const auto& c : checks) {
    json row = {{"set", c.set},
                {"phase", c.phase},
                {"held_out", c.held_out},
                {"n", c.n},
                {"groups", c.groups},
                {"spearman", round_to(c.spearman, 1000)},
                {"spearman_min", round_to(c.spearman_min, 1000)},
                {"spearman_pooled", round_to(c.spearman_pooled, 1000)},
                {"median_abs_error_pct", round_to(c.median_abs_error_pct, 10)},
                {"group_spearman", c.group_spearman}};
    if (speed_check_plotted(c)) {  // the points of the scatter plots, as four lists
      json cards = json::array(), workloads = json::array(), predicted = json::array(), measured = json::array();
      for (const SpeedCheckPoint& p : c.points) {
        cards.push_back(p.gpu_id);
        workloads.push_back(p.group);
        predicted.push_back(significant(p.predicted));
        measured.push_back(significant(p.measured));
      }
      row["point_cards"] = std::move(cards);
      row["point_workloads"] = std::move(workloads);
      row["point_predicted"] = std::move(predicted);
      row["point_measured"] = std::move(measured);
    }
    rows.push_back(std::move(row));
  }
  return json{{"schema_version", 1}, {"checks", rows}};
}

namespace {
// A list of numbers (the points' figures); empty, with an error, when it is not one.
std::vector<double> numbers(RowReader& reader, const char* field) {
  std::vector<double> out;
  const json* list = reader.find(field, false);
  if (!list) return out;
  if (!list->is_array()) {
    reader.error(field, "must be a list of numbers");
    return out;
  }
  for (const json& item : *list) out.push_back(item.is_number() ? item.get<double>() : 0);
  return out;
}
}  // namespace

std::vector<SpeedCheck> load_speed_checks(std::string_view text, std::vector<CatalogIssue>& issues) {
  std::vector<SpeedCheck> out;
  json root;
  int version = 0;
  if (!open_data_file(text, "speed_check.json", "{\"schema_version\": 1, \"checks\": [...]}", issues, version, root)) {
    return out;
  }
  const auto rows = root.find("checks");
  if (rows == root.end() || !rows->is_array()) {
    issues.push_back({CatalogIssue::Severity::error, "", "checks", "must be a list of checks"});
    return out;
  }
  std::size_t index = 0;
  for (const json& row : *rows) {
    RowReader reader(row, "checks #" + std::to_string(++index), issues);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object");
      continue;
    }
    SpeedCheck c;
    c.set = reader.string("set", true).value_or("");
    c.phase = reader.string("phase", true).value_or("");
    c.held_out = reader.string("held_out", true).value_or("");
    const double n = reader.number("n", true).value_or(0), groups = reader.number("groups", true).value_or(0);
    c.n = n >= 0 && n < 1e9 ? static_cast<int>(n) : 0;
    c.groups = groups >= 0 && groups < 1e9 ? static_cast<int>(groups) : 0;
    c.spearman = reader.number("spearman", true).value_or(0);
    c.spearman_min = reader.number("spearman_min", true).value_or(0);
    c.spearman_pooled = reader.number("spearman_pooled", true).value_or(0);
    c.median_abs_error_pct = reader.number("median_abs_error_pct", true).value_or(0);
    const std::vector<std::string> cards = reader.strings("point_cards", false, "string").value_or(std::vector<std::string>{});
    const std::vector<std::string> workloads =
        reader.strings("point_workloads", false, "string").value_or(std::vector<std::string>{});
    const std::vector<double> predicted = numbers(reader, "point_predicted"), measured = numbers(reader, "point_measured");
    if (workloads.size() != cards.size() || predicted.size() != cards.size() || measured.size() != cards.size()) {
      reader.error("point_cards", "the four point lists must be as long as each other");
    }
    if (reader.failed()) continue;
    for (std::size_t i = 0; i < cards.size(); ++i) c.points.push_back({cards[i], workloads[i], predicted[i], measured[i]});
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace gpuwise
