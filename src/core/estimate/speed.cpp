#include "estimate/speed.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

#include "catalog/data_file.h"
#include "estimate/fit_support.h"
#include "estimate/serving.h"
#include "estimate/training.h"
#include "text/limits.h"
#include "text/number_text.h"
#include "text/stable_sort.h"
#include "text/template_text.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

// [SECTION] Quantisations. Bits per weight include the block scales: llama.cpp's k-quants
// as its quantize tool reports them for Llama-class models (Q4_K_M mixes Q4_K and Q6_K
// tensors), Q8_0 = 8 + 16/32, AWQ / GPTQ = 4 + a 16-bit scale and zero per 128 weights.
const std::vector<Quantisation> kQuantisations = {
    {"bf16", "BF16", 16, false, false},
    {"fp16", "FP16", 16, false, false},
    {"fp8", "FP8", 8, false, true},
    {"q8_0", "Q8_0 (llama.cpp)", 8.5, true, false},
    {"q6_k", "Q6_K (llama.cpp)", 6.56, true, false},
    {"q5_k_m", "Q5_K_M (llama.cpp)", 5.69, true, false},
    {"q4_k_m", "Q4_K_M (llama.cpp)", 4.85, true, false},
    {"q3_k_m", "Q3_K_M (llama.cpp)", 3.91, true, false},
    {"int4-awq", "INT4 AWQ", 4.25, false, false},
    {"int4-gptq", "INT4 GPTQ", 4.25, false, false},
};

constexpr double kBytesPerGb = 1e9;
constexpr double kParamsPerBillion = 1e9;  // the inputs count parameters in billions
constexpr double kFlopsPerTflop = 1e12;
constexpr double kBitsPerByte = 8;
constexpr double kKvBytesPerValue = 2;     // the KV cache stays 16-bit
constexpr double kKvTensorsPerLayer = 2;   // a key and a value vector per head
// A matrix-vector product costs a multiply and an add per weight: 2 FLOPs per active
// parameter per token, in decode and in prefill alike.
constexpr double kFlopsPerParamPerToken = 2;
// Attention's two matrix products (Q·Kᵀ and the weighted sum of V) over the cached
// tokens: 2 products × 2 FLOPs per multiply-add, per layer and hidden unit.
constexpr double kAttentionFlopsPerLayerHiddenToken = 4;
// Used only when the calibration holds neither the card's family nor a "default"
// (data/speed_calibration.json missing or refused): round shares below every fitted
// default (decode 0.89, prefill 0.62 / 0.78 in the shipped file, docs/speed.md) so a
// broken calibration file makes every card look slower rather than faster.
constexpr double kFallbackDecodeBandwidthShare = 0.6;
constexpr double kFallbackPrefillShare = 0.3;
// Decode overhead candidates for the fit: 0 to 300 µs per layer.
constexpr double kOverheadStepS = 2.5e-6;
constexpr int kOverheadSteps = 120;

double safe(double value) { return std::isfinite(value) && value > 0 ? value : 0; }

double tensor_parallel_share(int gpus) { return gpus <= 1 ? 1.0 : kTensorParallelEfficiency; }

// GeForce and TITAN RTX-class consumer NVIDIA cards: the catalog's figure is FP32
// accumulate, which runs at half the FP16-accumulate rate llama.cpp's cuBLAS path uses.
bool half_rate_fp32_accumulate(const Gpu& gpu) {
  return gpu.vendor == "NVIDIA" && gpu.line == "geforce" && gpu.name.find("TITAN") == std::string::npos;
}
constexpr double kFp16AccumulateSpeedup = 2;  // FP16 accumulate vs the listed FP32-accumulate rate

// The matrix throughput inference runs at for this quantisation, before efficiency.
double inference_peak_tflops(const Gpu& gpu, const Quantisation& quant) {
  if (quant.fp8_compute && gpu.fp8_tensor_tflops) return *gpu.fp8_tensor_tflops;
  if (gpu.fp16_tensor_tflops) return *gpu.fp16_tensor_tflops * (half_rate_fp32_accumulate(gpu) ? kFp16AccumulateSpeedup : 1);
  if (gpu.bf16_tensor_tflops) return *gpu.bf16_tensor_tflops;
  if (gpu.fp16_tflops) return *gpu.fp16_tflops;
  return gpu.fp32_tflops.value_or(0);
}

// A board cannot sustain more than kTflopsPerWatt per watt: a harmonic cap, so a
// power-limited card (RTX 6000 Ada at 300 W) falls below its printed peak.
double power_capped_tflops(const Gpu& gpu, double peak_tflops) {
  const double watts = gpu.tdp_w.value_or(0) / std::max(1, gpu.gpus_per_board);
  if (!(peak_tflops > 0)) return 0;
  if (!(watts > 0)) return peak_tflops;  // no published board power: nothing to cap by
  return 1 / (1 / peak_tflops + 1 / (kTflopsPerWatt * watts));
}

double kv_bytes_per_token_of_context(const SpeedModel& model) {
  return kKvTensorsPerLayer * model.layers * model.kv_heads * model.head_dim * kKvBytesPerValue;
}

double weight_bytes_per_token(const SpeedModel& model, const Quantisation& quant) {
  return model.active_params_b * kParamsPerBillion * quant.bits_per_weight / kBitsPerByte;
}

// FLOPs to process one prompt token at an average of `context_avg` earlier tokens.
double prefill_flops_per_token(const SpeedModel& model, double context_avg) {
  return kFlopsPerParamPerToken * model.active_params_b * kParamsPerBillion +
         kAttentionCostFactor * kAttentionFlopsPerLayerHiddenToken * model.layers * model.hidden_size * context_avg;
}

const Quantisation& quant_or_default(const std::string& id) {
  const Quantisation* q = find_quantisation(id);
  // speed_input_problem refuses an unknown id first; the page's default keeps this total.
  return q ? *q : *find_quantisation(SpeedView{}.quant);
}

// [SECTION] The measured rows the calibration and the check read
struct LlmRow {
  const MeasuredResult* row;
  const Gpu* gpu;
  SpeedModel model;
  const Quantisation* quant;
  std::string phase;  // decode, prefill
};

// The SpeedInput a measured run answers: one card, one request. llama-bench's tgN
// generates N tokens from an empty cache, so on average N/2 are cached (the context);
// ppN processes an N-token prompt (context and prompt N).
SpeedInput measured_input(const LlmRow& r) {
  SpeedInput input;
  input.model = r.model;
  input.quant = r.quant->id;
  const int tokens = *r.row->context;
  input.context = r.phase == "decode" ? std::max(1, tokens / 2) : tokens;
  input.prompt_tokens = r.phase == "decode" ? 0 : tokens;
  return input;
}

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

// [SECTION] Calibration
double SpeedCalibration::factor(const std::map<std::string, double>& table, const std::string& family,
                                double fallback) {
  auto it = table.find(family);
  if (it != table.end() && it->second > 0) return it->second;
  it = table.find("default");
  if (it != table.end() && it->second > 0) return it->second;
  return fallback;
}

std::string efficiency_family(const Gpu& gpu) {
  // Apple's GPUs (M1 to M5) are one family: one design lineage run through Metal by
  // llama.cpp, and no single generation has the three measured machines a factor needs.
  if (gpu.architecture.rfind("Apple GPU", 0) == 0) return "Apple GPU";
  return gpu.architecture;
}

SpeedCalibration fit_speed_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_set, const std::string& exclude_gpu) {
  SpeedCalibration cal;
  // Decode: for each per-layer overhead, each family's bandwidth share is the median of
  // ideal / (measured − overhead) time; keep the overhead with the smallest median error.
  // The roofline terms are estimate_speed()'s own (speed_roofline), read once per row.
  std::vector<std::pair<LlmRow, SpeedRoofline>> decode;
  for (const auto& r : llm_rows(catalog, benchmarks, "decode")) {
    if (!held_out(*r.row, exclude_set, exclude_gpu)) decode.push_back({r, speed_roofline(*r.gpu, measured_input(r))});
  }
  double best_error = INFINITY;
  for (int step = 0; step <= kOverheadSteps && !decode.empty(); ++step) {
    const double overhead = step * kOverheadStepS;
    std::map<std::string, FamilyValues> shares;
    for (const auto& [r, roofline] : decode) {
      const double rest = 1 / r.row->value - r.model.layers * overhead;
      if (rest <= 0) continue;
      shares[efficiency_family(*r.gpu)].add(*r.gpu, decode_memory_seconds(roofline, 1, 0) / rest);
    }
    std::map<std::string, double> table;
    std::map<std::string, int> samples;
    fill_medians(shares, "decode", table, samples);
    std::vector<double> errors;
    for (const auto& [r, roofline] : decode) {
      const double share = SpeedCalibration::factor(table, efficiency_family(*r.gpu), 1);
      errors.push_back(std::fabs(1 / decode_memory_seconds(roofline, share, overhead) / r.row->value - 1));
    }
    const double error = median(errors);
    if (error < best_error) {
      best_error = error;
      cal.decode_overhead_s_per_layer = overhead;
      cal.decode_bandwidth = table;
      cal.samples = samples;
    }
  }
  // Prefill: the median share of the power-capped tensor peak, per family and path.
  std::map<std::string, FamilyValues> quantised, sixteen;
  for (const auto& r : llm_rows(catalog, benchmarks, "prefill")) {
    if (held_out(*r.row, exclude_set, exclude_gpu)) continue;
    const SpeedRoofline roofline = speed_roofline(*r.gpu, measured_input(r));
    const double ideal = roofline.tensor_tflops * kFlopsPerTflop / roofline.prefill_flops_per_token;
    if (!(ideal > 0)) continue;
    (roofline.quantised_path ? quantised : sixteen)[efficiency_family(*r.gpu)].add(*r.gpu, r.row->value / ideal);
  }
  fill_medians(quantised, "prefill_quantised", cal.prefill_quantised, cal.samples);
  fill_medians(sixteen, "prefill_16bit", cal.prefill_16bit, cal.samples);
  fit_train_calibration(catalog, benchmarks, exclude_set, exclude_gpu, cal);
  // Serving is checked against runs the fit never reads: its bands need the full fit only.
  if (exclude_set.empty() && exclude_gpu.empty()) fit_serving_bands(catalog, benchmarks, cal);
  return cal;
}

json speed_calibration_to_json(const SpeedCalibration& cal) {
  auto rounded = [](const std::map<std::string, double>& table) {
    json out = json::object();
    for (const auto& [key, value] : table) out[key] = std::round(value * 10000) / 10000;
    return out;
  };
  return json{{"schema_version", 1},
               {"decode_overhead_us_per_layer", std::round(cal.decode_overhead_s_per_layer * 1e7) / 10},
               {"decode_bandwidth", rounded(cal.decode_bandwidth)},
               {"prefill_quantised", rounded(cal.prefill_quantised)},
               {"prefill_16bit", rounded(cal.prefill_16bit)},
               {"samples", cal.samples},
               {"training", train_calibration_to_json(cal.train)},
               {"serving", serving_calibration_to_json(cal.serve)}};
}

SpeedCalibration load_speed_calibration(std::string_view text, std::vector<CatalogIssue>& issues) {
  SpeedCalibration cal;
  json root;
  int version = 0;
  if (!open_data_file(text, "speed_calibration.json", "{\"schema_version\": 1, \"decode_bandwidth\": {...}, ...}",
                      issues, version, root)) {
    return cal;
  }
  auto error = [&](const std::string& field, const std::string& message) {
    issues.push_back({CatalogIssue::Severity::error, "", field, message});
  };
  auto it = root.find("decode_overhead_us_per_layer");
  if (it != root.end() && it->is_number() && std::isfinite(it->get<double>()) && it->get<double>() >= 0 &&
      it->get<double>() < 1e6) {
    cal.decode_overhead_s_per_layer = it->get<double>() / 1e6;
  } else {
    error("decode_overhead_us_per_layer", "must be a number from 0 to 1e6");
  }
  auto table = [&](const char* name, std::map<std::string, double>& out) {
    auto t = root.find(name);
    if (t == root.end() || !t->is_object()) {
      error(name, "must be an object of family -> factor");
      return;
    }
    for (const auto& item : t->items()) {
      const json& value = item.value();
      if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0 ||
          value.get<double>() > 10) {
        error(std::string(name) + "." + item.key(), "must be a number > 0 and at most 10 (got " +
                                                        describe_json(value) + ")");
        continue;
      }
      out[item.key()] = value.get<double>();
    }
  };
  table("decode_bandwidth", cal.decode_bandwidth);
  table("prefill_quantised", cal.prefill_quantised);
  table("prefill_16bit", cal.prefill_16bit);
  auto samples = root.find("samples");
  if (samples != root.end() && samples->is_object()) {
    for (const auto& item : samples->items()) {
      if (item.value().is_number_integer() && std::fabs(item.value().get<double>()) < 1e9) {
        cal.samples[item.key()] = item.value().get<int>();
      }
    }
  }
  auto training = root.find("training");
  if (training == root.end()) {
    error("training", "must be an object (the training fit, training.h)");
  } else {
    load_train_calibration(*training, cal.train, issues);
  }
  auto serving = root.find("serving");
  if (serving == root.end()) {
    error("serving", "must be an object (the serving bands, serving.h)");
  } else {
    load_serving_calibration(*serving, cal.serve, issues);
  }
  return cal;
}

// [SECTION] Inference
std::optional<SpeedModel> speed_model_from_preset(const std::string& preset_id) {
  const ModelPreset* preset = find_preset(preset_id);
  if (!preset) return std::nullopt;
  SpeedModel model;
  model.preset = preset->id;
  model.params_b = preset->params_b;
  model.active_params_b = preset->active_params_b > 0 ? preset->active_params_b : preset->params_b;
  model.layers = preset->layers;
  model.kv_heads = preset->kv_heads;
  model.head_dim = preset->head_dim;
  model.hidden_size = preset->hidden_size;
  model.max_context = preset->max_context;
  return model;
}

SpeedModel speed_model_from_size(double params_b, std::optional<double> active_params_b) {
  const ModelPreset& shape = nearest_preset(params_b);
  SpeedModel model;
  model.preset = "custom";
  model.params_b = params_b;
  model.active_params_b = active_params_b.value_or(params_b);
  model.layers = shape.layers;
  model.kv_heads = shape.kv_heads;
  model.head_dim = shape.head_dim;
  model.hidden_size = shape.hidden_size;
  model.max_context = 0;
  return model;
}

namespace {
// "context 0 must be a whole number from 1 to 1048576 tokens": the bound read from the range.
TemplateText outside(const char* pattern, const std::string& value, const NumberRange& range) {
  const TemplateText bounds = describe_range(range);
  return {pattern, {value, bounds.text()}, {{}, bounds}};
}
bool within(double value, double lo, double hi) { return std::isfinite(value) && value >= lo && value <= hi; }
}  // namespace

std::optional<TemplateText> speed_input_problem(const SpeedInput& input) {
  const SpeedModel& m = input.model;
  if (!within(m.params_b, limits::kParamsB.min, limits::kParamsB.max)) {
    return outside(I18N("params_b {0} must be {1} (billions)"), format_number(m.params_b, 3), limits::kParamsB);
  }
  if (!within(m.active_params_b, limits::kParamsB.min, m.params_b)) {
    return TemplateText{I18N("active_params_b {0} must be from {1} to params_b ({2})"),
                        {format_number(m.active_params_b, 3), shortest_number(limits::kParamsB.min),
                         format_number(m.params_b, 3)}};
  }
  if (!find_quantisation(input.quant)) {
    std::string list;
    for (const auto& q : kQuantisations) list += (list.empty() ? "" : ", ") + q.id;
    return TemplateText{I18N("quantisation '{0}' is not one of {1}"), {input.quant, list}};
  }
  if (!limits::kContextTokens.contains(input.context)) {
    return outside(I18N("context {0} must be {1} tokens"), std::to_string(input.context), limits::kContextTokens);
  }
  if (m.max_context > 0 && input.context > m.max_context) {
    return TemplateText{I18N("context {0} is beyond {1}'s limit of {2} tokens"),
                        {std::to_string(input.context), m.preset, std::to_string(m.max_context)}};
  }
  if (input.prompt_tokens < 0 || input.prompt_tokens > input.context) {
    return TemplateText{I18N("prompt_tokens {0} must be from 0 to the context ({1})"),
                        {std::to_string(input.prompt_tokens), std::to_string(input.context)}};
  }
  if (!limits::kBatchSize.contains(input.concurrent)) {
    return outside(I18N("concurrent {0} must be {1} requests"), std::to_string(input.concurrent), limits::kBatchSize);
  }
  if (!limits::kSpeedGpuCount.contains(input.gpus)) {
    return outside(I18N("gpus {0} must be {1}"), std::to_string(input.gpus), limits::kSpeedGpuCount);
  }
  if (!limits::kUnifiedMemoryGb.contains(input.unified_memory_gb)) {
    return outside(I18N("unified_memory_gb {0} must be {1}"), format_number(input.unified_memory_gb, 3),
                   limits::kUnifiedMemoryGb);
  }
  if (!limits::kLayers.contains(m.layers) || !limits::kKvHeads.contains(m.kv_heads) ||
      !limits::kHeadDim.contains(m.head_dim) || !limits::kHiddenSize.contains(m.hidden_size)) {
    return TemplateText{I18N("the model's shape (layers, kv_heads, head_dim, hidden_size) is out of range")};
  }
  return std::nullopt;
}

std::string check_speed_input(const SpeedInput& input) {
  const std::optional<TemplateText> problem = speed_input_problem(input);
  return problem ? problem->text() : std::string();
}

SpeedRoofline speed_roofline(const Gpu& gpu, const SpeedInput& input) {
  const SpeedModel& m = input.model;
  const Quantisation& quant = quant_or_default(input.quant);
  SpeedRoofline r;
  r.bandwidth_gbs = gpu.memory_bandwidth_gbs.value_or(0);
  r.tensor_tflops = power_capped_tflops(gpu, inference_peak_tflops(gpu, quant));
  const int gpus = std::max(1, input.gpus);
  r.gpu_scale = gpus * tensor_parallel_share(gpus);
  r.weight_bytes = weight_bytes_per_token(m, quant);
  r.kv_bytes_per_request = kv_bytes_per_token_of_context(m) * input.context;
  r.decode_flops_per_token = kFlopsPerParamPerToken * m.active_params_b * kParamsPerBillion;
  r.prompt_tokens = input.prompt_tokens > 0 ? input.prompt_tokens : input.context;
  r.prefill_flops_per_token = prefill_flops_per_token(m, r.prompt_tokens / 2.0);
  r.layers = m.layers;
  r.concurrent = input.concurrent;
  r.quantised_path = quant.llama_cpp;
  return r;
}

double decode_memory_seconds(const SpeedRoofline& r, double bandwidth_share, double overhead_s_per_layer) {
  const double bandwidth_gbs = r.bandwidth_gbs * bandwidth_share * r.gpu_scale;
  return (r.weight_bytes + r.concurrent * r.kv_bytes_per_request) / (bandwidth_gbs * kBytesPerGb) +
         r.layers * overhead_s_per_layer;
}

SpeedEstimate estimate_speed(const Gpu& gpu, const SpeedInput& input, const SpeedCalibration& cal) {
  SpeedEstimate out;
  out.gpu_id = gpu.id;
  out.gpus = std::max(1, input.gpus);
  out.family = efficiency_family(gpu);
  out.family_calibrated = cal.decode_bandwidth.count(out.family) > 0;
  if (speed_input_problem(input)) return out;
  const SpeedModel& m = input.model;
  const Quantisation& quant = quant_or_default(input.quant);

  // Fit: vram_fit's inference estimate, with the weights at this format's real bits.
  FitView view;
  view.preset = m.preset;
  view.params_b = m.params_b;
  // vram_fit's precisions by the format's bits: 16-bit, 8-bit, else 4-bit weights.
  view.precision = quant.bits_per_weight >= 16 ? "bf16" : quant.bits_per_weight >= 8 ? "int8" : "int4";
  view.mode = "inference";
  view.batch_size = input.concurrent;
  view.context = input.context;
  view.layers = m.layers;
  view.kv_heads = m.kv_heads;
  view.head_dim = m.head_dim;
  view.hidden_size = m.hidden_size;
  FitResult fit = fit_model(view);
  const double weights_gb = m.params_b * kParamsPerBillion * quant.bits_per_weight / kBitsPerByte / kBytesPerGb;
  fit.total_gb += weights_gb - fit.part_gb("weights");
  out.needed_gb = per_gpu_need_gb(fit, out.gpus);
  out.usable_gb = input.unified_memory_gb > 0 ? input.unified_memory_gb * kUnifiedGpuShare : usable_vram_gb(gpu);
  out.fits = out.needed_gb <= out.usable_gb;
  out.lacks_gb = out.fits ? 0 : out.needed_gb - out.usable_gb;

  // The roofline's terms times the family's efficiency factors.
  const SpeedRoofline r = speed_roofline(gpu, input);
  const double share = SpeedCalibration::factor(cal.decode_bandwidth, out.family, kFallbackDecodeBandwidthShare);
  out.effective_bandwidth_gbs = safe(r.bandwidth_gbs * share * r.gpu_scale);  // unknown: no decode figure
  const double compute_share = SpeedCalibration::factor(r.quantised_path ? cal.prefill_quantised : cal.prefill_16bit,
                                                        out.family, kFallbackPrefillShare);
  out.effective_tflops = safe(r.tensor_tflops * compute_share * r.gpu_scale);
  out.bytes_per_token_gb = (r.weight_bytes + r.kv_bytes_per_request) / kBytesPerGb;
  // Decode: every step reads the active weights once and each request's KV cache.
  if (out.effective_bandwidth_gbs > 0) {
    const double memory_s = decode_memory_seconds(r, share, cal.decode_overhead_s_per_layer);
    // Many requests at once turn decode compute-bound: 2 × active FLOPs per token each.
    const double compute_s = out.effective_tflops > 0 ? r.concurrent * r.decode_flops_per_token /
                                                            (out.effective_tflops * kFlopsPerTflop)
                                                      : 0;
    const double step_s = std::max(memory_s, compute_s);
    out.decode_total_tokens_per_s = safe(r.concurrent / step_s);
    out.decode_tokens_per_s = safe(1 / step_s);
  }
  if (out.effective_tflops > 0) {
    out.prefill_tokens_per_s = safe(out.effective_tflops * kFlopsPerTflop / r.prefill_flops_per_token);
    out.time_to_first_token_s = out.prefill_tokens_per_s > 0 ? r.prompt_tokens / out.prefill_tokens_per_s : 0;
  }
  return out;
}

// [SECTION] Checking
double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  if (n < 3) return 0;
  auto ranks = [n](const std::vector<double>& v) {
    const std::vector<std::size_t> order = stable_order(
        n, [](const void* c, std::size_t x, std::size_t y) {
          const auto& values = *static_cast<const std::vector<double>*>(c);
          return values[x] < values[y];
        },
        &v);
    std::vector<double> r(n);
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j + 1 < n && v[order[j + 1]] == v[order[i]]) ++j;
      for (std::size_t k = i; k <= j; ++k) r[order[k]] = (static_cast<double>(i) + static_cast<double>(j)) / 2;
      i = j + 1;
    }
    return r;
  };
  const std::vector<double> ra = ranks(a), rb = ranks(b);
  const double mean = (static_cast<double>(n) - 1) / 2;
  double cov = 0, va = 0, vb = 0;
  for (std::size_t i = 0; i < n; ++i) {
    cov += (ra[i] - mean) * (rb[i] - mean);
    va += (ra[i] - mean) * (ra[i] - mean);
    vb += (rb[i] - mean) * (rb[i] - mean);
  }
  return va > 0 && vb > 0 ? cov / std::sqrt(va * vb) : 0;
}

namespace {

std::string llm_group(const LlmRow& r) {
  return r.row->model + " " + r.row->precision + " " + std::to_string(*r.row->context);
}

// The shipped estimate for the measured run: the check validates estimate_speed() itself.
double predict_llm(const LlmRow& r, const SpeedCalibration& cal) {
  const SpeedEstimate e = estimate_speed(*r.gpu, measured_input(r), cal);
  return r.phase == "decode" ? e.decode_tokens_per_s : e.prefill_tokens_per_s;
}

}  // namespace

std::vector<SpeedCheck> check_speed(const Catalog& catalog, const Benchmarks& benchmarks) {
  std::vector<SpeedCheck> out;
  const SpeedCalibration all = fit_speed_calibration(catalog, benchmarks);
  for (const std::string phase : {"decode", "prefill"}) {
    const std::vector<LlmRow> rows = llm_rows(catalog, benchmarks, phase);
    std::map<std::string, std::vector<const LlmRow*>> by_set;
    for (const auto& r : rows) by_set[r.row->set].push_back(&r);
    for (const auto& [set, set_rows] : by_set) {
      std::vector<SpeedCheckPoint> in_sample, held;
      std::map<std::string, SpeedCalibration> without_card;
      for (const LlmRow* r : set_rows) {
        in_sample.push_back({r->gpu->id, llm_group(*r), predict_llm(*r, all), r->row->value});
        auto it = without_card.find(r->gpu->id);
        if (it == without_card.end()) {
          it = without_card.emplace(r->gpu->id, fit_speed_calibration(catalog, benchmarks, "", r->gpu->id)).first;
        }
        held.push_back({r->gpu->id, llm_group(*r), predict_llm(*r, it->second), r->row->value});
      }
      out.push_back(summarise(set, phase, "in-sample", in_sample));
      out.push_back(summarise(set, phase, "leave-one-card-out", held));
      if (by_set.size() > 1) {
        const SpeedCalibration without_set = fit_speed_calibration(catalog, benchmarks, set);
        std::vector<SpeedCheckPoint> loso;
        for (const LlmRow* r : set_rows) loso.push_back({r->gpu->id, llm_group(*r), predict_llm(*r, without_set), r->row->value});
        out.push_back(summarise(set, phase, "leave-one-set-out", loso));
      }
    }
  }
  append_train_checks(catalog, benchmarks, all, out);
  append_serving_checks(catalog, benchmarks, all, out);
  return out;
}

json speed_checks_to_json(const std::vector<SpeedCheck>& checks) {
  json rows = json::array();
  auto r3 = [](double v) { return std::round(v * 1000) / 1000; };
  for (const auto& c : checks) {
    rows.push_back({{"set", c.set},
                    {"phase", c.phase},
                    {"held_out", c.held_out},
                    {"n", c.n},
                    {"groups", c.groups},
                    {"spearman", r3(c.spearman)},
                    {"spearman_min", r3(c.spearman_min)},
                    {"spearman_pooled", r3(c.spearman_pooled)},
                    {"median_abs_error_pct", std::round(c.median_abs_error_pct * 10) / 10},
                    {"group_spearman", c.group_spearman}});
  }
  return json{{"checks", rows}};
}

}  // namespace gpuwise
