// The GPU catalog: plain structs loaded from data/gpus.json (format: data/README.md).
// Loading never throws: every problem becomes a CatalogIssue naming the row and the
// field, and rows without errors still load.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuwise {

// One GPU row; its members are the lines of gpu_fields.inc (type, name, default), whose
// comments say what each holds. Figures are per GPU, TDP and price per board.
struct Gpu {
#define GPU_FIELD(type, name, init, spec) type name = init;
#include "catalog/gpu_fields.inc"
#undef GPU_FIELD
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
  // A compact file (data_details.h): notes and sources are in the details file, so
  // they are empty here until it is merged in.
  bool details_elsewhere = false;
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

// What a row is (gpus.json `kind`): "card", "module", "system" -> "Card", "Module",
// "System" (a machine with unified memory; English, the UI translates).
const std::vector<std::string>& kind_keys();
const char* kind_label(std::string_view kind);
// The GPU shares its memory with the CPU (gpu_memory_share_pct is given): Apple M-series,
// DGX Spark, Jetson, Ryzen AI Max, MI300A. The "unified memory" filter keeps these.
bool has_unified_memory(const Gpu& gpu);
// A whole machine: its launch and street prices are the machine's, not a card's.
bool price_is_for_machine(const Gpu& gpu);
// What the catalog, ranking and ROI say about such a row (an I18N sentence).
const char* machine_price_note();
// The row lists this stack key in `software` ("cuda", "pytorch-mps").
bool has_stack(const Gpu& gpu, std::string_view stack_key);

// True for ids shaped like `rtx-3090`: a-z, 0-9 and single inner dashes.
bool is_slug(std::string_view id);

}  // namespace gpuwise
