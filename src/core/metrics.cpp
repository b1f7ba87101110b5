#include "metrics.h"

#include <cmath>
#include <set>

namespace gpuwise {
namespace {

// A figure only counts when it is a real, positive number; the loader already refuses
// 0 and NaN, but hand-built catalogs (tests, the UI's what-if) reach here too.
std::optional<double> usable(std::optional<double> value) {
  if (!value || !std::isfinite(*value) || *value <= 0) return std::nullopt;
  return value;
}
std::optional<double> usable_count(std::optional<int> value) {
  // tensor_cores == 0 is a real figure (pre-Volta: none), unlike a zero TFLOPS.
  if (!value || *value < 0) return std::nullopt;
  return static_cast<double>(*value);
}

// Per watt of board power: figures are per GPU, TDP per board (data/README.md).
std::optional<double> gflops_per_watt(std::optional<double> tflops, const Gpu& g) {
  if (!usable(tflops) || !(g.tdp_w > 0) || g.gpus_per_board < 1) return std::nullopt;
  return *tflops * 1000.0 * g.gpus_per_board / g.tdp_w;
}

const std::vector<RankingMetric> kMetrics = {
    {"fp16_tensor_tflops", "FP16 tensor", "TFLOPS", true,
     "Dense FP16 matrix throughput on tensor / matrix cores: the rate of mixed-precision training.",
     [](const Gpu& g) { return usable(g.fp16_tensor_tflops); }},
    {"bf16_tensor_tflops", "BF16 tensor", "TFLOPS", true,
     "Dense BF16 matrix throughput (Ampere, CDNA 2 and newer): the usual type for LLM training.",
     [](const Gpu& g) { return usable(g.bf16_tensor_tflops); }},
    {"tf32_tensor_tflops", "TF32 tensor", "TFLOPS", true,
     "Dense TF32 matrix throughput: what FP32 matrix math runs at on Ampere and newer.",
     [](const Gpu& g) { return usable(g.tf32_tensor_tflops); }},
    {"fp8_tensor_tflops", "FP8 tensor", "TFLOPS", true, "Dense FP8 matrix throughput (Ada, Hopper and newer).",
     [](const Gpu& g) { return usable(g.fp8_tensor_tflops); }},
    {"int8_tensor_tops", "INT8 tensor", "TOPS", true, "Dense INT8 matrix throughput, for quantised inference.",
     [](const Gpu& g) { return usable(g.int8_tensor_tops); }},
    {"fp16_tflops", "FP16", "TFLOPS", true, "FP16 on the vector (CUDA / stream) cores, without tensor cores.",
     [](const Gpu& g) { return usable(g.fp16_tflops); }},
    {"fp32_tflops", "FP32", "TFLOPS", true, "FP32 on the vector (CUDA / stream) cores.",
     [](const Gpu& g) { return usable(g.fp32_tflops); }},
    {"fp64_tflops", "FP64", "TFLOPS", true, "FP64 on the vector cores, for scientific computing.",
     [](const Gpu& g) { return usable(g.fp64_tflops); }},
    {"memory_bandwidth_gbs", "Memory bandwidth", "GB/s", true,
     "Peak memory bandwidth: bounds RNNs and LLM token generation.",
     [](const Gpu& g) { return usable(g.memory_bandwidth_gbs); }},
    {"vram_gb", "VRAM", "GB", true, "Memory per GPU: bounds model size and batch size.",
     [](const Gpu& g) { return usable(g.vram_gb); }},
    {"cuda_cores", "CUDA cores", "", true,
     "CUDA cores (NVIDIA) or stream processors (AMD); compare within one architecture only.",
     [](const Gpu& g) { return usable_count(g.cuda_cores); }},
    {"tensor_cores", "Tensor cores", "", true,
     "Number of tensor / matrix units (0 before Volta); their throughput is the FP16 tensor metric.",
     [](const Gpu& g) { return usable_count(g.tensor_cores); }},
    {"tdp_w", "TDP", "W", false, "Board power; a ranking by TDP lists the lowest power first.",
     [](const Gpu& g) { return usable(g.tdp_w); }},
    {"fp32_per_watt", "FP32 per watt", "GFLOPS/W", true,
     "fp32_tflops x 1000 x gpus_per_board / tdp_w: FP32 work per watt of board power.",
     [](const Gpu& g) { return gflops_per_watt(g.fp32_tflops, g); }},
    {"fp16_tensor_per_watt", "FP16 tensor per watt", "GFLOPS/W", true,
     "fp16_tensor_tflops x 1000 x gpus_per_board / tdp_w: training work per watt.",
     [](const Gpu& g) { return gflops_per_watt(g.fp16_tensor_tflops, g); }},
};

// NVIDIA architectures without BF16 and TF32 tensor formats (they arrived with Ampere).
const std::set<std::string> kNoBf16Architectures = {"Kepler", "Maxwell", "Pascal", "Volta", "Turing"};

}  // namespace

const std::vector<RankingMetric>& ranking_metrics() { return kMetrics; }

const RankingMetric* find_ranking_metric(std::string_view key) {
  for (const auto& metric : kMetrics) {
    if (key == metric.key) return &metric;
  }
  return nullptr;
}

MetricReading profile_metric_value(const RankingMetric& metric, const Gpu& gpu) {
  MetricReading reading;
  reading.value = metric.catalog_value(gpu);
  if (reading.value) return reading;

  const bool no_tensor_cores = gpu.tensor_cores.has_value() && *gpu.tensor_cores == 0;
  const bool no_bf16 = no_tensor_cores || (gpu.vendor == "NVIDIA" && kNoBf16Architectures.count(gpu.architecture));
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
