#include "money/roi_formulas.h"

#include <cmath>
#include <cstdio>

#include "text/format.h"
#include "money/prices.h"
#include "money/roi_model.h"

namespace gpuwise {
namespace {

// "$1,234.56": the result column of the formulas popup.
std::string money(double amount, const char* symbol, int decimals = 2) {
  return format_money(amount, symbol, decimals);
}

std::string plain(double value, int decimals = 4) { return format_number(value, decimals); }

// Figures with no words ("1 × 8 × 30.4375"): the pattern is the one placeholder.
TemplateText figures(std::string text) { return {I18N("{0}"), {std::move(text)}}; }
TemplateText words(const char* pattern, std::vector<std::string> args = {}) { return {pattern, std::move(args)}; }

FormulaLine line(TemplateText label, TemplateText formula, TemplateText numbers, TemplateText result) {
  FormulaLine out;
  out.label = label.text();
  out.formula = formula.text();
  out.numbers = numbers.text();
  out.result = result.text();
  out.label_text = std::move(label);
  out.formula_text = std::move(formula);
  out.numbers_text = std::move(numbers);
  out.result_text = std::move(result);
  return out;
}

}  // namespace

TemplateText roi_never_reason(const RoiResult& result, const std::string& currency, double cny_per_usd) {
  const RoiView& in = result.view;
  switch (result.never_reason) {
    case NeverReason::none: return {};
    case NeverReason::missing_input: return result.error_text;
    case NeverReason::zero_use:
      return words(I18N("At 0 hours a day renting costs nothing, so owning never pays off."));
    case NeverReason::rate_below_running_cost: {
      const RoiModel model{in, result.figures};
      const double running_per_hour = (model.electricity(1) + model.maintenance(1)) / model.gpu_hours(1);
      const char* symbol = currency_symbol(currency, cny_per_usd);
      auto per_hour = [&](double usd) { return symbol + plain(to_display(usd, currency, cny_per_usd)); };
      return words(I18N("The rental rate ({0}/GPU-hour) is no more than your own running cost ({1}/GPU-hour for "
                        "electricity and maintenance), so owning never catches up."),
                   {per_hour(result.figures.rate_usd_per_hour), per_hour(running_per_hour)});
    }
    case NeverReason::horizon_too_short:
      return words(I18N("Owning breaks even in month {0}, after your {1}-month horizon."),
                   {std::to_string(result.break_even_beyond_horizon_month.value_or(0)), std::to_string(in.months)});
    case NeverReason::beyond_search:
      return words(I18N("Owning would take more than 100 years to break even."));
  }
  return {};
}

// [SECTION] Formulas popup
std::vector<FormulaLine> roi_formulas(const RoiResult& result, const std::string& currency, double cny_per_usd) {
  std::vector<FormulaLine> lines;
  if (!result.ok) return lines;
  const RoiModel model{result.view, result.figures};
  const RoiView& in = model.in;
  const RoiFigures& data = model.data;
  const char* symbol = currency_symbol(currency, cny_per_usd);
  auto shown = [&](double usd) { return to_display(usd, currency, cny_per_usd); };
  auto m = [&](double usd) { return figures(money(shown(usd), symbol)); };  // a result
  // A money input: cents for totals, four decimals for per-hour and per-kWh figures.
  auto n = [&](double usd) { return plain(shown(usd), std::fabs(shown(usd)) >= 10 ? 2 : 4); };
  const std::string M = std::to_string(in.months);
  const std::string count = std::to_string(in.gpu_count);
  const std::string d = plain(in.depreciation_pct_per_year / 100);
  const std::string days = plain(kDaysPerMonth);
  const std::string h = plain(in.hours_per_day);
  const double months = in.months;

  if (result.defaults.resale_now_basis == "street_used") {
    lines.push_back(line(words(I18N("Resale value now, per GPU")),
                         words(I18N("resale_now = min(price, newest used street price)")),
                         figures("min(" + n(data.price_usd) + ", " + n(result.defaults.used_usd_per_gpu) + ")"),
                         m(data.resale_now_usd)));
  } else {
    lines.push_back(line(words(I18N("Resale value now, per GPU")), words(I18N("resale_now = price × (1 − depreciation)")),
                         figures(n(data.price_usd) + " × (1 − " + d + ")"), m(data.resale_now_usd)));
  }
  if (const std::optional<double> end = model.resale_at_horizon()) {
    lines.push_back(line(words(I18N("Value per GPU at month m")),
                         words(I18N("value(m) = min(price, resale_now × (resale / resale_now)^(m / M))")),
                         figures("min(" + n(data.price_usd) + ", " + n(data.resale_now_usd) + " × (" + n(*end) +
                                 " / " + n(data.resale_now_usd) + ")^(" + M + " / " + M + "))"),
                         m(model.card_value(months))));
  } else {
    lines.push_back(line(words(I18N("Value per GPU at month m")),
                         words(I18N("value(m) = resale_now × (1 − depreciation)^(m / 12)")),
                         figures(n(data.resale_now_usd) + " × (1 − " + d + ")^(" + M + " / 12)"),
                         m(model.card_value(months))));
  }
  lines.push_back(line(words(I18N("Host value at month m")),
                       words(I18N("host_value(m) = host_cost × (1 − depreciation)^(1 + m / 12)")),
                       figures(n(data.host_cost_usd) + " × (1 − " + d + ")^(1 + " + M + " / 12)"),
                       m(model.host_value(months))));
  const std::string bought = count + " × " + n(data.price_usd) + " + " + n(data.host_cost_usd);
  if (in.sales_tax_pct > 0) {  // the tax line only when there is one: the usual case reads as before
    lines.push_back(line(words(I18N("Purchase")), words(I18N("purchase = (GPUs × price + host_cost) × (1 + sales tax)")),
                         figures("(" + bought + ") × (1 + " + plain(in.sales_tax_pct / 100) + ")"),
                         m(model.purchase())));
  } else {
    lines.push_back(line(words(I18N("Purchase")), words(I18N("purchase = GPUs × price + host_cost")), figures(bought),
                         m(model.purchase())));
  }
  lines.push_back(line(words(I18N("GPU-hours to month m")), words(I18N("hours(m) = GPUs × hours/day × 30.4375 × m")),
                       figures(count + " × " + h + " × " + days + " × " + M),
                       figures(plain(model.gpu_hours(months), 1))));
  lines.push_back(line(
      words(I18N("Electricity to month m")),
      words(I18N("electricity(m) = (GPUs × power_w + host_power_w) / 1000 × hours/day × 30.4375 × m × kWh price")),
      figures("(" + count + " × " + plain(data.power_w) + " + " + plain(data.host_power_w) + ") / 1000 × " + h + " × " +
              days + " × " + M + " × " + n(data.kwh_price_usd)),
      m(model.electricity(months))));
  lines.push_back(line(words(I18N("Maintenance to month m")),
                       words(I18N("maintenance(m) = maintenance per year × m / 12")),
                       figures(n(in.maintenance_usd_per_year) + " × " + M + " / 12"), m(model.maintenance(months))));
  lines.push_back(line(words(I18N("Colocation / space to month m")), words(I18N("colocation(m) = per month × m")),
                       figures(n(in.colocation_usd_per_month) + " × " + M), m(model.colocation(months))));
  lines.push_back(line(
      words(I18N("Net cost of owning to month m")),
      words(I18N("own(m) = purchase + electricity(m) + maintenance(m) + colocation(m) − GPUs × value(m) − host_value(m)")),
      figures(n(model.purchase()) + " + " + n(model.electricity(months)) + " + " + n(model.maintenance(months)) +
              " + " + n(model.colocation(months)) + " − " + count + " × " + n(model.card_value(months)) + " − " +
              n(model.host_value(months))),
      m(model.own(months))));
  const std::string decline = plain(model.rent_decline());
  lines.push_back(line(words(I18N("Months of rent at today's rate")),
                       words(I18N("rent_months(m) = 12 × (1 − (1 − decline)^(m / 12)) / −ln(1 − decline); m when rates stay")),
                       figures(model.rent_decline() > 1e-9 ? "12 × (1 − (1 − " + decline + ")^(" + M + " / 12)) / −ln(1 − " +
                                                              decline + ")"
                                                        : M),
                       figures(plain(model.rent_months(months), 3))));
  lines.push_back(line(words(I18N("Cost of renting to month m")),
                       words(I18N("rent(m) = rate × GPUs × hours/day × 30.4375 × rent_months(m)")),
                       figures(n(data.rate_usd_per_hour) + " × " + count + " × " + h + " × " + days + " × " +
                               plain(model.rent_months(months), 3)),
                       m(model.rent(months))));

  TemplateText break_even;
  if (result.break_even_month) {
    break_even = words(I18N("month {0}"), {std::to_string(*result.break_even_month)});
  } else if (result.break_even_beyond_horizon_month) {
    break_even = words(I18N("never ({0}), month {1} beyond the horizon"),
                       {never_reason_key(result.never_reason), std::to_string(*result.break_even_beyond_horizon_month)});
  } else {
    break_even = words(I18N("never ({0})"), {never_reason_key(result.never_reason)});
  }
  lines.push_back(line(words(I18N("Break-even")), words(I18N("the first month m with own(m) ≤ rent(m)")),
                       result.break_even_month
                           ? figures("own(" + std::to_string(*result.break_even_month) + ") = " +
                                     n(model.own(*result.break_even_month)) + " ≤ rent = " +
                                     n(model.rent(*result.break_even_month)))
                           : roi_never_reason(result, currency, cny_per_usd),
                       break_even));
  if (result.own_cost_per_gpu_hour) {
    lines.push_back(line(words(I18N("Owning, per GPU-hour")), words(I18N("own(M) / hours(M)")),
                         figures(n(result.own_total_usd) + " / " + plain(result.gpu_hours, 1)),
                         figures(money(shown(*result.own_cost_per_gpu_hour), symbol, 4))));
    lines.push_back(line(words(I18N("Running cost, per GPU-hour")),
                         words(I18N("(electricity(M) + maintenance(M)) / hours(M)")),
                         figures("(" + n(result.electricity_total_usd) + " + " + n(result.maintenance_total_usd) +
                                 ") / " + plain(result.gpu_hours, 1)),
                         figures(money(shown(result.running_cost_per_gpu_hour), symbol, 4))));
    lines.push_back(line(words(I18N("Renting, per GPU-hour")), words(I18N("rent(M) / hours(M)")),
                         figures(n(result.rent_total_usd) + " / " + plain(result.gpu_hours, 1)),
                         figures(money(shown(*result.rent_cost_per_gpu_hour), symbol, 4))));
  }
  lines.push_back(line(words(I18N("Owning saves at the horizon")), words(I18N("rent(M) − own(M)")),
                       figures(n(result.rent_total_usd) + " − " + n(result.own_total_usd)),
                       m(result.owning_saves_usd)));

  // The owner of idle cards. Kept idle is kept on and ready: cards and host at their idle draw.
  const std::string occupancy = plain(in.occupancy_pct / 100);
  const std::string fee = plain(in.platform_fee_pct / 100);
  const TemplateText host_idle_result = figures(plain(data.host_idle_w) + " W");
  if (result.defaults.host_idle_basis == "assumed") {
    lines.push_back(line(words(I18N("Host draw while the GPUs idle")),
                         words(I18N("host_idle_w = host_power_w × {0} (our assumption: servers idle at a fraction of "
                                    "their full-load draw)"),
                               {plain(kHostIdleShare)}),
                         figures(plain(data.host_power_w) + " × " + plain(kHostIdleShare)), host_idle_result));
  } else {
    lines.push_back(line(words(I18N("Host draw while the GPUs idle")), words(I18N("host_idle_w: your figure")),
                         figures(plain(data.host_idle_w)), host_idle_result));
  }
  const std::string working_draw = "(" + count + " × " + plain(data.power_w) + " + " + plain(data.host_power_w) + ")";
  const std::string idle_draw = "(" + count + " × " + plain(data.idle_w) + " + " + plain(data.host_idle_w) + ")";
  for (const OwnerHorizon& o : result.owner) {
    const std::string t = std::to_string(o.months);
    lines.push_back(line(words(I18N("Sell now (held {0} months)"), {t}),
                         words(I18N("GPUs × resale_now + host_value(0)")),
                         figures(count + " × " + n(data.resale_now_usd) + " + " + n(model.host_value(0))),
                         m(o.sell_now_usd)));
    lines.push_back(line(
        words(I18N("Idle power, kept on and ready ({0} months)"), {t}),
        words(I18N("idle_power(t) = (GPUs × idle_w + host_idle_w) / 1000 × 24 × 30.4375 × t × kWh price")),
        figures(idle_draw + " / 1000 × 24 × " + days + " × " + t + " × " + n(data.kwh_price_usd)),
        m(o.keep_idle_power_usd)));
    lines.push_back(line(words(I18N("Keep idle ({0} months)"), {t}),
                         words(I18N("GPUs × value(t) + host_value(t) − maintenance(t) − colocation(t) − idle_power(t)")),
                         figures(count + " × " + n(model.card_value(o.months)) + " + " +
                                 n(model.host_value(o.months)) + " − " + n(o.maintenance_usd) + " − " +
                                 n(o.colocation_usd) + " − " + n(o.keep_idle_power_usd)),
                         m(o.keep_idle_usd)));
    lines.push_back(line(words(I18N("Rent-out income ({0} months)"), {t}),
                         words(I18N("income(t) = rent-out rate × (1 − fee) × GPUs × occupancy × 24 × 30.4375 × rent_months(t)")),
                         figures(n(data.rent_out_rate_usd_per_hour) + " × (1 − " + fee + ") × " + count + " × " +
                                 occupancy + " × 24 × " + days + " × " + plain(model.rent_months(o.months), 3)),
                         m(o.rent_out_income_usd)));
    lines.push_back(line(
        words(I18N("Rent-out power ({0} months)"), {t}),
        words(I18N("power(t) = ((GPUs × power_w + host_power_w) × occupancy + (GPUs × idle_w + host_idle_w) × "
                   "(1 − occupancy)) / 1000 × 24 × 30.4375 × t × kWh price")),
        figures("(" + working_draw + " × " + occupancy + " + " + idle_draw + " × (1 − " + occupancy + ")) / 1000 × 24 × " +
                days + " × " + t + " × " + n(data.kwh_price_usd)),
        m(o.rent_out_power_usd)));
    lines.push_back(line(words(I18N("Rent out ({0} months)"), {t}),
                         words(I18N("GPUs × value(t) + host_value(t) + income(t) − power(t) − maintenance(t) − colocation(t)")),
                         figures(n(o.hardware_value_usd) + " + " + n(o.rent_out_income_usd) + " − " +
                                 n(o.rent_out_power_usd) + " − " + n(o.maintenance_usd) + " − " + n(o.colocation_usd)),
                         m(o.rent_out_usd)));
  }
  return lines;
}

}  // namespace gpuwise
