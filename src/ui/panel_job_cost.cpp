// The Price & ROI tab, second view: what a job costs. Train or fine-tune a model on D
// tokens within N days, serve users from an endpoint up H hours a day, or generate a batch
// of tokens; for every card and count, the hours (or replicas), the cost owned (the ROI
// model's amortised price, power and host) and rented (the cheapest dated on-demand rate),
// each with its band, and the cheapest ways first. Core's job_cost() computes it all; the
// estimates' error comes from core's check_speed() against the measured sets.
//
// [SECTION] Data       the cached result and the speed model's measured accuracy
// [SECTION] Inputs     job, model, tokens, format, GPUs, owning assumptions
// [SECTION] Outputs    headline, accuracy and assumptions, cheapest ways, every option
// [SECTION] Page info  window.gpuwise.job for scripts and tests
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "text/band_text.h"
#include "text/format.h"
#include "view/view_money.h"
#include "i18n.h"
#include "imgui.h"
#include "estimate/serving.h"
#include "estimate/train_runs.h"
#include "money/job_cost.h"
#include "money/roi.h"
#include "money.h"
#include "panels.h"
#include "price_widgets.h"
#include "view/view_fields.h"
#include "estimate/vram_fit.h"
#include "software_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

constexpr int kWaysShown = 10;
constexpr int kGpuChoices[] = {0, 1, 2, 4, 8, 16, 32, 64};

// A field's label: a column of its own on a wide screen, above its input on a phone.
void LabelFor(const char* link_key) { FormLabel(FieldLabel(link_key), 160, 480); }

// A combo's width: `wanted`, or what is left of the line on a narrow screen.
float ComboWidth(float wanted) { return std::min(wanted, ImGui::GetContentRegionAvail().x - 4); }

void ErrorText(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// [SECTION] Data
// What window.gpuwise.job shows: the outcome and the first rows (it is published every frame).
json JobCostInfoOf(const JobView& job, const JobCostResult& r) {
  json info = {{"ok", r.ok}, {"kind", job.kind}, {"per", r.per}, {"options", r.options.size()}};
  if (!r.ok) {
    info["error"] = r.error;
    return info;
  }
  const json full = job_cost_to_json(r, kWaysShown);
  json rows = json::array();
  for (std::size_t i = 0; i < full["results"].size() && i < 20; ++i) {
    const json& row = full["results"][i];
    json out = {{"id", row["id"]}, {"gpus", row["gpus"]}, {"hours", row["hours"]}, {"low", row["low"]},
                {"high", row["high"]}, {"tokens_per_s", row["tokens_per_s"]}, {"own_cost_usd", row["own_cost_usd"]},
                {"rent_cost_usd", row["rent_cost_usd"]}, {"provider", row["provider"]}, {"band", row["band"]}};
    for (const char* key : {"replicas", "users_per_replica", "busy_pct", "efficiency_source", "mfu"}) {
      if (row.contains(key)) out[key] = row[key];
    }
    rows.push_back(out);
  }
  info["rows"] = rows;
  info["cheapest"] = full["cheapest"];
  return info;
}

bool SpeedModelReady(UiState& ui) {
  WantSpeedModel(ui);  // fetched on first use (main.cpp DataFiles)
  return ui.speed.calibration_state == LoadState::ready;
}

// job_cost() for the view, recomputed only when an input it reads changes.
const JobCostResult* CurrentJobCost(const ViewState& view, UiState& ui) {
  if (!SpeedModelReady(ui)) return nullptr;
  // The software gate (issue 29, money/job_gate.h): the list waits for software.json.
  const SoftwareTable* software = WantSoftware(ui);
  if (!software && ui.software.state == LoadState::pending) return nullptr;
  JobCostCache& cache = ui.job_cost;
  if (!(cache.valid && cache.job == view.job && cache.roi == view.roi && SameBuyer(cache.buyer, view.buyer) &&
        cache.catalog_size == ui.catalog.gpus.size() && cache.prices_state == ui.prices_state &&
        cache.software_ready == (software != nullptr))) {
    // job_cost() with the software gate (money/job_gate.h: the cards current software cannot
    // run for the job set apart), then the buyer's budget on each option's whole outlay:
    // owning over it leaves the cheapest ways.
    GatedJobCost gated = gated_job_cost(ui.catalog, ui.prices, ui.speed.calibration,
                                        job_input_from_view(view.job, view.roi, view.buyer), software,
                                        ui.compat_state == LoadState::ready ? &ui.compat : nullptr);
    cache.result = std::move(gated.result);
    cache.gate = std::move(gated.gate);
    cache.software_ready = software != nullptr;
    cache.priced = job_cost_for_buyer(ui.catalog, ui.prices, cache.result, view.buyer);
    cache.result.cheapest = cache.priced.cheapest;
    cache.job = view.job;
    cache.roi = view.roi;
    cache.buyer = view.buyer;
    cache.catalog_size = ui.catalog.gpus.size();
    cache.prices_state = ui.prices_state;
    cache.info = JobCostInfoOf(cache.job, cache.result);
    cache.valid = true;
  }
  return &cache.result;
}

// The check the job's figures rest on: the LLM training runs held out card by card, or
// the public serving runs (never fitted on), from data/speed_check.json. Empty until it is in.
const SpeedCheck* JobCheck(UiState& ui, JobKind kind) {
  WantSpeedChecks(ui);
  if (ui.speed.checks_state != LoadState::ready) return nullptr;
  const std::string set = kind == JobKind::train ? "llm-training" : "serving";
  for (const SpeedCheck& check : ui.speed.checks) {
    if (check.set == set && check.held_out != "in-sample" && check.n > 0) return &check;
  }
  return nullptr;
}

// "$58.20 ($50 to $70)", "$2.75 ($2.6 to $3.4)": a figure with its band, the ends with the
// decimals that keep them apart (core's money_band_text), in the reader's currency.
std::string MoneyBand(double usd, double low, double high, const ViewState& view, UiState& ui, int decimals) {
  const DisplayCurrency currency = display_currency(view, ui.prices);
  const TemplateText band =
      money_band_text(usd * currency.per_usd, low * currency.per_usd, high * currency.per_usd, currency.symbol, decimals);
  return tr(band);
}

std::string Hours(double hours) {
  const std::string h = std::string(" ") + tr("h");
  if (hours >= 48) return format_number(hours, 0) + h + " (" + format_number(hours / 24, 1) + " " + tr("days") + ")";
  return format_number(hours, hours < 10 ? 2 : 1) + h;
}

std::string HoursBand(double hours, double low, double high) {
  const int decimals = band_decimals(low, high).value_or(1);
  return Hours(hours) + " (" + format_fixed(low, decimals) + " " + tr("to") + " " + format_fixed(high, decimals) + ")";
}

// [SECTION] Inputs
}  // namespace

void DrawJobKind(ViewState& view, UiState& ui) {
  JobView& job = view.job;
  const std::pair<const char*, const char*> kinds[] = {
      {"train", N_("Train")}, {"finetune", N_("Fine-tune")}, {"serve", N_("Serve users")}, {"batch", N_("Batch")},
      {"image", N_("Images")}};
  LabelFor("job.kind");
  for (const auto& [key, label] : kinds) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(tr(label)).x;
    if (key != kinds[0].first) SameLineIfFits(width);
    if (ImGui::RadioButton(tr(label), job.kind == key)) job.kind = key;
    RecordTarget(ui, std::string("job-kind:") + key);
  }
}

namespace {

void DrawModel(ViewState& view, UiState& ui) {
  JobView& job = view.job;
  LabelFor("job.model");
  const ModelPreset* preset = job.preset == "custom" ? nullptr : find_preset(job.preset);
  ImGui::SetNextItemWidth(ComboWidth(220));
  if (ImGui::BeginCombo("##job-model", preset ? preset->name : tr("Custom size"), ImGuiComboFlags_HeightLarge)) {
    for (const ModelPreset& p : model_presets()) {
      if (ImGui::Selectable(p.name, preset == &p)) {
        job.preset = p.id;
        job.params_b = p.params_b;  // so "Custom size" starts from the model shown
      }
      RecordTarget(ui, std::string("job-model:") + p.id);
    }
    if (ImGui::Selectable(tr("Custom size"), !preset)) job.preset = "custom";
    RecordTarget(ui, "job-model:custom");
    ImGui::EndCombo();
  }
  RecordTarget(ui, "job-model");
  if (!preset) {
    LabelFor("job.p");
    InputField("job-params", "job.p", view, ui, "%.2f");
  } else if (preset->active_params_b > 0 && preset->active_params_b < preset->params_b) {
    char moe[160];
    std::snprintf(moe, sizeof moe, tr("Mixture of experts: %s B of %s B parameters work per token."),
                  format_number(preset->active_params_b, 1).c_str(), format_number(preset->params_b, 1).c_str());
    TextDim(moe);
  }
}

void DrawGpuCount(ViewState& view, UiState& ui) {
  JobView& job = view.job;
  LabelFor("job.n");
  auto shown = [](int n) { return n == 0 ? std::string(tr("1, 2, 4 and 8")) : std::to_string(n); };
  ImGui::SetNextItemWidth(ComboWidth(140));
  if (ImGui::BeginCombo("##job-gpus", shown(job.gpu_count).c_str())) {
    for (int n : kGpuChoices) {
      if (ImGui::Selectable(shown(n).c_str(), job.gpu_count == n)) job.gpu_count = n;
      RecordTarget(ui, "job-gpus:" + std::to_string(n));
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "job-gpus");
}

void DrawInputs(ViewState& view, UiState& ui) {
  JobView& job = view.job;
  DrawJobKind(view, ui);
  DrawModel(view, ui);
  // The card count next to the model: on a phone it stays on the first screen whatever
  // the job's own inputs are (serving has three).
  DrawGpuCount(view, ui);
  const bool generates = job.kind == "serve" || job.kind == "batch";
  if (job.kind == "serve") {
    LabelFor("job.users");
    InputField("job-users", "job.users", view, ui, "%.0f", 170);  // room for 4 digits beside - and + on a phone
    LabelFor("job.tpd");
    InputField("job-tokens-per-day", "job.tpd", view, ui, "%.0f", 150);
    LabelFor("job.up");
    InputField("job-hours-up", "job.up", view, ui, "%.1f", 170);
  } else if (job.kind == "batch") {
    FormLabel(tr("Tokens to generate"), 160, 480);
    InputField("job-tokens", "job.tok", view, ui, "%g", 120);
    LabelFor("job.conc");
    InputField("job-concurrent", "job.conc", view, ui);
  } else {
    LabelFor("job.tok");
    InputField("job-tokens", "job.tok", view, ui, "%g", 120);
    LabelFor("job.days");
    InputField("job-days", "job.days", view, ui, "%.0f", 120);
    if (job.kind == "finetune") TextDim(tr("Fine-tuning here trains every weight (as training does), on fewer tokens."));
  }
  if (generates) {
    LabelFor("job.quant");
    const Quantisation* quant = find_quantisation(job.quant);
    ImGui::SetNextItemWidth(ComboWidth(220));
    if (ImGui::BeginCombo("##job-quant", quant ? quant->label.c_str() : job.quant.c_str())) {
      for (const Quantisation& q : quantisations()) {
        if (ImGui::Selectable(q.label.c_str(), quant == &q)) job.quant = q.id;
      }
      ImGui::EndCombo();
    }
    RecordTarget(ui, "job-quant");
  }

  // Owning: the buy-or-rent view's assumptions, editable here too (the same link keys); its
  // one machine's figures (host price and power) do not apply to a job's many machines.
  if (ImGui::TreeNode(tr("Owning assumptions (shared with Buy or rent)"))) {
    LabelFor("roi.kwh");
    const RoiResult used = compute_roi_costs(ui.catalog, ui.prices, EffectiveRoiView(view, ui), view.buyer);
    InputRoiOptional("job-kwh", "roi.kwh", used, view, ui, "%.3f");
    if (job.kind != "serve") {
      LabelFor("roi.hpd");
      InputField("job-hours-per-day", "roi.hpd", view, ui, "%.1f");
    }
    LabelFor("roi.months");
    InputField("job-months", "roi.months", view, ui);
    LabelFor("roi.dep");
    InputField("job-depreciation", "roi.dep", view, ui);
    LabelFor("roi.tax");  // what the cards cost to buy includes it, as on Buy or rent
    InputField("job-tax", "roi.tax", view, ui, "%.2f");
    ImGui::TreePop();
  }
}

// [SECTION] Outputs
// Beside the estimate, the card's public training runs with their sources: the estimate's
// tokens/s per GPU, then each run's (the job's model first).
void MeasuredTraining(const JobOption& o, const std::string& model, UiState& ui, PlatformRequests& requests) {
  if (ui.speed.benchmarks_state != LoadState::ready) return;
  const auto runs = measured_training_of(ui.speed.benchmarks, o.gpu_id, model);
  if (runs.empty()) return;
  char line[400];
  std::snprintf(line, sizeof line, tr("This estimate: %s tokens/s per GPU. Measured on this card:"),
                format_number(o.gpus > 0 ? o.tokens_per_s / o.gpus : 0, 0).c_str());
  TextDim(line);
  int i = 0;
  for (const MeasuredResult* r : runs) {
    const ModelPreset* preset = find_preset(r->model);
    std::snprintf(line, sizeof line, tr("%s tokens/s per GPU: %s, %s, %d GPUs, %s tokens (%s, %s)"),
                  format_number(r->value, 0).c_str(), preset ? preset->name : r->model.c_str(), r->precision.c_str(),
                  r->gpus, r->context ? format_number(*r->context, 0).c_str() : "—", r->software.c_str(),
                  r->date.c_str());
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextUnformatted(line);
    ImGui::SameLine();
    ImGui::PushID(i++);
    RecordTarget(ui, "job-measured:" + std::to_string(i));
    Link(tr("source"), r->source, requests);
    ImGui::PopID();
  }
}

void DrawHeadline(const ViewState& view, UiState& ui, const JobCostResult& result, PlatformRequests& requests) {
  if (result.cheapest.empty()) {
    TextDim(tr("No card has a price or a rental rate in the data for this job."));
    return;
  }
  const JobWay& best = result.cheapest.front();
  const int index = ui.catalog.find(best.gpu_id);
  const std::string name = index >= 0 ? ui.catalog.gpus[static_cast<std::size_t>(index)].name : best.gpu_id;
  const std::string how = best.own ? std::string(tr("own")) : std::string(tr("rent from")) + " " + best.provider;
  const std::string cost = MoneyBand(best.cost_usd, best.cost_low_usd, best.cost_high_usd, view, ui, 2);
  char line[600];
  if (result.model.kind == JobKind::serve) {
    std::snprintf(line, sizeof line,
                  tr("Cheapest: %d × (%s × %d), %s: %s a day, up %s h a day; %s per million tokens at this load."),
                  best.replicas, name.c_str(), best.gpus, how.c_str(), cost.c_str(),
                  format_number(result.input.job.up_hours_per_day, 1).c_str(),
                  Money(best.usd_per_million_tokens, view, ui, 2).c_str());
  } else {
    std::snprintf(line, sizeof line, tr("Cheapest: %s × %d, %s: %s (%s)."), name.c_str(), best.gpus, how.c_str(),
                  cost.c_str(), Hours(best.hours).c_str());
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(line);
  // Where the training speed of that option comes from: measured runs, or our default.
  for (const JobOption& o : result.options) {
    if (o.gpu_id != best.gpu_id || o.gpus != best.gpus) continue;
    if (result.model.kind == JobKind::train) {
      std::snprintf(line, sizeof line, tr("Training efficiency (MFU %s, %s %% per GPU kept over %s): %s"),
                    format_number(o.mfu, 2).c_str(), format_number(o.scaling * 100, 0).c_str(),
                    o.link.empty() ? tr("one GPU") : o.link.c_str(), render_template(o.efficiency_source, tr).c_str());
      TextDim(line);
      if (o.lacks_bf16_flash) TextDim(tr("No BF16 tensor cores and no FlashAttention-2: FP16 with loss scaling, its efficiency lowered."));
      if (o.recompute) TextDim(tr("Activations are recomputed in the backward pass to fit the memory: a third more FLOPs a token."));
      MeasuredTraining(o, result.model.preset, ui, requests);
    } else if (result.model.kind == JobKind::serve) {
      std::snprintf(line, sizeof line,
                    tr("Each replica keeps %d users in flight at %s tokens/s each (%s tokens/s together); busy %s %% of "
                       "the hours up."),
                    o.users_per_replica, format_number(o.tokens_per_s_per_user, 0).c_str(),
                    format_number(o.tokens_per_s, 0).c_str(), format_number(o.busy_pct, 0).c_str());
      TextDim(line);
    }
    break;
  }
  ImGui::PopTextWrapPos();
  RecordTarget(ui, "job-headline");
}

// How close the speed model came to measured results, and what is our assumption: read
// from core's check and calibration, so they follow the data.
void DrawAccuracy(const ViewState& view, UiState& ui, const JobCostResult& result) {
  const JobKind kind = result.model.kind;
  const SpeedCheck* check = JobCheck(ui, kind);
  char text[700];
  ImGui::PushTextWrapPos(0);
  if (check) {
    std::snprintf(text, sizeof text,
                  kind == JobKind::train
                      ? tr("How close: training tokens/s per GPU came within a median %s %% of %d public LLM training runs "
                           "(NeMo, torchtitan, LLM Foundry, Intel Gaudi), each card predicted without its own runs. The "
                           "band beside each figure is where nine runs in ten of its class fell.")
                      : tr("How close: generated tokens/s at a batch came within a median %s %% of %d public serving runs "
                           "(vLLM, SGLang, Intel Gaudi) the model was never fitted on. The band beside each "
                           "figure is where nine runs in ten of its class fell."),
                  format_number(check->median_abs_error_pct, 0).c_str(), check->n);
    ImGui::TextUnformatted(text);
  } else if (ui.speed.checks_state == LoadState::failed) {
    TextDim(ui.speed.checks_error.c_str());
  } else {
    TextDim(tr("Checking the speed model against the measured results..."));
  }
  if (kind == JobKind::serve) {
    std::snprintf(text, sizeof text,
                  tr("Our assumptions, not measurements: each user may have one request in flight; a replica takes no "
                     "more requests than keep each at %s tokens/s or more (and at most %d, as vLLM); one prompt token "
                     "is processed per generated token; a %d-token context per request; the endpoint is billed for its "
                     "hours up, busy or not."),
                  format_number(kServeMinTokensPerRequest, 0).c_str(), kServeMaxBatch, result.input.context);
  } else if (kind == JobKind::batch) {
    std::snprintf(text, sizeof text,
                  tr("Our assumptions, not measurements: %d requests decoded together at a %d-token context; one prompt "
                     "token per generated token; no deadline, so the work is packed into busy hours."),
                  result.input.job.concurrent, result.input.context);
  } else {
    std::snprintf(text, sizeof text,
                  tr("Our assumptions, not measurements: BF16 with FSDP at a %d-token sequence; 6 FLOPs per parameter "
                     "and token plus attention; architectures without measured runs get the lowest measured efficiency "
                     "(NVIDIA) or half of it (other vendors); GPUs lose time to communication by their link; owned cards "
                     "work %s h a day for %d months."),
                  result.input.train_context, format_number(view.roi.hours_per_day, 1).c_str(), view.roi.months);
  }
  ImGui::TextDisabled("%s", text);
  ImGui::PopTextWrapPos();
}

std::string CardName(const UiState& ui, const std::string& id) {
  const int index = ui.catalog.find(id);
  return index >= 0 ? ui.catalog.gpus[static_cast<std::size_t>(index)].name : id;
}

void DrawCheapestWays(const ViewState& view, UiState& ui, const JobCostResult& result) {
  const bool per_day = result.per == "day";
  ImGui::TextUnformatted(tr("The cheapest ways to get it done"));
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_SizingFixedFit;
  const int rows = std::min<int>(kWaysShown, static_cast<int>(result.cheapest.size()));
  // Exactly the rows, the header and a horizontal scrollbar (a phone scrolls sideways).
  const float height = static_cast<float>(rows + 1) * (ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y) +
                       ImGui::GetStyle().ScrollbarSize + 4;
  const bool serve = result.model.kind == JobKind::serve;
  if (!ImGui::BeginTable("job-ways", serve ? 7 : 6, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(tr("Card"));
  ImGui::TableSetupColumn(tr("GPUs"));
  if (serve) ImGui::TableSetupColumn(tr("Replicas"));
  ImGui::TableSetupColumn(tr("Own or rent"));
  ImGui::TableSetupColumn(per_day ? tr("Cost a day (band)") : tr("Cost (band)"));
  ImGui::TableSetupColumn(per_day ? tr("Hours up a day") : tr("Hours"));
  ImGui::TableSetupColumn(tr("Per million tokens"));
  ImGui::TableHeadersRow();
  for (int i = 0; i < rows; ++i) {
    const JobWay& way = result.cheapest[static_cast<std::size_t>(i)];
    ImGui::TableNextRow();
    int column = 0;
    ImGui::TableSetColumnIndex(column++);
    ImGui::Text("%d. %s", i + 1, CardName(ui, way.gpu_id).c_str());
    ImGui::TableSetColumnIndex(column++);
    ImGui::Text("%d", way.gpus);
    if (serve) {
      ImGui::TableSetColumnIndex(column++);
      ImGui::Text("%d", way.replicas);
    }
    ImGui::TableSetColumnIndex(column++);
    if (way.own) ImGui::TextUnformatted(tr("own"));
    else ImGui::Text("%s %s", tr("rent from"), way.provider.c_str());
    ImGui::TableSetColumnIndex(column++);
    ImGui::TextUnformatted((MoneyBand(way.cost_usd, way.cost_low_usd, way.cost_high_usd, view, ui, 2) +
                            (way.stale ? " *" : "")).c_str());
    if (way.stale && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", tr("The price or rate behind it was seen more than 12 months ago."));
    }
    ImGui::TableSetColumnIndex(column++);
    ImGui::TextUnformatted(Hours(way.hours).c_str());
    ImGui::TableSetColumnIndex(column++);
    ImGui::TextUnformatted(Money(way.usd_per_million_tokens, view, ui, 4).c_str());
  }
  ImGui::EndTable();
  RecordTarget(ui, "job-ways");
}

// A cost cell: the figure with its band, or "–" with the reason it is absent on hover.
void CostCell(const std::optional<double>& usd, const std::optional<double>& low, const std::optional<double>& high,
              const TemplateText& missing, const ViewState& view, UiState& ui, int decimals) {
  if (usd) {
    ImGui::TextUnformatted((low && high ? MoneyBand(*usd, *low, *high, view, ui, decimals)
                                        : Money(*usd, view, ui, decimals)).c_str());
    return;
  }
  ImGui::TextDisabled("%s", kMissing);
  if (ImGui::IsItemHovered() && !missing.pattern.empty()) ImGui::SetTooltip("%s", render_template(missing, tr).c_str());
}

void DrawOptions(const ViewState& view, UiState& ui, const JobCostResult& result, PlatformRequests& requests) {
  const bool per_day = result.per == "day";
  char header[160];
  std::snprintf(header, sizeof header, tr("Every card and count (%d)###job-options"),
                static_cast<int>(result.options.size()));
  if (!ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button(tr("Export CSV"))) {
    requests.download_name = "gpuwise-job-cost.csv";
    requests.download_mime = "text/csv";
    requests.download_content = job_buyer_csv(result, ui.job_cost.priced);
  }
  RecordTarget(ui, "job-csv");
  if (result.counts_too_slow > 0) {
    ImGui::SameLine();
    char slow[200];
    std::snprintf(slow, sizeof slow,
                  result.model.kind == JobKind::serve
                      ? tr("%d more fit but cannot give a user the speed floor, or would need too many replicas.")
                      : tr("%d more fit but would not finish within the days allowed."),
                  result.counts_too_slow);
    TextDim(slow);
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float height = std::max(200.0f, std::min(420.0f, ImGui::GetContentRegionAvail().y - 8));
  const bool serve = result.model.kind == JobKind::serve;
  if (view.buyer.budget_usd > 0) DrawOverBudget(ui.job_cost.priced.own_over_budget, view, ui);
  if (!ImGui::BeginTable("job-options", serve ? 12 : 11, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(tr("Card"));
  ImGui::TableSetupColumn(tr("GPUs"));
  if (serve) {
    ImGui::TableSetupColumn(tr("Replicas"));
    ImGui::TableSetupColumn(tr("Users per replica"));
    ImGui::TableSetupColumn(tr("Tokens/s per user"));
    ImGui::TableSetupColumn(tr("Busy"));
  } else {
    ImGui::TableSetupColumn(tr("Hours (band)"));
    ImGui::TableSetupColumn(tr("Tokens/s"));
    ImGui::TableSetupColumn(result.model.kind == JobKind::train ? tr("MFU") : tr("Requests at once"));
  }
  ImGui::TableSetupColumn(per_day ? tr("Own, a day") : tr("Own"));
  ImGui::TableSetupColumn(tr("Own per M tokens"));
  ImGui::TableSetupColumn(per_day ? tr("Rent, a day") : tr("Rent"));
  ImGui::TableSetupColumn(tr("Rent per M tokens"));
  ImGui::TableSetupColumn(tr("Provider"));
  ImGui::TableSetupColumn(tr("Outlay"));  // issue 28: cards and the machine they need
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(result.options.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const JobOption& o = result.options[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      int column = 0;
      ImGui::TableSetColumnIndex(column++);
      ImGui::TextUnformatted(o.gpu_name.c_str());
      SupportMark(ui.job_cost.gate, o.gpu_id, ui);
      if (ImGui::IsItemHovered() && !o.efficiency_source.pattern.empty()) {
        ImGui::SetTooltip("%s", render_template(o.efficiency_source, tr).c_str());
      }
      ImGui::TableSetColumnIndex(column++);
      ImGui::Text("%d", o.gpus);
      if (serve) {
        ImGui::TableSetColumnIndex(column++);
        ImGui::Text("%d (%d-%d)", o.replicas, o.replicas_low, o.replicas_high);
        ImGui::TableSetColumnIndex(column++);
        ImGui::Text("%d", o.users_per_replica);
        ImGui::TableSetColumnIndex(column++);
        ImGui::TextUnformatted(format_number(o.tokens_per_s_per_user, 0).c_str());
        ImGui::TableSetColumnIndex(column++);
        ImGui::TextUnformatted((format_number(o.busy_pct, 0) + " %").c_str());
      } else {
        ImGui::TableSetColumnIndex(column++);
        ImGui::TextUnformatted(HoursBand(o.hours, o.hours_low, o.hours_high).c_str());
        if (ImGui::IsItemHovered()) {
          char needs[120];
          std::snprintf(needs, sizeof needs, tr("Needs %s GB per GPU."), format_number(o.needed_gb, 1).c_str());
          ImGui::SetTooltip("%s", needs);
        }
        ImGui::TableSetColumnIndex(column++);
        ImGui::TextUnformatted(format_number(o.tokens_per_s, o.tokens_per_s < 100 ? 1 : 0).c_str());
        ImGui::TableSetColumnIndex(column++);
        if (result.model.kind == JobKind::train) ImGui::TextUnformatted(format_number(o.mfu, 2).c_str());
        else ImGui::Text("%d", o.users_per_replica);
      }
      ImGui::TableSetColumnIndex(column++);
      CostCell(o.own.usd, o.own.low_usd, o.own.high_usd, o.own_missing_text, view, ui, 2);
      ImGui::TableSetColumnIndex(column++);
      CostCell(o.own.usd_per_million_tokens, {}, {}, o.own_missing_text, view, ui, 4);
      ImGui::TableSetColumnIndex(column++);
      CostCell(o.rent.usd, o.rent.low_usd, o.rent.high_usd, o.rent_missing_text, view, ui, 2);
      ImGui::TableSetColumnIndex(column++);
      CostCell(o.rent.usd_per_million_tokens, {}, {}, o.rent_missing_text, view, ui, 4);
      ImGui::TableSetColumnIndex(column++);
      if (o.rate) {
        ImGui::Text("%s, %s", o.rate->provider.c_str(), o.rate->date_seen.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", o.rate->source.c_str());
      }
      ImGui::TableSetColumnIndex(column++);
      const std::vector<JobOutlay>& outlays = ui.job_cost.priced.outlays;
      if (static_cast<std::size_t>(i) < outlays.size()) {
        const JobOutlay& priced = outlays[static_cast<std::size_t>(i)];
        DrawOutlayCell(priced.outlay, priced.per_1000_usd, view, ui);
        if (!priced.within_budget) {
          ImGui::SameLine();
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(StaleColour()), "%s", tr("over budget"));
        }
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawJobCostView(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (view.job.kind == "image") return DrawImageJobView(view, ui, requests);  // panel_image_job.cpp (issue 29)
  const float width = ImGui::GetContentRegionAvail().x;
  const bool two_columns = width >= 1000;
  if (two_columns) ImGui::BeginChild("job-inputs", ImVec2(480, 0));
  // A phone: the inputs fold under what they are set to, so the cheapest ways are in sight.
  const JobView& job = view.job;
  const ModelPreset* preset = job.preset == "custom" ? nullptr : find_preset(job.preset);
  const char* kind_label = job.kind == "serve"      ? N_("Serve users")
                           : job.kind == "batch"    ? N_("Batch")
                           : job.kind == "image"    ? N_("Images")
                           : job.kind == "finetune" ? N_("Fine-tune")
                                                    : N_("Train");
  FoldLine summary("");
  summary.add(tr(kind_label));
  summary.add(preset ? preset->name : tr("Custom size"));
  if (FoldOnNarrow("job-inputs", summary, ui)) DrawInputs(view, ui);
  if (two_columns) {
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("job-outcome");
  }
  ImGui::Spacing();
  ui.prices_wanted = true;
  const JobCostResult* result = CurrentJobCost(view, ui);
  if (!result) {
    if (ui.speed.calibration_state == LoadState::failed) ErrorText(ui.speed.error);
    else if (ui.speed.calibration_state == LoadState::ready) SoftwareReady(ui);  // says software support is loading
    else TextDim(tr("Loading the speed model..."));
  } else if (!result->ok) {
    ErrorText(render_template(result->error_text, tr));  // the inputs stay as they are; nothing else changes
    RecordTarget(ui, "job-error");
  } else {
    DrawHeadline(view, ui, *result, requests);
    DrawAccuracy(view, ui, *result);
    ImGui::Spacing();
    DrawCheapestWays(view, ui, *result);
    DrawOptions(view, ui, *result, requests);
    DrawLeftOut(ui.job_cost.gate, "job", ui);
  }
  if (two_columns) ImGui::EndChild();
}

// [SECTION] Page info
json JobCostInfo(const ViewState& view, const UiState& ui) {
  // Only while the job view is on screen: a script reading it sees what the page shows.
  if (view.tab != Tab::roi || view.roi.calculator != "job" || !ui.job_cost.valid) return nullptr;
  return ui.job_cost.info;
}

}  // namespace gpuwise::ui
