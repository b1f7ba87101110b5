// What a job costs, on every card at 1, 2, 4 and 8 GPUs (or the count asked for):
// - train (or fine-tune) a model of N billion parameters on D billion tokens, within a
//   number of days: hours from training.h (MFU fitted on public LLM runs), with its band;
// - serve users: an endpoint up H hours a day, billed for them busy or not, with as many
//   replicas (copies of the model on a card × count) as N users in flight and T generated
//   tokens a day need (serving.h: the batch the KV cache and a per-user speed floor allow);
// - batch: generate D billion tokens with no deadline, packed into busy hours.
// Owning costs the ROI model's amortised price per GPU-hour (roi.h); renting the cheapest
// dated on-demand rate (prices.h). Formulas and a worked example: docs/speed.md, "Cost of a job".
//
// [SECTION] Input     JobInput, check_job_input()
// [SECTION] Result    one JobOption per card and count that fits; the cheapest ways, sorted
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "estimate/band.h"
#include "estimate/speed.h"
#include "money/market.h"
#include "money/money_views.h"
#include "money/prices.h"
#include "text/json_fwd.h"
#include "text/limits.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Input

enum class JobKind { train, serve, batch };
const char* job_kind_key(JobKind kind);  // "train", "serve", "batch"

// The most GPUs a job is priced on (the page's field: limits.h kJobGpuCount).
constexpr int kJobMaxGpus = static_cast<int>(limits::kJobGpuCount.max);
// An endpoint needing more replicas than this on a card × count is left out as too small.
constexpr int kJobMaxReplicas = 1000;

// A job is the page's two sections as they are, plus what only `gpuwise job` sets.
struct JobInput {
  JobView job;        // kind, model (a preset, or "custom": job.params_b), tokens, users, hours up, GPUs
  // Owning takes it as it is for every card (kWh price, hours a day, horizon, tax, depreciation)
  // and renting its provider kinds; gpu_id, gpu_count and rate are set per option. For
  // serving, hours_per_day is replaced by the endpoint's hours up a day: the cards are bought for it.
  RoiView ownership;
  // The buyer's market and condition: what the cards cost, what the machine costs, which
  // providers rent (market.h). The page's top-level view fields.
  BuyerView buyer;
  // The command line's own (the page uses these defaults):
  std::optional<double> active_params_b;  // per token (mixture of experts): decides FLOPs; default the preset's
  bool recompute = false;                 // activation checkpointing: 8 instead of 6 FLOPs per parameter
  int train_context = 4096;               // sequence length the activations are held for
  int context = 4096;                     // serve / batch: tokens of context per request
  // > 0: PCIe cards (kind "card") only at up to this many GPUs. Ask's own (kAskMaxPcieCards):
  // it never answers with more cards than a workstation holds, so it does not cost them.
  int max_card_gpus = 0;
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

// The page's view as a job: owning takes `ownership`'s assumptions (buyer_assumptions, roi.h)
// without its one card's or machine's figures, which belong to another card.
JobInput job_input_from_view(const JobView& job, const RoiView& ownership, const BuyerView& buyer = BuyerView{});

// [SECTION] Result

// A cost with the band of the speed it rests on: `usd` at the estimate, `low_usd` and
// `high_usd` at the band's fast and slow ends (band.h); absent with a reason when it
// cannot be priced.
struct JobCost {
  std::optional<double> usd, low_usd, high_usd;
  std::optional<double> usd_per_million_tokens;
};

struct JobOption {
  std::string gpu_id;
  std::string gpu_name;
  int gpus = 1;              // per replica when serving
  double tokens_per_s = 0;   // train / batch: all GPUs together; serve: one replica at its load
  double hours = 0;          // train / batch: the whole job; serve: hours up a day
  double hours_low = 0, hours_high = 0;  // train / batch: at the band's fast and slow ends
  double gpu_hours = 0;      // hours × GPUs (× replicas)
  double needed_gb = 0;      // per GPU
  Band band;                 // of tokens_per_s: where nine measured runs in ten of its class fell
  // Training: what the speed rests on (training.h TrainEstimate).
  TemplateText efficiency_source;  // "measured: NeMo, torchtitan on ..." or "not measured for this vendor ..."
  double mfu = 0;                  // achieved model-FLOPs utilisation of the printed peak
  double scaling = 1;              // share of its speed each GPU keeps after communication
  std::string link;                // what the GPUs talk over ("NVLink", "PCIe 4.0 x16, no peer-to-peer")
  bool lacks_bf16_flash = false;   // no BF16 tensor cores, no FlashAttention-2
  // Activations are recomputed in the backward pass (a third more FLOPs): the card cannot
  // keep every layer's, or the reader asked for it.
  bool recompute = false;
  // Serving: the replicas the users and tokens need, and how loaded they are.
  int replicas = 0;
  int replicas_low = 0, replicas_high = 0;  // at the band's fast and slow ends
  int users_per_replica = 0;       // requests one replica keeps in flight
  double tokens_per_s_per_user = 0;
  double busy_pct = 0;             // the day's tokens over what the replicas could generate in the hours up
  // Owning: absent with own_missing ("no purchase price for X in the data") when it cannot be priced.
  JobCost own;
  std::optional<double> own_usd_per_gpu_hour;  // compute_roi()'s own_cost_per_gpu_hour
  std::string own_missing;
  TemplateText own_missing_text;  // the same, translatable
  PriceChoice price;         // the purchase price used, with its date and age
  // Renting: absent with rent_missing when the data has no on-demand rate for the card.
  JobCost rent;
  std::string rent_missing;
  TemplateText rent_missing_text;
  std::optional<CloudRate> rate;  // the rate used: provider, date, source
  PriceAge rate_age;

  std::optional<double> cheapest_usd() const;  // the lower of own and rent
};

// One way to get the job done, for the sorted "cheapest ways" list.
struct JobWay {
  std::string gpu_id;
  int gpus = 1;
  bool own = true;           // false: rent
  std::string provider;      // rent: the provider; own: empty
  double cost_usd = 0;
  double cost_low_usd = 0, cost_high_usd = 0;
  double hours = 0;
  double usd_per_million_tokens = 0;
  int replicas = 0;          // serve
  bool stale = false;        // the price or rate behind it is older than kStaleAfterMonths
};

struct JobCostResult {
  bool ok = false;
  std::string error;                 // why not ok: bad input, or a model that fits no card
  TemplateText error_text;           // the same as a pattern and its args, for the page's tr()
  JobInput input;
  JobModel model;                    // job_model(input)
  double tokens = 0;                 // train / batch: tokens_b × 1e9; serve: tokens_per_day
  std::string per;                   // "job" or "day": what hours and costs are per
  std::vector<JobOption> options;    // card × count that fit and run, cheapest first (unpriced last)
  std::vector<JobWay> cheapest;      // every priced way (own or rent), cheapest first
  // Card × count that fit but are left out: serve: too slow for a user even alone, or more
  // than kJobMaxReplicas; train: beyond the days allowed.
  int counts_too_slow = 0;
};

// The one function the page and `gpuwise job` call. `today` for price ages is book.today.
JobCostResult job_cost(const Catalog& catalog, const PriceBook& book, const SpeedCalibration& calibration,
                       const JobInput& input);

// {"kind", "per", "tokens", "results": [{"id", "gpus", "hours", "low", "high", "own_cost_usd",
//  "rent_cost_usd", "provider", ...}], "cheapest": [...]}; absent costs are null with a
// "_missing" reason. `low`/`high` bound a row's headline figure (train / batch: hours; serve:
// the cheaper cost a day); `<figure>_low`/`_high` the others.
json job_cost_to_json(const JobCostResult& result, std::size_t max_cheapest = 20);

// The table the page shows, as CSV (csv.h): one row per card × count, the cost columns in
// USD with their bands, and the price and rate behind them with their dates and sources.
std::string job_cost_csv(const JobCostResult& result);

}  // namespace gpuwise
