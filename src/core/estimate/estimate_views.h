// The view sections the estimates compute from: the model for the VRAM fit, the
// advisor's machine, the Speed tab. Sections of ViewState (view/view_state.h); fit_model,
// advise and speed_table take them as they are (after the field table's clamp).
#pragma once
#include <string>
#include <vector>

namespace gpuwise {

struct FitView {
  std::string preset = "llama-3-8b";        // a named model shape, or "custom"
  double params_b = 8.03;                   // parameters, billions
  std::string precision = "bf16";           // fp32, bf16, fp16, int8, int4
  std::string mode = "inference";           // inference, lora, full
  int batch_size = 1;
  int context = 8192;                       // sequence length, tokens
  int layers = 32;
  int kv_heads = 8;                         // GQA: fewer KV heads than attention heads
  int head_dim = 128;
  int hidden_size = 4096;                   // drives the activation estimate
};

struct AdvisorView {
  std::string gpu_id = "rtx-4090";
  int gpu_count = 1;
  double dataset_read_mbs = 300;            // how fast training reads data, MB/s
};

// The Speed tab: how fast a language model runs on each card (speed_view.h). `gpuwise
// speed` reads its flags into this section too, so these are the defaults of both.
struct SpeedView {
  std::string preset = "llama-3-8b";        // a model_presets() id
  double params_b = 0;                      // > 0: a model of this many billion parameters instead
                                            // of the preset (the nearest preset's shape); 0: the preset's
  double active_params_b = 0;               // > 0: parameters per token (mixture of experts); 0: the model's
  std::string quant = "q4_k_m";             // a quantisations() id
  std::string engine = "auto";              // auto (from the quantisation), llamacpp, vllm (engine.h)
  // One machine of these cards (ids; repeat one for two of it), each gpu_count times;
  // empty: every card of the catalog, gpu_count of each.
  std::vector<std::string> cards;
  int context = 4096;                       // tokens held per request
  int prompt_tokens = 0;                    // prompt for time to first token; 0: the whole context
  int concurrent = 1;                       // requests decoded together
  int gpu_count = 1;                        // tensor parallel over this many of each card
  double unified_memory_gb = 0;             // > 0: a unified-memory machine with this much RAM; 0: the card's VRAM
  double host_ram_gb = 0;                   // > 0: llama.cpp may keep layers in this much system RAM
  // The host's memory bandwidth: dual-channel DDR5-5600, 2 x 64 bit x 5600 MT/s (docs/speed.md).
  double host_bandwidth_gbs = 89.6;
  int ram_layers = 0;                       // layers kept in system RAM; 0: as many as needed
  std::string sort = "decode";              // decode, prefill, ttft (speed_sort_keys())
  bool fits_only = true;                    // hide the cards the model does not fit on
  int top_n = 20;
};
// One default Speed view to read defaults from (SpeedInput's), built once: a SpeedView{}
// per member cost the download ~0.9 KB of constructor code.
inline const SpeedView kSpeedViewDefaults{};

}  // namespace gpuwise
