// The buyer's market and the price a buyer pays there (issue 28). A market (us, eu, cn)
// has its currency, its street and used prices (prices.json rows carry `market`), its
// electricity tariff (prices.json `markets`) and the provider kinds its buyers rent from.
// buyer_price() is the one function every tab reads a card's price from (ROI, value,
// the ranking's price filter and budget, the cost of a job, compare, card details), so
// the page shows one price per card and market. Rules: docs/roi.md, "The price a buyer
// pays". Money stays USD in core; display_currency() converts for the page.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "money/prices.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Markets: the one list
struct MarketInfo {
  const char* key;         // "us": the link's mkt value and prices.json's `market`
  const char* label;       // English, I18N-marked: "United States"
  const char* currency;    // "USD", "EUR", "CNY"
  ProviderKindSet kinds;   // the provider kinds its buyers rent from by default
  const char* nearest[2];  // where to look when a card has no price here, nearest first
};
inline constexpr MarketInfo kMarkets[] = {
    {"us", I18N("United States"), "USD",
     provider_kind_bit(ProviderKind::hyperscaler) | provider_kind_bit(ProviderKind::gpu_cloud) |
         provider_kind_bit(ProviderKind::marketplace),
     {"eu", "cn"}},
    {"eu", I18N("Europe"), "EUR",
     provider_kind_bit(ProviderKind::hyperscaler) | provider_kind_bit(ProviderKind::gpu_cloud) |
         provider_kind_bit(ProviderKind::marketplace),
     {"us", "cn"}},
    {"cn", I18N("China"), "CNY", provider_kind_bit(ProviderKind::china_cloud), {"us", "eu"}},
};
// The market with this key; nullptr for an unknown one.
const MarketInfo* find_market(std::string_view key);
// The market with this key, or the US market for an unknown one (links are checked first).
const MarketInfo& market_info(std::string_view key);
// The market a first visit starts in, from the browser's language tag (navigator.language):
// mainland Chinese (zh, zh-CN, zh-Hans) → cn; a language or region of the EU/EEA → eu; else us.
std::string market_for_locale(std::string_view locale);

// [SECTION] The buyer: the view's top-level choices every price reads (ViewState::buyer)
struct BuyerView {
  std::string market = "us";           // us, eu, cn
  bool used = false;                   // buy used cards (a card without a used price: new)
  double budget_usd = 0;               // what the buyer spends; 0: no budget
  std::string budget_covers = "machine";  // "machine": cards and the machine they need; "cards"
  std::string outlay_sort;             // "": each list's own order; "total": cheapest first; "value": most per 1,000
};

// The provider kinds the default rent rate comes from: the reader's (roi.kinds) when any
// is chosen, else the market's.
ProviderKindSet rate_kinds(const std::vector<std::string>& chosen, const BuyerView& buyer);

// The market's electricity tariff from prices.json; nullptr when the file has none.
const MarketTariff* market_tariff(const PriceBook& book, std::string_view market);
// The default kWh price in USD: the market's tariff, else kFallbackKwhUsd (our assumption).
constexpr double kFallbackKwhUsd = 0.15;
double default_kwh_usd(const PriceBook& book, std::string_view market);

// [SECTION] Currency for display (core computes in USD)
struct DisplayCurrency {
  std::string code = "USD";    // USD, EUR, CNY
  const char* symbol = "$";    // "$", "€", "¥"
  double per_usd = 1;          // units of the currency per US dollar
  std::string rate_date;       // the rate's date ("" for USD or a rate the reader typed)
};
// `chosen` is the view's currency: "USD", "EUR", "CNY", or "auto" (the market's). The rate
// is the view's when set (> 0), else the file's; a currency without a usable rate is shown
// in USD.
DisplayCurrency display_currency(const std::string& chosen, const std::string& market, double view_cny_per_usd,
                                 double view_eur_per_usd, const PriceBook& book);

// [SECTION] The price a buyer pays now

// How many months, counted back from a card's newest price, the buyer's price is the median
// of: the newest month and the two before it.
constexpr int kRecentMonths = 3;

// The default purchase price of one card for this buyer (market, new or used): in the
// buyer's market, the median of the prices seen in the newest kRecentMonths months (a
// single listing counts only when no shop, tracker or press price of those months exists);
// a "new" price below the same month's used price is set aside (flagged); a card nobody
// sold new in the last 12 months defaults to its used price; asked for used, a card
// without a used price takes its new price. No price in that market: the nearest market's
// (labelled). None anywhere: the launch MSRP, then kind == none.
PriceChoice buyer_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                        const BuyerView& buyer);

// The sentence that says where a price comes from, for the page and the CLI:
// "used, one listing, seen 2026-08-13, 3 months old"; notes for other markets, medians,
// discontinued cards and a set-aside new price follow in price_flags().
TemplateText buyer_price_text(const PriceChoice& price);
std::vector<TemplateText> price_flags(const PriceChoice& price);

// [SECTION] Coverage per market, for `gpuwise validate`
struct MarketCoverage {
  std::string market;
  int cards_new = 0;    // catalog rows with a new price seen in this market (board or system)
  int cards_used = 0;
  int cards_any = 0;
};
std::vector<MarketCoverage> market_coverage(const Catalog& catalog, const PriceBook& book);

// The whole catalog's price coverage (issue 28's counts, `gpuwise validate`).
struct DefaultPriceAges {
  std::string market;
  bool used = false;
  int cards = 0;        // rows with a default price for this buyer (any kind, MSRP included)
  int older = 0;        // of which older than 12 months, or undated (a launch MSRP)
  int other_market = 0; // of which taken from the nearest market
};
struct PriceCoverage {
  int rows = 0;                      // catalog rows
  int priced = 0;                    // with a dated purchase price: new, used or a system's
  int priced_new = 0, priced_used = 0, priced_by_system = 0;
  std::vector<std::string> rental_only;  // no purchase price, but a cloud rate
  std::vector<std::string> unpriced;     // neither
  std::vector<std::string> datacenter_without_rate;  // datacenter rows no provider rents
  std::vector<DefaultPriceAges> defaults;  // per market, new then used
};
PriceCoverage price_coverage(const Catalog& catalog, const PriceBook& book);

}  // namespace gpuwise
