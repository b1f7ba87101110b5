// How fast a language model runs on a card: decode and prefill tokens/s for inference,
// and whether it fits (the same memory estimate as vram_fit.h); training is training.h.
// Roofline formulas with efficiency factors fitted to data/benchmarks.json; formulas,
// constants, calibration and the measured accuracy: docs/speed.md.
//
// [SECTION] Quantisations    bits per weight incl. scales; the compute path prefill uses
// [SECTION] Calibration      fitted efficiency factors (data/speed_calibration.json)
// [SECTION] Inference        estimate_speed(): fit, decode, prefill, time to first token
// [SECTION] Checking         predicted vs measured per set, in sample and held out
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/estimate_views.h"
#include "estimate/train_calibration.h"
#include "text/json_fwd.h"
#include "text/limits.h"
#include "text/template_text.h"
#include "estimate/vram_fit.h"

namespace gpuwise {

// [SECTION] Quantisations

struct Quantisation {
  std::string id;          // "q4_k_m"
  std::string label;       // "Q4_K_M (llama.cpp)"
  double bits_per_weight;  // stored bits per weight incl. block scales: Q4_K_M 4.85
  bool llama_cpp;          // a GGUF k-quant / Q8_0: prefill efficiency of the quantised path
  bool fp8_compute;        // prefill runs on FP8 tensor cores where the card has them
};
// BF16, FP16, FP8, Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q3_K_M, INT4 AWQ, INT4 GPTQ, in that order.
const std::vector<Quantisation>& quantisations();
// By id, case-insensitive; "f16" is fp16 (llama.cpp's name). nullptr when unknown.
const Quantisation* find_quantisation(std::string_view id);

// [SECTION] Calibration

// Efficiency factors per family (efficiency_family(): the card's architecture, e.g.
// "Ampere"); a family without data uses the "default" entry, fitted on all cards.
struct SpeedCalibration {
  double decode_overhead_s_per_layer = 0;            // fixed time per layer per token (launches, sync)
  std::map<std::string, double> decode_bandwidth;    // share of peak bandwidth decode reaches
  std::map<std::string, double> prefill_quantised;   // share of effective tensor peak, GGUF quants
  std::map<std::string, double> prefill_16bit;       // share of effective tensor peak, 16-bit / FP8 / INT4
  std::map<std::string, int> samples;                // rows behind each fitted figure ("decode/Ampere": 40)
  TrainCalibration train;                            // training efficiency (training.h)
  ServingCalibration serve;                          // serving bands (serving.h)

  // The family's factor, else "default", else `fallback`.
  static double factor(const std::map<std::string, double>& table, const std::string& family, double fallback);
};

// Fixed constants of the model (docs/speed.md says why each value).
constexpr double kAttentionCostFactor = 4;      // attention FLOPs as run (no fused attention) / ideal
constexpr double kTflopsPerWatt = 1.0;          // sustained tensor TFLOPS one board-watt feeds
constexpr double kTensorParallelEfficiency = 0.85;  // per extra GPU: bandwidth and compute add at this share
constexpr double kUnifiedGpuShare = 0.75;       // of a unified-memory machine's RAM the GPU may use

std::string efficiency_family(const Gpu& gpu);  // "Ampere", "Ada Lovelace", "CDNA 3", ...

// Fits every factor from the measured rows (outliers left out). `exclude_set` and
// `exclude_gpu` hold rows out, for leave-one-set-out and leave-one-card-out checks.
SpeedCalibration fit_speed_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_set = "", const std::string& exclude_gpu = "");
json speed_calibration_to_json(const SpeedCalibration& calibration);
// Reads data/speed_calibration.json; problems go to `issues` (file-level, field named).
SpeedCalibration load_speed_calibration(std::string_view text, std::vector<CatalogIssue>& issues);

// [SECTION] Inference

struct SpeedModel {
  std::string preset = "llama-3-8b";  // a model_presets() id or "custom"
  double params_b = 8.03;             // total: decides memory
  double active_params_b = 8.03;      // per token: decides speed (MoE: < params_b)
  int layers = 32, kv_heads = 8, head_dim = 128, hidden_size = 4096;
  int max_context = 8192;             // 0: unknown (no limit checked)
};
// The preset's shape; nullopt for an unknown id.
std::optional<SpeedModel> speed_model_from_preset(const std::string& preset_id);
// A bare size: the nearest preset's shape (as `gpuwise fit`), active = active_params_b or params_b.
SpeedModel speed_model_from_size(double params_b, std::optional<double> active_params_b);

// The defaults are the Speed tab's (SpeedView, estimate_views.h): one set for the page,
// the CLI and a caller that fills a SpeedInput itself.
struct SpeedInput {
  SpeedModel model;
  std::string quant = SpeedView{}.quant;
  int context = SpeedView{}.context;          // tokens held per request (prompt + generated)
  int prompt_tokens = SpeedView{}.prompt_tokens;  // time to first token for a prompt this long; 0: context
  int concurrent = SpeedView{}.concurrent;    // requests decoded together (batch)
  int gpus = SpeedView{}.gpu_count;           // tensor parallel over this many of the card
  double unified_memory_gb = 0;  // > 0: a unified-memory machine; the GPU may use kUnifiedGpuShare of it
};

// nullopt when the input can run; else a translatable sentence naming the field
// ("context 9000 is beyond llama-3-8b's limit of 8192 tokens"). The bounds are
// text/limits.h's ranges, written by describe_range. The one check of a SpeedInput.
std::optional<TemplateText> speed_input_problem(const SpeedInput& input);
// speed_input_problem()'s English sentence; empty when the input can run.
std::string check_speed_input(const SpeedInput& input);

// The roofline before any efficiency factor: a card at 100 % of its printed figures.
// estimate_speed() multiplies these terms by the calibration's factors, and
// fit_speed_calibration() divides measured figures by the same terms, so the fit and the
// estimate cannot drift apart.
struct SpeedRoofline {
  double bandwidth_gbs = 0;            // one GPU's peak memory bandwidth
  double tensor_tflops = 0;            // one GPU's power-capped matrix peak for this quantisation
  double gpu_scale = 1;                // GPUs × kTensorParallelEfficiency (1 for one GPU)
  double weight_bytes = 0;             // active weights read once per decode step
  double kv_bytes_per_request = 0;     // one request's KV cache at the full context, read per step
  double decode_flops_per_token = 0;   // 2 × active parameters
  double prefill_flops_per_token = 0;  // at half the prompt cached, on average
  int prompt_tokens = 0;               // the prompt time to first token is for
  int layers = 0;
  int concurrent = 1;
  bool quantised_path = false;         // GGUF quant: the prefill_quantised factor, else prefill_16bit
};
SpeedRoofline speed_roofline(const Gpu& gpu, const SpeedInput& input);
// One decode step's memory reads at `bandwidth_share` of peak plus the fixed per-layer
// overhead, in seconds: the term the bandwidth share is fitted on.
double decode_memory_seconds(const SpeedRoofline& roofline, double bandwidth_share, double overhead_s_per_layer);

struct SpeedEstimate {
  std::string gpu_id;
  int gpus = 1;
  bool fits = false;
  double needed_gb = 0;          // per GPU, as vram_fit computes it at this quantisation
  double usable_gb = 0;          // per GPU
  double lacks_gb = 0;           // needed − usable when it does not fit, else 0
  double decode_tokens_per_s = 0;      // one request's generation speed
  double decode_total_tokens_per_s = 0;  // all concurrent requests together
  double prefill_tokens_per_s = 0;
  double time_to_first_token_s = 0;    // prompt_tokens / prefill
  // What the figures rest on, for the page's explanation.
  double bytes_per_token_gb = 0;       // weights + KV cache read per decode step, per request
  double effective_bandwidth_gbs = 0;  // all GPUs, after efficiency
  double effective_tflops = 0;         // all GPUs, after efficiency
  std::string family;                  // efficiency_family()
  bool family_calibrated = false;      // false: the "default" factors were used
};

// Never NaN or inf: a card without a needed figure gets 0 tokens/s.
SpeedEstimate estimate_speed(const Gpu& gpu, const SpeedInput& input, const SpeedCalibration& calibration);

// [SECTION] Checking

struct SpeedCheckPoint {  // one measured row beside its estimate: the scatter plot's dot
  std::string gpu_id;
  std::string group;    // "llama-3-8b q4_k_m 512", "resnet50 amp-fp16"
  double predicted = 0;
  double measured = 0;
};

struct SpeedCheck {
  std::string set;    // measured set id
  std::string phase;  // decode, prefill, train
  std::string held_out;  // "in-sample", "leave-one-set-out" or "leave-one-card-out"
  int n = 0;              // rows compared
  int groups = 0;         // workloads (model x precision x context) Spearman is taken within
  double spearman = 0;    // median over groups of the rank correlation across cards
  double spearman_min = 0;
  double spearman_pooled = 0;  // over every row of the set at once (mixes workloads)
  double median_abs_error_pct = 0;  // |predicted / measured − 1|, median over rows
  std::map<std::string, double> group_spearman;
  std::vector<SpeedCheckPoint> points;
};
// Decode and prefill of every LLM set, then training (training.h append_train_checks).
std::vector<SpeedCheck> check_speed(const Catalog& catalog, const Benchmarks& benchmarks);
json speed_checks_to_json(const std::vector<SpeedCheck>& checks);
// Spearman's rank correlation (ties averaged); 0 for fewer than 3 pairs.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace gpuwise
