// Money on screen: USD in core, shown and typed in the reader's currency (USD or CNY at
// an editable rate). Thin wrappers over prices.h so every panel formats money alike.
#pragma once
#include <string>

#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

// "$1,800" or "¥12,183"; `decimals` for per-hour figures.
std::string Money(double usd, const ViewState& view, const UiState& ui, int decimals = 0);
// A money input in the reader's currency; `usd` is updated. Returns true when changed.
bool InputMoney(const char* label, double& usd, double max_usd, const ViewState& view, UiState& ui,
                const char* per = "", float width = 110);

}  // namespace gpuwise::ui
