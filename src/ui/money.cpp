#include "money.h"

#include "text/format.h"
#include "i18n.h"
#include "imgui.h"
#include "money/prices.h"
#include "view/view_money.h"
#include "widgets.h"

namespace gpuwise::ui {

std::string Money(double usd, const ViewState& view, const UiState& ui, int decimals) {
  const DisplayCurrency currency = display_currency(view, ui.prices);
  return format_money(usd * currency.per_usd, currency.symbol, decimals);
}

bool InputMoney(const char* label, double& usd, double max_usd, const ViewState& view, UiState& ui, const char* per,
                float width) {
  const DisplayCurrency currency = display_currency(view, ui.prices);
  double shown = usd * currency.per_usd;
  const double max_shown = max_usd * currency.per_usd;
  const std::string unit = currency.code + per;
  if (!InputNumber(label, shown, 0, max_shown, unit.c_str(), shown < 10 ? "%.4g" : "%.0f", ui, width)) return false;
  usd = shown / currency.per_usd;
  return true;
}

}  // namespace gpuwise::ui
