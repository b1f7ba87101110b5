// Rows whose maker publishes no board power or memory bandwidth (Huawei's Ascend 910B
// and 910C, Moore Threads' MTT S4000, Apple's M5 Ultra): the loader takes them without
// the figure, and everything that would have used it says so instead of using zero.
#include <catch2/catch.hpp>

#include <cmath>

#include "estimate/advisor.h"
#include "catalog/metrics.h"
#include "money/prices.h"
#include "money/roi.h"
#include "estimate/speed.h"
#include "test_support.h"
#include "money/value.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {

// A module as the Ascend 910B row is written: no tdp_w, no memory_bandwidth_gbs.
json unpublished_row() {
  json row = valid_row("npu");
  row["name"] = "Test NPU";
  row["vendor"] = "Huawei";
  row["line"] = "datacenter";
  row["series"] = "Ascend 910";
  row["architecture"] = "Da Vinci";
  row.erase("compute_capability");
  row.erase("tdp_w");
  row.erase("memory_bandwidth_gbs");
  row["kind"] = "module";
  row["software"] = {"cann", "torch-npu"};
  return row;
}

const Catalog& two_cards() {
  static const Catalog c = load_catalog(catalog_text(json::array({valid_row(), unpublished_row()})));
  return c;
}

}  // namespace

TEST_CASE("a row without board power or bandwidth loads, and the figures stay unknown", "[unpublished]") {
  const Catalog& c = two_cards();
  REQUIRE(c.error_count() == 0);
  const Gpu& npu = c.gpus[static_cast<std::size_t>(c.find("npu"))];
  CHECK_FALSE(npu.tdp_w.has_value());
  CHECK_FALSE(npu.memory_bandwidth_gbs.has_value());
  // Written back without them (no 0 W appears in the JSON).
  const json back = json::parse(catalog_to_json(c));
  CHECK_FALSE(back["gpus"][1].contains("tdp_w"));
  CHECK_FALSE(back["gpus"][1].contains("memory_bandwidth_gbs"));
  // A value of zero is still refused: leaving the field out is how "unknown" is written.
  json zero = unpublished_row();
  zero["tdp_w"] = 0;
  CHECK(load_catalog(catalog_text(json::array({zero}))).error_count() == 1);
}

TEST_CASE("ranking metrics that need the missing figure are missing, not zero", "[unpublished]") {
  const Gpu& npu = two_cards().gpus[1];
  for (const RankingMetric& metric : ranking_metrics()) {
    const std::string key = metric.key;
    if (key != "memory_bandwidth_gbs" && key != "tdp_w" && key.find("per_watt") == std::string::npos) continue;
    INFO(key);
    CHECK_FALSE(profile_metric_value(metric, npu).value.has_value());
  }
}

TEST_CASE("the speed model gives no decode figure without bandwidth, prefill still runs", "[unpublished]") {
  const SpeedInput input;  // Llama 3 8B at Q4_K_M, 4096 tokens
  const SpeedCalibration calibration = test::round_calibration();
  const SpeedEstimate e = estimate_speed(two_cards().gpus[1], input, calibration);
  CHECK(e.decode_tokens_per_s == 0);
  CHECK(e.prefill_tokens_per_s > 0);  // compute is known; no power figure means no power cap
  CHECK(std::isfinite(e.time_to_first_token_s));
}

TEST_CASE("buy or rent asks for the watts when the maker publishes none", "[unpublished]") {
  const PriceBook book = load_prices(dump_json(json{{"schema_version", 1}}), two_cards());
  RoiView view;
  view.gpu_id = "npu";
  view.price_usd = 12000;
  view.rate_usd_per_hour = 1.5;
  const RoiResult without = compute_roi(two_cards(), book, view);
  CHECK_FALSE(without.ok);
  CHECK(without.error.find("no board power for Test NPU") == 0);
  view.power_w = 350;
  const RoiResult with = compute_roi(two_cards(), book, view);
  REQUIRE(with.ok);
  CHECK(with.electricity_total_usd > 0);
}

TEST_CASE("the advisor sizes no power supply without a board power, and says why", "[unpublished]") {
  AdvisorView view;
  view.gpu_count = 8;
  const AdvisorResult advice = advise(two_cards().gpus[1], view);
  CHECK(advice.power_supply.choice == "unknown");
  CHECK(advice.power_supply.why.text().find("Test NPU's maker publishes no board power") == 0);
  for (const TemplateText& warning : advice.warnings) CHECK(warning.text().find("power supply delivers") == std::string::npos);
  // The card with a TDP still gets its supply.
  CHECK(advise(two_cards().gpus[0], view).power_supply.value > 0);
}

TEST_CASE("the shipped Ascend, MTT and M5 Ultra rows load with only their published figures", "[unpublished]") {
  const Catalog& c = test::shipped_catalog();
  for (const char* id : {"ascend-910b", "ascend-910c", "ascend-910", "mtt-s4000", "apple-m5-ultra-80c"}) {
    INFO(id);
    const int index = c.find(id);
    REQUIRE(index >= 0);
    const Gpu& gpu = c.gpus[static_cast<std::size_t>(index)];
    CHECK(!gpu.sources.empty());
    CHECK(!gpu.software.empty());
    // Each says in its notes which figure is left out and why.
    CHECK(gpu.notes.find("left out") != std::string::npos);
  }
  CHECK_FALSE(c.gpus[static_cast<std::size_t>(c.find("ascend-910b"))].memory_bandwidth_gbs.has_value());
  CHECK_FALSE(c.gpus[static_cast<std::size_t>(c.find("ascend-910c"))].tdp_w.has_value());
}
