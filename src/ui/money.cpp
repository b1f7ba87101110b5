#include "money.h"

#include "text/format.h"
#include "i18n.h"
#include "imgui.h"
#include "money/prices.h"
#include "view/view_money.h"
#include "widgets.h"

namespace gpuwise::ui {

std::string Money(double usd, const ViewState& view, const UiState& ui, int decimals) {
  const double rate = cny_per_usd_in_use(view, ui.prices);
  const double amount = to_display(usd, view.currency, rate);
  return format_money(amount, currency_symbol(view.currency, rate), decimals);
}

bool InputMoney(const char* label, double& usd, double max_usd, const ViewState& view, UiState& ui, const char* per,
                float width) {
  const double rate = cny_per_usd_in_use(view, ui.prices);
  double shown = to_display(usd, view.currency, rate);
  const double max_shown = to_display(max_usd, view.currency, rate);
  std::string unit = std::string(currency_symbol(view.currency, rate) == std::string("¥") ? "CNY" : "USD") + per;
  if (!InputNumber(label, shown, 0, max_shown, unit.c_str(), shown < 10 ? "%.4g" : "%.0f", ui, width)) return false;
  usd = from_display(shown, view.currency, rate);
  return true;
}

}  // namespace gpuwise::ui
