// The cost of a batch of images (money/image_job.h): hours from the Images tab's estimate,
// owning at compute_roi()'s cost per GPU-hour and renting at the cheapest on-demand rate,
// per 1,000 images with the speed's band; the software gate; bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "money/image_job.h"
#include "money/roi.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;
using gpuwise::test::shipped_prices;
using gpuwise::test::shipped_software;

namespace {

const ImageCalibration& calibration() { return gpuwise::test::shipped_image_calibration(); }

const ImageJobOption* option(const ImageJobResult& r, const std::string& id) {
  for (const ImageJobOption& o : r.options) {
    if (o.gpu_id == id) return &o;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("SDXL images: hours from the estimate, owned and rented per 1,000, cheapest first") {
  ImageView view;  // SDXL, 16-bit, 1024 x 1024, 30 steps
  RoiView ownership;
  const ImageJobResult r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 100000, ownership,
                                          &shipped_software(), &shipped_compat());
  REQUIRE(!r.problem);
  const ImageJobOption* rtx4090 = option(r, "rtx-4090");
  REQUIRE(rtx4090);
  const ImageEstimate e = estimate_image(shipped_catalog().gpus[static_cast<std::size_t>(shipped_catalog().find("rtx-4090"))],
                                         view, calibration());
  CHECK(rtx4090->hours == Approx(100000 * e.seconds_per_image / 3600));
  // Owning: the buy-or-rent view's cost per GPU-hour for one 4090, times the hours.
  RoiView one = ownership;
  one.gpu_id = "rtx-4090";
  one.gpu_count = 1;
  const RoiResult roi = compute_roi(shipped_catalog(), shipped_prices(), one);
  REQUIRE(roi.own_cost_per_gpu_hour);
  REQUIRE(rtx4090->own_cost_usd);
  CHECK(*rtx4090->own_cost_usd == Approx(*roi.own_cost_per_gpu_hour * rtx4090->hours));
  CHECK(*rtx4090->own_usd_per_1000 == Approx(*rtx4090->own_cost_usd / 100));
  REQUIRE(rtx4090->rate);
  CHECK(*rtx4090->rent_usd_per_1000 == Approx(rtx4090->rate->usd_per_gpu_hour * rtx4090->hours / 100));
  // An expert's sanity check: SDXL on a 4090 costs cents, not dollars, per 1,000 images owned.
  CHECK(*rtx4090->own_usd_per_1000 > 0.02);
  CHECK(*rtx4090->own_usd_per_1000 < 2);
  // The band: faster is cheaper; the low cost is below the figure, the high above.
  CHECK(rtx4090->cost_low(*rtx4090->own_usd_per_1000) < *rtx4090->own_usd_per_1000);
  CHECK(rtx4090->cost_high(*rtx4090->own_usd_per_1000) > *rtx4090->own_usd_per_1000);
  // Cheapest per 1,000 first; unpriced cards last.
  for (std::size_t i = 1; i < r.options.size(); ++i) {
    const auto a = r.options[i - 1].cheapest_per_1000(), b = r.options[i].cheapest_per_1000();
    if (a && b) CHECK(*a <= *b);
    if (!a) CHECK(!b);
  }
  // The JSON: every per-1,000 cost with its band, the headline's low and high.
  const json out = image_job_to_json(r);
  const json& first = out["results"][0];
  for (const char* key : {"own_usd_per_1000_low", "own_usd_per_1000_high", "rent_usd_per_1000_low", "low", "high"}) {
    INFO(key);
    CHECK(first.contains(key));
  }
  CHECK(!image_job_csv(r).empty());
}

TEST_CASE("the image job leaves out the cards current software cannot run, and NF4 needs bitsandbytes") {
  ImageView view;
  view.model = "sd15";
  view.width = view.height = 512;
  view.steps = 25;
  RoiView ownership;
  const ImageJobResult r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 1000, ownership,
                                          &shipped_software(), &shipped_compat());
  REQUIRE(!r.problem);
  CHECK(r.gate.workload == "image");
  CHECK(!option(r, "tesla-k80"));
  CHECK(std::any_of(r.gate.left_out.begin(), r.gate.left_out.end(),
                    [](const LeftOut& l) { return l.gpu_id == "tesla-k80"; }));
  view.model = "flux1-dev";
  view.precision = "nf4";
  view.width = view.height = 1024;
  view.steps = 28;
  const ImageJobResult nf4 = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 1000, ownership,
                                            &shipped_software(), &shipped_compat());
  CHECK(nf4.gate.workload == "image-nf4");
  CHECK(option(nf4, "rtx-4070"));  // NF4 FLUX.1 with the text encoders offloaded fits 12 GB
}

TEST_CASE("bad image job input: a clear message and no options") {
  ImageView view;
  RoiView ownership;
  view.steps = 0;
  ImageJobResult r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 1000, ownership, nullptr,
                                    nullptr);
  REQUIRE(r.problem);
  CHECK(r.options.empty());
  CHECK(r.problem->text().find("steps 0") != std::string::npos);
  view.steps = 30;
  r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 0, ownership, nullptr, nullptr);
  REQUIRE(r.problem);
  CHECK(r.problem->text().find("images 0") != std::string::npos);
  r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, NAN, ownership, nullptr, nullptr);
  CHECK(r.problem);
  CHECK(r.gate.workload.empty());  // no software table: nothing gated
}

// Issue 28 with issue 29: a batch of images is owned at the price the buyer pays in their
// market, new or used (compute_roi with the buyer), as every other kind of job.
TEST_CASE("the image job prices owning for the buyer's market and condition") {
  ImageView view;
  RoiView ownership;
  for (const bool used : {false, true}) {
    BuyerView buyer;
    buyer.market = "us";
    buyer.used = used;
    INFO("used " << used);
    const ImageJobResult r = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 100000,
                                            ownership, &shipped_software(), &shipped_compat(), buyer);
    REQUIRE(!r.problem);
    const ImageJobOption* rtx4090 = option(r, "rtx-4090");
    REQUIRE(rtx4090);
    RoiView one = ownership;
    one.gpu_id = "rtx-4090";
    one.gpu_count = 1;
    const RoiResult roi = compute_roi(shipped_catalog(), shipped_prices(), one, buyer);
    REQUIRE(roi.own_cost_per_gpu_hour);
    REQUIRE(rtx4090->own_cost_usd);
    CHECK(*rtx4090->own_cost_usd == Approx(*roi.own_cost_per_gpu_hour * rtx4090->hours));
  }
  // A used 4090 costs less to own than a new one (a 3090 is sold only used: the same price).
  BuyerView used;
  used.used = true;
  const ImageJobResult new_cards = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 100000,
                                                  ownership, &shipped_software(), &shipped_compat());
  const ImageJobResult used_cards = image_job_cost(shipped_catalog(), shipped_prices(), calibration(), view, 100000,
                                                   ownership, &shipped_software(), &shipped_compat(), used);
  REQUIRE(option(new_cards, "rtx-4090"));
  REQUIRE(option(used_cards, "rtx-4090"));
  CHECK(*option(used_cards, "rtx-4090")->own_cost_usd < *option(new_cards, "rtx-4090")->own_cost_usd);
}
