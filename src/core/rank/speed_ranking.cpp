// The LLM profiles by estimated tokens/s among the cards that hold the model.
#include "rank/speed_ranking.h"

#include <algorithm>
#include <optional>

#include "text/format.h"
#include "text/limits.h"
#include "rank/ranking_scores.h"
#include "estimate/gates.h"
#include "estimate/training.h"
#include "estimate/vram_fit.h"
#include "rank/vision_ranking.h"

namespace gpuwise {
namespace {

constexpr int kMaxSpeedGpus = static_cast<int>(limits::kSpeedGpuCount.max);  // the speed model's bound

std::string model_name(const FitView& fit) {
  const ModelPreset* preset = fit.preset == "custom" ? nullptr : find_preset(fit.preset);
  return preset ? preset->name : "";
}

// "Llama 3 8B", or "a 13B-parameter model" for a custom size.
TemplateText model_phrase(const FitView& fit) {
  const std::string name = model_name(fit);
  if (!name.empty()) return {"{0}", {name}};
  return {I18N("a {0}B-parameter model"), {format_number(fit.params_b, 2)}};
}

TemplateText nested_sentence(const char* pattern, std::vector<std::string> args, std::vector<TemplateText> nested) {
  for (std::size_t i = 0; i < nested.size() && i < args.size(); ++i) {
    if (!nested[i].pattern.empty()) args[i] = nested[i].text();
  }
  return {pattern, std::move(args), std::move(nested)};
}

RankedList failed(RankedList out, TemplateText why) {
  out.error = why.text();
  out.error_text = std::move(why);
  out.rows.clear();
  out.scored_count = 0;
  return out;
}

}  // namespace

bool ranks_by_speed(const RankingView& view) {
  return view.metric.empty() && (view.profile == "llm-inference" || view.profile == "llm-training");
}

SpeedInput ranking_speed_input(const FitView& fit, int gpus, std::vector<TemplateText>& notes) {
  SpeedInput input;
  const auto preset = fit.preset == "custom" ? std::nullopt : speed_model_from_preset(fit.preset);
  if (preset) {
    input.model = *preset;
  } else {
    SpeedModel custom;
    custom.preset = "custom";
    custom.params_b = custom.active_params_b = fit.params_b;
    custom.layers = fit.layers;
    custom.kv_heads = fit.kv_heads;
    custom.head_dim = fit.head_dim;
    custom.hidden_size = fit.hidden_size;
    // The vocabulary is not an input: the nearest preset's, as the VRAM fit takes it.
    custom.vocab_size = nearest_preset(fit.params_b).vocab_size;
    custom.tied_embeddings = nearest_preset(fit.params_b).tied_embeddings;
    custom.max_context = 0;
    input.model = custom;
  }
  input.quant = quant_for_fit_precision(fit.precision);
  input.context = fit.context;
  if (input.model.max_context > 0 && input.context > input.model.max_context) {
    notes.push_back({I18N("context {0} is beyond {1}'s limit of {2} tokens; estimated at {2}"),
                     {std::to_string(fit.context), model_name(fit), std::to_string(input.model.max_context)}});
    input.context = input.model.max_context;
  }
  input.concurrent = fit.batch_size;
  input.gpu_count = gpus;
  return input;
}

RankedList rank_by_speed(const Catalog& catalog, const RankingView& view, const FitView& fit,
                         const SpeedCalibration& calibration, const Compat* compat,
                         const std::vector<std::string>* allowed_ids) {
  // rank() applies the filters and reports a bad filter; its spec scores are replaced below.
  RankedList out = rank(catalog, view, compat, allowed_ids);
  if (!out.error.empty()) return out;
  out.weights.clear();
  out.best_values.clear();
  out.metric_values.clear();  // no weighted figures in a speed ranking (ranking.h)
  out.normalized.clear();
  out.scored_count = 0;
  const bool inference = view.profile == "llm-inference";
  const int gpus = view.fit_gpu_count;
  if (gpus < 1 || gpus > kMaxSpeedGpus) {
    return failed(std::move(out), {I18N("the speed model covers 1 to {0} GPUs, not {1}"),
                                   {std::to_string(kMaxSpeedGpus), std::to_string(gpus)}});
  }

  SpeedBasis basis;
  basis.phase = inference ? "decode" : "train";
  basis.gpus = gpus;
  SpeedInput speed_input;
  FitView train_view = fit;
  if (inference) {
    if (quant_for_fit_precision(fit.precision).empty()) {
      return failed(std::move(out), {I18N("the speed model has no estimate for {0} weights: choose bf16, fp16, int8 or "
                                          "int4 as the model's precision (Advisor tab)"),
                                     {fit.precision}});
    }
    speed_input = ranking_speed_input(fit, gpus, basis.notes);
    const std::string problem = check_speed_input(speed_input);
    if (!problem.empty()) return failed(std::move(out), {"{0}", {problem}});
    const Quantisation* quant = find_quantisation(speed_input.quant);
    basis.model = nested_sentence(I18N("{0} at {1}, context {2}, batch {3}, on {4} GPU(s)"),
                                  {"", quant ? quant->label : speed_input.quant, std::to_string(speed_input.context),
                                   std::to_string(speed_input.concurrent), std::to_string(gpus)},
                                  {model_phrase(fit)});
  } else {
    // Training holds weights, gradients and optimizer state: the VRAM-fit "full" estimate
    // (or LoRA's, when that mode is chosen) at the model's precision.
    if (train_view.mode != "lora") train_view.mode = "full";
    basis.model = nested_sentence(I18N("{0}, {1} training at {2}, context {3}, batch {4}, on {5} GPU(s)"),
                                  {"", "", train_view.precision, std::to_string(train_view.context),
                                   std::to_string(train_view.batch_size), std::to_string(gpus)},
                                  {model_phrase(fit), TemplateText{train_view.mode == "lora" ? I18N("LoRA")
                                                                                             : I18N("full")}});
  }
  const FitResult train_fit = inference ? FitResult{} : fit_model(train_view);
  const auto preset = speed_model_from_preset(fit.preset);
  TrainInput train;
  train.params_b = fit.params_b;
  train.active_params_b = preset && fit.preset != "custom" ? preset->active_params_b : fit.params_b;
  train.layers = train_view.layers;
  train.hidden_size = train_view.hidden_size;
  train.sequence_tokens = train_view.context;
  train.gpus = gpus;

  std::vector<RankedGpu> kept;
  double fastest = 0;
  for (RankedGpu& row : out.rows) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row.gpu_index)];
    bool holds = false;
    double tokens_per_s = 0;
    if (inference) {
      const SpeedEstimate e = estimate_speed(gpu, speed_input, calibration);
      holds = e.fits;
      row.needed_gb = e.needed_gb;
      tokens_per_s = e.decode_total_tokens_per_s;
    } else {
      holds = fits(gpu, train_fit, gpus);
      row.needed_gb = per_gpu_need_gb(train_fit, gpus);
      tokens_per_s = train_tokens_per_s(gpu, train, calibration);
    }
    if (!holds) {
      ++basis.not_fitting;
      continue;
    }
    row.missing_mask = 0;  // no weighted figures in a speed ranking
    row.estimated_mask = 0;
    row.score.reset();
    row.known_weight_share = tokens_per_s > 0 ? 1 : 0;
    if (tokens_per_s > 0) {
      row.tokens_per_s = tokens_per_s;
      fastest = std::max(fastest, tokens_per_s);
    }
    kept.push_back(row);
  }
  for (RankedGpu& row : kept) {
    if (!row.tokens_per_s || fastest <= 0) continue;
    row.score = std::clamp(100.0 * *row.tokens_per_s / fastest, 0.0, 100.0);
    ++out.scored_count;
  }
  sort_ranked_rows(catalog, kept);  // unscored last: a figure the model needs is missing
  out.rows = std::move(kept);
  out.speed = std::move(basis);
  return out;
}

std::string ranking_workload(const RankingView& view, const FitView& fit) {
  if (!view.metric.empty()) return "";
  if (view.profile == "cnn" || view.profile == "rnn") return "pytorch";
  if (view.profile == "llm-inference") return quant_workload(quant_for_fit_precision(fit.precision));
  if (view.profile == "llm-training") {
    FitView training = fit;
    if (training.mode != "lora") training.mode = "full";
    return fit_workload(training);
  }
  return "";
}

SoftwareAllowed software_allowed(const Catalog& catalog, const RankingView& view, const FitView& fit,
                                 const Compat* compat, const SoftwareTable& software) {
  SoftwareAllowed out;
  SoftwareGate& gate = out.gate;
  gate.workload = ranking_workload(view, fit);
  for (const Gpu& gpu : catalog.gpus) {
    if (!passes_support_filters(software, compat, gpu, view.runs)) continue;
    if (gate.workload.empty()) {
      out.ids.push_back(gpu.id);
      continue;
    }
    WorkloadSupport support = workload_support(software, compat, gpu, gate.workload);
    if (support.grade == Grade::no) {
      // Listed apart only when it would otherwise be in the list.
      if (passes_ranking_filters(gpu, view, compat)) gate.left_out.push_back({gpu.id, gpu.name, std::move(support)});
      continue;
    }
    if (support.grade < Grade::works || !support.until.empty()) gate.marks[gpu.id] = std::move(support);
    out.ids.push_back(gpu.id);
  }
  return out;
}

RankedList software_filters_unloaded(const RankingView& view) {
  RankedList out;
  out.profile = view.profile;
  return failed(std::move(out), {I18N("the software filters need software.json, which is not loaded")});
}

RankedList rank_view(const Catalog& catalog, const RankingView& view, const FitView& fit,
                     const SpeedCalibration* calibration, const Compat* compat, const SoftwareTable* software,
                     const Benchmarks* benchmarks) {
  // The software filters and gate, as the ids rank() may list (null: every card).
  SoftwareAllowed allowed;
  if (software) {
    allowed = software_allowed(catalog, view, fit, compat, *software);
  } else if (!view.runs.empty()) {
    return software_filters_unloaded(view);
  }
  const std::vector<std::string>* ids = software ? &allowed.ids : nullptr;
  RankedList out;
  if (ranks_by_vision(view) && calibration) {
    out = rank_by_vision(catalog, view, fit_model(fit), *calibration, benchmarks, compat, ids);
  } else if (!ranks_by_speed(view)) {
    out = rank_with_fit(catalog, view, fit_model(fit), compat, ids);
  } else if (!calibration) {
    out.profile = view.profile;
    return failed(std::move(out), {I18N("the speed model's calibration (speed_calibration.json) is not loaded")});
  } else {
    out = rank_by_speed(catalog, view, fit, *calibration, compat, ids);
  }
  out.software_gate = std::move(allowed.gate);
  return out;
}

}  // namespace gpuwise
