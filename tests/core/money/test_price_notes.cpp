// What the page says about price ages (price_notes.h): the age words, the stale mark, a
// card's prices with their ages, the ROI tab's stale notices and rate note, and the
// provider-kind picker's set (prices.h provider_kind_set) as the ROI calculator uses it.
#include <catch2/catch.hpp>

#include "money/price_notes.h"
#include "money/roi.h"
#include "money/roi_json.h"
#include "test_support.h"
#include "money/value.h"
#include "view/cli_values.h"
#include "view/view_fields.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
json card(const std::string& id, std::optional<double> launch_price) {
  json row = valid_row(id);
  row["tdp_w"] = 200;
  row.erase("launch_price_usd");
  if (launch_price) row["launch_price_usd"] = *launch_price;
  return row;
}
const Catalog& notes_catalog() {
  static const Catalog c =
      load_catalog(catalog_text(json::array({card("old-card", std::nullopt), card("msrp-card", 1000),
                                             card("stale-card", std::nullopt)})));
  return c;
}
json rate(const std::string& id, const std::string& provider, const std::string& kind, double usd,
          const std::string& date) {
  return {{"gpu_id", id}, {"provider", provider}, {"provider_kind", kind}, {"pricing", "on-demand"},
          {"usd_per_gpu_hour", usd}, {"date_seen", date}, {"source", "https://example.com/" + provider}};
}
json street(const std::string& id, double usd, const std::string& condition, const std::string& date) {
  return {{"gpu_id", id}, {"usd", usd}, {"condition", condition}, {"date_seen", date},
          {"source", "https://example.com/street"}};
}
// old-card: bought new in 2018, used in 2026; rented from a hyperscaler (dear, fresh), a
// marketplace (cheap, stale) and a Chinese cloud (cheapest, fresh).
PriceBook notes_book(const std::string& today = "2026-12-02") {
  PriceBook b = load_prices(dump_json(json{
      {"schema_version", 1},
      {"cny_per_usd", 7},
      {"street_prices", json::array({street("old-card", 1200, "new", "2018-10-01"),
                                     street("old-card", 300, "used", "2026-10-01"),
                                     street("stale-card", 1200, "new", "2018-10-01")})},
      {"cloud_rates", json::array({rate("old-card", "BigCloud", "hyperscaler", 3.0, "2026-11-09"),
                                   rate("old-card", "Market", "marketplace", 0.5, "2025-06-01"),
                                   rate("old-card", "CnCloud", "china-cloud", 0.4, "2026-08-13"),
                                   rate("msrp-card", "BigCloud", "hyperscaler", 2.0, "2026-11-09"),
                                   rate("stale-card", "BigCloud", "hyperscaler", 2.0, "2026-11-09")})}}));
  b.today = today;
  return b;
}
RoiView view_of(const std::string& id, std::vector<std::string> kinds = {}) {
  RoiView v;
  v.gpu_id = id;
  v.provider_kinds = std::move(kinds);
  return v;
}
}  // namespace

TEST_CASE("price notes: the test data loads cleanly") {
  CHECK(notes_catalog().issues.empty());
  CHECK(notes_book().issues.empty());
}

TEST_CASE("price notes: age words and the stale mark") {
  CHECK(price_age_text(PriceAge{}).pattern.empty());  // unknown age: nothing to say
  CHECK(price_age_text(price_age("2026-11-20", "2026-12-02")).text() == "less than a month old");
  CHECK(price_age_text(price_age("2026-11-02", "2026-12-02")).text() == "1 month old");
  CHECK(price_age_text(price_age("2018-10-01", "2026-12-02")).text() == "98 months old");
  CHECK(stale_mark(price_age("2025-12-02", "2026-12-02")).pattern.empty());  // exactly 12 months: fresh
  CHECK(stale_mark(price_age("2025-12-01", "2026-12-02")).text() == "stale");
  CHECK(stale_mark(PriceAge{}).pattern.empty());
}

TEST_CASE("price notes: a card's prices carry their ages and say when one is stale") {
  const PriceBook book = notes_book();
  // Nobody has sold old-card new since 2018: its price is its used price (issue 28).
  const CardPrices old = card_prices(notes_catalog(), book, "old-card");
  CHECK(old.price.kind == PriceKind::street_used);
  CHECK(old.price.discontinued);
  CHECK_FALSE(old.price.age.stale);
  REQUIRE(old.used);
  CHECK_FALSE(old.used_age.stale);
  REQUIRE(old.rate);
  CHECK(old.rate->provider == "CnCloud");
  CHECK_FALSE(old.any_stale());
  CHECK(price_source_text(old.price).text() == "used, seen 2026-10-01, 2 months old");
  // stale-card has only its 2018 new price: that one, marked stale.
  const CardPrices stale = card_prices(notes_catalog(), book, "stale-card");
  CHECK(stale.price.kind == PriceKind::street_new);
  CHECK(stale.price.age.stale);
  CHECK(stale.any_stale());
  CHECK(price_source_text(stale.price).text() == "new, seen 2018-10-01, 98 months old");
  CHECK(rate_source_text(*old.rate, old.rate_age).text() == "CnCloud (China cloud), seen 2026-08-13, 3 months old");
  // The provider kinds narrow the rate: the marketplace's is the cheapest left, and stale.
  const CardPrices market =
      card_prices(notes_catalog(), book, "old-card", provider_kind_set({"hyperscaler", "marketplace"}));
  REQUIRE(market.rate);
  CHECK(market.rate->provider == "Market");
  CHECK(market.rate_age.stale);
  // Launch MSRP has no date: no age, nothing stale.
  const CardPrices msrp = card_prices(notes_catalog(), book, "msrp-card");
  CHECK(msrp.price.kind == PriceKind::launch_msrp);
  CHECK_FALSE(msrp.any_stale());
  CHECK(price_source_text(msrp.price).text() == "launch price");
  // Without a date to age against, nothing is called stale and no age is printed.
  const CardPrices undated = card_prices(notes_catalog(), notes_book(""), "old-card");
  CHECK_FALSE(undated.any_stale());
  CHECK(price_source_text(undated.price).text() == "new, seen 2018-10-01");
}

TEST_CASE("provider kinds: a list of keys is a set, empty or unknown is every kind") {
  CHECK(provider_kind_set({}) == kAllProviderKinds);
  CHECK(provider_kind_set({"neocloud"}) == kAllProviderKinds);
  CHECK(provider_kind_set({"marketplace"}) == provider_kind_bit(ProviderKind::marketplace));
  CHECK(provider_kind_set({"hyperscaler", "china-cloud"}) ==
        (provider_kind_bit(ProviderKind::hyperscaler) | provider_kind_bit(ProviderKind::china_cloud)));
  CHECK(provider_kinds_text(kAllProviderKinds).text() == "every kind");
  CHECK(provider_kinds_text(provider_kind_set({"gpu-cloud"})).text() == "Specialist GPU cloud");
  CHECK(provider_kinds_text(provider_kind_set({"marketplace", "hyperscaler"})).text() == "Hyperscaler, Marketplace");
  CHECK(provider_kinds_text(provider_kind_set({"marketplace", "hyperscaler", "gpu-cloud"})).text() ==
        "Hyperscaler, Specialist GPU cloud, Marketplace");
}

TEST_CASE("roi: the provider kinds pick the default rent rate, and the note names provider and kind") {
  const PriceBook book = notes_book();
  // The US market's kinds by default (no China cloud): the marketplace's 0.5.
  const RoiResult us = compute_roi(notes_catalog(), book, view_of("old-card"));
  REQUIRE(us.ok);
  CHECK(us.figures.rate_usd_per_hour == 0.5);
  BuyerView china;
  china.market = "cn";
  CHECK(compute_roi(notes_catalog(), book, view_of("old-card"), china).figures.rate_usd_per_hour == 0.4);
  const RoiResult every =
      compute_roi(notes_catalog(), book, view_of("old-card", {"hyperscaler", "gpu-cloud", "marketplace", "china-cloud"}));
  REQUIRE(every.ok);
  CHECK(every.figures.rate_usd_per_hour == 0.4);
  CHECK(roi_rate_note(every).text() ==
        "Cheapest on-demand rate among every kind: CnCloud (China cloud), seen 2026-08-13, 3 months old");

  const RoiResult hyper = compute_roi(notes_catalog(), book, view_of("old-card", {"hyperscaler"}));
  REQUIRE(hyper.ok);
  CHECK(hyper.figures.rate_usd_per_hour == 3.0);
  CHECK(hyper.defaults.rate->provider_kind == "hyperscaler");
  CHECK(roi_rate_note(hyper).text() ==
        "Cheapest on-demand rate among Hyperscaler: BigCloud (Hyperscaler), seen 2026-11-09, less than a month old");
  // A dearer rate: owning (at a price of 1200) pays off sooner.
  RoiView every_priced = view_of("old-card", {"hyperscaler", "gpu-cloud", "marketplace", "china-cloud"});
  every_priced.price_usd = 1200;
  RoiView hyper_priced = view_of("old-card", {"hyperscaler"});
  hyper_priced.price_usd = 1200;
  CHECK(compute_roi(notes_catalog(), book, hyper_priced).break_even_month !=
        compute_roi(notes_catalog(), book, every_priced).break_even_month);
  const json j = roi_to_json(hyper);
  CHECK(j["inputs"]["provider_kinds"] == json::array({"hyperscaler"}));
  CHECK(j["defaults"]["rate"]["provider_kind"] == "hyperscaler");
  CHECK(j["rate_note"] == roi_rate_note(hyper).text());

  // A kind with no rate for the card: no result, and the error says why.
  const RoiResult none = compute_roi(notes_catalog(), book, view_of("msrp-card", {"marketplace"}));
  CHECK_FALSE(none.ok);
  CHECK(none.error.find("from the chosen provider kinds") != std::string::npos);
  // The reader's own rate needs no provider at all, and there is no rate note.
  RoiView own = view_of("msrp-card", {"marketplace"});
  own.rate_usd_per_hour = 1.5;
  const RoiResult user = compute_roi(notes_catalog(), book, own);
  CHECK(user.ok);
  CHECK(roi_rate_note(user).pattern.empty());
}

TEST_CASE("roi: each stale figure the calculator used gives a notice with its date") {
  const PriceBook book = notes_book();
  // stale-card's 2018 price: stale; the hyperscaler's rate of 2026-11: fresh.
  const RoiResult r = compute_roi(notes_catalog(), book, view_of("stale-card"));
  const std::vector<TemplateText> notices = roi_stale_notices(r);
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].text() ==
        "Stale price: the purchase price is from 2018-10-01, 98 months ago (older than 12 months).");
  CHECK(roi_to_json(r)["stale_notices"] == json::array({notices[0].text()}));
  // The marketplace's stale rate gives its own notice (old-card's used price is fresh).
  const RoiResult market = compute_roi(notes_catalog(), book, view_of("old-card", {"marketplace"}));
  const std::vector<TemplateText> two = roi_stale_notices(market);
  REQUIRE(two.size() == 1);
  CHECK(two[0].text() == "Stale price: the rental rate is from 2025-06-01, 18 months ago (older than 12 months).");
  // The reader's own figures are never stale; MSRP has no date.
  RoiView own = view_of("old-card", {"marketplace"});
  own.price_usd = 900;
  own.rate_usd_per_hour = 1;
  CHECK(roi_stale_notices(compute_roi(notes_catalog(), book, own)).empty());
  CHECK(roi_stale_notices(compute_roi(notes_catalog(), book, view_of("msrp-card"))).empty());
}

TEST_CASE("value table: rows valued at a stale price or rate are counted and noticed") {
  const PriceBook book = notes_book();
  std::vector<ValueRow> rows = value_table(notes_catalog(), book, {{2, 100.0}, {1, 100.0}});
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].uses_stale_price());        // stale-card's 2018 price
  CHECK_FALSE(rows[1].uses_stale_price());  // MSRP and a fresh rate
  CHECK(stale_value_rows(rows) == 1);
  CHECK(value_stale_notice(1).text() == "1 card here is valued at a price or rate older than 12 months (marked stale).");
  CHECK(value_stale_notice(0).pattern.empty());
  // The kinds pick the value view's rate too.
  rows = value_table(notes_catalog(), book, {{0, 100.0}}, {}, provider_kind_set({"hyperscaler"}));
  REQUIRE(rows[0].rate);
  CHECK(rows[0].rate->provider == "BigCloud");
  // A user's price replaces the stale one.
  PriceOverrides mine;
  mine.price_usd["stale-card"] = 500;
  CHECK_FALSE(value_table(notes_catalog(), book, {{2, 100.0}}, mine)[0].uses_stale_price());
}

TEST_CASE("the provider kinds are a view field: link key, choices and the CLI flag") {
  const ViewField& field = view_field("roi.kinds");
  CHECK(std::string(field.cli_flag) == "--provider-kinds");
  CHECK(field.choices.size() == static_cast<std::size_t>(kProviderKindCount));
  ViewState state;
  CHECK_FALSE(apply_cli_value(field, "hyperscaler,marketplace", state));
  CHECK(state.roi.provider_kinds == std::vector<std::string>{"hyperscaler", "marketplace"});
  ViewState bad;
  const auto problem = apply_cli_value(field, "neocloud", bad);
  // An unknown kind is refused with a message naming it; the list stays as it was.
  REQUIRE(problem);
  CHECK(problem->text().find("neocloud") != std::string::npos);
  CHECK(bad.roi.provider_kinds.empty());
}
