// The Ranking tab: a workload profile (or one metric) with visible, editable weights,
// filters, and the ranked cards as a bar chart. Scoring is core's rank(); the LLM
// profiles rank by the speed model's tokens/s for the Advisor tab's model (rank_view()).
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "catalog/catalog_query.h"
#include "text/csv.h"
#include "i18n.h"
#include "imgui.h"
#include "catalog/metrics.h"
#include "view/view_fields.h"
#include "money.h"
#include "panels.h"
#include "price_widgets.h"
#include "view/view_money.h"
#include "rank/speed_ranking.h"
#include "rank/vision_ranking.h"
#include "software_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {

// [SECTION] Ranking shared with other tabs
const BuyerRanking& CurrentBuyerRanking(const ViewState& view, UiState& ui) {
  RankingCache& cache = ui.ranking_cache;
  // The LLM profiles read the speed model, the CNN and RNN ones its training anchors and
  // the measured runs: both fetched on first use.
  const bool by_speed = ranks_by_speed(view.ranking) || ranks_by_vision(view.ranking);
  if (by_speed) WantSpeedModel(ui);
  // Every ranking passes the software gate of its workload (issue 29): it waits for software.json.
  const SoftwareTable* software = WantSoftware(ui);
  if (cache.valid && cache.view == view.ranking && cache.fit == view.fit && SameBuyer(cache.buyer, view.buyer) &&
      cache.catalog_size == ui.catalog.gpus.size() && cache.calibration_state == ui.speed.calibration_state &&
      cache.benchmarks_state == ui.speed.benchmarks_state &&
      cache.prices_state == ui.prices_state && cache.software_state == ui.software.state) {
    return cache.ranked;
  }
  cache.fit_result = fit_model(view.fit);
  const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
  const bool calibrated = ui.speed.calibration_state == LoadState::ready;
  const bool measured_pending = ranks_by_vision(view.ranking) && ui.speed.benchmarks_state == LoadState::pending;
  if ((by_speed && ui.speed.calibration_state == LoadState::pending) || measured_pending ||
      ui.software.state == LoadState::pending) {
    cache.ranked = BuyerRanking{};  // the panel says it is loading
  } else {
    const Benchmarks* measured = ui.speed.benchmarks_state == LoadState::ready ? &ui.speed.benchmarks : nullptr;
    cache.ranked = rank_for_buyer(ui.catalog, ui.prices, view.ranking, view.fit, view.buyer,
                                  calibrated ? &ui.speed.calibration : nullptr, compat, software, measured);
  }
  cache.view = view.ranking;
  cache.fit = view.fit;
  cache.buyer = view.buyer;
  cache.catalog_size = ui.catalog.gpus.size();
  cache.calibration_state = ui.speed.calibration_state;
  cache.benchmarks_state = ui.speed.benchmarks_state;
  cache.prices_state = ui.prices_state;
  cache.software_state = ui.software.state;
  cache.valid = true;
  return cache.ranked;
}

const RankedList& CurrentRanking(const ViewState& view, UiState& ui) { return CurrentBuyerRanking(view, ui).list; }

namespace {

// How far the sliders reach by dragging; Ctrl+click types any value, which is then
// clamped to the field table's range (view_fields.cpp: w, rank.top).
constexpr float kWeightSliderMax = 10.0f;
constexpr int kTopSliderMin = 5;
constexpr int kTopSliderMax = 60;


// The rate a speed-ranked list is in, in the reader's words.
const char* RateUnit(const SpeedBasis& basis) { return basis.unit == "images_per_s" ? tr("images/s") : tr("tokens/s"); }

// The CNN and RNN profiles: the workload the cards are ranked by, and how many are measured.
void DrawMeasuredBasis(const ViewState& view, UiState& ui) {
  const RankedList& list = CurrentRanking(view, ui);
  if (!list.speed) return;
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0);
  ImGui::Text(tr("Ranked by %s: %s."), RateUnit(*list.speed), render_template(list.speed->model, tr).c_str());
  RecordTarget(ui, "measured-basis");
  char measured[200];
  std::snprintf(measured, sizeof measured,
                tr("%d cards by their own measured runs (Lambda's PyTorch benchmarks), the rest by the training estimate."),
                list.speed->measured);
  TextDim(measured);
  ImGui::PopTextWrapPos();
}

// [SECTION] Workload and weights
// The LLM profiles: what the estimate is for, and on how many GPUs, instead of weights.
void DrawSpeedBasis(ViewState& view, UiState& ui) {
  RankingView& r = view.ranking;
  const RankedList& list = CurrentRanking(view, ui);
  ImGui::Spacing();
  if (list.speed) {
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr("Estimated %s for: %s."), list.speed->phase == "train" ? tr("training tokens/s") : tr("generation tokens/s"),
                render_template(list.speed->model, tr).c_str());
    for (const TemplateText& note : list.speed->notes) TextDim(render_template(note, tr).c_str());
    ImGui::PopTextWrapPos();
  }
  if (view.buyer.budget_usd > 0) {  // with a budget, each card on the fewest GPUs that hold the model
    TextDim(tr("With a budget, each card is ranked on the fewest GPUs (1 to 8) that hold the model."));
    if (ImGui::Button(tr("Change the model (Advisor tab)"))) view.tab = Tab::advisor;
    RecordTarget(ui, "speed-model");
    return;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Only cards that hold it on"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  const std::string count = std::to_string(r.fit_gpu_count);
  if (ImGui::BeginCombo("##speed-fit-count", count.c_str())) {
    for (int n : fit_gpu_counts()) {
      if (ImGui::Selectable(std::to_string(n).c_str(), r.fit_gpu_count == n)) r.fit_gpu_count = n;
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "speed-fit-count");
  ImGui::SameLine();
  ImGui::TextUnformatted(tr("GPUs"));
  if (ImGui::Button(tr("Change the model (Advisor tab)"))) view.tab = Tab::advisor;
  RecordTarget(ui, "speed-model");
}

// True when the method is to be drawn under it (false: folded away on a phone).
bool DrawWorkload(ViewState& view, UiState& ui) {
  RankingView& r = view.ranking;
  const bool single = !r.metric.empty();
  const RankingProfile* profile = find_ranking_profile(r.profile);
  const std::string shown = single ? std::string(tr("One metric")) : profile ? tr(profile->label) : r.profile;
  ImGui::TextUnformatted(tr("Workload"));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##profile", shown.c_str())) {
    for (const RankingProfile& p : ranking_profiles()) {
      const bool picked = ImGui::Selectable(tr(p.label), !single && r.profile == p.key);
      RecordTarget(ui, std::string("profile:") + p.key);
      if (picked) {
        r.metric.clear();
        r.profile = p.key;
        // Custom starts from the weights on screen, so nothing jumps.
        if (r.profile == "custom" && r.custom_weights.empty()) r.custom_weights = profile_weights("cnn");
      }
    }
    if (ImGui::Selectable(tr("One metric"), single)) r.metric = "fp32_tflops";
    ImGui::EndCombo();
  }
  RecordTarget(ui, "profile");
  if (single) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##metric", MetricLabel(r.metric).c_str())) {
      for (const RankingMetric& m : ranking_metrics()) {
        if (ImGui::Selectable(MetricLabel(m.key).c_str(), r.metric == m.key)) r.metric = m.key;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(m.description));
      }
      ImGui::EndCombo();
    }
    return true;
  }
  if (profile && *profile->description) TextDim(tr(profile->description));
  if (ranks_by_speed(r)) {
    DrawSpeedBasis(view, ui);
    return true;
  }
  if (ranks_by_vision(r)) {
    DrawMeasuredBasis(view, ui);
    return true;
  }

  // The weights, editable: touching a built-in profile's weight makes it "custom".
  std::vector<MetricWeight> weights = r.profile == "custom" ? r.custom_weights : profile_weights(r.profile);
  // Where the weights come from, under the profile: the guide's order of figures, or ours.
  std::string metrics;
  FoldLine summary(tr("Weights:"));  // "FP32 3": a phone's fold says the weights it holds
  for (const MetricWeight& w : weights) {
    const RankingMetric* metric = find_ranking_metric(w.metric);
    const char* label = metric ? tr(metric->label) : w.metric.c_str();
    ((metrics += metrics.empty() ? "" : " > ") += label);
    summary.add(label, " ", gpuwise::format_number(w.weight, 1).c_str());
  }
  if (profile && profile->follows_guide) {
    TextDim((tr("Weights follow the guide's order for this workload: ") + metrics).c_str());
    RecordTarget(ui, "weights-basis");
  } else if (r.profile != "custom") {
    TextDim(tr("The guide gives no order for this workload: these weights are our own."));
    RecordTarget(ui, "weights-basis");
  }
  if (!FoldOnNarrow("ranking-weights", summary, ui)) return false;
  bool changed = false;
  int remove = -1;
  if (ImGui::BeginTable("weights", 3, ImGuiTableFlags_SizingStretchProp)) {
    for (std::size_t i = 0; i < weights.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(MetricLabel(weights[i].metric).c_str());
      ImGui::TableSetColumnIndex(1);
      float w = static_cast<float>(weights[i].weight);
      ImGui::SetNextItemWidth(-1);
      if (ImGui::SliderFloat("##w", &w, 0.0f, kWeightSliderMax, "%.1f")) {
        weights[i].weight = clamp_to_range(view_field("w").range, w, weights[i].weight);
        changed = true;
      }
      ImGui::TableSetColumnIndex(2);
      if (ImGui::SmallButton("x")) remove = static_cast<int>(i);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Remove this metric"));
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove >= 0) {
    weights.erase(weights.begin() + remove);
    changed = true;
  }
  if (ImGui::BeginCombo("##add-metric", tr("Add a metric..."))) {
    for (const RankingMetric& m : ranking_metrics()) {
      const bool present = std::any_of(weights.begin(), weights.end(), [&](const MetricWeight& w) { return w.metric == m.key; });
      if (!present && ImGui::Selectable(MetricLabel(m.key).c_str())) {
        weights.push_back({m.key, 1});
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  if (changed) {
    r.profile = "custom";
    r.custom_weights = weights;
  }
  return true;
}

void DrawMethod(const RankingView& r) {
  if (ranks_by_speed(r)) {  // no weights: the estimate itself is the measure
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr("Score = 100 × the card's estimated tokens/s ÷ the fastest card's; VRAM decides only "
                                 "whether a card is listed. The method: docs/ranking.md and docs/speed.md."));
    ImGui::PopTextWrapPos();
    return;
  }
  if (ranks_by_vision(r)) {  // no weights: the measured (or estimated) rate is the measure
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr("Score = 100 × the card's training rate ÷ the fastest card's: its own measured runs "
                                 "where it has them, else the training estimate. The method: docs/ranking.md."));
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", tr(scoring_summary()));
  ImGui::PopTextWrapPos();
  if (ImGui::SmallButton(tr("How is this computed?"))) ImGui::OpenPopup("ranking-method");
  if (ImGui::BeginPopup("ranking-method")) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
    ImGui::TextUnformatted(tr("How the score is computed"));
    ImGui::Separator();
    ImGui::TextUnformatted(scoring_formula());
    ImGui::Spacing();
    ImGui::TextWrapped("%s", tr(scoring_summary()));
    ImGui::Spacing();
    ImGui::TextWrapped("%s", tr(missing_rule_summary()));
    ImGui::Spacing();
    ImGui::TextDisabled("%s", tr("The full method: docs/ranking.md in the source."));
    ImGui::PopTextWrapPos();
    ImGui::EndPopup();
  }
}

// [SECTION] Filters
// The filters in effect, in the reader's words (the phone's fold says them).
void AddFilters(const ViewState& view, const UiState& ui, FoldLine& line) {
  const RankingView& r = view.ranking;
  for (const RankingListFilter& filter : ranking_list_filters()) {
    line.add_values(r.*filter.values, !std::strcmp(filter.catalog_column, "line"));
  }
  if (r.max_price_usd > 0) line.add("≤ ", Money(r.max_price_usd, view, ui).c_str());
  char number[32];
  std::snprintf(number, sizeof number, "≥ %d", r.year_min);
  if (r.year_min) line.add(number);
  if (!r.cuda.empty()) line.add("CUDA ", r.cuda.c_str());
  if (!r.pytorch.empty()) line.add("PyTorch ", r.pytorch.c_str(), " (CUDA)");
  line.add_shared_filters(r.min_vram_gb, r.pytorch_any, r.cuda_only, r.unified_only);
  std::snprintf(number, sizeof number, " %d ", r.fit_gpu_count);
  if (r.fits_model && !ranks_by_speed(r)) line.add(tr("Fits my model on"), number, tr("GPUs"));
}

void DrawFilters(ViewState& view, UiState& ui) {
  RankingView& r = view.ranking;
  ImGui::Spacing();
  FoldLine summary(tr("Filters:"));
  AddFilters(view, ui, summary);
  if (!FoldOnNarrow("ranking-filters", summary, ui)) return;
  ImGui::TextUnformatted(tr("Filters"));
  ImGui::Separator();
  // One menu per list filter (rank/ranking_view.h: vendor, line, architecture ...).
  for (const RankingListFilter& filter : ranking_list_filters()) {
    const bool lines = !std::strcmp(filter.catalog_column, "line");  // line keys, shown by name
    MultiSelectFilter(filter.label, lines ? line_keys() : CatalogValues(ui, filter.catalog_column),
                      r.*filter.values, lines ? line_label : nullptr);
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(FieldLabel("rank.vram"));
  ImGui::SameLine(130);
  InputField("ranking-min-vram", "rank.vram", view, ui);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(FieldLabel("rank.price"));
  ImGui::SameLine(130);
  InputField("ranking-max-price", "rank.price", view, ui);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("0 = no limit. One card's price in your market (new or used); cards without a price "
                               "are left out when a limit is set."));
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("From year"));
  ImGui::SameLine(130);
  ImGui::SetNextItemWidth(110);
  const std::string year = r.year_min ? std::to_string(r.year_min) : std::string(tr("any"));
  if (ImGui::BeginCombo("##ranking-year", year.c_str())) {
    if (ImGui::Selectable(tr("any"), r.year_min == 0)) r.year_min = 0;
    std::vector<std::string> years = CatalogValues(ui, "release_year");
    std::reverse(years.begin(), years.end());
    for (const std::string& y : years) {
      if (ImGui::Selectable(y.c_str(), std::to_string(r.year_min) == y)) r.year_min = std::stoi(y);
    }
    ImGui::EndCombo();
  }

  // "Runs CUDA toolkit X" and "runs PyTorch X": the guide's question, asked of cuda.json.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Runs CUDA"));
  ImGui::SameLine(130);
  ImGui::SetNextItemWidth(110);
  if (ImGui::BeginCombo("##cuda", r.cuda.empty() ? tr("any") : r.cuda.c_str())) {
    if (ImGui::Selectable(tr("any"), r.cuda.empty())) r.cuda.clear();
    for (auto it = ui.compat.toolkits.rbegin(); it != ui.compat.toolkits.rend(); ++it) {
      if (ImGui::Selectable(it->version.c_str(), r.cuda == it->version)) r.cuda = it->version;
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "cuda-filter");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Runs PyTorch"));
  ImGui::SameLine(130);
  ImGui::SetNextItemWidth(110);
  if (ImGui::BeginCombo("##pytorch", r.pytorch.empty() ? tr("any") : r.pytorch.c_str())) {
    if (ImGui::Selectable(tr("any"), r.pytorch.empty())) r.pytorch.clear();
    for (auto it = ui.compat.pytorch.rbegin(); it != ui.compat.pytorch.rend(); ++it) {
      if (ImGui::Selectable(it->version.c_str(), r.pytorch == it->version)) r.pytorch = it->version;
    }
    ImGui::EndCombo();
  }
  SoftwareFilters("rank", r.pytorch_any, r.cuda_only, r.unified_only, ui);
  RunsFilter("rank", r.runs, ui);
  if (ui.compat_state == LoadState::failed) TextDim(ui.compat_error.c_str());

  // "Fits my model": the model set up on the Advisor tab. The LLM profiles always rank
  // only the cards that hold it (on the GPU count chosen beside the estimate).
  if (ranks_by_speed(r)) return;
  ImGui::Checkbox(tr("Fits my model on"), &r.fits_model);
  RecordTarget(ui, "fits-model");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  const std::string count = std::to_string(r.fit_gpu_count);
  if (ImGui::BeginCombo("##fit-count", count.c_str())) {
    for (int n : fit_gpu_counts()) {
      if (ImGui::Selectable(std::to_string(n).c_str(), r.fit_gpu_count == n)) r.fit_gpu_count = n;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(tr("GPUs"));
  const FitResult& fit = ui.ranking_cache.fit_result;
  const ModelPreset* preset = find_preset(view.fit.preset);
  char model[200];
  std::snprintf(model, sizeof model, tr("Model: %s, %s, %s, needs %.1f GB (set it up on the Advisor tab)"),
                preset ? preset->name : tr("custom"), view.fit.precision.c_str(), tr(view.fit.mode.c_str()), fit.total_gb);
  TextDim(model);
}

// [SECTION] Results
std::string ranking_csv(const BuyerRanking& ranked, const Catalog& catalog) {
  const RankedList& list = ranked.list;
  CsvRow header = {"rank", "id", "name", "score", "gpus", "card_usd", "cards_usd", "machine", "machine_usd",
                   "total_usd", "per_1000_usd"};
  for (const auto& w : list.weights) header.push_back(w.metric);
  if (list.speed) {
    header.push_back(list.speed->phase + "_" + list.speed->unit);
    header.push_back("needed_gb_per_gpu");
  }
  header.push_back("missing");
  std::vector<CsvRow> rows;
  int position = 0;
  const auto money = [](const std::optional<double>& usd) { return usd ? gpuwise::format_number(*usd, 0) : ""; };
  for (std::size_t i = 0; i < list.rows.size(); ++i) {
    const RankedGpu& row = list.rows[i];
    const Gpu& gpu = catalog.gpus[row.gpu_index];
    CsvRow out = {std::to_string(++position), gpu.id, gpu.name, format_score(row.score)};
    const RowOutlay& priced = ranked.outlays[i];
    const Outlay& o = priced.outlay;
    out.insert(out.end(), {std::to_string(priced.gpus),
                           o.card_price.found() ? gpuwise::format_number(o.card_price.usd_per_board, 0) : "",
                           money(o.cards_usd), o.machine, money(o.machine_usd), money(o.total_usd),
                           priced.per_1000_usd ? gpuwise::format_number(*priced.per_1000_usd, 2) : ""});
    for (std::size_t w = 0; w < list.weights.size(); ++w) {
      const std::optional<double> value = list.metric_value(row, w);
      out.push_back(value ? gpuwise::format_number(*value, 3) : "");
    }
    if (list.speed) {
      out.push_back(row.tokens_per_s ? gpuwise::format_number(*row.tokens_per_s, 1) : "");
      out.push_back(gpuwise::format_number(row.needed_gb, 2));
    }
    std::string missing;
    for (const auto& m : list.missing_metrics(row)) missing += (missing.empty() ? "" : " ") + m;
    out.push_back(missing);
    rows.push_back(out);
  }
  return to_csv(header, rows);
}

// The budget's outcome: how many cards it left out, and the cheapest of them.
void DrawBudgetSummary(const ViewState& view, UiState& ui, const BuyerRanking& ranked) {
  if (!ranked.by_budget) return;
  char line[300];
  std::snprintf(line, sizeof line, tr("%d cards cost more than %s; %d have no price for what the budget covers."),
                ranked.over_budget, Money(view.buyer.budget_usd, view, ui).c_str(), ranked.unpriced);
  TextDim(line);
  if (ranked.cheapest_over && ranked.cheapest_over_index >= 0) {
    const Gpu& gpu = ui.catalog.gpus[static_cast<std::size_t>(ranked.cheapest_over_index)];
    std::snprintf(line, sizeof line, tr("The cheapest left out: %d × %s, %s."), ranked.cheapest_over->gpus,
                  gpu.name.c_str(), OutlayText(ranked.cheapest_over->outlay, view, ui).c_str());
    TextDim(line);
    OutlayTooltip(ranked.cheapest_over->outlay, view, ui);
    RecordTarget(ui, "budget-cheapest-over");
  }
  // What more money buys: the faster machines over the budget, cheapest first.
  for (const BuyerRanking::OverBudget& option : ranked.faster_over) {
    const Gpu& gpu = ui.catalog.gpus[static_cast<std::size_t>(option.gpu_index)];
    std::snprintf(line, sizeof line, tr("Faster, over budget: %d × %s, %s tokens/s for %s."), option.priced.gpus,
                  gpu.name.c_str(), gpuwise::format_number(option.tokens_per_s, option.tokens_per_s < 100 ? 1 : 0).c_str(),
                  OutlayText(option.priced.outlay, view, ui).c_str());
    TextDim(line);
    OutlayTooltip(option.priced.outlay, view, ui);
    RecordTarget(ui, "budget-faster-over:" + gpu.id);
  }
}

void DrawResults(ViewState& view, UiState& ui, PlatformRequests& requests) {
  ui.prices_wanted = true;  // every row says what it costs
  // On a phone the buyer's choices fold like the weights and filters: "Prices: used,
  // budget $2,000 ▾", so that the bars stay on the first screen.
  FoldLine buyer(tr("Prices:"));
  buyer.add(view.buyer.used ? tr("used") : tr("new"));
  if (view.buyer.budget_usd > 0) buyer.add(tr("Budget"), " ", Money(view.buyer.budget_usd, view, ui).c_str());
  if (FoldOnNarrow("ranking-buyer", buyer, ui)) DrawBuyerChoices(view, ui, true);
  const BuyerRanking& ranked = CurrentBuyerRanking(view, ui);
  const RankedList& list = ranked.list;
  if (!list.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s", list.error_text.pattern.empty() ? list.error.c_str() : render_template(list.error_text, tr).c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (!SoftwareReady(ui)) return;
  if ((ranks_by_speed(view.ranking) || ranks_by_vision(view.ranking)) && !list.speed) {
    const bool failed = ui.speed.calibration_state == LoadState::failed;
    TextDim(failed ? ui.speed.error.c_str() : tr("Loading the speed model..."));
    return;
  }
  ImGui::Text(tr("%d cards match; %d scored."), static_cast<int>(list.rows.size()), list.scored_count);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140);
  ImGui::SliderInt("##top", &view.ranking.top_n, kTopSliderMin, kTopSliderMax, tr("top %d"));
  clamp_field(view_field("rank.top"), view);  // Ctrl+click types any number: keep it in the table's range
  ImGui::SameLine();
  if (ImGui::Button(tr("Export CSV"))) {
    requests.download_name = "gpuwise-ranking.csv";
    requests.download_mime = "text/csv";
    requests.download_content = ranking_csv(ranked, ui.catalog);
  }
  RecordTarget(ui, "ranking-csv");
  DrawBudgetSummary(view, ui, ranked);

  std::vector<Bar> bars;
  const int shown = std::min<int>(view.ranking.top_n, static_cast<int>(list.rows.size()));
  for (int i = 0; i < shown; ++i) {
    const RankedGpu& row = list.rows[i];
    const Gpu& gpu = ui.catalog.gpus[row.gpu_index];
    Bar bar;
    bar.label = std::to_string(i + 1) + ". " + gpu.name;
    bar.value = row.score.value_or(0);
    bar.value_text = format_score(row.score);
    if (list.speed) {  // the estimate itself, in the buyer's unit
      // A measured workload's unit is said once above the bars (a phone's line is short).
      const bool vision = ranks_by_vision(view.ranking);
      bar.value_text = row.tokens_per_s ? gpuwise::format_number(*row.tokens_per_s, *row.tokens_per_s < 100 ? 1 : 0) +
                                              (vision ? std::string() : " " + std::string(RateUnit(*list.speed)))
                                        : std::string(kMissing);
    }
    bar.marked = row.missing_mask || row.estimated_mask || !row.score || (ranks_by_vision(view.ranking) && !row.measured_rate);
    // What it costs: the whole outlay at this GPU count, and the figure per 1,000 of it.
    const RowOutlay& priced = ranked.outlays[static_cast<std::size_t>(i)];
    const Outlay& outlay = priced.outlay;
    const std::optional<double> covered = outlay.budget_usd(view.buyer.budget_covers);
    if (covered) bar.value_text += " · " + Money(*covered, view, ui);
    bar.tooltip = gpu.name + "\n" + tr("Outlay") + ": " + OutlayText(outlay, view, ui);
    if (priced.per_1000_usd) {
      const double per_local = *priced.per_1000_usd / display_currency(view, ui.prices).per_usd;
      bar.tooltip += std::string("\n") + (list.speed ? (list.speed->unit == "images_per_s" ? tr("images/s per 1,000 of the currency") : tr("tokens/s per 1,000 of the currency")) : tr("score per 1,000 of the currency")) +
                     ": " + gpuwise::format_number(per_local, 2);
    }
    for (const TemplateText& flag : price_flags(outlay.card_price)) bar.tooltip += "\n" + std::string(tr(flag));
    if (list.speed && !ranks_by_vision(view.ranking)) {
      char needs[160];
      std::snprintf(needs, sizeof needs, tr("Score %s (of the fastest); needs %s GB per GPU"), format_score(row.score).c_str(),
                    gpuwise::format_number(row.needed_gb, 1).c_str());
      bar.tooltip += std::string("\n") + needs;
    }
    for (std::size_t w = 0; w < list.weights.size(); ++w) {
      const std::optional<double> value = list.metric_value(row, w);
      bar.tooltip += "\n" + MetricLabel(list.weights[w].metric) + ": " +
                     (value ? gpuwise::format_number(*value, 2) : std::string(tr("unknown")));
    }
    for (const auto& m : list.missing_metrics(row)) bar.tooltip += "\n* " + std::string(tr("missing:")) + " " + MetricLabel(m);
    for (const auto& m : list.estimated_metrics(row)) bar.tooltip += "\n* " + std::string(tr("estimated:")) + " " + MetricLabel(m);
    if (price_is_for_machine(gpu)) bar.tooltip += std::string("\n") + tr(machine_price_note());
    // Community builds, unknown support and support ending within a year are said on the bar.
    if (const WorkloadSupport* mark = list.software_gate.mark(gpu.id)) {
      const std::string words = SupportMarkText(mark, ui);
      if (!words.empty()) {
        bar.label += " (" + words + ")";
        bar.tooltip += "\n" + WorkloadWhyText(*mark);
      }
    }
    bar.tooltip += std::string("\n") + tr("Click for details");
    bar.target = "bar:" + std::to_string(i);
    bars.push_back(bar);
  }
  ImGui::BeginChild("ranking-chart");
  const int clicked = BarChart("ranking", bars, ui);
  if (clicked >= 0) ui.popup_card_id = ui.catalog.gpus[list.rows[clicked].gpu_index].id;
  if (list.rows.size() > static_cast<std::size_t>(shown)) {
    TextDim(tr("Raise \"top\" to see more cards."));
  }
  DrawLeftOut(list.software_gate, "ranking", ui);
  if (list.speed && ranks_by_vision(view.ranking)) {
    ImGui::TextDisabled("%s", tr("* estimated from the measured card most like it; the others are the card's own runs."));
  } else if (list.speed) {
    char left_out[200];
    std::snprintf(left_out, sizeof left_out, tr("%d more cards pass the filters but cannot hold the model."),
                  list.speed->not_fitting);
    TextDim(left_out);
    ImGui::TextDisabled("%s", tr("Estimates from the speed model (docs/speed.md), not measurements."));
  } else {
    ImGui::TextDisabled("%s", tr("* a weighted figure is missing or estimated; hover a bar for which."));
  }
  ImGui::EndChild();
}

}  // namespace

// [SECTION] The panel
void DrawRankingPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  const bool two_columns = width >= 900;
  // A phone draws the controls on the page, folded, with the results under them (at least
  // eight rows tall, the page scrolling past the screen when a fold is open).
  const bool narrow = IsNarrow();
  if (!narrow) ImGui::BeginChild("ranking-controls", ImVec2(two_columns ? 380 : 0, two_columns ? 0 : 360), false);
  if (DrawWorkload(view, ui)) DrawMethod(view.ranking);
  DrawFilters(view, ui);
  if (!narrow) ImGui::EndChild();
  if (two_columns) ImGui::SameLine();
  ImGui::BeginChild("ranking-results", ImVec2(0, narrow ? std::max(ImGui::GetContentRegionAvail().y,
                                                                     ImGui::GetFrameHeightWithSpacing() * 8)
                                                        : 0));
  DrawResults(view, ui, requests);
  ImGui::EndChild();
}

// window.gpuwise.ranking and .ranking_estimate, from the cached ranking.
json RankingInfo(const ViewState&, const UiState& ui) {
  json ranking = json::array();
  if (!ui.ranking_cache.valid) return ranking;
  for (const auto& row : ui.ranking_cache.ranked.list.rows) ranking.push_back(ui.catalog.gpus[row.gpu_index].id);
  return ranking;
}

// window.gpuwise.ranking_outlay: each listed row's GPUs and outlay (null where unknown).
json RankingOutlayInfo(const ViewState&, const UiState& ui) {
  json rows = json::array();
  if (!ui.ranking_cache.valid) return rows;
  const BuyerRanking& ranked = ui.ranking_cache.ranked;
  for (std::size_t i = 0; i < ranked.outlays.size() && i < ranked.list.rows.size(); ++i) {
    json row = outlay_to_json(ranked.outlays[i].outlay);
    row["id"] = ui.catalog.gpus[static_cast<std::size_t>(ranked.list.rows[i].gpu_index)].id;
    rows.push_back(row);
  }
  json faster = json::array();  // the "faster, over budget" lines drawn under the budget
  for (const BuyerRanking::OverBudget& option : ranked.faster_over) {
    json row = outlay_to_json(option.priced.outlay);
    row["id"] = ui.catalog.gpus[static_cast<std::size_t>(option.gpu_index)].id;
    row["tokens_per_s"] = option.tokens_per_s;
    faster.push_back(row);
  }
  return {{"rows", rows}, {"over_budget", ranked.over_budget}, {"by_budget", ranked.by_budget},
          {"faster_over", faster}};
}

json RankingEstimateInfo(const ViewState&, const UiState& ui) {
  if (!ui.ranking_cache.valid) return nullptr;
  const RankedList& list = ui.ranking_cache.ranked.list;
  if (list.speed) {
    json tokens_per_s = json::array();
    for (const auto& row : list.rows) tokens_per_s.push_back(row.tokens_per_s ? json(*row.tokens_per_s) : json(nullptr));
    return {{"phase", list.speed->phase}, {"model", list.speed->model.text()},
            {"not_fitting", list.speed->not_fitting}, {"unit", list.speed->unit}, {"measured", list.speed->measured},
            {"tokens_per_s", tokens_per_s}};
  }
  if (!list.error.empty()) return {{"error", list.error}};
  return nullptr;
}


}  // namespace gpuwise::ui
