// Buy vs rent: hand-worked break-even, per-hour cost, depreciation, the owner's three
// options and every edge case, with the arithmetic in comments (docs/roi.md has the
// formulas). One month is 365.25 / 12 = 30.4375 days.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <regex>

#include "money/roi.h"
#include "money/roi_formulas.h"
#include "money/roi_json.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::read_source_file;
using gpuwise::test::valid_row;

namespace {
json card(const std::string& id, std::optional<double> launch_price) {
  json row = valid_row(id);
  row["tdp_w"] = 200;
  row.erase("launch_price_usd");
  if (launch_price) row["launch_price_usd"] = *launch_price;
  return row;
}
const Catalog& roi_catalog() {
  static const Catalog c = load_catalog(catalog_text(json::array(
      {card("test-card", 1000), card("used-card", std::nullopt), card("no-price", std::nullopt),
       card("no-rate", 1000)})));
  return c;
}
json rate(const std::string& id, const std::string& provider, double usd, const std::string& pricing) {
  return {{"gpu_id", id}, {"provider", provider}, {"provider_kind", "gpu-cloud"}, {"pricing", pricing},
          {"usd_per_gpu_hour", usd}, {"date_seen", "2026-09-20"}, {"source", "https://example.com/" + provider}};
}
json street(const std::string& id, double usd, const std::string& condition) {
  return {{"gpu_id", id}, {"usd", usd}, {"condition", condition}, {"date_seen", "2026-05-01"},
          {"source", "https://example.com/street"}};
}
const PriceBook& roi_book() {
  static const PriceBook b = load_prices(dump_json(json{
      {"schema_version", 1},
      {"cny_per_usd", 7},
      {"street_prices", json::array({street("used-card", 1000, "new"), street("used-card", 600, "used")})},
      {"cloud_rates", json::array({rate("test-card", "Cloud A", 1.0, "on-demand"),
                                   rate("test-card", "Spot B", 0.8, "spot"),
                                   rate("used-card", "Cloud A", 1.0, "on-demand"),
                                   rate("no-price", "Cloud A", 1.0, "on-demand")})}}));
  return b;
}

// The first worked case: one card bought for 1000 (its MSRP), worth nothing after the
// first month (resale 0 at the horizon), 200 W, no host, 0.25 USD/kWh, 8 h a day, rented at
// 1.00 USD/h.
RoiView worked_view() {
  RoiView v;
  v.gpu_id = "test-card";
  v.gpu_count = 1;
  v.rate_usd_per_hour = 1.0;
  v.host_cost_usd = 0;
  v.host_power_w = 0;
  v.kwh_price_usd = 0.25;
  v.hours_per_day = 8;
  v.months = 12;
  v.depreciation_pct_per_year = 0;
  v.resale_usd = 0;
  v.maintenance_usd_per_year = 0;
  return v;
}
RoiResult roi(const RoiView& v) { return compute_roi(roi_catalog(), roi_book(), v); }
bool has_notice(const RoiResult& r, const std::string& field, const std::string& words) {
  for (const auto& n : r.notices) {
    if (n.field == field && n.message.find(words) != std::string::npos) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("roi: the test catalog and prices load cleanly") {
  REQUIRE(roi_catalog().issues.empty());
  REQUIRE(roi_book().issues.empty());
}

TEST_CASE("roi: break-even month worked by hand") {
  const RoiResult r = roi(worked_view());
  REQUIRE(r.ok);
  // resale_now = 1000 × (1 − 0) = 1000 (no used price in data, 0 % depreciation);
  // value(m) = 1000 × (0 / 1000)^(m / 12) = 0 for every m >= 1.
  // electricity(m) = 0.2 kW × 8 h × 30.4375 × m × 0.25 = 12.175 m
  // own(m) = 1000 + 12.175 m − 0;  rent(m) = 1.00 × 8 × 30.4375 × m = 243.5 m
  REQUIRE(r.months.size() == 12);
  CHECK(r.months[0].own_usd == Approx(1012.175));
  CHECK(r.months[0].rent_usd == Approx(243.5));
  CHECK(r.months[3].own_usd == Approx(1048.7));  // month 4: 1048.7 > 974, not yet
  CHECK(r.months[3].rent_usd == Approx(974));
  CHECK(r.months[4].own_usd == Approx(1060.875));  // month 5: 1060.875 <= 1217.5
  CHECK(r.months[4].rent_usd == Approx(1217.5));
  REQUIRE(r.break_even_month);
  CHECK(*r.break_even_month == 5);  // 1000 / (243.5 − 12.175) = 4.32 → month 5
  CHECK(r.never_reason == NeverReason::none);
  CHECK(r.own_at_purchase_usd == Approx(0));  // value(0) = 1000: nothing lost on day one
  CHECK(r.purchase_usd == Approx(1000));
}

TEST_CASE("roi: cost per delivered GPU-hour and the difference at the horizon") {
  const RoiResult r = roi(worked_view());
  // hours(12) = 1 × 8 × 30.4375 × 12 = 2922
  // own(12) = 1000 + 12.175 × 12 = 1146.1 → 1146.1 / 2922 = 0.392231 per GPU-hour
  // rent(12) = 2922 → 1.00 per GPU-hour; owning saves 2922 − 1146.1 = 1775.9
  CHECK(r.gpu_hours == Approx(2922));
  CHECK(*r.own_cost_per_gpu_hour == Approx(0.392231).epsilon(1e-5));
  CHECK(*r.rent_cost_per_gpu_hour == Approx(1.0));
  CHECK(r.running_cost_per_gpu_hour == Approx(0.05));  // 146.1 / 2922: 0.2 kW × 0.25
  CHECK(r.owning_saves_usd == Approx(1775.9));
  CHECK(r.electricity_total_usd == Approx(146.1));
}

TEST_CASE("roi: more GPUs scale both sides and the break-even month stays") {
  RoiView v = worked_view();
  v.gpu_count = 4;
  const RoiResult r = roi(v);
  // own(m) = 4000 + 48.7 m, rent(m) = 974 m → 4000 / 925.3 = 4.32 → month 5
  CHECK(r.months[0].own_usd == Approx(4048.7));
  CHECK(r.months[0].rent_usd == Approx(974));
  CHECK(*r.break_even_month == 5);
}

TEST_CASE("roi: sales tax is paid on the cards and the host and not got back on resale") {
  RoiView v = worked_view();
  v.sales_tax_pct = 20;
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  // purchase = 1000 × 1.20 = 1200; value(0) = 1000: the 200 of tax is lost the day it is bought.
  CHECK(r.purchase_usd == Approx(1200));
  CHECK(r.own_at_purchase_usd == Approx(200));
  // own(m) = 1200 + 12.175 m, rent(m) = 243.5 m: own(5) = 1260.875 > 1217.5, own(6) = 1273.05 <= 1461.
  CHECK(r.months[4].own_usd == Approx(1260.875));
  REQUIRE(r.break_even_month);
  CHECK(*r.break_even_month == 6);  // month 5 without the tax
  CHECK(r.rent_total_usd == Approx(2922));  // renting pays no purchase tax
  CHECK(roi_to_json(r)["inputs"]["sales_tax_pct"] == 20);
  // The host is taxed too: (1000 + 500) × 1.20; it is worth its pre-tax 500 at 0 % depreciation.
  v.host_cost_usd = 500;
  const RoiResult host = roi(v);
  CHECK(host.purchase_usd == Approx(1800));
  CHECK(host.hardware_value_at_horizon_usd == Approx(500));
  v.sales_tax_pct = 150;
  const RoiResult clamped = roi(v);
  CHECK(clamped.view.sales_tax_pct == 100);
  CHECK(has_notice(clamped, "sales_tax_pct", "sales_tax_pct 150 is out of range; clamped to 100"));
}

TEST_CASE("roi: depreciation and resale now and the host") {
  RoiView v = worked_view();
  v.resale_usd.reset();
  v.depreciation_pct_per_year = 25;
  v.host_cost_usd = 2000;
  v.power_w = 0;  // no electricity: own(m) is purchase − value(m) only
  v.months = 36;
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  // No used price for test-card: resale_now = 1000 × (1 − 0.25) = 750.
  CHECK(r.figures.resale_now_usd == Approx(750));
  CHECK(r.defaults.resale_now_basis == "depreciation");
  // value(12) = 750 × 0.75 = 562.5; host_value(12) = 2000 × 0.75^(1 + 1) = 1125
  // own(12) = 3000 − 562.5 − 1125 = 1312.5
  CHECK(r.months[11].own_usd == Approx(1312.5));
  // value(36) = 750 × 0.75^3 = 316.40625; host_value(36) = 2000 × 0.75^4 = 632.8125
  CHECK(r.hardware_value_at_horizon_usd == Approx(316.40625 + 632.8125));
  // Month 0: 3000 − 750 − 1500 = 750 lost the day it is bought.
  CHECK(r.own_at_purchase_usd == Approx(750));
}

TEST_CASE("roi: a used street price in data is the resale value now") {
  RoiView v = worked_view();
  v.gpu_id = "used-card";
  v.resale_usd.reset();
  v.depreciation_pct_per_year = 25;
  v.power_w = 0;
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  CHECK(r.defaults.price.kind == PriceKind::street_new);  // new 1000 beats used 600
  CHECK(r.figures.price_usd == Approx(1000));
  // resale_now = min(1000, 600) = 600; value(12) = 600 × 0.75 = 450 → own(12) = 1000 − 450
  CHECK(r.figures.resale_now_usd == Approx(600));
  CHECK(r.defaults.resale_now_basis == "street_used");
  CHECK(r.months[11].own_usd == Approx(550));
  // Bought used at 500, below the used price: nothing is lost on day one.
  v.price_usd = 500;
  CHECK(roi(v).figures.resale_now_usd == Approx(500));
}

TEST_CASE("roi: resale at the horizon overrides depreciation along a geometric path") {
  RoiView v = worked_view();
  v.depreciation_pct_per_year = 25;  // resale_now = 750 (no used price)
  v.resale_usd = 400;
  v.months = 24;
  v.power_w = 0;
  const RoiResult r = roi(v);
  // value(24) = 750 × (400 / 750)^(24 / 24) = 400 → own(24) = 1000 − 400 = 600
  CHECK(r.months[23].own_usd == Approx(600));
  // value(12) = 750 × (400 / 750)^(1/2) = 547.7226 → own(12) = 452.2774
  CHECK(r.months[11].own_usd == Approx(452.2774).epsilon(1e-6));
  // implied yearly depreciation: 1 − (400 / 750)^(12 / 24) = 26.97 %
  CHECK(r.effective_depreciation_pct_per_year == Approx(26.97).epsilon(1e-3));
}

TEST_CASE("roi: resale above the price is clamped to the price with a notice") {
  RoiView v = worked_view();
  v.resale_usd = 1200;
  const RoiResult r = roi(v);
  CHECK(*r.view.resale_usd == Approx(1000));  // the clamped view is what the curves read
  CHECK(has_notice(r, "resale_usd", "clamped to the price"));
}

TEST_CASE("roi: the owner's three options at 12 and 24 and 36 months") {
  RoiView v;
  v.gpu_id = "test-card";  // MSRP 1000, no used price
  v.gpu_count = 2;
  v.rate_usd_per_hour = 1.0;
  v.power_w = 300;
  v.idle_w = 20;           // idle cards still draw power (issue 28)
  v.host_cost_usd = 0;
  v.host_power_w = 100;
  v.kwh_price_usd = 0.10;
  v.depreciation_pct_per_year = 25;
  v.maintenance_usd_per_year = 120;
  v.rent_out_rate_usd_per_hour = 0.50;
  v.occupancy_pct = 50;
  v.platform_fee_pct = 20;
  v.rent_decline_pct_per_year = 0;  // rates stay (the decline has its own case below)
  const RoiResult r = roi(v);
  REQUIRE(r.owner.size() == 3);
  const OwnerHorizon& year = r.owner[0];
  CHECK(year.months == 12);
  // sell now: 2 × 1000 × (1 − 0.25) = 1500
  CHECK(year.sell_now_usd == Approx(1500));
  // The host idles at 30 % of its 100 W (kHostIdleShare): 30 W.
  CHECK(r.figures.host_idle_w == Approx(30));
  // keep idle: 2 × 750 × 0.75 − 120 − idle power (2 × 20 + 30 W = 0.07 kW × 8766 h × 0.10 = 61.362)
  //          = 1125 − 120 − 61.362 = 943.638
  CHECK(year.hardware_value_usd == Approx(1125));
  CHECK(year.keep_idle_power_usd == Approx(61.362));
  CHECK(year.keep_idle_usd == Approx(943.638));
  // rented hours: 2 × 0.5 × 24 × 365.25 = 8766; income: 0.50 × (1 − 0.2) × 8766 = 3506.4
  CHECK(year.rent_out_income_usd == Approx(3506.4));
  // power: working (2 × 300 + 100) W × 0.5 + idle (2 × 20 + 30) W × 0.5 = 385 W
  //        = 0.385 kW × 8766 h × 0.10 = 337.491
  CHECK(year.rent_out_power_usd == Approx(337.491));
  // rent out: 1125 + 3506.4 − 337.491 − 120 = 4173.909
  CHECK(year.rent_out_usd == Approx(4173.909));
  CHECK(year.best == "rent_out");
  // 36 months: value 2 × 750 × 0.75^3 = 632.8125; keep idle 632.8125 − 360 − 3 × 61.362 = 88.7265
  // rent out: 632.8125 + 3 × 3506.4 − 3 × 337.491 − 360 = 9779.5395
  CHECK(r.owner[2].keep_idle_usd == Approx(88.7265));
  CHECK(r.owner[2].rent_out_usd == Approx(9779.5395));
  CHECK(r.owner[2].sell_now_usd == Approx(1500));  // cash does not change with time

  // Nobody rents them (0 % occupancy): idle cards and the idle host draw power around the clock.
  v.occupancy_pct = 0;
  const OwnerHorizon idle = roi(v).owner[0];
  // 1125 + 0 − 0.07 × 8766 × 0.10 − 120 = 1125 − 61.362 − 120 = 943.638, the same as keeping them
  CHECK(idle.rent_out_usd == Approx(943.638));
  CHECK(idle.rent_out_usd == Approx(idle.keep_idle_usd));
  CHECK(idle.best == "sell_now");

  // Colocation: 40 a month for the machine costs keep and rent-out alike; 12 months: 480.
  v.occupancy_pct = 50;
  v.colocation_usd_per_month = 40;
  const OwnerHorizon colo = roi(v).owner[0];
  CHECK(colo.colocation_usd == Approx(480));
  CHECK(colo.keep_idle_usd == Approx(943.638 - 480));
  CHECK(colo.rent_out_usd == Approx(4173.909 - 480));
}

TEST_CASE("roi: an idle host draws its idle power, not its working power (keep idle and rent out)") {
  // Eight 300 W modules with 30 W idle in a server whose host draws 4,600 W at work, 0.182 USD/kWh
  // (the US tariff), rented out at 50 % occupancy; 12 months = 8766 hours.
  RoiView v;
  v.gpu_id = "test-card";
  v.gpu_count = 8;
  v.rate_usd_per_hour = 1.0;
  v.power_w = 300;
  v.idle_w = 30;
  v.host_cost_usd = 0;
  v.host_power_w = 4600;
  v.kwh_price_usd = 0.182;
  v.depreciation_pct_per_year = 25;
  v.rent_out_rate_usd_per_hour = 0.50;
  v.occupancy_pct = 50;
  v.platform_fee_pct = 20;
  v.rent_decline_pct_per_year = 0;
  const RoiResult assumed = roi(v);
  REQUIRE(assumed.ok);
  CHECK(assumed.defaults.host_idle_basis == "assumed");
  CHECK(assumed.figures.host_idle_w == Approx(4600 * kHostIdleShare));  // 1380 W
  const OwnerHorizon& year = assumed.owner[0];
  // keep idle: (8 × 30 + 1380) W = 1.62 kW × 8766 h × 0.182 = 2584.57 (the host at its working
  // 4,600 W made it 4.84 kW, 7721.79)
  CHECK(year.keep_idle_power_usd == Approx(1.62 * 8766 * 0.182));
  // rent out: (8 × 300 + 4600) W × 0.5 + 1620 W × 0.5 = 4.31 kW × 8766 × 0.182 = 6876.23 (was 9444.84)
  CHECK(year.rent_out_power_usd == Approx(4.31 * 8766 * 0.182));
  // hardware 8 × 750 × 0.75 = 4500; income 0.5 × 0.8 × 8 × 0.5 × 8766 = 14025.6
  CHECK(year.keep_idle_usd == Approx(4500 - 1.62 * 8766 * 0.182));
  CHECK(year.rent_out_usd == Approx(4500 + 14025.6 - 4.31 * 8766 * 0.182));

  // The reader's own idle figure for the host: 600 W. Both options move with it; working power
  // (the buy-or-rent curves) does not.
  v.host_idle_w = 600;
  const RoiResult given = roi(v);
  CHECK(given.defaults.host_idle_basis == "user");
  CHECK(given.figures.host_idle_w == Approx(600));
  CHECK(given.owner[0].keep_idle_power_usd == Approx(0.84 * 8766 * 0.182));             // (240 + 600) W
  CHECK(given.owner[0].rent_out_power_usd == Approx((7.0 * 0.5 + 0.84 * 0.5) * 8766 * 0.182));
  CHECK(given.electricity_total_usd == Approx(assumed.electricity_total_usd));
  CHECK(roi_to_json(given)["inputs"]["host_idle_w"] == Approx(600));
  CHECK(roi_to_json(given)["defaults"]["host_idle"]["basis"] == "user");
  CHECK(roi_to_json(assumed)["defaults"]["host_idle"]["assumed_share_of_host_power"] == Approx(0.3));

  // The popup's lines add up: the host's idle draw, then the idle power it enters.
  bool saw_host = false, saw_idle = false, saw_rent_out = false;
  for (const auto& line : roi_formulas(assumed)) {
    if (line.label == "Host draw while the GPUs idle") {
      saw_host = true;
      CHECK(line.numbers == "4600 × 0.3");
      CHECK(line.result == "1380 W");
    }
    if (line.label == "Idle power, kept on and ready (12 months)") {
      saw_idle = true;
      CHECK(line.formula == "idle_power(t) = (GPUs × idle_w + host_idle_w) / 1000 × 24 × 30.4375 × t × kWh price");
      CHECK(line.numbers == "(8 × 30 + 1380) / 1000 × 24 × 30.4375 × 12 × 0.182");
      CHECK(line.result == "$2,584.57");
    }
    if (line.label == "Rent-out power (12 months)") {
      saw_rent_out = true;
      CHECK(line.numbers == "((8 × 300 + 4600) × 0.5 + (8 × 30 + 1380) × (1 − 0.5)) / 1000 × 24 × 30.4375 × 12 × 0.182");
      CHECK(line.result == "$6,876.23");
    }
  }
  CHECK(saw_host);
  CHECK(saw_idle);
  CHECK(saw_rent_out);
  for (const auto& line : roi_formulas(given)) {
    if (line.label == "Host draw while the GPUs idle") CHECK(line.formula == "host_idle_w: your figure");
  }
}

TEST_CASE("roi: idle draw without a sourced idle_w is a stated share of the board power per kind") {
  CHECK(idle_share_of_tdp("card") == Approx(0.06));
  CHECK(idle_share_of_tdp("module") == Approx(0.10));
  CHECK(idle_share_of_tdp("system") == Approx(0.05));
  RoiView v = worked_view();
  v.idle_w.reset();
  v.power_w.reset();  // the card's 200 W TDP
  const RoiResult r = roi(v);
  // a card (valid_row's kind): 6 % of 200 W = 12 W, said so
  CHECK(r.figures.idle_w == Approx(12));
  CHECK(r.defaults.idle_basis == "assumed");
  CHECK(r.defaults.idle_share == Approx(0.06));
  CHECK(roi_to_json(r)["defaults"]["idle"]["assumed_share_of_tdp"] == Approx(0.06));
}

TEST_CASE("roi: rental rates falling by 20 % a year cut rent-out income and renting alike") {
  RoiView v = worked_view();
  v.rent_out_rate_usd_per_hour = 0.50;
  v.occupancy_pct = 50;
  v.platform_fee_pct = 20;
  v.rent_decline_pct_per_year = 20;
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  CHECK(r.figures.rent_decline_pct_per_year == Approx(20));
  // rent_months(12) = 12 × (1 − 0.8) / −ln 0.8 = 2.4 / 0.2231436 = 10.75536
  const double months = 2.4 / -std::log(0.8);
  CHECK(RoiModel{r.view, r.figures}.rent_months(12) == Approx(months));
  // renting 12 months: 1.00 × 1 GPU × 8 h × 30.4375 × 10.75536 = 2618.93
  CHECK(r.rent_total_usd == Approx(8 * 30.4375 * months));
  // income: 0.50 × 0.8 × 1 × 0.5 × 24 × 30.4375 × 10.75536
  CHECK(r.owner[0].rent_out_income_usd == Approx(0.5 * 0.8 * 0.5 * 24 * 30.4375 * months));
  // No decline: exactly 12 months of rent.
  v.rent_decline_pct_per_year = 0;
  CHECK(roi(v).rent_total_usd == Approx(8 * 30.4375 * 12));
}

TEST_CASE("roi: the default decline is the median over the rental history's year-long series") {
  PriceBook book;
  book.rental_history = {
      {"a", {{"2024-01-01", 4.0}, {"2025-01-01", 2.0}}, "https://example.com/a", ""},      // −50 % a year
      {"b", {{"2024-01-01", 4.0}, {"2026-01-01", 3.24}}, "https://example.com/b", ""},     // −10 % a year
      {"c", {{"2024-01-01", 4.0}, {"2025-01-01", 3.6}}, "https://example.com/c", ""},      // −10 % a year
      {"d", {{"2026-09-30", 7.85}, {"2026-10-01", 9.5}}, "https://example.com/d", ""},     // under a year: left out
  };
  int series = 0;
  CHECK(rental_decline_default(book, &series) == Approx(0.10));
  CHECK(series == 3);
  CHECK(rental_decline_default(PriceBook{}) == 0);
}

TEST_CASE("roi: defaults come from data and say where from") {
  RoiView v;
  v.gpu_id = "test-card";
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  CHECK(r.defaults.price.kind == PriceKind::launch_msrp);
  CHECK(r.figures.price_usd == 1000);
  REQUIRE(r.defaults.rate);
  CHECK(r.defaults.rate->provider == "Cloud A");  // on-demand 1.0, not the 0.8 spot rate
  CHECK(r.figures.rate_usd_per_hour == 1.0);
  CHECK(r.defaults.power_is_tdp);
  CHECK(r.figures.power_w == 200);
  CHECK(r.defaults.rent_out_rate_is_rate);
  CHECK(r.figures.rent_out_rate_usd_per_hour == 1.0);
  const json j = roi_to_json(r);
  CHECK(j["defaults"]["price"]["kind"] == "launch_msrp");
  CHECK(j["defaults"]["rate"]["provider"] == "Cloud A");
  CHECK(j["defaults"]["power"]["kind"] == "tdp");

  v.price_usd = 900;
  v.rate_usd_per_hour = 2;
  v.power_w = 250;
  const RoiResult user = roi(v);
  CHECK(user.defaults.price.kind == PriceKind::user);
  CHECK_FALSE(user.defaults.rate);
  CHECK_FALSE(user.defaults.power_is_tdp);
  CHECK(user.figures.rent_out_rate_usd_per_hour == 2);  // follows the user's rate
  CHECK(roi_to_json(user)["defaults"]["rate"]["kind"] == "user");
}

TEST_CASE("roi: a price or rate older than 12 months is flagged stale, in the result and the JSON") {
  // used-card: new 1000 and used 600 seen 2026-05-01; its rate seen 2026-09-20.
  PriceBook book = roi_book();
  RoiView v;
  v.gpu_id = "used-card";
  book.today = "2026-12-02";
  const RoiResult fresh = compute_roi(roi_catalog(), book, v);
  REQUIRE(fresh.ok);
  CHECK(fresh.defaults.price.age.known);
  CHECK(fresh.defaults.price.age.months == 7);
  CHECK_FALSE(fresh.defaults.uses_stale_price());
  const json fresh_json = roi_to_json(fresh);
  CHECK(fresh_json["uses_stale_price"] == false);
  CHECK(fresh_json["defaults"]["price"]["date_seen"] == "2026-05-01");
  CHECK(fresh_json["defaults"]["price"]["age_months"] == 7);
  CHECK(fresh_json["defaults"]["rate"]["date_seen"] == "2026-09-20");
  CHECK(fresh_json["defaults"]["rate"]["age_months"] == 2);
  CHECK(fresh_json["defaults"]["rate"]["stale"] == false);

  // A year and a half later the street prices are stale and the rate is not yet.
  book.today = "2027-09-21";
  const RoiResult later = compute_roi(roi_catalog(), book, v);
  CHECK(later.defaults.price.age.stale);
  CHECK(later.defaults.used_price_age.stale);
  CHECK(later.defaults.rate_age.stale);  // 2026-09-20 is more than 12 months before 2027-09-21
  CHECK(later.defaults.uses_stale_price());
  const json later_json = roi_to_json(later);
  CHECK(later_json["uses_stale_price"] == true);
  CHECK(later_json["defaults"]["price"]["stale"] == true);
  CHECK(later_json["defaults"]["resale_now"]["stale"] == true);

  // The user's own price and rate are never stale, whatever the date.
  v.price_usd = 900;
  v.rate_usd_per_hour = 2;
  const RoiResult user = compute_roi(roi_catalog(), book, v);
  CHECK_FALSE(user.defaults.price.age.known);
  CHECK(user.defaults.used_price_age.stale);  // the used price still sets the resale value
  CHECK(user.defaults.uses_stale_price());
  v.gpu_id = "test-card";
  CHECK_FALSE(compute_roi(roi_catalog(), book, v).defaults.uses_stale_price());

  // No today: ages are unknown (null in the JSON), and nothing is called stale.
  book.today.clear();
  v.gpu_id = "used-card";
  v.price_usd.reset();
  v.rate_usd_per_hour.reset();
  const RoiResult undated = compute_roi(roi_catalog(), book, v);
  CHECK_FALSE(undated.defaults.uses_stale_price());
  CHECK(roi_to_json(undated)["defaults"]["price"]["stale"].is_null());
}

TEST_CASE("roi edge: zero use never breaks even and reports no per-hour cost") {
  RoiView v = worked_view();
  v.hours_per_day = 0;
  const RoiResult r = roi(v);
  REQUIRE(r.ok);
  CHECK_FALSE(r.break_even_month);
  CHECK(r.never_reason == NeverReason::zero_use);
  CHECK(r.gpu_hours == 0);
  CHECK_FALSE(r.own_cost_per_gpu_hour);
  CHECK(r.months.back().rent_usd == 0);
  CHECK(r.months.back().own_usd == Approx(1000));  // the card is bought and worth 0
  CHECK(roi_to_json(r)["own_cost_per_gpu_hour"].is_null());
}

TEST_CASE("roi edge: a rental rate below the running cost never breaks even") {
  RoiView v = worked_view();
  v.rate_usd_per_hour = 0.04;  // electricity alone is 0.2 kW × 0.25 = 0.05 per GPU-hour
  const RoiResult r = roi(v);
  CHECK_FALSE(r.break_even_month);
  CHECK_FALSE(r.break_even_beyond_horizon_month);
  CHECK(r.never_reason == NeverReason::rate_below_running_cost);
  CHECK(r.never_text.find("$0.05/GPU-hour") != std::string::npos);
  CHECK(std::string(never_reason_key(r.never_reason)) == "rate_below_running_cost");
}

TEST_CASE("roi edge: a horizon too short reports the month it would break even") {
  RoiView v = worked_view();
  v.months = 3;  // break-even is month 5 (see the worked case)
  const RoiResult r = roi(v);
  CHECK_FALSE(r.break_even_month);
  CHECK(r.never_reason == NeverReason::horizon_too_short);
  REQUIRE(r.break_even_beyond_horizon_month);
  CHECK(*r.break_even_beyond_horizon_month == 5);
  CHECK(r.never_text == "Owning breaks even in month 5, after your 3-month horizon.");
}

TEST_CASE("roi edge: a break-even more than 100 years away is 'never'") {
  RoiView v = worked_view();
  // rent − electricity = 0.00001 × 243.5 = 0.002435 per month: 1000 / 0.002435 = 410,678 months
  v.rate_usd_per_hour = 0.05001;
  const RoiResult r = roi(v);
  CHECK(r.never_reason == NeverReason::beyond_search);
  CHECK_FALSE(r.break_even_beyond_horizon_month);
}

TEST_CASE("roi edge: a high rate breaks even in the first month") {
  RoiView v = worked_view();
  v.rate_usd_per_hour = 10;  // rent(1) = 2435 >= own(1) = 1012.175
  CHECK(*roi(v).break_even_month == 1);
}

TEST_CASE("roi edge: out-of-range inputs are clamped and each gets a notice") {
  RoiView v = worked_view();
  v.gpu_count = 0;
  v.months = 500;
  v.hours_per_day = 30;
  v.kwh_price_usd = std::numeric_limits<double>::quiet_NaN();
  v.depreciation_pct_per_year = 150;
  v.price_usd = -5;
  v.occupancy_pct = -1;
  const RoiResult r = roi(v);
  CHECK(r.view.gpu_count == 1);
  CHECK(has_notice(r, "gpu_count", "gpu_count 0 is out of range; clamped to 1"));
  CHECK(r.view.months == 120);
  CHECK(has_notice(r, "months", "clamped to 120"));
  CHECK(r.view.hours_per_day == 24);
  CHECK(has_notice(r, "hours_per_day", "clamped to 24"));
  CHECK(r.figures.kwh_price_usd == Approx(kFallbackKwhUsd));  // not a number: the fallback default
  CHECK(has_notice(r, "kwh_price_usd", "not a number"));
  CHECK(r.view.depreciation_pct_per_year == 100);
  CHECK(r.figures.price_usd == 0);
  CHECK(has_notice(r, "price_usd", "clamped to 0"));
  CHECK(r.view.occupancy_pct == 0);

  RoiView huge = worked_view();
  huge.gpu_count = 50000;
  huge.price_usd = 1e12;
  const RoiResult h = roi(huge);
  CHECK(h.view.gpu_count == 10000);
  CHECK(h.figures.price_usd == 10e6);

  RoiView infinite = worked_view();
  infinite.price_usd = std::numeric_limits<double>::infinity();
  const RoiResult i = roi(infinite);
  CHECK(i.figures.price_usd == 1000);  // dropped: the data's MSRP
  CHECK(has_notice(i, "price_usd", "using the default from data"));
}

TEST_CASE("roi edge: unknown card or no price or no rate") {
  RoiView v;
  v.gpu_id = "rtx-9999";
  RoiResult r = roi(v);
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("unknown GPU id 'rtx-9999'") != std::string::npos);

  v.gpu_id = "no-price";
  r = roi(v);
  CHECK_FALSE(r.ok);
  CHECK(r.missing == std::vector<std::string>{"price"});
  CHECK(r.error == "no price for GeForce RTX 3090 in the data; enter one");
  CHECK(r.months.empty());
  CHECK(roi_formulas(r).empty());
  v.price_usd = 800;  // the user's price completes it
  CHECK(roi(v).ok);

  v.gpu_id = "no-rate";
  v.price_usd.reset();
  r = roi(v);
  CHECK(r.missing == std::vector<std::string>{"rate"});
  CHECK(roi_to_json(r)["break_even_month"].is_null());
  CHECK(roi_to_json(r)["never_reason"] == "missing_input");
}

TEST_CASE("roi formulas show the sales tax in the purchase when there is one") {
  RoiView v = worked_view();
  v.host_cost_usd = 500;
  v.sales_tax_pct = 20;
  int purchases = 0;
  for (const auto& line : roi_formulas(roi(v))) {
    if (line.label != "Purchase") continue;
    ++purchases;
    CHECK(line.formula == "purchase = (GPUs × price + host_cost) × (1 + sales tax)");
    CHECK(line.numbers == "(1 × 1000 + 500) × (1 + 0.2)");
    CHECK(line.result == "$1,800.00");
  }
  CHECK(purchases == 1);
  v.sales_tax_pct = 0;  // no tax: the purchase line as it always read
  for (const auto& line : roi_formulas(roi(v))) {
    if (line.label == "Purchase") CHECK(line.formula == "purchase = GPUs × price + host_cost");
  }
}

TEST_CASE("roi formulas carry this result's numbers") {
  const RoiResult r = roi(worked_view());
  const auto lines = roi_formulas(r);
  REQUIRE(lines.size() > 10);
  bool saw_rent = false, saw_break_even = false;
  for (const auto& line : lines) {
    if (line.label == "Cost of renting to month m") {
      saw_rent = true;
      CHECK(line.numbers == "1 × 1 × 8 × 30.4375 × 12");
      CHECK(line.result == "$2,922.00");
    }
    if (line.label == "Break-even") {
      saw_break_even = true;
      CHECK(line.result == "month 5");
    }
  }
  CHECK(saw_rent);
  CHECK(saw_break_even);
  // In CNY at 7: 2922 × 7 = 20454
  bool saw_cny = false;
  for (const auto& line : roi_formulas(r, "CNY", 7)) {
    if (line.label == "Cost of renting to month m") {
      saw_cny = line.result == "\xC2\xA5" "20,454.00" && line.numbers == "7 × 1 × 8 × 30.4375 × 12";
    }
  }
  CHECK(saw_cny);
}

TEST_CASE("roi json has the CLI's shape") {
  const json j = roi_to_json(roi(worked_view()));
  CHECK(j["break_even_month"] == 5);
  CHECK(j["own_cost_per_gpu_hour"].get<double>() == Approx(0.3922));
  CHECK(j["rent_cost_per_gpu_hour"].get<double>() == Approx(1.0));
  REQUIRE(j["months"].size() == 12);
  CHECK(j["months"][0]["month"] == 1);
  CHECK(j["months"][0]["own"].get<double>() == Approx(1012.175));
  CHECK(j["months"][0]["rent"].get<double>() == Approx(243.5));
  CHECK(j["never_reason"].is_null());
  CHECK(j["owner"].size() == 3);
}

namespace {
bool finite_and(double x, bool non_negative = false) { return std::isfinite(x) && (!non_negative || x >= -1e-6); }

void check_sane(const RoiResult& r) {
  INFO("gpu_count " << r.view.gpu_count << " price " << r.figures.price_usd << " rate " << r.figures.rate_usd_per_hour
                    << " hours " << r.view.hours_per_day << " months " << r.view.months);
  if (!r.ok) return;
  REQUIRE(r.months.size() == static_cast<std::size_t>(r.view.months));
  for (const auto& m : r.months) {
    REQUIRE(finite_and(m.own_usd, true));  // own >= 0: the hardware never sells above cost
    REQUIRE(finite_and(m.rent_usd, true));
  }
  REQUIRE(finite_and(r.gpu_hours, true));
  REQUIRE(finite_and(r.purchase_usd, true));
  REQUIRE(finite_and(r.own_at_purchase_usd, true));
  REQUIRE(finite_and(r.own_total_usd, true));
  REQUIRE(finite_and(r.rent_total_usd, true));
  REQUIRE(finite_and(r.owning_saves_usd));
  REQUIRE(finite_and(r.running_cost_per_gpu_hour, true));
  REQUIRE(finite_and(r.hardware_value_at_horizon_usd, true));
  REQUIRE(finite_and(r.effective_depreciation_pct_per_year));
  if (r.own_cost_per_gpu_hour) REQUIRE(finite_and(*r.own_cost_per_gpu_hour, true));
  if (r.rent_cost_per_gpu_hour) REQUIRE(finite_and(*r.rent_cost_per_gpu_hour, true));
  REQUIRE((r.break_even_month.has_value() == (r.never_reason == NeverReason::none)));
  for (const auto& o : r.owner) {
    REQUIRE(finite_and(o.sell_now_usd, true));
    REQUIRE(finite_and(o.keep_idle_usd));
    REQUIRE(finite_and(o.rent_out_usd));
    REQUIRE(finite_and(o.rent_out_income_usd, true));
    REQUIRE(finite_and(o.rent_out_power_usd, true));
  }
  static const std::regex not_a_number("\\b(nan|inf)\\b", std::regex::icase);
  for (const auto& line : roi_formulas(r)) {
    const std::string all = line.numbers + line.result;
    REQUIRE_FALSE(std::regex_search(all, not_a_number));
  }
  const json out = roi_to_json(r);  // a named object: a range-for over a temporary's ["months"] dangles
  for (const auto& month : out["months"]) {
    REQUIRE(month["own"].is_number());
    REQUIRE(month["rent"].is_number());
  }
}
}  // namespace

TEST_CASE("roi: no NaN or inf or negative cost or hours for any extreme input") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> extremes = {nan, inf, -inf, -1e300, -1, 0, 1e-300, 1e-9, 0.5, 1, 24, 99.9, 100, 1e7, 1e300};
  const std::vector<int> counts = {std::numeric_limits<int>::min(), -1, 0, 1, 7, 10000, std::numeric_limits<int>::max()};

  // Every double field through every extreme value, on three baselines.
  using Setter = void (*)(RoiView&, double);
  const std::vector<Setter> setters = {
      [](RoiView& v, double x) { v.price_usd = x; },
      [](RoiView& v, double x) { v.rate_usd_per_hour = x; },
      [](RoiView& v, double x) { v.power_w = x; },
      [](RoiView& v, double x) { v.host_cost_usd = x; },
      [](RoiView& v, double x) { v.host_power_w = x; },
      [](RoiView& v, double x) { v.host_idle_w = x; },
      [](RoiView& v, double x) { v.kwh_price_usd = x; },
      [](RoiView& v, double x) { v.hours_per_day = x; },
      [](RoiView& v, double x) { v.depreciation_pct_per_year = x; },
      [](RoiView& v, double x) { v.resale_usd = x; },
      [](RoiView& v, double x) { v.maintenance_usd_per_year = x; },
      [](RoiView& v, double x) { v.rent_out_rate_usd_per_hour = x; },
      [](RoiView& v, double x) { v.occupancy_pct = x; },
      [](RoiView& v, double x) { v.platform_fee_pct = x; },
  };
  RoiView zero = worked_view();
  zero.price_usd = 0;
  zero.rate_usd_per_hour = 0;
  zero.hours_per_day = 0;
  zero.kwh_price_usd = 0;
  RoiView big = worked_view();
  big.gpu_count = 10000;
  big.price_usd = 10e6;
  big.rate_usd_per_hour = 1000;
  big.host_cost_usd = 1e9;
  big.months = 120;
  big.hours_per_day = 24;
  big.depreciation_pct_per_year = 100;
  for (const RoiView& base : {worked_view(), zero, big}) {
    for (Setter set : setters) {
      for (double x : extremes) {
        RoiView v = base;
        set(v, x);
        check_sane(roi(v));
      }
    }
    for (int count : counts) {
      for (int months : counts) {
        RoiView v = base;
        v.gpu_count = count;
        v.months = months;
        check_sane(roi(v));
      }
    }
  }

  // And random mixes of extremes (fixed seed: the run is repeatable).
  std::mt19937 rng(20260619);
  std::uniform_int_distribution<std::size_t> pick(0, extremes.size() - 1);
  std::uniform_int_distribution<std::size_t> pick_count(0, counts.size() - 1);
  for (int trial = 0; trial < 2000; ++trial) {
    RoiView v;
    v.gpu_id = trial % 2 ? "test-card" : "used-card";
    for (Setter set : setters) {
      if (rng() % 3) set(v, extremes[pick(rng)]);
    }
    if (rng() % 2) v.gpu_count = counts[pick_count(rng)];
    if (rng() % 2) v.months = counts[pick_count(rng)];
    const RoiResult r = roi(v);
    REQUIRE(r.ok);
    check_sane(r);
  }
}

TEST_CASE("roi on the shipped data: every priced card gives a finite result") {
  const Catalog catalog = load_catalog(read_source_file("data/gpus.json"));
  const PriceBook book = load_prices(read_source_file("data/prices.json"), catalog);
  int computed = 0;
  for (const Gpu& gpu : catalog.gpus) {
    RoiView v;
    v.gpu_id = gpu.id;
    const RoiResult r = compute_roi(catalog, book, v);
    if (r.ok) ++computed;
    check_sane(r);
  }
  CHECK(computed >= 15);  // 18 cards have both a price and an on-demand rate today
  RoiView v;  // the site's default view: rtx-4090
  const RoiResult r = compute_roi(catalog, book, v);
  REQUIRE(r.ok);
  CHECK(r.defaults.price.kind == PriceKind::street_new);
  CHECK(r.defaults.rate);
}

// [SECTION] The optional inputs, declared once (kRoiOptionals): each row, including one added
// later, is clamped, dropped when not a number, listed in the JSON and wins over the data.
TEST_CASE("roi: every optional input is clamped, dropped when not a number, and listed in the JSON",
          "[roi]") {
  for (const RoiOptional& row : kRoiOptionals) {
    INFO(row.name);
    RoiView over = worked_view();
    over.*row.value = row.range.max * 2 + 1;
    const RoiResult clamped = roi(over);
    CHECK(has_notice(clamped, row.name, "clamped to"));
    REQUIRE(clamped.view.*row.value);
    CHECK(*(clamped.view.*row.value) <= row.range.max);

    RoiView nan = worked_view();
    nan.*row.value = std::nan("");
    const RoiResult dropped = roi(nan);
    CHECK(has_notice(dropped, row.name, "not a number"));
    CHECK_FALSE(dropped.view.*row.value);

    const json inputs = roi_to_json(roi(worked_view()))["inputs"];
    CHECK(inputs.contains(row.name));
  }
}

TEST_CASE("roi: the buyer figure wins over the data default for every optional input with one", "[roi]") {
  const RoiView plain = worked_view();
  for (const RoiOptional& row : kRoiOptionals) {
    if (!row.resolved) continue;
    INFO(row.name);
    RoiView typed = plain;
    typed.*row.value = row.range.max / 1000 + 0.5;  // inside every range, unlike any default
    const RoiResult r = roi(typed);
    CHECK(r.figures.*row.resolved == Approx(*(typed.*row.value)));
    REQUIRE(resolved_figure(r, row.name));
    CHECK(*resolved_figure(r, row.name) == Approx(*(typed.*row.value)));
  }
}

TEST_CASE("roi: another card keeps the buyer assumptions and not one card or one machine figures", "[roi]") {
  RoiView view = worked_view();  // test-card x1, with its price, rate, host and tariff typed
  view.price_usd = 900;
  view.power_w = 300;
  view.host_cost_usd = 2000;
  view.occupancy_pct = 70;

  const RoiView same = roi_view_for(view, "test-card", 1);
  CHECK(same.price_usd);
  CHECK(same.host_cost_usd);

  const RoiView more = roi_view_for(view, "test-card", 4);  // the same card, another machine
  CHECK(more.price_usd == view.price_usd);
  CHECK(more.power_w == view.power_w);
  CHECK_FALSE(more.host_cost_usd);
  CHECK(more.gpu_count == 4);

  const RoiView other = roi_view_for(view, "other-card", 1);
  CHECK(other.gpu_id == "other-card");
  for (const RoiOptional& row : kRoiOptionals) {
    INFO(row.name);
    const bool kept = static_cast<bool>(other.*row.value);
    const bool typed = static_cast<bool>(view.*row.value);
    CHECK(kept == (typed && (row.scope == RoiScope::buyer || row.scope == RoiScope::renting)));
  }
  CHECK(other.kwh_price_usd == view.kwh_price_usd);
  CHECK(other.occupancy_pct == 70);

  const RoiView assumptions = buyer_assumptions(view);
  CHECK_FALSE(assumptions.price_usd);
  CHECK_FALSE(assumptions.host_cost_usd);
  CHECK(assumptions.kwh_price_usd == view.kwh_price_usd);
  CHECK(roi_field_scope("host_cost_usd") == RoiScope::machine);
  CHECK(roi_field_scope("gpu_id") == RoiScope::card);
  CHECK(roi_field_scope("months") == RoiScope::buyer);
}

TEST_CASE("roi: a resale share of the price sets every card value at the horizon and a card resale wins over it",
          "[roi]") {
  RoiView v = worked_view();  // $1,000 a GPU, no depreciation, resale 0 at 12 months
  v.resale_usd.reset();
  v.resale_pct = 40;
  const RoiResult share = roi(v);
  REQUIRE(share.ok);
  CHECK(RoiModel{share.view, share.figures}.card_value(12) == Approx(400));
  // Depreciation implied: from 1,000 now to 400 in a year.
  CHECK(share.effective_depreciation_pct_per_year == Approx(60));
  CHECK(roi_to_json(share)["inputs"]["resale_pct"] == 40);

  v.resale_usd = 250;  // this card's figure wins over the share
  const RoiResult own = roi(v);
  CHECK(RoiModel{own.view, own.figures}.card_value(12) == Approx(250));

  // A buyer's assumption: another card keeps it (a job prices every card with it).
  CHECK(roi_view_for(v, "other-card", 2).resale_pct == 40);
  CHECK(buyer_assumptions(v).resale_pct == 40);
}
