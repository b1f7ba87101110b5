// How fast a card trains a language model: tokens/s from the FLOPs per token (6, or 8
// with recomputed activations, × active parameters) at a model-FLOPs utilisation (MFU)
// fitted per architecture family, and the training part of the speed check. Formulas,
// calibration and the measured accuracy: docs/speed.md, "Training".
//
// [SECTION] Estimate     train_tokens_per_s(), train_flops_per_s(), the peak it uses
// [SECTION] Calibration  the MFU fit (SpeedCalibration::train_mfu)
// [SECTION] Checking     training rows of check_speed()
#pragma once
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/speed.h"

namespace gpuwise {

// [SECTION] Estimate

constexpr double kTrainFlopsPerByte = 10;      // arithmetic intensity of the checked training steps (roofline)
constexpr double kSquadSequenceTokens = 384;    // BERT SQuAD fine-tuning sequence length
constexpr double kBertLargeParams = 3.36e8;

struct TrainInput {
  double params_b = 8;
  double active_params_b = 8;  // MoE: FLOPs follow the active parameters
  bool recompute = false;      // activation checkpointing: 8 instead of 6 FLOPs per parameter
  int gpus = 1;
  bool tf32 = false;           // FP32 on TF32 tensor cores (the check's fp32-tf32 runs); else 16-bit mixed
};
// The FLOP/s training sustains over all GPUs: MFU x peak x GPUs x tensor-parallel share.
double train_flops_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration);
// Training tokens/s over all GPUs: MFU x peak / (6 or 8 x active params). BF16/FP16 peak.
double train_tokens_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration);
// The peak the training estimate uses (TFLOPS, one GPU): 16-bit tensor, else FP16/FP32 vector.
double train_peak_tflops(const Gpu& gpu, bool tf32);

// [SECTION] Calibration

// Fills calibration.train_mfu (and its samples) from the measured rows, leaving out
// `exclude_set` and `exclude_gpu` (empty: none); fit_speed_calibration() calls it.
void fit_train_mfu(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_set,
                   const std::string& exclude_gpu, SpeedCalibration& calibration);

// [SECTION] Checking

// Appends the training checks (per set: in sample and leave-one-set-out) to `out`;
// `all` is the calibration fitted on every row.
void append_train_checks(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& all,
                         std::vector<SpeedCheck>& out);

}  // namespace gpuwise
