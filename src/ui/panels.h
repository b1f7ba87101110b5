// One function per panel (one file each). Each draws core results from the view state
// and writes user input back into it.
#pragma once
#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

void DrawHeader(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawCatalogPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// Whether the view shows anything from prices.json or cuda.json: the catalog table
// without a card or a PyTorch filter does not, so the platform may load them a frame later.
bool ViewReadsPricesAndCuda(const ViewState& view);
// Every field of one card, its compatibility and sources; true when Close was clicked.
bool DrawCardDetails(const Gpu& gpu, const ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawRankingPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The ranking for the current view (cached in ui); the Compare tab shows its scores.
const RankedList& CurrentRanking(const ViewState& view, UiState& ui);
// A card's details floating over any tab (ui.popup_card_id), with "Add to compare".
void DrawCardPopup(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawComparePanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAdvisorPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// How fast a language model runs per card, with measured figures (panel_speed.cpp).
void DrawSpeedPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// Whether a diffusion model fits each card and how fast (panel_image.cpp, issue 29).
void DrawImagePanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawRoiPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The tab's second view, "Cost of a job" (panel_job_cost.cpp; view.roi.view == "job"), and
// what it shows for window.gpuwise.job (null while it is not on screen).
void DrawJobCostView(ViewState& view, UiState& ui, PlatformRequests& requests);
json JobCostInfo(const ViewState& view, const UiState& ui);
// The job kinds (train, fine-tune, serve, images), shared by the two job views.
void DrawJobKind(ViewState& view, UiState& ui);
// The cost of a batch of images (panel_image_job.cpp; view.job.kind == "image", issue 29).
void DrawImageJobView(ViewState& view, UiState& ui, PlatformRequests& requests);
// The ROI view with the reader's saved prices standing in for missing inputs.
RoiView EffectiveRoiView(const ViewState& view, const UiState& ui);
// Performance per dollar and per watt, the price list and the reader's own prices.
void DrawValueSections(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAboutPanel(ViewState& view, UiState& ui, PlatformRequests& requests);

// [SECTION] The tabs' panels: one row per Tab, in the order of kTabs (view_state.h, which
// has each tab's key and label). A new tab: its row there, its row here, its panel file.
struct TabPanel {
  Tab tab;
  void (*draw)(ViewState& view, UiState& ui, PlatformRequests& requests);
};
inline constexpr TabPanel kTabPanels[] = {
    {Tab::catalog, DrawCatalogPanel}, {Tab::ranking, DrawRankingPanel}, {Tab::compare, DrawComparePanel},
    {Tab::advisor, DrawAdvisorPanel}, {Tab::speed, DrawSpeedPanel},     {Tab::image, DrawImagePanel},
    {Tab::roi, DrawRoiPanel},         {Tab::about, DrawAboutPanel},
};
constexpr bool panels_match_tabs() {
  if (sizeof kTabPanels / sizeof kTabPanels[0] != static_cast<std::size_t>(kTabCount)) return false;
  for (int i = 0; i < kTabCount; ++i) {
    if (kTabPanels[i].tab != kTabs[i].tab) return false;
  }
  return true;
}
static_assert(panels_match_tabs(), "kTabPanels has one row per kTabs row, in the same order");

// [SECTION] What the panels publish to the page: window.gpuwise.KEY, read by scripts
// and the browser tests (names and shapes are theirs: keep them). Each value comes from
// its panel's cache, beside the panel; the platform walks this list and names no tab.
json CatalogTableInfo(const ViewState& view, const UiState& ui);  // table: the rows shown
json RankingInfo(const ViewState& view, const UiState& ui);       // ranking: card ids in order
// ranking_estimate: the LLM profiles' speed estimate per card, or its error; else null.
json RankingEstimateInfo(const ViewState& view, const UiState& ui);
json SpeedInfo(const ViewState& view, const UiState& ui);         // speed: the table, or null
json RoiInfo(const ViewState& view, const UiState& ui);           // roi: the last drawn outcome
json ImageInfo(const ViewState& view, const UiState& ui);         // image: the Images table and its gate, or null
struct PagePart {
  const char* key;
  json (*publish)(const ViewState& view, const UiState& ui);
};
inline constexpr PagePart kPageParts[] = {
    {"table", CatalogTableInfo}, {"ranking", RankingInfo}, {"ranking_estimate", RankingEstimateInfo},
    {"speed", SpeedInfo},        {"roi", RoiInfo},         {"job", JobCostInfo},
    {"image", ImageInfo},
};

}  // namespace gpuwise::ui
