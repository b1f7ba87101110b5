#include "estimate/vram_fit.h"

#include <algorithm>
#include <cmath>

#include "text/format.h"
#include "text/limits.h"
#include "text/stable_sort.h"
#include "estimate/engine.h"

namespace gpuwise {
namespace {

// [SECTION] Model presets: config.json values (docs/vram-fit.md lists the sources).
// Each row: id, name, total params (B), layers, KV heads, head_dim, hidden, config.json,
// active params (B), max context, vocabulary, tied embeddings. Mixture-of-experts active counts are the model cards'
// own figures (Mixtral 12.9B of 46.7B, DeepSeek-V3 37B of 671B, Qwen3 3.3B of 30.5B and
// 22B of 235B, gpt-oss 3.6B of 21B and 5.1B of 117B). Two shapes are adapted so that
// hidden = whole query heads (the rule the tests keep): DeepSeek-V3/R1 caches one
// compressed latent per layer (kv_lora_rank 512 + rope 64 = 576 values), written as
// 1 KV head x head_dim 256 = the 512-value latent (the cache is ~11% low); gpt-oss's
// hidden is its attention width, 64 heads x 64 = 4096 (config hidden_size 2880), which
// only raises the activation estimate. gpt-oss also halves its cache at long context
// (every other layer uses a 128-token window); the estimate keeps every layer's cache.
constexpr ModelPreset kPresets[] = {
    {"llama-3.2-1b", "Llama 3.2 1B", 1.24, 16, 8, 64, 2048,
     "https://huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json", 1.24, 131072, 128256, true},
    {"llama-3.2-3b", "Llama 3.2 3B", 3.21, 28, 8, 128, 3072,
     "https://huggingface.co/meta-llama/Llama-3.2-3B/blob/main/config.json", 3.21, 131072, 128256, true},
    {"phi-3-mini", "Phi-3 mini", 3.82, 32, 32, 96, 3072,
     "https://huggingface.co/microsoft/Phi-3-mini-4k-instruct/blob/main/config.json", 3.82, 4096, 32064},
    {"llama-2-7b", "Llama 2 7B", 6.74, 32, 32, 128, 4096,
     "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json", 6.74, 4096, 32000},
    {"mistral-7b", "Mistral 7B", 7.24, 32, 8, 128, 4096,
     "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json", 7.24, 32768, 32000},
    {"qwen2.5-7b", "Qwen2.5 7B", 7.61, 28, 4, 128, 3584,
     "https://huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json", 7.61, 131072, 152064},
    {"llama-3-8b", "Llama 3 8B", 8.03, 32, 8, 128, 4096,
     "https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json", 8.03, 8192, 128256},
    {"llama-3.1-8b", "Llama 3.1 8B", 8.03, 32, 8, 128, 4096,
     "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json", 8.03, 131072, 128256},
    {"llama-2-13b", "Llama 2 13B", 13.0, 40, 40, 128, 5120,
     "https://huggingface.co/meta-llama/Llama-2-13b-hf/blob/main/config.json", 13.0, 4096, 32000},
    {"qwen2.5-14b", "Qwen2.5 14B", 14.7, 48, 8, 128, 5120,
     "https://huggingface.co/Qwen/Qwen2.5-14B/blob/main/config.json", 14.7, 131072, 152064},
    {"phi-4", "Phi-4", 14.7, 40, 10, 128, 5120,
     "https://huggingface.co/microsoft/phi-4/blob/main/config.json", 14.7, 16384, 100352},
    {"qwen3-14b", "Qwen3 14B", 14.8, 40, 8, 128, 5120,
     "https://huggingface.co/Qwen/Qwen3-14B/blob/main/config.json", 14.8, 40960, 151936},
    {"gpt-oss-20b", "gpt-oss-20b (MoE)", 20.9, 24, 8, 64, 4096,
     "https://huggingface.co/openai/gpt-oss-20b/blob/main/config.json", 3.61, 131072, 201088},
    {"qwen3-30b-a3b", "Qwen3-30B-A3B (MoE)", 30.5, 48, 4, 128, 2048,
     "https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json", 3.3, 40960, 151936},
    {"qwen2.5-32b", "Qwen2.5 32B", 32.5, 64, 8, 128, 5120,
     "https://huggingface.co/Qwen/Qwen2.5-32B/blob/main/config.json", 32.5, 131072, 152064},
    {"mixtral-8x7b", "Mixtral 8x7B (MoE)", 46.7, 32, 8, 128, 4096,
     "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json", 12.9, 32768, 32000},
    {"llama-3-70b", "Llama 3 70B", 70.6, 80, 8, 128, 8192,
     "https://huggingface.co/meta-llama/Meta-Llama-3-70B/blob/main/config.json", 70.6, 8192, 128256},
    {"deepseek-r1-distill-llama-70b", "DeepSeek-R1-Distill-Llama-70B", 70.6, 80, 8, 128, 8192,
     "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-70B/blob/main/config.json", 70.6, 131072, 128256},
    {"qwen2.5-72b", "Qwen2.5 72B", 72.7, 80, 8, 128, 8192,
     "https://huggingface.co/Qwen/Qwen2.5-72B/blob/main/config.json", 72.7, 131072, 152064},
    {"gpt-oss-120b", "gpt-oss-120b (MoE)", 116.8, 36, 8, 64, 4096,
     "https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json", 5.13, 131072, 201088},
    {"qwen3-235b-a22b", "Qwen3-235B-A22B (MoE)", 235.1, 94, 4, 128, 4096,
     "https://huggingface.co/Qwen/Qwen3-235B-A22B/blob/main/config.json", 22.2, 40960, 151936},
    {"llama-3.1-405b", "Llama 3.1 405B", 405, 126, 8, 128, 16384,
     "https://huggingface.co/meta-llama/Llama-3.1-405B/blob/main/config.json", 405, 131072, 128256},
    {"deepseek-v3", "DeepSeek-V3 / R1 (MoE)", 671, 61, 1, 256, 7168,
     "https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json", 37, 163840, 129280},
};

const std::vector<std::string> kPrecisions = {"fp32", "bf16", "fp16", "int8", "int4"};
const std::vector<std::string> kModes = {"inference", "lora", "full"};
const std::vector<int> kGpuCounts = {1, 2, 4, 8};

constexpr double kBytesPerGb = 1e9;

// Bytes per stored weight. 4-bit formats add a 16-bit scale and zero per group of 128
// weights (GPTQ / AWQ): 4 + 32/128 = 4.25 bits = 0.531 B. The high end covers layers
// left in 16 bits (embeddings, output head); see docs/vram-fit.md.
struct BytesRange {
  double low, typical, high;
};
BytesRange weight_bytes(const std::string& precision) {
  if (precision == "fp32") return {4, 4, 4};
  if (precision == "int8") return {1, 1, 1.1};
  if (precision == "int4") return {0.5, 0.53125, 0.625};
  return {2, 2, 2};  // bf16, fp16
}

// Activation memory per token per layer, in units of hidden_size bytes, at 16-bit
// activations with FlashAttention (Korthikanti et al. 2022: s·b·h·34 bytes per layer,
// the 5·a·s/h attention-score term never materialises).
constexpr double kActivationBytesPerLayer = 34;
// With full activation checkpointing each layer keeps only its 16-bit input (2 bytes).
constexpr double kCheckpointBytesPerLayer = 2;

// LoRA adapters as a share of the base parameters: rank 16 on every linear layer of
// Llama 3 8B is 41.9M = 0.52%; rank 4 on two projections ~0.1%; rank 64 ~1%+.
constexpr double kAdapterShareLow = 0.001, kAdapterShareTypical = 0.005, kAdapterShareHigh = 0.01;

// Framework overhead: CUDA context + cuBLAS/cuDNN workspaces per GPU, plus allocator
// fragmentation as a share of the memory that is allocated and freed every step.
constexpr double kFixedOverheadLowGb = 0.5, kFixedOverheadTypicalGb = 1.0, kFixedOverheadHighGb = 1.5;
constexpr double kFragmentationLow = 0.05, kFragmentationTypical = 0.10, kFragmentationHigh = 0.20;

// [SECTION] Formatting for the formula strings
std::string gb_text(double gb) {
  if (gb < 0.1) return format_number(gb, 3);
  if (gb < 10) return format_number(gb, 2);
  return format_number(gb, 1);
}
std::string count_text(double value) {  // 8.03, 70.6, 405: about three significant figures
  if (value < 10) return format_number(value, 2);
  if (value < 100) return format_number(value, 1);
  return format_number(value, 0);
}
std::string params_text(double params) {  // 70.6e9, 40.2e6
  if (params >= 1e9) return count_text(params / 1e9) + "e9";
  if (params >= 1e6) return count_text(params / 1e6) + "e6";
  return count_text(params);
}
std::string bytes_text(double bytes) { return format_number(bytes, 3) + " B"; }
std::string range_text(double low_gb, double high_gb) {
  return "range " + gb_text(low_gb) + "–" + gb_text(high_gb) + " GB";
}

// [SECTION] Input checks: the only sentences fit_model() adds to notices.
// Numbers out of range: kNoticeClamped and kNoticeNotNumber of text/limits.h, the one
// clamp every computation shares.
const char* const kNoticeUnknownChoice = "{0}: '{1}' is not one of {2}; using {3}";
const char* const kNoticeFullQuantised = "full fine-tuning trains 16-bit weights; {0} was computed as bf16";
const std::vector<std::string> kNoticePatterns = {kNoticeNotNumber, kNoticeClamped, kNoticeUnknownChoice,
                                                  kNoticeFullQuantised};

class InputChecker {
 public:
  explicit InputChecker(std::vector<TemplateText>& notices) : notices_(notices) {}

  double number(const char* field, double value, double fallback, const NumberRange& range) {
    RangeClamp clamp;
    const double out = clamp.number(field, value, range, fallback);
    keep(clamp);
    return out;
  }
  int whole(const char* field, int value, const NumberRange& range) {
    RangeClamp clamp;
    const int out = clamp.whole(field, value, range);
    keep(clamp);
    return out;
  }
  std::string choice(const char* field, const std::string& value, const std::vector<std::string>& allowed,
                     const std::string& fallback) {
    if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return value;
    std::string list;
    for (const auto& item : allowed) list += (list.empty() ? "" : ", ") + item;
    notices_.push_back({kNoticeUnknownChoice, {field, value, list, fallback}});
    return fallback;
  }

 private:
  // In the order the inputs are checked, between the choices' notices.
  void keep(const RangeClamp& clamp) {
    for (TemplateText& text : clamp.texts()) notices_.push_back(std::move(text));
  }
  std::vector<TemplateText>& notices_;
};

FitView checked_input(const FitView& view, std::vector<TemplateText>& notices) {
  const FitView defaults;
  InputChecker check(notices);
  FitView in = view;
  in.params_b = check.number("params_b", view.params_b, defaults.params_b, limits::kParamsB);
  in.precision = check.choice("precision", view.precision, kPrecisions, defaults.precision);
  in.mode = check.choice("mode", view.mode, kModes, defaults.mode);
  in.batch_size = check.whole("batch_size", view.batch_size, limits::kBatchSize);
  in.context = check.whole("context", view.context, limits::kContextTokens);
  in.layers = check.whole("layers", view.layers, limits::kLayers);
  in.kv_heads = check.whole("kv_heads", view.kv_heads, limits::kKvHeads);
  in.head_dim = check.whole("head_dim", view.head_dim, limits::kHeadDim);
  in.hidden_size = check.whole("hidden_size", view.hidden_size, limits::kHiddenSize);
  // Full fine-tuning updates every weight; optimisers step 16- or 32-bit weights, not
  // quantised ones, so a quantised choice is computed as bf16 (the 16 bytes/param rule).
  if (in.mode == "full" && (in.precision == "int8" || in.precision == "int4")) {
    notices.push_back({kNoticeFullQuantised, {in.precision}});
    in.precision = "bf16";
  }
  return in;
}

MemoryPart make_part(const char* key, double low_bytes, double typical_bytes, double high_bytes,
                     std::string formula) {
  MemoryPart part;
  part.key = key;
  part.low_gb = low_bytes / kBytesPerGb;
  part.gb = typical_bytes / kBytesPerGb;
  part.high_gb = high_bytes / kBytesPerGb;
  part.formula = std::move(formula);
  return part;
}

// [SECTION] The parts
MemoryPart lora_weights(const FitView& in, double params) {
  const BytesRange b = weight_bytes(in.precision);
  const double adapters = params * kAdapterShareTypical;
  const double low = params * b.low + params * kAdapterShareLow * 4;
  const double typical = params * b.typical + adapters * 4;
  const double high = params * b.high + params * kAdapterShareHigh * 4;
  const std::string formula = "weights = params × bytes per param + adapters × 4 B = " + params_text(params) +
                              " × " + bytes_text(b.typical) + " + " + params_text(adapters) + " × 4 B = " +
                              gb_text(typical / kBytesPerGb) + " GB (" +
                              range_text(low / kBytesPerGb, high / kBytesPerGb) + ")";
  return make_part("weights", low, typical, high, formula);
}

double full_weight_bytes(const FitView& in) { return in.precision == "fp32" ? 4 : 2; }

MemoryPart full_weights(const FitView& in, double params) {
  const double b = full_weight_bytes(in);
  const double bytes = params * b;
  return make_part("weights", bytes, bytes, bytes,
                   "weights = params × bytes per param = " + params_text(params) + " × " + bytes_text(b) + " = " +
                       gb_text(bytes / kBytesPerGb) + " GB");
}

MemoryPart gradients(const FitView& in, double params) {
  if (in.mode == "inference") return make_part("gradients", 0, 0, 0, "gradients: none in inference");
  if (in.mode == "lora") {
    const double adapters = params * kAdapterShareTypical;
    return make_part("gradients", params * kAdapterShareLow * 4, adapters * 4, params * kAdapterShareHigh * 4,
                     "gradients = adapters × 4 B = " + params_text(adapters) + " × 4 B = " +
                         gb_text(adapters * 4 / kBytesPerGb) + " GB (frozen base weights get none)");
  }
  const double b = full_weight_bytes(in);
  const double bytes = params * b;
  return make_part("gradients", bytes, bytes, bytes,
                   "gradients = params × " + bytes_text(b) + " = " + params_text(params) + " × " + bytes_text(b) +
                       " = " + gb_text(bytes / kBytesPerGb) + " GB");
}

MemoryPart optimizer(const FitView& in, double params) {
  if (in.mode == "inference") return make_part("optimizer", 0, 0, 0, "optimizer: none in inference");
  if (in.mode == "lora") {
    const double adapters = params * kAdapterShareTypical;
    return make_part("optimizer", params * kAdapterShareLow * 8, adapters * 8, params * kAdapterShareHigh * 8,
                     "optimizer = adapters × 8 B (Adam m and v in fp32) = " + params_text(adapters) + " × 8 B = " +
                         gb_text(adapters * 8 / kBytesPerGb) + " GB");
  }
  // Mixed precision keeps an fp32 master copy (4 B) beside Adam's m and v (4 + 4 B);
  // pure fp32 training updates the weights in place, so only m and v.
  const bool fp32 = in.precision == "fp32";
  const double b = fp32 ? 8 : 12;
  const double bytes = params * b;
  const std::string what = fp32 ? "Adam m 4 + v 4" : "fp32 master copy 4 + Adam m 4 + v 4";
  return make_part("optimizer", bytes, bytes, bytes,
                   "optimizer = params × " + bytes_text(b) + " (" + what + ") = " + params_text(params) + " × " +
                       bytes_text(b) + " = " + gb_text(bytes / kBytesPerGb) + " GB");
}

MemoryPart activations(const FitView& in) {
  const double scale = in.precision == "fp32" ? 2 : 1;  // fp32 activations are twice as large
  const double per_layer_unit = kActivationBytesPerLayer * scale;
  const double tokens = static_cast<double>(in.context) * in.batch_size;
  const double h = in.hidden_size;
  const std::string shape = std::to_string(in.context) + " × " + std::to_string(in.batch_size) + " × " +
                            std::to_string(in.hidden_size);
  // Training: with checkpointing every layer keeps its input and one layer is recomputed
  // at a time; without it every layer keeps all 34 bytes per token per hidden unit.
  const double checkpoint_unit = kCheckpointBytesPerLayer * scale * in.layers + per_layer_unit;
  const double all_layers_unit = per_layer_unit * in.layers;
  const double high = all_layers_unit * tokens * h;
  if (checkpoint_unit >= all_layers_unit) {
    // One layer: checkpointing would keep its input on top of the layer (2 + 34 > 34),
    // so nobody switches it on and the typical figure is the checkpointing-off one.
    return make_part("activations", high, high, high,
                     "activations ≈ " + format_number(per_layer_unit, 0) +
                         " × layers × context × batch × hidden B (checkpointing saves nothing on one layer) = " +
                         format_number(all_layers_unit, 0) + " × " + shape + " B = " + gb_text(high / kBytesPerGb) +
                         " GB");
  }
  const double typical = checkpoint_unit * tokens * h;
  return make_part("activations", typical, typical, high,
                   "activations ≈ (" + format_number(kCheckpointBytesPerLayer * scale, 0) + " × layers + " +
                       format_number(per_layer_unit, 0) + ") × context × batch × hidden B (checkpointing on) = " +
                       format_number(checkpoint_unit, 0) + " × " + shape + " B = " + gb_text(typical / kBytesPerGb) +
                       " GB; checkpointing off: " + format_number(per_layer_unit, 0) + " × layers × ... = " +
                       gb_text(high / kBytesPerGb) + " GB");
}

MemoryPart no_kv_cache() {
  return make_part("kv_cache", 0, 0, 0, "kv_cache: none in training (no token-by-token generation)");
}

MemoryPart overhead(const MemoryPart& act, const MemoryPart& kv) {
  const double low = kFixedOverheadLowGb + kFragmentationLow * (act.low_gb + kv.low_gb);
  const double typical = kFixedOverheadTypicalGb + kFragmentationTypical * (act.gb + kv.gb);
  const double high = kFixedOverheadHighGb + kFragmentationHigh * (act.high_gb + kv.high_gb);
  return make_part("overhead", low * kBytesPerGb, typical * kBytesPerGb, high * kBytesPerGb,
                   "overhead ≈ " + format_number(kFixedOverheadTypicalGb, 1) +
                       " GB per GPU (CUDA context) + " + format_number(kFragmentationTypical * 100, 0) +
                       "% of activations and KV cache = " + format_number(kFixedOverheadTypicalGb, 1) + " + " +
                       format_number(kFragmentationTypical, 2) + " × " + gb_text(act.gb + kv.gb) + " = " +
                       gb_text(typical) + " GB (" + range_text(low, high) + ")");
}

// [SECTION] Inference: the engine's memory (inference_memory.h), as parts. The weights,
// KV cache and the buffer on one GPU share out over several GPUs; every GPU pays its own
// compute buffers and runtime (FitResult::per_gpu_fixed_gb).
std::vector<MemoryPart> inference_parts(const FitView& in, const InferenceMemory& mem) {
  const std::string engine = engine_label(mem.engine);
  std::string weights = "weights on the GPUs = (params − token embeddings) × bits / 8 = " + gb_text(mem.weights_gb()) +
                        " GB (" + engine + ")";
  if (mem.host_weights_gb > 0) weights += "; the token embeddings (" + gb_text(mem.host_weights_gb) + " GB) stay in system RAM";
  const std::string kv = "kv_cache = 2 × layers × kv_heads × head_dim × context × batch × 2 B = 2 × " +
                         std::to_string(in.layers) + " × " + std::to_string(in.kv_heads) + " × " +
                         std::to_string(in.head_dim) + " × " + std::to_string(in.context) + " × " +
                         std::to_string(in.batch_size) + " × " + bytes_text(in.precision == "fp32" ? 4 : 2) + " = " +
                         gb_text(mem.kv_cache_gb()) + " GB";
  const std::string act =
      mem.engine == Engine::llamacpp
          ? "activations = compute buffers for a micro-batch of 512 tokens, per GPU " + gb_text(mem.per_gpu_buffer_gb) +
                " GB + logits on one GPU " + gb_text(mem.shared_buffer_gb) + " GB"
          : "activations = vLLM's profiling pass (8192 tokens) and sampler logits, per GPU: " +
                gb_text(mem.per_gpu_buffer_gb) + " GB";
  const std::string over = "overhead = " + gb_text(mem.per_gpu_overhead_gb) +
                           (mem.engine == Engine::llamacpp ? " GB per GPU (CUDA context, cuBLAS workspace)"
                                                           : " GB per GPU (CUDA context, NCCL, CUDA graphs); vLLM fills "
                                                             "90% of each GPU's memory");
  auto exact = [](const char* key, double gb, std::string formula) {
    return make_part(key, gb * kBytesPerGb, gb * kBytesPerGb, gb * kBytesPerGb, std::move(formula));
  };
  return {exact("weights", mem.weights_gb(), weights), make_part("gradients", 0, 0, 0, "gradients: none in inference"),
          make_part("optimizer", 0, 0, 0, "optimizer: none in inference"),
          exact("activations", mem.activations_gb(), act), exact("kv_cache", mem.kv_cache_gb(), kv),
          exact("overhead", mem.per_gpu_overhead_gb, over)};
}

}  // namespace

// [SECTION] Presets and choices
TableView<ModelPreset> model_presets() { return kPresets; }

const ModelPreset* find_preset(const std::string& preset_id) {
  for (const auto& preset : kPresets) {
    if (preset_id == preset.id) return &preset;
  }
  return nullptr;
}

const ModelPreset& nearest_preset(double params_b) {
  if (!std::isfinite(params_b) || params_b <= 0) params_b = FitView{}.params_b;
  const ModelPreset* best = &kPresets[0];
  double best_distance = INFINITY;
  for (const auto& preset : kPresets) {
    // A bare parameter count is a dense model: a mixture of experts' shape would not fit it.
    if (preset.active_params_b < preset.params_b) continue;
    const double distance = std::fabs(std::log(params_b / preset.params_b));
    if (distance < best_distance) {
      best_distance = distance;
      best = &preset;
    }
  }
  return *best;
}

FitView apply_preset(FitView view, const std::string& preset_id) {
  const ModelPreset* preset = find_preset(preset_id);
  if (!preset) {
    view.preset = "custom";
    return view;
  }
  view.preset = preset->id;
  view.params_b = preset->params_b;
  view.layers = preset->layers;
  view.kv_heads = preset->kv_heads;
  view.head_dim = preset->head_dim;
  view.hidden_size = preset->hidden_size;
  return view;
}

FitView shape_from_nearest_preset(FitView view) {
  const ModelPreset& preset = nearest_preset(view.params_b);
  view.preset = "custom";
  view.layers = preset.layers;
  view.kv_heads = preset.kv_heads;
  view.head_dim = preset.head_dim;
  view.hidden_size = preset.hidden_size;
  return view;
}

const std::vector<std::string>& fit_precisions() { return kPrecisions; }
const std::vector<std::string>& fit_notice_patterns() { return kNoticePatterns; }
const std::vector<std::string>& fit_modes() { return kModes; }
bool is_fit_precision(const std::string& precision) {
  return std::find(kPrecisions.begin(), kPrecisions.end(), precision) != kPrecisions.end();
}
bool is_fit_mode(const std::string& mode) { return std::find(kModes.begin(), kModes.end(), mode) != kModes.end(); }

// [SECTION] The estimate
const MemoryPart* FitResult::part(const std::string& key) const {
  for (const auto& p : parts) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

double FitResult::part_gb(const std::string& key) const {
  const MemoryPart* p = part(key);
  return p ? p->gb : 0;
}

FitResult fit_model(const FitView& view) {
  FitResult result;
  result.input = checked_input(view, result.notices);
  const FitView& in = result.input;
  const double params = in.params_b * 1e9;

  if (in.mode == "inference") {
    const InferenceMemory mem = fit_inference_memory(in);
    result.parts = inference_parts(in, mem);
    result.total_gb = result.total_low_gb = result.total_high_gb = mem.one_gpu_gb();
    result.per_gpu_fixed_gb = mem.per_gpu_fixed_gb();
    result.usable_share = mem.usable_share;
    result.engine = engine_key(mem.engine);
    return result;
  }
  MemoryPart weights = in.mode == "lora" ? lora_weights(in, params) : full_weights(in, params);
  MemoryPart act = activations(in);
  MemoryPart kv = no_kv_cache();
  MemoryPart over = overhead(act, kv);
  result.parts = {weights, gradients(in, params), optimizer(in, params), act, kv, over};
  for (const auto& p : result.parts) {
    result.total_low_gb += p.low_gb;
    result.total_gb += p.gb;
    result.total_high_gb += p.high_gb;
  }
  result.per_gpu_fixed_gb = kFixedOverheadTypicalGb;
  return result;
}

InferenceMemoryInput fit_inference_input(const FitView& view) {
  InferenceMemoryInput out;
  const ModelPreset* preset = view.preset == "custom" ? nullptr : find_preset(view.preset);
  const ModelPreset& shape = preset ? *preset : nearest_preset(view.params_b);
  out.model.params_b = out.model.active_params_b = view.params_b;
  out.model.layers = view.layers;
  out.model.kv_heads = view.kv_heads;
  out.model.head_dim = view.head_dim;
  out.model.hidden_size = view.hidden_size;
  out.model.vocab_size = shape.vocab_size;
  out.model.tied_embeddings = shape.tied_embeddings;
  const Quantisation* quant = find_quantisation(quant_for_fit_precision(view.precision));
  out.weight_bits = quant ? quant->bits_per_weight : 32;  // fp32: no format of ours, 32 bits
  out.kv_bits = view.precision == "fp32" ? 32 : 16;
  out.context = view.context;
  out.concurrent = view.batch_size;
  return out;
}

Engine fit_inference_engine(const std::string& precision) {
  const Quantisation* quant = find_quantisation(quant_for_fit_precision(precision));
  return quant ? engine_for_quant(*quant) : Engine::vllm;
}

InferenceMemory fit_inference_memory(const FitView& view) {
  return inference_memory(fit_inference_engine(view.precision), fit_inference_input(view));
}

// [SECTION] Which cards fit
double usable_vram_gb(const Gpu& gpu) { return usable_vram_gb(gpu, kUsableVramFraction); }

double usable_vram_gb(const Gpu& gpu, double share) {
  const double card_gb = gpu.vram_gb * kBytesPerPrintedVramGb / kBytesPerGb * share;
  // Unified memory: the GPU may use only its share of the machine's memory by default.
  return gpu.gpu_memory_share_pct ? card_gb * *gpu.gpu_memory_share_pct / 100.0 : card_gb;
}

const char* unified_memory_fit_rule() {
  return I18N("Unified-memory systems (Apple, DGX Spark, Jetson, Ryzen AI Max): a model can use only the GPU's "
              "default share of the memory (macOS: about 75%), so their memory counts at that share.");
}

TemplateText usable_memory_note(const Gpu& gpu) {
  if (!gpu.gpu_memory_share_pct) return {};
  return {I18N("Unified memory: a model can use about {0} GB of the {1} GB (the GPU's default share, {2}%)"),
          {format_number(usable_vram_gb(gpu), 1), format_number(gpu.vram_gb, 1), format_number(*gpu.gpu_memory_share_pct, 1)},
          {}};
}

double per_gpu_need_gb(const FitResult& result, int gpu_count) {
  if (gpu_count < 1) gpu_count = 1;
  const double fixed = std::min(result.per_gpu_fixed_gb, result.total_gb);
  return (result.total_gb - fixed) / gpu_count + fixed;
}

double checkpointing_off_extra_gb(const FitResult& result) {
  const MemoryPart* act = result.part("activations");
  if (!act || !(act->high_gb > act->gb)) return 0;
  return (act->high_gb - act->gb) * (1 + kFragmentationTypical);
}

bool fits(const Gpu& gpu, const FitResult& result, int gpu_count) {
  if (gpu_count < 1 || !(gpu.vram_gb > 0)) return false;
  // A computer of its own (a Mac, a DGX Spark): several are machines on a network, whose
  // memory does not pool; the model fits several only where it fits one.
  if (gpu_count > 1 && (gpu.kind == "system" || gpu.gpu_memory_share_pct)) gpu_count = 1;
  // Inference on a card the result's engine does not run on (BF16 on a Mac): the engine the
  // Speed tab picks for it, llama.cpp.
  const Quantisation* quant = find_quantisation(quant_for_fit_precision(result.input.precision));
  const std::optional<Engine> engine = find_engine(result.engine);
  if (result.input.mode == "inference" && quant && engine && engine_for_card(*quant, gpu) != *engine) {
    const InferenceMemory mem = inference_memory(engine_for_card(*quant, gpu), fit_inference_input(result.input));
    return mem.per_gpu_gb(gpu_count) <= usable_vram_gb(gpu, mem.usable_share);
  }
  return per_gpu_need_gb(result, gpu_count) <= usable_vram_gb(gpu, result.usable_share);
}

const std::vector<int>& fit_gpu_counts() { return kGpuCounts; }

std::map<int, std::vector<std::string>> cards_that_fit(const Catalog& catalog, const FitResult& result) {
  std::vector<const Gpu*> by_vram;
  for (const auto& gpu : catalog.gpus) by_vram.push_back(&gpu);
  stable_sort_rows(by_vram, [](const Gpu* a, const Gpu* b) {
    return a->vram_gb != b->vram_gb ? a->vram_gb < b->vram_gb : a->id < b->id;
  });
  std::map<int, std::vector<std::string>> out;
  for (int count : kGpuCounts) {
    auto& ids = out[count];
    for (const Gpu* gpu : by_vram) {
      if (fits(*gpu, result, count)) ids.push_back(gpu->id);
    }
  }
  return out;
}

}  // namespace gpuwise
