#include "catalog.h"

#include <cmath>
#include <set>
#include <variant>

#include "data_file.h"
#include "json_util.h"

namespace gpuwise {
namespace {

// [SECTION] The field table: one line per field of data/README.md. Loading, writing
// and the unknown-field check all read this table, so a new field is added once.
enum class Req { required, optional, nvidia_required };
enum class Rule { any, positive, non_negative, year, board_count };

using StringField = std::string Gpu::*;
using IntField = int Gpu::*;
using NumberField = double Gpu::*;
using OptIntField = std::optional<int> Gpu::*;
using OptNumberField = std::optional<double> Gpu::*;
using BoolField = bool Gpu::*;
using ListField = std::vector<std::string> Gpu::*;
using Member = std::variant<StringField, IntField, NumberField, OptIntField, OptNumberField,
                            BoolField, ListField>;

struct FieldSpec {
  const char* name;
  Member member;
  Req req;
  Rule rule;
};

const FieldSpec kFields[] = {
    {"id", &Gpu::id, Req::required, Rule::any},
    {"name", &Gpu::name, Req::required, Rule::any},
    {"vendor", &Gpu::vendor, Req::required, Rule::any},
    {"line", &Gpu::line, Req::required, Rule::any},
    {"series", &Gpu::series, Req::required, Rule::any},
    {"architecture", &Gpu::architecture, Req::required, Rule::any},
    {"compute_capability", &Gpu::compute_capability, Req::nvidia_required, Rule::any},
    {"release_year", &Gpu::release_year, Req::required, Rule::year},
    {"vram_gb", &Gpu::vram_gb, Req::required, Rule::positive},
    {"gpus_per_board", &Gpu::gpus_per_board, Req::optional, Rule::board_count},
    {"memory_type", &Gpu::memory_type, Req::required, Rule::any},
    {"memory_bus_bits", &Gpu::memory_bus_bits, Req::optional, Rule::positive},
    {"memory_bandwidth_gbs", &Gpu::memory_bandwidth_gbs, Req::required, Rule::positive},
    {"fp32_tflops", &Gpu::fp32_tflops, Req::optional, Rule::positive},
    {"fp64_tflops", &Gpu::fp64_tflops, Req::optional, Rule::positive},
    {"fp16_tflops", &Gpu::fp16_tflops, Req::optional, Rule::positive},
    {"fp16_tensor_tflops", &Gpu::fp16_tensor_tflops, Req::optional, Rule::positive},
    {"bf16_tensor_tflops", &Gpu::bf16_tensor_tflops, Req::optional, Rule::positive},
    {"tf32_tensor_tflops", &Gpu::tf32_tensor_tflops, Req::optional, Rule::positive},
    {"fp8_tensor_tflops", &Gpu::fp8_tensor_tflops, Req::optional, Rule::positive},
    {"int8_tensor_tops", &Gpu::int8_tensor_tops, Req::optional, Rule::positive},
    {"cuda_cores", &Gpu::cuda_cores, Req::optional, Rule::positive},
    {"tensor_cores", &Gpu::tensor_cores, Req::optional, Rule::non_negative},
    {"tdp_w", &Gpu::tdp_w, Req::required, Rule::positive},
    {"interface", &Gpu::interface, Req::required, Rule::any},
    {"nvlink", &Gpu::nvlink, Req::optional, Rule::any},
    {"launch_price_usd", &Gpu::launch_price_usd, Req::optional, Rule::positive},
    {"sources", &Gpu::sources, Req::required, Rule::any},
    {"notes", &Gpu::notes, Req::optional, Rule::any},
};

const std::set<std::string> kVendors = {"NVIDIA", "AMD", "Intel"};
const std::set<std::string> kLines = {"geforce", "workstation", "datacenter"};
// Architectures that predate tensor cores (the guide: "tensor cores: none").
// No card's figure comes near a million in any unit of data/README.md (the largest are
// CUDA cores, ~24,000): a larger one is a typo, and near 1e308 it overflowed the
// arithmetic downstream (usable VRAM, power-supply sizing) to infinity.
constexpr double kMaxFigure = 1e6;

const std::set<std::string> kPreTensorArchitectures = {"Tesla", "Fermi", "Kepler", "Maxwell"};

constexpr int kSchemaVersionWritten = 1;

// [SECTION] Reading one row
class RowReader : public IssueRecorder {
 public:
  RowReader(const json& row, std::string label, std::vector<CatalogIssue>& issues)
      : IssueRecorder(std::move(label), issues), row_(row) {}

  void read(const FieldSpec& spec, Gpu& gpu, bool is_nvidia) {
    auto it = row_.find(spec.name);
    if (it == row_.end() || it->is_null()) {
      if (spec.req == Req::required || (spec.req == Req::nvidia_required && is_nvidia)) {
        error(spec.name, "is required but missing");
      }
      return;
    }
    const json& value = *it;
    std::visit([&](auto member) { assign(spec, value, gpu.*member); }, spec.member);
  }

 private:
  bool check_number(const FieldSpec& spec, const json& value, double& out) {
    if (!value.is_number()) {
      error(spec.name, std::string("must be a number (got ") + describe_json(value) + ")");
      return false;
    }
    out = value.get<double>();
    if (!std::isfinite(out)) {
      error(spec.name, "must be a finite number");
      return false;
    }
    switch (spec.rule) {
      case Rule::positive:
        if (out <= 0) {
          error(spec.name, "must be a number > 0 (got " + dump_json(value) +
                               "); omit the field when the figure is unknown");
          return false;
        }
        break;
      case Rule::non_negative:
        if (out < 0) {
          error(spec.name, "must not be negative (got " + dump_json(value) + ")");
          return false;
        }
        break;
      case Rule::year:
        if (out < 1990 || out > 2100) {
          error(spec.name, "must be a year between 1990 and 2100 (got " + dump_json(value) + ")");
          return false;
        }
        break;
      case Rule::board_count:
        if (out < 1 || out > 16) {
          error(spec.name, "must be between 1 and 16 (got " + dump_json(value) + ")");
          return false;
        }
        break;
      case Rule::any:
        break;
    }
    if ((spec.rule == Rule::positive || spec.rule == Rule::non_negative) && out > kMaxFigure) {
      error(spec.name, "must be at most 1000000 (got " + dump_json(value) + "); check the unit");
      return false;
    }
    return true;
  }

  bool check_integer(const FieldSpec& spec, const json& value, int& out) {
    double number = 0;
    if (!check_number(spec, value, number)) return false;
    if (std::floor(number) != number || std::fabs(number) > 1e9) {
      error(spec.name, "must be a whole number (got " + dump_json(value) + ")");
      return false;
    }
    out = static_cast<int>(number);
    return true;
  }

  void assign(const FieldSpec& spec, const json& value, std::string& out) {
    if (!value.is_string()) {
      error(spec.name, std::string("must be a string (got ") + describe_json(value) + ")");
      return;
    }
    out = value.get<std::string>();
    if (out.empty() && spec.req != Req::optional) error(spec.name, "must not be empty");
  }
  void assign(const FieldSpec& spec, const json& value, int& out) {
    int number = 0;
    if (check_integer(spec, value, number)) out = number;
  }
  void assign(const FieldSpec& spec, const json& value, double& out) {
    double number = 0;
    if (check_number(spec, value, number)) out = number;
  }
  void assign(const FieldSpec& spec, const json& value, std::optional<int>& out) {
    int number = 0;
    if (check_integer(spec, value, number)) out = number;
  }
  void assign(const FieldSpec& spec, const json& value, std::optional<double>& out) {
    double number = 0;
    if (check_number(spec, value, number)) out = number;
  }
  void assign(const FieldSpec& spec, const json& value, bool& out) {
    if (!value.is_boolean()) {
      error(spec.name, std::string("must be true or false (got ") + describe_json(value) + ")");
      return;
    }
    out = value.get<bool>();
  }
  void assign(const FieldSpec& spec, const json& value, std::vector<std::string>& out) {
    if (!value.is_array()) {
      error(spec.name, std::string("must be a list of URLs (got ") + describe_json(value) + ")");
      return;
    }
    for (const json& item : value) {
      if (!item.is_string()) {
        error(spec.name, std::string("every entry must be a URL string (got ") + describe_json(item) + ")");
        return;
      }
      const std::string url = item.get<std::string>();
      if (url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0) {
        error(spec.name, "'" + url + "' is not an http(s) URL");
        return;
      }
      out.push_back(url);
    }
  }

  const json& row_;
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
void check_invariants(const Gpu& gpu, RowReader& reader) {
  if (!kVendors.count(gpu.vendor)) {
    reader.error("vendor", "'" + gpu.vendor + "' is not one of NVIDIA, AMD, Intel");
  }
  if (!kLines.count(gpu.line)) {
    reader.error("line", "'" + gpu.line + "' is not one of geforce, workstation, datacenter");
  }
  if (!gpu.compute_capability.empty() && !is_compute_capability(gpu.compute_capability)) {
    reader.error("compute_capability", "'" + gpu.compute_capability + "' is not shaped like \"8.6\"");
  }
  if (gpu.fp64_tflops && gpu.fp32_tflops && *gpu.fp64_tflops > *gpu.fp32_tflops) {
    reader.error("fp64_tflops", "is larger than fp32_tflops; FP64 never runs faster than FP32");
  }
  if (kPreTensorArchitectures.count(gpu.architecture) && gpu.tensor_cores && *gpu.tensor_cores > 0) {
    reader.error("tensor_cores", gpu.architecture + " has no tensor cores; must be 0");
  }
  if (gpu.sources.empty()) reader.error("sources", "needs at least one source URL");
}

}  // namespace

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

  std::set<std::string> known_fields;
  for (const auto& spec : kFields) known_fields.insert(spec.name);
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
    RowReader reader(row, label, catalog.issues);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    Gpu gpu;
    const auto vendor = row.find("vendor");
    const bool is_nvidia = vendor != row.end() && vendor->is_string() && *vendor == "NVIDIA";
    for (const auto& spec : kFields) reader.read(spec, gpu, is_nvidia);
    for (const auto& item : row.items()) {
      if (!known_fields.count(item.key())) {
        reader.warning(item.key(), "is not a known field (see data/README.md); ignored");
      }
    }
    if (!gpu.id.empty() && !is_slug(gpu.id)) {
      reader.error("id", "'" + gpu.id + "' must be a slug: a-z, 0-9 and single dashes");
    }
    if (!gpu.id.empty() && seen_ids.count(gpu.id)) {
      reader.error("id", "duplicate id; ids must be unique");
    }
    if (!reader.failed()) check_invariants(gpu, reader);
    if (!reader.failed()) {
      seen_ids.insert(gpu.id);
      catalog.gpus.push_back(std::move(gpu));
    }
  }
  return catalog;
}

std::string catalog_to_json(const Catalog& catalog, int indent) {
  json rows = json::array();
  for (const Gpu& gpu : catalog.gpus) {
    json row = json::object();
    for (const auto& spec : kFields) {
      std::visit(
          [&](auto member) {
            const auto& value = gpu.*member;
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, std::optional<int>> ||
                          std::is_same_v<T, std::optional<double>>) {
              if (value) row[spec.name] = *value;
            } else if constexpr (std::is_same_v<T, std::string>) {
              if (!value.empty() || spec.req == Req::required) row[spec.name] = value;
            } else {
              row[spec.name] = value;
            }
          },
          spec.member);
    }
    rows.push_back(std::move(row));
  }
  json root = {{"schema_version", kSchemaVersionWritten}, {"gpus", std::move(rows)}};
  return dump_json(root, indent);
}

}  // namespace gpuwise
