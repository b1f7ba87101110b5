// The buy-vs-rent model in one place: its inputs (RoiView, the Price & ROI tab's section
// of ViewState), the range compute_roi clamps each number to, and every curve as a
// function of the month (docs/roi.md). compute_roi (roi.cpp) clamps the view with these
// rows and fills in the figures from data (RoiFigures); the curves read the clamped view
// itself, so a new input is a member of RoiView, its row below (with its RoiScope) and its
// use in a curve; a default from data, if it has one, goes in roi.cpp's resolve_figures.
// roi_to_json lists the same rows under "inputs"; the field table (view/view_fields.cpp)
// gives the input its link key, label and flag (docs/CONTRIBUTING.md, "Add an input").
#pragma once
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "text/limits.h"

namespace gpuwise {

// 365.25 / 12: the average month, so 12 months are exactly one year.
constexpr double kDaysPerMonth = 365.25 / 12;

// [SECTION] Inputs: the page's section, each number clamped to its row's range
struct RoiView {
  // Which calculator the Price & ROI tab shows: "buy" (buy or rent a card) or "job" (JobView).
  // Its link key and JSON name stay roi.view / "view", as saved links have them.
  std::string calculator = "buy";
  std::string gpu_id = "rtx-4090";
  int gpu_count = 1;
  // Overrides; absent means "the default from data" (see prices.h, market.h and RoiFigures).
  std::optional<double> price_usd;          // per card; default the buyer's price (market.h)
  std::optional<double> rate_usd_per_hour;  // cloud rate per GPU-hour
  std::optional<double> power_w;            // per card; default TDP
  std::optional<double> host_cost_usd;      // the machine around the cards; default outlay.h's
  double sales_tax_pct = 0;                 // sales tax or import duty on the purchase (cards and host)
  std::optional<double> host_power_w;       // the host's draw beside the GPUs; default the machine's
  std::optional<double> host_idle_w;        // the host's draw while its GPUs idle; default a share of host_power_w
  std::optional<double> kwh_price_usd;      // default the market's tariff (prices.json `markets`)
  double hours_per_day = 8;
  int months = 36;
  double depreciation_pct_per_year = 25;
  std::optional<double> resale_usd;         // per card at the horizon; overrides depreciation
  std::optional<double> resale_pct;         // every card at the horizon, % of its price; under resale_usd
  double maintenance_usd_per_year = 0;
  double colocation_usd_per_month = 0;      // rack space, cooling, network for the whole machine
  // The owner of idle cards: rent them out on a GPU cloud.
  std::optional<double> rent_out_rate_usd_per_hour;  // default: the cloud rate
  double occupancy_pct = 50;
  double platform_fee_pct = 20;
  // Rental rates fall over the years (and cycle): default the median of the rental history.
  std::optional<double> rent_decline_pct_per_year;
  std::optional<double> idle_w;             // per GPU while idle; default the card's idle_w, else an assumption
  // Which provider kinds the default rent rate comes from (provider_kind keys of
  // prices.json: hyperscaler, gpu-cloud, marketplace, china-cloud); empty: the market's.
  std::vector<std::string> provider_kinds;
};

// Whose figure an input is: what a computation that prices another card or count keeps
// of it (roi_view_for, roi.h). One rule, read by the ROI tab, the cost of a job, Images,
// Ask's owner and every CLI command that takes roi's flags.
enum class RoiScope {
  buyer,    // the buyer's assumptions (tariff, hours, horizon, tax): true of every card
  card,     // what the buyer typed for one card (its price, rate, power, resale): that card only
  machine,  // one card and count's machine (host price and power): that card and count only
  renting,  // the renting side over the years (rates' yearly fall, the rent-out occupancy and
            // fee): not read by the amortised cost of owning that a job is priced with
};

// A number of RoiView with the range of limits.h it is clamped to (the field table's,
// so a value the page or a link accepts is never clamped here). Not a number: the
// site's default, RoiView{}'s.
struct RoiNumber {
  const char* name;  // the JSON name, also the notice's: "hours_per_day"
  double RoiView::*value;
  NumberRange range;
  RoiScope scope;
};
struct RoiCount {
  const char* name;
  int RoiView::*value;
  NumberRange range;
  RoiScope scope;
};
struct RoiFigures;
// An optional input: the buyer's figure, or absent for the default from data. compute_roi
// clamps it to `range` (not a number: dropped, with a notice) and, where the data has a
// default, resolves it into `resolved` (roi.cpp resolve_figures); an input without a default
// from data (`resolved` null) is read by the curves from the clamped view itself. The JSON's
// "inputs" list every row: the resolved figure, or the view's value (null when absent).
struct RoiOptional {
  const char* name;
  std::optional<double> RoiView::*value;
  NumberRange range;
  RoiScope scope;
  double RoiFigures::*resolved;
};

inline constexpr RoiCount kRoiCounts[] = {
    {"gpu_count", &RoiView::gpu_count, limits::kGpuCount, RoiScope::machine},
    {"months", &RoiView::months, limits::kMonths, RoiScope::buyer},
};
inline constexpr RoiNumber kRoiNumbers[] = {
    {"sales_tax_pct", &RoiView::sales_tax_pct, limits::kPercent, RoiScope::buyer},
    {"hours_per_day", &RoiView::hours_per_day, limits::kHoursPerDay, RoiScope::buyer},
    {"depreciation_pct_per_year", &RoiView::depreciation_pct_per_year, limits::kPercent, RoiScope::buyer},
    {"maintenance_usd_per_year", &RoiView::maintenance_usd_per_year, limits::kMaintenanceUsdPerYear, RoiScope::buyer},
    {"colocation_usd_per_month", &RoiView::colocation_usd_per_month, limits::kColocationUsdPerMonth, RoiScope::buyer},
    {"occupancy_pct", &RoiView::occupancy_pct, limits::kPercent, RoiScope::renting},
    {"platform_fee_pct", &RoiView::platform_fee_pct, limits::kPercent, RoiScope::renting},
};
// [SECTION] What the data fills in: the view's overrides, or the defaults from data
// (compute_roi's resolve step, with their provenance in RoiDefaults). Per GPU.
struct RoiFigures {
  std::string gpu_name;
  double price_usd = 0;               // purchase price per GPU: the view's, else the data's
  double rate_usd_per_hour = 0;       // rent per GPU-hour: the view's, else the cheapest on-demand
  double power_w = 0;                 // draw per GPU while working: the view's, else the TDP
  double rent_out_rate_usd_per_hour = 0;  // the view's, else the rate
  double host_cost_usd = 0;           // the whole machine around the cards: the view's, else the outlay's
  double host_power_w = 0;            // the view's, else the machine's draw beside the GPUs
  double host_idle_w = 0;             // the host's draw while the GPUs idle: the view's, else
                                      // host_power_w × kHostIdleShare (roi.h, our assumption)
  double kwh_price_usd = 0;           // the view's, else the market's tariff
  double idle_w = 0;                  // per GPU while idle: the view's, else the card's or an assumption
  double rent_decline_pct_per_year = 0;  // rental rates fall by this much a year (0..99)
  // What one GPU fetches second-hand today: min(price, newest used street price), or
  // price × (1 − depreciation) when the data has no used price. See docs/roi.md.
  double resale_now_usd = 0;
};

// The optional inputs, in the order compute_roi resolves them (a default may rest on an
// earlier figure: idle on power, host idle on host power, the rent-out rate on the rate).
inline constexpr RoiOptional kRoiOptionals[] = {
    {"price_usd", &RoiView::price_usd, limits::kPriceUsd, RoiScope::card, &RoiFigures::price_usd},
    {"rate_usd_per_hour", &RoiView::rate_usd_per_hour, limits::kUsdPerHour, RoiScope::card,
     &RoiFigures::rate_usd_per_hour},
    {"power_w", &RoiView::power_w, limits::kPowerW, RoiScope::card, &RoiFigures::power_w},
    {"idle_w", &RoiView::idle_w, limits::kIdlePowerW, RoiScope::card, &RoiFigures::idle_w},
    {"host_cost_usd", &RoiView::host_cost_usd, limits::kHostCostUsd, RoiScope::machine, &RoiFigures::host_cost_usd},
    {"host_power_w", &RoiView::host_power_w, limits::kHostPowerW, RoiScope::machine, &RoiFigures::host_power_w},
    {"host_idle_w", &RoiView::host_idle_w, limits::kHostPowerW, RoiScope::machine, &RoiFigures::host_idle_w},
    {"kwh_price_usd", &RoiView::kwh_price_usd, limits::kKwhPriceUsd, RoiScope::buyer, &RoiFigures::kwh_price_usd},
    {"rent_decline_pct_per_year", &RoiView::rent_decline_pct_per_year, limits::kPercent, RoiScope::renting,
     &RoiFigures::rent_decline_pct_per_year},
    {"rent_out_rate_usd_per_hour", &RoiView::rent_out_rate_usd_per_hour, limits::kUsdPerHour, RoiScope::card,
     &RoiFigures::rent_out_rate_usd_per_hour},
    // At most the price (compute_roi lowers the view's figure to it, with a notice).
    {"resale_usd", &RoiView::resale_usd, limits::kPriceUsd, RoiScope::card, nullptr},
    {"resale_pct", &RoiView::resale_pct, limits::kPercent, RoiScope::buyer, nullptr},
};

// One horizon of the owner-of-idle-cards comparison; each figure is what the owner
// holds at the horizon (cash plus hardware value), in USD, no interest.
struct OwnerHorizon {
  int months = 0;
  double sell_now_usd = 0;
  double keep_idle_usd = 0;
  double rent_out_usd = 0;
  double hardware_value_usd = 0;     // cards + host at the horizon
  double rent_out_income_usd = 0;    // after the platform fee
  double rent_out_power_usd = 0;
  double keep_idle_power_usd = 0;    // the cards and the host at their idle draw, around the clock
  double colocation_usd = 0;
  double maintenance_usd = 0;
  std::string best;                  // "sell_now", "keep_idle" or "rent_out" (ties: that order)
};

// [SECTION] The curves. `in` is the clamped view, `data` what the data filled in.
struct RoiModel {
  const RoiView& in;
  const RoiFigures& data;

  double depreciation() const { return in.depreciation_pct_per_year / 100; }
  double days(double month) const { return kDaysPerMonth * month; }
  double gpu_hours(double month) const { return in.gpu_count * in.hours_per_day * days(month); }
  // The share rental rates fall a year (0..0.99).
  double rent_decline() const { return data.rent_decline_pct_per_year / 100; }
  // Months of rent at today's rate that `month` months cost when rates fall by
  // rent_decline() a year: the integral of (1 - d)^(t/12) from 0 to month.
  double rent_months(double month) const {
    const double keep = 1 - rent_decline();
    if (rent_decline() <= 1e-9) return month;
    return 12 * (1 - std::pow(keep, month / 12)) / -std::log(keep);
  }

  // What one GPU sells for at the horizon when the buyer said: for this card (resale_usd),
  // else as a share of its price for any card (resale_pct); nullopt: the yearly
  // depreciation decides.
  std::optional<double> resale_at_horizon() const {
    if (in.resale_usd) return in.resale_usd;
    if (in.resale_pct) return data.price_usd * *in.resale_pct / 100;
    return std::nullopt;
  }
  // Per GPU. Falls from resale_now by the yearly depreciation, or, when the user gave the
  // resale at the horizon, along the geometric path from resale_now to it. Never above price.
  double card_value(double month) const {
    const double start = data.resale_now_usd;
    if (const std::optional<double> end = resale_at_horizon()) {
      if (start <= 0) return 0;
      return std::fmin(data.price_usd, start * std::pow(*end / start, month / in.months));
    }
    return start * std::pow(1 - depreciation(), month / 12);
  }
  // The host has no used-price data: it loses one year's depreciation when bought, then
  // falls like the cards (the same rule as a card without a used price).
  double host_value(double month) const {
    return data.host_cost_usd * std::pow(1 - depreciation(), 1 + month / 12);
  }
  double hardware_value(double month) const { return in.gpu_count * card_value(month) + host_value(month); }

  double working_power_kw() const { return (in.gpu_count * data.power_w + data.host_power_w) / 1000; }
  // The machine switched on with nothing to do: the cards and the host at their idle draw.
  double idle_power_kw() const { return (in.gpu_count * data.idle_w + data.host_idle_w) / 1000; }
  double electricity(double month) const {
    return working_power_kw() * in.hours_per_day * days(month) * data.kwh_price_usd;
  }
  double maintenance(double month) const { return in.maintenance_usd_per_year * month / 12; }
  double colocation(double month) const { return in.colocation_usd_per_month * month; }
  // What the buyer pays: the cards and the host, plus the sales tax on them. The tax is
  // not recovered on resale, so the hardware's value above is taken before tax.
  double purchase() const {
    return (in.gpu_count * data.price_usd + data.host_cost_usd) * (1 + in.sales_tax_pct / 100);
  }

  double own(double month) const {
    return purchase() + electricity(month) + maintenance(month) + colocation(month) - hardware_value(month);
  }
  double rent(double month) const {
    return data.rate_usd_per_hour * in.gpu_count * in.hours_per_day * kDaysPerMonth * rent_months(month);
  }
  bool owning_pays(double month) const {
    const double rent_cost = rent(month);
    return own(month) <= rent_cost + 1e-9 * std::fmax(1, rent_cost);  // float-safe "<="
  }

  // Owner of idle cards, at a horizon of `month` months.
  OwnerHorizon owner_at(int month) const {
    OwnerHorizon h;
    h.months = month;
    const double occupancy = in.occupancy_pct / 100;
    const double hours = 24 * days(month);
    h.hardware_value_usd = hardware_value(month);
    h.maintenance_usd = maintenance(month);
    h.colocation_usd = colocation(month);
    h.rent_out_income_usd = data.rent_out_rate_usd_per_hour * (1 - in.platform_fee_pct / 100) * in.gpu_count *
                            occupancy * 24 * kDaysPerMonth * rent_months(month);
    // Kept idle means kept on and ready (the page has no switched-off choice): the cards and
    // the host draw their idle power around the clock. Rented out, the rented share of the
    // hours (occupancy) draws the working power of cards and host, the rest their idle power.
    h.rent_out_power_usd = (working_power_kw() * occupancy + idle_power_kw() * (1 - occupancy)) * hours *
                           data.kwh_price_usd;
    h.keep_idle_power_usd = idle_power_kw() * hours * data.kwh_price_usd;
    h.sell_now_usd = in.gpu_count * data.resale_now_usd + host_value(0);
    h.keep_idle_usd = h.hardware_value_usd - h.maintenance_usd - h.colocation_usd - h.keep_idle_power_usd;
    h.rent_out_usd = h.hardware_value_usd + h.rent_out_income_usd - h.rent_out_power_usd - h.maintenance_usd -
                     h.colocation_usd;
    h.best = "sell_now";
    double best = h.sell_now_usd;
    if (h.keep_idle_usd > best) best = h.keep_idle_usd, h.best = "keep_idle";
    if (h.rent_out_usd > best) h.best = "rent_out";
    return h;
  }
};

}  // namespace gpuwise
