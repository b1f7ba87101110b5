// The buy-vs-rent model in one place: its inputs (RoiView, the Price & ROI tab's section
// of ViewState), the range compute_roi clamps each number to, and every curve as a
// function of the month (docs/roi.md). compute_roi (roi.cpp) clamps the view with these
// rows and fills in the figures from data (RoiFigures); the curves read the clamped view
// itself, so a new input is a member of RoiView, its row below and its use in a curve,
// all in this file. roi_to_json lists the same rows under "inputs"; the field table
// (view/view_fields.cpp) gives the input its link key, label and flag.
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
  std::string view = "buy";                 // the tab's view: "buy" (buy or rent a card), "job" (JobView)
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

// A number of RoiView with the range of limits.h it is clamped to (the field table's,
// so a value the page or a link accepts is never clamped here). Not a number: the
// site's default, RoiView{}'s.
struct RoiNumber {
  const char* name;  // the JSON name, also the notice's: "hours_per_day"
  double RoiView::*value;
  NumberRange range;
};
struct RoiCount {
  const char* name;
  int RoiView::*value;
  NumberRange range;
};

inline constexpr RoiCount kRoiCounts[] = {
    {"gpu_count", &RoiView::gpu_count, limits::kGpuCount},
    {"months", &RoiView::months, limits::kMonths},
};
inline constexpr RoiNumber kRoiNumbers[] = {
    {"sales_tax_pct", &RoiView::sales_tax_pct, limits::kPercent},
    {"hours_per_day", &RoiView::hours_per_day, limits::kHoursPerDay},
    {"depreciation_pct_per_year", &RoiView::depreciation_pct_per_year, limits::kPercent},
    {"maintenance_usd_per_year", &RoiView::maintenance_usd_per_year, limits::kMaintenanceUsdPerYear},
    {"colocation_usd_per_month", &RoiView::colocation_usd_per_month, limits::kColocationUsdPerMonth},
    {"occupancy_pct", &RoiView::occupancy_pct, limits::kPercent},
    {"platform_fee_pct", &RoiView::platform_fee_pct, limits::kPercent},
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
  double rent_decline = 0;            // rental rates fall by this share a year (0..0.99)
  std::optional<double> resale_usd;   // the view's resale at the horizon, at most the price
  // What one GPU fetches second-hand today: min(price, newest used street price), or
  // price × (1 − depreciation) when the data has no used price. See docs/roi.md.
  double resale_now_usd = 0;
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
  // Months of rent at today's rate that `month` months cost when rates fall by
  // data.rent_decline a year: the integral of (1 - d)^(t/12) from 0 to month.
  double rent_months(double month) const {
    const double keep = 1 - data.rent_decline;
    if (data.rent_decline <= 1e-9) return month;
    return 12 * (1 - std::pow(keep, month / 12)) / -std::log(keep);
  }

  // Per GPU. Falls from resale_now by the yearly depreciation, or, when the user gave the
  // resale at the horizon, along the geometric path from resale_now to it. Never above price.
  double card_value(double month) const {
    const double start = data.resale_now_usd;
    if (data.resale_usd) {
      if (start <= 0) return 0;
      return std::fmin(data.price_usd, start * std::pow(*data.resale_usd / start, month / in.months));
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
