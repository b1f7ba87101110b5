// The GPU catalog: plain structs loaded from data/gpus.json (format: data/README.md).
// Loading never throws: every problem becomes a CatalogIssue naming the row and the
// field, and rows without errors still load.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuwise {

struct Gpu {
  std::string id;
  std::string name;
  std::string vendor;        // NVIDIA, AMD, Intel
  std::string line;          // geforce, workstation, datacenter
  std::string series;
  std::string architecture;
  std::string compute_capability;  // "8.6"; empty for non-NVIDIA
  int release_year = 0;
  double vram_gb = 0;
  int gpus_per_board = 1;
  std::string memory_type;
  std::optional<int> memory_bus_bits;
  double memory_bandwidth_gbs = 0;
  std::optional<double> fp32_tflops;  // absent only where the vendor publishes none (Gaudi 2)
  std::optional<double> fp64_tflops;
  std::optional<double> fp16_tflops;
  std::optional<double> fp16_tensor_tflops;
  std::optional<double> bf16_tensor_tflops;
  std::optional<double> tf32_tensor_tflops;
  std::optional<double> fp8_tensor_tflops;
  std::optional<double> int8_tensor_tops;
  std::optional<int> cuda_cores;
  std::optional<int> tensor_cores;
  double tdp_w = 0;
  std::string interface;
  bool nvlink = false;
  std::optional<double> launch_price_usd;
  std::vector<std::string> sources;
  std::string notes;
};

struct CatalogIssue {
  enum class Severity { error, warning };
  Severity severity = Severity::error;
  std::string row;    // "rtx-3090" or "#12" when the row has no usable id; empty for file-level
  std::string field;  // empty when the problem is not one field's
  std::string message;

  // "error: row 'rtx-3090', field 'vram_gb': must be a number > 0 (got -24)"
  std::string to_string() const;
};

struct Catalog {
  int schema_version = 0;
  std::vector<Gpu> gpus;
  std::vector<CatalogIssue> issues;

  int error_count() const;
  int warning_count() const;
  // Index of the GPU with this id, or -1.
  int find(std::string_view id) const;
};

// Parses and validates the text of a gpus.json file.
Catalog load_catalog(std::string_view json_text);

// The loaded catalog as JSON text with the same fields as data/gpus.json
// (absent optionals stay absent), for `gpuwise catalog --json`.
std::string catalog_to_json(const Catalog& catalog, int indent = 2);

// The product lines as buyers name them: "geforce" -> "Consumer" (GeForce, TITAN,
// Radeon RX), "workstation" -> "Workstation", "datacenter" -> "Data centre".
const std::vector<std::string>& line_keys();
const char* line_label(std::string_view line);

// True for ids shaped like `rtx-3090`: a-z, 0-9 and single inner dashes.
bool is_slug(std::string_view id);

}  // namespace gpuwise
