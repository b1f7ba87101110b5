// The answer of the current view in one sentence or two, for screen readers: the
// platform mirrors it into the page's aria-live region (the canvas itself says nothing).
#pragma once
#include <string>

#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

// Empty when the view has no answer to announce (the About tab, data still loading).
std::string LiveText(const ViewState& view, const UiState& ui);

}  // namespace gpuwise::ui
