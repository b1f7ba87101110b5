#include "money/roi.h"

#include <algorithm>
#include <cmath>

#include "money/price_memo.h"
#include "money/roi_formulas.h"
#include "money/roi_model.h"
#include "text/format.h"
#include "text/limits.h"

namespace gpuwise {
namespace {

std::string plain(double value) { return format_number(value, 4); }

// [SECTION] Inputs: clamping and defaults
// The view's numbers to their ranges (roi_model.h's rows; limits.h's RangeClamp, the
// clamp and the notice every computation shares). Not a number: the site's default; an
// optional input that is not a number is dropped, so the data's default is used.
void clamp_view(RoiView& view, std::vector<RoiNotice>& notices) {
  const RoiView fallback;
  RangeClamp clamp;
  for (const RoiCount& count : kRoiCounts) {
    view.*count.value = clamp.whole(count.name, view.*count.value, count.range);
  }
  for (const RoiNumber& number : kRoiNumbers) {
    view.*number.value = clamp.number(number.name, view.*number.value, number.range, fallback.*number.value);
  }
  for (const FieldNotice& notice : clamp.notices()) notices.push_back({notice.field, notice.text.text(), notice.text});
  for (const RoiOptional& optional : kRoiOptionals) {
    std::optional<double>& value = view.*optional.value;
    if (!value) continue;
    if (!std::isfinite(*value)) {
      TemplateText text{I18N("{0} is not a number; using the default from data"), {optional.name}};
      notices.push_back({optional.name, text.text(), text});
      value.reset();
      continue;
    }
    RangeClamp one;
    value = one.number(optional.name, *value, optional.range, 0);
    for (const FieldNotice& notice : one.notices()) notices.push_back({notice.field, notice.text.text(), notice.text});
  }
}

// The figures the (clamped) view left empty, from data, with their provenance in
// defaults: the buyer's figure always wins (one rule, here).
void resolve_figures(const Catalog& catalog, const Gpu& gpu, const PriceBook& book, const BuyerView& buyer,
                     RoiResult& result) {
  using namespace limits;
  RoiView& view = result.view;
  RoiFigures& in = result.figures;
  RoiDefaults& defaults = result.defaults;
  const int per_board = std::max(1, gpu.gpus_per_board);
  in.gpu_name = gpu.name;

  if (view.price_usd) {
    defaults.price.kind = PriceKind::user;
    defaults.price.usd_per_gpu = defaults.price.usd_per_board = *view.price_usd;
  } else {
    defaults.price = buyer_price(catalog, book, gpu.id, buyer);
    if (defaults.price.found()) {
      in.price_usd = std::fmin(defaults.price.usd_per_gpu, kPriceUsd.max);
    } else {
      result.missing.push_back("price");
    }
  }

  defaults.rate_kinds = rate_kinds(view.provider_kinds, buyer);
  if (!view.rate_usd_per_hour) {
    if ((defaults.rate = cheapest_on_demand_rate(book, gpu.id, defaults.rate_kinds))) {
      in.rate_usd_per_hour = std::fmin(defaults.rate->usd_per_gpu_hour, kUsdPerHour.max);
      defaults.rate_age = rate_age(book, *defaults.rate);
    } else {
      result.missing.push_back("rate");
    }
  }

  defaults.tdp_w_per_gpu = gpu.tdp_w.value_or(0) / per_board;  // 0: the vendor publishes none
  defaults.power_is_tdp = !view.power_w;
  if (!view.power_w) {
    if (gpu.tdp_w) {
      in.power_w = std::fmin(defaults.tdp_w_per_gpu, kPowerW.max);
    } else {
      result.missing.push_back("power");  // running cost needs the reader's figure
    }
  }

  // Idle: the card's sourced idle draw, else our assumption (a share of its board power).
  if (view.idle_w) {
    defaults.idle_basis = "user";
  } else if (gpu.idle_w) {
    defaults.idle_basis = "card";
    in.idle_w = std::fmin(*gpu.idle_w / per_board, kIdlePowerW.max);
  } else {
    defaults.idle_basis = "assumed";
    defaults.idle_share = idle_share_of_tdp(gpu.kind);
    in.idle_w = (view.power_w ? *view.power_w : in.power_w) * defaults.idle_share;
  }

  // The machine around the cards: the view's host price and power, else the outlay's.
  defaults.outlay = machine_outlay(catalog, book, gpu, view.gpu_count, buyer);
  defaults.host_cost_is_outlay = !view.host_cost_usd;
  in.host_cost_usd = std::fmin(defaults.outlay.machine_usd.value_or(0), kHostCostUsd.max);
  defaults.host_power_is_outlay = !view.host_power_w;
  in.host_power_w = std::fmin(defaults.outlay.host_power_w, kHostPowerW.max);
  // Idle, the host draws far less than under load (CPUs, fans and switches idle too).
  defaults.host_idle_basis = view.host_idle_w ? "user" : "assumed";
  in.host_idle_w = view.host_power_w.value_or(in.host_power_w) * kHostIdleShare;

  defaults.kwh_is_tariff = !view.kwh_price_usd;
  if (!view.kwh_price_usd) {
    if (const MarketTariff* tariff = market_tariff(book, buyer.market)) defaults.tariff = *tariff;
    in.kwh_price_usd = default_kwh_usd(book, buyer.market);
  }
  if (view.rent_decline_pct_per_year) {
    defaults.decline_basis = "user";
  } else {
    in.rent_decline_pct_per_year = 100 * rental_decline_default(book, &defaults.decline_series);
    defaults.decline_basis = defaults.decline_series > 0 ? "history" : "none";
  }

  defaults.rent_out_rate_is_rate = !view.rent_out_rate_usd_per_hour;
  in.rent_out_rate_usd_per_hour = view.rate_usd_per_hour.value_or(in.rate_usd_per_hour);

  // The buyer's figures win over every default above (kRoiOptionals: one rule).
  for (const RoiOptional& optional : kRoiOptionals) {
    if (optional.resolved && view.*optional.value) in.*optional.resolved = *(view.*optional.value);
  }
  // A rate falling to nothing at once has no meaning.
  in.rent_decline_pct_per_year = std::clamp(in.rent_decline_pct_per_year, 0.0, 99.0);

  // What a card fetches second-hand today (in the buyer's market, by the same rules as
  // its used price). Never above what it costs new.
  BuyerView used_buyer = buyer;
  used_buyer.used = true;
  const PriceChoice used = buyer_price(catalog, book, gpu.id, used_buyer);
  if (used.kind == PriceKind::street_used) {
    StreetPrice row;
    row.gpu_id = gpu.id;
    row.market = used.market;
    row.usd = used.usd_per_board;
    row.condition = "used";
    row.seller = used.seller;
    row.date_seen = used.date_seen;
    row.source = used.source;
    row.notes = used.notes;
    defaults.used_price = row;
  }
  if (defaults.used_price) {
    defaults.resale_now_basis = "street_used";
    defaults.used_usd_per_gpu = defaults.used_price->usd / per_board;
    defaults.used_price_age = price_age(defaults.used_price->date_seen, book.today);
    in.resale_now_usd = std::fmin(in.price_usd, defaults.used_usd_per_gpu);
  } else {
    defaults.resale_now_basis = "depreciation";
    in.resale_now_usd = in.price_usd * (1 - view.depreciation_pct_per_year / 100);
  }

  if (view.resale_usd && *view.resale_usd > in.price_usd) {
    const TemplateText text{I18N("{0} {1} is above the price {2}; clamped to the price (the calculator does "
                                 "not bet on a rise)"),
                            {"resale_usd", plain(*view.resale_usd), plain(in.price_usd)}};
    result.notices.push_back({"resale_usd", text.text(), text});
    view.resale_usd = in.price_usd;
  }
}

void find_break_even(const RoiModel& model, RoiResult& result) {
  const RoiView& in = model.in;
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
}

void set_error(RoiResult& result, TemplateText text) {
  result.error = text.text();
  result.error_text = std::move(text);
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

RoiView roi_view_for(const RoiView& view, const std::string& gpu_id, int gpu_count) {
  RoiView out = view;
  const bool same_card = view.gpu_id == gpu_id;
  const bool same_machine = same_card && view.gpu_count == gpu_count;
  for (const RoiOptional& optional : kRoiOptionals) {
    const bool keep = optional.scope == RoiScope::card      ? same_card
                      : optional.scope == RoiScope::machine ? same_machine
                                                            : true;
    if (!keep) (out.*optional.value).reset();
  }
  out.gpu_id = gpu_id;
  out.gpu_count = gpu_count;
  return out;
}

std::optional<double> resolved_figure(const RoiResult& result, const std::string& name) {
  for (const RoiOptional& optional : kRoiOptionals) {
    if (name == optional.name && optional.resolved) return result.figures.*optional.resolved;
  }
  return std::nullopt;
}

RoiView buyer_assumptions(const RoiView& view) {
  RoiView out = view;
  for (const RoiOptional& optional : kRoiOptionals) {
    if (optional.scope == RoiScope::card || optional.scope == RoiScope::machine) (out.*optional.value).reset();
  }
  return out;
}

RoiScope roi_field_scope(const std::string& name) {
  for (const RoiOptional& optional : kRoiOptionals) {
    if (name == optional.name) return optional.scope;
  }
  for (const RoiNumber& number : kRoiNumbers) {
    if (name == number.name) return number.scope;
  }
  for (const RoiCount& count : kRoiCounts) {
    if (name == count.name) return count.scope;
  }
  return name == "gpu_id" ? RoiScope::card : RoiScope::buyer;
}

bool RoiDefaults::uses_stale_price() const {
  const bool price_from_data = price.kind == PriceKind::street_new || price.kind == PriceKind::street_used;
  return (price_from_data && price.age.stale) || (rate && rate_age.stale) ||
         (resale_now_basis == "street_used" && used_price_age.stale);
}

double idle_share_of_tdp(const std::string& kind) {
  if (kind == "module") return 0.10;
  if (kind == "system") return 0.05;
  return 0.06;
}

RoiResult compute_roi(const Catalog& catalog, const PriceBook& book, const RoiView& view) {
  return compute_roi(catalog, book, view, BuyerView{});
}

std::vector<TemplateText> support_end_warnings(const Gpu& gpu, const Compat& compat) {
  std::vector<TemplateText> out;
  if (!has_stack(gpu, "cuda")) return out;
  const ComputeCapabilityRange* cc = compat.find_cc(gpu.compute_capability);
  if (!cc) return out;
  if (!cc->last_cuda.empty()) {
    out.push_back({I18N("CUDA {0} is the last toolkit for {1} (compute capability {2}): newer CUDA software does not "
                        "run on it."),
                   {cc->last_cuda, cc->architecture, cc->cc}});
  }
  if (!compat.pytorch.empty()) {
    const PytorchRelease& newest = compat.pytorch.back();
    const std::vector<PytorchSupport> runs = compat.pytorch_for(gpu);
    if (runs.empty() || runs.back().version != newest.version) {
      out.push_back(runs.empty() ? TemplateText{I18N("No official PyTorch wheel runs on compute capability {0}."), {cc->cc}}
                                 : TemplateText{I18N("PyTorch {0} is the last release with an official wheel for "
                                                     "compute capability {1}."),
                                                {runs.back().version, cc->cc}});
    } else if (!newest.wheels.empty()) {
      // The newest release still runs, but its newest CUDA wheel may no longer include it.
      const PytorchWheel& latest = newest.wheels.back();
      if (!wheel_runs_on(latest, cc->cc)) {
        out.push_back({I18N("PyTorch {0}'s CUDA {1} wheel no longer includes compute capability {2}; only its older "
                            "wheels do: support is ending."),
                       {newest.version, latest.cuda, cc->cc}});
      }
    }
  }
  if (!out.empty()) {
    out.push_back({I18N("Renters want cards current software runs on: once support ends, so does the card's rental "
                        "value. Weigh selling sooner.")});
  }
  return out;
}

namespace {
double find_rental_decline_default(const PriceBook& book, int* series);
}  // namespace

double rental_decline_default(const PriceBook& book, int* series) {
  PriceMemo* memo = PriceMemo::current();
  if (!memo) return find_rental_decline_default(book, series);
  for (const PriceMemo::Decline& known : memo->declines) {
    if (known.book != &book) continue;
    if (series) *series = known.series;
    return known.decline;
  }
  int count = 0;
  const double decline = find_rental_decline_default(book, &count);
  memo->declines.push_back({&book, decline, count});
  if (series) *series = count;
  return decline;
}

namespace {
double find_rental_decline_default(const PriceBook& book, int* series) {
  std::vector<double> declines;
  for (const RentalSeries& s : book.rental_history) {
    if (s.points.size() < 2) continue;
    const RentalPoint& first = s.points.front();
    const RentalPoint& last = s.points.back();
    const PriceAge span = price_age(first.date, last.date);
    if (!span.known || span.months < 12 || !(first.usd_per_gpu_hour > 0)) continue;
    const double years = span.months / 12.0;
    declines.push_back(1 - std::pow(last.usd_per_gpu_hour / first.usd_per_gpu_hour, 1 / years));
  }
  if (series) *series = static_cast<int>(declines.size());
  if (declines.empty()) return 0;
  std::sort(declines.begin(), declines.end());
  const std::size_t n = declines.size();
  const double median = n % 2 ? declines[n / 2] : (declines[n / 2 - 1] + declines[n / 2]) / 2;
  return std::clamp(median, 0.0, 0.99);
}
}  // namespace

namespace {

RoiResult roi(const Catalog& catalog, const PriceBook& book, const RoiView& view, const BuyerView& buyer,
              bool series) {
  RoiResult result;
  result.view = view;
  const int index = catalog.find(view.gpu_id);
  if (index < 0) {
    set_error(result, {I18N("unknown GPU id '{0}' (see gpuwise catalog --json for ids)"), {view.gpu_id}});
    result.never_reason = NeverReason::missing_input;
    return result;
  }
  const Gpu& gpu = catalog.gpus[index];
  clamp_view(result.view, result.notices);
  resolve_figures(catalog, gpu, book, buyer, result);
  if (!result.missing.empty()) {
    result.never_reason = NeverReason::missing_input;
    const bool no_price = std::count(result.missing.begin(), result.missing.end(), "price") > 0;
    const bool no_rate = std::count(result.missing.begin(), result.missing.end(), "rate") > 0;
    // A rate that exists only from kinds the reader left out: say so, rather than "none".
    const bool other_kinds_have_rate = no_rate && result.defaults.rate_kinds != kAllProviderKinds &&
                                       cheapest_on_demand_rate(book, gpu.id).has_value();
    const bool no_power = std::count(result.missing.begin(), result.missing.end(), "power") > 0;
    const char* pattern = no_price && no_rate ? I18N("no price and no on-demand rental rate for {0} in the data; enter them")
                          : no_price          ? I18N("no price for {0} in the data; enter one")
                          : no_power && !no_rate ? I18N("no board power for {0} in the data (its maker publishes none); enter the watts it draws")
                          : other_kinds_have_rate
                              ? I18N("no on-demand rental rate for {0} from the chosen provider kinds; choose more kinds or enter one")
                              : I18N("no on-demand rental rate for {0} in the data; enter one");
    set_error(result, {pattern, {gpu.name}});
    result.never_text = result.error;
    return result;
  }
  result.ok = true;

  const RoiModel model{result.view, result.figures};
  const RoiView& in = model.in;
  result.purchase_usd = model.purchase();
  result.own_at_purchase_usd = model.own(0);
  if (series) {
    result.months.reserve(static_cast<std::size_t>(in.months));
    for (int month = 1; month <= in.months; ++month) {
      result.months.push_back({month, model.own(month), model.rent(month)});
    }
    find_break_even(model, result);
  }

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
  const RoiFigures& data = model.data;
  if (const std::optional<double> end = model.resale_at_horizon(); end && data.resale_now_usd > 0) {
    result.effective_depreciation_pct_per_year = 100 * (1 - std::pow(*end / data.resale_now_usd, 12.0 / in.months));
  }
  if (!series) return result;
  for (int horizon : kOwnerHorizonMonths) result.owner.push_back(model.owner_at(horizon));
  result.never_text = roi_never_reason(result).text();  // English and USD, like the JSON
  return result;
}

}  // namespace

RoiResult compute_roi(const Catalog& catalog, const PriceBook& book, const RoiView& view, const BuyerView& buyer) {
  return roi(catalog, book, view, buyer, true);
}

RoiResult compute_roi_costs(const Catalog& catalog, const PriceBook& book, const RoiView& view, const BuyerView& buyer) {
  return roi(catalog, book, view, buyer, false);
}

}  // namespace gpuwise
