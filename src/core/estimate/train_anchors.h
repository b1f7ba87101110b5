// Measured first, for training: a card whose own PyTorch training was measured (Lambda's
// BERT and Transformer-XL runs, data/benchmarks.json) trains at the speed those runs show
// against the cards the LLM efficiency was fitted on, not at its paper rate. The order of
// two measured cards is then the measured order (an RTX 3090 beats an RTX A5000, although
// the A5000's printed tensor rate is 1.56x the 3090's). A card without runs takes the factor
// of the measured card of its class (architecture and line: GeForce, workstation or data
// centre) nearest in printed compute and bandwidth, so an RTX 3090 Ti follows the RTX 3090.
// docs/speed.md, "Training: measured first", says how the factor is taken.
#pragma once
#include <optional>
#include <string>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/speed.h"
#include "estimate/training.h"

namespace gpuwise {

// Fills calibration.train's anchors and workload scales from the Lambda runs, leaving out
// `exclude_gpu`'s runs (empty: none). The LLM part of calibration.train must be fitted first:
// the factors are taken against its estimates.
void fit_train_anchors(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_gpu,
                       SpeedCalibration& calibration);

// The anchor of a card (its own runs, or the nearest measured card of its class); nullptr
// when neither exists or the card's own LLM runs set its efficiency.
const TrainAnchor* train_anchor_of(const Gpu& gpu, const TrainCalibration& calibration);
std::string train_anchor_class(const Gpu& gpu);  // "Ampere/geforce"
std::string vision_band_key(const Gpu& gpu);     // "pytorch/NVIDIA/vision"
// No anchor lifts a card's efficiency above this share of its full-rate tensor peak (the
// FP16-accumulate rate on GeForce cards, which PyTorch's reduced-precision reductions may
// use): the best public training runs reach about 0.6 of it.
constexpr double kMaxAnchoredMfu = 0.75;

// A Lambda workload ("resnet50", "bert_large_squad", ...) at "amp-fp16" or "fp32-tf32" on
// one card, in the workload's unit (images/s, sequences/s, tokens/s). Measured first: the
// median of the card's own runs of it where it has some (the band their spread), else the
// anchored training FLOP/s times the workload's fitted scale, with the band of how far the
// measured cards fall from that (train.bands "pytorch/<vendor>/vision"). With a catalog,
// between the two: the measured card of the same architecture nearest in training FLOP/s,
// scaled by the two cards' training estimates. 0 with `source` saying why when the card
// lacks a figure or the workload has no scale.
struct VisionTrainEstimate {
  double per_s = 0;
  bool measured = false;  // the card's own runs
  int runs = 0;
  Band band;
  TemplateText source;
};
VisionTrainEstimate estimate_vision_training(const Gpu& gpu, const std::string& workload, const std::string& precision,
                                             const SpeedCalibration& calibration, const Benchmarks* benchmarks,
                                             const Catalog* catalog = nullptr);

}  // namespace gpuwise
