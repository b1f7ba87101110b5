// Ask (issue 30): the buyer's own question answered in three to five ways that differ in
// kind (buy new, buy used, a unified-memory computer, rent, or add to the card one has),
// each with what to get, what it costs in all, how fast it runs (with its band, measured
// or estimated), that it fits and with how much room, its software grade and its main
// caveat. One planner over the catalog, the market's prices, the estimates and the
// software grades: it calls the functions the detailed tabs call (estimate_speed,
// gated_job_cost, image_job_cost, machine_outlay, buyer_price, workload_support), so an
// answer and the tab it opens agree. When nothing satisfies the question it says what is
// closest and what it would take. Method and assumptions: docs/ask.md.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/ask_view.h"
#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/image.h"
#include "estimate/speed.h"
#include "money/market.h"
#include "money/outlay.h"
#include "money/prices.h"
#include "money/roi_model.h"
#include "text/json_fwd.h"
#include "text/template_text.h"

namespace gpuwise {

// What the planner reads. Only catalog and book are required; without a calibration the
// language-model goals say so, without software nothing is graded (unknown), without
// benchmarks no figure is marked measured.
struct AskData {
  const Catalog* catalog = nullptr;
  const PriceBook* book = nullptr;
  const SpeedCalibration* speed = nullptr;
  const ImageCalibration* image = nullptr;
  const Benchmarks* benchmarks = nullptr;
  const SoftwareTable* software = nullptr;
  const Compat* compat = nullptr;
};

// Our assumptions where the buyer gave nothing (docs/ask.md says why each).
constexpr double kAskReadingTokensPerS = 10;   // run, no budget or speed: at least reading speed
constexpr double kAskRunHoursPerDay = 4;       // run / image rented: hours in use a day
constexpr double kAskServeTokensPerUser = 20000;  // serve: tokens a user generates a day
constexpr double kAskTrainTokensB = 20;        // train: tokens (Chinchilla-style 2.5x an 8B model)
constexpr double kAskFinetuneTokensB = 0.1;    // finetune: an instruction set of ~50,000 examples
constexpr int kAskTrainDays = 30;              // train: finish within a month
constexpr double kAskImageSecondsFloor = 20;   // image, no speed asked: 3 pictures a minute or faster
constexpr int kAskMaxPcieCards = 4;            // serve / train: PCIe cards in one replica or machine
// run / image with a card of one's own that already does the job: an upgrade (or a card
// rented instead) is at least this much faster, else it buys nothing (our assumption).
constexpr double kAskUpgradeSpeedup = 1.25;
// Run: each card is weighed at the fewest GPUs (1 to this) that hold the model.
constexpr int kBudgetMaxGpusForAsk = 8;
// LoRA trains small adapters: no weight gradients for the frozen model, so about 4 of full
// training's 6 FLOPs per parameter per token; QLoRA dequantises the 4-bit weights on every
// pass (our assumption: 30 % slower than LoRA in BF16). Neither is checked against measured
// LoRA runs (none are public in a form we can use): the page says so.
constexpr double kLoraSpeedup = 6.0 / 4.0;
constexpr double kQloraSlowdown = 0.7;

// `yours`: the card the buyer has (ask.have) does it as it is, at no cost. The owner of
// idle cards (goal own): sell them now, keep them idle, or rent them out.
enum class AskWay { new_cards, used_cards, unified, rent, upgrade_add, upgrade_replace, yours, sell, keep, rent_out };
// "new", "used", "unified", "rent", "add", "replace", "yours", "sell", "keep", "rent_out"
const char* ask_way_key(AskWay way);
bool is_owner_way(AskWay way);  // sell, keep, rent_out

struct AskGpu {
  std::string id, name;
  int count = 1;
  std::string condition;  // "new", "used"; "" when rented
};

// The figure an answer is judged by: tokens/s (run: one user's decode; serve: per user),
// hours (train, finetune: the whole job), seconds per image; own: what the owner holds at
// the horizon (cash plus the hardware's value), USD.
enum class AskFigure { tokens_per_s, hours, seconds_per_image, held_usd };
const char* ask_figure_key(AskFigure figure);  // "tokens_per_s", "hours", "seconds_per_image", "held_usd"

struct AskAnswer {
  AskWay way = AskWay::new_cards;
  std::vector<AskGpu> gpus;
  bool rent = false;
  // Buying: the whole outlay (cards and the machine they need; an upgrade: the card alone),
  // before tax; outlay_usd is what the buyer pays for what the budget covers: that part of
  // the outlay (outlay_before_tax_usd) plus the sales tax or import duty of the buy-or-rent
  // view (roi.tax, sales_tax_pct), as the Price & ROI tab's purchase adds it. The budget is
  // compared with outlay_usd.
  Outlay outlay;
  std::optional<double> outlay_usd, outlay_before_tax_usd;
  double sales_tax_pct = 0;
  // Renting: the cheapest dated on-demand rate of the market's provider kinds, per month of
  // the hours a day (run, serve, image) or per job (train, finetune). Own: keep's cost a
  // month (power, space, upkeep), rent out's net income a month (the first year's rate).
  std::optional<CloudRate> rate;
  std::optional<double> per_month_usd, per_job_usd;
  // Owning a job: what the job costs on the owned machine (its amortised cost per GPU-hour).
  std::optional<double> own_per_job_usd;
  AskFigure figure = AskFigure::tokens_per_s;
  double value = 0, low = 0, high = 0;  // the figure and its band
  bool band_measured = false;           // the band rests on measured runs of its class
  std::optional<double> measured;       // a public run of this card and model, the same figure
  bool measured_older_build = false;    // that run used a llama.cpp build before 2025 (slower per layer)
  std::string engine, quant;            // run / serve: what it runs on; finetune: "lora", "qlora", "full"
  int replicas = 0;                     // serve: copies of the model
  bool fits = true;
  double needed_gb = 0, usable_gb = 0, free_gb = 0;  // the machine's, all GPUs together
  Grade software = Grade::unknown;
  std::string software_until;           // support announced to end then
  std::vector<TemplateText> caveats;    // the main one first
  // The headline money in USD: outlay when buying, per month or per job when renting.
  double cost_usd() const;
};

struct AskNearest {
  // The best within the budget that misses the speed wanted, and the cheapest that meets
  // the speed (or holds the model at all) whatever it costs.
  std::optional<AskAnswer> within_budget;
  std::optional<AskAnswer> meets_speed;
};

struct AskResult {
  std::optional<TemplateText> problem;   // the question cannot be answered (bad model, nothing holds it)
  std::string goal;
  std::string model_name;                // "Llama 3 70B", "SDXL 1.0", "a 30B model"
  double params_b = 0;
  double speed_wanted = 0;               // tokens/s or images/min asked (or the reading-speed assumption)
  bool speed_assumed = false;            // speed_wanted is kAskReadingTokensPerS, not asked
  std::vector<AskAnswer> answers;        // 0 to 5, best first
  std::optional<AskNearest> nearest;     // when no answer satisfies the question
  std::optional<AskAnswer> faster_over_budget;  // the cheapest faster machine above the budget
  std::vector<TemplateText> assumptions; // what the answers take for granted
  int left_out_software = 0;             // cards current software cannot run for it
  int candidates = 0;                    // machines and rentals weighed
};

// The question's problem before any planning (an unknown goal, maker, model or image
// model); nullopt when it can be planned. A budget with renting is refused by the command
// line alone (src/cli/cmd_ask.cpp).
std::optional<TemplateText> check_ask(const AskView& ask, const BuyerView& buyer);

// Plans the question. `ownership` is the buy-or-rent view (the Price & ROI tab's inputs):
// its sales tax on every purchase, its provider kinds for every rate, its owning
// assumptions (kWh price, hours a day, horizon, depreciation, upkeep, space) for a job's
// owned cost, and for the owner of idle cards (goal own) all of it, its one card's figures
// only when that card and count are the owner's (ask.have, ask.count).
AskResult plan_ask(const AskData& data, const AskView& ask, const BuyerView& buyer, const RoiView& ownership);

// Which view fields change the answer: view/ask_fields.h (it reads the field table).

// `gpuwise ask --json`: {"goal", "model", "answers": [{"kind": "buy"|"rent", "way", "gpus": [{"id",
// "count", "condition"}], "outlay", "currency", "per_month" | "per_job", "tokens_per_s" | "hours" |
// "seconds_per_image", "low", "high", "measured", "fits", "free_gb", "software", "caveats"}],
// "nearest": {...} | null, "assumptions": [...]}. Money in USD (currency "USD"). A bought
// answer with a sales tax has "sales_tax_pct" and "outlay_before_tax" too ("outlay" includes it).
json ask_to_json(const AskResult& result);

// Every pattern a caveat, assumption or problem can use, for the translation tables.
const std::vector<std::string>& ask_text_patterns();

}  // namespace gpuwise
