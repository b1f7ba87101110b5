// One function per panel (one file each). Each draws core results from the view state
// and writes user input back into it.
#pragma once
#include "ui_state.h"
#include "view_state.h"

namespace gpuwise::ui {

void DrawHeader(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawCatalogPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// Every field of one card, its compatibility and sources; true when Close was clicked.
bool DrawCardDetails(const Gpu& gpu, UiState& ui, PlatformRequests& requests);
void DrawRankingPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The ranking for the current view (cached in ui); the Compare tab shows its scores.
const RankedList& CurrentRanking(const ViewState& view, UiState& ui);
// A card's details floating over any tab (ui.popup_card_id), with "Add to compare".
void DrawCardPopup(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawComparePanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAdvisorPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawRoiPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The ROI view with the reader's saved prices standing in for missing inputs.
RoiView EffectiveRoiView(const ViewState& view, const UiState& ui);
// Performance per dollar and per watt, the price list and the reader's own prices.
void DrawValueSections(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAboutPanel(const UiState& ui, PlatformRequests& requests);

}  // namespace gpuwise::ui
