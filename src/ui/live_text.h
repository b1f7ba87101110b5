// The answer of the current view in one sentence or two, for screen readers: the
// platform mirrors it into the page's aria-live region (the canvas itself says nothing).
#pragma once
#include <string>

#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

// Empty when the view has no answer to announce (the About tab, data still loading, the
// tab's code not arrived yet).
std::string LiveText(const ViewState& view, const UiState& ui);

// Each tab's sentence (its row in panels.h's kTabPanels), once the catalog is loaded.
std::string CatalogLiveText(const ViewState& view, const UiState& ui);
std::string RankingLiveText(const ViewState& view, const UiState& ui);
std::string CompareLiveText(const ViewState& view, const UiState& ui);
std::string AdvisorLiveText(const ViewState& view, const UiState& ui);
std::string SpeedLiveText(const ViewState& view, const UiState& ui);
std::string RoiLiveText(const ViewState& view, const UiState& ui);
std::string AboutLiveText(const ViewState& view, const UiState& ui);

}  // namespace gpuwise::ui
