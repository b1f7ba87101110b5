// The prices loader (one test per kind of bad row, each naming the row and field), the
// default price and rate rules, and the currency helpers.
#include <catch2/catch.hpp>

#include "money/prices.h"
#include "view/view_money.h"
#include "test_support.h"
#include "view/view_state.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::read_source_file;
using gpuwise::test::valid_row;

namespace {
json street(const std::string& id, double usd, const std::string& condition, const std::string& date) {
  return {{"gpu_id", id}, {"usd", usd}, {"condition", condition}, {"date_seen", date},
          {"source", "https://example.com/" + id}, {"notes", "test row"}};
}
json rate(const std::string& id, const std::string& provider, double usd, const std::string& pricing = "on-demand",
          const std::string& date = "2026-09-20") {
  return {{"gpu_id", id}, {"provider", provider}, {"provider_kind", "gpu-cloud"}, {"pricing", pricing},
          {"usd_per_gpu_hour", usd}, {"date_seen", date}, {"source", "https://example.com/" + provider}};
}
std::string book_text(const json& streets, const json& rates, double cny_per_usd = 7) {
  return dump_json(json{{"schema_version", 1}, {"cny_per_usd", cny_per_usd}, {"cny_per_usd_date", "2026-06-19"},
                        {"street_prices", streets}, {"cloud_rates", rates}});
}
bool has_issue(const PriceBook& b, const std::string& row, const std::string& field, const std::string& words,
               CatalogIssue::Severity severity = CatalogIssue::Severity::error) {
  for (const auto& issue : b.issues) {
    if (issue.row == row && issue.field == field && issue.severity == severity &&
        issue.to_string().find(words) != std::string::npos) {
      return true;
    }
  }
  return false;
}
// Three cards: one with every kind of price, one with MSRP only, one with nothing.
Catalog test_catalog() {
  json a = valid_row("card-a");   // launch_price_usd 1499
  json b = valid_row("card-b");
  b["launch_price_usd"] = 700;
  json c = valid_row("card-c");
  c.erase("launch_price_usd");
  json k80 = valid_row("dual-card");
  k80["gpus_per_board"] = 2;
  k80["launch_price_usd"] = 5000;
  return load_catalog(catalog_text(json::array({a, b, c, k80})));
}
}  // namespace

TEST_CASE("a valid price book loads every field") {
  json r = rate("card-a", "AutoDL", 0.2778);
  r["cny_per_gpu_hour"] = 1.88;  // 1.88 / 6.7686 = 0.27775: consistent
  const PriceBook b = load_prices(book_text(json::array({street("card-a", 1800, "new", "2026-05-01")}),
                                            json::array({r}), 6.7686));
  REQUIRE(b.issues.empty());
  CHECK(b.cny_per_usd == Approx(6.7686));
  CHECK(b.cny_per_usd_date == "2026-06-19");
  REQUIRE(b.street_prices.size() == 1);
  CHECK(b.street_prices[0].usd == 1800);
  CHECK(b.street_prices[0].condition == "new");
  REQUIRE(b.cloud_rates.size() == 1);
  CHECK(b.cloud_rates[0].provider == "AutoDL");
  CHECK(b.cloud_rates[0].cny_per_gpu_hour == Approx(1.88));
  CHECK(b.cloud_rates[0].pricing == "on-demand");
}

TEST_CASE("the shipped prices.json loads with no errors or warnings against the shipped catalog") {
  const Catalog catalog = load_catalog(read_source_file("data/gpus.json"));
  const PriceBook b = load_prices(read_source_file("data/prices.json"), catalog);
  for (const auto& issue : b.issues) INFO(issue.to_string());
  CHECK(b.issues.empty());
  CHECK(b.street_prices.size() >= 20);
  CHECK(b.cloud_rates.size() >= 100);
  CHECK(b.cny_per_usd > 5);
  CHECK(b.cny_per_usd < 9);
}

TEST_CASE("prices loader: broken JSON names line and column") {
  const PriceBook b = load_prices("{\"schema_version\": 1,\n \"cny_per_usd\": }");
  REQUIRE(b.error_count() == 1);
  CHECK(b.issues[0].to_string().find("line 2") != std::string::npos);
}

TEST_CASE("prices loader: missing lists and a bad rate are file-level errors") {
  const PriceBook b = load_prices(R"({"schema_version": 1, "cny_per_usd": -1})");
  CHECK(has_issue(b, "", "cny_per_usd", "must be a number > 0 (got -1)"));
  CHECK(has_issue(b, "", "street_prices", "must be a list"));
  CHECK(has_issue(b, "", "cloud_rates", "must be a list"));
  CHECK(b.cny_per_usd == 0);
}

TEST_CASE("prices loader: a bad street row names list index and field and good rows still load") {
  json bad_usd = street("card-b", 0, "new", "2026-05-01");
  bad_usd["usd"] = "1800";
  json bad_condition = street("card-b", 900, "refurbished", "2026-05-01");
  json bad_date = street("card-b", 900, "used", "2026-13-01");
  json bad_source = street("card-b", 900, "used", "2026-05-01");
  bad_source["source"] = "a shop";
  json missing_id = street("x", 900, "used", "2026-05-01");
  missing_id.erase("gpu_id");
  const PriceBook b = load_prices(book_text(
      json::array({street("card-a", 1800, "new", "2026-05-01"), bad_usd, bad_condition, bad_date, bad_source,
                   missing_id, "not an object"}),
      json::array()));
  CHECK(b.street_prices.size() == 1);
  CHECK(has_issue(b, "street_prices #2 (card-b)", "usd", "must be a number (got string \"1800\")"));
  CHECK(b.issues[0].to_string() ==
        "error: row 'street_prices #2 (card-b)', field 'usd': must be a number (got string \"1800\")");
  CHECK(has_issue(b, "street_prices #3 (card-b)", "condition", "must be \"new\" or \"used\""));
  CHECK(has_issue(b, "street_prices #4 (card-b)", "date_seen", "'2026-13-01' is not a date"));
  CHECK(has_issue(b, "street_prices #5 (card-b)", "source", "not an http(s) URL"));
  CHECK(has_issue(b, "street_prices #6", "gpu_id", "is required but missing"));
  CHECK(has_issue(b, "street_prices #7", "", "must be a JSON object, not string"));
}

TEST_CASE("prices loader: bad cloud rows and unknown fields and CNY mismatches") {
  json bad_pricing = rate("card-a", "P", 1.0, "reserved");
  json bad_rate = rate("card-a", "Q", -2.0);
  json extra = rate("card-a", "R", 1.0);
  extra["usd_per_hour"] = 1.0;  // a typo of usd_per_gpu_hour: warned, not silently used
  json odd_kind = rate("card-a", "S", 1.0);
  odd_kind["provider_kind"] = "neocloud";
  json mismatch = rate("card-a", "T", 1.0);
  mismatch["cny_per_gpu_hour"] = 10.0;  // 10 / 7 = 1.43, not 1.00: one of them is mistyped
  const PriceBook b =
      load_prices(book_text(json::array(), json::array({bad_pricing, bad_rate, extra, odd_kind, mismatch})));
  CHECK(has_issue(b, "cloud_rates #1 (card-a)", "pricing", "must be \"on-demand\" or \"spot\""));
  CHECK(has_issue(b, "cloud_rates #2 (card-a)", "usd_per_gpu_hour", "must be a number > 0 (got -2.0)"));
  CHECK(has_issue(b, "cloud_rates #3 (card-a)", "usd_per_hour", "not a known field", CatalogIssue::Severity::warning));
  CHECK(has_issue(b, "cloud_rates #4 (card-a)", "provider_kind", "neocloud", CatalogIssue::Severity::warning));
  CHECK(has_issue(b, "cloud_rates #5 (card-a)", "usd_per_gpu_hour", "does not match cny_per_gpu_hour",
                  CatalogIssue::Severity::warning));
  CHECK(b.cloud_rates.size() == 3);  // warnings keep the row; errors drop it
  CHECK(b.error_count() == 2);
}

TEST_CASE("prices loader: an id the catalog does not know is a warning and the row loads") {
  const Catalog catalog = test_catalog();
  const PriceBook b = load_prices(book_text(json::array({street("rtx-9999", 100, "new", "2026-05-01")}),
                                            json::array({rate("card-a", "P", 1.0)})),
                                  catalog);
  CHECK(has_issue(b, "street_prices #1 (rtx-9999)", "gpu_id", "not in gpus.json", CatalogIssue::Severity::warning));
  CHECK(b.error_count() == 0);
  CHECK(b.street_prices.size() == 1);
}

TEST_CASE("default price: newest new street price then MSRP then newest used") {
  const Catalog catalog = test_catalog();
  const PriceBook b = load_prices(book_text(
      json::array({street("card-a", 2200, "new", "2026-02-01"), street("card-a", 1800, "new", "2026-05-01"),
                   street("card-a", 1900, "new", "2026-05-01"),  // same date: the cheaper one wins
                   street("card-a", 1400, "used", "2026-05-01"), street("card-b", 500, "used", "2026-03-01"),
                   street("card-c", 300, "used", "2026-01-01"), street("card-c", 350, "used", "2026-04-01")}),
      json::array()));
  REQUIRE(b.issues.empty());

  const PriceChoice a = default_price(catalog, b, "card-a");
  CHECK(a.kind == PriceKind::street_new);
  CHECK(a.usd_per_gpu == 1800);
  CHECK(a.date_seen == "2026-05-01");
  CHECK(a.source == "https://example.com/card-a");

  const PriceChoice msrp = default_price(catalog, b, "card-b");  // a used price exists, MSRP wins
  CHECK(msrp.kind == PriceKind::launch_msrp);
  CHECK(msrp.usd_per_gpu == 700);
  CHECK(msrp.source.rfind("https://www.nvidia.com", 0) == 0);

  const PriceChoice used = default_price(catalog, b, "card-c");  // no new, no MSRP: newest used
  CHECK(used.kind == PriceKind::street_used);
  CHECK(used.usd_per_gpu == 350);

  // A two-GPU board: MSRP 5000 per board is 2500 per GPU.
  const PriceChoice dual = default_price(catalog, b, "dual-card");
  CHECK(dual.usd_per_board == 5000);
  CHECK(dual.usd_per_gpu == 2500);

  CHECK_FALSE(default_price(catalog, b, "no-such-card").found());
  CHECK(std::string(price_kind_key(PriceKind::launch_msrp)) == "launch_msrp");
}

TEST_CASE("no price anywhere: the choice says none") {
  const Catalog catalog = test_catalog();
  const PriceBook b = load_prices(book_text(json::array(), json::array()));
  const PriceChoice none = default_price(catalog, b, "card-c");
  CHECK_FALSE(none.found());
  CHECK(none.usd_per_gpu == 0);
}

TEST_CASE("cheapest on-demand rate ignores spot and all rates come cheapest first") {
  const PriceBook b = load_prices(book_text(
      json::array(), json::array({rate("card-a", "Big", 3.43), rate("card-a", "Spot", 0.31, "spot"),
                                  rate("card-a", "Small", 1.39, "on-demand", "2026-05-01"),
                                  rate("card-a", "Newer", 1.39, "on-demand", "2026-11-09"),
                                  rate("card-b", "Other", 0.10)})));
  const auto cheapest = cheapest_on_demand_rate(b, "card-a");
  REQUIRE(cheapest);
  CHECK(cheapest->usd_per_gpu_hour == Approx(1.39));
  CHECK(cheapest->provider == "Newer");  // equal rates: the newest
  const auto all = rates_for(b, "card-a");
  REQUIRE(all.size() == 4);
  CHECK(all.front().provider == "Spot");
  CHECK(all.back().provider == "Big");
  CHECK_FALSE(cheapest_on_demand_rate(b, "card-c"));
}

TEST_CASE("street prices for a card come newest first") {
  const PriceBook b = load_prices(book_text(
      json::array({street("card-a", 2200, "new", "2026-02-01"), street("card-a", 1400, "used", "2026-05-01")}),
      json::array()));
  const auto list = street_prices_for(b, "card-a");
  REQUIRE(list.size() == 2);
  CHECK(list[0].date_seen == "2026-05-01");
  CHECK(newest_used_price(b, "card-a")->usd == 1400);
  CHECK_FALSE(newest_used_price(b, "card-b"));
}

TEST_CASE("currency: CNY at the view's rate or else the file's and USD unchanged") {
  const PriceBook b = load_prices(book_text(json::array(), json::array(), 6.7686));
  ViewState state;
  state.currency = "CNY";
  CHECK(display_currency(state, b).per_usd == Approx(6.7686));  // view 0: the file's rate
  CHECK(to_display(100, state, b) == Approx(676.86));
  CHECK(from_display(676.86, state, b) == Approx(100));
  state.cny_per_usd = 7.2;  // the user's rate wins
  CHECK(to_display(10, state, b) == Approx(72));
  CHECK(from_display(72, state, b) == Approx(10));
  state.currency = "USD";
  CHECK(to_display(10, state, b) == 10);
  CHECK(std::string(currency_symbol("USD", 7.2)) == "$");
  CHECK(std::string(currency_symbol("CNY", 7.2)) == "\xC2\xA5");
  // CNY with no usable rate anywhere stays USD rather than showing 0 or inf.
  CHECK(to_display(10, "CNY", 0) == 10);
  CHECK(from_display(10, "CNY", -3) == 10);
  CHECK(std::string(currency_symbol("CNY", 0)) == "$");
}

// [SECTION] Price age, provider kinds and refresh tags (issue 14)

TEST_CASE("price age: whole months, and stale only when older than 12 months") {
  const PriceAge same = price_age("2026-12-02", "2026-12-02");
  CHECK(same.known);
  CHECK(same.months == 0);
  CHECK_FALSE(same.stale);
  CHECK(price_age("2026-11-02", "2026-12-02").months == 1);
  CHECK(price_age("2026-11-03", "2026-12-02").months == 0);  // the day of the month is not reached yet
  CHECK(price_age("2025-06-30", "2026-12-02").months == 17);
  // Exactly 12 months is not yet older than 12 months; one day more is.
  CHECK_FALSE(price_age("2025-12-02", "2026-12-02").stale);
  CHECK(price_age("2025-12-02", "2026-12-02").months == 12);
  CHECK(price_age("2025-12-01", "2026-12-02").stale);
  CHECK(price_age("2023-06-29", "2026-12-02").stale);
  // A date after today is 0 months old, and never stale.
  const PriceAge future = price_age("2027-03-01", "2026-12-02");
  CHECK(future.known);
  CHECK(future.months == 0);
  CHECK_FALSE(future.stale);
  // No date or no today: unknown, so nothing claims a stale or fresh price.
  CHECK_FALSE(price_age("", "2026-12-02").known);
  CHECK_FALSE(price_age("2026-05-01", "").known);
  CHECK_FALSE(price_age("2026-13-01", "2026-12-02").known);
  CHECK_FALSE(price_age("2026-05-01", "yesterday").stale);
}

TEST_CASE("default price carries its age as of the book's today; MSRP has none") {
  const Catalog catalog = test_catalog();
  PriceBook b = load_prices(book_text(json::array({street("card-a", 1800, "new", "2025-06-01"),
                                                   street("dual-card", 900, "used", "2026-11-01")}),
                                      json::array()));
  REQUIRE(b.issues.empty());
  CHECK_FALSE(default_price(catalog, b, "card-a").age.known);  // no today yet
  b.today = "2026-12-02";
  const PriceChoice a = default_price(catalog, b, "card-a");
  CHECK(a.kind == PriceKind::street_new);
  CHECK(a.age.known);
  CHECK(a.age.months == 18);
  CHECK(a.age.stale);
  const PriceChoice msrp = default_price(catalog, b, "card-b");
  CHECK(msrp.kind == PriceKind::launch_msrp);
  CHECK_FALSE(msrp.age.known);
  CHECK_FALSE(msrp.age.stale);
  // dual-card has an MSRP, which wins over a used price; its used price is fresh.
  CHECK(default_price(catalog, b, "dual-card").kind == PriceKind::launch_msrp);
  CHECK_FALSE(price_age(newest_used_price(b, "dual-card")->date_seen, b.today).stale);
}

TEST_CASE("provider kinds: keys, labels and parsing") {
  CHECK(kProviderKinds.size() == static_cast<std::size_t>(kProviderKindCount));
  for (ProviderKind kind : kProviderKinds) {
    REQUIRE(parse_provider_kind(provider_kind_key(kind)));
    CHECK(*parse_provider_kind(provider_kind_key(kind)) == kind);
    CHECK(std::string(provider_kind_label(kind)).size() > 0);
  }
  CHECK(std::string(provider_kind_key(ProviderKind::gpu_cloud)) == "gpu-cloud");
  CHECK(std::string(provider_kind_label(ProviderKind::gpu_cloud)) == "Specialist GPU cloud");
  CHECK_FALSE(parse_provider_kind("neocloud"));
  CHECK_FALSE(parse_provider_kind(""));
  CHECK(kAllProviderKinds == 0xFu);
}

TEST_CASE("default rate from the chosen provider kinds") {
  json hyper = rate("card-a", "BigCloud", 3.0);
  hyper["provider_kind"] = "hyperscaler";
  json market = rate("card-a", "Market", 0.5);
  market["provider_kind"] = "marketplace";
  json china = rate("card-a", "CnCloud", 0.4);
  china["provider_kind"] = "china-cloud";
  json odd = rate("card-a", "Odd", 0.1);
  odd["provider_kind"] = "neocloud";  // a warning; the row loads
  json market_spot = rate("card-a", "Market", 0.2, "spot");
  market_spot["provider_kind"] = "marketplace";
  const PriceBook b = load_prices(
      book_text(json::array(), json::array({hyper, rate("card-a", "Special", 1.5), market, china, odd, market_spot})));
  REQUIRE(b.error_count() == 0);
  REQUIRE(b.cloud_rates.size() == 6);
  CHECK(b.cloud_rates[0].kind == ProviderKind::hyperscaler);
  CHECK_FALSE(b.cloud_rates[4].kind);

  // Every kind: the cheapest of all, including the row of an unlisted kind.
  CHECK(cheapest_on_demand_rate(b, "card-a", kAllProviderKinds)->provider == "Odd");
  CHECK(cheapest_on_demand_rate(b, "card-a")->provider == "Odd");
  // One kind at a time; spot never counts.
  CHECK(cheapest_on_demand_rate(b, "card-a", provider_kind_bit(ProviderKind::hyperscaler))->provider == "BigCloud");
  CHECK(cheapest_on_demand_rate(b, "card-a", provider_kind_bit(ProviderKind::gpu_cloud))->provider == "Special");
  CHECK(cheapest_on_demand_rate(b, "card-a", provider_kind_bit(ProviderKind::marketplace))->usd_per_gpu_hour == 0.5);
  // Two kinds: the cheaper of them.
  const ProviderKindSet hyper_or_special =
      provider_kind_bit(ProviderKind::hyperscaler) | provider_kind_bit(ProviderKind::gpu_cloud);
  CHECK(cheapest_on_demand_rate(b, "card-a", hyper_or_special)->provider == "Special");
  const ProviderKindSet no_china = kAllProviderKinds & ~provider_kind_bit(ProviderKind::china_cloud);
  CHECK(cheapest_on_demand_rate(b, "card-a", no_china)->provider == "Market");
  // No kind chosen, or no provider of the kind for this card: no default rate.
  CHECK_FALSE(cheapest_on_demand_rate(b, "card-a", 0));
  CHECK_FALSE(cheapest_on_demand_rate(b, "card-b", kAllProviderKinds));
}

TEST_CASE("prices loader: one provider under two kinds is a warning") {
  json first = rate("card-a", "Same Co", 1.0);
  json second = rate("card-b", "Same Co", 2.0);
  second["provider_kind"] = "marketplace";
  const PriceBook b = load_prices(book_text(json::array(), json::array({first, second})));
  CHECK(b.cloud_rates.size() == 2);
  CHECK(has_issue(b, "cloud_rates #2 (card-b)", "provider_kind", "differs from 'gpu-cloud'",
                  CatalogIssue::Severity::warning));
}

TEST_CASE("prices loader: the refresh tag is checked, and a bad one drops the row") {
  json azure = rate("card-a", "Azure", 3.673);
  azure["refresh"] = {{"source", "azure"}, {"sku", "Standard_NC24ads_A100_v4"}, {"region", "eastus"}, {"gpus", 1}};
  json vast = rate("card-a", "Vast.ai", 1.7);
  vast["refresh"] = {{"source", "vast"}, {"gpu_name", "A100 SXM4"}, {"vram_gb", 80}};
  json no_source = rate("card-a", "Azure", 3.0);
  no_source["refresh"] = {{"sku", "x"}};
  json unknown_source = rate("card-a", "Azure", 3.0);
  unknown_source["refresh"] = {{"source", "gcp"}};
  json aws_spot = rate("card-a", "AWS", 1.0, "spot");
  aws_spot["refresh"] = {{"source", "aws"}, {"sku", "p4d.24xlarge"}, {"region", "us-east-1"}, {"gpus", 8}};
  json zero_gpus = rate("card-a", "AWS", 1.0);
  zero_gpus["refresh"] = {{"source", "aws"}, {"sku", "p4d.24xlarge"}, {"region", "us-east-1"}, {"gpus", 0}};
  json vast_no_name = rate("card-a", "Vast.ai", 1.0);
  vast_no_name["refresh"] = {{"source", "vast"}, {"typo", 1}};
  json not_object = rate("card-a", "Azure", 3.0);
  not_object["refresh"] = "azure";
  const PriceBook b = load_prices(book_text(
      json::array(), json::array({azure, vast, no_source, unknown_source, aws_spot, zero_gpus, vast_no_name, not_object})));
  REQUIRE(b.cloud_rates.size() == 2);
  CHECK(b.cloud_rates[0].refresh_source == "azure");
  CHECK(b.cloud_rates[1].refresh_source == "vast");
  CHECK(has_issue(b, "cloud_rates #3 (card-a)", "refresh", "needs a \"source\""));
  CHECK(has_issue(b, "cloud_rates #4 (card-a)", "refresh",
                  "'gcp' is not one of azure, aws, vast, gpu-price-feed, gpu-price-index"));
  CHECK(has_issue(b, "cloud_rates #5 (card-a)", "refresh", "no spot prices"));
  CHECK(has_issue(b, "cloud_rates #6 (card-a)", "refresh", "gpus must be a whole number"));
  CHECK(has_issue(b, "cloud_rates #7 (card-a)", "refresh", "needs \"gpu_name\""));
  CHECK(has_issue(b, "cloud_rates #7 (card-a)", "refresh", "'typo' is not a known key", CatalogIssue::Severity::warning));
  CHECK(has_issue(b, "cloud_rates #8 (card-a)", "refresh", "must be an object"));
}

TEST_CASE("prices loader: the GitHub collections' refresh tags name provider and model") {
  json feed = rate("card-a", "Vast.ai", 0.15);
  feed["refresh"] = {{"source", "gpu-price-feed"}, {"provider", "vastai"}, {"gpu_key", "T4 16GB"}};
  json index = rate("card-a", "Oracle Cloud", 4.0);
  index["refresh"] = {{"source", "gpu-price-index"}, {"provider", "Oracle Cloud"}, {"sku", "BM.GPU.A100-v2.8"},
                      {"gpu_model", "A100-80GB"}};
  json feed_spot = rate("card-a", "Vast.ai", 0.1, "spot");
  feed_spot["refresh"] = {{"source", "gpu-price-feed"}, {"provider", "vastai"}, {"gpu_key", "T4 16GB"}};
  json feed_no_key = rate("card-a", "Vast.ai", 0.1);
  feed_no_key["refresh"] = {{"source", "gpu-price-feed"}, {"provider", "vastai"}};
  json index_no_sku = rate("card-a", "Oracle Cloud", 4.0);
  index_no_sku["refresh"] = {{"source", "gpu-price-index"}, {"provider", "Oracle Cloud"}};
  const PriceBook b = load_prices(book_text(json::array(), json::array({feed, index, feed_spot, feed_no_key, index_no_sku})));
  REQUIRE(b.cloud_rates.size() == 2);
  CHECK(b.cloud_rates[0].refresh_source == "gpu-price-feed");
  CHECK(b.cloud_rates[1].refresh_source == "gpu-price-index");
  CHECK(has_issue(b, "cloud_rates #3 (card-a)", "refresh", "on-demand prices only"));
  CHECK(has_issue(b, "cloud_rates #4 (card-a)", "refresh", "needs \"gpu_key\""));
  CHECK(has_issue(b, "cloud_rates #5 (card-a)", "refresh", "needs \"sku\""));
}

TEST_CASE("the shipped prices: rates of every provider kind, and refresh tags on rows") {
  const PriceBook b = load_prices(read_source_file("data/prices.json"));
  int per_kind[kProviderKindCount] = {};
  int refreshable = 0;
  for (const auto& r : b.cloud_rates) {
    REQUIRE(r.kind);
    ++per_kind[static_cast<int>(*r.kind)];
    refreshable += !r.refresh_source.empty();
  }
  for (int count : per_kind) CHECK(count > 0);
  CHECK(refreshable > 0);
}

TEST_CASE("prices loader: a street price in yuan keeps the figure and the dated rate it was converted at") {
  json ok = street("card-a", 1093, "used", "2026-08-13");
  ok["cny"] = 7400;
  ok["cny_per_usd"] = 6.7686;  // 7400 / 6.7686 = 1093.3
  ok["cny_per_usd_date"] = "2026-06-19";
  json off = ok;
  off["usd"] = 900;  // 18 % below the conversion
  json no_rate = street("card-a", 1093, "used", "2026-08-13");
  no_rate["cny"] = 7400;
  json rate_only = street("card-a", 1093, "used", "2026-08-13");
  rate_only["cny_per_usd"] = 6.77;
  rate_only["cny_per_usd_date"] = "2026-06-19";
  json bad_date = ok;
  bad_date["cny_per_usd_date"] = "June";
  const PriceBook b = load_prices(book_text(json::array({ok, off, no_rate, rate_only, bad_date}), json::array()));
  REQUIRE(b.street_prices.size() == 2);
  REQUIRE(b.street_prices[0].cny);
  CHECK(*b.street_prices[0].cny == 7400);
  CHECK(b.street_prices[0].cny_per_usd == Approx(6.7686));
  CHECK(b.street_prices[0].cny_per_usd_date == "2026-06-19");
  CHECK(has_issue(b, "street_prices #2 (card-a)", "usd", "does not match cny / cny_per_usd",
                  CatalogIssue::Severity::warning));
  CHECK(has_issue(b, "street_prices #3 (card-a)", "cny_per_usd", "is required with cny"));
  CHECK(has_issue(b, "street_prices #3 (card-a)", "cny_per_usd_date", "is required with cny"));
  CHECK(has_issue(b, "street_prices #4 (card-a)", "cny", "is required with cny_per_usd"));
  CHECK(has_issue(b, "street_prices #5 (card-a)", "cny_per_usd_date", "'June' is not a date"));
}

TEST_CASE("price book stats count cards, rates by kind, the oldest date and what is stale") {
  json cny = street("card-b", 1093, "used", "2026-08-13");
  cny["cny"] = 7400;
  cny["cny_per_usd"] = 6.7686;
  cny["cny_per_usd_date"] = "2026-06-19";
  json hyper = rate("card-a", "BigCloud", 3.0, "on-demand", "2025-01-15");
  hyper["provider_kind"] = "hyperscaler";
  hyper["refresh"] = {{"source", "aws"}, {"sku", "p5.48xlarge"}, {"region", "us-east-1"}, {"gpus", 8}};
  PriceBook b = load_prices(book_text(
      json::array({street("card-a", 1800, "new", "2026-05-01"), street("card-a", 1400, "used", "2024-11-30"), cny}),
      json::array({hyper, rate("card-a", "Special", 1.5), rate("card-b", "Special", 0.9, "spot")})));
  REQUIRE(b.error_count() == 0);
  PriceBookStats s = price_book_stats(b);
  CHECK(s.cards_with_street_price == 2);
  CHECK(s.cards_with_new_price == 1);
  CHECK(s.cards_with_used_price == 2);
  CHECK(s.cards_with_cny_price == 1);
  CHECK(s.rates_by_kind[static_cast<int>(ProviderKind::hyperscaler)] == 1);
  CHECK(s.rates_by_kind[static_cast<int>(ProviderKind::gpu_cloud)] == 2);
  CHECK(s.rates_by_kind[static_cast<int>(ProviderKind::marketplace)] == 0);
  CHECK(s.spot_rates == 1);
  CHECK(s.refreshable_rates == 1);
  CHECK(s.oldest_date == "2024-11-30");
  CHECK(s.stale_street_prices == 0);  // no today: nothing is called stale
  b.today = "2026-12-02";
  s = price_book_stats(b);
  CHECK(s.stale_street_prices == 1);
  CHECK(s.stale_rates == 1);
}
