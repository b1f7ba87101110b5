// The whole view as one plain struct: what the user is looking at and every input.
// The share link (share_link.h), localStorage and window.gpuwise.state() are this
// struct encoded; decoding gives it back. Defaults here are the site's defaults.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ask/ask_view.h"
#include "catalog/catalog_view.h"
#include "estimate/estimate_views.h"
#include "money/market.h"
#include "money/money_views.h"
#include "rank/ranking_view.h"
#include "text/json_fwd.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Tabs: the one list. A new tab is a value here, its row in kTabs, and its
// draw function's row in src/ui/panels.h (docs/CONTRIBUTING.md).
enum class Tab { ask, catalog, ranking, compare, advisor, speed, image, roi, about };
struct TabInfo {
  Tab tab;
  const char* key;    // in links and the saved state: "catalog"
  const char* label;  // English; the page shows tr(label)
};
inline constexpr TabInfo kTabs[] = {
    {Tab::ask, "ask", I18N("Ask")},
    {Tab::catalog, "catalog", I18N("Catalog")}, {Tab::ranking, "ranking", I18N("Ranking")},
    {Tab::compare, "compare", I18N("Compare")}, {Tab::advisor, "advisor", I18N("Advisor")},
    {Tab::speed, "speed", I18N("Speed")},       {Tab::image, "image", I18N("Images")},
    {Tab::roi, "roi", I18N("Price & ROI")},
    {Tab::about, "about", I18N("About")},
};
constexpr int kTabCount = static_cast<int>(sizeof kTabs / sizeof kTabs[0]);
constexpr bool tabs_in_enum_order() {
  for (int i = 0; i < kTabCount; ++i) {
    if (static_cast<int>(kTabs[i].tab) != i) return false;
  }
  return true;
}
static_assert(tabs_in_enum_order(), "kTabs lists every Tab once, in enum order");
// The first view: the tab a first visit opens (a link without tab=, no saved view). Its
// panel's code is in the page's first download; the other tabs' code follows after the
// first frame (src/ui/later.h). Changing the first view is this line.
inline constexpr Tab kFirstViewTab = Tab::ask;
const char* tab_key(Tab tab);                    // "catalog", ...
bool tab_from_key(const std::string& key, Tab& out);

struct ViewState {
  Tab tab = kFirstViewTab;
  std::string language = "en";              // "en" or "zh"
  std::string currency = "auto";            // "auto" (the market's), "USD", "EUR" or "CNY"; data is USD
  double cny_per_usd = 0;                   // 0: the rate in prices.json
  double eur_per_usd = 0;                   // 0: the rate in prices.json
  BuyerView buyer;                          // market, new or used, budget (money/market.h)
  std::string theme = "auto";               // auto (follow the system), light, dark
  CatalogView catalog;
  RankingView ranking;
  std::vector<std::string> compare_ids;     // 2 to 4 cards side by side
  FitView fit;
  AdvisorView advisor;
  SpeedView speed;
  ImageView image;
  RoiView roi;
  JobView job;
  AskView ask;                              // the Ask tab's question (ask/ask_view.h)
};

// Generated from the field table (view_fields.cpp): every field the table lists, so a
// field cannot be in links but forgotten here. A section compares the table's fields of
// that section.
bool operator==(const CatalogView& a, const CatalogView& b);
bool operator==(const RankingView& a, const RankingView& b);
bool operator==(const FitView& a, const FitView& b);
bool operator==(const AdvisorView& a, const AdvisorView& b);
bool operator==(const SpeedView& a, const SpeedView& b);
bool operator==(const ImageView& a, const ImageView& b);
bool operator==(const RoiView& a, const RoiView& b);
bool operator==(const JobView& a, const JobView& b);
bool operator==(const AskView& a, const AskView& b);
bool operator==(const ViewState& a, const ViewState& b);
inline bool operator!=(const CatalogView& a, const CatalogView& b) { return !(a == b); }
inline bool operator!=(const RankingView& a, const RankingView& b) { return !(a == b); }
inline bool operator!=(const FitView& a, const FitView& b) { return !(a == b); }
inline bool operator!=(const ImageView& a, const ImageView& b) { return !(a == b); }
inline bool operator!=(const JobView& a, const JobView& b) { return !(a == b); }
inline bool operator!=(const AskView& a, const AskView& b) { return !(a == b); }
inline bool operator!=(const ViewState& a, const ViewState& b) { return !(a == b); }

// The state as JSON (every field of the table, defaults included): window.gpuwise.state(),
// `gpuwise link decode --json`, and what `gpuwise link encode` reads.
json view_state_to_json(const ViewState& state);

}  // namespace gpuwise
