// How fast a language model runs on a card: decode and prefill tokens/s for inference,
// and whether it fits (the same memory estimate as vram_fit.h); training is training.h.
// Roofline formulas with efficiency factors fitted to data/benchmarks.json; formulas,
// constants, calibration and the measured accuracy: docs/speed.md.
//
// Quantisations and engines: engine.h; the memory of inference: inference_memory.h.
// [SECTION] Calibration      fitted efficiency factors and error bands (data/speed_calibration.json)
// [SECTION] Inference        estimate_machine() / estimate_speed(): engine, fit, decode, prefill, bands
// [SECTION] Checking         predicted vs measured per set, in sample and held out
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/band.h"
#include "estimate/engine.h"
#include "estimate/estimate_views.h"
#include "estimate/train_calibration.h"
#include "text/json_fwd.h"
#include "text/limits.h"
#include "text/template_text.h"
#include "estimate/vram_fit.h"

namespace gpuwise {

// [SECTION] Calibration

// Attention's FLOPs as run over its ideal in llama.cpp builds before kCurrentBuildsFrom
// (no fused attention); today's builds' figure is fitted (SpeedCalibration::attention_cost).
constexpr double kAttentionCostFactor = 4;

// Tensor cores or their like (a matrix figure in the catalog): flash attention's fast kernels.
inline bool has_matrix_units(const Gpu& gpu) { return gpu.fp16_tensor_tflops || gpu.bf16_tensor_tflops || gpu.fp8_tensor_tflops; }

// Efficiency factors per family (efficiency_family(): the card's architecture, e.g.
// "Ampere"); a family without data uses the "default" entry, fitted on all cards.
struct SpeedCalibration {
  double decode_overhead_s_per_layer = 0;            // fixed time per layer per token (launches, sync)
  // The same for llama.cpp builds before kCurrentBuildsFrom: CUDA graphs and fused kernels
  // have since cut it, so runs of those builds are checked with theirs and a buyer's
  // estimate uses today's. Equal to the above when too few current runs decide it.
  double older_builds_overhead_s_per_layer = 0;
  std::map<std::string, double> decode_bandwidth;    // share of peak bandwidth decode reaches
  std::map<std::string, double> prefill_quantised;   // share of effective tensor peak, GGUF quants
  std::map<std::string, double> prefill_16bit;       // share of effective tensor peak, 16-bit / FP8 / INT4
  std::map<std::string, int> samples;                // rows behind each fitted figure ("decode/Ampere": 40)
  TrainCalibration train;                            // training efficiency (training.h)
  ServingCalibration serve;                          // serving bands (serving.h)
  // llama.cpp on several devices (layer split): the time a token's hand-over from one
  // device to the next adds to decode, and how much of the ideal pipeline overlap of
  // micro-batches prompt processing reaches (0: none, 1: all).
  double llamacpp_handover_s = 0;
  double llamacpp_pipeline_overlap = 0;
  // Error bands of inference by class ("llamacpp/NVIDIA/decode"): p10 and p90 of measured /
  // predicted, held out (band.h); a class not here is not measured (speed_band()).
  // Training's and serving's bands are in `train` and `serve`.
  std::map<std::string, Band> bands;
  // The architectures (efficiency_family()) with measured runs in each band's class: a card
  // of another architecture is "not measured for this architecture" (a Tesla P100, sm_60,
  // lacks the dp4a instructions llama.cpp's quantised kernels use on the measured cards).
  std::map<std::string, std::vector<std::string>> band_families;

  // Prompt attention's cost as run over its ideal FLOPs in today's builds (flash attention,
  // llama.cpp's default since 2025, on matrix units): fitted on runs of one card and model
  // at several depths, where only attention's share differs; kAttentionCostFactor without them.
  double attention_cost = kAttentionCostFactor;
  // Today's cost on a card with matrix units; older builds' (no fused attention), and a
  // card without them (flash attention on vector units, a Tesla P100's), the constant.
  double attention_cost_of(bool older_build, const Gpu& gpu) const {
    return older_build || !has_matrix_units(gpu) ? kAttentionCostFactor : attention_cost;
  }
  // The per-layer decode overhead of today's builds, or of the older ones a run was made with.
  double decode_overhead_of(bool older_build) const {
    return older_build ? older_builds_overhead_s_per_layer : decode_overhead_s_per_layer;
  }
  // What a mixture-of-experts layer adds to that in llama.cpp (routing, one product per
  // chosen expert, the gather), seconds: "<vendor>|<model>" from the model's runs on the
  // vendor's cards, else "<vendor>", else "default" (fit_moe_layer_overhead).
  std::map<std::string, double> moe_layer_overhead;
  double moe_layer_overhead_of(const Gpu& gpu, const std::string& model) const;
  // A mixture of experts' prompt processing in llama.cpp reaches this share of a dense
  // model's efficiency on the same card (the expert products are small matrices): the
  // median over cards with runs of both of their MoE runs' share over their dense runs';
  // 1 without such cards. The prefill tables hold MoE runs' shares divided by it.
  double moe_prefill_share = 1;
  // The family's factor, else "default", else `fallback`.
  static double factor(const std::map<std::string, double>& table, const std::string& family, double fallback);
  // The decode bandwidth share and the prefill share (GGUF quantised path or not) of a
  // family, with the fallbacks below every fitted default when the file has neither.
  double decode_share(const std::string& family) const;
  double prefill_share(const std::string& family, bool quantised) const;
  // Measured first: the card's share for this very model and format where it has one-card
  // runs of them ("exact:<id>|<model>|<format>" in the tables), else for this model in
  // another GGUF format ("model:<id>|<model>"; prefill: on the same path), else its own share
  // ("card:<id>", fitted on its one-card runs, or borrowed from the measured card of its
  // family nearest in bandwidth when the family has no factor of its own), else its family's.
  double decode_share_of(const Gpu& gpu, const std::string& model, const std::string& quant) const;
  double prefill_share_of(const Gpu& gpu, bool quantised, const std::string& model, const std::string& quant) const;
};

// Fixed constants of the model (docs/speed.md says why each value).
constexpr double kTflopsPerWatt = 1.0;          // sustained tensor TFLOPS one board-watt feeds
constexpr double kUnifiedGpuShare = 0.75;       // of a unified-memory machine's RAM the GPU may use
constexpr double kHostDecodeShare = 0.5;        // of the host's RAM bandwidth a CPU layer's decode reaches
constexpr double kHostReservedGb = 4;           // system RAM the OS and desktop keep (layers in RAM)
constexpr int kMaxVocabulary = 10000000;        // a model's vocabulary: above this the shape is refused

// "Ampere", "Ada Lovelace", "CDNA 3", ...; Pascal's sm_60 (Tesla P100) apart from sm_61: it
// lacks the dp4a instructions llama.cpp's quantised kernels use, a known kernel gap.
std::string efficiency_family(const Gpu& gpu);
std::string card_share_key(const Gpu& gpu);     // "card:rtx-4090"
// "model:rtx-4090|qwen3-30b-a3b": the card's runs of a model in GGUF block formats (decode)
// or on one prefill path, for another format of them: scaled only by the bytes it reads.
std::string model_share_key(const Gpu& gpu, const std::string& model);
std::string exact_share_key(const Gpu& gpu, const std::string& model, const std::string& quant);  // "exact:rtx-4090|llama-3-8b|q4_k_m"
// GeForce-class NVIDIA cards (not the TITANs): the catalog's FP16 tensor figure is FP32
// accumulate, which runs at half the FP16-accumulate rate that cuBLAS (llama.cpp) and
// PyTorch's FP16 models use. AMD's and Intel's consumer cards list their one FP16 rate.
bool half_rate_fp32_accumulate(const Gpu& gpu);

// Fits every factor from the measured rows (outliers left out). `exclude_set` and
// `exclude_gpu` hold rows out, for leave-one-set-out and leave-one-card-out checks.
// `engine_from`: a fit whose attention cost (the engine's, not a card's) is kept rather
// than refitted: one machine's runs at several depths measure it today, and holding that
// machine out of its shares should not make the engine forget flash attention.
SpeedCalibration fit_speed_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_set = "", const std::string& exclude_gpu = "",
                                       const SpeedCalibration* engine_from = nullptr);
// The factors and the error bands: every run predicted with its card held out, the 10th
// and 90th percentile of measured / predicted per class. What `gpuwise speed --calibrate`
// writes to data/speed_calibration.json.
SpeedCalibration calibrate_speed(const Catalog& catalog, const Benchmarks& benchmarks);
json speed_calibration_to_json(const SpeedCalibration& calibration);
// Reads data/speed_calibration.json; problems go to `issues` (file-level, field named).
SpeedCalibration load_speed_calibration(std::string_view text, std::vector<CatalogIssue>& issues);

// [SECTION] Inference

struct SpeedModel : ModelShape {
  std::string preset = "llama-3-8b";  // a model_presets() id or "custom"
  int max_context = 8192;             // 0: unknown (no limit checked)
};
// The preset's shape; nullopt for an unknown id.
std::optional<SpeedModel> speed_model_from_preset(const std::string& preset_id);
// A bare size: the nearest preset's shape (as `gpuwise fit`), active = active_params_b or params_b.
SpeedModel speed_model_from_size(double params_b, std::optional<double> active_params_b);

// The one speed input: a model and how it is run (SpeedRun, estimate_views.h, the Speed
// tab's settings with their defaults, for the page, the CLI and every other caller).
struct SpeedInput : SpeedRun {
  SpeedModel model;
  // A measured run's condition, never a buyer's: made with a llama.cpp build dated before
  // kCurrentBuildsFrom, so its decode pays that build's per-layer overhead.
  bool older_build = false;
  // Also a measured run's: tokens already in the cache before its prompt or generated
  // tokens (llama-bench -d). Prefill's attention reads them; `context` counts them.
  int cached_tokens = 0;
};
// llama.cpp builds from this date on decide today's per-layer decode overhead.
constexpr const char* kCurrentBuildsFrom = "2025-01-01";
// A measured llama.cpp run made with a build before kCurrentBuildsFrom: slower per layer
// than today's, so today's estimate beside it is higher than the run (the page says so).
inline bool older_build_run(const MeasuredResult& r) { return r.date < kCurrentBuildsFrom; }
// A model run as `run` says: the one way a SpeedInput is made from a view's settings.
inline SpeedInput speed_input(SpeedModel model, const SpeedRun& run) {
  SpeedInput input;
  static_cast<SpeedRun&>(input) = run;
  input.model = std::move(model);
  return input;
}

// nullopt when the input can run; else a translatable sentence naming the field
// ("context 9000 is beyond llama-3-8b's limit of 8192 tokens"). The bounds are
// text/limits.h's ranges, written by describe_range. The one check of a SpeedInput
// (the cards are checked by estimate_machine(): a machine the engine cannot run).
std::optional<TemplateText> speed_input_problem(const SpeedInput& input);
// speed_input_problem()'s English sentence; empty when the input can run.
std::string check_speed_input(const SpeedInput& input);
// The engine the input names, or the quantisation's ("auto"); nullopt for an unknown key.
std::optional<Engine> speed_engine(const SpeedInput& input);

// The roofline of one card holding the whole model, before any efficiency factor: a
// card at 100 % of its printed figures. estimate_machine() multiplies these terms by the
// calibration's factors, and fit_speed_calibration() divides measured one-card figures by
// the same terms, so the fit and the estimate cannot drift apart.
struct SpeedRoofline {
  double bandwidth_gbs = 0;            // one GPU's peak memory bandwidth
  double tensor_tflops = 0;            // one GPU's power-capped matrix peak for this quantisation
  double weight_bytes = 0;             // weights read once per decode step (layers' active part + output head)
  double head_bytes = 0;               // the output head's part of weight_bytes (on one device)
  double kv_bytes_per_request = 0;     // one request's KV cache at the full context, read per step
  double decode_flops_per_token = 0;   // 2 x active parameters
  // One prompt token's work: the layers' products, and attention's ideal FLOPs at half the
  // prompt (and any cached tokens) before it, which the build's attention cost multiplies.
  double prefill_layer_flops_per_token = 0;
  double prefill_attention_flops_per_token = 0;
  int prompt_tokens = 0;               // the prompt time to first token is for
  int layers = 0;
  int concurrent = 1;
  bool quantised_path = false;         // GGUF quant: the prefill_quantised factor, else prefill_16bit
};
SpeedRoofline speed_roofline(const Gpu& gpu, const SpeedInput& input);
// One prompt token's FLOPs as run: the layers' plus attention's at `attention_cost`
// (SpeedCalibration::attention_cost_of).
double prefill_flops_per_token(const SpeedRoofline& r, double attention_cost);
// One decode step's memory reads at `bandwidth_share` of peak plus the fixed per-layer
// overhead, in seconds: the term the bandwidth share is fitted on.
double decode_memory_seconds(const SpeedRoofline& roofline, double bandwidth_share, double overhead_s_per_layer);

// Cards in one machine: `count` of each (estimate_speed: one kind).
struct MachineCard {
  const Gpu* gpu = nullptr;
  int count = 1;
};

struct SpeedEstimate {
  std::string gpu_id;                  // the card, or "rtx-3090+rtx-4090" for a machine of several kinds
  int gpus = 1;                        // GPUs in the machine
  bool mixed = false;                  // cards of several kinds (llama.cpp: needed / usable are the machine's totals)
  std::string engine;                  // engine_key() of the engine that runs it ("" when none can)
  bool fits = false;
  double needed_gb = 0;          // per GPU (mixed: the machine), as inference_memory.h computes it
  double usable_gb = 0;          // per GPU (mixed: the machine)
  double lacks_gb = 0;           // needed − usable when it does not fit, else 0
  // Layers in system RAM (llama.cpp): how many, the RAM they and the embeddings need, and
  // what the host may give (its RAM less kHostReservedGb).
  int layers_in_ram = 0;
  double ram_needed_gb = 0;
  double ram_usable_gb = 0;
  // The figures; 0 where `reason` (or a figure's own reason) says why there is none.
  double decode_tokens_per_s = 0;      // one request's generation speed
  double decode_total_tokens_per_s = 0;  // all concurrent requests together
  double prefill_tokens_per_s = 0;
  double time_to_first_token_s = 0;    // prompt_tokens / prefill
  TemplateText reason;                 // why no figure at all (the engine cannot run it, several machines)
  TemplateText decode_reason;          // why no decode figure (no memory bandwidth in the catalog)
  TemplateText prefill_reason;         // why no prefill figure (no compute throughput in the catalog)
  Band decode_band;                    // low / high of decode (both decode figures)
  Band prefill_band;                   // low / high of prefill (time to first token: its inverse)
  // What the figures rest on, for the page's explanation.
  double bytes_per_token_gb = 0;       // weights + KV cache read per decode step, per request
  double effective_bandwidth_gbs = 0;  // all GPUs, after efficiency
  double effective_tflops = 0;         // all GPUs, after efficiency
  std::string family;                  // efficiency_family() (the first card's)
  bool family_calibrated = false;      // false: the "default" factors were used
};

// A machine of these cards (a card and its count, or several kinds) runs the input with
// its engine: llama.cpp splits whole layers by memory and runs them one device after
// another (layers in RAM at the host's bandwidth); vLLM splits every layer over the GPUs
// (tensor parallel, an all-reduce per layer over the link between them). Never NaN or
// inf; a figure the model cannot compute is 0 with its reason.
SpeedEstimate estimate_machine(const std::vector<MachineCard>& machine, const SpeedInput& input,
                               const SpeedCalibration& calibration);
// input.gpus of one card.
SpeedEstimate estimate_speed(const Gpu& gpu, const SpeedInput& input, const SpeedCalibration& calibration);

// What the memory search of a serving replica reads of an estimate (serving.h).
struct MachineFigures {
  bool fits = false;
  double needed_gb = 0, usable_gb = 0;
  double decode_tokens_per_s = 0, decode_total_tokens_per_s = 0, prefill_tokens_per_s = 0;
};

// estimate_machine() of one machine and input at many batch sizes (serve_capacity() asks
// for ~18 of them per card and count): the checks, engine, rooflines, factors, links and
// bands once, then only what the batch changes. at(c) is estimate_machine() with
// input.concurrent = c, figure for figure (estimate_machine() is at(input.concurrent)).
class MachineEstimator {
 public:
  MachineEstimator(const std::vector<MachineCard>& machine, const SpeedInput& input, const SpeedCalibration& calibration);
  ~MachineEstimator();
  MachineEstimator(MachineEstimator&&) noexcept;
  MachineEstimator& operator=(MachineEstimator&&) noexcept;
  MachineEstimator(const MachineEstimator&) = delete;
  MachineEstimator& operator=(const MachineEstimator&) = delete;

  SpeedEstimate at(int concurrent) const;
  MachineFigures figures_at(int concurrent) const;  // at(c)'s figures without its text

  struct Plan;  // machine_speed.cpp

 private:
  std::unique_ptr<Plan> plan_;
};

// The band of a class: engine x vendor x phase ("llamacpp/NVIDIA/decode"), from the
// calibration, or kUnmeasuredBand when its class has no measured runs. A card whose
// architecture has no measured run in the class gets the class band widened to at least
// kUnmeasuredBand, with samples 0 and the class key saying "(Pascal not measured)".
Band speed_band(const SpeedCalibration& calibration, Engine engine, const Gpu& gpu, const std::string& phase);
std::string band_class(Engine engine, const Gpu& gpu, const std::string& phase);
// "decode" or "decode-moe" (a mixture of experts): the phase part of a band's class.
std::string band_phase(const std::string& phase, bool moe);
constexpr double kUnmeasuredBandLow = 0.5;   // a class without measured runs: half to 1.5 times
constexpr double kUnmeasuredBandHigh = 1.5;

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
// The checks as data/speed_check.json holds them (`gpuwise speed --check --json`): every
// figure, and the in-sample points of the scatter plots. The page reads that file
// instead of refitting in the browser (speed_checks_file.cpp); a test keeps it current.
json speed_checks_to_json(const std::vector<SpeedCheck>& checks);
// The checks whose points the page plots (and the file keeps): in sample, or never fitted
// on (serving), each run once: not the LLM training and serving checks repeated by family
// or class ("llm-training Hopper", "serving vllm/NVIDIA/serve").
bool speed_check_plotted(const SpeedCheck& check);
// Reads data/speed_check.json; problems go to `issues` (a bad row is dropped, named).
std::vector<SpeedCheck> load_speed_checks(std::string_view text, std::vector<CatalogIssue>& issues);
// Spearman's rank correlation (ties averaged); 0 for fewer than 3 pairs.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace gpuwise
