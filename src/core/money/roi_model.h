// The buy-vs-rent model: every curve as a function of the month (docs/roi.md). Shared by
// the computation (roi.cpp) and the formulas popup (roi_formulas.cpp), which shows the
// same curves with their numbers; core-internal, not for the UI.
#pragma once
#include <cmath>

#include "money/roi.h"

namespace gpuwise {

struct RoiModel {
  RoiInputs in;

  double depreciation() const { return in.depreciation_pct_per_year / 100; }
  double days(double month) const { return kDaysPerMonth * month; }
  double gpu_hours(double month) const { return in.gpu_count * in.hours_per_day * days(month); }

  // Per GPU. Falls from resale_now by the yearly depreciation, or, when the user gave the
  // resale at the horizon, along the geometric path from resale_now to it. Never above price.
  double card_value(double month) const {
    const double start = in.resale_now_usd;
    if (in.resale_usd) {
      if (start <= 0) return 0;
      return std::fmin(in.price_usd, start * std::pow(*in.resale_usd / start, month / in.months));
    }
    return start * std::pow(1 - depreciation(), month / 12);
  }
  // The host has no used-price data: it loses one year's depreciation when bought, then
  // falls like the cards (the same rule as a card without a used price).
  double host_value(double month) const {
    return in.host_cost_usd * std::pow(1 - depreciation(), 1 + month / 12);
  }
  double hardware_value(double month) const { return in.gpu_count * card_value(month) + host_value(month); }

  double working_power_kw() const { return (in.gpu_count * in.power_w + in.host_power_w) / 1000; }
  double electricity(double month) const {
    return working_power_kw() * in.hours_per_day * days(month) * in.kwh_price_usd;
  }
  double maintenance(double month) const { return in.maintenance_usd_per_year * month / 12; }
  double purchase() const { return in.gpu_count * in.price_usd + in.host_cost_usd; }

  double own(double month) const {
    return purchase() + electricity(month) + maintenance(month) - hardware_value(month);
  }
  double rent(double month) const { return in.rate_usd_per_hour * gpu_hours(month); }
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
    h.rent_out_income_usd = in.rent_out_rate_usd_per_hour * (1 - in.platform_fee_pct / 100) * hours_rented;
    // Cards draw power while rented; the host stays on around the clock to be rentable.
    h.rent_out_power_usd =
        (in.gpu_count * in.power_w * occupancy + in.host_power_w) / 1000 * 24 * days(month) * in.kwh_price_usd;
    h.sell_now_usd = in.gpu_count * in.resale_now_usd + host_value(0);
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
