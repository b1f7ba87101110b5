// The Compare tab: 2 to 4 cards side by side, every field, the better value of each
// row highlighted, a relative bar per figure, and each card's score under the ranking
// tab's current profile.
#include <algorithm>
#include <cstdio>

#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "price_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

void DrawPicker(ViewState& view, UiState& ui) {
  auto& ids = view.compare_ids;
  if (ids.size() >= 4) return;
  ImGui::SetNextItemWidth(320);
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

}  // namespace

void DrawComparePanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  (void)requests;
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
  ImGui::SameLine();
  TextDim(tr("Pick 2 to 4 cards here, or click a card in any table or chart and choose \"Add to compare\"."));
  if (cards.empty()) return;

  // Scores under the ranking tab's current profile, by card.
  const RankedList& ranking = CurrentRanking(view, ui);
  const RankingProfile* profile = find_ranking_profile(ranking.profile);
  std::string score_label = std::string(tr("Score")) + ": " + (profile ? std::string(tr(profile->label)) : MetricLabel(ranking.metric));

  const int columns = static_cast<int>(cards.size()) + 1;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("compare", columns, flags)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("##field", ImGuiTableColumnFlags_WidthFixed, 230);
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

  // Every catalog field.
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
