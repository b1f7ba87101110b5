#include "view/view_money.h"

namespace gpuwise {

DisplayCurrency display_currency(const ViewState& state, const PriceBook& book) {
  return display_currency(state.currency, state.buyer.market, state.cny_per_usd, state.eur_per_usd, book);
}

double to_display(double usd, const ViewState& state, const PriceBook& book) {
  return usd * display_currency(state, book).per_usd;
}

double from_display(double amount, const ViewState& state, const PriceBook& book) {
  return amount / display_currency(state, book).per_usd;
}

}  // namespace gpuwise
