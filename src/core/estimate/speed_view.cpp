#include "estimate/speed_view.h"

#include <algorithm>
#include <cmath>

#include "text/csv.h"
#include "text/format.h"
#include "text/stable_sort.h"
#include "text/number_text.h"
#include "estimate/vram_fit.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

const std::vector<std::string> kSortKeys = {"decode", "prefill", "ttft"};

// The figure a row sorts by, larger is better; 0 when the card lacks it (then it sorts last).
double sort_value(const SpeedEstimate& e, const std::string& key) {
  if (key == "prefill") return e.prefill_tokens_per_s;
  if (key == "ttft") return e.time_to_first_token_s > 0 ? 1 / e.time_to_first_token_s : 0;
  return e.decode_tokens_per_s;
}

std::string round_text(double value, int decimals) { return format_fixed(value, decimals); }

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

int prompt_of(const SpeedView& view) { return view.prompt_tokens > 0 ? view.prompt_tokens : view.context; }

json measured_json(const std::optional<MeasuredResult>& m) {
  if (!m) return nullptr;
  json out = {{"tokens_per_s", m->value}, {"date", m->date},     {"source", m->source},
              {"set", m->set},            {"software", m->software}, {"outlier", m->outlier}};
  out["context"] = m->context ? json(*m->context) : json(nullptr);
  return out;
}

}  // namespace

const std::vector<std::string>& speed_sort_keys() { return kSortKeys; }

const char* speed_sort_label(const std::string& key) {
  if (key == "prefill") return I18N("Prefill tokens/s");
  if (key == "ttft") return I18N("Time to first token");
  return I18N("Decode tokens/s");
}

namespace {
// The view names a model by its size instead of the preset (speed.p, speed.active): the
// measured runs, made with the presets, do not match it.
bool sized_model(const SpeedView& view) { return view.params_b > 0 || view.active_params_b > 0; }
}  // namespace

SpeedInput speed_input_from_view(const SpeedView& view) {
  SpeedInput input;
  if (view.params_b > 0) {
    input.model = speed_model_from_size(view.params_b, std::nullopt);
  } else if (auto model = speed_model_from_preset(view.preset)) {
    input.model = *model;
  }
  if (view.active_params_b > 0) input.model.active_params_b = view.active_params_b;
  input.quant = view.quant;
  input.context = view.context;
  input.prompt_tokens = view.prompt_tokens;
  input.concurrent = view.concurrent;
  input.gpus = view.gpu_count;
  input.unified_memory_gb = view.unified_memory_gb;
  return input;
}

std::optional<TemplateText> check_speed_view(const SpeedView& view) {
  const ModelPreset* preset = find_preset(view.preset);
  if (!preset && !(view.params_b > 0)) {
    return TemplateText{I18N("'{0}' is not a model this page knows; pick one from the list"), {view.preset}};
  }
  if (!find_quantisation(view.quant)) {
    std::string list;
    for (const auto& q : quantisations()) list += (list.empty() ? "" : ", ") + q.id;
    return TemplateText{I18N("'{0}' is not a quantisation; one of {1}"), {view.quant, list}};
  }
  if (preset && !(view.params_b > 0) && preset->max_context > 0 && view.context > preset->max_context) {
    return TemplateText{I18N("A context of {0} tokens is beyond {1}'s limit of {2} tokens"),
                        {std::to_string(view.context), preset->name, std::to_string(preset->max_context)}};
  }
  if (view.prompt_tokens > view.context) {
    return TemplateText{I18N("The prompt ({0} tokens) is longer than the context ({1} tokens)"),
                        {std::to_string(view.prompt_tokens), std::to_string(view.context)}};
  }
  // Anything else the model refuses (ranges the field table already clamps to).
  return speed_input_problem(speed_input_from_view(view));
}

std::optional<MeasuredResult> matching_measurement(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                   const SpeedView& view, const std::string& phase) {
  if (view.gpu_count != 1 || view.concurrent != 1) return std::nullopt;  // the public runs: one card, one request
  if (sized_model(view)) return std::nullopt;
  const int wanted = phase == "prefill" ? prompt_of(view) : view.context;
  const MeasuredResult* best = nullptr;
  double best_distance = 0;
  for (const MeasuredResult* r : results_for(benchmarks, gpu_id)) {
    const Quantisation* q = find_quantisation(r->precision);
    if (r->phase != phase || r->model != view.preset || r->unit != "tokens_per_s" || !q || q->id != view.quant) {
      continue;
    }
    if (r->batch && *r->batch != 1) continue;
    // Context by ratio (512 vs 1024 as far as 4096 vs 8192); an outlier only when nothing else.
    const double distance = (r->context ? std::fabs(std::log(static_cast<double>(*r->context) / wanted)) : 50) +
                            (r->outlier ? 100 : 0);
    if (!best || distance < best_distance) {
      best = r;
      best_distance = distance;
    }
  }
  if (!best) return std::nullopt;
  return *best;
}

SpeedTable speed_table(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& calibration,
                       const SpeedView& view) {
  SpeedTable table;
  if (view.params_b > 0) {
    table.model_name = shortest_number(view.params_b) + "B";  // "14.8B": a model by its size
  } else if (const ModelPreset* preset = find_preset(view.preset)) {
    table.model_name = preset->name;
  }
  table.problem = check_speed_view(view);
  if (table.problem) return table;
  const SpeedInput input = speed_input_from_view(view);
  std::vector<SpeedRow> fitting, lacking;
  for (const Gpu& gpu : catalog.gpus) {
    SpeedRow row;
    row.estimate = estimate_speed(gpu, input, calibration);
    if (row.estimate.decode_tokens_per_s <= 0 && row.estimate.prefill_tokens_per_s <= 0) {
      ++table.cards_without_figures;
      continue;
    }
    ++table.cards_estimated;
    row.gpu_id = gpu.id;
    row.name = gpu.name;
    row.measured_decode = matching_measurement(benchmarks, gpu.id, view, "decode");
    row.measured_prefill = matching_measurement(benchmarks, gpu.id, view, "prefill");
    (row.estimate.fits ? fitting : lacking).push_back(std::move(row));
  }
  table.cards_fit = static_cast<int>(fitting.size());
  const std::string& key = view.sort;
  stable_sort_rows(fitting, [&key](const SpeedRow& a, const SpeedRow& b) {
    const double va = sort_value(a.estimate, key), vb = sort_value(b.estimate, key);
    if (va != vb) return va > vb;
    return a.name < b.name;
  });
  stable_sort_rows(lacking, [&key](const SpeedRow& a, const SpeedRow& b) {
    if (a.estimate.lacks_gb != b.estimate.lacks_gb) return a.estimate.lacks_gb < b.estimate.lacks_gb;
    const double va = sort_value(a.estimate, key), vb = sort_value(b.estimate, key);
    if (va != vb) return va > vb;
    return a.name < b.name;
  });
  if (fitting.empty()) {
    table.problem = TemplateText{
        I18N("{0} at {1} fits no card on {2} GPU(s): try more GPUs, a smaller quantisation or a shorter context"),
        {table.model_name, find_quantisation(view.quant)->label, std::to_string(view.gpu_count)}};
  }
  table.rows = std::move(fitting);
  if (!view.fits_only) {
    for (auto& row : lacking) table.rows.push_back(std::move(row));
  }
  const std::size_t top = static_cast<std::size_t>(std::max(1, view.top_n));
  if (table.rows.size() > top) table.rows.resize(top);
  return table;
}

std::string speed_table_csv(const SpeedTable& table) {
  const CsvRow header = {"card",
                         "id",
                         "gpus",
                         "fits",
                         "needed_gb_per_gpu",
                         "usable_gb_per_gpu",
                         "lacks_gb",
                         "decode_tokens_per_s",
                         "decode_total_tokens_per_s",
                         "prefill_tokens_per_s",
                         "time_to_first_token_s",
                         "measured_decode_tokens_per_s",
                         "measured_prefill_tokens_per_s",
                         "measured_date",
                         "measured_source"};
  std::vector<CsvRow> rows;
  for (const SpeedRow& row : table.rows) {
    const SpeedEstimate& e = row.estimate;
    const MeasuredResult* any = row.measured_decode ? &*row.measured_decode
                                : row.measured_prefill ? &*row.measured_prefill : nullptr;
    rows.push_back({row.name, row.gpu_id, std::to_string(e.gpus), e.fits ? "yes" : "no", round_text(e.needed_gb, 2),
                    round_text(e.usable_gb, 2), round_text(e.lacks_gb, 2), round_text(e.decode_tokens_per_s, 1),
                    round_text(e.decode_total_tokens_per_s, 1), round_text(e.prefill_tokens_per_s, 1),
                    round_text(e.time_to_first_token_s, 3),
                    row.measured_decode ? shortest_number(row.measured_decode->value) : "",
                    row.measured_prefill ? shortest_number(row.measured_prefill->value) : "",
                    any ? any->date : "", any ? any->source : ""});
  }
  return to_csv(header, rows);
}

json speed_table_to_json(const SpeedTable& table) {
  json rows = json::array();
  for (const SpeedRow& row : table.rows) {
    const SpeedEstimate& e = row.estimate;
    rows.push_back({{"id", row.gpu_id},
                    {"name", row.name},
                    {"gpus", e.gpus},
                    {"fits", e.fits},
                    {"needed_gb", rounded(e.needed_gb, 2)},
                    {"usable_gb", rounded(e.usable_gb, 2)},
                    {"lacks_gb", rounded(e.lacks_gb, 2)},
                    {"decode_tokens_per_s", rounded(e.decode_tokens_per_s, 1)},
                    {"decode_total_tokens_per_s", rounded(e.decode_total_tokens_per_s, 1)},
                    {"prefill_tokens_per_s", rounded(e.prefill_tokens_per_s, 1)},
                    {"time_to_first_token_s", rounded(e.time_to_first_token_s, 3)},
                    {"measured_decode", measured_json(row.measured_decode)},
                    {"measured_prefill", measured_json(row.measured_prefill)}});
  }
  return {{"problem", table.problem ? table.problem->text() : ""},
          {"model", table.model_name},
          {"cards_fit", table.cards_fit},
          {"cards_estimated", table.cards_estimated},
          {"cards_without_figures", table.cards_without_figures},
          {"rows", rows}};
}

}  // namespace gpuwise
