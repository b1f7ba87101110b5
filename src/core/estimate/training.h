// How fast a card trains a language model with PyTorch (FSDP, or Megatron-style parallelism
// as the measured runs used): tokens/s from the FLOPs per token (6, or 8 with recomputed
// activations, × active parameters, plus attention) at a model-FLOPs utilisation (MFU)
// fitted per architecture on public LLM training runs, times the share each GPU keeps
// after communication (NVLink, PCIe or several machines). Formulas, calibration and the
// measured accuracy: docs/speed.md, "Training".
//
// [SECTION] Input        TrainInput, the precision
// [SECTION] Estimate     estimate_training(): tokens/s, MFU and where it comes from, the band
// [SECTION] Calibration  the fit on the LLM runs (TrainCalibration, train_calibration.h)
// [SECTION] Checking     training rows of check_speed(); the order of measured pairs
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/band.h"
#include "estimate/speed.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Input

// bf16: mixed precision on BF16 tensor cores (FP16 where a card has no BF16); fp8: the
// matrix products on FP8 tensor cores; fp16 and tf32: Lambda's amp-fp16 and fp32-tf32
// runs (the CNN/speech check), at the efficiency of bf16.
enum class TrainPrecision { bf16, fp16, fp8, tf32 };
const char* train_precision_key(TrainPrecision precision);  // "bf16", ...

struct TrainInput {
  double params_b = 8;         // total: what FSDP shards and gathers
  double active_params_b = 8;  // per token (mixture of experts: the experts routed to)
  int layers = 32;             // attention FLOPs grow with layers × hidden size × sequence
  int hidden_size = 4096;
  int sequence_tokens = 4096;  // tokens per training sequence
  TrainPrecision precision = TrainPrecision::bf16;
  bool recompute = false;      // activation checkpointing: 8 instead of 6 FLOPs per parameter
  int gpus = 1;
  double power_limit_w = 0;    // a cap below the card's board power (W) lowers its clock; 0: none
};

// The input a measured LLM training run answers (its model's shape, precision, sequence and
// GPUs); nullopt for a run without a shape (Lambda's CNN and speech rows) or precision.
std::optional<TrainInput> train_input_of(const MeasuredResult& row);

// [SECTION] Estimate

// The family a card's training efficiency comes from: its architecture, Blackwell's two
// designs apart ("Blackwell RTX (sm_12x)" for the GeForce 50 series, RTX PRO and GB10).
std::string training_family(const Gpu& gpu);

// FLOPs per token: (6, or 8 with recompute) × active parameters + (12, or 16 with
// recompute) × layers × hidden × sequence (attention's two matrix products, forward and
// backward). A run that recomputed is counted with what it computed, so its efficiency
// compares with one that did not.
double train_flops_per_token(const TrainInput& input);
// The peak the estimate uses (TFLOPS, one GPU) for the precision: BF16 tensor, else FP16
// tensor, else the vector rate; FP8 tensor (0 without); TF32 tensor, else FP32.
double train_peak_tflops(const Gpu& gpu, TrainPrecision precision);
// The share of its clock (and so of its peak) a card keeps under a power limit: 1 without
// one, or with one at or above its board power.
double power_capped_clock_share(const Gpu& gpu, double power_limit_w);

struct TrainEstimate {
  double tokens_per_s = 0;          // all GPUs; 0 when the card lacks a needed figure (`missing` says which)
  double tokens_per_s_per_gpu = 0;
  double flops_per_token = 0;
  // One GPU at the precision. A GeForce card's is its full-rate tensor peak (FP16
  // accumulate): its measured training beats the half-rate FP32-accumulate figure of its
  // datasheet, so an efficiency of that would read above 100 %.
  double peak_tflops = 0;
  double mfu = 0;                   // the efficiency used, of one GPU in a machine
  double achieved_mfu = 0;          // mfu × scaling: what a measured run would report
  double scaling = 1;               // share of its speed each GPU keeps after communication
  std::string link;                 // "NVLink", "PCIe 4.0 x16", ...: what the GPUs talk over
  bool several_machines = false;    // more GPUs than one machine holds
  std::string family;               // training_family(): the architecture; Blackwell sm_12x apart
  bool measured = false;            // the family has measured LLM training runs, or the card (its class) Lambda runs
  bool anchored = false;            // the card's own or its class's measured training set the speed (train_anchors.h)
  double anchor_factor = 1;
  bool lacks_bf16_flash = false;    // no BF16 tensor cores: FP16 with loss scaling, no FlashAttention-2
  Band band;                        // where nine runs in ten of its class fell (band.h)
  TemplateText source;              // "measured: NeMo, torchtitan on H100 SXM5 (24 runs)" or "not measured ..."
  TemplateText missing;             // why tokens_per_s is 0 (empty pattern: it is not)
};

// Never NaN or inf.
TrainEstimate estimate_training(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration);
double train_tokens_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration);
// The FLOP/s training sustains over all GPUs (train_tokens_per_s × FLOPs per token).
double train_flops_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration);

// [SECTION] Calibration

// Fits calibration.train from the LLM training runs of benchmarks.json (phase train,
// tokens/s, a known model shape), leaving out `exclude_set` and `exclude_gpu` (empty:
// none). With nothing excluded it also fills the bands (leave-one-card-out residuals).
void fit_train_calibration(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_set,
                           const std::string& exclude_gpu, SpeedCalibration& calibration);
json train_calibration_to_json(const TrainCalibration& calibration);
// Reads the "training" object of speed_calibration.json; problems go to `issues`.
void load_train_calibration(const json& root, TrainCalibration& cal, std::vector<CatalogIssue>& issues);

// [SECTION] Checking

// Appends the training checks to `out`: Lambda's CNN/speech sets (per set, in sample and
// leave-one-set-out) and the LLM runs (all, dense, mixture of experts and per family;
// in sample and leave-one-card-out). `all` is the calibration fitted on every row.
void append_train_checks(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& all,
                         std::vector<SpeedCheck>& out);

// Two cards measured on the same workload: is the estimate's order the measured one? A
// tie is two estimates within kTrainOrderTie of each other (cards of one family with the
// same printed figures, e.g. GB200 and GB300 at FP8): the model cannot tell them apart.
constexpr double kTrainOrderTie = 0.03;
struct TrainOrderCheck {
  std::string workload;  // "llama-3-8b bf16 8192"
  std::string faster_id, slower_id;  // by measurement
  double faster_measured = 0, slower_measured = 0;    // tokens/s per GPU
  double faster_predicted = 0, slower_predicted = 0;  // the shipped estimate
  double faster_held_out = 0, slower_held_out = 0;    // each card predicted without its own runs
  bool tie = false;
  bool right = false;      // not a tie, and the estimate puts the faster card first
  bool held_out_right = false;
};
std::vector<TrainOrderCheck> check_train_order(const Catalog& catalog, const Benchmarks& benchmarks);
// The pairs as `gpuwise speed --check --json` and data/speed_check.json list them
// ("training_order"): workload, faster, slower, measured, predicted, held out, verdict.
json train_order_to_json(const std::vector<TrainOrderCheck>& pairs);

}  // namespace gpuwise
