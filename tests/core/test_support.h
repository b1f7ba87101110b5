// Helpers shared by the core tests: a valid catalog row to break one field at a time,
// and the shipped data files.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "text/json_util.h"
#include "money/prices.h"
#include "estimate/image.h"
#include "estimate/speed.h"

namespace gpuwise::test {

inline json valid_row(const std::string& id = "rtx-3090") {
  return json{{"id", id},
              {"name", "GeForce RTX 3090"},
              {"vendor", "NVIDIA"},
              {"line", "geforce"},
              {"series", "GeForce 30"},
              {"architecture", "Ampere"},
              {"compute_capability", "8.6"},
              {"release_year", 2020},
              {"vram_gb", 24},
              {"memory_type", "GDDR6X"},
              {"memory_bus_bits", 384},
              {"memory_bandwidth_gbs", 936},
              {"fp32_tflops", 35.58},
              {"fp64_tflops", 0.556},
              {"fp16_tensor_tflops", 71.2},
              {"cuda_cores", 10496},
              {"tensor_cores", 328},
              {"tdp_w", 350},
              {"interface", "PCIe 4.0 x16"},
              {"nvlink", true},
              {"kind", "card"},
              {"software", {"cuda", "pytorch-cuda", "llama-cpp"}},
              {"launch_price_usd", 1499},
              {"sources", {"https://www.nvidia.com/en-us/geforce/graphics-cards/30-series/rtx-3090-3090ti/"}}};
}

// A unified-memory machine as data/gpus.json writes one (a Mac Studio M2 Ultra 192 GB).
inline json system_row(const std::string& id = "mac-studio") {
  json row = valid_row(id);
  row["name"] = "Apple M2 Ultra (76-core GPU, 192 GB)";
  row["vendor"] = "Apple";
  row["line"] = "workstation";
  row["series"] = "Apple M2";
  row["architecture"] = "Apple GPU (M2)";
  row.erase("compute_capability");
  row.erase("fp16_tensor_tflops");
  row.erase("fp64_tflops");
  row["vram_gb"] = 192;
  row["memory_type"] = "LPDDR5";
  row["memory_bandwidth_gbs"] = 800;
  row["fp32_tflops"] = 27.2;
  row["tdp_w"] = 295;
  row["nvlink"] = false;
  row["kind"] = "system";
  row["gpu_memory_share_pct"] = 75;
  row["software"] = {"metal", "mlx", "llama-cpp", "pytorch-mps"};
  row["launch_price_usd"] = 3999;
  return row;
}

inline std::string catalog_text(const json& rows) {
  return dump_json(json{{"schema_version", 1}, {"gpus", rows}});
}

inline std::string read_source_file(const std::string& relative_path) {
  std::ifstream in(std::string(GPUWISE_SOURCE_DIR) + "/" + relative_path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The shipped data files, loaded once per test binary.
inline const Catalog& shipped_catalog() {
  static const Catalog catalog = load_catalog(read_source_file("data/gpus.json"));
  return catalog;
}
inline const Compat& shipped_compat() {
  static const Compat compat = load_compat(read_source_file("data/cuda.json"));
  return compat;
}
inline const SoftwareTable& shipped_software() {
  static const SoftwareTable table = load_software(read_source_file("data/software.json"));
  return table;
}
inline const PriceBook& shipped_prices() {
  static const PriceBook book = load_prices(read_source_file("data/prices.json"), shipped_catalog());
  return book;
}
inline const Benchmarks& shipped_benchmarks() {
  static const Benchmarks b = load_benchmarks(read_source_file("data/benchmarks.json"), shipped_catalog());
  return b;
}
inline const SpeedCalibration& shipped_calibration() {
  static const SpeedCalibration cal = [] {
    std::vector<CatalogIssue> issues;  // "the shipped calibration loads" (test_speed.cpp) checks them
    return load_speed_calibration(read_source_file("data/speed_calibration.json"), issues);
  }();
  return cal;
}

inline const ImageCalibration& shipped_image_calibration() {
  static const ImageCalibration cal = [] {
    std::vector<CatalogIssue> issues;  // test_image.cpp's "the shipped image calibration" checks them
    return load_image_calibration(read_source_file("data/image_calibration.json"), issues);
  }();
  return cal;
}

// Round efficiency factors for hand-worked speed and job-cost cases: half the bandwidth
// for decode, 40 % / 50 % of peak for quantised / 16-bit prefill, 40 % MFU for training.
inline SpeedCalibration round_calibration() {
  SpeedCalibration cal;
  cal.decode_bandwidth["default"] = 0.5;
  cal.prefill_quantised["default"] = 0.4;
  cal.prefill_16bit["default"] = 0.5;
  cal.train.mfu["default/bf16"] = 0.4;
  return cal;
}

}  // namespace gpuwise::test
