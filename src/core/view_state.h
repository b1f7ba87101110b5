// The whole view as one plain struct: what the user is looking at and every input.
// The share link (share_link.h), localStorage and window.gpuwise.state() are this
// struct encoded; decoding gives it back. Defaults here are the site's defaults.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "json_util.h"
#include "template_text.h"

namespace gpuwise {

// [SECTION] Tabs: the one list. A new tab is a value here, its row in kTabs, and its
// draw function's row in src/ui/panels.h (docs/CONTRIBUTING.md).
enum class Tab { catalog, ranking, compare, advisor, speed, roi, about };
struct TabInfo {
  Tab tab;
  const char* key;    // in links and the saved state: "catalog"
  const char* label;  // English; the page shows tr(label)
};
inline constexpr TabInfo kTabs[] = {
    {Tab::catalog, "catalog", I18N("Catalog")}, {Tab::ranking, "ranking", I18N("Ranking")},
    {Tab::compare, "compare", I18N("Compare")}, {Tab::advisor, "advisor", I18N("Advisor")},
    {Tab::speed, "speed", I18N("Speed")},       {Tab::roi, "roi", I18N("Price & ROI")},
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
const char* tab_key(Tab tab);                    // "catalog", ...
bool tab_from_key(const std::string& key, Tab& out);

struct CatalogView {
  std::string search;                       // "3090", "rtx3090", "GeForce RTX 3090"
  std::vector<std::string> vendors;         // empty: all
  std::vector<std::string> lines;
  std::vector<std::string> series;
  std::vector<std::string> architectures;
  double min_vram_gb = 0;
  int year_min = 0;                         // 0: no bound
  int year_max = 0;
  std::string pytorch_any;                  // "2.5": runs PyTorch 2.5 on any backend (CUDA, ROCm, MPS, XPU ...); "" any
  bool cuda_only = false;                   // only rows that run CUDA
  bool unified_only = false;                // only unified-memory rows (Apple, DGX Spark, Jetson ...)
  std::string sort_column = "release_year";
  bool sort_descending = true;
  std::vector<std::string> hidden_columns;  // keys; used when hidden_columns_set
  bool hidden_columns_set = false;          // false: each column's default
  std::string selected_id;                  // the card whose details are open
};

struct MetricWeight {
  std::string metric;  // a ranking metric key, e.g. "fp16_tensor_tflops"
  double weight = 0;   // >= 0; only the ratios between weights matter
};
bool operator==(const MetricWeight& a, const MetricWeight& b);

struct RankingView {
  std::string profile = "cnn";              // cnn, rnn, llm-inference, llm-training, fp64, custom
  std::string metric;                       // non-empty: rank by this one metric instead
  std::vector<MetricWeight> custom_weights; // the weights of the "custom" profile
  std::vector<std::string> vendors;         // filters; empty: all
  std::vector<std::string> lines;
  std::vector<std::string> architectures;
  std::vector<std::string> series;          // "GeForce 40": one product generation
  double min_vram_gb = 0;
  double max_price_usd = 0;                 // 0: no limit
  int year_min = 0;                         // 0: no bound
  std::string cuda;                         // "10.2": only cards that run CUDA 10.2; "" any
  std::string pytorch;                      // "2.1": only cards the official wheels support
  std::string pytorch_any;                  // "2.5": runs PyTorch 2.5 on any backend; "" any
  bool cuda_only = false;                   // only rows that run CUDA
  bool unified_only = false;                // only unified-memory rows
  bool fits_model = false;                  // only cards that hold the VRAM-fit model
  int fit_gpu_count = 1;                    // ... on this many GPUs
  int top_n = 15;
};

struct FitView {
  std::string preset = "llama-3-8b";        // a named model shape, or "custom"
  double params_b = 8.03;                   // parameters, billions
  std::string precision = "bf16";           // fp32, bf16, fp16, int8, int4
  std::string mode = "inference";           // inference, lora, full
  int batch_size = 1;
  int context = 8192;                       // sequence length, tokens
  int layers = 32;
  int kv_heads = 8;                         // GQA: fewer KV heads than attention heads
  int head_dim = 128;
  int hidden_size = 4096;                   // drives the activation estimate
};

struct AdvisorView {
  std::string gpu_id = "rtx-4090";
  int gpu_count = 1;
  double dataset_read_mbs = 300;            // how fast training reads data, MB/s
};

// The Speed tab: how fast a language model runs on each card (speed_view.h). Defaults
// are `gpuwise speed`'s, so the page and the CLI agree.
struct SpeedView {
  std::string preset = "llama-3-8b";        // a model_presets() id
  std::string quant = "q4_k_m";             // a quantisations() id
  int context = 4096;                       // tokens held per request
  int prompt_tokens = 0;                    // prompt for time to first token; 0: the whole context
  int concurrent = 1;                       // requests decoded together
  int gpu_count = 1;                        // tensor parallel over this many of each card
  std::string sort = "decode";              // decode, prefill, ttft (speed_sort_keys())
  bool fits_only = true;                    // hide the cards the model does not fit on
  int top_n = 20;
};

struct RoiView {
  std::string view = "buy";                 // the tab's view: "buy" (buy or rent a card), "job" (JobView)
  std::string gpu_id = "rtx-4090";
  int gpu_count = 1;
  // Overrides; absent means "the default from data" (see prices.h).
  std::optional<double> price_usd;          // per card
  std::optional<double> rate_usd_per_hour;  // cloud rate per GPU-hour
  std::optional<double> power_w;            // per card; default TDP
  double host_cost_usd = 0;                 // host / server share for the whole purchase
  double host_power_w = 150;                // CPU, RAM, disks, fans
  double kwh_price_usd = 0.15;
  double hours_per_day = 8;
  int months = 36;
  double depreciation_pct_per_year = 25;
  std::optional<double> resale_usd;         // per card at the horizon; overrides depreciation
  double maintenance_usd_per_year = 0;
  // The owner of idle cards: rent them out on a GPU cloud.
  std::optional<double> rent_out_rate_usd_per_hour;  // default: the cloud rate
  double occupancy_pct = 50;
  double platform_fee_pct = 20;
  // Which provider kinds the default rent rate comes from (provider_kind keys of
  // prices.json: hyperscaler, gpu-cloud, marketplace, china-cloud); empty: every kind.
  std::vector<std::string> provider_kinds;
};

// The Price & ROI tab's "Cost of a job" view (job_cost.h): a training run or a day of
// serving on every card and count. Owning uses the RoiView's assumptions (kWh price,
// hours a day, horizon, host, depreciation).
struct JobView {
  std::string kind = "train";               // train, finetune (both train every weight), serve
  std::string preset = "llama-3-8b";        // a model_presets() id, or "custom": params_b
  double params_b = 8.03;                   // custom model size, billions of parameters
  double tokens_b = 20;                     // train / fine-tune: tokens trained on, billions
  double tokens_per_day = 1e7;              // serve: tokens generated a day
  std::string quant = "q4_k_m";             // serve: a quantisations() id
  int concurrent = 8;                       // serve: requests decoded together
  int gpu_count = 0;                        // 0: compare 1, 2, 4 and 8 GPUs
};

struct ViewState {
  Tab tab = Tab::catalog;
  std::string language = "en";              // "en" or "zh"
  std::string currency = "USD";             // "USD" or "CNY"; money in data is USD
  double cny_per_usd = 0;                   // 0: the rate in prices.json
  std::string theme = "auto";               // auto (follow the system), light, dark
  CatalogView catalog;
  RankingView ranking;
  std::vector<std::string> compare_ids;     // 2 to 4 cards side by side
  FitView fit;
  AdvisorView advisor;
  SpeedView speed;
  RoiView roi;
  JobView job;
};

// Generated from the field table (view_fields.cpp): every field the table lists, so a
// field cannot be in links but forgotten here. A section compares the table's fields of
// that section.
bool operator==(const CatalogView& a, const CatalogView& b);
bool operator==(const RankingView& a, const RankingView& b);
bool operator==(const FitView& a, const FitView& b);
bool operator==(const AdvisorView& a, const AdvisorView& b);
bool operator==(const SpeedView& a, const SpeedView& b);
bool operator==(const RoiView& a, const RoiView& b);
bool operator==(const JobView& a, const JobView& b);
bool operator==(const ViewState& a, const ViewState& b);
inline bool operator!=(const CatalogView& a, const CatalogView& b) { return !(a == b); }
inline bool operator!=(const RankingView& a, const RankingView& b) { return !(a == b); }
inline bool operator!=(const FitView& a, const FitView& b) { return !(a == b); }
inline bool operator!=(const JobView& a, const JobView& b) { return !(a == b); }
inline bool operator!=(const ViewState& a, const ViewState& b) { return !(a == b); }

// The state as JSON (every field of the table, defaults included): window.gpuwise.state(),
// `gpuwise link decode --json`, and what `gpuwise link encode` reads.
json view_state_to_json(const ViewState& state);

}  // namespace gpuwise
