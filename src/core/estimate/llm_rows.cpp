#include "estimate/llm_rows.h"

#include <algorithm>

namespace gpuwise {

// System RAM a measured run with layers in RAM had: enough (the run happened), and the
// sources do not all say how much.
constexpr double kMeasuredHostRamGb = 1000;

std::vector<LlmRow> llm_rows(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& phase) {
  std::vector<LlmRow> out;
  for (const auto& r : benchmarks.results) {
    if (r.phase != phase || r.outlier || r.unit != "tokens_per_s" || !r.context) continue;
    const int index = catalog.find(r.gpu_id);
    const auto model = speed_model_from_preset(r.model);
    const Quantisation* quant = find_quantisation(r.precision);
    // A card without a published bandwidth cannot be calibrated on (none has measurements today).
    if (index < 0 || !model || !quant || !catalog.gpus[static_cast<std::size_t>(index)].memory_bandwidth_gbs) continue;
    out.push_back({&r, &catalog.gpus[static_cast<std::size_t>(index)], *model, quant, phase});
  }
  return out;
}

SpeedInput measured_input(const LlmRow& r) {
  SpeedInput input;
  input.model = r.model;
  input.quant = r.quant->id;
  input.engine = engine_key(Engine::llamacpp);
  const int tokens = *r.row->context;
  const int depth = r.row->depth.value_or(0);
  input.context = depth + (r.phase == "decode" ? std::max(1, tokens / 2) : tokens);
  input.prompt_tokens = r.phase == "decode" ? 0 : tokens;
  input.cached_tokens = depth;
  input.gpu_count = r.row->gpus;
  input.older_build = older_build_run(*r.row);
  if (r.row->gpu_layers) {
    input.host_ram_gb = kMeasuredHostRamGb;
    input.ram_layers = std::max(0, r.model.layers - *r.row->gpu_layers);
    if (r.row->host_bandwidth_gbs) input.host_bandwidth_gbs = *r.row->host_bandwidth_gbs;
  }
  return input;
}

std::string llm_group(const LlmRow& r) {
  return r.row->model + " " + r.row->precision + " " + std::to_string(*r.row->context);
}

}  // namespace gpuwise
