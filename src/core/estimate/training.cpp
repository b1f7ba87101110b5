#include "estimate/training.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "estimate/fit_support.h"

namespace gpuwise {
namespace {

constexpr double kParamsPerBillion = 1e9;  // the inputs count parameters in billions
constexpr double kFlopsPerTflop = 1e12;
constexpr double kGbsPerTbs = 1000;  // bandwidth: GB/s in the catalog, TB/s beside TFLOPS
// Training: forward (2) + backward (4) FLOPs per parameter per token; recomputing the
// activations (checkpointing) runs the forward pass once more: 8.
constexpr double kTrainFlopsPerParam = 6;
constexpr double kTrainFlopsPerParamRecompute = 8;
// Used only when the calibration holds neither the card's family nor a "default"
// (data/speed_calibration.json missing or refused): below the fitted default (MFU 0.30
// in the shipped file, docs/speed.md) so a broken calibration file makes every card look
// slower rather than faster. The low end of what well-tuned training reaches (0.35 to 0.55).
constexpr double kFallbackTrainMfu = 0.35;

double safe(double value) { return std::isfinite(value) && value > 0 ? value : 0; }

double tensor_parallel_share(int gpus) { return gpus <= 1 ? 1.0 : kTensorParallelEfficiency; }

struct TrainRow {
  const MeasuredResult* row;
  const Gpu* gpu;
  bool tf32;
};

std::vector<TrainRow> train_rows(const Catalog& catalog, const Benchmarks& benchmarks) {
  std::vector<TrainRow> out;
  for (const auto& r : benchmarks.results) {
    if (r.phase != "train" || r.outlier) continue;
    const int index = catalog.find(r.gpu_id);
    if (index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    const bool tf32 = r.precision == "fp32-tf32";
    if (!(train_peak_tflops(gpu, tf32) > 0) || !gpu.memory_bandwidth_gbs) continue;
    out.push_back({&r, &gpu, tf32});
  }
  return out;
}

// BERT-large SQuAD fine-tuning in mixed precision is the one Lambda workload whose FLOPs
// per sample are plain transformer arithmetic: 6 × 336M params × 384 tokens.
bool is_mfu_anchor(const MeasuredResult& r) { return r.model == "bert_large_squad" && r.precision == "amp-fp16"; }
// The row's MFU: measured tokens/s over what train_tokens_per_s() gives at an MFU of 1.
double anchor_mfu(const TrainRow& t) {
  SpeedCalibration full_utilisation;
  full_utilisation.train_mfu["default"] = 1;
  TrainInput bert;
  bert.params_b = bert.active_params_b = kBertLargeParams / kParamsPerBillion;
  const double at_full_utilisation = train_tokens_per_s(*t.gpu, bert, full_utilisation);
  return at_full_utilisation > 0 ? t.row->value * kSquadSequenceTokens / at_full_utilisation : 0;
}

// Training steps also stream activations and weights: a harmonic roofline of MFU × peak
// and bandwidth × kTrainFlopsPerByte (the workloads' typical arithmetic intensity).
double train_roofline_tflops(double compute_tflops, double bandwidth_gbs) {
  if (!(compute_tflops > 0) || !(bandwidth_gbs > 0)) return 0;
  return 1 / (1 / compute_tflops + 1 / (kTrainFlopsPerByte * bandwidth_gbs / kGbsPerTbs));
}

// Training: the card's MFU × peak orders it; each workload's FLOPs per sample is one
// scale, the median of measured / unscaled predicted over the calibration rows.
std::vector<SpeedCheckPoint> train_pairs(const std::vector<TrainRow>& rows, const std::string& set,
                                         const SpeedCalibration& cal, const std::vector<TrainRow>& scale_rows) {
  auto unscaled = [&](const TrainRow& t) {
    TrainInput one_card;
    one_card.tf32 = t.tf32;
    const double compute = train_flops_per_s(*t.gpu, one_card, cal) / kFlopsPerTflop;
    return train_roofline_tflops(compute, t.gpu->memory_bandwidth_gbs.value_or(0));
  };
  std::map<std::string, std::vector<double>> ratios;
  for (const auto& t : scale_rows) ratios[t.row->model + " " + t.row->precision].push_back(t.row->value / unscaled(t));
  std::vector<SpeedCheckPoint> pairs;
  for (const auto& t : rows) {
    if (t.row->set != set) continue;
    const std::string group = t.row->model + " " + t.row->precision;
    auto it = ratios.find(group);
    if (it == ratios.end()) continue;
    pairs.push_back({t.gpu->id, group, median(it->second) * unscaled(t), t.row->value});
  }
  return pairs;
}

}  // namespace

// [SECTION] Estimate
double train_peak_tflops(const Gpu& gpu, bool tf32) {
  if (tf32) return gpu.tf32_tensor_tflops.value_or(gpu.fp32_tflops.value_or(0));
  if (gpu.fp16_tensor_tflops) return *gpu.fp16_tensor_tflops;
  if (gpu.bf16_tensor_tflops) return *gpu.bf16_tensor_tflops;
  // No tensor cores: mixed precision runs at the vector FP16 rate where it is fast.
  return std::max(gpu.fp16_tflops.value_or(0), gpu.fp32_tflops.value_or(0));
}

double train_flops_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& cal) {
  if (input.gpus < 1) return 0;
  const double mfu = SpeedCalibration::factor(cal.train_mfu, efficiency_family(gpu), kFallbackTrainMfu);
  const double gpus = input.gpus * tensor_parallel_share(input.gpus);
  return safe(mfu * train_peak_tflops(gpu, input.tf32) * kFlopsPerTflop * gpus);
}

double train_tokens_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& cal) {
  const double active = std::isfinite(input.active_params_b) && input.active_params_b > 0 ? input.active_params_b
                                                                                          : input.params_b;
  if (!std::isfinite(active) || active <= 0 || input.gpus < 1) return 0;
  const double flops_per_token =
      (input.recompute ? kTrainFlopsPerParamRecompute : kTrainFlopsPerParam) * active * kParamsPerBillion;
  return safe(train_flops_per_s(gpu, input, cal) / flops_per_token);
}

// [SECTION] Calibration
void fit_train_mfu(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_set,
                   const std::string& exclude_gpu, SpeedCalibration& cal) {
  // Training: MFU of BERT-large fine-tuning per family.
  std::map<std::string, FamilyValues> mfu;
  for (const auto& t : train_rows(catalog, benchmarks)) {
    if (is_mfu_anchor(*t.row) && !held_out(*t.row, exclude_set, exclude_gpu)) {
      mfu[efficiency_family(*t.gpu)].add(*t.gpu, anchor_mfu(t));
    }
  }
  fill_medians(mfu, "train_mfu", cal.train_mfu, cal.samples);
}

// [SECTION] Checking
void append_train_checks(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& all,
                         std::vector<SpeedCheck>& out) {
  const std::vector<TrainRow> train = train_rows(catalog, benchmarks);
  std::vector<std::string> sets;
  for (const auto& t : train) {
    if (std::find(sets.begin(), sets.end(), t.row->set) == sets.end()) sets.push_back(t.row->set);
  }
  for (const auto& set : sets) {
    out.push_back(summarise(set, "train", "in-sample", train_pairs(train, set, all, train)));
    const SpeedCalibration without_set = fit_speed_calibration(catalog, benchmarks, set);
    std::vector<TrainRow> others;
    for (const auto& t : train) {
      if (t.row->set != set) others.push_back(t);
    }
    out.push_back(summarise(set, "train", "leave-one-set-out", train_pairs(train, set, without_set, others)));
  }
}

}  // namespace gpuwise
