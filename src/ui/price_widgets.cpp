#include "price_widgets.h"

#include <cstdio>

#include "text/format.h"
#include "view/view_money.h"

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
  const std::string from = tr(buyer_price_text(price));
  if (!from.empty()) text += ", " + from;
  const std::string age = tr(price_age_text(price.age));
  if (!age.empty()) text += ", " + age;
  return text;
}

void DrawPriceFlags(const PriceChoice& price, UiState& ui, const std::string& target) {
  for (const TemplateText& flag : price_flags(price)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr(flag).c_str());
    ImGui::PopTextWrapPos();
    RecordTarget(ui, target);
  }
}

bool SameBuyer(const BuyerView& a, const BuyerView& b) {
  return a.market == b.market && a.used == b.used && a.budget_usd == b.budget_usd &&
         a.budget_covers == b.budget_covers && a.outlay_sort == b.outlay_sort;
}

void DrawBuyerChoices(ViewState& view, UiState& ui, bool with_budget, bool with_sort) {
  BuyerView& b = view.buyer;
  // The header's picker names the market; on a phone the line goes to the inputs instead.
  if (ImGui::GetContentRegionAvail().x >= 700) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s: %s", tr("Market"), tr(market_info(b.market).label));
    ImGui::SameLine();
  }
  ImGui::Checkbox(tr("Used cards"), &b.used);
  RecordTarget(ui, "buyer-used");
  if (!with_budget) return;
  SameLineIfFits(ImGui::CalcTextSize(tr("Budget")).x + ImGui::CalcTextSize("USD").x + 100);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Budget"));
  ImGui::SameLine();
  // A negative budget is a typing slip, not "no budget": keep the one there was and say so
  // (the field's range clamps it to 0 and leaves a hint; only that case is undone).
  const double budget_before = b.budget_usd;
  if (InputField("budget", "budget", view, ui, "%.0f", 80) && b.budget_usd == 0 && ui.input_hints.count("budget")) {
    b.budget_usd = budget_before;
    ui.input_hints["budget"] = tr("A budget cannot be negative; the one you had is kept.");
  }
  // What the budget covers matters only once there is one; without, the line it would take
  // on a phone keeps the view's own inputs on the first screen (the cost of a job's).
  if (b.budget_usd > 0) {
    SameLineIfFits(180);
    ImGui::SetNextItemWidth(170);
    const char* covers = b.budget_covers == "cards" ? N_("the cards alone") : N_("the whole machine");
    if (ImGui::BeginCombo("##bcov", tr(covers))) {
      if (ImGui::Selectable(tr("the whole machine"), b.budget_covers == "machine")) b.budget_covers = "machine";
      if (ImGui::Selectable(tr("the cards alone"), b.budget_covers == "cards")) b.budget_covers = "cards";
      ImGui::EndCombo();
    }
    RecordTarget(ui, "budget-covers");
  }
  if (!with_sort) return;
  SameLineIfFits(190);
  ImGui::SetNextItemWidth(180);
  const char* order = b.outlay_sort == "total" ? N_("cheapest first") : b.outlay_sort == "value" ? N_("most per 1,000 first")
                                                                                                  : N_("the list's order");
  if (ImGui::BeginCombo("##osort", tr(order))) {
    if (ImGui::Selectable(tr("the list's order"), b.outlay_sort.empty())) b.outlay_sort.clear();
    if (ImGui::Selectable(tr("cheapest first"), b.outlay_sort == "total")) b.outlay_sort = "total";
    if (ImGui::Selectable(tr("most per 1,000 first"), b.outlay_sort == "value")) b.outlay_sort = "value";
    ImGui::EndCombo();
  }
  RecordTarget(ui, "outlay-sort");
}

std::string OutlayText(const Outlay& outlay, const ViewState& view, const UiState& ui) {
  if (!outlay.cards_usd) return "—";
  std::string text = std::to_string(outlay.boards) + " × " + Money(outlay.card_price.usd_per_board, view, ui);
  if (outlay.machine == "included") return text + " = " + Money(*outlay.cards_usd, view, ui);
  if (!outlay.total_usd) return text + " + " + tr("machine") + " —";
  return text + " + " + Money(*outlay.machine_usd, view, ui) + " = " + Money(*outlay.total_usd, view, ui);
}

void OutlayTooltip(const Outlay& outlay, const ViewState& view, const UiState& ui) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
  ImGui::Text("%s: %s", tr("Card"), PriceSummary(outlay.card_price, view, ui).c_str());
  for (const TemplateText& flag : price_flags(outlay.card_price)) ImGui::TextDisabled("%s", tr(flag).c_str());
  if (outlay.machine == "included") {
    ImGui::TextUnformatted(tr("The price is the whole machine's."));
  } else if (outlay.machine_row && outlay.machine_usd) {
    ImGui::Text(tr("Machine: %s (%d GPUs, %d W supply): %s, seen %s"), tr(outlay.machine.c_str()),
                outlay.machine_row->max_gpus, static_cast<int>(outlay.psu_w), Money(*outlay.machine_usd, view, ui).c_str(),
                outlay.machine_row->date_seen.c_str());
  }
  if (!outlay.missing.pattern.empty()) ImGui::TextUnformatted(tr(outlay.missing).c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
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

namespace gpuwise::ui {

void DrawOutlayCell(const Outlay& outlay, const std::optional<double>& per_1000_usd, const ViewState& view,
                    UiState& ui) {
  std::string text = OutlayText(outlay, view, ui);
  if (per_1000_usd) {
    text += "  (" + gpuwise::format_number(*per_1000_usd / display_currency(view, ui.prices).per_usd, 2) + " " +
            tr("per 1,000") + ")";
  }
  ImGui::TextUnformatted(text.c_str());
  OutlayTooltip(outlay, view, ui);
}

void DrawOverBudget(int over_budget, const ViewState& view, UiState& ui) {
  char line[200];
  std::snprintf(line, sizeof line, tr("%d cards cost more than %s and are left out."), over_budget,
                Money(view.buyer.budget_usd, view, ui).c_str());
  TextDim(line);
  RecordTarget(ui, "over-budget");
}

}  // namespace gpuwise::ui
