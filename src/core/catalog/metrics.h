// The figures a ranking can weigh: the rankable rows of the GPU field table
// (gpu_fields.inc, in their rank order) and two derived per-watt figures built on the
// table's rows. The ranking tab's metric menu and weight table read this one list.
// Method: docs/ranking.md.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/gpu_fields.h"

namespace gpuwise {

struct RankingMetric {
  const char* key;          // "fp16_tensor_tflops": a gpus.json field, or a derived figure
  const char* label;        // English, e.g. "FP16 tensor"
  const char* unit;         // "TFLOPS", "GB/s", "GFLOPS/W"
  bool higher_is_better;    // false only for tdp_w: a TDP ranking lists the lowest power first
  const char* description;  // one sentence for a tooltip
  const GpuField* figure;   // the table row read (for a per-watt metric, the row divided)
  bool per_watt = false;    // figure x 1000 x gpus_per_board / tdp_w (GFLOPS/W from TFLOPS)

  // The catalog's figure; absent when the catalog has none (never 0 for "unknown").
  std::optional<double> catalog_value(const Gpu& gpu) const;
};

const std::vector<RankingMetric>& ranking_metrics();
const RankingMetric* find_ranking_metric(std::string_view key);

// What a workload profile uses for one metric of one card.
struct MetricReading {
  std::optional<double> value;
  // True when the card lacks the hardware and `value` is the rate it really runs that
  // math at (a card without tensor cores multiplies matrices on its vector units).
  bool estimated = false;
  const char* estimate_note = "";  // "no tensor cores: FP32 rate"
};

// The catalog figure, or for hardware the card is known to lack, its fallback rate:
//   no tensor cores (tensor_cores == 0):
//     fp16_tflops        <- fp32_tflops (no fast FP16: FP16 work runs at the FP32 rate)
//     fp16_tensor_tflops <- fp16_tflops if published, else fp32_tflops
//   no BF16/TF32 units (the above, or NVIDIA Kepler ... Turing, including Volta):
//     bf16_tensor_tflops, tf32_tensor_tflops <- fp32_tflops
// Everything else absent stays absent ("unknown", handled by the ranking rule).
MetricReading profile_metric_value(const RankingMetric& metric, const Gpu& gpu);

}  // namespace gpuwise
