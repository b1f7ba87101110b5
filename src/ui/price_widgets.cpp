#include "price_widgets.h"

#include "i18n.h"
#include "imgui.h"
#include "money.h"
#include "widgets.h"

namespace gpuwise::ui {

unsigned int StaleColour() { return IM_COL32(235, 150, 50, 255); }

void StaleMark(const PriceAge& age, UiState& ui, const std::string& target) {
  const TemplateText mark = stale_mark(age);
  if (mark.pattern.empty()) return;
  ImGui::SameLine();
  const std::string word = tr(mark);
  // In a narrow cell the mark goes under the figure rather than wrapping letter by letter.
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(word.c_str()).x) ImGui::NewLine();
  ImGui::PushStyleColor(ImGuiCol_Text, StaleColour());
  ImGui::TextUnformatted(word.c_str());
  ImGui::PopStyleColor();
  ++ui.stale_marks_drawn;
  RecordTarget(ui, target);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Seen more than 12 months ago: the price may have changed since."));
  }
}

std::string PriceSummary(const PriceChoice& price, const ViewState& view, const UiState& ui) {
  if (!price.found()) return "";
  std::string text = Money(price.usd_per_board, view, ui);
  const std::string from = tr(price_source_text(price));
  if (!from.empty()) text += ", " + from;
  return text;
}

void DrawCardPriceLines(const CardPrices& prices, const ViewState& view, UiState& ui, const std::string& target) {
  if (!prices.price.found()) {
    ImGui::TextDisabled("%s", tr("No price in the data for this card."));
  } else {
    ImGui::Text("%s: %s", tr("Price"), PriceSummary(prices.price, view, ui).c_str());
    if (prices.price.kind != PriceKind::launch_msrp) StaleMark(prices.price.age, ui, target + ":price");
  }
  if (prices.used && prices.price.kind != PriceKind::street_used) {
    PriceChoice used;
    used.kind = PriceKind::street_used;
    used.usd_per_board = prices.used->usd;
    used.date_seen = prices.used->date_seen;
    used.age = prices.used_age;
    ImGui::Text("%s: %s", tr("Used"), PriceSummary(used, view, ui).c_str());
    StaleMark(prices.used_age, ui, target + ":used");
  }
  if (prices.rate) {
    ImGui::Text("%s: %s%s, %s", tr("Rent"), Money(prices.rate->usd_per_gpu_hour, view, ui, 2).c_str(),
                tr("/GPU-hour"), tr(rate_source_text(*prices.rate, prices.rate_age)).c_str());
    StaleMark(prices.rate_age, ui, target + ":rate");
  }
}

}  // namespace gpuwise::ui
