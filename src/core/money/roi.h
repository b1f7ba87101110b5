// Buy vs rent: the month-by-month cost of owning GPUs against renting the same GPU-hours,
// the break-even month, cost per delivered GPU-hour, and the owner-of-idle-cards case
// (sell now, keep idle, or rent out on a GPU cloud). Every formula, with a worked
// example: docs/roi.md. All money is USD; convert for display with prices.h.
//
// [SECTION] Inputs: RoiView (roi_model.h: the inputs, their ranges and the curves),
//           clamped, and RoiFigures, the overrides the data filled in
// [SECTION] Result: RoiResult, with the series, break-even, owner options and notices
// The formulas popup and the never-pays-off sentence: roi_formulas.h. The JSON the CLI
// prints: roi_json.h.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "money/market.h"
#include "money/outlay.h"
#include "money/prices.h"
#include "money/roi_model.h"
#include "text/template_text.h"

namespace gpuwise {

// Break-even beyond the horizon is searched this far (100 years), then called "never".
constexpr int kBreakEvenSearchMonths = 1200;
// The owner's options are compared at these horizons, in months.
constexpr int kOwnerHorizonMonths[] = {12, 24, 36};

// An input the calculator changed ("clamped to ...") or a default it had to use.
struct RoiNotice {
  std::string field;    // the RoiView field, e.g. "gpu_count"
  std::string message;  // "gpu_count 0 is out of range; clamped to 1": text.text()
  TemplateText text;    // "{0} {1} is out of range; clamped to {2}" with its args, for tr()
};

// Which defaults came from data, with their provenance for the page to show.
struct RoiDefaults {
  PriceChoice price;                  // kind == user when the view gave a price
  std::optional<CloudRate> rate;      // set when the rate is the data's cheapest on-demand
  ProviderKindSet rate_kinds = kAllProviderKinds;  // the kinds that rate was chosen among (view.provider_kinds)
  bool power_is_tdp = true;           // false: the view gave power_w
  double tdp_w_per_gpu = 0;
  bool rent_out_rate_is_rate = true;  // false: the view gave rent_out_rate_usd_per_hour
  // resale_now_usd came from: "street_used" (used_price is set) or "depreciation".
  std::string resale_now_basis;
  std::optional<StreetPrice> used_price;
  double used_usd_per_gpu = 0;        // used_price per board / gpus_per_board
  // Ages as of book.today (docs/roi.md, "Price age"); price age is in price.age.
  PriceAge rate_age;                  // of the data's rate, when rate is set
  PriceAge used_price_age;            // of used_price, when set
  // The whole outlay at this count (outlay.h): the machine behind the host's default price
  // and power. host_cost_is_outlay / host_power_is_outlay: the view left them to it.
  Outlay outlay;
  bool host_cost_is_outlay = true;
  bool host_power_is_outlay = true;
  // The kWh price: the market's tariff (with its row), or the view's.
  bool kwh_is_tariff = true;
  std::optional<MarketTariff> tariff;
  // Idle draw per GPU: "card" (the catalog's idle_w), "assumed" (idle_share_of_tdp of
  // the board power) or "user".
  std::string idle_basis = "assumed";
  double idle_share = 0;             // the assumed share of the board power, when "assumed"
  // The host's draw while the GPUs idle: "assumed" (kHostIdleShare of the host's working
  // draw, whichever that is) or "user".
  std::string host_idle_basis = "assumed";
  // The yearly fall of rental rates: "history" (rental_decline_default), "user" or "none".
  std::string decline_basis = "history";
  int decline_series = 0;             // the rental-history series the default came from
  // True when a figure the calculation used came from a price older than 12 months,
  // so the page and the CLI can say so next to the result.
  bool uses_stale_price() const;
};

enum class NeverReason {
  none,                     // it breaks even within the horizon
  missing_input,            // no price or no rate: nothing to compare
  zero_use,                 // 0 hours a day: renting costs nothing
  rate_below_running_cost,  // renting an hour costs no more than running your own for one
  horizon_too_short,        // it breaks even, but after the horizon (see beyond-horizon month)
  beyond_search,            // it would take more than kBreakEvenSearchMonths
};
const char* never_reason_key(NeverReason reason);  // "zero_use", ...

struct RoiMonth {
  int month = 0;
  double own_usd = 0;   // cumulative net cost of owning (cash out − what the hardware sells for)
  double rent_usd = 0;  // cumulative cost of renting the same GPU-hours
};

struct RoiResult {
  bool ok = false;                   // false: see error and missing; no series
  std::string error;                 // "unknown GPU id 'x'" / "no price for ...: enter one"
  TemplateText error_text;           // the same as a pattern and its args, for tr()
  std::vector<std::string> missing;  // "price", "rate"
  RoiView view;                      // the view computed from: every number clamped to its range
  RoiFigures figures;                // price, rate, power, resale: the view's or the data's
  RoiDefaults defaults;
  std::vector<RoiNotice> notices;

  double purchase_usd = 0;           // gpu_count × price + host
  double own_at_purchase_usd = 0;    // month 0: purchase − what it would sell for at once
  std::vector<RoiMonth> months;      // 1 .. view.months
  std::optional<int> break_even_month;  // first month with own <= rent
  NeverReason never_reason = NeverReason::none;
  std::string never_text;            // English, USD; roi_never_reason() gives it for tr()
  std::optional<int> break_even_beyond_horizon_month;

  double gpu_hours = 0;              // delivered over the horizon, all GPUs
  std::optional<double> own_cost_per_gpu_hour;   // absent at 0 (or vanishingly few) hours a day
  std::optional<double> rent_cost_per_gpu_hour;
  double running_cost_per_gpu_hour = 0;  // electricity + maintenance only (0 at 0 hours)
  double own_total_usd = 0;
  double rent_total_usd = 0;
  double owning_saves_usd = 0;       // rent_total − own_total; negative: renting is cheaper
  double electricity_total_usd = 0;
  double maintenance_total_usd = 0;
  double hardware_value_at_horizon_usd = 0;  // cards + host
  double effective_depreciation_pct_per_year = 0;  // implied by resale_usd when given

  std::vector<OwnerHorizon> owner;   // at kOwnerHorizonMonths
};

// Idle power where the card has no sourced idle_w: our assumption, a share of the board
// power per kind (catalog.h kind_keys), stated next to the figure:
//  - card 6 %: a desktop card idles at the desktop at 10-30 W of its 150-450 W (the RTX
//    3090 Ti's 21 W of 450 W, ecoenergygeek.com's RTX 4090 power guide);
//  - module 10 %: an SXM / OAM module idles at some 60-100 W of 700-1000 W (HBM, NVLink
//    and the board stay powered);
//  - system 5 %: Apple's own figures for unified-memory machines are 3-10 % (the M4 Max's
//    6 W of 145 W, the M2 Ultra's 10 W of 295 W; support.apple.com 102027).
double idle_share_of_tdp(const std::string& kind);

// The host's draw while its GPUs idle, as a share of its working draw (host_power_w): our
// assumption, said next to the figure. Servers measured by SPECpower_ssj2008 draw 21-27 % of
// their full-load power at 0 % load (Cloud Carbon Footprint's averages per cloud: AWS 0.71 of
// 3.46 W per vCPU, Azure 0.77 of 3.74, GCP 1.34 of 4.98; cloudcarbonfootprint.org/docs/methodology,
// Appendix I, from its microsite/docs/Methodology.md at e48c659), and installed volume servers
// idle higher than SPECpower's tuned ones (LBNL, "Characteristics and Energy Use of Volume
// Servers in the U.S.", 2018): we take 30 %. docs/roi.md links both.
constexpr double kHostIdleShare = 0.30;

// The buyer's view of owning `gpu_count` of `gpu_id`: the buyer's assumptions and the
// owner's case always; what they typed for one card (price, rate, power, resale, idle)
// only for that card, and for one machine (host price and power) only for that card and
// count (RoiScope). Every computation that prices a card other than the ROI tab's own
// (the cost of a job, Images, Ask) reads its view through this, and the ROI tab when the
// reader picks another card.
RoiView roi_view_for(const RoiView& view, const std::string& gpu_id, int gpu_count);
// The buyer's assumptions alone (RoiScope::buyer and renting): the view less every figure
// typed for one card or machine. What a computation that prices every card with its own
// data reads (the cost of a job, Images' batch).
RoiView buyer_assumptions(const RoiView& view);
// The scope of the roi field with this JSON name (RoiView's member); gpu_id is a card's,
// provider_kinds and view the buyer's. What a CLI command that prices many cards reads to
// refuse a flag that would not apply (gpuwise job --host-cost).
RoiScope roi_field_scope(const std::string& name);

// The figure compute_roi used for the optional input named `name` (kRoiOptionals): the
// buyer's, or the default from data; nullopt for another name or one without a default.
std::optional<double> resolved_figure(const RoiResult& result, const std::string& name);

// The one function the page and `gpuwise roi` call: the buyer's market prices the card
// (buyer_price), the machine (machine_outlay), the electricity and the rent's provider kinds.
RoiResult compute_roi(const Catalog& catalog, const PriceBook& book, const RoiView& view, const BuyerView& buyer);
// The same for a buyer in the US market buying new (BuyerView{}).
RoiResult compute_roi(const Catalog& catalog, const PriceBook& book, const RoiView& view);
// compute_roi() without the month series, the break-even search, the owner's horizons and
// the never sentence (months, break_even_*, never_*, owner stay empty): the figures, their
// defaults and the totals and costs per GPU-hour, equal to compute_roi()'s. What job_cost()
// reads for each card and count; the searches were most of its time.
RoiResult compute_roi_costs(const Catalog& catalog, const PriceBook& book, const RoiView& view, const BuyerView& buyer);

// The owner's warning (cuda.json): when CUDA or PyTorch drop the card's architecture, new
// software stops running on it and renters stop renting it, so its rental value ends too.
// Empty for a card CUDA and the newest PyTorch wheels still fully support, and for
// cards without CUDA (cuda.json has no dates for other stacks).
std::vector<TemplateText> support_end_warnings(const Gpu& gpu, const Compat& compat);

// How fast rental rates fall a year, from prices.json's rental history: the median over
// the series that span a year or more of (last / first)^(1 / years); `series` is set to
// how many were used. 0 when none does. Rates also rise for stretches (they cycle).
double rental_decline_default(const PriceBook& book, int* series = nullptr);

}  // namespace gpuwise
