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
#include "money/market.h"
#include "money/prices.h"
#include "estimate/speed.h"
#include "text/template_text.h"
#include "money/money_views.h"

namespace gpuwise {

// [SECTION] Input

enum class JobKind { train, serve };
const char* job_kind_key(JobKind kind);  // "train", "serve"

// The most GPUs a job is priced on (the page's field: limits.h kJobGpuCount).
constexpr int kJobMaxGpus = static_cast<int>(limits::kJobGpuCount.max);

// A job is the page's two sections as they are, plus what only `gpuwise job` sets.
struct JobInput {
  JobView job;        // kind, model (a preset, or "custom": job.params_b), tokens, quantisation, GPUs
  // Owning takes its assumptions (kWh price, hours a day, horizon, host, tax, depreciation)
  // and renting its provider kinds; gpu_id, gpu_count and rate are set per option. For
  // serving, hours_per_day is replaced by the job's busy hours a day: the cards are bought for it.
  RoiView ownership;
  // The buyer's market and condition: what the cards cost, what the machine costs, which
  // providers rent (market.h). The page's top-level view fields.
  BuyerView buyer;
  // The command line's own (the page uses these defaults):
  std::optional<double> active_params_b;  // per token (mixture of experts): decides FLOPs; default the preset's
  bool recompute = false;                 // activation checkpointing: 8 instead of 6 FLOPs per parameter
  int train_context = 4096;               // sequence length the activations are held for
  int context = 4096;                     // serving: tokens of context per request
};

// What the job's view means, by one function: the kind (finetune trains every weight, as
// training does), the model's size from its preset or the custom size, the provider kinds.
struct JobModel {
  JobKind kind = JobKind::train;
  std::string preset;                     // a model_presets() id, or "custom"
  double params_b = 0;                    // total: decides memory
  std::optional<double> active_params_b;  // per token, when below the total
  ProviderKindSet provider_kinds = kAllProviderKinds;
  bool provider_kinds_chosen = false;     // the reader chose them (roi.kinds); else the market's
};
JobModel job_model(const JobInput& input);

// Empty when the input can run; else a message naming the field and its range.
std::string check_job_input(const JobInput& input);
TemplateText check_job_input_text(const JobInput& input);  // the same, translatable (empty pattern: fine)

// The page's view as a job: owning takes `ownership`'s assumptions without its one card's
// figures (price, rate, power, resale, rent-out rate), which belong to another card.
JobInput job_input_from_view(const JobView& job, const RoiView& ownership, const BuyerView& buyer = BuyerView{});

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
  JobModel model;                    // job_model(input)
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
