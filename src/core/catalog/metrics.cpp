#include "catalog/metrics.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "text/stable_sort.h"
#include "text/table_view.h"

namespace gpuwise {
namespace {

// A figure only counts when it is a real, positive number; the loader already refuses
// 0 and NaN, but hand-built catalogs (tests, the UI's what-if) reach here too.
std::optional<double> usable(std::optional<double> value) {
  if (!value || !std::isfinite(*value) || *value <= 0) return std::nullopt;
  return value;
}
// A count of units may be 0 (tensor_cores before Volta: none), unlike a zero TFLOPS.
std::optional<double> usable_count(std::optional<double> value) {
  if (!value || *value < 0) return std::nullopt;
  return value;
}

// Per watt of board power: figures are per GPU, TDP per board (data/README.md).
std::optional<double> gflops_per_watt(std::optional<double> tflops, const Gpu& g) {
  if (!usable(tflops) || !(g.tdp_w.value_or(0) > 0) || g.gpus_per_board < 1) return std::nullopt;
  return *tflops * 1000.0 * g.gpus_per_board / *g.tdp_w;
}

std::vector<RankingMetric> build_metrics() {
  std::vector<const GpuField*> rankable;
  for (const GpuField& field : gpu_fields()) {
    if (field.rank_position > 0) rankable.push_back(&field);
  }
  stable_sort_rows(rankable, [](const GpuField* a, const GpuField* b) { return a->rank_position < b->rank_position; });
  std::vector<RankingMetric> metrics;
  for (const GpuField* field : rankable) {
    metrics.push_back({field->key, field->label, field->unit, field->higher_is_better, field->description, field, false});
  }
  // Derived figures: their label and unit are their own, the figure divided is the table's.
  metrics.push_back({"fp32_per_watt", "FP32 per watt", "GFLOPS/W", true,
                     "fp32_tflops x 1000 x gpus_per_board / tdp_w: FP32 work per watt of board power.",
                     find_gpu_field("fp32_tflops"), true});
  metrics.push_back({"fp16_tensor_per_watt", "FP16 tensor per watt", "GFLOPS/W", true,
                     "fp16_tensor_tflops x 1000 x gpus_per_board / tdp_w: training work per watt.",
                     find_gpu_field("fp16_tensor_tflops"), true});
  return metrics;
}

const std::vector<RankingMetric>& metrics_table() {
  static const std::vector<RankingMetric> metrics = build_metrics();
  return metrics;
}

// NVIDIA architectures without BF16 and TF32 tensor formats (they arrived with Ampere).
constexpr const char* kNoBf16Architectures[] = {"Kepler", "Maxwell", "Pascal", "Volta", "Turing"};

}  // namespace

std::optional<double> RankingMetric::catalog_value(const Gpu& gpu) const {
  const std::optional<double> value = figure->number(gpu);
  if (per_watt) return gflops_per_watt(value, gpu);
  return figure->whole_number ? usable_count(value) : usable(value);
}

const std::vector<RankingMetric>& ranking_metrics() { return metrics_table(); }

const RankingMetric* find_ranking_metric(std::string_view key) {
  for (const auto& metric : metrics_table()) {
    if (key == metric.key) return &metric;
  }
  return nullptr;
}

MetricReading profile_metric_value(const RankingMetric& metric, const Gpu& gpu) {
  MetricReading reading;
  reading.value = metric.catalog_value(gpu);
  if (reading.value) return reading;

  const bool no_tensor_cores = gpu.tensor_cores.has_value() && *gpu.tensor_cores == 0;
  const bool no_bf16 = no_tensor_cores || (gpu.vendor == "NVIDIA" && contains_word(kNoBf16Architectures, gpu.architecture));
  const std::optional<double> fp32 = usable(gpu.fp32_tflops);
  const std::string_view key = metric.key;  // no copy: ranking calls this per card and metric
  if (no_tensor_cores && key == "fp16_tflops" && fp32) {
    reading = {fp32, true, "no fast FP16: FP32 rate"};
  } else if (no_tensor_cores && key == "fp16_tensor_tflops") {
    if (auto fp16 = usable(gpu.fp16_tflops)) reading = {fp16, true, "no tensor cores: FP16 vector rate"};
    else if (fp32) reading = {fp32, true, "no tensor cores: FP32 rate"};
  } else if (no_bf16 && (key == "bf16_tensor_tflops" || key == "tf32_tensor_tflops") && fp32) {
    reading = {fp32, true, no_tensor_cores ? "no tensor cores: FP32 rate" : "no BF16/TF32 units: FP32 rate"};
  }
  return reading;
}

}  // namespace gpuwise
