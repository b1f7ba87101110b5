// The Compare tab: 2 to 4 cards side by side: first how fast the Speed tab's model runs on
// each and how many tokens/s 1,000 of the currency buys (money/compare_speed.h, issue 30),
// then every field, the better value of each row highlighted, a relative bar per figure,
// and each card's score under the ranking tab's current profile.
#include <algorithm>
#include <cstdio>

#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "i18n.h"
#include "imgui.h"
#include "view/view_money.h"
#include "panels.h"
#include "price_widgets.h"
#include "software_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

void DrawPicker(ViewState& view, UiState& ui) {
  auto& ids = view.compare_ids;
  if (ids.size() >= 4) return;
  ImGui::SetNextItemWidth(std::min(320.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##add-card", tr("Add a card..."), ImGuiComboFlags_HeightLarge)) {
    // Newest first: what most buyers compare.
    CatalogView newest;
    for (int index : query_catalog(ui.catalog, newest)) {
      const Gpu& gpu = ui.catalog.gpus[index];
      if (std::find(ids.begin(), ids.end(), gpu.id) != ids.end()) continue;
      if (ImGui::Selectable(gpu.name.c_str())) ids.push_back(gpu.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "compare-add");
}

// A cell's value with a thin bar under it: its share of the best value in the row.
void ValueCell(const std::string& text, double share, bool best) {
  if (best) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.35f, 0.80f, 0.45f, 1));
  ImGui::TextUnformatted(text.c_str());
  if (best) ImGui::PopStyleColor();
  if (share <= 0) return;
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x * static_cast<float>(std::min(share, 1.0));
  ImGui::GetWindowDrawList()->AddRectFilled(min, ImVec2(min.x + width, min.y + 3),
                                            ImGui::GetColorU32(ImGuiCol_PlotHistogram, 0.8f), 1);
  ImGui::Dummy(ImVec2(1, 4));
}


// The speed and value rows for the view's cards and model (money/compare_speed.h),
// recomputed only when those change; null while the speed model or the prices are on
// their way. Without software.json yet the rows come ungated and are redone once it is in.
const CompareSpeed* CurrentCompareSpeed(const ViewState& view, UiState& ui) {
  WantSpeedModel(ui);
  ui.prices_wanted = true;
  const SoftwareTable* software = WantSoftware(ui);
  const SpeedData& speed = ui.speed;
  if (speed.benchmarks_state != LoadState::ready || speed.calibration_state != LoadState::ready ||
      ui.prices_state == LoadState::pending) {
    return nullptr;
  }
  CompareCache& cache = ui.compare;
  if (!cache.valid || cache.ids != view.compare_ids || !(cache.speed == view.speed) || !SameBuyer(cache.buyer, view.buyer) ||
      cache.prices_state != ui.prices_state || cache.software_ready != (software != nullptr)) {
    const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
    cache.result = compare_speed(ui.catalog, speed.benchmarks, speed.calibration, ui.prices, view.compare_ids,
                                 view.speed, view.buyer, software, compat);
    cache.ids = view.compare_ids;
    cache.speed = view.speed;
    cache.buyer = view.buyer;
    cache.prices_state = ui.prices_state;
    cache.software_ready = software != nullptr;
    cache.valid = true;
  }
  return &cache.result;
}

// A figure that cannot be given: the dash and, under it, why (a phone has no hover).
void MissingCell(const TemplateText& why, UiState& ui, const std::string& target) {
  ImGui::TextUnformatted(kMissing);
  RecordTarget(ui, target);
  ImGui::PushTextWrapPos(0);
  TextDim(render_template(why, tr).c_str());
  ImGui::PopTextWrapPos();
}

// The model's speed on each card with its band, the measured run beside it (a click opens
// its source), and the tokens/s 1,000 of the currency buys; the best of each highlighted.
void DrawSpeedRows(const CompareSpeed& compare, const ViewState& view, UiState& ui, PlatformRequests& requests) {
  const std::size_t n = compare.rows.size();
  double fastest = 0, best_value = 0;
  for (const CompareSpeedRow& row : compare.rows) {
    fastest = std::max(fastest, row.decode_tokens_per_s.value_or(0));
    best_value = std::max(best_value, row.per_1000_usd.value_or(0));
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::PushTextWrapPos(0);
  ImGui::Text(tr("Decode tokens/s, one card: %s, %s"), compare.model_name.c_str(), compare.quant.c_str());
  ImGui::PopTextWrapPos();
  for (std::size_t c = 0; c < n; ++c) {
    const CompareSpeedRow& row = compare.rows[c];
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    ImGui::PushID(static_cast<int>(c));
    const std::string key = std::to_string(c);
    if (!row.decode_tokens_per_s) {
      MissingCell(row.speed_reason, ui, "compare-speed:" + key);
    } else {
      const double tokens = *row.decode_tokens_per_s;
      const Band& band = row.estimate.decode_band;
      // A phone's column is a few words wide: the figure, then its band on a line of its own.
      const bool narrow = IsNarrow();
      ValueCell(narrow ? gpuwise::format_number(tokens, tokens >= 100 ? 0 : 1) : Banded(tokens, band, 1),
                tokens / fastest, n > 1 && tokens == fastest);
      RecordTarget(ui, "compare-speed:" + key);
      FigureTooltip(tokens, band, {});
      if (narrow) {
        char range[80];
        std::snprintf(range, sizeof range, tr("%s to %s"), gpuwise::format_number(band.low(tokens), 0).c_str(),
                      gpuwise::format_number(band.high(tokens), 0).c_str());
        TextDim((std::string(range) + (band.measured() ? "" : " *")).c_str());
      }
    }
    if (const auto& m = row.measured_decode) {
      char measured[120];
      std::snprintf(measured, sizeof measured,
                    gpuwise::older_build_run(*m) ? tr("measured %s (%s, an older build)") : tr("measured %s (%s)"),
                    gpuwise::format_number(m->value, 1).c_str(), m->date.c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]);
      ImGui::PushTextWrapPos(0);
      ImGui::TextUnformatted(measured);
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
      RecordTarget(ui, "compare-measured:" + key);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", m->software.c_str(), m->source.c_str());
      if (ImGui::IsItemClicked()) requests.open_url = m->source;
    }
    ImGui::PopID();
  }

  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  const DisplayCurrency currency = display_currency(view, ui.prices);
  ImGui::PushTextWrapPos(0);
  ImGui::Text(compare.covers == "cards" ? tr("Value: tokens/s per 1,000 %s of the card")
                                        : tr("Value: tokens/s per 1,000 %s of the whole machine"),
              currency.code.c_str());
  ImGui::PopTextWrapPos();
  for (std::size_t c = 0; c < n; ++c) {
    const CompareSpeedRow& row = compare.rows[c];
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    const std::string target = "compare-value:" + std::to_string(c);
    if (!row.per_1000_usd) {
      MissingCell(row.value_reason, ui, target);
      continue;
    }
    // Core divides by USD; per 1,000 of another currency buys 1 / per_usd of that.
    const double value = *row.per_1000_usd;
    ValueCell(gpuwise::format_number(value / currency.per_usd, 2), value / best_value, n > 1 && value == best_value);
    RecordTarget(ui, target);
  }
}

}  // namespace

// window.gpuwise.compare: the speed and value rows last computed, null before.
json CompareInfo(const ViewState&, const UiState& ui) {
  return ui.compare.valid ? compare_speed_json(ui.compare.result) : json(nullptr);
}

namespace {
// The Speed tab's model and format, which Compare's speeds are for: on a phone folded
// under one line, so the figures stay on the first screen.
void DrawModelInputs(ViewState& view, UiState& ui) {
  if (!IsNarrow()) {
    SpeedModelInputs(view.speed, ui);
    return;
  }
  const ModelPreset* preset = find_preset(view.speed.preset);
  const Quantisation* quant = find_quantisation(view.speed.quant);
  char summary[200];
  std::snprintf(summary, sizeof summary, tr("Speeds for: %s, %s"), preset ? preset->name : view.speed.preset.c_str(),
                quant ? quant->label.c_str() : view.speed.quant.c_str());
  const bool open = ImGui::TreeNode("compare-model", "%s", summary);
  RecordTarget(ui, "compare-model");
  if (open) {
    SpeedModelInputs(view.speed, ui);
    ImGui::TreePop();
  }
}
}  // namespace

void DrawComparePanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  std::vector<int> cards;
  for (const std::string& id : view.compare_ids) {
    const int index = ui.catalog.find(id);
    if (index >= 0) cards.push_back(index);
  }
  DrawPicker(view, ui);
  if (!IsNarrow()) ImGui::SameLine();  // a phone: under the menu, not a column one word wide
  TextDim(tr("Pick 2 to 4 cards here, or click a card in any table or chart and choose \"Add to compare\"."));
  if (cards.empty()) return;
  DrawModelInputs(view, ui);
  const CompareSpeed* speed = CurrentCompareSpeed(view, ui);

  // Scores under the ranking tab's current profile, by card.
  const RankedList& ranking = CurrentRanking(view, ui);
  const RankingProfile* profile = find_ranking_profile(ranking.profile);
  std::string score_label = std::string(tr("Score")) + ": " + (profile ? std::string(tr(profile->label)) : MetricLabel(ranking.metric));

  const int columns = static_cast<int>(cards.size()) + 1;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("compare", columns, flags)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  // A phone: the label column narrow enough for the cards' figures to sit beside it.
  ImGui::TableSetupColumn("##field", ImGuiTableColumnFlags_WidthFixed, IsNarrow() ? 110.0f : 230.0f);
  for (int index : cards) ImGui::TableSetupColumn(ui.catalog.gpus[index].name.c_str());
  // Header row: names with a remove button.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%s", tr("Field"));
  int remove = -1;
  for (std::size_t c = 0; c < cards.size(); ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    ImGui::PushID(static_cast<int>(c));
    ImGui::TextUnformatted(ui.catalog.gpus[cards[c]].name.c_str());
    if (ImGui::SmallButton(tr("Remove"))) remove = static_cast<int>(c);
    RecordTarget(ui, "compare-remove:" + std::to_string(c));
    ImGui::PopID();
  }

  // What the buyer asks first: how fast the model runs on each, and what that speed costs.
  if (speed) {
    DrawSpeedRows(*speed, view, ui, requests);
  } else {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    TextDim(ui.speed.error.empty() ? tr("Loading the measured results...") : ui.speed.error.c_str());
  }

  // The score row.
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(score_label.c_str());
  std::vector<std::optional<double>> scores;
  for (int index : cards) {
    std::optional<double> score;
    for (const RankedGpu& row : ranking.rows) {
      if (row.gpu_index == index) score = row.score;
    }
    scores.push_back(score);
  }
  double best_score = 0;
  for (const auto& s : scores) best_score = std::max(best_score, s.value_or(0));
  for (std::size_t c = 0; c < cards.size(); ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    const bool best = scores[c] && *scores[c] == best_score && cards.size() > 1;
    ValueCell(scores[c] ? format_score(scores[c]) : std::string(tr("not ranked (filtered out)")),
              best_score > 0 ? scores[c].value_or(0) / best_score : 0, best);
  }

  // What each costs now, with its age and stale mark (the ROI tab's provider kinds pick the rate).
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(tr("Prices"));
  for (std::size_t c = 0; c < cards.size(); ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    ImGui::PushID(static_cast<int>(c));
    ImGui::PushTextWrapPos(0);
    ui.prices_wanted = true;
    DrawCardPriceLines(card_prices(ui.catalog, ui.prices, ui.catalog.gpus[cards[c]].id, view.buyer,
                                   rate_kinds(view.roi.provider_kinds, view.buyer)),
                       view, ui, "stale:compare:" + std::to_string(c));
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }
  // The whole outlay for one card and the machine it needs, against the buyer's budget.
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(tr("Outlay"));
  for (std::size_t c = 0; c < cards.size(); ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
    const Outlay outlay = machine_outlay(ui.catalog, ui.prices, ui.catalog.gpus[cards[c]], 1, view.buyer);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(OutlayText(outlay, view, ui).c_str());
    ImGui::PopTextWrapPos();
    OutlayTooltip(outlay, view, ui);
    if (view.buyer.budget_usd > 0 && !within_budget(outlay, view.buyer)) {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(StaleColour()), "%s", tr("over budget"));
    }
    RecordTarget(ui, "compare-outlay:" + std::to_string(c));
  }

  // Software support per stack (issue 29); then every catalog field.
  DrawCompareSupport(cards, ui);
  for (const Column& column : catalog_columns()) {
    if (std::string(column.key) == "name") continue;
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    if (*column.unit) ImGui::Text("%s (%s)", tr(column.label), column.unit);
    else ImGui::TextUnformatted(tr(column.label));
    std::optional<double> best;
    double largest = 0;
    if (column.numeric) {
      for (int index : cards) {
        const auto value = column.number(ui.catalog.gpus[index]);
        if (!value) continue;
        largest = std::max(largest, *value);
        if (!best || (column.better == Better::lower ? *value < *best : *value > *best)) best = *value;
      }
    }
    const bool worth_highlighting = column.numeric && column.better != Better::neither && cards.size() > 1;
    for (std::size_t c = 0; c < cards.size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
      const Gpu& gpu = ui.catalog.gpus[cards[c]];
      const std::string text = CellText(column, gpu);
      if (!column.numeric) {
        ImGui::TextUnformatted(text.c_str());
        continue;
      }
      const auto value = column.number(gpu);
      const bool is_best = worth_highlighting && value && best && *value == *best;
      ValueCell(text, value && largest > 0 && worth_highlighting ? *value / largest : 0, is_best);
    }
  }
  ImGui::EndTable();
  if (remove >= 0) view.compare_ids.erase(view.compare_ids.begin() + remove);
}

}  // namespace gpuwise::ui
