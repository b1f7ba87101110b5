// The price a buyer pays in their market (market.h, issue 28): the newest month, medians,
// single listings, a new price below used, discontinued cards, used asked for, other
// markets, MSRP; the locale's market; display currencies; prices.json's new fields.
#include <catch2/catch.hpp>

#include "money/market.h"
#include "money/price_notes.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
json card(const std::string& id, std::optional<double> launch_price, int per_board = 1) {
  json row = valid_row(id);
  row.erase("launch_price_usd");
  if (launch_price) row["launch_price_usd"] = *launch_price;
  if (per_board > 1) row["gpus_per_board"] = per_board;
  return row;
}
const Catalog& market_catalog() {
  static const Catalog c = load_catalog(catalog_text(json::array(
      {card("median-card", 999), card("listing-card", std::nullopt), card("fake-new", std::nullopt),
       card("gone-card", 1499), card("new-only", std::nullopt), card("us-only", std::nullopt),
       card("msrp-only", 799), card("server-card", std::nullopt), card("dual-board", std::nullopt, 2),
       card("odd-newest", std::nullopt)})));
  return c;
}
json row(const std::string& id, const std::string& market, const std::string& condition, double usd,
         const std::string& date, const std::string& seller) {
  return {{"gpu_id", id},   {"market", market},     {"condition", condition}, {"usd", usd},
          {"date_seen", date}, {"seller", seller}, {"source", "https://example.com/" + id}};
}
PriceBook market_book() {
  json cny = row("fake-new", "cn", "new", 1300, "2026-08-13", "listing");
  cny["cny"] = 8800;
  cny["cny_per_usd"] = 6.7686;
  cny["cny_per_usd_date"] = "2026-06-19";
  json cny_used = row("fake-new", "cn", "used", 2630, "2026-08-20", "listing");
  cny_used["cny"] = 17800;
  cny_used["cny_per_usd"] = 6.7686;
  cny_used["cny_per_usd_date"] = "2026-06-19";
  json eur = row("us-only", "eu", "new", 1087, "2026-01-28", "press");
  eur.erase("market");  // a euro price is the EU market's
  eur["eur"] = 926;
  eur["eur_per_usd"] = 0.8519;
  eur["eur_per_usd_date"] = "2026-01-21";
  json server = row("server-card", "us", "new", 320000, "2026-05-01", "retailer");
  server["unit"] = "system";
  server["system_name"] = "8-GPU server";
  server["system_gpus"] = 8;
  PriceBook b = load_prices(dump_json(json{
      {"schema_version", 1},
      {"cny_per_usd", 6.7686},
      {"eur_per_usd", 0.8519},
      {"eur_per_usd_date", "2026-01-21"},
      {"eur_per_usd_source", "https://example.com/ecb"},
      {"markets", json::array({{{"market", "us"}, {"kwh_price", 0.182}, {"kwh_currency", "USD"},
                                {"date_seen", "2026-10-06"}, {"source", "https://example.com/eia"}},
                               {{"market", "eu"}, {"kwh_price", 0.2872}, {"kwh_currency", "EUR"},
                                {"date_seen", "2025-10-29"}, {"source", "https://example.com/eurostat"}}})},
      {"street_prices",
       json::array({
           // Three prices of September: the median, 1200 (the listing of that month does not count).
           row("median-card", "us", "new", 1000, "2026-09-01", "tracker"),
           row("median-card", "us", "new", 1200, "2026-09-15", "retailer"),
           row("median-card", "us", "new", 1500, "2026-09-20", "press"),
           row("median-card", "us", "new", 400, "2026-09-30", "listing"),
           row("median-card", "us", "new", 800, "2026-07-01", "retailer"),  // two months older: still recent
           row("median-card", "us", "new", 300, "2026-06-30", "retailer"),  // three months older: history
           // A guide's low end, alone in the newest month, among the weeks' tracker prices.
           row("odd-newest", "us", "used", 1250, "2026-08-15", "press"),
           row("odd-newest", "us", "used", 1207, "2026-09-01", "tracker"),
           row("odd-newest", "us", "used", 700, "2026-10-02", "press"),
           row("odd-newest", "us", "used", 500, "2026-01-01", "press"),  // older than the window
           // A listing alone in its month wins over an older shop price.
           row("listing-card", "us", "new", 700, "2026-03-01", "retailer"),
           row("listing-card", "us", "new", 650, "2026-06-01", "listing"),
           cny, cny_used,
           // Nobody sold it new since 2018: its used price.
           row("gone-card", "us", "new", 1499, "2018-10-01", "vendor"),
           row("gone-card", "us", "new", 1510, "2026-03-06", "listing"),
           row("gone-card", "us", "used", 1207, "2026-09-01", "tracker"),
           row("new-only", "us", "new", 500, "2026-10-01", "retailer"),
           row("us-only", "us", "new", 1212, "2026-09-01", "tracker"), eur, server,
           row("dual-board", "us", "used", 300, "2026-09-01", "tracker"),
       })},
      {"cloud_rates", json::array()}}));
  b.today = "2026-12-04";
  return b;
}
PriceChoice price_of(const std::string& id, const std::string& market = "us", bool used = false) {
  static const PriceBook book = market_book();
  BuyerView buyer;
  buyer.market = market;
  buyer.used = used;
  return buyer_price(market_catalog(), book, id, buyer);
}
}  // namespace

TEST_CASE("market: the test data loads cleanly") {
  const PriceBook b = market_book();
  CHECK(b.issues.empty());
  CHECK(b.eur_per_usd == Approx(0.8519));
  REQUIRE(b.tariffs.size() == 2);
  CHECK(b.tariffs[1].kwh_usd == Approx(0.2872 / 0.8519));  // euros converted at the file's rate
  CHECK(default_kwh_usd(b, "eu") == Approx(0.2872 / 0.8519));
  CHECK(default_kwh_usd(b, "cn") == kFallbackKwhUsd);  // no tariff: our assumption
  const auto euro = std::find_if(b.street_prices.begin(), b.street_prices.end(), [](const StreetPrice& p) { return p.eur; });
  REQUIRE(euro != b.street_prices.end());
  CHECK(euro->market == "eu");
}

TEST_CASE("market: the median of the newest three months, shops before single listings") {
  const PriceChoice p = price_of("median-card");
  CHECK(p.kind == PriceKind::street_new);
  // July to September: 800, 1000, 1200, 1500; the 400 listing is left out, June's 300 too.
  CHECK(p.usd_per_board == 1100);
  CHECK(p.median_of == 4);
  CHECK(p.date_seen == "2026-09-20");  // the newest date among them
  CHECK(p.median_from == "2026-07-01");
  CHECK(buyer_price_text(p).text() == "new, median of 4 prices seen 2026-07 to 2026-09");
  // One row alone in the newest month does not decide: 1207, the middle of 700, 1207, 1250.
  const PriceChoice odd = price_of("odd-newest", "us", true);
  CHECK(odd.usd_per_board == 1207);
  CHECK(odd.median_of == 3);
  CHECK(odd.date_seen == "2026-10-02");
  CHECK(odd.seller == "tracker");  // the row shown is the one at the median
  // A single listing alone in the newest month is used, and labelled so.
  const PriceChoice l = price_of("listing-card");
  CHECK(l.usd_per_board == 650);
  CHECK(l.seller == "listing");
  CHECK(buyer_price_text(l).text() == "new, one listing, seen 2026-06-01");
  bool labelled = false;
  for (const TemplateText& flag : price_flags(l)) labelled |= flag.text().find("single marketplace") != std::string::npos;
  CHECK(labelled);
}

TEST_CASE("market: a new price below the same month's used price is set aside and flagged") {
  // The ¥8,800 'new' RTX 4090 below a ¥17,800 used one: no other new price, so the used one.
  const PriceChoice p = price_of("fake-new", "cn");
  CHECK(p.kind == PriceKind::street_used);
  CHECK(p.usd_per_board == 2630);
  REQUIRE(p.set_aside);
  CHECK(p.set_aside->usd == 1300);
  const auto flags = price_flags(p);
  CHECK(std::any_of(flags.begin(), flags.end(),
                    [](const TemplateText& f) { return f.text().find("was set aside") != std::string::npos; }));
}

TEST_CASE("market: a card nobody sells new defaults to its used price, used asked, new when none") {
  const PriceChoice gone = price_of("gone-card");
  CHECK(gone.kind == PriceKind::street_used);
  CHECK(gone.usd_per_board == 1207);
  CHECK(gone.discontinued);
  CHECK(price_of("gone-card", "us", true).usd_per_board == 1207);
  // Asked for used, a card without a used price costs its new price, said so.
  const PriceChoice only_new = price_of("new-only", "us", true);
  CHECK(only_new.kind == PriceKind::street_new);
  CHECK(only_new.no_used_price);
  CHECK(only_new.usd_per_board == 500);
}

TEST_CASE("market: no price in the buyer's market takes the nearest market's, labelled") {
  const PriceChoice eu = price_of("us-only", "eu");
  CHECK(eu.market == "eu");
  CHECK_FALSE(eu.other_market);
  CHECK(eu.usd_per_board == 1087);
  const PriceChoice cn = price_of("us-only", "cn");  // cn's nearest is us
  CHECK(cn.other_market);
  CHECK(cn.market == "us");
  CHECK(cn.usd_per_board == 1212);
  CHECK(price_flags(cn).front().text() == "No price in your market: the price in United States, converted");
  // No street price anywhere: the launch MSRP, undated.
  const PriceChoice msrp = price_of("msrp-only");
  CHECK(msrp.kind == PriceKind::launch_msrp);
  CHECK(msrp.usd_per_board == 799);
  CHECK_FALSE(msrp.age.known);
  CHECK_FALSE(price_of("nope").found());
}

TEST_CASE("market: a system's price gives a per-GPU share, and boards hold several GPUs") {
  const PriceChoice share = price_of("server-card");
  CHECK(share.system_name == "8-GPU server");
  CHECK(share.usd_per_gpu == 40000);
  CHECK(share.usd_per_board == 40000);
  const PriceChoice dual = price_of("dual-board", "us", true);
  CHECK(dual.usd_per_board == 300);
  CHECK(dual.usd_per_gpu == 150);
}

TEST_CASE("market: a first visit's market from the browser's language and region") {
  CHECK(market_for_locale("zh-CN") == "cn");
  CHECK(market_for_locale("zh") == "cn");
  CHECK(market_for_locale("zh-Hans") == "cn");
  CHECK(market_for_locale("zh-Hans-CN") == "cn");
  CHECK(market_for_locale("zh-TW") == "us");
  CHECK(market_for_locale("zh-Hant-HK") == "us");
  CHECK(market_for_locale("de-DE") == "eu");
  CHECK(market_for_locale("de") == "eu");
  CHECK(market_for_locale("fr_FR") == "eu");
  CHECK(market_for_locale("fr-CA") == "us");
  CHECK(market_for_locale("en-IE") == "eu");
  CHECK(market_for_locale("en-GB") == "us");  // outside the EU
  CHECK(market_for_locale("en-US") == "us");
  CHECK(market_for_locale("") == "us");
  CHECK(market_for_locale("\xff\xfe") == "us");
}

TEST_CASE("market: the display currency follows the market unless the reader chose one") {
  const PriceBook b = market_book();
  CHECK(display_currency("auto", "cn", 0, 0, b).code == "CNY");
  CHECK(display_currency("auto", "cn", 0, 0, b).per_usd == Approx(6.7686));
  CHECK(display_currency("auto", "eu", 0, 0, b).code == "EUR");
  CHECK(std::string(display_currency("auto", "eu", 0, 0, b).symbol) == "\xE2\x82\xAC");
  CHECK(display_currency("auto", "us", 0, 0, b).code == "USD");
  CHECK(display_currency("USD", "cn", 0, 0, b).code == "USD");  // the reader's choice wins
  CHECK(display_currency("EUR", "us", 0, 0.9, b).per_usd == Approx(0.9));  // the reader's rate
  CHECK(display_currency("EUR", "us", 0, 0, PriceBook{}).code == "USD");  // no rate: dollars
  CHECK(display_currency("auto", "eu", 0, 0, b).rate_date == "2026-01-21");
}

TEST_CASE("market: provider kinds default to the market's, and the reader may choose others") {
  BuyerView cn;
  cn.market = "cn";
  CHECK(rate_kinds({}, cn) == provider_kind_bit(ProviderKind::china_cloud));
  CHECK(rate_kinds({}, BuyerView{}) == (kAllProviderKinds & ~provider_kind_bit(ProviderKind::china_cloud)));
  CHECK(rate_kinds({"china-cloud", "hyperscaler"}, BuyerView{}) ==
        (provider_kind_bit(ProviderKind::china_cloud) | provider_kind_bit(ProviderKind::hyperscaler)));
}

TEST_CASE("market: coverage counts cards priced per market and condition") {
  const std::vector<MarketCoverage> coverage = market_coverage(market_catalog(), market_book());
  REQUIRE(coverage.size() == 3);
  CHECK(coverage[0].market == "us");
  CHECK(coverage[0].cards_any == 8);  // with odd-newest
  CHECK(coverage[1].cards_new == 1);  // eu: us-only
  CHECK(coverage[2].cards_used == 1);  // cn: fake-new
}

TEST_CASE("market: bad new fields are errors naming row and field") {
  const auto issues_of = [](json street) {
    return load_prices(dump_json(json{{"schema_version", 1},
                                      {"cny_per_usd", 7},
                                      {"street_prices", json::array({street})},
                                      {"cloud_rates", json::array()}}))
        .issues;
  };
  json bad = row("x", "mars", "new", 10, "2026-01-01", "shop");
  const auto issues = issues_of(bad);
  REQUIRE(issues.size() == 2);
  CHECK(issues[0].field == "seller");
  CHECK(issues[1].field == "market");
  json system = row("x", "us", "new", 10, "2026-01-01", "press");
  system["unit"] = "system";
  CHECK(issues_of(system).at(0).message == "is required with unit \"system\"");
  json euro = row("x", "eu", "new", 10, "2026-01-01", "press");
  euro["eur"] = 8;
  CHECK(issues_of(euro).size() == 2);  // its rate and the rate's date are missing
}
