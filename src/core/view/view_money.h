// Money for display in the view's currency: money/prices.h's conversions, read with the
// view's currency and its CNY rate (0: the rate of prices.json).
#pragma once
#include "money/prices.h"
#include "view/view_state.h"

namespace gpuwise {

double cny_per_usd_in_use(const ViewState& state, const PriceBook& book);
double to_display(double usd, const ViewState& state, const PriceBook& book);
double from_display(double amount, const ViewState& state, const PriceBook& book);

}  // namespace gpuwise
