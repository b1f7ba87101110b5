#include "estimate/engine.h"

#include <cctype>

namespace gpuwise {
namespace {

// [SECTION] Quantisations. Bits per weight include the block scales: llama.cpp's k-quants
// as its quantize tool reports them for Llama-class models (Q4_K_M mixes Q4_K and Q6_K
// tensors), Q8_0 = 8 + 16/32, Q4_0 = 4 + 16/32, MXFP4 = 4 + an 8-bit scale per 32 (the
// format gpt-oss ships its experts in), AWQ / GPTQ = 4 + a 16-bit scale and zero per 128 weights.
// llama.cpp reads GGUF files (F16 and BF16 among them), vLLM safetensors checkpoints
// (its GGUF loader is experimental, so a k-quant is refused there).
const std::vector<Quantisation> kQuantisations = {
    {"bf16", "BF16", 16, false, false, true, true},
    {"fp16", "FP16", 16, false, false, true, true},
    {"fp8", "FP8", 8, false, true, false, true},
    {"q8_0", "Q8_0 (llama.cpp)", 8.5, true, false, true, false},
    {"q6_k", "Q6_K (llama.cpp)", 6.56, true, false, true, false},
    {"q5_k_m", "Q5_K_M (llama.cpp)", 5.69, true, false, true, false},
    {"q4_k_m", "Q4_K_M (llama.cpp)", 4.85, true, false, true, false},
    {"q4_0", "Q4_0 (llama.cpp)", 4.5, true, false, true, false},
    {"mxfp4", "MXFP4 (llama.cpp, gpt-oss)", 4.25, true, false, true, false},
    {"q3_k_m", "Q3_K_M (llama.cpp)", 3.91, true, false, true, false},
    {"int4-awq", "INT4 AWQ", 4.25, false, false, false, true},
    {"int4-gptq", "INT4 GPTQ", 4.25, false, false, false, true},
};

const char* const kEngineKeys[] = {"llamacpp", "vllm", "pytorch"};
const char* const kEngineLabels[] = {"llama.cpp / Ollama", "vLLM / SGLang", "PyTorch"};
const std::vector<std::string> kSpeedEngineKeys = {"auto", "llamacpp", "vllm"};

}  // namespace

// [SECTION] Quantisations
const std::vector<Quantisation>& quantisations() { return kQuantisations; }

const Quantisation* find_quantisation(std::string_view id) {
  std::string lower;
  for (char c : id) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "f16") lower = "fp16";
  for (const auto& q : kQuantisations) {
    if (q.id == lower) return &q;
  }
  return nullptr;
}

std::string quant_for_fit_precision(const std::string& precision) {
  if (precision == "bf16" || precision == "fp16") return precision;
  if (precision == "int8") return "q8_0";
  if (precision == "int4") return "q4_k_m";
  return "";
}

// [SECTION] Engines
const char* engine_key(Engine engine) { return kEngineKeys[static_cast<int>(engine)]; }
const char* engine_label(Engine engine) { return kEngineLabels[static_cast<int>(engine)]; }

std::optional<Engine> find_engine(std::string_view key) {
  for (int i = 0; i < 3; ++i) {
    if (key == kEngineKeys[i]) return static_cast<Engine>(i);
  }
  return std::nullopt;
}

const std::vector<std::string>& speed_engine_keys() { return kSpeedEngineKeys; }

Engine engine_for_quant(const Quantisation& quant) { return quant.runs_vllm ? Engine::vllm : Engine::llamacpp; }

bool engine_runs_on(Engine engine, const Gpu& gpu) { return engine != Engine::vllm || gpu.vendor != "Apple"; }

Engine engine_for_card(const Quantisation& quant, const Gpu& gpu) {
  const Engine engine = engine_for_quant(quant);
  return !engine_runs_on(engine, gpu) && quant.runs_llamacpp ? Engine::llamacpp : engine;
}

std::optional<TemplateText> engine_quant_problem(Engine engine, const Quantisation& quant) {
  if (engine == Engine::llamacpp && !quant.runs_llamacpp) {
    return TemplateText{I18N("llama.cpp does not run {0} weights: choose vLLM / SGLang, or a GGUF format (Q8_0 to "
                             "Q3_K_M, FP16, BF16)"),
                        {quant.label}};
  }
  if (engine == Engine::vllm && !quant.runs_vllm) {
    return TemplateText{I18N("vLLM / SGLang does not run llama.cpp's {0} GGUF weights: choose llama.cpp / Ollama, "
                             "or BF16, FP16, FP8, AWQ or GPTQ"),
                        {quant.label}};
  }
  if (engine == Engine::pytorch) {
    return TemplateText{I18N("PyTorch is the training engine here: estimate inference with llama.cpp or vLLM")};
  }
  return std::nullopt;
}

}  // namespace gpuwise
