// How a price is drawn wherever it appears (catalog tooltip, card view, compare, ROI,
// value list): the figure, where and when it was seen, its age, and an orange "stale"
// mark when it is older than 12 months. The ages and words come from core
// (prices.h, price_notes.h); these only draw them.
#pragma once
#include <optional>
#include <string>

#include "money/outlay.h"
#include "money/price_notes.h"
#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

// The colour of stale marks and notices (the theme's warning orange).
unsigned int StaleColour();
// On the same line as the last item: the orange "stale" word with a tooltip saying why;
// nothing when the figure is fresh or undated. Publishes `target` ("stale:...").
void StaleMark(const PriceAge& age, UiState& ui, const std::string& target);
// "$1,800, new, seen 2026-05-01, 7 months old" (the default price), in the reader's language
// and currency; "" when the card has no price.
std::string PriceSummary(const PriceChoice& price, const ViewState& view, const UiState& ui);
// The price's flags (another market, a share of a system, discontinued, one listing, a
// set-aside new price), dim, one line each.
void DrawPriceFlags(const PriceChoice& price, UiState& ui, const std::string& target);
// The buyer's choices a tab's prices follow: the market (picked in the header), used
// cards, and with `with_budget` the budget and what it covers, with `with_sort` the
// outlay order too (the cost of a job orders its ways by cost already).
void DrawBuyerChoices(ViewState& view, UiState& ui, bool with_budget, bool with_sort = true);
// "2 × $1,207 + $1,980 = $4,394": boards × price + machine = total ("—" where unknown).
std::string OutlayText(const Outlay& outlay, const ViewState& view, const UiState& ui);
// A table cell: the outlay and, where known, the figure per 1,000 of the currency.
void DrawOutlayCell(const Outlay& outlay, const std::optional<double>& per_1000_usd, const ViewState& view,
                    UiState& ui);
// "12 cards cost more than $2,000 and are left out."
void DrawOverBudget(int over_budget, const ViewState& view, UiState& ui);
// On the last item: the card's price, its flags and the machine's source.
void OutlayTooltip(const Outlay& outlay, const ViewState& view, const UiState& ui);
// One line per figure a card has: the price it would be bought at, its newest used price and
// its cheapest on-demand rate, each with its age and stale mark. `target` prefixes the marks.
void DrawCardPriceLines(const CardPrices& prices, const ViewState& view, UiState& ui, const std::string& target);

}  // namespace gpuwise::ui
