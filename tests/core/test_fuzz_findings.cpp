// Regression tests for what the fuzz targets (tests/fuzz, docs/TRUST.md) found: one case
// per finding, named after the module, each the smallest input that broke an invariant.
#include <catch2/catch.hpp>

#include <cmath>

#include "roi.h"
#include "test_support.h"
#include "vram_fit.h"

using namespace gpuwise;

TEST_CASE("vram_fit: a one-layer model in training keeps typical activations within its range") {
  // fuzz_vram_fit: with one layer, checkpointing (2·L + 34 = 36 B) cost more than no
  // checkpointing (34·L = 34 B), so the typical figure lay above the high one.
  for (const char* mode : {"full", "lora"}) {
    for (const char* precision : {"bf16", "fp32"}) {
      FitView view;
      view.mode = mode;
      view.precision = precision;
      view.layers = 1;
      const FitResult r = fit_model(view);
      const MemoryPart* act = r.part("activations");
      REQUIRE(act != nullptr);
      CHECK(act->low_gb <= act->gb);
      CHECK(act->gb <= act->high_gb);
      CHECK(act->gb == act->high_gb);  // checkpointing off: one layer holds everything
      CHECK(r.total_gb <= r.total_high_gb);
    }
  }
  // Two layers and more: checkpointing saves memory and is on, as before.
  FitView two;
  two.mode = "full";
  two.layers = 2;
  const FitResult two_layers = fit_model(two);
  const MemoryPart* act = two_layers.part("activations");
  CHECK(act->gb < act->high_gb);
  CHECK(act->gb == Approx((2.0 * 2 + 34) * 8192 * 4096 / 1e9));
}

TEST_CASE("roi: vanishingly few hours a day give no cost per GPU-hour instead of infinity") {
  // fuzz_roi: hours_per_day 5e-324 (a link may say roi.hpd=1e-320) made gpu_hours a
  // denormal, and own_total / gpu_hours overflowed to inf.
  const Catalog catalog = load_catalog(test::read_source_file("data/gpus.json"));
  const PriceBook book = load_prices(test::read_source_file("data/prices.json"), catalog);
  RoiView view;
  view.gpu_id = "rtx-4090";
  view.price_usd = 1000;
  view.rate_usd_per_hour = 1;
  for (double hours : {5e-324, 1e-310, 1e-300}) {
    view.hours_per_day = hours;
    const RoiResult r = compute_roi(catalog, book, view);
    REQUIRE(r.ok);
    CHECK(std::isfinite(r.running_cost_per_gpu_hour));
    if (r.own_cost_per_gpu_hour) CHECK(std::isfinite(*r.own_cost_per_gpu_hour));
    if (r.rent_cost_per_gpu_hour) CHECK(std::isfinite(*r.rent_cost_per_gpu_hour));
  }
  view.hours_per_day = 8;  // ordinary use is unchanged
  const RoiResult r = compute_roi(catalog, book, view);
  REQUIRE(r.own_cost_per_gpu_hour);
  CHECK(*r.rent_cost_per_gpu_hour == Approx(1));
}
