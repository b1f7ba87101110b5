#include "view/view_money.h"

namespace gpuwise {

double cny_per_usd_in_use(const ViewState& state, const PriceBook& book) {
  return cny_per_usd_in_use(state.cny_per_usd, book);
}

double to_display(double usd, const ViewState& state, const PriceBook& book) {
  return to_display(usd, state.currency, cny_per_usd_in_use(state, book));
}

double from_display(double amount, const ViewState& state, const PriceBook& book) {
  return from_display(amount, state.currency, cny_per_usd_in_use(state, book));
}

}  // namespace gpuwise
