// Performance per dollar and per watt: hand-worked ratios, missing prices, overrides.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_support.h"
#include "money/value.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
Catalog value_catalog() {
  json priced = valid_row("priced");  // street price 2000 below; tdp 250
  priced["tdp_w"] = 250;
  json msrp = valid_row("msrp-only");  // launch 1499, tdp 350, no rate
  json bare = valid_row("bare");
  bare.erase("launch_price_usd");
  json dual = valid_row("dual");
  dual["gpus_per_board"] = 2;
  dual["tdp_w"] = 300;
  dual["launch_price_usd"] = 1000;
  return load_catalog(catalog_text(json::array({priced, msrp, bare, dual})));
}
PriceBook value_book() {
  json street = {{"gpu_id", "priced"}, {"usd", 2000}, {"condition", "new"}, {"date_seen", "2026-05-01"},
                 {"source", "https://example.com/s"}};
  json rate = {{"gpu_id", "priced"}, {"provider", "P"}, {"provider_kind", "gpu-cloud"}, {"pricing", "on-demand"},
               {"usd_per_gpu_hour", 0.5}, {"date_seen", "2026-09-20"}, {"source", "https://example.com/r"}};
  json spot = rate;
  spot["pricing"] = "spot";
  spot["usd_per_gpu_hour"] = 0.1;
  return load_prices(dump_json(json{{"schema_version", 1}, {"cny_per_usd", 7},
                                    {"street_prices", json::array({street})},
                                    {"cloud_rates", json::array({rate, spot})}}));
}
bool lacks(const ValueRow& row, const std::string& what) {
  for (const auto& m : row.missing) {
    if (m == what) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("value: score per 1000 USD and per USD-hour and per watt worked by hand") {
  const Catalog c = value_catalog();
  REQUIRE(c.issues.empty());
  const auto rows = value_table(c, value_book(), {{0, 100}});
  REQUIRE(rows.size() == 1);
  const ValueRow& r = rows[0];
  CHECK(r.gpu_id == "priced");
  CHECK(r.price.kind == PriceKind::street_new);
  CHECK(*r.score_per_1000_usd == Approx(50));     // 100 / 2000 × 1000
  CHECK(*r.score_per_usd_per_hour == Approx(200));  // 100 / 0.5 (the on-demand rate, not spot's 0.1)
  CHECK(*r.score_per_watt == Approx(0.4));         // 100 / 250
  CHECK(r.rate->provider == "P");
  CHECK(r.missing.empty());
}

TEST_CASE("value: rows without a price or rate say so with no division by zero") {
  const Catalog c = value_catalog();
  const auto rows = value_table(c, value_book(), {{1, 60}, {2, 60}});
  REQUIRE(rows.size() == 2);
  CHECK(*rows[0].score_per_1000_usd == Approx(60.0 / 1499 * 1000));  // MSRP 1499: 40.03
  CHECK_FALSE(rows[0].score_per_usd_per_hour);
  CHECK(lacks(rows[0], "rate"));
  CHECK_FALSE(rows[1].score_per_1000_usd);
  CHECK_FALSE(rows[1].price_usd);
  CHECK(lacks(rows[1], "price"));
  CHECK(*rows[1].score_per_watt == Approx(60.0 / 350));
}

TEST_CASE("value: the user's price and rate override the data and zero or bad overrides are ignored") {
  const Catalog c = value_catalog();
  PriceOverrides overrides;
  overrides.price_usd["priced"] = 500;         // 100 / 500 × 1000 = 200
  overrides.rate_usd_per_hour["priced"] = 2;   // 100 / 2 = 50
  overrides.price_usd["bare"] = 0;             // free is not a price: ignored, still missing
  overrides.rate_usd_per_hour["bare"] = NAN;
  const auto rows = value_table(c, value_book(), {{0, 100}, {2, 100}}, overrides);
  CHECK(rows[0].price.kind == PriceKind::user);
  CHECK(*rows[0].score_per_1000_usd == Approx(200));
  CHECK(rows[0].rate_is_user);
  CHECK(*rows[0].score_per_usd_per_hour == Approx(50));
  CHECK_FALSE(rows[1].score_per_1000_usd);
  CHECK_FALSE(rows[1].score_per_usd_per_hour);
}

TEST_CASE("value: a two-GPU board is priced and powered per GPU") {
  // launch 1000 per board / 2 = 500 per GPU; 300 W / 2 = 150 W per GPU.
  const auto rows = value_table(value_catalog(), value_book(), {{3, 30}});
  CHECK(*rows[0].price_usd == Approx(500));
  CHECK(rows[0].power_w == Approx(150));
  CHECK(*rows[0].score_per_1000_usd == Approx(60));  // 30 / 500 × 1000
  CHECK(*rows[0].score_per_watt == Approx(0.2));     // 30 / 150
}

TEST_CASE("value: bad indexes are skipped and bad scores become 0 and are flagged") {
  const auto rows = value_table(value_catalog(), value_book(), {{-1, 5}, {99, 5}, {0, NAN}, {0, -3}});
  REQUIRE(rows.size() == 2);
  for (const auto& row : rows) {
    CHECK(row.score == 0);
    CHECK(lacks(row, "score"));
    CHECK(*row.score_per_1000_usd == 0);
    CHECK(std::isfinite(*row.score_per_watt));
  }
}

TEST_CASE("value: sorting puts the best first and rows without the figure last") {
  auto rows = value_table(value_catalog(), value_book(), {{2, 90}, {1, 60}, {0, 100}});
  // per 1,000 USD: bare none, msrp-only 60/1499×1000 = 40.03, priced 100/2000×1000 = 50
  sort_value_table(rows, ValueMetric::per_1000_usd);
  CHECK(rows[0].gpu_id == "priced");
  CHECK(rows[1].gpu_id == "msrp-only");
  CHECK(rows[2].gpu_id == "bare");
  // per watt: bare 90/350 = 0.257, msrp-only 60/350 = 0.171, priced 100/250 = 0.4
  sort_value_table(rows, ValueMetric::per_watt);
  CHECK(rows[0].gpu_id == "priced");
  CHECK(rows[1].gpu_id == "bare");
  CHECK(std::string(value_metric_key(ValueMetric::per_usd_per_hour)) == "score_per_usd_per_hour");
}
