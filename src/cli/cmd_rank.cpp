// gpuwise rank: the ranking tab from the command line, through the same rank().
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "catalog.h"
#include "cli.h"
#include "compat.h"
#include "json_util.h"
#include "ranking.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise rank [--profile cnn|rnn|llm-inference|llm-training|fp64|custom] [--metric NAME]\n"
    "                    [--weights METRIC=W,METRIC=W...] [--min-vram GB] [--max-price USD]\n"
    "                    [--year-min YEAR] [--vendor NVIDIA,AMD] [--cuda X.Y|X.x] [--pytorch X.Y]\n"
    "                    [--top N] [--json] [--data-dir DIR]\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "gpuwise rank: %s\n%s", message.c_str(), kUsage);
  return 2;
}

bool parse_number(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return !text.empty() && end && *end == '\0' && std::isfinite(out);
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator)) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

// "fp32_tflops=3,memory_bandwidth_gbs=1" -> weights; false with a message when malformed.
bool parse_weights(const std::string& text, std::vector<MetricWeight>& out, std::string& message) {
  for (const auto& pair : split(text, ',')) {
    const auto eq = pair.find('=');
    double weight = 0;
    if (eq == std::string::npos || !parse_number(pair.substr(eq + 1), weight)) {
      message = "--weights wants METRIC=NUMBER pairs separated by commas (got '" + pair + "')";
      return false;
    }
    out.push_back({pair.substr(0, eq), weight});
  }
  return true;
}

}  // namespace

int run_rank(const Args& args) {
  const auto unknown = args.unknown({"--json"}, {"--profile", "--metric", "--weights", "--min-vram", "--max-price",
                                                 "--year-min", "--vendor", "--cuda", "--pytorch", "--top",
                                                 "--data-dir"});
  if (!unknown.empty()) return usage_error("unknown option " + unknown[0]);

  RankingView view;
  if (auto v = args.value("--profile")) view.profile = *v;
  if (auto v = args.value("--metric")) view.metric = *v;
  if (auto v = args.value("--cuda")) view.cuda = *v;
  if (auto v = args.value("--pytorch")) view.pytorch = *v;
  if (auto v = args.value("--vendor")) view.vendors = split(*v, ',');
  if (auto v = args.value("--weights")) {
    std::string message;
    if (!parse_weights(*v, view.custom_weights, message)) return usage_error(message);
    if (!args.value("--profile")) view.profile = "custom";
  }
  double number = 0;
  if (auto v = args.value("--min-vram")) {
    if (!parse_number(*v, number) || number < 0) return usage_error("--min-vram wants a number of GB >= 0");
    view.min_vram_gb = number;
  }
  if (auto v = args.value("--max-price")) {
    if (!parse_number(*v, number) || number < 0) return usage_error("--max-price wants a number of USD >= 0");
    view.max_price_usd = number;
  }
  if (auto v = args.value("--year-min")) {
    if (!parse_number(*v, number) || number != std::floor(number) || number < 0 || number > 2100) {
      return usage_error("--year-min wants a year");
    }
    view.year_min = static_cast<int>(number);
  }
  long top = -1;  // all
  if (auto v = args.value("--top")) {
    if (!parse_number(*v, number) || number != std::floor(number) || number < 1 || number > 100000) {
      return usage_error("--top wants a whole number >= 1");
    }
    top = static_cast<long>(number);
  }
  // Check the profile and metric before touching files, so a typo exits 2 every time.
  if (!view.metric.empty() && !find_ranking_metric(view.metric)) {
    return usage_error(rank(Catalog{}, view).error);
  }
  if (view.metric.empty() && !find_ranking_profile(view.profile)) return usage_error(rank(Catalog{}, view).error);

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());

  Compat compat;
  const bool needs_compat = !view.cuda.empty() || !view.pytorch.empty();
  if (needs_compat) {
    std::string compat_text;
    if (!read_file(data_path(args, "cuda.json"), compat_text)) return 1;
    compat = load_compat(compat_text);
    for (const auto& issue : compat.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  }

  const RankedList list = rank(catalog, view, needs_compat ? &compat : nullptr, nullptr);
  if (!list.error.empty()) return usage_error(list.error);
  const std::size_t count = top < 0 ? list.rows.size() : std::min(list.rows.size(), static_cast<std::size_t>(top));

  if (args.flag("--json")) {
    json weights = json::array();
    for (const auto& w : list.weights) weights.push_back({{"metric", w.metric}, {"weight", w.weight}});
    json results = json::array();
    for (std::size_t i = 0; i < count; ++i) {
      const RankedGpu& row = list.rows[i];
      const Gpu& gpu = catalog.gpus[row.gpu_index];
      results.push_back({{"rank", i + 1},
                         {"id", gpu.id},
                         {"name", gpu.name},
                         {"score", row.score ? json(display_score(*row.score)) : json(nullptr)},
                         {"missing_metrics", row.missing_metrics},
                         {"estimated_metrics", row.estimated_metrics}});
    }
    const json out = {{"profile", list.profile}, {"metric", list.metric}, {"label", list.metric_label},
                      {"weights", weights},      {"results", results}};
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else {
    std::printf("%s: %zu cards (%d scored)\n", list.metric_label.c_str(), list.rows.size(), list.scored_count);
    for (std::size_t i = 0; i < count; ++i) {
      const RankedGpu& row = list.rows[i];
      std::string marks;
      for (const auto& key : row.missing_metrics) marks += " missing:" + key;
      for (const auto& key : row.estimated_metrics) marks += " estimated:" + key;
      std::printf("%4zu  %6s  %-40s%s\n", i + 1, format_score(row.score).c_str(),
                  catalog.gpus[row.gpu_index].name.c_str(), marks.c_str());
    }
  }
  return catalog.error_count() > 0 || compat.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
