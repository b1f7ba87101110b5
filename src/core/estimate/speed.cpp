#include "estimate/speed.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "catalog/data_file.h"
#include "estimate/fit_support.h"
#include "estimate/llm_rows.h"
#include "estimate/serving.h"
#include "estimate/training.h"
#include "text/limits.h"
#include "text/number_text.h"
#include "text/stable_sort.h"
#include "text/template_text.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

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
// Attention cost candidates for today's builds: 0 to 6 times the ideal FLOPs.
constexpr double kAttentionCostStep = 0.05;
constexpr int kAttentionCostSteps = 120;

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

// The embedding table's parameters (vocab x hidden); the output head is as large.
double embedding_params(const ModelShape& model) { return static_cast<double>(model.vocab_size) * model.hidden_size; }

// Parameters a token passes through in the layers (MoE: the active experts), without the
// embeddings, which are a row lookup, and the output head.
double active_layer_params(const ModelShape& model) {
  return std::max(0.0, model.active_params_b * kParamsPerBillion -
                           embedding_params(model) * (model.tied_embeddings ? 1 : 2));
}

// Attention's ideal FLOPs for one prompt token at an average of `context_avg` earlier tokens.
double prefill_attention_flops(const SpeedModel& model, double context_avg) {
  return kAttentionFlopsPerLayerHiddenToken * model.layers * model.hidden_size * context_avg;
}

const Quantisation& quant_or_default(const std::string& id) {
  const Quantisation* q = find_quantisation(id);
  // speed_input_problem refuses an unknown id first; the page's default keeps this total.
  return q ? *q : *find_quantisation(SpeedRun{}.quant);
}

}  // namespace

bool half_rate_fp32_accumulate(const Gpu& gpu) {
  return gpu.vendor == "NVIDIA" && gpu.line == "geforce" && gpu.name.find("TITAN") == std::string::npos;
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
  if (gpu.architecture == "Pascal" && gpu.compute_capability == "6.0") return "Pascal sm_60";
  return gpu.architecture;
}

std::string card_share_key(const Gpu& gpu) { return "card:" + gpu.id; }
std::string model_share_key(const Gpu& gpu, const std::string& model) { return "model:" + gpu.id + "|" + model; }
std::string exact_share_key(const Gpu& gpu, const std::string& model, const std::string& quant) {
  return "exact:" + gpu.id + "|" + model + "|" + quant;
}

namespace {

// A card of a family with no factor of its own (fewer measured cards than a family factor
// needs) takes the share of the measured card of its family nearest in bandwidth: a Tesla
// P100 PCIe follows the measured P100 SXM2 (sm_60's kernel gap), not every family's default.
void borrow_card_shares(const Catalog& catalog, SpeedCalibration& cal) {
  for (std::map<std::string, double>* table : {&cal.decode_bandwidth, &cal.prefill_quantised, &cal.prefill_16bit}) {
    std::map<std::string, double> borrowed;
    for (const Gpu& gpu : catalog.gpus) {
      const std::string family = efficiency_family(gpu);
      if (table->count(card_share_key(gpu)) || table->count(family) || !gpu.memory_bandwidth_gbs) continue;
      const Gpu* nearest = nullptr;
      for (const Gpu& other : catalog.gpus) {
        if (&other == &gpu || efficiency_family(other) != family || !table->count(card_share_key(other)) ||
            !other.memory_bandwidth_gbs) {
          continue;
        }
        auto distance = [&](const Gpu& g) { return std::fabs(std::log(*g.memory_bandwidth_gbs / *gpu.memory_bandwidth_gbs)); };
        if (!nearest || distance(other) < distance(*nearest)) nearest = &other;
      }
      if (nearest) borrowed[card_share_key(gpu)] = table->at(card_share_key(*nearest));
    }
    table->insert(borrowed.begin(), borrowed.end());
  }
}

// Decode: for given per-layer overheads (today's builds, older builds), each family's
// bandwidth share is the median of ideal / (measured − overhead) time over every run, each
// run with its build's overhead; `error` is the median error over every run.
struct DecodeShares {
  std::map<std::string, double> table;
  std::map<std::string, int> samples;
  double error = INFINITY;
};
using DecodeRuns = std::vector<std::pair<LlmRow, SpeedRoofline>>;
bool older_build(const LlmRow& r) { return older_build_run(*r.row); }

DecodeShares decode_shares_at(const DecodeRuns& decode, double current, double older) {
  DecodeShares out;
  std::map<std::string, FamilyValues> shares;
  for (const auto& [r, roofline] : decode) {
    const double rest = 1 / r.row->value - r.model.layers * (older_build(r) ? older : current);
    if (rest <= 0) continue;
    shares[efficiency_family(*r.gpu)].add(*r.gpu, decode_memory_seconds(roofline, 1, 0) / rest);
  }
  fill_medians(shares, "decode", out.table, out.samples);
  std::vector<double> errors;
  for (const auto& [r, roofline] : decode) {
    const double share = SpeedCalibration::factor(out.table, efficiency_family(*r.gpu), 1);
    const double overhead = older_build(r) ? older : current;
    errors.push_back(std::fabs(1 / decode_memory_seconds(roofline, share, overhead) / r.row->value - 1));
  }
  if (!errors.empty()) out.error = median(errors);
  return out;
}

// One build generation's per-layer overhead from within cards: one card's runs of models
// of other sizes (and depths) differ in bytes read and layers, not in the card's share, so
// the right overhead gives them one share. For each candidate, every run's implied share
// over its card's median; keep the overhead with the smallest median error. nullopt when
// no card has two runs of that generation.
std::optional<double> overhead_within_cards(const DecodeRuns& decode, bool older) {
  std::map<std::string, std::vector<const std::pair<LlmRow, SpeedRoofline>*>> cards;
  for (const auto& run : decode) {
    if (older_build(run.first) == older) cards[run.first.gpu->id].push_back(&run);
  }
  std::optional<double> best;
  double best_error = INFINITY;
  for (int step = 0; step <= kOverheadSteps; ++step) {
    const double o = step * kOverheadStepS;
    std::vector<double> errors;
    bool possible = true;
    for (const auto& [id, runs] : cards) {
      if (runs.size() < 2) continue;
      std::vector<double> shares;
      for (const auto* run : runs) {
        const double rest = 1 / run->first.row->value - run->first.model.layers * o;
        possible = possible && rest > 0;  // a run faster than the overhead alone allows
        shares.push_back(decode_memory_seconds(run->second, 1, 0) / rest);
      }
      const double middle = median(shares);
      for (double share : shares) errors.push_back(std::fabs(share / middle - 1));
    }
    if (!possible || errors.empty()) continue;
    const double error = median(errors);
    if (error < best_error) best_error = error, best = o;
  }
  return best;
}

// Each generation's overhead from within cards; a generation without such runs takes the
// one overhead that best fits every run through the families' shares. The families'
// shares then come from every run, each at its generation's overhead.
void fit_decode_overheads(const DecodeRuns& decode, SpeedCalibration& cal) {
  if (decode.empty()) return;
  double common = 0, best_error = INFINITY;
  for (int step = 0; step <= kOverheadSteps; ++step) {
    const double o = step * kOverheadStepS;
    const double error = decode_shares_at(decode, o, o).error;
    if (error < best_error) best_error = error, common = o;
  }
  const double current = overhead_within_cards(decode, false).value_or(common);
  const double older = overhead_within_cards(decode, true).value_or(common);
  const DecodeShares fitted = decode_shares_at(decode, current, older);
  cal.decode_overhead_s_per_layer = current;
  cal.older_builds_overhead_s_per_layer = older;
  cal.decode_bandwidth = fitted.table;
  cal.samples = fitted.samples;
}

// A mixture-of-experts layer's extra time: what each measured step takes beyond a dense
// model's reads at the card's dense share (its own dense runs' median, else its family's)
// and the build's overhead, per layer (never below 0). The runs show it is the model's
// (gpt-oss about 130 µs a layer on NVIDIA cards, Qwen3-30B-A3B about 40) more than the
// card's: "<vendor>|<model>" is the median over the model's runs on the vendor's cards,
// "<vendor>" the median over its models of theirs, "default" over every vendor's models.
// A card of a family with a known kernel gap (sm_60) is left out: its slowness is its own.
void fit_moe_layer_overhead(const DecodeRuns& dense, const DecodeRuns& moe, SpeedCalibration& cal) {
  std::map<std::string, std::vector<double>> dense_shares;
  for (const auto& [r, roofline] : dense) {
    const double rest = 1 / r.row->value - r.model.layers * cal.decode_overhead_of(older_build(r));
    if (rest > 0) dense_shares[r.gpu->id].push_back(decode_memory_seconds(roofline, 1, 0) / rest);
  }
  std::map<std::string, std::vector<double>> by_model;  // "<vendor>|<model>"
  for (const auto& [r, roofline] : moe) {
    if (efficiency_family(*r.gpu) == "Pascal sm_60") continue;
    auto own = dense_shares.find(r.gpu->id);
    const double share = own != dense_shares.end() ? median(own->second) : cal.decode_share(efficiency_family(*r.gpu));
    const double reads = decode_memory_seconds(roofline, share, cal.decode_overhead_of(older_build(r)));
    by_model[r.gpu->vendor + "|" + r.model.preset].push_back(std::max(0.0, (1 / r.row->value - reads) / r.model.layers));
  }
  std::map<std::string, std::vector<double>> by_vendor;
  std::vector<double> all;
  for (const auto& [key, values] : by_model) {
    const double m = median(values);
    cal.moe_layer_overhead[key] = m;
    cal.samples["decode_moe_layer/" + key] = static_cast<int>(values.size());
    by_vendor[key.substr(0, key.find('|'))].push_back(m);
    all.push_back(m);
  }
  for (const auto& [vendor, values] : by_vendor) cal.moe_layer_overhead[vendor] = median(values);
  if (!all.empty()) cal.moe_layer_overhead["default"] = median(all);
}

// Today's attention cost: runs of one card, model and format at several depths (llama-bench
// -d) differ only in attention's FLOPs, so the right cost gives them one tensor share. For
// each candidate cost, every such run's share over its group's median share; keep the cost
// with the smallest median error. Without such groups, the older builds' constant.
double fit_attention_cost(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_set,
                          const std::string& exclude_gpu) {
  std::map<std::string, std::vector<std::pair<SpeedRoofline, double>>> groups;  // key -> (roofline, measured)
  std::map<std::string, std::set<int>> depths;
  for (const auto& r : llm_rows(catalog, benchmarks, "prefill")) {
    if (!r.one_card() || older_build(r) || !has_matrix_units(*r.gpu) || held_out(*r.row, exclude_set, exclude_gpu)) continue;
    const std::string key = exact_share_key(*r.gpu, r.model.preset, r.quant->id);
    groups[key].push_back({speed_roofline(*r.gpu, measured_input(r)), r.row->value});
    depths[key].insert(r.row->depth.value_or(0));
  }
  double best = kAttentionCostFactor, best_error = INFINITY;
  for (int step = 0; step <= kAttentionCostSteps; ++step) {
    const double cost = step * kAttentionCostStep;
    std::vector<double> errors;
    for (const auto& [key, runs] : groups) {
      if (depths[key].size() < 2) continue;
      std::vector<double> shares;
      for (const auto& [roofline, measured] : runs) shares.push_back(measured * prefill_flops_per_token(roofline, cost));
      const double middle = median(shares);
      for (double share : shares) errors.push_back(std::fabs(share / middle - 1));
    }
    if (errors.empty()) return kAttentionCostFactor;
    const double error = median(errors);
    if (error < best_error) best_error = error, best = cost;
  }
  return best;
}

}  // namespace

SpeedCalibration fit_speed_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_set, const std::string& exclude_gpu,
                                       const SpeedCalibration* engine_from) {
  SpeedCalibration cal;
  // Decode: the per-layer overheads and the families' bandwidth shares (fit_decode_overheads).
  // The roofline terms are estimate_speed()'s own (speed_roofline), read once per row.
  // Mixture-of-experts runs then fit their layers' extra time on those.
  DecodeRuns dense, moe;
  for (const auto& r : llm_rows(catalog, benchmarks, "decode")) {
    if (r.one_card() && !held_out(*r.row, exclude_set, exclude_gpu)) {
      (r.model.mixture_of_experts() ? moe : dense).push_back({r, speed_roofline(*r.gpu, measured_input(r))});
    }
  }
  fit_decode_overheads(dense, cal);
  fit_moe_layer_overhead(dense, moe, cal);
  DecodeRuns decode = dense;
  decode.insert(decode.end(), moe.begin(), moe.end());
  // Measured first: each card with one-card runs gets its own share at the chosen overhead.
  // A card with dense runs reads its share from them: its mixture-of-experts runs measure
  // the expert layers' time (fit_moe_layer_overhead), which a share would hide, so that one
  // card's older MoE build could not put it below a slower card. A card with MoE runs
  // alone takes its share from those.
  std::set<std::string> has_dense;
  for (const auto& [r, roofline] : dense) has_dense.insert(r.gpu->id);
  std::map<std::string, FamilyValues> card_decode;
  for (const auto& [r, roofline] : decode) {
    if (r.model.mixture_of_experts() && has_dense.count(r.gpu->id)) continue;
    const double rest = 1 / r.row->value - r.model.layers * (cal.decode_overhead_of(older_build(r)) +
                                                  (r.model.mixture_of_experts() ? cal.moe_layer_overhead_of(*r.gpu, r.model.preset) : 0));
    if (!(rest > 0)) continue;
    const double share = decode_memory_seconds(roofline, 1, 0) / rest;
    card_decode[card_share_key(*r.gpu)].add(*r.gpu, share);
    card_decode[exact_share_key(*r.gpu, r.model.preset, r.quant->id)].add(*r.gpu, share);
    if (r.quant->llama_cpp) card_decode[model_share_key(*r.gpu, r.model.preset)].add(*r.gpu, share);
  }
  for (const auto& [key, values] : card_decode) cal.decode_bandwidth[key] = median(values.values);
  cal.attention_cost =
      engine_from ? engine_from->attention_cost : fit_attention_cost(catalog, benchmarks, exclude_set, exclude_gpu);
  // Prefill: the median share of the power-capped tensor peak, per family and path; a
  // mixture of experts' runs count at their dense-equivalent share (moe_prefill_share).
  struct PrefillRun {
    LlmRow row;
    double share;  // measured / ideal
    bool quantised;
  };
  std::vector<PrefillRun> prefill;
  std::map<std::string, std::vector<double>> card_dense, card_moe;
  for (const auto& r : llm_rows(catalog, benchmarks, "prefill")) {
    if (!r.one_card() || held_out(*r.row, exclude_set, exclude_gpu)) continue;
    const SpeedRoofline roofline = speed_roofline(*r.gpu, measured_input(r));
    const double ideal = roofline.tensor_tflops * kFlopsPerTflop /
                         prefill_flops_per_token(roofline, cal.attention_cost_of(older_build(r), *r.gpu));
    if (!(ideal > 0)) continue;
    prefill.push_back({r, r.row->value / ideal, roofline.quantised_path});
    (r.model.mixture_of_experts() ? card_moe : card_dense)[r.gpu->id].push_back(r.row->value / ideal);
  }
  std::vector<double> moe_over_dense;
  for (const auto& [id, shares] : card_moe) {
    if (card_dense.count(id)) moe_over_dense.push_back(median(shares) / median(card_dense[id]));
  }
  cal.moe_prefill_share = moe_over_dense.empty() ? 1 : median(moe_over_dense);
  std::map<std::string, FamilyValues> quantised, sixteen;
  std::map<std::string, std::vector<double>> card_prefill[2];  // [quantised path]
  for (const PrefillRun& run : prefill) {
    const LlmRow& r = run.row;
    const double share = run.share / (r.model.mixture_of_experts() ? cal.moe_prefill_share : 1);
    (run.quantised ? quantised : sixteen)[efficiency_family(*r.gpu)].add(*r.gpu, share);
    // Measured first: the card's own share, and its share for this model and format.
    card_prefill[run.quantised][card_share_key(*r.gpu)].push_back(share);
    card_prefill[run.quantised][exact_share_key(*r.gpu, r.model.preset, r.quant->id)].push_back(share);
    card_prefill[run.quantised][model_share_key(*r.gpu, r.model.preset)].push_back(share);
  }
  fill_medians(quantised, "prefill_quantised", cal.prefill_quantised, cal.samples);
  fill_medians(sixteen, "prefill_16bit", cal.prefill_16bit, cal.samples);
  for (int path = 0; path < 2; ++path) {
    for (const auto& [key, values] : card_prefill[path]) (path ? cal.prefill_quantised : cal.prefill_16bit)[key] = median(values);
  }
  borrow_card_shares(catalog, cal);
  // llama.cpp on several GPUs: the hand-over and the pipeline overlap, on the factors above.
  fit_llamacpp_several_devices(catalog, benchmarks, cal, exclude_set, exclude_gpu);
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
  auto microseconds = [](const std::map<std::string, double>& table) {
    json out = json::object();
    for (const auto& [key, value] : table) out[key] = std::round(value * 1e7) / 10;
    return out;
  };
  return json{{"schema_version", 1},
               {"decode_overhead_us_per_layer", std::round(cal.decode_overhead_s_per_layer * 1e7) / 10},
               {"older_builds_overhead_us_per_layer", std::round(cal.older_builds_overhead_s_per_layer * 1e7) / 10},
               {"attention_cost", std::round(cal.attention_cost * 1000) / 1000},
               {"moe_prefill_share", std::round(cal.moe_prefill_share * 1000) / 1000},
               {"moe_layer_overhead_us", microseconds(cal.moe_layer_overhead)},
               {"decode_bandwidth", rounded(cal.decode_bandwidth)},
               {"prefill_quantised", rounded(cal.prefill_quantised)},
               {"prefill_16bit", rounded(cal.prefill_16bit)},
               {"samples", cal.samples},
               {"llamacpp_handover_us", std::round(cal.llamacpp_handover_s * 1e7) / 10},
               {"llamacpp_pipeline_overlap", std::round(cal.llamacpp_pipeline_overlap * 1000) / 1000},
               {"bands", bands_to_json(cal.bands)},
               {"band_families", cal.band_families},
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
  auto overhead_s = [&](const char* field, bool required) -> std::optional<double> {
    auto it = root.find(field);
    if (it == root.end() && !required) return std::nullopt;
    if (it != root.end() && it->is_number() && std::isfinite(it->get<double>()) && it->get<double>() >= 0 &&
        it->get<double>() < 1e6) {
      return it->get<double>() / 1e6;
    }
    error(field, "must be a number from 0 to 1e6");
    return std::nullopt;
  };
  cal.decode_overhead_s_per_layer = overhead_s("decode_overhead_us_per_layer", true).value_or(0);
  // Optional: a file without it has MoE prompts at a dense model's efficiency.
  if (auto it = root.find("moe_prefill_share"); it != root.end()) {
    if (it->is_number() && std::isfinite(it->get<double>()) && it->get<double>() > 0 && it->get<double>() <= 10) {
      cal.moe_prefill_share = it->get<double>();
    } else {
      error("moe_prefill_share", "must be a number above 0 and at most 10");
    }
  }
  // Optional: a file without it prices today's attention as the older builds'.
  if (auto it = root.find("attention_cost"); it != root.end()) {
    if (it->is_number() && std::isfinite(it->get<double>()) && it->get<double>() >= 0 && it->get<double>() <= 100) {
      cal.attention_cost = it->get<double>();
    } else {
      error("attention_cost", "must be a number from 0 to 100");
    }
  }
  // A file from before the two generations: older builds had the one overhead there is.
  cal.older_builds_overhead_s_per_layer =
      overhead_s("older_builds_overhead_us_per_layer", false).value_or(cal.decode_overhead_s_per_layer);
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
  // Optional (a file without it has no mixture-of-experts layer cost): microseconds.
  if (auto t = root.find("moe_layer_overhead_us"); t != root.end()) {
    if (!t->is_object()) error("moe_layer_overhead_us", "must be an object of vendor|model, vendor or default -> microseconds");
    for (const auto& item : t->is_object() ? t->items() : json::object().items()) {
      const json& value = item.value();
      if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 ||
          value.get<double>() >= 1e6) {
        error("moe_layer_overhead_us." + item.key(), "must be a number from 0 to 1e6 (got " + describe_json(value) + ")");
        continue;
      }
      cal.moe_layer_overhead[item.key()] = value.get<double>() / 1e6;
    }
  }
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
  // Issue 27's figures; a file without them (older) leaves llama.cpp's several devices
  // without a hand-over or overlap and every class unmeasured (the widest bands).
  auto number = [&](const char* name, double max, double scale, double& out) {
    auto n = root.find(name);
    if (n == root.end()) return;
    if (n->is_number() && std::isfinite(n->get<double>()) && n->get<double>() >= 0 && n->get<double>() <= max) {
      out = n->get<double>() * scale;
    } else {
      error(name, "must be a number from 0 to " + shortest_number(max));
    }
  };
  number("llamacpp_handover_us", 1e6, 1e-6, cal.llamacpp_handover_s);
  number("llamacpp_pipeline_overlap", 1, 1, cal.llamacpp_pipeline_overlap);
  auto bands = root.find("bands");
  if (bands != root.end()) read_bands(*bands, cal.bands, issues);
  if (auto families = root.find("band_families"); families != root.end()) {
    if (!families->is_object()) error("band_families", "must be an object of class -> [architecture, ...]");
    const json& by_class = families->is_object() ? *families : json::object();
    for (const auto& item : by_class.items()) {
      if (!item.value().is_array()) {
        error("band_families." + item.key(), "must be a list of architectures");
        continue;
      }
      std::vector<std::string>& list = cal.band_families[item.key()];
      for (const json& name : item.value()) {
        if (name.is_string() && name.get<std::string>().size() < 100) list.push_back(name.get<std::string>());
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
  model.vocab_size = preset->vocab_size;
  model.tied_embeddings = preset->tied_embeddings;
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
  model.vocab_size = shape.vocab_size;
  model.tied_embeddings = shape.tied_embeddings;
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
struct RangeCheck {
  const char* pattern;  // "gpus {0} must be {1}"
  double value;
  const NumberRange* range;
};
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
    for (const auto& q : quantisations()) list += (list.empty() ? "" : ", ") + q.id;
    return TemplateText{I18N("quantisation '{0}' is not one of {1}"), {input.quant, list}};
  }
  const std::optional<Engine> engine = speed_engine(input);
  if (!engine) {
    std::string list;
    for (const auto& key : speed_engine_keys()) list += (list.empty() ? "" : ", ") + key;
    return TemplateText{I18N("engine '{0}' is not one of {1}"), {input.engine, list}};
  }
  if (auto problem = engine_quant_problem(*engine, *find_quantisation(input.quant))) return problem;
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
  // The numbers with a plain range, in the order a reader checks them (one loop: a call of
  // outside() per number cost the download more than the table).
  const RangeCheck ranges[] = {
      {I18N("concurrent {0} must be {1} requests"), static_cast<double>(input.concurrent), &limits::kBatchSize},
      {I18N("gpus {0} must be {1}"), static_cast<double>(input.gpu_count), &limits::kSpeedGpuCount},
      {I18N("unified_memory_gb {0} must be {1}"), input.unified_memory_gb, &limits::kUnifiedMemoryGb},
      {I18N("host_ram_gb {0} must be {1}"), input.host_ram_gb, &limits::kHostRamGb},
      {I18N("host_bandwidth_gbs {0} must be {1}"), input.host_bandwidth_gbs, &limits::kHostBandwidthGbs},
      {I18N("ram_layers {0} must be {1}"), static_cast<double>(input.ram_layers), &limits::kRamLayers},
  };
  for (const RangeCheck& check : ranges) {
    if (!check.range->contains(check.value)) return outside(check.pattern, format_number(check.value, 3), *check.range);
  }
  if (!limits::kLayers.contains(m.layers) || !limits::kKvHeads.contains(m.kv_heads) ||
      !limits::kHeadDim.contains(m.head_dim) || !limits::kHiddenSize.contains(m.hidden_size) ||
      m.vocab_size < 0 || m.vocab_size > kMaxVocabulary) {
    return TemplateText{I18N("the model's shape (layers, kv_heads, head_dim, hidden_size) is out of range")};
  }
  // Layers in system RAM: a count the model has, RAM to keep them in, an engine that does it.
  if (input.ram_layers > m.layers) {
    return TemplateText{I18N("{0} layers in system RAM is more than the model's {1} layers"),
                        {std::to_string(input.ram_layers), std::to_string(m.layers)}};
  }
  if (input.ram_layers > 0 && !(input.host_ram_gb > 0)) {
    return TemplateText{I18N("set the system RAM (GB) to keep {0} layers there"), {std::to_string(input.ram_layers)}};
  }
  if (input.host_ram_gb > 0 && *engine != Engine::llamacpp) {
    return TemplateText{I18N("vLLM / SGLang keep every layer in GPU memory here: set the system RAM to 0 or choose "
                             "llama.cpp / Ollama")};
  }
  return std::nullopt;
}

std::optional<Engine> speed_engine(const SpeedInput& input) {
  const Quantisation* quant = find_quantisation(input.quant);
  if (input.engine != "auto") return find_engine(input.engine) == Engine::pytorch ? std::nullopt : find_engine(input.engine);
  if (!quant) return std::nullopt;
  // Layers in system RAM are llama.cpp's: asking for them picks it when it reads the format.
  if (input.host_ram_gb > 0 && quant->runs_llamacpp) return Engine::llamacpp;
  return engine_for_quant(*quant);
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
  // Each step reads the layers' active weights and the output head; the embeddings are a
  // row lookup.
  const double bytes_per_weight = quant.bits_per_weight / kBitsPerByte;
  r.head_bytes = embedding_params(m) * bytes_per_weight;
  r.weight_bytes = active_layer_params(m) * bytes_per_weight + r.head_bytes;
  r.kv_bytes_per_request = kv_bytes_per_token_of_context(m) * input.context;
  r.decode_flops_per_token = kFlopsPerParamPerToken * (active_layer_params(m) + embedding_params(m));
  r.prompt_tokens = input.prompt_tokens > 0 ? input.prompt_tokens : input.context;
  r.prefill_layer_flops_per_token = kFlopsPerParamPerToken * active_layer_params(m);
  r.prefill_attention_flops_per_token = prefill_attention_flops(m, input.cached_tokens + r.prompt_tokens / 2.0);
  r.layers = m.layers;
  r.concurrent = input.concurrent;
  r.quantised_path = quant.llama_cpp;
  return r;
}

double prefill_flops_per_token(const SpeedRoofline& r, double attention_cost) {
  return r.prefill_layer_flops_per_token + attention_cost * r.prefill_attention_flops_per_token;
}

double decode_memory_seconds(const SpeedRoofline& r, double bandwidth_share, double overhead_s_per_layer) {
  return (r.weight_bytes + r.concurrent * r.kv_bytes_per_request) / (r.bandwidth_gbs * bandwidth_share * kBytesPerGb) +
         r.layers * overhead_s_per_layer;
}




double SpeedCalibration::moe_layer_overhead_of(const Gpu& gpu, const std::string& model) const {
  // 0 is a fitted value here (runs that show no extra time), so no fallback past it.
  for (const std::string& key : {gpu.vendor + "|" + model, gpu.vendor, std::string("default")}) {
    auto it = moe_layer_overhead.find(key);
    if (it != moe_layer_overhead.end()) return it->second;
  }
  return 0;
}

double SpeedCalibration::decode_share(const std::string& family) const {
  return factor(decode_bandwidth, family, kFallbackDecodeBandwidthShare);
}
double SpeedCalibration::prefill_share(const std::string& family, bool quantised) const {
  return factor(quantised ? prefill_quantised : prefill_16bit, family, kFallbackPrefillShare);
}
double SpeedCalibration::decode_share_of(const Gpu& gpu, const std::string& model, const std::string& quant) const {
  auto exact = decode_bandwidth.find(exact_share_key(gpu, model, quant));
  if (exact != decode_bandwidth.end()) return exact->second;
  const Quantisation* q = find_quantisation(quant);
  auto same_model = decode_bandwidth.find(model_share_key(gpu, model));
  if (q && q->llama_cpp && same_model != decode_bandwidth.end()) return same_model->second;
  auto own = decode_bandwidth.find(card_share_key(gpu));
  return own != decode_bandwidth.end() ? own->second : decode_share(efficiency_family(gpu));
}
double SpeedCalibration::prefill_share_of(const Gpu& gpu, bool quantised, const std::string& model,
                                          const std::string& quant) const {
  const auto& table = quantised ? prefill_quantised : prefill_16bit;
  auto exact = table.find(exact_share_key(gpu, model, quant));
  if (exact != table.end()) return exact->second;
  auto same_model = table.find(model_share_key(gpu, model));
  if (same_model != table.end()) return same_model->second;
  auto own = table.find(card_share_key(gpu));
  return own != table.end() ? own->second : prefill_share(efficiency_family(gpu), quantised);
}

SpeedEstimate estimate_speed(const Gpu& gpu, const SpeedInput& input, const SpeedCalibration& cal) {
  return estimate_machine({{&gpu, std::max(1, input.gpu_count)}}, input, cal);
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


std::vector<SpeedCheck> check_speed(const Catalog& catalog, const Benchmarks& benchmarks) {
  std::vector<SpeedCheck> out;
  const SpeedCalibration all = fit_speed_calibration(catalog, benchmarks);
  // llama.cpp: each set in sample and with the card held out (the multi-GPU and community
  // sets come from the same software, so holding a set out would only drop the factors).
  for (const std::string phase : {"decode", "prefill"}) {
    std::map<std::string, std::pair<std::vector<SpeedCheckPoint>, std::vector<SpeedCheckPoint>>> by_set;
    for (const LlmPrediction& p : predict_llm_rows(catalog, benchmarks, phase, all)) {
      auto& [in_sample, held] = by_set[p.row.row->set];
      in_sample.push_back({p.row.gpu->id, llm_group(p.row), p.in_sample, p.row.row->value});
      held.push_back({p.row.gpu->id, llm_group(p.row), p.held_out, p.row.row->value});
    }
    for (const auto& [set, pairs] : by_set) {
      out.push_back(summarise(set, phase, "in-sample", pairs.first));
      out.push_back(summarise(set, phase, "leave-one-card-out", pairs.second));
    }
  }
  append_train_checks(catalog, benchmarks, all, out);
  append_serving_checks(catalog, benchmarks, all, out);
  return out;
}

}  // namespace gpuwise
