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
// How a model is run on a machine: the Speed tab's settings, and the one speed input of
// every estimate (SpeedInput, speed.h, is a model and a SpeedRun). A new speed input is a
// member here, its field row (view/view_fields.cpp) and its use in the estimate: every
// caller that runs a model (Ask, the cost of a job, serving, rankings) gets its default.
struct SpeedRun {
  std::string quant = "q4_k_m";             // a quantisations() id
  std::string engine = "auto";              // auto (from the quantisation), llamacpp, vllm (engine.h)
  int context = 4096;                       // tokens held per request (prompt + generated)
  int prompt_tokens = 0;                    // prompt for time to first token; 0: the whole context
  int concurrent = 1;                       // requests decoded together (batch)
  int gpu_count = 1;                        // this many of each card (tensor parallel in vLLM)
  double unified_memory_gb = 0;             // > 0: a unified-memory machine with this much RAM; 0: the card's VRAM
  // Layers kept in system RAM (llama.cpp): with host_ram_gb > 0 the layers the GPUs cannot
  // hold stay in RAM (ram_layers 0: as many as needed, as Ollama does; N: exactly N) and
  // run at the host's memory bandwidth.
  double host_ram_gb = 0;
  // The host's memory bandwidth: dual-channel DDR5-5600, 2 x 64 bit x 5600 MT/s (docs/speed.md).
  double host_bandwidth_gbs = 89.6;
  int ram_layers = 0;
  // > 0: speculative decoding with a draft model this many billion parameters (the nearest
  // preset's shape, in the same quantisation) beside the model; 0: none.
  double draft_params_b = 0;
};

struct SpeedView : SpeedRun {
  std::string preset = "llama-3-8b";        // a model_presets() id
  double params_b = 0;                      // > 0: a model of this many billion parameters instead
                                            // of the preset (the nearest preset's shape); 0: the preset's
  double active_params_b = 0;               // > 0: parameters per token (mixture of experts); 0: the model's
  // One machine of these cards (ids; repeat one for two of it), each gpu_count times;
  // empty: every card of the catalog, gpu_count of each.
  std::vector<std::string> cards;
  std::string sort = "decode";              // decode, prefill, ttft (speed_sort_keys())
  bool fits_only = true;                    // hide the cards the model does not fit on
  int top_n = 20;
};

// The Images tab: how fast and whether a diffusion model runs on each card (image.h).
// `gpuwise image` reads its flags into this section too.
struct ImageView {
  std::string model = "sdxl";               // an image_models() id: sd15, sdxl, flux1-dev, flux1-schnell
  std::string precision = "fp16";           // an image_precisions() id: fp16 (16-bit), fp8, nf4, gguf-q8, gguf-q4
  int width = 1024;                         // pixels
  int height = 1024;
  int steps = 30;                           // denoising steps per image
  // The software the figure is for: "pytorch" (diffusers, ComfyUI: PyTorch 2 pipelines) or
  // "webui" (AUTOMATIC1111's SD WebUI, Forge, SD.Next, as most readers run them).
  std::string software = "pytorch";
  bool fits_only = true;                    // hide the cards the model does not fit on
  int top_n = 20;
};

}  // namespace gpuwise
