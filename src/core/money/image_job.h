// What a batch of images costs on each card (issue 29: the cost of a job's "image" kind):
// the Images tab's model, precision, size and steps for N images on one card, the hours
// from estimate_image(), owning at compute_roi()'s amortised cost per GPU-hour (the buy-or-
// rent view's assumptions), renting at the cheapest dated on-demand rate; per 1,000 images.
// Cards current software cannot run for it (catalog/software.h "image") are listed apart.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/software.h"
#include "estimate/image.h"
#include "money/market.h"
#include "money/prices.h"
#include "money/roi_model.h"
#include "text/json_fwd.h"
#include "text/template_text.h"

namespace gpuwise {

struct ImageJobOption {
  std::string gpu_id, gpu_name;
  ImageEstimate estimate;
  double hours = 0;  // the whole batch on one card
  std::optional<double> own_cost_usd, own_usd_per_1000;
  TemplateText own_missing;  // why owning has no figure (empty pattern: it has one)
  PriceChoice price;
  std::optional<double> rent_cost_usd, rent_usd_per_1000;
  TemplateText rent_missing;
  std::optional<CloudRate> rate;
  PriceAge rate_age;
  std::optional<double> cheapest_per_1000() const;
  // A time or cost at the ends of the speed's band (band.h): faster is cheaper.
  double cost_low(double value) const { return value / estimate.band.high_ratio; }
  double cost_high(double value) const { return value / estimate.band.low_ratio; }
};

struct ImageJobResult {
  std::optional<TemplateText> problem;  // a bad view or count, or a model that fits no card
  double images = 0;
  std::vector<ImageJobOption> options;  // cards it fits, cheapest per 1,000 first (unpriced last)
  SoftwareGate gate;
};

// `ownership`: the buy-or-rent view (hours a day, horizon, kWh price, tax, depreciation,
// provider kinds); its one card's figures are ignored. Without `software` nothing is gated.
// `buyer` (issue 28): owning at the price the buyer pays in their market (new or used), renting
// from the provider kinds that market can use, as the other kinds of job.
ImageJobResult image_job_cost(const Catalog& catalog, const PriceBook& book, const ImageCalibration& calibration,
                              const ImageView& view, double images, const RoiView& ownership,
                              const SoftwareTable* software, const Compat* compat,
                              const BuyerView& buyer = BuyerView{});
// {"images", "results": [{"id", "seconds_per_image", "hours", "own_cost_usd", "own_usd_per_1000",
//  "rent_cost_usd", "rent_usd_per_1000", "provider", ...}], "software_gate": {...}}; each per-1,000
// cost with its "_low" and "_high", the row's "low"/"high" bounding the cheaper one; absent
// costs are null with an "_missing" reason.
json image_job_to_json(const ImageJobResult& result);
std::string image_job_csv(const ImageJobResult& result);

}  // namespace gpuwise
