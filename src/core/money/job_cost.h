// What a job costs: train (or fine-tune) a model of N billion parameters on D billion
// tokens, or serve T tokens a day of a preset model, on every card at 1, 2, 4 and 8 GPUs.
// Hours come from the speed model (speed.h); owning costs the ROI model's amortised price
// per GPU-hour (roi.h: purchase − resale over the horizon, power, host); renting costs the
// cheapest dated on-demand rate (prices.h). Formulas and a worked example: docs/speed.md,
// "Cost of a job".
//
// [SECTION] Input     JobInput, check_job_input()
// [SECTION] Result    one JobOption per card and count that fits; the cheapest ways, sorted
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "text/json_fwd.h"
#include "text/limits.h"
#include "money/prices.h"
#include "estimate/speed.h"
#include "text/template_text.h"
#include "money/money_views.h"

namespace gpuwise {

// [SECTION] Input

enum class JobKind { train, serve };
const char* job_kind_key(JobKind kind);  // "train", "serve"
std::optional<JobKind> parse_job_kind(const std::string& key);

// Ranges the inputs must be in (check_job_input() names the one that is not); the page's
// fields (limits.h kJobTokensB, kJobTokensPerDay, kJobGpuCount) are the same ranges.
constexpr double kJobMinTokensB = limits::kJobTokensB.min;  // 1000 tokens
constexpr double kJobMaxTokensB = limits::kJobTokensB.max;  // a quadrillion tokens
constexpr double kJobMinTokensPerDay = limits::kJobTokensPerDay.min;
constexpr double kJobMaxTokensPerDay = limits::kJobTokensPerDay.max;
constexpr int kJobMaxGpus = static_cast<int>(limits::kJobGpuCount.max);

struct JobInput {
  JobKind kind = JobKind::train;
  // Train or fine-tune (every weight trained; mixed precision, Adam).
  double params_b = 8;                     // total: decides memory
  std::optional<double> active_params_b;   // per token (mixture of experts): decides FLOPs
  double tokens_b = 20;                    // tokens trained on, billions
  bool recompute = false;                  // activation checkpointing: 8 instead of 6 FLOPs per parameter
  int train_context = 4096;                // sequence length the activations are held for
  // Serve: tokens generated a day, decoded in batches of `concurrent` requests.
  std::string preset = "llama-3-8b";     // or "custom": params_b (and active_params_b) with the nearest preset's shape
  std::string quant = "q4_k_m";
  double tokens_per_day = 1e7;
  int context = 4096;
  int concurrent = 8;
  // 0: try 1, 2, 4 and 8 GPUs; else only this count.
  int gpus = 0;
  // Where rent rates may come from (prices.h); default every kind.
  ProviderKindSet provider_kinds = kAllProviderKinds;
  // Ownership assumptions handed to compute_roi() (months, hours_per_day, kwh_price_usd,
  // host, depreciation ...); gpu_id, gpu_count and rate are set per option. For serving,
  // hours_per_day is replaced by the job's busy hours a day: the cards are bought for it.
  RoiView ownership;
};

// Empty when the input can run; else a message naming the field and its range.
std::string check_job_input(const JobInput& input);
TemplateText check_job_input_text(const JobInput& input);  // the same, translatable (empty pattern: fine)

// The page's view as a job: train and finetune train every weight; a preset gives the
// size (and a mixture of experts' active part); owning takes `ownership`'s assumptions
// (kWh price, hours a day, horizon, host, depreciation) without its one card's overrides.
JobInput job_input_from_view(const JobView& job, const RoiView& ownership);

// [SECTION] Result

struct JobOption {
  std::string gpu_id;
  std::string gpu_name;
  int gpus = 1;
  double tokens_per_s = 0;   // all GPUs together
  double hours = 0;          // train: the whole job; serve: busy hours a day
  double gpu_hours = 0;      // hours × gpus
  double needed_gb = 0;      // per GPU
  // Owning: absent with own_missing ("no purchase price for X in the data") when it cannot be priced.
  std::optional<double> own_cost_usd;
  std::optional<double> own_usd_per_gpu_hour;  // compute_roi()'s own_cost_per_gpu_hour
  std::string own_missing;
  TemplateText own_missing_text;  // the same, translatable
  PriceChoice price;         // the purchase price used, with its date and age
  // Renting: absent with rent_missing when the data has no on-demand rate for the card.
  std::optional<double> rent_cost_usd;
  std::string rent_missing;
  TemplateText rent_missing_text;
  std::optional<CloudRate> rate;  // the rate used: provider, date, source
  PriceAge rate_age;
  // Cost per million tokens (trained, or generated) where the cost is known.
  std::optional<double> own_usd_per_million_tokens;
  std::optional<double> rent_usd_per_million_tokens;

  std::optional<double> cheapest_usd() const;  // the lower of own and rent
};

// One way to get the job done, for the sorted "cheapest ways" list.
struct JobWay {
  std::string gpu_id;
  int gpus = 1;
  bool own = true;           // false: rent
  std::string provider;      // rent: the provider; own: empty
  double cost_usd = 0;
  double hours = 0;
  double usd_per_million_tokens = 0;
  bool stale = false;        // the price or rate behind it is older than kStaleAfterMonths
};

struct JobCostResult {
  bool ok = false;
  std::string error;                 // why not ok: bad input, or a model that fits no card
  TemplateText error_text;           // the same as a pattern and its args, for the page's tr()
  JobInput input;
  double tokens = 0;                 // train: tokens_b × 1e9; serve: tokens_per_day
  std::string per;                   // "job" or "day": what hours and costs are per
  std::vector<JobOption> options;    // card × count that fit and run, cheapest first (unpriced last)
  std::vector<JobWay> cheapest;      // every priced way (own or rent), cheapest first
  int counts_too_slow = 0;           // serve: card × count that fit but cannot keep up in 24 h a day
};

// The one function the page and `gpuwise job` call. `today` for price ages is book.today.
JobCostResult job_cost(const Catalog& catalog, const PriceBook& book, const SpeedCalibration& calibration,
                       const JobInput& input);

// {"kind", "per", "tokens", "results": [{"id", "gpus", "hours", "own_cost_usd", "rent_cost_usd",
//  "provider", ...}], "cheapest": [...]}; absent costs are null with a "_missing" reason.
json job_cost_to_json(const JobCostResult& result, std::size_t max_cheapest = 20);

// The table the page shows, as CSV (csv.h): one row per card × count, the cost columns in
// USD, and the price and rate behind them with their dates and sources.
std::string job_cost_csv(const JobCostResult& result);

}  // namespace gpuwise
