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
  SpeedModel model;
  if (view.params_b > 0) {
    model = speed_model_from_size(view.params_b, std::nullopt);
  } else if (auto preset = speed_model_from_preset(view.preset)) {
    model = *preset;
  }
  if (view.active_params_b > 0) model.active_params_b = view.active_params_b;
  return speed_input(std::move(model), view);
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
  // The public runs: one request on llama.cpp, all layers on the GPUs of one kind.
  if (view.concurrent != 1 || view.host_ram_gb > 0 || sized_model(view)) return std::nullopt;
  const SpeedInput input = speed_input_from_view(view);
  const std::optional<Engine> engine = speed_engine(input);
  if (!engine || *engine != Engine::llamacpp) return std::nullopt;
  int gpus = view.gpu_count;
  for (const std::string& id : view.cards) {
    if (id != gpu_id) return std::nullopt;  // a machine of several kinds: no run matches
  }
  if (!view.cards.empty()) gpus *= static_cast<int>(view.cards.size());
  const int wanted = phase == "prefill" ? prompt_of(view) : view.context;
  const MeasuredResult* best = nullptr;
  double best_distance = 0;
  for (const MeasuredResult* r : results_for(benchmarks, gpu_id)) {
    const Quantisation* q = find_quantisation(r->precision);
    if (r->phase != phase || r->model != view.preset || r->unit != "tokens_per_s" || !q || q->id != view.quant) {
      continue;
    }
    if ((r->batch && *r->batch != 1) || r->gpus != gpus || r->gpu_layers) continue;
    // A view's prompt starts from an empty cache: a prompt run at a depth is not its match.
    const int depth = r->depth.value_or(0);
    if (phase == "prefill" && depth > 0) continue;
    // Context by ratio (512 vs 1024 as far as 4096 vs 8192), a decode run's depth counted
    // (the tokens its cache held); at equal distance today's build (a later date) wins; an
    // outlier only when nothing else.
    const double distance =
        (r->context ? std::fabs(std::log(static_cast<double>(depth + *r->context) / wanted)) : 50) +
        (r->outlier ? 100 : 0);
    if (best && distance == best_distance && r->date > best->date) best = r;
    if (!best || distance < best_distance) {
      best = r;
      best_distance = distance;
    }
  }
  if (!best) return std::nullopt;
  return *best;
}

std::string machine_name(const Catalog& catalog, const std::vector<std::string>& cards, int gpu_count) {
  std::vector<std::pair<std::string, int>> counts;  // in the order listed
  for (const std::string& id : cards) {
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == id; });
    if (it == counts.end()) {
      counts.push_back({id, gpu_count});
    } else {
      it->second += gpu_count;
    }
  }
  std::string out;
  for (const auto& [id, count] : counts) {
    const int index = catalog.find(id);
    const std::string name = index >= 0 ? catalog.gpus[static_cast<std::size_t>(index)].name : id;
    out += (out.empty() ? "" : " + ") + std::to_string(count) + "x " + name;
  }
  return out;
}

std::vector<MachineCard> machine_cards(const Catalog& catalog, const std::vector<std::string>& cards, int gpu_count) {
  std::vector<MachineCard> out;
  for (const std::string& id : cards) {
    const int index = catalog.find(id);
    if (index >= 0) out.push_back({&catalog.gpus[static_cast<std::size_t>(index)], gpu_count});
  }
  return out;
}

namespace {
bool has_figure(const SpeedEstimate& e) { return e.decode_tokens_per_s > 0 || e.prefill_tokens_per_s > 0; }
}  // namespace

SpeedTable speed_table(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& calibration,
                       const SpeedView& view) {
  SpeedTable table;
  if (view.params_b > 0) {
    table.model_name = shortest_number(view.params_b) + "B";  // "14.8B": a model by its size
  } else if (const ModelPreset* preset = find_preset(view.preset)) {
    table.model_name = preset->name;
  }
  table.problem = check_speed_view(view);
  for (const std::string& id : view.cards) {
    if (!table.problem && catalog.find(id) < 0) {
      table.problem = TemplateText{I18N("'{0}' is not a card in the catalog"), {id}};
    }
  }
  if (table.problem) return table;
  const SpeedInput input = speed_input_from_view(view);
  std::vector<SpeedRow> fitting, lacking;
  auto add_row = [&](SpeedRow row) {
    ++table.cards_estimated;
    if (!has_figure(row.estimate)) ++table.cards_without_figures;
    (row.estimate.fits ? fitting : lacking).push_back(std::move(row));
  };
  if (!view.cards.empty()) {
    // One machine of the chosen cards: its row alone.
    SpeedRow row;
    row.estimate = estimate_machine(machine_cards(catalog, view.cards, view.gpu_count), input, calibration);
    row.gpu_id = row.estimate.gpu_id;
    row.name = machine_name(catalog, view.cards, view.gpu_count);
    row.measured_decode = matching_measurement(benchmarks, row.gpu_id, view, "decode");
    row.measured_prefill = matching_measurement(benchmarks, row.gpu_id, view, "prefill");
    add_row(std::move(row));
  } else {
    for (const Gpu& gpu : catalog.gpus) {
      SpeedRow row;
      row.estimate = estimate_speed(gpu, input, calibration);
      row.gpu_id = gpu.id;
      row.name = gpu.name;
      row.measured_decode = matching_measurement(benchmarks, gpu.id, view, "decode");
      row.measured_prefill = matching_measurement(benchmarks, gpu.id, view, "prefill");
      add_row(std::move(row));
    }
  }
  table.cards_fit = static_cast<int>(fitting.size());
  const std::string& key = view.sort;
  stable_sort_rows(fitting, [&key](const SpeedRow& a, const SpeedRow& b) {
    const double va = sort_value(a.estimate, key), vb = sort_value(b.estimate, key);
    if (va != vb) return va > vb;
    return a.name < b.name;
  });
  stable_sort_rows(lacking, [&key](const SpeedRow& a, const SpeedRow& b) {
    // Cards the engine cannot run (no estimate at all) after those that only lack memory.
    const bool a_runs = a.estimate.reason.pattern.empty(), b_runs = b.estimate.reason.pattern.empty();
    if (a_runs != b_runs) return a_runs;
    if (a.estimate.lacks_gb != b.estimate.lacks_gb) return a.estimate.lacks_gb < b.estimate.lacks_gb;
    const double va = sort_value(a.estimate, key), vb = sort_value(b.estimate, key);
    if (va != vb) return va > vb;
    return a.name < b.name;
  });
  if (fitting.empty()) {
    const bool machine = !view.cards.empty();
    table.problem = machine && !lacking.empty() && !lacking.front().estimate.reason.pattern.empty()
                        ? lacking.front().estimate.reason
                    : machine ? TemplateText{I18N("{0} at {1} does not fit on {2}: it lacks {3} GB"),
                                             {table.model_name, find_quantisation(view.quant)->label,
                                              lacking.empty() ? "" : lacking.front().name,
                                              lacking.empty() ? "" : format_number(lacking.front().estimate.lacks_gb, 1)}}
                              : TemplateText{I18N("{0} at {1} fits no card on {2} GPU(s): try more GPUs, a smaller "
                                                  "quantisation or a shorter context"),
                                             {table.model_name, find_quantisation(view.quant)->label,
                                              std::to_string(view.gpu_count)}};
  }
  table.rows = std::move(fitting);
  if (!view.fits_only || !view.cards.empty()) {
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
                         "engine",
                         "fits",
                         "needed_gb_per_gpu",
                         "usable_gb_per_gpu",
                         "lacks_gb",
                         "layers_in_ram",
                         "decode_tokens_per_s",
                         "decode_low",
                         "decode_high",
                         "decode_total_tokens_per_s",
                         "prefill_tokens_per_s",
                         "prefill_low",
                         "prefill_high",
                         "time_to_first_token_s",
                         "reason",
                         "measured_decode_tokens_per_s",
                         "measured_prefill_tokens_per_s",
                         "measured_date",
                         "measured_source"};
  std::vector<CsvRow> rows;
  for (const SpeedRow& row : table.rows) {
    const SpeedEstimate& e = row.estimate;
    const MeasuredResult* any = row.measured_decode ? &*row.measured_decode
                                : row.measured_prefill ? &*row.measured_prefill : nullptr;
    // An unknown figure is an empty cell, never 0; the reason says why.
    auto figure = [](double value, int decimals) { return value > 0 ? round_text(value, decimals) : std::string(); };
    rows.push_back({row.name, row.gpu_id, std::to_string(e.gpus), e.engine, e.fits ? "yes" : "no",
                    round_text(e.needed_gb, 2), round_text(e.usable_gb, 2), round_text(e.lacks_gb, 2),
                    std::to_string(e.layers_in_ram), figure(e.decode_tokens_per_s, 1),
                    figure(e.decode_band.low(e.decode_tokens_per_s), 1),
                    figure(e.decode_band.high(e.decode_tokens_per_s), 1), figure(e.decode_total_tokens_per_s, 1),
                    figure(e.prefill_tokens_per_s, 1), figure(e.prefill_band.low(e.prefill_tokens_per_s), 1),
                    figure(e.prefill_band.high(e.prefill_tokens_per_s), 1), figure(e.time_to_first_token_s, 3),
                    speed_missing_text(e).text(),
                    row.measured_decode ? shortest_number(row.measured_decode->value) : "",
                    row.measured_prefill ? shortest_number(row.measured_prefill->value) : "",
                    any ? any->date : "", any ? any->source : ""});
  }
  return to_csv(header, rows);
}

TemplateText speed_missing_text(const SpeedEstimate& e) {
  if (!e.reason.pattern.empty()) return e.reason;
  if (!(e.decode_tokens_per_s > 0) && !e.decode_reason.pattern.empty()) return e.decode_reason;
  if (!(e.prefill_tokens_per_s > 0) && !e.prefill_reason.pattern.empty()) return e.prefill_reason;
  return {};
}

namespace {
// A figure and its band: the value (null when unknown, with `<name>_reason`), `<name>_low`
// and `<name>_high`.
void put_figure(json& out, const std::string& name, double value, int decimals, const Band* band,
                const TemplateText& reason) {
  if (value > 0) {
    out[name] = rounded(value, decimals);
    if (band) {
      out[name + "_low"] = rounded(band->low(value), decimals);
      out[name + "_high"] = rounded(band->high(value), decimals);
    }
  } else {
    out[name] = nullptr;
    out[name + "_reason"] = reason.text();
  }
}
}  // namespace

json speed_estimate_json(const SpeedEstimate& e) {
  json out = {{"id", e.gpu_id},
              {"gpus", e.gpus},
              {"engine", e.engine.empty() ? json(nullptr) : json(e.engine)},
              {"fits", e.fits},
              {"needed_gb", rounded(e.needed_gb, 2)},
              {"usable_gb", rounded(e.usable_gb, 2)},
              {"lacks_gb", rounded(e.lacks_gb, 2)},
              {"efficiency_family", e.family},
              {"family_calibrated", e.family_calibrated}};
  if (e.mixed) out["per_machine"] = e.engine == engine_key(Engine::llamacpp);
  if (e.layers_in_ram > 0 || e.ram_needed_gb > 0) {
    out["layers_in_ram"] = e.layers_in_ram;
    out["ram_needed_gb"] = rounded(e.ram_needed_gb, 2);
    out["ram_usable_gb"] = rounded(e.ram_usable_gb, 2);
  }
  const TemplateText& whole = e.reason;
  const TemplateText decode_why = whole.pattern.empty() ? e.decode_reason : whole;
  const TemplateText prefill_why = whole.pattern.empty() ? e.prefill_reason : whole;
  put_figure(out, "decode_tokens_per_s", e.decode_tokens_per_s, 1, &e.decode_band, decode_why);
  put_figure(out, "decode_total_tokens_per_s", e.decode_total_tokens_per_s, 1, &e.decode_band, decode_why);
  put_figure(out, "prefill_tokens_per_s", e.prefill_tokens_per_s, 1, &e.prefill_band, prefill_why);
  // A first token's time is prompt / prefill: its low is the prefill's high and the reverse.
  if (e.time_to_first_token_s > 0) {
    out["time_to_first_token_s"] = rounded(e.time_to_first_token_s, 3);
    out["time_to_first_token_s_low"] = rounded(e.time_to_first_token_s / e.prefill_band.high_ratio, 3);
    out["time_to_first_token_s_high"] = rounded(e.time_to_first_token_s / e.prefill_band.low_ratio, 3);
  } else {
    out["time_to_first_token_s"] = nullptr;
    out["time_to_first_token_s_reason"] = prefill_why.text();
  }
  // The row's headline figure is decode: `low` and `high` bound it.
  const bool decode = e.decode_tokens_per_s > 0;
  out["low"] = decode ? json(rounded(e.decode_band.low(e.decode_tokens_per_s), 1)) : json(nullptr);
  out["high"] = decode ? json(rounded(e.decode_band.high(e.decode_tokens_per_s), 1)) : json(nullptr);
  if (!whole.pattern.empty()) out["reason"] = whole.text();
  out["band"] = {{"decode", e.decode_band.class_key},
                 {"decode_measured", e.decode_band.measured()},
                 {"prefill", e.prefill_band.class_key},
                 {"prefill_measured", e.prefill_band.measured()}};
  return out;
}

json speed_table_to_json(const SpeedTable& table) {
  json rows = json::array();
  for (const SpeedRow& row : table.rows) {
    json item = speed_estimate_json(row.estimate);
    item["id"] = row.gpu_id;
    item["name"] = row.name;
    item["measured_decode"] = measured_json(row.measured_decode);
    item["measured_prefill"] = measured_json(row.measured_prefill);
    rows.push_back(std::move(item));
  }
  return {{"problem", table.problem ? table.problem->text() : ""},
          {"model", table.model_name},
          {"cards_fit", table.cards_fit},
          {"cards_estimated", table.cards_estimated},
          {"cards_without_figures", table.cards_without_figures},
          {"rows", rows}};
}

}  // namespace gpuwise
