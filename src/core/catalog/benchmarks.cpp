#include "catalog/benchmarks.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "catalog/data_file.h"
#include "text/json_util.h"
#include "text/table_view.h"
#include "text/web_url.h"

namespace gpuwise {
namespace {

const std::vector<std::string> kUnits = {"tokens_per_s", "samples_per_s", "images_per_s", "sequences_per_s",
                                         "items_per_s",  "queries_per_s", "tflops", "iterations_per_s",
                                         "seconds_per_image"};
const std::vector<std::string> kCheckpointing = {"full", "selective", "none"};
// image_software_keys() (estimate/image.h); test_image.cpp checks that the two agree.
const std::vector<std::string> kImageSoftware = {"pytorch", "webui"};
const std::vector<std::string> kPhases = {"decode", "prefill", "train", "inference", "matmul", "image", "serve"};
constexpr const char* kResultFields[] = {"gpu_id",   "set",         "name_in_source", "model",           "precision",
                                         "phase",    "context",     "batch",          "gpus",            "params_b",
                                         "active_params_b", "layers", "hidden_size",  "prompt_tokens",   "generated_tokens",
                                         "gpu_layers", "host_bandwidth_gbs", "depth", "activation_checkpointing", "power_limit_w", "image_software",
                                         "width",    "height",      "steps",          "optimised",
                                         "value",    "unit",
                                         "date",     "software",    "source",         "notes",           "outlier"};
constexpr const char* kSetFields[] = {"id", "what", "source", "commit", "dates"};
constexpr const char* kRootFields[] = {"schema_version", "sets", "results"};
// No measured figure in these units comes near this; a larger one is a typo.
constexpr double kMaxValue = 1e9;
constexpr int kMaxWhole = 100000000;

// Reads one object's fields, filing problems under its label: the shared row reader
// (data_file.h) plus this file's rules.
class FieldReader : public RowReader {
 public:
  using RowReader::RowReader;

  std::string text(const char* field, bool required = true) { return string(field, required).value_or(""); }
  std::string one_of(const char* field, const std::vector<std::string>& allowed) {
    std::string value = text(field);
    if (!value.empty() && !contains_word(allowed, value)) {
      error(field, "'" + value + "' is not one of " + joined_words(allowed));
    }
    return value;
  }
  std::string date(const char* field) {
    std::string value = text(field);
    if (!value.empty() && !is_date(value)) error(field, "'" + value + "' is not a date shaped like 2024-05-12");
    return value;
  }
  std::string url(const char* field) {
    std::string value = text(field);
    if (!value.empty() && !is_web_url(value)) {
      error(field, "'" + value + "' is not an http(s) URL");
    }
    return value;
  }
  double positive(const char* field) { return positive_if_given(field, true).value_or(0); }
  std::optional<double> positive_if_given(const char* field, bool required = false) {
    const json* it = find(field, required);
    if (!it) return std::nullopt;
    if (!it->is_number()) {
      error(field, "must be a number (got " + describe_json(*it) + ")");
      return std::nullopt;
    }
    const double value = it->get<double>();
    if (!std::isfinite(value) || value <= 0 || value > kMaxValue) {
      error(field, "must be a finite number > 0 and at most 1e9 (got " + dump_json(*it) + ")");
      return std::nullopt;
    }
    return value;
  }
  std::optional<int> whole(const char* field) {
    const json* it = find(field, false);
    if (!it) return std::nullopt;
    // Compare as a double first: get<int>() of 4294967297 would wrap.
    if (!it->is_number_integer() || it->get<double>() < 1 || it->get<double>() > kMaxWhole) {
      error(field, "must be a whole number from 1 to 100000000 (got " + describe_json(*it) + ")");
      return std::nullopt;
    }
    return it->get<int>();
  }
};

std::string row_label(const char* list, std::size_t index, const json& row, const char* id_field) {
  std::string label = std::string(list) + " #" + std::to_string(index + 1);
  if (row.is_object()) {
    auto id = row.find(id_field);
    if (id != row.end() && id->is_string() && !id->get<std::string>().empty()) {
      label += " (" + id->get<std::string>() + ")";
    }
  }
  return label;
}

const json* list_field(const json& root, const char* name, std::vector<CatalogIssue>& issues) {
  auto it = root.find(name);
  if (it == root.end()) {
    issues.push_back({CatalogIssue::Severity::error, "", name, "is required but missing"});
    return nullptr;
  }
  if (!it->is_array()) {
    issues.push_back({CatalogIssue::Severity::error, "", name, "must be an array (got " + describe_json(*it) + ")"});
    return nullptr;
  }
  return &*it;
}

void read_sets(const json& rows, Benchmarks& out) {
  std::set<std::string> seen;
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    FieldReader reader(row, row_label("sets", index, row, "id"), out.issues);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    MeasuredSet set;
    set.id = reader.text("id");
    if (!set.id.empty() && !seen.insert(set.id).second) reader.error("id", "'" + set.id + "' is listed twice");
    set.what = reader.text("what");
    set.source = reader.url("source");
    set.commit = reader.text("commit", false);
    set.dates = reader.text("dates", false);
    reader.unknown_fields(kSetFields);
    if (!reader.failed()) out.sets.push_back(std::move(set));
  }
}

void read_results(const json& rows, const Catalog* catalog, Benchmarks& out) {
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    FieldReader reader(row, row_label("results", index, row, "gpu_id"), out.issues);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    MeasuredResult result;
    result.gpu_id = reader.text("gpu_id");
    if (!result.gpu_id.empty()) {
      if (!is_slug(result.gpu_id)) {
        reader.error("gpu_id", "'" + result.gpu_id + "' must be a catalog id such as rtx-4090");
      } else if (catalog && catalog->find(result.gpu_id) < 0) {
        reader.error("gpu_id", "'" + result.gpu_id + "' is not in gpus.json");
      }
    }
    result.set = reader.text("set");
    if (!result.set.empty() && std::none_of(out.sets.begin(), out.sets.end(),
                                            [&](const MeasuredSet& s) { return s.id == result.set; })) {
      reader.error("set", "'" + result.set + "' is not listed in sets");
    }
    result.name_in_source = reader.text("name_in_source", false);
    result.model = reader.text("model");
    result.precision = reader.text("precision");
    result.phase = reader.one_of("phase", kPhases);
    result.context = reader.whole("context");
    result.batch = reader.whole("batch");
    result.gpus = reader.whole("gpus").value_or(1);
    result.params_b = reader.positive_if_given("params_b");
    result.active_params_b = reader.positive_if_given("active_params_b");
    if (result.params_b && result.active_params_b && *result.active_params_b > *result.params_b) {
      reader.error("active_params_b", "must be at most params_b (" + dump_json(json(*result.params_b)) + ")");
    }
    result.layers = reader.whole("layers");
    result.hidden_size = reader.whole("hidden_size");
    result.prompt_tokens = reader.whole("prompt_tokens");
    result.generated_tokens = reader.whole("generated_tokens");
    result.gpu_layers = reader.whole("gpu_layers");
    result.depth = reader.whole("depth");
    if (row.contains("host_bandwidth_gbs")) result.host_bandwidth_gbs = reader.positive("host_bandwidth_gbs");
    if (row.contains("activation_checkpointing")) {
      result.full_recompute = reader.one_of("activation_checkpointing", kCheckpointing) == "full";
    }
    result.power_limit_w = reader.positive_if_given("power_limit_w");
    if (row.contains("image_software")) result.image_software = reader.one_of("image_software", kImageSoftware);
    result.value = reader.positive("value");
    result.unit = reader.one_of("unit", kUnits);
    result.date = reader.date("date");
    result.software = reader.text("software");
    result.source = reader.url("source");
    result.notes = reader.text("notes", false);
    result.width = reader.whole("width");
    result.height = reader.whole("height");
    result.steps = reader.whole("steps");
    for (const char* flag : {"outlier", "optimised"}) {
      auto it = row.find(flag);
      if (it == row.end()) continue;
      if (!it->is_boolean()) {
        reader.error(flag, "must be true or false (got " + describe_json(*it) + ")");
        continue;
      }
      (std::string_view(flag) == "outlier" ? result.outlier : result.optimised) = it->get<bool>();
    }
    reader.unknown_fields(kResultFields);
    if (!reader.failed()) out.results.push_back(std::move(result));
  }
}

Benchmarks load(std::string_view text, const Catalog* catalog) {
  Benchmarks out;
  json root;
  if (!open_data_file(text, "benchmarks.json", "{\"schema_version\": 1, \"sets\": [...], \"results\": [...]}",
                      out.issues, out.schema_version, root)) {
    return out;
  }
  for (const auto& item : root.items()) {
    if (!contains_word(kRootFields, item.key())) {
      out.issues.push_back({CatalogIssue::Severity::warning, "", item.key(),
                            "is not a known field (see data/README.md); ignored"});
    }
  }
  if (const json* sets = list_field(root, "sets", out.issues)) read_sets(*sets, out);
  if (const json* results = list_field(root, "results", out.issues)) read_results(*results, catalog, out);
  return out;
}

}  // namespace

int Benchmarks::error_count() const {
  return static_cast<int>(std::count_if(issues.begin(), issues.end(), [](const CatalogIssue& issue) {
    return issue.severity == CatalogIssue::Severity::error;
  }));
}
int Benchmarks::warning_count() const { return static_cast<int>(issues.size()) - error_count(); }

const std::vector<std::string>& benchmark_units() { return kUnits; }
const std::vector<std::string>& benchmark_phases() { return kPhases; }

Benchmarks load_benchmarks(std::string_view json_text) { return load(json_text, nullptr); }
Benchmarks load_benchmarks(std::string_view json_text, const Catalog& catalog) { return load(json_text, &catalog); }

std::vector<const MeasuredResult*> results_for(const Benchmarks& benchmarks, std::string_view gpu_id) {
  std::vector<const MeasuredResult*> out;
  for (const auto& result : benchmarks.results) {
    if (result.gpu_id == gpu_id) out.push_back(&result);
  }
  return out;
}

}  // namespace gpuwise
