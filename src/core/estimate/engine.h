// The software that runs a model, and the weight formats it reads. The engine decides how
// several GPUs combine (llama.cpp runs whole layers one GPU after another; vLLM splits
// every layer over the GPUs) and how memory is allocated (inference_memory.h), so every
// estimate names it. docs/speed.md, "Engines".
//
// [SECTION] Quantisations   bits per weight incl. scales; which engine reads the format
// [SECTION] Engines         llama.cpp / Ollama, vLLM / SGLang, PyTorch (training)
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Quantisations

struct Quantisation {
  std::string id;          // "q4_k_m"
  std::string label;       // "Q4_K_M (llama.cpp)"
  double bits_per_weight;  // stored bits per weight incl. block scales: Q4_K_M 4.85
  bool llama_cpp;          // a GGUF k-quant / Q8_0: prefill efficiency of the quantised path
  bool fp8_compute;        // prefill runs on FP8 tensor cores where the card has them
  bool runs_llamacpp;      // llama.cpp reads it (GGUF: the k-quants, Q8_0, F16, BF16)
  bool runs_vllm;          // vLLM / SGLang read it (safetensors: BF16, FP16, FP8, AWQ, GPTQ)
};
// BF16, FP16, FP8, Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q4_0, MXFP4, Q3_K_M, INT4 AWQ, INT4 GPTQ, in that order.
const std::vector<Quantisation>& quantisations();
// By id, case-insensitive; "f16" is fp16 (llama.cpp's name). nullptr when unknown.
const Quantisation* find_quantisation(std::string_view id);
// The speed model's format for a VRAM-fit precision: bf16, fp16; int8 -> q8_0 and int4 ->
// q4_k_m (llama.cpp's, which the model is calibrated on); "" for fp32 (no format of ours).
std::string quant_for_fit_precision(const std::string& precision);

// [SECTION] Engines

enum class Engine { llamacpp, vllm, pytorch };

const char* engine_key(Engine engine);    // "llamacpp", "vllm", "pytorch"
const char* engine_label(Engine engine);  // "llama.cpp / Ollama", "vLLM / SGLang", "PyTorch"
std::optional<Engine> find_engine(std::string_view key);
// SpeedView::engine's choices: "auto" (from the quantisation) and the inference engines.
const std::vector<std::string>& speed_engine_keys();

// The engine a format calls for: vLLM for what it reads (BF16, FP16, FP8, AWQ, GPTQ),
// llama.cpp for GGUF quantisations.
Engine engine_for_quant(const Quantisation& quant);
// vLLM / SGLang have no Apple (Metal) backend; llama.cpp runs on every GPU of the catalog.
bool engine_runs_on(Engine engine, const Gpu& gpu);
// "auto" for one card: the format's engine, or llama.cpp where that engine does not run
// on the card and llama.cpp reads the format (BF16 on a Mac).
Engine engine_for_card(const Quantisation& quant, const Gpu& gpu);
// Why `engine` cannot run `quant` (AWQ on llama.cpp, a GGUF k-quant on vLLM, anything on
// PyTorch here, which estimates training); nullopt when it can.
std::optional<TemplateText> engine_quant_problem(Engine engine, const Quantisation& quant);

}  // namespace gpuwise
