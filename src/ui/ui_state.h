// What the UI keeps between frames that is not part of the shareable view (ViewState):
// loaded data, caches, messages. Passed by reference; no function-static state.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "ask/ask.h"
#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/consistency.h"
#include "estimate/gates.h"
#include "estimate/image.h"
#include "money/compare_speed.h"
#include "money/image_job.h"
#include "money/job_gate.h"
#include "money/job_cost.h"
#include "money/job_outlay.h"
#include "money/speed_outlay.h"
#include "money/prices.h"
#include "rank/buyer_ranking.h"
#include "rank/ranking.h"
#include "estimate/speed_view.h"
#include "estimate/speed.h"
#include "estimate/vram_fit.h"
#include "money/value.h"
#include "view/view_state.h"
#include "text/json_util.h"

namespace gpuwise::ui {

// Things the UI asks the platform to do after a frame (ui/ never calls the browser).
struct PlatformRequests {
  std::string open_url;          // open in a new tab
  bool copy_link = false;        // put the page's share link on the clipboard
  std::string clipboard_text;    // put this text on the system clipboard
  bool clear_saved = false;      // forget the saved view and prices (Reset)
  std::string download_name;     // save download_content under this file name
  std::string download_content;
  std::string download_mime;
  bool later_code = false;       // fetch index.later.wasm now (src/ui/later.h): a view needs it
};

// A named screen rectangle in CSS pixels ("tab:about", "header:fp32_tflops", "search"),
// published as window.gpuwise.targets so tests and scripts can click real widgets.
struct NamedRect {
  std::string key;
  float x = 0, y = 0, w = 0, h = 0;
};

// What the panels derive from the catalog, kept until it changes (App resets the whole
// struct when a catalog or its details are loaded).
struct CatalogCache {
  bool valid = false;
  CatalogView view;              // the view the rows were computed for
  bool compat_ready = false;     // cuda.json had loaded then (the PyTorch filter needs it)
  bool software_ready = false;   // software.json had loaded then (the "runs vLLM" filters need it)
  std::vector<int> rows;         // indices into the catalog, in display order
  // The filter menus' choices per catalog column (distinct_values), read in every frame.
  std::vector<std::pair<std::string, std::vector<std::string>>> column_values;
};

enum class LoadState { pending, ready, failed };

// The ranking for the view it was computed for; recomputed only when that changes.
struct RankingCache {
  bool valid = false;
  RankingView view;
  FitView fit;
  BuyerView buyer;                                   // prices, budget (rank/buyer_ranking.h)
  std::size_t catalog_size = 0;
  LoadState calibration_state = LoadState::pending;  // the LLM profiles rank by the speed model
  LoadState benchmarks_state = LoadState::pending;   // the CNN and RNN profiles by measured runs
  LoadState prices_state = LoadState::pending;
  LoadState software_state = LoadState::pending;     // the software gate and filters (issue 29)
  BuyerRanking ranked;                               // the list with each row's outlay
  FitResult fit_result;
};

// A data file as it arrived from the platform, kept as text until a view that needs it
// reads it (WantSpeedModel, WantSoftware, WantImageModel): its parser is then part of
// that view's code, in index.later.wasm (later.h), not of the first view's.
struct ArrivedFile {
  bool arrived = false;
  bool ok = false;
  std::string text;                // the file, or why it could not be downloaded
};

// The speed model's data: benchmarks.json is the largest data file, so both files are
// fetched only once a view needs them (`wanted`: the Speed tab, the cost of a job, the LLM
// rankings). The table and the check are recomputed only when their inputs change.
struct SpeedData {
  bool wanted = false;
  bool benchmarks_wanted = false;  // benchmarks.json alone (the Images tab's measured runs: WantBenchmarks)
  bool calibration_wanted = false; // speed_calibration.json alone (Ask, the first view: WantSpeedCalibration)
  // The two files as they arrived (App::set_speed_file): read by WantSpeedModel(), from the
  // views that use them, so that their parsers are part of those views' code (later.h).
  using Arrived = ArrivedFile;
  Arrived benchmarks_file, calibration_file, checks_file;
  LoadState benchmarks_state = LoadState::pending;
  LoadState calibration_state = LoadState::pending;
  std::string error;               // what could not be loaded, for the panel
  Benchmarks benchmarks;
  SpeedCalibration calibration;
  bool table_valid = false;
  SpeedView table_view;            // the view the table was computed for
  SpeedTable table;
  SoftwareGate gate;               // the software gate on the table (gates.h, issue 29)
  bool software_ready = false;     // software.json had loaded when the table was computed
  // What each row costs the buyer (money/speed_outlay.h), one per table row, and the key
  // it was computed for.
  std::vector<SpeedOutlayRow> outlays;
  int over_budget = 0;
  BuyerView table_buyer;
  LoadState table_prices = LoadState::pending;
  // data/speed_check.json (check_speed()'s output): "How good are these estimates?" and the
  // job cost's held-out error ask for it; fetched once wanted.
  bool checks_wanted = false;
  LoadState checks_state = LoadState::pending;
  std::string checks_error;
  std::vector<SpeedCheck> checks;
  std::string card_filter;         // "Add a card": the text the list of cards is narrowed to
};

// Software support (data/software.json, issue 29): fetched the first time a view wants it
// (card details, Compare, a software filter, any list of cards); until then lists wait.
struct SoftwareData {
  bool wanted = false;
  ArrivedFile file;                // read by WantSoftware() (software_widgets.h)
  LoadState state = LoadState::pending;
  std::string error;
  SoftwareTable table;
};

// The Images tab (issue 29): its calibration (data/image_calibration.json) and the measured
// runs (benchmarks.json, shared with the speed model) are fetched when it is first opened.
struct ImageData {
  bool wanted = false;
  ArrivedFile calibration_file;      // read by WantImageModel() (panel_image.cpp)
  LoadState calibration_state = LoadState::pending;
  std::string error;
  ImageCalibration calibration;
  bool table_valid = false;
  ImageView table_view;
  GatedImageTable table;
  bool checks_done = false;          // check_image() run once "How good are these estimates?" opens
  std::vector<ImageCheck> checks;
};

// The "Cost of a job" result for the inputs it was computed for (job_cost() prices every
// card at 1, 2, 4 and 8 GPUs: too much to redo every frame).
struct JobCostCache {
  bool valid = false;
  JobView job;
  RoiView roi;
  BuyerView buyer;
  std::size_t catalog_size = 0;
  LoadState prices_state = LoadState::pending;
  JobCostResult result;          // its cheapest ways already without owning over the budget
  JobBuyerResult priced;         // each option's outlay (money/job_outlay.h)
  SoftwareGate gate;             // the cards current software cannot run for the job (job_gate.h)
  bool software_ready = false;   // software.json had loaded when this was computed
  ImageJobResult image;          // job.kind == "image" (image_job.h), for these inputs:
  bool image_valid = false;
  ImageView image_view;
  JobView image_job;
  RoiView image_roi;
  BuyerView image_buyer;
  LoadState image_prices_state = LoadState::pending;
  json info;                     // window.gpuwise.job: the first rows, published every frame
};

// The Compare tab's speed and value rows (money/compare_speed.h, issue 30) for the inputs
// they were computed for; window.gpuwise.compare publishes them.
struct CompareCache {
  bool valid = false;
  std::vector<std::string> ids;
  SpeedView speed;
  BuyerView buyer;
  LoadState prices_state = LoadState::pending;
  bool software_ready = false;
  CompareSpeed result;
};

// The ROI tab's last drawn outcome (panel_roi.cpp): its aria-live sentence and
// window.gpuwise.roi (RoiInfo; the browser tests read it).
struct RoiOutcome {
  bool ok = false;
  int break_even_month = 0;       // 0: never within the horizon
  double rate_usd_per_hour = 0;   // the rate used
  std::string rate_provider_kind;  // "" when the rate is the reader's own
  bool uses_stale_price = false;
};

struct UiState {
  // Data as loaded; `catalog_error` is set when gpus.json could not be read at all.
  Catalog catalog;
  bool catalog_loaded = false;
  std::string catalog_error;
  bool show_catalog_issues = false;
  PriceBook prices;
  LoadState prices_state = LoadState::pending;
  // prices.json is fetched once something shows a price (the catalog tab's first view
  // needs none: it keeps the first visit small); a panel or tooltip that prices sets this.
  bool prices_wanted = false;
  std::string prices_error;
  Compat compat;
  LoadState compat_state = LoadState::pending;
  std::string compat_error;
  PriceOverrides overrides;      // the user's own prices, kept on this device
  // Notes and source URLs. The page's compact data files leave them in data/details.json
  // (core's data_details.h), fetched the first time something wants one (details_wanted);
  // data read whole (the desktop build) has them from the start.
  LoadState details = LoadState::ready;
  bool details_wanted = false;
  // The code of the views the first view does not need (src/ui/later.h): on the page in
  // index.later.wasm, set by the platform each frame; natively part of the program.
  LoadState later_code = LoadState::ready;
  std::string later_code_error;  // why it did not load (failed)
  const char* panel_drawn = "";  // the key of the tab whose panel the last frame drew ("": "Loading...")
  std::string details_error;

  // Messages: what a link or saved data could not restore (dismissable), and the
  // outcome of the last "Copy link".
  std::vector<TemplateText> notices;  // shown as render_template(notice, tr)
  std::string clipboard_message;
  std::string copied_link;       // shown for manual copying when the clipboard refused
  LoadState cjk_font = LoadState::pending;
  std::string cjk_font_error;
  bool dark = true;              // the theme in effect (auto follows the system)

  CatalogCache catalog_cache;
  RankingCache ranking_cache;
  SpeedData speed;
  SoftwareData software;
  ImageData image;
  // The About page's overall figure: `gpuwise check` over every measured run, computed once
  // the speed and image models have loaded (the class "all"), or why it could not be.
  std::optional<ConsistencyClass> overall_check;
  int overall_not_compared = 0;
  JobCostCache job_cost;
  CompareCache compare;
  // The Ask tab's answer for the question it was computed for (plan_ask weighs every card).
  struct AskCache {
    bool valid = false;
    AskView ask;
    BuyerView buyer;
    RoiView roi;
    LoadState prices = LoadState::pending;
    bool software_ready = false, speed_ready = false, image_ready = false, benchmarks_ready = false;
    AskResult result;
    std::string card_filter;  // the "Only these cards" list's filter while it is open
  } ask;
  RoiOutcome roi;
  int stale_marks_drawn = 0;           // stale marks drawn this frame, any panel
  int value_metric = 0;          // per 1,000 of price, per hourly rate, per watt
  std::string popup_card_id;     // the card whose details float over the current tab
  std::map<std::string, std::string> input_hints;  // widget label -> "Use per day 30 is out of range; clamped to 24"
  std::vector<NamedRect> targets;     // refreshed every frame
};

}  // namespace gpuwise::ui
