#include "catalog/catalog.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <variant>

#include "catalog/catalog_rules.h"
#include "catalog/data_details.h"
#include "catalog/data_file.h"
#include "catalog/gpu_fields.h"
#include "text/json_util.h"
#include "text/table_view.h"
#include "text/template_text.h"
#include "text/web_url.h"

namespace gpuwise {
namespace {

// The fields, their checks and their order are the table of gpu_fields.inc.
constexpr const char* kVendors[] = {"NVIDIA", "AMD", "Intel", "Apple", "Huawei", "Cambricon", "Moore Threads"};
// No card's figure comes near a million in any unit of data/README.md (the largest are
// CUDA cores, ~24,000): a larger one is a typo, and near 1e308 it overflowed the
// arithmetic downstream (usable VRAM, power-supply sizing) to infinity.
constexpr double kMaxFigure = 1e6;

// Architectures that predate tensor cores (the guide: "tensor cores: none").
constexpr const char* kPreTensorArchitectures[] = {"Tesla", "Fermi", "Kepler", "Maxwell"};

constexpr int kSchemaVersionWritten = 1;

// [SECTION] Reading one row: the shared reader (data_file.h) plus the table's rules.
class GpuRowReader : public RowReader {
 public:
  using RowReader::RowReader;

  void read(const GpuField& field, Gpu& gpu, bool is_nvidia) {
    if (!find(field.key, required_field(field, is_nvidia))) return;
    std::visit([&](auto member) { assign(field, gpu.*member); }, field.member);
  }

 private:
  std::optional<double> checked_number(const GpuField& field) {
    const std::optional<double> out = number(field.key, false);
    if (!out) return std::nullopt;
    // The figure as written ("-24", not "-24.0"), for the message: only when there is one,
    // since writing every figure out was a tenth of loading the catalog.
    if (const std::optional<FigureProblem> problem = figure_problem(field, *out)) {
      error(field.key, problem->before + dump_json(*find(field.key, false)) + problem->after);
      return std::nullopt;
    }
    return out;
  }

  // A fraction in a whole-number field is refused by checked_number (figure_problem).
  std::optional<int> checked_integer(const GpuField& field) {
    const std::optional<double> out = checked_number(field);
    if (!out) return std::nullopt;
    return static_cast<int>(*out);
  }

  void assign(const GpuField& field, std::string& out) {
    if (auto text = string(field.key, field.presence != Presence::optional)) out = *text;
  }
  void assign(const GpuField& field, int& out) {
    if (auto value = checked_integer(field)) out = *value;
  }
  void assign(const GpuField& field, double& out) {
    if (auto value = checked_number(field)) out = *value;
  }
  void assign(const GpuField& field, std::optional<int>& out) {
    if (auto value = checked_integer(field)) out = value;
  }
  void assign(const GpuField& field, std::optional<double>& out) {
    if (auto value = checked_number(field)) out = value;
  }
  void assign(const GpuField& field, bool& out) {
    const json* value = find(field.key, false);
    if (!value->is_boolean()) {
      error(field.key, std::string("must be true or false (got ") + describe_json(*value) + ")");
      return;
    }
    out = value->get<bool>();
  }
  void assign(const GpuField& field, std::vector<std::string>& out) {
    auto items = strings(field.key, false, field.rule == ValueRule::urls ? "URL" : "string");
    if (!items) return;
    if (const std::optional<std::string> problem = list_problem(field, *items)) {
      error(field.key, *problem);
      return;
    }
    out = std::move(*items);
  }
};

bool is_compute_capability(const std::string& cc) {
  auto dot = cc.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == cc.size()) return false;
  for (std::size_t i = 0; i < cc.size(); ++i) {
    if (i != dot && (cc[i] < '0' || cc[i] > '9')) return false;
  }
  return true;
}

// Cross-field rules: the invariants a single field cannot express.
void check_invariants(const Gpu& gpu, IssueRecorder& reader, bool sources_moved) {
  if (!contains_word(kVendors, gpu.vendor)) {
    reader.error("vendor", "'" + gpu.vendor + "' is not one of " + joined_words(kVendors));
  }
  if (!contains_word(kind_keys(), gpu.kind)) {
    reader.error("kind", "'" + gpu.kind + "' is not one of " + joined_words(kind_keys()));
  }
  if (gpu.kind == "system" && !gpu.gpu_memory_share_pct) {
    reader.error("gpu_memory_share_pct",
                 "is required for a system: the share of its unified memory the GPU may use by default (e.g. 75)");
  }
  if (gpu.software.empty()) reader.error("software", "needs at least one stack, e.g. [\"cuda\", \"pytorch-cuda\"]");
  if (!contains_word(line_keys(), gpu.line)) {
    reader.error("line", "'" + gpu.line + "' is not one of " + joined_words(line_keys()));
  }
  if (!gpu.compute_capability.empty() && !is_compute_capability(gpu.compute_capability)) {
    reader.error("compute_capability", "'" + gpu.compute_capability + "' is not shaped like \"8.6\"");
  }
  if (gpu.fp64_tflops && gpu.fp32_tflops && *gpu.fp64_tflops > *gpu.fp32_tflops) {
    reader.error("fp64_tflops", "is larger than fp32_tflops; FP64 never runs faster than FP32");
  }
  if (contains_word(kPreTensorArchitectures, gpu.architecture) && gpu.tensor_cores && *gpu.tensor_cores > 0) {
    reader.error("tensor_cores", gpu.architecture + " has no tensor cores; must be 0");
  }
  if (gpu.sources.empty() && !sources_moved) reader.error("sources", "needs at least one source URL");
}

}  // namespace

// [SECTION] One row's rules (catalog_rules.h)
std::optional<FigureProblem> figure_problem(const GpuField& field, double value) {
  switch (field.rule) {
    case ValueRule::positive:
      if (value <= 0) return FigureProblem{"must be a number > 0 (got ", "); omit the field when the figure is unknown"};
      break;
    case ValueRule::non_negative:
      if (value < 0) return FigureProblem{"must not be negative (got ", ")"};
      break;
    case ValueRule::year:
      if (value < 1990 || value > 2100) return FigureProblem{"must be a year between 1990 and 2100 (got ", ")"};
      break;
    case ValueRule::board_count:
      if (value < 1 || value > 16) return FigureProblem{"must be between 1 and 16 (got ", ")"};
      break;
    case ValueRule::percent:
      if (value <= 0 || value > 100) {
        return FigureProblem{"must be a percentage above 0 and at most 100 (got ", ")"};
      }
      break;
    case ValueRule::any:
    case ValueRule::urls:
      break;
  }
  if ((field.rule == ValueRule::positive || field.rule == ValueRule::non_negative) && value > kMaxFigure) {
    return FigureProblem{"must be at most 1000000 (got ", "); check the unit"};
  }
  if (field.whole_number && (std::floor(value) != value || std::fabs(value) > 1e9)) {
    return FigureProblem{"must be a whole number (got ", ")"};
  }
  return std::nullopt;
}

bool required_field(const GpuField& field, bool is_nvidia) {
  return field.presence == Presence::required || (field.presence == Presence::nvidia_required && is_nvidia);
}

std::optional<std::string> list_problem(const GpuField& field, const std::vector<std::string>& items) {
  const bool urls = field.rule == ValueRule::urls;
  for (const std::string& item : items) {
    if (urls && !is_web_url(item)) {
      return "'" + item + "' is not an http(s) URL";
    }
    if (!urls && item.empty()) return std::string("has an empty entry");
  }
  return std::nullopt;
}

bool accept_row(const Gpu& gpu, bool sources_moved, IssueRecorder& row, std::set<std::string>& seen_ids) {
  if (!gpu.id.empty() && !is_slug(gpu.id)) {
    row.error("id", "'" + gpu.id + "' must be a slug: a-z, 0-9 and single dashes");
  }
  if (!gpu.id.empty() && seen_ids.count(gpu.id)) row.error("id", "duplicate id; ids must be unique");
  if (!row.failed()) check_invariants(gpu, row, sources_moved);
  if (row.failed()) return false;
  seen_ids.insert(gpu.id);
  return true;
}

// [SECTION] Public functions
std::string CatalogIssue::to_string() const {
  std::string text = severity == Severity::error ? "error: " : "warning: ";
  if (!row.empty()) text += "row '" + row + "'";
  if (!field.empty()) text += std::string(row.empty() ? "" : ", ") + "field '" + field + "'";
  if (!row.empty() || !field.empty()) text += ": ";
  return text + message;
}

int Catalog::error_count() const {
  int count = 0;
  for (const auto& issue : issues) count += issue.severity == CatalogIssue::Severity::error;
  return count;
}

int Catalog::warning_count() const {
  return static_cast<int>(issues.size()) - error_count();
}

int Catalog::find(std::string_view id) const {
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (gpus[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

const std::vector<std::string>& line_keys() {
  static const std::vector<std::string> keys = {"geforce", "workstation", "datacenter"};
  return keys;
}

const std::vector<std::string>& kind_keys() {
  static const std::vector<std::string> keys = {"card", "module", "system"};
  return keys;
}

const char* kind_label(std::string_view kind) {
  static const std::pair<const char*, const char*> kLabels[] = {
      {"card", "Card"},                       // i18n
      {"module", "Module"},                   // i18n
      {"system", "System"},  // i18n: a machine with unified memory (the filter and card view say so)
  };
  for (const auto& [key, label] : kLabels) {
    if (kind == key) return label;
  }
  return "";
}

bool has_unified_memory(const Gpu& gpu) { return gpu.gpu_memory_share_pct.has_value(); }

bool price_is_for_machine(const Gpu& gpu) { return gpu.kind == "system"; }

const char* machine_price_note() {
  return I18N("A system with unified memory: its price and power are the whole machine's (CPU, memory, "
              "storage), not a card's, so count no separate host.");
}

bool has_stack(const Gpu& gpu, std::string_view stack_key) {
  return std::find(gpu.software.begin(), gpu.software.end(), stack_key) != gpu.software.end();
}

const char* line_label(std::string_view line) {
  static const std::pair<const char*, const char*> kLabels[] = {
      {"geforce", "Consumer"},        // i18n
      {"workstation", "Workstation"},  // i18n
      {"datacenter", "Data centre"},   // i18n
  };
  for (const auto& [key, label] : kLabels) {
    if (line == key) return label;
  }
  return "";
}

bool is_slug(std::string_view id) {
  if (id.empty() || id.size() > 64 || id.front() == '-' || id.back() == '-') return false;
  char previous = 0;
  for (char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && previous == '-')) return false;
    previous = c;
  }
  return true;
}

Catalog load_catalog(std::string_view json_text) {
  Catalog catalog;
  json root;
  if (!open_data_file(json_text, "the catalog", "{\"schema_version\": 1, \"gpus\": [...]}", catalog.issues,
                      catalog.schema_version, root)) {
    return catalog;
  }
  auto rows = root.find("gpus");
  if (rows == root.end() || !rows->is_array()) {
    catalog.issues.push_back({CatalogIssue::Severity::error, "", "gpus", "must be a list of GPU objects"});
    return catalog;
  }

  const std::set<std::string> moved = moved_to_details(root);  // a compact file (the page's)
  catalog.details_elsewhere = !moved.empty();
  std::set<std::string> known_fields;
  for (const GpuField& field : gpu_fields()) known_fields.insert(field.key);
  std::set<std::string> seen_ids;

  for (std::size_t index = 0; index < rows->size(); ++index) {
    const json& row = (*rows)[index];
    std::string label = "#" + std::to_string(index + 1);
    if (row.is_object()) {
      auto id = row.find("id");
      if (id != row.end() && id->is_string() && !id->get<std::string>().empty()) {
        label = id->get<std::string>();
      }
    }
    GpuRowReader reader(row, label, catalog.issues, &moved);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    Gpu gpu;
    const auto vendor = row.find("vendor");
    const bool is_nvidia = vendor != row.end() && vendor->is_string() && *vendor == "NVIDIA";
    for (const GpuField& field : gpu_fields()) reader.read(field, gpu, is_nvidia);
    reader.unknown_fields(known_fields);
    if (accept_row(gpu, moved.count("sources") > 0, reader, seen_ids)) catalog.gpus.push_back(std::move(gpu));
  }
  return catalog;
}

std::string catalog_to_json(const Catalog& catalog, int indent) {
  json rows = json::array();
  for (const Gpu& gpu : catalog.gpus) {
    json row = json::object();
    for (const GpuField& field : gpu_fields()) {
      std::visit(
          [&](auto member) {
            const auto& value = gpu.*member;
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, std::optional<int>> ||
                          std::is_same_v<T, std::optional<double>>) {
              if (value) row[field.key] = *value;
            } else if constexpr (std::is_same_v<T, std::string>) {
              if (!value.empty() || field.presence == Presence::required) row[field.key] = value;
            } else {
              row[field.key] = value;
            }
          },
          field.member);
    }
    rows.push_back(std::move(row));
  }
  json root = {{"schema_version", kSchemaVersionWritten}, {"gpus", std::move(rows)}};
  return dump_json(root, indent);
}

}  // namespace gpuwise
