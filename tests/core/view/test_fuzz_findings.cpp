// Regression tests for what the fuzz targets (tests/fuzz, docs/TRUST.md) found: one case
// per finding, named after the module, each the smallest input that broke an invariant.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "catalog/catalog.h"
#include "money/prices.h"
#include "view/view_money.h"
#include "money/roi.h"
#include "test_support.h"
#include "estimate/inference_memory.h"
#include "estimate/speed.h"
#include "estimate/vram_fit.h"

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
  view.rent_decline_pct_per_year = 0;  // rates that stay: renting costs the rate itself
  const RoiResult r = compute_roi(catalog, book, view);
  REQUIRE(r.own_cost_per_gpu_hour);
  CHECK(*r.rent_cost_per_gpu_hour == Approx(1));
}

TEST_CASE("catalog: a figure above a million is refused, not carried into infinite VRAM") {
  // fuzz_catalog: vram_gb 1.7e308 passed (> 0, finite) and usable_vram_gb() overflowed
  // to inf, so every model "fit" on that card; tdp_w 1e308 sized an infinite supply.
  json row = test::valid_row();
  row["vram_gb"] = 1.7e308;
  Catalog c = load_catalog(test::catalog_text(json::array({row})));
  CHECK(c.gpus.empty());
  REQUIRE(c.error_count() == 1);
  CHECK(c.issues[0].field == "vram_gb");
  CHECK(c.issues[0].message.find("at most 1000000") != std::string::npos);

  for (const char* field : {"tdp_w", "memory_bandwidth_gbs", "fp32_tflops", "cuda_cores", "launch_price_usd"}) {
    json big = test::valid_row();
    big[field] = 1e7;
    INFO(field);
    CHECK(load_catalog(test::catalog_text(json::array({big}))).gpus.empty());
  }
  row["vram_gb"] = 288;  // the largest card today loads as before
  c = load_catalog(test::catalog_text(json::array({row})));
  REQUIRE(c.gpus.size() == 1);
  CHECK(std::isfinite(usable_vram_gb(c.gpus[0])));
}

TEST_CASE("prices: a cny_per_usd outside the page's range is an error, not an overflow") {
  // fuzz_prices: cny_per_usd 1e308 loaded, and 100 USD shown in CNY became inf.
  json prices = json::parse(test::read_source_file("data/prices.json"));
  for (double rate : {1e308, 5000.0, 0.001}) {
    prices["cny_per_usd"] = rate;
    const PriceBook book = load_prices(dump_json(prices));
    INFO(rate);
    CHECK(book.cny_per_usd == 0);  // not usable: CNY display falls back to USD
    CHECK(book.error_count() == 1);
    ViewState state;
    state.currency = "CNY";
    CHECK(std::isfinite(to_display(100, state, book)));
  }
  prices["cny_per_usd"] = 7.1;
  const PriceBook ok = load_prices(dump_json(prices));
  CHECK(ok.cny_per_usd == 7.1);
  CHECK(ok.error_count() == 0);
}

TEST_CASE("data files: a schema_version that wraps around an int is not read as 1") {
  // fuzz_catalog: "schema_version": 4294967297 (2^32 + 1) became 1 through get<int>().
  for (const char* version : {"4294967297", "-4294967295", "18446744073709551617"}) {
    INFO(version);
    const Catalog c = load_catalog(std::string("{\"schema_version\": ") + version + ", \"gpus\": []}");
    CHECK(c.schema_version != 1);
    CHECK(c.error_count() == 1);
    const PriceBook p = load_prices(std::string("{\"schema_version\": ") + version + "}");
    CHECK(p.schema_version != 1);
  }
  CHECK(load_catalog("{\"schema_version\": 1, \"gpus\": []}").error_count() == 0);
}

TEST_CASE("inference memory: a raw negative shape or a card without figures gives no negative or infinite GB") {
  // fuzz_machine: vocab and hidden of INT_MIN (a caller that skips the range checks) made
  // the compute buffers negative; a card row with a NaN VRAM gave a NaN usable memory; a
  // denormal FP16 figure made the time to first token infinite.
  InferenceMemoryInput in;
  in.model.vocab_size = std::numeric_limits<int>::min();
  in.model.hidden_size = std::numeric_limits<int>::min();
  in.model.kv_heads = -8;
  in.context = -4096;
  for (Engine engine : {Engine::llamacpp, Engine::vllm}) {
    const InferenceMemory m = inference_memory(engine, in);
    CHECK(m.per_gpu_buffer_gb >= 0);
    CHECK(m.shared_buffer_gb >= 0);
    CHECK(m.kv_cache_gb() >= 0);
    CHECK(m.per_gpu_gb(2) >= 0);
  }
  Gpu odd = test::shipped_catalog().gpus.front();
  odd.id = "odd";
  odd.vram_gb = std::nan("");
  odd.fp16_tensor_tflops = std::numeric_limits<double>::denorm_min();
  odd.bf16_tensor_tflops.reset();
  SpeedInput input;
  input.model = *speed_model_from_preset("llama-3-8b");
  const SpeedEstimate e = estimate_speed(odd, input, test::shipped_calibration());
  CHECK(std::isfinite(e.usable_gb));
  CHECK(e.usable_gb == 0);
  CHECK_FALSE(e.fits);
  CHECK(std::isfinite(e.time_to_first_token_s));
  CHECK(e.time_to_first_token_s >= 0);
}
