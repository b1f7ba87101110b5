#include "money/image_job.h"

#include <algorithm>
#include <cmath>

#include "estimate/gates.h"
#include "money/roi.h"
#include "text/csv.h"
#include "text/json_util.h"
#include "text/limits.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

// Owning: compute_roi()'s amortised cost per GPU-hour for one card, as the cost of a job
// prices training (docs/speed.md "Cost of a job").
void price_owning(const Catalog& catalog, const PriceBook& book, const RoiView& ownership, const BuyerView& buyer,
                  const Gpu& gpu, ImageJobOption& option, double images) {
  RoiView view = buyer_assumptions(ownership);
  view.gpu_id = gpu.id;
  view.gpu_count = 1;
  view.rate_usd_per_hour = option.rate ? option.rate->usd_per_gpu_hour : 0.0;  // owning does not depend on it
  const RoiResult roi = compute_roi_costs(catalog, book, view, buyer);
  option.price = roi.defaults.price;
  if (std::count(roi.missing.begin(), roi.missing.end(), "price") > 0) {
    option.own_missing = {I18N("no purchase price for {0} in the data"), {gpu.name}};
  } else if (!roi.ok) {
    option.own_missing = roi.error_text;
  } else if (!roi.own_cost_per_gpu_hour || !std::isfinite(*roi.own_cost_per_gpu_hour * option.hours)) {
    option.own_missing = {I18N("no amortised cost per GPU-hour at {0} hours a day"),
                          {format_number(view.hours_per_day, 3)}};
  } else {
    option.own_cost_usd = *roi.own_cost_per_gpu_hour * option.hours;
    option.own_usd_per_1000 = *option.own_cost_usd / images * 1000;
  }
}

void price_renting(const PriceBook& book, ProviderKindSet kinds, const Gpu& gpu, ImageJobOption& option,
                   double images) {
  option.rate = cheapest_on_demand_rate(book, gpu.id, kinds);
  if (!option.rate) {
    option.rent_missing = {I18N("no on-demand rental rate for {0} in the data"), {gpu.name}};
    return;
  }
  option.rate_age = rate_age(book, *option.rate);
  option.rent_cost_usd = option.rate->usd_per_gpu_hour * option.hours;
  option.rent_usd_per_1000 = *option.rent_cost_usd / images * 1000;
}

double money(double v) { return std::round(v * 100) / 100; }
json optional_money(const std::optional<double>& v) { return v ? json(money(*v)) : json(nullptr); }

// A cost and its band: "<key>", "<key>_low", "<key>_high" (null together).
void banded_money(json& row, const std::string& key, const std::optional<double>& usd, const ImageJobOption& o) {
  row[key] = optional_money(usd);
  row[key + "_low"] = usd ? json(money(o.cost_low(*usd))) : json(nullptr);
  row[key + "_high"] = usd ? json(money(o.cost_high(*usd))) : json(nullptr);
}

}  // namespace

std::optional<double> ImageJobOption::cheapest_per_1000() const {
  if (own_usd_per_1000 && rent_usd_per_1000) return std::fmin(*own_usd_per_1000, *rent_usd_per_1000);
  return own_usd_per_1000 ? own_usd_per_1000 : rent_usd_per_1000;
}

ImageJobResult image_job_cost(const Catalog& catalog, const PriceBook& book, const ImageCalibration& calibration,
                              const ImageView& view, double images, const RoiView& ownership,
                              const SoftwareTable* software, const Compat* compat, const BuyerView& buyer) {
  ImageJobResult result;
  result.images = images;
  if (auto problem = check_image_view(view)) {
    result.problem = problem;
    return result;
  }
  if (!limits::kImagesPerJob.contains(images)) {
    const TemplateText want = describe_range(limits::kImagesPerJob);
    result.problem = TemplateText(I18N("images {0} must be {1}"), {format_number(images, 3), want.text()}, {{}, want});
    return result;
  }
  const ProviderKindSet kinds = rate_kinds(ownership.provider_kinds, buyer);
  for (const Gpu& gpu : catalog.gpus) {
    ImageJobOption option;
    option.gpu_id = gpu.id;
    option.gpu_name = gpu.name;
    option.estimate = estimate_image(gpu, view, calibration);
    if (!option.estimate.fits || option.estimate.seconds_per_image <= 0) continue;
    option.hours = images * option.estimate.seconds_per_image / 3600;
    price_renting(book, kinds, gpu, option, images);
    price_owning(catalog, book, ownership, buyer, gpu, option, images);
    result.options.push_back(std::move(option));
  }
  if (result.options.empty()) {
    result.problem = TemplateText(I18N("{0} at {1} x {2} fits no card, even with the text encoders offloaded"),
                                  {find_image_model(view.model)->name, std::to_string(view.width),
                                   std::to_string(view.height)});
    return result;
  }
  if (software) {
    result.gate.workload = image_workload(view.precision);
    gate_rows(result.options, [](const ImageJobOption& o) { return o.gpu_id; }, catalog, *software, compat,
              result.gate);
  }
  stable_sort_rows(result.options, [](const ImageJobOption& a, const ImageJobOption& b) {
    const auto ca = a.cheapest_per_1000(), cb = b.cheapest_per_1000();
    if (ca.has_value() != cb.has_value()) return ca.has_value();
    return ca && cb && *ca < *cb;
  });
  return result;
}

json image_job_to_json(const ImageJobResult& result) {
  json out = {{"kind", "image"}, {"images", result.images}};
  out["problem"] = result.problem ? json(result.problem->text()) : json(nullptr);
  json rows = json::array();
  for (const ImageJobOption& o : result.options) {
    json row = {{"id", o.gpu_id},
                {"name", o.gpu_name},
                {"seconds_per_image", std::round(o.estimate.seconds_per_image * 1000) / 1000},
                {"seconds_per_image_low", std::round(o.cost_low(o.estimate.seconds_per_image) * 1000) / 1000},
                {"seconds_per_image_high", std::round(o.cost_high(o.estimate.seconds_per_image) * 1000) / 1000},
                {"offload", o.estimate.offload ? "text-encoders" : "none"},
                {"hours", std::round(o.hours * 1000) / 1000},
                {"own_cost_usd", optional_money(o.own_cost_usd)},
                {"rent_cost_usd", optional_money(o.rent_cost_usd)},
                {"provider", o.rate ? json(o.rate->provider) : json(nullptr)},
                {"band", {{"class", o.estimate.band.class_key}, {"samples", o.estimate.band.samples}}}};
    banded_money(row, "own_usd_per_1000", o.own_usd_per_1000, o);
    banded_money(row, "rent_usd_per_1000", o.rent_usd_per_1000, o);
    // The row's headline: the cheaper way per 1,000 images.
    const auto cheapest = o.cheapest_per_1000();
    row["low"] = cheapest ? json(money(o.cost_low(*cheapest))) : json(nullptr);
    row["high"] = cheapest ? json(money(o.cost_high(*cheapest))) : json(nullptr);
    if (!o.own_cost_usd) row["own_missing"] = o.own_missing.text();
    if (!o.rent_cost_usd) row["rent_missing"] = o.rent_missing.text();
    rows.push_back(std::move(row));
  }
  out["results"] = std::move(rows);
  add_gate_json(result.gate, out);
  return out;
}

std::string image_job_csv(const ImageJobResult& result) {
  const CsvRow header = {"card", "id", "seconds_per_image", "hours", "own_usd", "own_usd_per_1000",
                         "own_usd_per_1000_low", "own_usd_per_1000_high", "rent_usd", "rent_usd_per_1000",
                         "rent_usd_per_1000_low", "rent_usd_per_1000_high", "provider", "rate_date", "rate_source",
                         "price_kind", "price_date"};
  std::vector<CsvRow> rows;
  auto cell = [](const std::optional<double>& v) { return v ? format_number(*v, 2) : std::string(); };
  for (const ImageJobOption& o : result.options) {
    auto low = [&](const std::optional<double>& v) { return v ? format_number(o.cost_low(*v), 2) : std::string(); };
    auto high = [&](const std::optional<double>& v) { return v ? format_number(o.cost_high(*v), 2) : std::string(); };
    rows.push_back({o.gpu_name, o.gpu_id, format_number(o.estimate.seconds_per_image, 3), format_number(o.hours, 3),
                    cell(o.own_cost_usd), cell(o.own_usd_per_1000), low(o.own_usd_per_1000), high(o.own_usd_per_1000),
                    cell(o.rent_cost_usd), cell(o.rent_usd_per_1000), low(o.rent_usd_per_1000),
                    high(o.rent_usd_per_1000), o.rate ? o.rate->provider : "", o.rate ? o.rate->date_seen : "",
                    o.rate ? o.rate->source : "", price_kind_key(o.price.kind), o.price.date_seen});
  }
  return to_csv(header, rows);
}

}  // namespace gpuwise
