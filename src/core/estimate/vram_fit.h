// How much GPU memory a language model needs, part by part, and which cards hold it on
// 1, 2, 4 or 8 GPUs. Method and every constant: docs/vram-fit.md.
//
// Index:
//   [SECTION] Model presets    named shapes from published Hugging Face config.json files
//   [SECTION] The estimate     fit_model(): parts with a typical value, a range and a formula
//   [SECTION] Which cards fit  fits(), per_gpu_need_gb(), cards_that_fit()
#pragma once
#include <map>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "text/table_view.h"
#include "text/template_text.h"
#include "estimate/estimate_views.h"
#include "estimate/inference_memory.h"

namespace gpuwise {

// [SECTION] Model presets

struct ModelPreset {
  const char* id;          // "llama-3-70b": what FitView::preset holds
  const char* name;        // "Llama 3 70B"
  double params_b = 0;     // parameters, billions (all experts for a mixture of experts)
  int layers = 0;          // num_hidden_layers
  int kv_heads = 0;        // num_key_value_heads (== attention heads: no GQA)
  int head_dim = 0;        // head_dim, or hidden_size / num_attention_heads
  int hidden_size = 0;     // hidden_size
  const char* source;      // the config.json the shape comes from
  // Parameters one token passes through, billions: params_b for a dense model; for a
  // mixture of experts the shared layers plus the experts routed to (speed.h reads it;
  // the memory needed is always params_b).
  double active_params_b = 0;
  int max_context = 0;     // max_position_embeddings: the longest context it was trained for
  int vocab_size = 0;      // vocab_size: the embedding table and output head are vocab x hidden each
  bool tied_embeddings = false;  // tie_word_embeddings: one table serves as both
};

// Every preset, smallest first; the UI lists them in this order.
TableView<ModelPreset> model_presets();
// The preset with this id, or nullptr.
const ModelPreset* find_preset(const std::string& preset_id);
// The dense preset whose size is nearest to params_b by ratio (10B: 8.03B is ×1.25 away,
// 13B ×1.3, so Llama 3 8B); gives a bare parameter count a plausible shape.
const ModelPreset& nearest_preset(double params_b);

// The view with the preset's size and shape. An unknown id leaves the numbers alone
// and sets preset to "custom".
FitView apply_preset(FitView view, const std::string& preset_id);
// Keeps params_b, takes layers / KV heads / head_dim / hidden size from nearest_preset(),
// and sets preset to "custom".
FitView shape_from_nearest_preset(FitView view);

// The choices the UI offers, in display order.
const std::vector<std::string>& fit_precisions();  // fp32, bf16, fp16, int8, int4
const std::vector<std::string>& fit_modes();       // inference, lora, full
bool is_fit_precision(const std::string& precision);
bool is_fit_mode(const std::string& mode);
// Every pattern a FitResult notice can use, for translation tables and their tests.
const std::vector<std::string>& fit_notice_patterns();

// Inputs outside the ranges in limits.h (limits::kParamsB, kBatchSize, kContextTokens,
// kLayers, kKvHeads, kHeadDim, kHiddenSize) are clamped and reported in FitResult::notices.

// [SECTION] The estimate

struct MemoryPart {
  std::string key;       // weights, gradients, optimizer, activations, kv_cache, overhead
  double gb = 0;         // typical; GB = 1e9 bytes
  double low_gb = 0;     // low == gb == high where the part is exact arithmetic
  double high_gb = 0;
  std::string formula;   // "weights = params × bytes per param = 70.6e9 × 2 B = 141.2 GB"
};

constexpr double kUsableVramFraction = 0.95;  // training's share of printed VRAM (usable_vram_gb)

struct FitResult {
  FitView input;                     // the inputs actually used (after clamping)
  std::vector<MemoryPart> parts;     // always the six keys above, in that order
  double total_gb = 0;               // sum of the typical parts
  double total_low_gb = 0;
  double total_high_gb = 0;
  // The part of `overhead` every GPU pays again (CUDA context, library workspaces);
  // the rest of the total is split evenly across GPUs.
  double per_gpu_fixed_gb = 0;
  // Of a card's printed memory what may be filled: training 0.95 (kUsableVramFraction);
  // inference the engine's (inference_memory.h: llama.cpp 1, its overhead counted as a part;
  // vLLM 0.9, its gpu_memory_utilization).
  double usable_share = kUsableVramFraction;
  std::string engine;  // inference: the engine whose memory this is (engine_key); training: ""
  std::vector<TemplateText> notices;  // "params_b: 5000 is out of range; clamped to 2000"

  const MemoryPart* part(const std::string& key) const;
  double part_gb(const std::string& key) const;  // 0 for an unknown key
};

// The memory the model needs. Never NaN, inf or negative: bad inputs are clamped or
// replaced by the defaults and each change becomes a notice. Inference is the engine's
// memory (inference_memory.h) for the precision's format: int4 is Q4_K_M and int8 Q8_0
// on llama.cpp, bf16 / fp16 (and fp32) run on vLLM, as the Speed tab's "auto" engine.
FitResult fit_model(const FitView& view);

// The inference memory fit_model() uses for a (clamped) view, and its parts.
Engine fit_inference_engine(const std::string& precision);
InferenceMemoryInput fit_inference_input(const FitView& view);
InferenceMemory fit_inference_memory(const FitView& view);

// [SECTION] Which cards fit

// Of a card's printed VRAM, what one process can fill. Printed VRAM is GiB (memory chips
// come in powers of two), so usable GB = vram_gb × 1.073741824 × 0.95; for unified memory
// (gpu_memory_share_pct given) only the GPU's share of that: × share / 100.
constexpr double kBytesPerPrintedVramGb = 1073741824.0;
double usable_vram_gb(const Gpu& gpu);
// The same at `share` of the printed memory instead of kUsableVramFraction (FitResult::usable_share).
double usable_vram_gb(const Gpu& gpu, double share);
// The fit output's sentence on unified memory (an I18N pattern without arguments).
const char* unified_memory_fit_rule();
// For a unified-memory row: "a model can use about 73 GB of the 96 GB ..."; empty otherwise.
TemplateText usable_memory_note(const Gpu& gpu);

// GB each GPU must hold when the model is split evenly over gpu_count GPUs
// (tensor or pipeline parallel): (total − fixed) / count + fixed.
double per_gpu_need_gb(const FitResult& result, int gpu_count);
// What training needs on top of `result` (GB, all GPUs together) to keep every layer's
// activations instead of recomputing them (checkpointing off), fragmentation included;
// 0 for inference.
double checkpointing_off_extra_gb(const FitResult& result);

// True when gpu_count of this card hold the typical total at the result's usable share
// (count < 1 never fits). Several computers of their own (kind "system", unified memory)
// hold what one holds: their memory does not pool.
bool fits(const Gpu& gpu, const FitResult& result, int gpu_count);

// The GPU counts the fit table shows.
const std::vector<int>& fit_gpu_counts();  // 1, 2, 4, 8

// For each count in fit_gpu_counts(): the ids of every card that fits at that count
// (a card that fits on 1 is listed again for 2, 4 and 8), smallest VRAM first, then id.
std::map<int, std::vector<std::string>> cards_that_fit(const Catalog& catalog, const FitResult& result);

}  // namespace gpuwise
