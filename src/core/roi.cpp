#include "roi.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "limits.h"

namespace gpuwise {
namespace {

// [SECTION] Sane ranges: the input ranges of limits.h (the field table's), so a value the
// page or a link accepts is never clamped here. Anything outside is clamped, and the
// clamp becomes a notice.
using namespace limits;

std::string plain(double value, int decimals = 4) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string out = text;
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  return out == "-0" ? "0" : out;
}

// "$1,234.56": the result column of the formulas popup.
std::string money(double amount, const char* symbol, int decimals = 2) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, std::fabs(amount));
  std::string digits = text;
  const std::size_t dot = digits.find('.');
  std::string whole = digits.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : digits.substr(dot);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  const bool negative = amount < 0 && std::round(std::fabs(amount) * std::pow(10, decimals)) > 0;
  return std::string(negative ? "-" : "") + symbol + whole + fraction;
}

class Clamper {
 public:
  explicit Clamper(std::vector<RoiNotice>& notices) : notices_(notices) {}

  double number(const char* field, double value, const NumberRange& range, double fallback) {
    const double lo = range.min, hi = range.max;
    if (!std::isfinite(value)) {
      note(field, std::string(field) + " is not a number; using " + plain(fallback));
      return fallback;
    }
    if (value < lo) return clamped(field, value, lo);
    if (value > hi) return clamped(field, value, hi);
    return value;
  }
  int whole(const char* field, int value, const NumberRange& range) {
    const int lo = static_cast<int>(range.min), hi = static_cast<int>(range.max);
    if (value < lo) return static_cast<int>(clamped(field, value, lo));
    if (value > hi) return static_cast<int>(clamped(field, value, hi));
    return value;
  }
  void note(const std::string& field, const std::string& message) { notices_.push_back({field, message}); }

 private:
  double clamped(const char* field, double value, double limit) {
    note(field, std::string(field) + " " + plain(value) + " is out of range; clamped to " + plain(limit));
    return limit;
  }
  std::vector<RoiNotice>& notices_;
};

// [SECTION] The model: every curve as a function of the month (docs/roi.md)
struct Model {
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

// [SECTION] Inputs: clamping and defaults
void resolve_inputs(const Catalog& catalog, const Gpu& gpu, const PriceBook& book, const RoiView& view,
                    RoiResult& result) {
  RoiInputs& in = result.inputs;
  RoiDefaults& defaults = result.defaults;
  Clamper clamp(result.notices);
  const RoiView fallback;  // the site's defaults, for inputs that are not numbers
  const int per_board = std::max(1, gpu.gpus_per_board);

  in.gpu_id = gpu.id;
  in.gpu_name = gpu.name;
  in.gpu_count = clamp.whole("gpu_count", view.gpu_count, kGpuCount);
  in.months = clamp.whole("months", view.months, kMonths);
  in.host_cost_usd = clamp.number("host_cost_usd", view.host_cost_usd, kHostCostUsd, fallback.host_cost_usd);
  in.host_power_w = clamp.number("host_power_w", view.host_power_w, kHostPowerW, fallback.host_power_w);
  in.kwh_price_usd = clamp.number("kwh_price_usd", view.kwh_price_usd, kKwhPriceUsd, fallback.kwh_price_usd);
  in.hours_per_day = clamp.number("hours_per_day", view.hours_per_day, kHoursPerDay, fallback.hours_per_day);
  in.depreciation_pct_per_year = clamp.number("depreciation_pct_per_year", view.depreciation_pct_per_year, kPercent,
                                              fallback.depreciation_pct_per_year);
  in.maintenance_usd_per_year = clamp.number("maintenance_usd_per_year", view.maintenance_usd_per_year,
                                             kMaintenanceUsdPerYear, fallback.maintenance_usd_per_year);
  in.occupancy_pct = clamp.number("occupancy_pct", view.occupancy_pct, kPercent, fallback.occupancy_pct);
  in.platform_fee_pct = clamp.number("platform_fee_pct", view.platform_fee_pct, kPercent, fallback.platform_fee_pct);

  // An override that is not a number is dropped: the data's default is used instead.
  auto usable = [&](const char* field, const std::optional<double>& value) {
    if (value && !std::isfinite(*value)) {
      clamp.note(field, std::string(field) + " is not a number; using the default from data");
      return std::optional<double>();
    }
    return value;
  };

  if (auto price = usable("price_usd", view.price_usd)) {
    in.price_usd = clamp.number("price_usd", *price, kPriceUsd, 0);
    defaults.price.kind = PriceKind::user;
    defaults.price.usd_per_gpu = defaults.price.usd_per_board = in.price_usd;
  } else {
    defaults.price = default_price(catalog, book, gpu.id);
    if (defaults.price.found()) {
      in.price_usd = std::fmin(defaults.price.usd_per_gpu, kPriceUsd.max);
    } else {
      result.missing.push_back("price");
    }
  }

  if (auto rate = usable("rate_usd_per_hour", view.rate_usd_per_hour)) {
    in.rate_usd_per_hour = clamp.number("rate_usd_per_hour", *rate, kUsdPerHour, 0);
  } else if ((defaults.rate = cheapest_on_demand_rate(book, gpu.id))) {
    in.rate_usd_per_hour = std::fmin(defaults.rate->usd_per_gpu_hour, kUsdPerHour.max);
    defaults.rate_age = rate_age(book, *defaults.rate);
  } else {
    result.missing.push_back("rate");
  }

  defaults.tdp_w_per_gpu = gpu.tdp_w / per_board;
  if (auto power = usable("power_w", view.power_w)) {
    defaults.power_is_tdp = false;
    in.power_w = clamp.number("power_w", *power, kPowerW, defaults.tdp_w_per_gpu);
  } else {
    in.power_w = std::fmin(defaults.tdp_w_per_gpu, kPowerW.max);
  }

  if (auto rent_out = usable("rent_out_rate_usd_per_hour", view.rent_out_rate_usd_per_hour)) {
    defaults.rent_out_rate_is_rate = false;
    in.rent_out_rate_usd_per_hour =
        clamp.number("rent_out_rate_usd_per_hour", *rent_out, kUsdPerHour, in.rate_usd_per_hour);
  } else {
    in.rent_out_rate_usd_per_hour = in.rate_usd_per_hour;
  }

  // What a card fetches second-hand today. Never above what it costs new.
  defaults.used_price = newest_used_price(book, gpu.id);
  if (defaults.used_price) {
    defaults.resale_now_basis = "street_used";
    defaults.used_usd_per_gpu = defaults.used_price->usd / per_board;
    defaults.used_price_age = price_age(defaults.used_price->date_seen, book.today);
    in.resale_now_usd = std::fmin(in.price_usd, defaults.used_usd_per_gpu);
  } else {
    defaults.resale_now_basis = "depreciation";
    in.resale_now_usd = in.price_usd * (1 - in.depreciation_pct_per_year / 100);
  }

  if (auto resale = usable("resale_usd", view.resale_usd)) {
    double value = clamp.number("resale_usd", *resale, kPriceUsd, 0);
    if (value > in.price_usd) {
      clamp.note("resale_usd", "resale_usd " + plain(value) + " is above the price " + plain(in.price_usd) +
                                   "; clamped to the price (the calculator does not bet on a rise)");
      value = in.price_usd;
    }
    in.resale_usd = value;
  }
}

const char* kNeverTexts[] = {
    "",
    "",
    "At 0 hours a day renting costs nothing, so owning never pays off.",
    ("The rental rate is no more than your own running cost per GPU-hour (electricity and maintenance), "
     "so owning never catches up."),  // one string: the parentheses tell clang so
    "Owning breaks even only after your horizon.",
    "Owning would take more than 100 years to break even.",
};

void find_break_even(const Model& model, RoiResult& result) {
  const RoiInputs& in = model.in;
  for (int month = 1; month <= in.months; ++month) {
    if (model.owning_pays(month)) {
      result.break_even_month = month;
      return;
    }
  }
  const double rent_per_month = model.rent(1);
  const double running_per_month = model.electricity(1) + model.maintenance(1);
  if (in.hours_per_day <= 0) {
    result.never_reason = NeverReason::zero_use;
  } else if (rent_per_month <= running_per_month) {
    result.never_reason = NeverReason::rate_below_running_cost;
  } else {
    for (int month = in.months + 1; month <= kBreakEvenSearchMonths; ++month) {
      if (model.owning_pays(month)) {
        result.break_even_beyond_horizon_month = month;
        break;
      }
    }
    result.never_reason = result.break_even_beyond_horizon_month ? NeverReason::horizon_too_short
                                                                 : NeverReason::beyond_search;
  }
  result.never_text = kNeverTexts[static_cast<int>(result.never_reason)];
  if (result.never_reason == NeverReason::horizon_too_short) {
    result.never_text = "Owning breaks even in month " + std::to_string(*result.break_even_beyond_horizon_month) +
                        ", after your " + std::to_string(in.months) + "-month horizon.";
  } else if (result.never_reason == NeverReason::rate_below_running_cost) {
    const double per_hour = running_per_month / model.gpu_hours(1);
    result.never_text = "The rental rate ($" + plain(in.rate_usd_per_hour) +
                        "/GPU-hour) is no more than your own running cost ($" + plain(per_hour) +
                        "/GPU-hour for electricity and maintenance), so owning never catches up.";
  }
}

}  // namespace

const char* never_reason_key(NeverReason reason) {
  switch (reason) {
    case NeverReason::missing_input: return "missing_input";
    case NeverReason::zero_use: return "zero_use";
    case NeverReason::rate_below_running_cost: return "rate_below_running_cost";
    case NeverReason::horizon_too_short: return "horizon_too_short";
    case NeverReason::beyond_search: return "beyond_search";
    case NeverReason::none: break;
  }
  return "none";
}

bool RoiDefaults::uses_stale_price() const {
  const bool price_from_data = price.kind == PriceKind::street_new || price.kind == PriceKind::street_used;
  return (price_from_data && price.age.stale) || (rate && rate_age.stale) ||
         (resale_now_basis == "street_used" && used_price_age.stale);
}

RoiResult compute_roi(const Catalog& catalog, const PriceBook& book, const RoiView& view) {
  RoiResult result;
  const int index = catalog.find(view.gpu_id);
  if (index < 0) {
    result.error = "unknown GPU id '" + view.gpu_id + "' (see gpuwise catalog --json for ids)";
    result.never_reason = NeverReason::missing_input;
    return result;
  }
  const Gpu& gpu = catalog.gpus[index];
  resolve_inputs(catalog, gpu, book, view, result);
  if (!result.missing.empty()) {
    result.never_reason = NeverReason::missing_input;
    const bool no_price = std::count(result.missing.begin(), result.missing.end(), "price") > 0;
    const bool no_rate = std::count(result.missing.begin(), result.missing.end(), "rate") > 0;
    result.error = std::string("no ") + (no_price ? "price" : "") + (no_price && no_rate ? " and no " : "") +
                   (no_rate ? "on-demand rental rate" : "") + " for " + gpu.name +
                   " in the data; enter " + (no_price && no_rate ? "them" : "one");
    result.never_text = result.error;
    return result;
  }
  result.ok = true;

  const Model model{result.inputs};
  const RoiInputs& in = model.in;
  result.purchase_usd = model.purchase();
  result.own_at_purchase_usd = model.own(0);
  result.months.reserve(static_cast<std::size_t>(in.months));
  for (int month = 1; month <= in.months; ++month) {
    result.months.push_back({month, model.own(month), model.rent(month)});
  }
  find_break_even(model, result);

  result.gpu_hours = model.gpu_hours(in.months);
  result.own_total_usd = model.own(in.months);
  result.rent_total_usd = model.rent(in.months);
  result.owning_saves_usd = result.rent_total_usd - result.own_total_usd;
  result.electricity_total_usd = model.electricity(in.months);
  result.maintenance_total_usd = model.maintenance(in.months);
  result.hardware_value_at_horizon_usd = model.hardware_value(in.months);
  // Per GPU-hour figures need hours to divide by; a vanishing amount (a link's
  // roi.hpd=1e-300) is treated like 0 hours rather than giving an infinite cost.
  const double own_per_hour = result.own_total_usd / result.gpu_hours;
  const double rent_per_hour = result.rent_total_usd / result.gpu_hours;
  const double running_per_hour = (result.electricity_total_usd + result.maintenance_total_usd) / result.gpu_hours;
  if (result.gpu_hours > 0 && std::isfinite(own_per_hour) && std::isfinite(rent_per_hour) &&
      std::isfinite(running_per_hour)) {
    result.own_cost_per_gpu_hour = own_per_hour;
    result.rent_cost_per_gpu_hour = rent_per_hour;
    result.running_cost_per_gpu_hour = running_per_hour;
  }
  result.effective_depreciation_pct_per_year = in.depreciation_pct_per_year;
  if (in.resale_usd && in.resale_now_usd > 0) {
    result.effective_depreciation_pct_per_year =
        100 * (1 - std::pow(*in.resale_usd / in.resale_now_usd, 12.0 / in.months));
  }
  for (int horizon : kOwnerHorizonMonths) result.owner.push_back(model.owner_at(horizon));
  return result;
}

// [SECTION] Formulas popup
std::vector<FormulaLine> roi_formulas(const RoiResult& result, const std::string& currency, double cny_per_usd) {
  std::vector<FormulaLine> lines;
  if (!result.ok) return lines;
  const Model model{result.inputs};
  const RoiInputs& in = model.in;
  const char* symbol = currency_symbol(currency, cny_per_usd);
  auto shown = [&](double usd) { return to_display(usd, currency, cny_per_usd); };
  auto m = [&](double usd) { return money(shown(usd), symbol); };      // a result
  // A money input: cents for totals, four decimals for per-hour and per-kWh figures.
  auto n = [&](double usd) { return plain(shown(usd), std::fabs(shown(usd)) >= 10 ? 2 : 4); };
  const std::string M = std::to_string(in.months);
  const std::string count = std::to_string(in.gpu_count);
  const std::string d = plain(in.depreciation_pct_per_year / 100);
  const std::string days = plain(kDaysPerMonth);
  const std::string h = plain(in.hours_per_day);
  const double months = in.months;

  if (result.defaults.resale_now_basis == "street_used") {
    lines.push_back({"Resale value now, per GPU", "resale_now = min(price, newest used street price)",
                     "min(" + n(in.price_usd) + ", " + n(result.defaults.used_usd_per_gpu) + ")",
                     m(in.resale_now_usd)});
  } else {
    lines.push_back({"Resale value now, per GPU", "resale_now = price × (1 − depreciation)",
                     n(in.price_usd) + " × (1 − " + d + ")", m(in.resale_now_usd)});
  }
  if (in.resale_usd) {
    lines.push_back({"Value per GPU at month m", "value(m) = min(price, resale_now × (resale / resale_now)^(m / M))",
                     "min(" + n(in.price_usd) + ", " + n(in.resale_now_usd) + " × (" + n(*in.resale_usd) + " / " +
                         n(in.resale_now_usd) + ")^(" + M + " / " + M + "))",
                     m(model.card_value(months))});
  } else {
    lines.push_back({"Value per GPU at month m", "value(m) = resale_now × (1 − depreciation)^(m / 12)",
                     n(in.resale_now_usd) + " × (1 − " + d + ")^(" + M + " / 12)", m(model.card_value(months))});
  }
  lines.push_back({"Host value at month m", "host_value(m) = host_cost × (1 − depreciation)^(1 + m / 12)",
                   n(in.host_cost_usd) + " × (1 − " + d + ")^(1 + " + M + " / 12)", m(model.host_value(months))});
  lines.push_back({"Purchase", "purchase = GPUs × price + host_cost",
                   count + " × " + n(in.price_usd) + " + " + n(in.host_cost_usd), m(model.purchase())});
  lines.push_back({"GPU-hours to month m", "hours(m) = GPUs × hours/day × 30.4375 × m",
                   count + " × " + h + " × " + days + " × " + M, plain(model.gpu_hours(months), 1)});
  lines.push_back({"Electricity to month m",
                   "electricity(m) = (GPUs × power_w + host_power_w) / 1000 × hours/day × 30.4375 × m × kWh price",
                   "(" + count + " × " + plain(in.power_w) + " + " + plain(in.host_power_w) + ") / 1000 × " + h +
                       " × " + days + " × " + M + " × " + n(in.kwh_price_usd),
                   m(model.electricity(months))});
  lines.push_back({"Maintenance to month m", "maintenance(m) = maintenance per year × m / 12",
                   n(in.maintenance_usd_per_year) + " × " + M + " / 12", m(model.maintenance(months))});
  lines.push_back({"Net cost of owning to month m",
                   "own(m) = purchase + electricity(m) + maintenance(m) − GPUs × value(m) − host_value(m)",
                   n(model.purchase()) + " + " + n(model.electricity(months)) + " + " +
                       n(model.maintenance(months)) + " − " + count + " × " + n(model.card_value(months)) +
                       " − " + n(model.host_value(months)),
                   m(model.own(months))});
  lines.push_back({"Cost of renting to month m", "rent(m) = rate × GPUs × hours/day × 30.4375 × m",
                   n(in.rate_usd_per_hour) + " × " + count + " × " + h + " × " + days + " × " + M,
                   m(model.rent(months))});
  std::string break_even = result.break_even_month ? "month " + std::to_string(*result.break_even_month)
                                                   : std::string("never (") + never_reason_key(result.never_reason) + ")";
  if (result.break_even_beyond_horizon_month) {
    break_even += ", month " + std::to_string(*result.break_even_beyond_horizon_month) + " beyond the horizon";
  }
  lines.push_back({"Break-even", "the first month m with own(m) ≤ rent(m)",
                   result.break_even_month
                       ? "own(" + std::to_string(*result.break_even_month) + ") = " +
                             n(model.own(*result.break_even_month)) + " ≤ rent = " +
                             n(model.rent(*result.break_even_month))
                       : result.never_text,
                   break_even});
  if (result.own_cost_per_gpu_hour) {
    lines.push_back({"Owning, per GPU-hour", "own(M) / hours(M)",
                     n(result.own_total_usd) + " / " + plain(result.gpu_hours, 1),
                     money(shown(*result.own_cost_per_gpu_hour), symbol, 4)});
    lines.push_back({"Running cost, per GPU-hour", "(electricity(M) + maintenance(M)) / hours(M)",
                     "(" + n(result.electricity_total_usd) + " + " + n(result.maintenance_total_usd) + ") / " +
                         plain(result.gpu_hours, 1),
                     money(shown(result.running_cost_per_gpu_hour), symbol, 4)});
    lines.push_back({"Renting, per GPU-hour", "rent(M) / hours(M) = rate", n(in.rate_usd_per_hour),
                     money(shown(*result.rent_cost_per_gpu_hour), symbol, 4)});
  }
  lines.push_back({"Owning saves at the horizon", "rent(M) − own(M)",
                   n(result.rent_total_usd) + " − " + n(result.own_total_usd), m(result.owning_saves_usd)});

  // The owner of idle cards.
  const std::string occupancy = plain(in.occupancy_pct / 100);
  const std::string fee = plain(in.platform_fee_pct / 100);
  for (const OwnerHorizon& o : result.owner) {
    const std::string t = std::to_string(o.months);
    lines.push_back({"Sell now (held " + t + " months)", "GPUs × resale_now + host_value(0)",
                     count + " × " + n(in.resale_now_usd) + " + " + n(model.host_value(0)), m(o.sell_now_usd)});
    lines.push_back({"Keep idle (" + t + " months)", "GPUs × value(t) + host_value(t) − maintenance(t)",
                     count + " × " + n(model.card_value(o.months)) + " + " + n(model.host_value(o.months)) +
                         " − " + n(o.maintenance_usd),
                     m(o.keep_idle_usd)});
    lines.push_back({"Rent-out income (" + t + " months)",
                     "income(t) = rent-out rate × (1 − fee) × GPUs × occupancy × 24 × 30.4375 × t",
                     n(in.rent_out_rate_usd_per_hour) + " × (1 − " + fee + ") × " + count + " × " + occupancy +
                         " × 24 × " + days + " × " + t,
                     m(o.rent_out_income_usd)});
    lines.push_back({"Rent-out power (" + t + " months)",
                     "power(t) = (GPUs × power_w × occupancy + host_power_w) / 1000 × 24 × 30.4375 × t × kWh price",
                     "(" + count + " × " + plain(in.power_w) + " × " + occupancy + " + " + plain(in.host_power_w) +
                         ") / 1000 × 24 × " + days + " × " + t + " × " + n(in.kwh_price_usd),
                     m(o.rent_out_power_usd)});
    lines.push_back({"Rent out (" + t + " months)",
                     "GPUs × value(t) + host_value(t) + income(t) − power(t) − maintenance(t)",
                     n(o.hardware_value_usd) + " + " + n(o.rent_out_income_usd) + " − " + n(o.rent_out_power_usd) +
                         " − " + n(o.maintenance_usd),
                     m(o.rent_out_usd)});
  }
  return lines;
}

// [SECTION] JSON for the CLI and window.gpuwise
namespace {
// Four decimals: cents for totals, hundredths of a cent for per-hour figures.
json rounded(double value) { return std::round(value * 1e4) / 1e4; }
json rounded(const std::optional<double>& value) { return value ? rounded(*value) : json(nullptr); }
json optional_int(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

json roi_to_json(const RoiResult& r) {
  const RoiInputs& in = r.inputs;
  json out = json::object();
  out["gpu_id"] = in.gpu_id;
  out["gpu_name"] = in.gpu_name;
  out["ok"] = r.ok;
  if (!r.error.empty()) out["error"] = r.error;
  out["missing"] = r.missing;
  out["break_even_month"] = optional_int(r.break_even_month);
  out["never_reason"] = r.break_even_month ? json(nullptr) : json(never_reason_key(r.never_reason));
  out["never_text"] = r.never_text.empty() ? json(nullptr) : json(r.never_text);
  out["break_even_beyond_horizon_month"] = optional_int(r.break_even_beyond_horizon_month);
  out["own_cost_per_gpu_hour"] = rounded(r.own_cost_per_gpu_hour);
  out["rent_cost_per_gpu_hour"] = rounded(r.rent_cost_per_gpu_hour);
  out["running_cost_per_gpu_hour"] = rounded(r.running_cost_per_gpu_hour);
  out["purchase_usd"] = rounded(r.purchase_usd);
  out["own_at_purchase_usd"] = rounded(r.own_at_purchase_usd);
  out["own_total_usd"] = rounded(r.own_total_usd);
  out["rent_total_usd"] = rounded(r.rent_total_usd);
  out["owning_saves_usd"] = rounded(r.owning_saves_usd);
  out["electricity_total_usd"] = rounded(r.electricity_total_usd);
  out["maintenance_total_usd"] = rounded(r.maintenance_total_usd);
  out["hardware_value_at_horizon_usd"] = rounded(r.hardware_value_at_horizon_usd);
  out["gpu_hours"] = rounded(r.gpu_hours);
  out["effective_depreciation_pct_per_year"] = rounded(r.effective_depreciation_pct_per_year);

  out["inputs"] = {{"gpu_count", in.gpu_count},
                   {"price_usd", rounded(in.price_usd)},
                   {"rate_usd_per_hour", rounded(in.rate_usd_per_hour)},
                   {"power_w", rounded(in.power_w)},
                   {"host_cost_usd", rounded(in.host_cost_usd)},
                   {"host_power_w", rounded(in.host_power_w)},
                   {"kwh_price_usd", rounded(in.kwh_price_usd)},
                   {"hours_per_day", rounded(in.hours_per_day)},
                   {"months", in.months},
                   {"depreciation_pct_per_year", rounded(in.depreciation_pct_per_year)},
                   {"resale_usd", rounded(in.resale_usd)},
                   {"resale_now_usd", rounded(in.resale_now_usd)},
                   {"maintenance_usd_per_year", rounded(in.maintenance_usd_per_year)},
                   {"rent_out_rate_usd_per_hour", rounded(in.rent_out_rate_usd_per_hour)},
                   {"occupancy_pct", rounded(in.occupancy_pct)},
                   {"platform_fee_pct", rounded(in.platform_fee_pct)}};

  const RoiDefaults& d = r.defaults;
  // Age fields: null when unknown (no date, or no "today" given).
  const auto age_json = [](const PriceAge& age, json& into) {
    into["age_months"] = age.known ? json(age.months) : json(nullptr);
    into["stale"] = age.known ? json(age.stale) : json(nullptr);
  };
  json price = {{"kind", price_kind_key(d.price.kind)},
                {"usd_per_board", rounded(d.price.usd_per_board)},
                {"usd_per_gpu", rounded(d.price.usd_per_gpu)},
                {"gpus_per_board", d.price.gpus_per_board},
                {"date_seen", d.price.date_seen},
                {"source", d.price.source},
                {"notes", d.price.notes}};
  json rate = d.rate ? json{{"kind", "cheapest_on_demand"},
                            {"provider", d.rate->provider},
                            {"provider_kind", d.rate->provider_kind},
                            {"usd_per_gpu_hour", rounded(d.rate->usd_per_gpu_hour)},
                            {"date_seen", d.rate->date_seen},
                            {"source", d.rate->source},
                            {"notes", d.rate->notes}}
                     : json{{"kind", std::count(r.missing.begin(), r.missing.end(), "rate") ? "none" : "user"}};
  age_json(d.price.age, price);
  if (d.rate) age_json(d.rate_age, rate);
  json resale_now = {{"basis", d.resale_now_basis}};
  if (d.used_price) {
    resale_now["usd"] = rounded(d.used_price->usd);
    resale_now["date_seen"] = d.used_price->date_seen;
    resale_now["source"] = d.used_price->source;
    age_json(d.used_price_age, resale_now);
  }
  out["defaults"] = {{"price", price},
                     {"rate", rate},
                     {"power", {{"kind", d.power_is_tdp ? "tdp" : "user"}, {"tdp_w_per_gpu", rounded(d.tdp_w_per_gpu)}}},
                     {"rent_out_rate", d.rent_out_rate_is_rate ? "rate" : "user"},
                     {"resale_now", resale_now}};
  out["uses_stale_price"] = d.uses_stale_price();

  json notices = json::array();
  for (const auto& notice : r.notices) notices.push_back({{"field", notice.field}, {"message", notice.message}});
  out["notices"] = notices;

  json months = json::array();
  for (const auto& month : r.months) {
    months.push_back({{"month", month.month}, {"own", rounded(month.own_usd)}, {"rent", rounded(month.rent_usd)}});
  }
  out["months"] = months;

  json owner = json::array();
  for (const auto& o : r.owner) {
    owner.push_back({{"months", o.months},
                     {"sell_now", rounded(o.sell_now_usd)},
                     {"keep_idle", rounded(o.keep_idle_usd)},
                     {"rent_out", rounded(o.rent_out_usd)},
                     {"hardware_value", rounded(o.hardware_value_usd)},
                     {"rent_out_income", rounded(o.rent_out_income_usd)},
                     {"rent_out_power", rounded(o.rent_out_power_usd)},
                     {"maintenance", rounded(o.maintenance_usd)},
                     {"best", o.best}});
  }
  out["owner"] = owner;
  return out;
}

}  // namespace gpuwise
