#include "estimate/train_anchors.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "estimate/fit_support.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

constexpr double kFlopsPerTflop = 1e12;
// Lambda's rows are single-GPU PyTorch runs; the mixed-precision ones speak for BF16 / FP16
// training, the TF32 ones for FP32 training.
constexpr const char* kMixedPrecision = "amp-fp16";

bool is_lambda_row(const MeasuredResult& r) {
  return r.phase == "train" && !r.outlier && r.gpus == 1 && r.set.rfind("lambda-pytorch-train", 0) == 0 &&
         (r.precision == kMixedPrecision || r.precision == "fp32-tf32");
}

TrainPrecision lambda_precision(const std::string& precision) {
  return precision == kMixedPrecision ? TrainPrecision::fp16 : TrainPrecision::tf32;
}

// The model's training FLOP/s of one card at the precision, before any anchor: the
// efficiency (measured family or floor) times the peak.
double model_flops(const Gpu& gpu, TrainPrecision precision, const SpeedCalibration& unanchored) {
  TrainInput one_card;
  one_card.precision = precision;
  return train_flops_per_s(gpu, one_card, unanchored);
}

struct Run {
  const MeasuredResult* row;
  const Gpu* gpu;
};

std::string workload_of(const MeasuredResult& r) { return r.set + "|" + r.model; }

// The workloads a card's LLM-training factor rests on: the transformers (their matrix
// products dominate, as in an LLM), not the CNNs and speech models, whose convolutions and
// small layers lean on memory bandwidth and would carry a card without fast tensor cores
// far above what it trains an LLM at (a GTX 1080 Ti came out at 4.7x its model).
bool transformer_workload(const std::string& model) {
  return model.rfind("transformerxl", 0) == 0 || model.rfind("bert_", 0) == 0;
}
bool has_tensor_cores(const Gpu& gpu) { return gpu.fp16_tensor_tflops || gpu.bf16_tensor_tflops; }


}  // namespace

std::string train_anchor_class(const Gpu& gpu) { return training_family(gpu) + "/" + gpu.line; }

const TrainAnchor* train_anchor_of(const Gpu& gpu, const TrainCalibration& cal) {
  auto it = cal.card_anchors.find(gpu.id);
  if (it == cal.card_anchors.end() || it->second.workloads <= 0) return nullptr;
  return &it->second;
}

void fit_train_anchors(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_gpu,
                       SpeedCalibration& calibration) {
  TrainCalibration& cal = calibration.train;
  cal.card_anchors.clear();
  cal.workload_scale.clear();
  SpeedCalibration unanchored = calibration;

  // The references: cards whose own LLM training runs the efficiencies were fitted on.
  std::set<std::string> references;
  for (const auto& [family, measured] : cal.measured) {
    for (const std::string& name : measured.cards) {
      for (const Gpu& gpu : catalog.gpus) {
        if (gpu.name == name && gpu.id != exclude_gpu) references.insert(gpu.id);
      }
    }
  }
  std::vector<Run> runs;
  for (const MeasuredResult& r : benchmarks.results) {
    if (!is_lambda_row(r) || r.gpu_id == exclude_gpu || !(r.value > 0)) continue;
    const int index = catalog.find(r.gpu_id);
    if (index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    if (gpu.vendor != "NVIDIA" || !(model_flops(gpu, lambda_precision(r.precision), unanchored) > 0)) continue;
    runs.push_back({&r, &gpu});
  }
  // Per workload (set and model, mixed precision), the references' runs.
  std::map<std::string, std::vector<const Run*>> reference_runs;
  for (const Run& run : runs) {
    if (run.row->precision == kMixedPrecision && transformer_workload(run.row->model) && references.count(run.gpu->id)) {
      reference_runs[workload_of(*run.row)].push_back(&run);
    }
  }
  // A card's factor: the median over its workloads and the references measured on them of
  // (its speed / the reference's) / (its model FLOP/s / the reference's).
  std::map<std::string, std::vector<double>> ratios;
  std::map<std::string, std::set<std::string>> workloads;
  for (const Run& run : runs) {
    if (run.row->precision != kMixedPrecision || references.count(run.gpu->id) || !has_tensor_cores(*run.gpu)) continue;
    auto refs = reference_runs.find(workload_of(*run.row));
    if (refs == reference_runs.end()) continue;
    const double own_model = model_flops(*run.gpu, TrainPrecision::fp16, unanchored);
    for (const Run* ref : refs->second) {
      const double ref_model = model_flops(*ref->gpu, TrainPrecision::fp16, unanchored);
      const double ratio = (run.row->value / ref->row->value) / (own_model / ref_model);
      if (std::isfinite(ratio) && ratio > 0) {
        ratios[run.gpu->id].push_back(ratio);
        workloads[run.gpu->id].insert(run.row->model);
      }
    }
  }
  // Own factors; the references keep theirs (1: their own LLM runs).
  std::map<std::string, std::vector<const Gpu*>> classes;  // measured cards by class
  for (const Gpu& gpu : catalog.gpus) {
    if (references.count(gpu.id)) {
      cal.card_anchors[gpu.id] = TrainAnchor{1, 0, gpu.name, true};
      classes[train_anchor_class(gpu)].push_back(&gpu);
      continue;
    }
    auto it = ratios.find(gpu.id);
    if (it == ratios.end()) continue;
    cal.card_anchors[gpu.id] = TrainAnchor{median(it->second), static_cast<int>(workloads[gpu.id].size()), gpu.name, true};
    classes[train_anchor_class(gpu)].push_back(&gpu);
  }
  // Cards without runs: the measured card of their class nearest in printed tensor rate and
  // bandwidth (a 3090 Ti is a 3090's die at higher clocks, not an RTX 3070).
  auto distance = [&](const Gpu& a, const Gpu& b) {
    const double pa = train_peak_tflops(a, TrainPrecision::fp16), pb = train_peak_tflops(b, TrainPrecision::fp16);
    const double ba = a.memory_bandwidth_gbs.value_or(0), bb = b.memory_bandwidth_gbs.value_or(0);
    if (!(pa > 0 && pb > 0 && ba > 0 && bb > 0)) return HUGE_VAL;
    return std::fabs(std::log(pa / pb)) + std::fabs(std::log(ba / bb));
  };
  for (const Gpu& gpu : catalog.gpus) {
    if (cal.card_anchors.count(gpu.id) || gpu.id == exclude_gpu || !has_tensor_cores(gpu)) continue;
    auto members = classes.find(train_anchor_class(gpu));
    if (members == classes.end()) continue;
    const Gpu* nearest = nullptr;
    for (const Gpu* member : members->second) {
      if (distance(gpu, *member) < HUGE_VAL && (!nearest || distance(gpu, *member) < distance(gpu, *nearest))) nearest = member;
    }
    if (!nearest) continue;
    TrainAnchor borrowed = cal.card_anchors[nearest->id];
    if (borrowed.workloads <= 0) continue;  // a reference: the family's efficiency already speaks for it
    borrowed.own = false;
    cal.card_anchors[gpu.id] = borrowed;
  }
  // Each workload's throughput per anchored training TFLOP/s: the vision-training estimate.
  std::map<std::string, std::vector<double>> scales;
  for (const Run& run : runs) {
    const double flops = model_flops(*run.gpu, lambda_precision(run.row->precision), calibration);
    if (flops > 0) scales[run.row->model + "/" + run.row->precision].push_back(run.row->value / (flops / kFlopsPerTflop));
  }
  for (const auto& [key, values] : scales) cal.workload_scale[key] = median(values);
  // How far each card's runs fall from scale x its anchored FLOP/s: the band of a card
  // without runs of its own (10th and 90th percentiles, per vendor).
  std::map<std::string, std::vector<double>> residuals;
  for (const Run& run : runs) {
    const VisionTrainEstimate e = estimate_vision_training(*run.gpu, run.row->model, run.row->precision, calibration, nullptr);
    if (e.per_s > 0) residuals[vision_band_key(*run.gpu)].push_back(run.row->value / e.per_s);
  }
  for (auto& [key, values] : residuals) {
    stable_sort_rows(values);
    Band band;
    band.class_key = key;
    band.samples = static_cast<int>(values.size());
    band.low_ratio = std::min(1.0, percentile(values, 0.1));
    band.high_ratio = std::max(1.0, percentile(values, 0.9));
    cal.bands[key] = band;
  }
}

VisionTrainEstimate estimate_vision_training(const Gpu& gpu, const std::string& workload, const std::string& precision,
                                             const SpeedCalibration& calibration, const Benchmarks* benchmarks,
                                             const Catalog* catalog) {
  VisionTrainEstimate out;
  std::vector<double> own;
  if (benchmarks) {
    for (const MeasuredResult& r : benchmarks->results) {
      if (is_lambda_row(r) && r.gpu_id == gpu.id && r.model == workload && r.precision == precision) own.push_back(r.value);
    }
  }
  if (!own.empty()) {
    out.per_s = median(own);
    out.measured = true;
    out.runs = static_cast<int>(own.size());
    out.band.class_key = "measured/" + gpu.id;
    out.band.samples = out.runs;
    out.band.low_ratio = std::min(1.0, *std::min_element(own.begin(), own.end()) / out.per_s);
    out.band.high_ratio = std::max(1.0, *std::max_element(own.begin(), own.end()) / out.per_s);
    out.source = {I18N("measured: Lambda's PyTorch runs of this card ({0})"), {std::to_string(out.runs)}};
    return out;
  }
  TrainInput one_card;
  one_card.precision = lambda_precision(precision);
  const TrainEstimate e = estimate_training(gpu, one_card, calibration);
  out.source = e.source;
  const double tflops = e.tokens_per_s_per_gpu * e.flops_per_token / kFlopsPerTflop;
  // One year apart outweighs any gap in FLOP/s (|log ratio| stays under 10).
  constexpr double kYearDistance = 10;
  // Measured first: the measured card most like this one (of its vendor), scaled by the
  // two cards' training estimates. Most like: the same architecture and line (GeForce, workstation,
  // data centre), else the same line, else the same architecture; among those the nearest
  // generation, then the nearest in training FLOP/s. What the estimate gets wrong about a design (the workload is not all
  // matrix products) cancels: an H200 reads near the measured H100 SXM, a GB200 near the
  // measured B200, an RTX 3090 Ti near the measured 3090, an RTX 5090 from the 4090.
  if (benchmarks && catalog && std::isfinite(tflops) && tflops > 0) {
    std::map<std::string, std::vector<double>> measured;
    for (const MeasuredResult& r : benchmarks->results) {
      if (is_lambda_row(r) && r.model == workload && r.precision == precision && r.gpu_id != gpu.id) {
        measured[r.gpu_id].push_back(r.value);
      }
    }
    const Gpu* nearest = nullptr;
    double nearest_tflops = 0, nearest_distance = 0;
    int nearest_kinship = 0;
    double nearest_own = 0;  // this card's figure on the same footing as nearest_tflops
    for (const auto& [id, values] : measured) {
      const int index = catalog->find(id);
      if (index < 0) continue;
      const Gpu* other = &catalog->gpus[static_cast<std::size_t>(index)];
      // Another vendor's card runs other software (ROCm, not CUDA): not a measure of this one.
      if (other->vendor != gpu.vendor) continue;
      const bool same_architecture = efficiency_family(*other) == efficiency_family(gpu);
      const bool same_line = other->line == gpu.line;
      const int kinship = same_architecture && same_line ? 3 : same_line ? 2 : same_architecture ? 1 : 0;
      if (kinship == 0 || kinship < nearest_kinship) continue;
      // Within an architecture the estimates' ratio; across architectures the peaks' (each
      // family's fitted efficiency rests on other lines' cards: B200s, not RTX 5090s).
      const TrainEstimate o = estimate_training(*other, one_card, calibration);
      const double other_tflops = same_architecture ? o.tokens_per_s_per_gpu * o.flops_per_token / kFlopsPerTflop
                                                    : train_peak_tflops(*other, one_card.precision);
      const double own_tflops = same_architecture ? tflops : train_peak_tflops(gpu, one_card.precision);
      if (!std::isfinite(other_tflops) || other_tflops <= 0 || !(own_tflops > 0)) continue;
      // Across architectures the nearest generation first (an RTX 5080 from the RTX 4090,
      // not from a TITAN RTX of like FLOP/s), then the nearest in FLOP/s.
      const double years = same_architecture ? 0 : std::abs(other->release_year - gpu.release_year);
      const double distance = years * kYearDistance + std::fabs(std::log(other_tflops / own_tflops));
      if (!nearest || kinship > nearest_kinship || distance < nearest_distance) {
        nearest = other, nearest_tflops = other_tflops, nearest_distance = distance, nearest_kinship = kinship;
        nearest_own = own_tflops;
      }
    }
    if (nearest) {
      out.per_s = median(measured[nearest->id]) * nearest_own / nearest_tflops;
      auto band = calibration.train.bands.find(vision_band_key(gpu));
      out.band = band != calibration.train.bands.end() ? band->second : e.band;
      out.source = {I18N("scaled from the measured {0} by the training estimate"), {nearest->name}};
      return out;
    }
  }
  auto scale = calibration.train.workload_scale.find(workload + "/" + precision);
  if (scale == calibration.train.workload_scale.end()) {
    out.source = {I18N("no measured runs of {0} to scale from"), {workload}};
    return out;
  }
  auto band = calibration.train.bands.find(vision_band_key(gpu));
  if (band != calibration.train.bands.end()) {
    out.band = band->second;
  } else {
    out.band = e.band;
  }
  if (std::isfinite(tflops) && tflops > 0) out.per_s = scale->second * tflops;
  return out;
}

std::string vision_band_key(const Gpu& gpu) { return "pytorch/" + gpu.vendor + "/vision"; }

}  // namespace gpuwise
