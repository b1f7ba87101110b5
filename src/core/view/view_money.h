// Money for display in the view's currency: the market's (currency "auto") or the one the
// reader chose, at the view's rate when set, else the rate of prices.json (market.h).
#pragma once
#include "money/market.h"
#include "money/prices.h"
#include "view/view_state.h"

namespace gpuwise {

DisplayCurrency display_currency(const ViewState& state, const PriceBook& book);
double to_display(double usd, const ViewState& state, const PriceBook& book);
double from_display(double amount, const ViewState& state, const PriceBook& book);

}  // namespace gpuwise
