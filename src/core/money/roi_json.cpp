#include "money/roi_json.h"

#include <algorithm>
#include <cmath>

#include "money/market.h"
#include "money/outlay.h"
#include "money/price_notes.h"
#include "money/roi_model.h"
#include "text/json_util.h"

namespace gpuwise {

// [SECTION] JSON for the CLI and window.gpuwise
namespace {
// Four decimals: cents for totals, hundredths of a cent for per-hour figures.
json rounded(double value) { return std::round(value * 1e4) / 1e4; }
json rounded(const std::optional<double>& value) { return value ? rounded(*value) : json(nullptr); }
json optional_int(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

json roi_to_json(const RoiResult& r) {
  json out = json::object();
  out["gpu_id"] = r.figures.gpu_name.empty() ? std::string() : r.view.gpu_id;  // "": an unknown id
  out["gpu_name"] = r.figures.gpu_name;
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

  // The clamped view's numbers (roi_model.h's rows) and the figures the data filled in.
  json inputs = json::object();
  for (const RoiCount& count : kRoiCounts) inputs[count.name] = r.view.*count.value;
  for (const RoiNumber& number : kRoiNumbers) inputs[number.name] = rounded(r.view.*number.value);
  const RoiFigures& data = r.figures;
  for (const RoiOptional& optional : kRoiOptionals) {
    inputs[optional.name] = optional.resolved ? rounded(data.*optional.resolved) : rounded(r.view.*optional.value);
  }
  inputs["resale_now_usd"] = rounded(data.resale_now_usd);
  out["inputs"] = inputs;
  json kinds = json::array();
  for (ProviderKind kind : kProviderKinds) {
    if (r.defaults.rate_kinds & provider_kind_bit(kind)) kinds.push_back(provider_kind_key(kind));
  }
  out["inputs"]["provider_kinds"] = kinds;

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
                {"notes", d.price.notes},
                {"market", d.price.market},
                {"other_market", d.price.other_market},
                {"seller", d.price.seller},
                {"median_of", d.price.median_of}};
  json flags = json::array();
  for (const TemplateText& flag : price_flags(d.price)) flags.push_back(flag.text());
  price["flags"] = flags;
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
                     {"resale_now", resale_now},
                     {"host_cost", d.host_cost_is_outlay ? "outlay" : "user"},
                     {"host_power", d.host_power_is_outlay ? (d.outlay.host_power_assumed ? "assumed" : "machine") : "user"},
                     {"kwh", d.kwh_is_tariff ? (d.tariff ? "tariff" : "assumed") : "user"},
                     {"idle", {{"basis", d.idle_basis}, {"assumed_share_of_tdp", d.idle_share}}},
                     {"host_idle", {{"basis", d.host_idle_basis}, {"assumed_share_of_host_power", kHostIdleShare}}},
                     {"rent_decline", {{"basis", d.decline_basis}, {"series", d.decline_series}}}};
  if (d.tariff) {
    out["defaults"]["tariff"] = {{"market", d.tariff->market}, {"kwh_local", d.tariff->kwh_local},
                                 {"currency", d.tariff->currency}, {"date_seen", d.tariff->date_seen},
                                 {"source", d.tariff->source}};
  }
  out["outlay"] = outlay_to_json(d.outlay);
  out["uses_stale_price"] = d.uses_stale_price();
  json stale_notices = json::array();
  for (const TemplateText& notice : roi_stale_notices(r)) stale_notices.push_back(notice.text());
  out["stale_notices"] = stale_notices;
  const TemplateText rate_note = roi_rate_note(r);
  out["rate_note"] = rate_note.pattern.empty() ? json(nullptr) : json(rate_note.text());

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
                     {"keep_idle_power", rounded(o.keep_idle_power_usd)},
                     {"colocation", rounded(o.colocation_usd)},
                     {"maintenance", rounded(o.maintenance_usd)},
                     {"best", o.best}});
  }
  out["owner"] = owner;
  return out;
}

}  // namespace gpuwise
