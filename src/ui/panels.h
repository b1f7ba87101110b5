// One function per panel (one file each). Each draws core results from the view state
// and writes user input back into it.
#pragma once
#include "ui_state.h"
#include "view_state.h"

namespace gpuwise::ui {

void DrawHeader(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawCatalogPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawCardDetails(const Gpu& gpu, ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAboutPanel(const UiState& ui, PlatformRequests& requests);

}  // namespace gpuwise::ui
