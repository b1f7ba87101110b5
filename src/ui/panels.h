// One function per panel (one file each). Each draws core results from the view state
// and writes user input back into it.
#pragma once
#include "later.h"
#include "live_text.h"
#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

void DrawHeader(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawCatalogPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// Whether the view shows anything from prices.json or cuda.json: the catalog table
// without a card or a PyTorch filter does not, so the platform may load them a frame later.
bool ViewReadsPricesAndCuda(const ViewState& view);
// The catalog filters in effect, in the reader's words: the phone's fold and the live line say them.
class FoldLine;
void AddCatalogFilters(const CatalogView& catalog, FoldLine& line);
// Every field of one card, its compatibility and sources; true when Close was clicked.
bool DrawCardDetails(const Gpu& gpu, const ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawRankingPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The ranking for the current view (cached in ui); the Compare tab shows its scores.
const RankedList& CurrentRanking(const ViewState& view, UiState& ui);
// The ranking with each row's outlay for the buyer (market, used, budget).
const BuyerRanking& CurrentBuyerRanking(const ViewState& view, UiState& ui);
// Two buyer views that price alike (the cache key of the lists that show outlays).
bool SameBuyer(const BuyerView& a, const BuyerView& b);
// For a view that reads the speed model (Speed, the cost of a job, the LLM rankings): asks
// the platform for its files (ui.speed.wanted) and reads those that have arrived, so that
// benchmarks_state and calibration_state are current for this frame.
void WantSpeedModel(UiState& ui);
// speed_calibration.json alone (Ask, the first view: benchmarks.json, 39 KB, would not fit
// the first visit's size budget; measured runs are marked once another view has loaded it).
void WantSpeedCalibration(UiState& ui);
// data/speed_check.json: asks for it, and reads it once it has arrived.
void WantSpeedChecks(UiState& ui);
// benchmarks.json alone (the Images tab's measured runs), the same way.
void WantBenchmarks(UiState& ui);
// The Images tab's model (issue 29): image_calibration.json and benchmarks.json, the same way.
void WantImageModel(UiState& ui);
// A card's details floating over any tab (ui.popup_card_id), with "Add to compare".
void DrawCardPopup(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawComparePanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawAdvisorPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// How fast a language model runs per card, with measured figures (panel_speed.cpp).
void DrawSpeedPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The Speed tab's model and quantisation menus (panel_speed.cpp): Compare shows its speeds for them.
void SpeedModelInputs(SpeedView& speed, UiState& ui);
// "114, 95 to 130": an estimate and its band ("*": a class without measured runs), "—" for
// none; and its hover text: why it is missing, or how sure it is (panel_speed.cpp).
std::string Banded(double value, const Band& band, int decimals);
void FigureTooltip(double value, const Band& band, const TemplateText& why);
// Whether a diffusion model fits each card and how fast (panel_image.cpp, issue 29).
void DrawImagePanel(ViewState& view, UiState& ui, PlatformRequests& requests);
void DrawRoiPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
// The tab's second view, "Cost of a job" (panel_job_cost.cpp; view.roi.calculator == "job"), and
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
// The Ask tab (panel_ask.cpp, issue 30): the buyer's question and its answers.
void DrawAskPanel(ViewState& view, UiState& ui, PlatformRequests& requests);
std::string AskLiveText(const ViewState& view, const UiState& ui);
json AskInfo(const ViewState& view, const UiState& ui);  // ask: the answers (ask_to_json), or null

// [SECTION] The tabs' panels: one row per Tab, in the order of kTabs (view_state.h, which
// has each tab's key and label). A new tab: its row there, its row here, its panel file,
// its sentence for screen readers (live_text.h). Every tab but kFirstViewTab has its code
// in index.later.wasm (later.h): its row holds the entries into it, and `later` says so.
struct TabPanel {
  Tab tab;
  bool later;  // drawn only once LaterCodeReady(ui); "Loading..." until then
  void (*draw)(ViewState& view, UiState& ui, PlatformRequests& requests);
  std::string (*live_text)(const ViewState& view, const UiState& ui);
};
template <Tab tab, auto draw, auto live_text>
constexpr TabPanel Panel() {
  return {tab, tab != kFirstViewTab, TabEntry<tab, draw>(), TabEntry<tab, live_text>()};
}
inline constexpr TabPanel kTabPanels[] = {
    Panel<Tab::ask, DrawAskPanel, AskLiveText>(),
    Panel<Tab::catalog, DrawCatalogPanel, CatalogLiveText>(), Panel<Tab::ranking, DrawRankingPanel, RankingLiveText>(),
    Panel<Tab::compare, DrawComparePanel, CompareLiveText>(), Panel<Tab::advisor, DrawAdvisorPanel, AdvisorLiveText>(),
    Panel<Tab::speed, DrawSpeedPanel, SpeedLiveText>(),       Panel<Tab::image, DrawImagePanel, ImageLiveText>(),
    Panel<Tab::roi, DrawRoiPanel, RoiLiveText>(),             Panel<Tab::about, DrawAboutPanel, AboutLiveText>(),
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
json RankingOutlayInfo(const ViewState& view, const UiState& ui);  // ranking_outlay: outlays of the listed rows
json SpeedInfo(const ViewState& view, const UiState& ui);         // speed: the table, or null
json RoiInfo(const ViewState& view, const UiState& ui);           // roi: the last drawn outcome
json ImageInfo(const ViewState& view, const UiState& ui);         // image: the Images table and its gate, or null
json CompareInfo(const ViewState& view, const UiState& ui);       // compare: speed and value per card, or null
json AboutInfo(const ViewState& view, const UiState& ui);         // about: the overall check, or null
// `later`: the part's code is in index.later.wasm with its tab's (published as null until
// it has arrived).
struct PagePart {
  const char* key;
  bool later;
  json (*publish)(const ViewState& view, const UiState& ui);
};
template <Tab tab, auto publish>
constexpr PagePart Part(const char* key) {
  return {key, tab != kFirstViewTab, TabEntry<tab, publish>()};
}
inline constexpr PagePart kPageParts[] = {
    Part<Tab::ask, AskInfo>("ask"),
    Part<Tab::catalog, CatalogTableInfo>("table"),
    Part<Tab::ranking, RankingInfo>("ranking"),
    Part<Tab::ranking, RankingEstimateInfo>("ranking_estimate"),
    Part<Tab::ranking, RankingOutlayInfo>("ranking_outlay"),
    Part<Tab::speed, SpeedInfo>("speed"),
    Part<Tab::image, ImageInfo>("image"),
    Part<Tab::compare, CompareInfo>("compare"),
    Part<Tab::roi, RoiInfo>("roi"),
    Part<Tab::roi, JobCostInfo>("job"),
    Part<Tab::about, AboutInfo>("about"),
};

// [SECTION] Card details, over any tab (DrawCardPopup) and beside the catalog table: in
// index.later.wasm whichever tab is the first view. Call them only through these, once
// LaterCodeReady(ui).
inline void CardPopupLater(ViewState& view, UiState& ui, PlatformRequests& requests) {
  Later<DrawCardPopup>::pointer(view, ui, requests);
}
inline bool CardDetailsLater(const Gpu& gpu, const ViewState& view, UiState& ui, PlatformRequests& requests) {
  return Later<DrawCardDetails>::pointer(gpu, view, ui, requests);
}

}  // namespace gpuwise::ui
