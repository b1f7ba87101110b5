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
  // Overrides; absent means "the default from data" (see prices.h and RoiFigures).
  std::optional<double> price_usd;          // per card
  std::optional<double> rate_usd_per_hour;  // cloud rate per GPU-hour
  std::optional<double> power_w;            // per card; default TDP
  double host_cost_usd = 0;                 // host / server share for the whole purchase
  double sales_tax_pct = 0;                 // sales tax or import duty on the purchase (cards and host)
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
    {"host_cost_usd", &RoiView::host_cost_usd, limits::kHostCostUsd},
    {"sales_tax_pct", &RoiView::sales_tax_pct, limits::kPercent},
    {"host_power_w", &RoiView::host_power_w, limits::kHostPowerW},
    {"kwh_price_usd", &RoiView::kwh_price_usd, limits::kKwhPriceUsd},
    {"hours_per_day", &RoiView::hours_per_day, limits::kHoursPerDay},
    {"depreciation_pct_per_year", &RoiView::depreciation_pct_per_year, limits::kPercent},
    {"maintenance_usd_per_year", &RoiView::maintenance_usd_per_year, limits::kMaintenanceUsdPerYear},
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
    return in.host_cost_usd * std::pow(1 - depreciation(), 1 + month / 12);
  }
  double hardware_value(double month) const { return in.gpu_count * card_value(month) + host_value(month); }

  double working_power_kw() const { return (in.gpu_count * data.power_w + in.host_power_w) / 1000; }
  double electricity(double month) const {
    return working_power_kw() * in.hours_per_day * days(month) * in.kwh_price_usd;
  }
  double maintenance(double month) const { return in.maintenance_usd_per_year * month / 12; }
  // What the buyer pays: the cards and the host, plus the sales tax on them. The tax is
  // not recovered on resale, so the hardware's value above is taken before tax.
  double purchase() const {
    return (in.gpu_count * data.price_usd + in.host_cost_usd) * (1 + in.sales_tax_pct / 100);
  }

  double own(double month) const {
    return purchase() + electricity(month) + maintenance(month) - hardware_value(month);
  }
  double rent(double month) const { return data.rate_usd_per_hour * gpu_hours(month); }
  bool owning_pays(double month) const {
    const double rent_cost = rent(month);
    return own(month) <= rent_cost + 1e-9 * std::fmax(1, rent_cost);  // float-safe "<="
  }

  // Owner of idle cards, at a horizon of `month` months.
  OwnerHorizon owner_at(int month) const {
    OwnerHorizon h;
    h.months = month;
    const double occupancy = in.occupancy_pct / 100;
    const double hours_rented = in.gpu_count * occupancy * 24 * days(month);
    h.hardware_value_usd = hardware_value(month);
    h.maintenance_usd = maintenance(month);
    h.rent_out_income_usd = data.rent_out_rate_usd_per_hour * (1 - in.platform_fee_pct / 100) * hours_rented;
    // Cards draw power while rented; the host stays on around the clock to be rentable.
    h.rent_out_power_usd =
        (in.gpu_count * data.power_w * occupancy + in.host_power_w) / 1000 * 24 * days(month) * in.kwh_price_usd;
    h.sell_now_usd = in.gpu_count * data.resale_now_usd + host_value(0);
    h.keep_idle_usd = h.hardware_value_usd - h.maintenance_usd;
    h.rent_out_usd = h.hardware_value_usd + h.rent_out_income_usd - h.rent_out_power_usd - h.maintenance_usd;
    h.best = "sell_now";
    double best = h.sell_now_usd;
    if (h.keep_idle_usd > best) best = h.keep_idle_usd, h.best = "keep_idle";
    if (h.rent_out_usd > best) h.best = "rent_out";
    return h;
  }
};

}  // namespace gpuwise
