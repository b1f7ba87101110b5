// Prices: dated street prices and cloud rental rates from data/prices.json (format:
// data/README.md), the default price and rate the calculators start from, and the
// USD <-> CNY display helpers. Core computes in USD; only display converts.
// Loading never throws: every problem is a CatalogIssue naming the row and field.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.h"

namespace gpuwise {

struct ViewState;

struct StreetPrice {
  std::string gpu_id;
  double usd = 0;          // per board, as sold
  std::string condition;   // "new" or "used"
  std::string date_seen;   // "2026-05-01"
  std::string source;      // URL
  std::string notes;
};

struct CloudRate {
  std::string gpu_id;
  std::string provider;                   // "RunPod Community Cloud"
  std::string provider_kind;              // hyperscaler, gpu-cloud, marketplace, china-cloud
  std::string pricing;                    // "on-demand" or "spot"
  double usd_per_gpu_hour = 0;
  std::optional<double> cny_per_gpu_hour; // the list price where the provider bills in CNY
  std::string date_seen;
  std::string source;
  std::string notes;
};

struct PriceBook {
  int schema_version = 0;
  double cny_per_usd = 0;  // 0 when the file has no usable rate
  std::string cny_per_usd_date;
  std::string cny_per_usd_source;
  std::vector<StreetPrice> street_prices;
  std::vector<CloudRate> cloud_rates;
  // Row labels look like "street_prices #3 (rtx-4090)" (1-based, as in a text editor's list).
  std::vector<CatalogIssue> issues;

  int error_count() const;
  int warning_count() const;
};

// Parses and validates the text of a prices.json file. With a catalog, a gpu_id the
// catalog does not know is a warning (the row still loads; nothing will look it up).
PriceBook load_prices(std::string_view json_text);
PriceBook load_prices(std::string_view json_text, const Catalog& catalog);

// [SECTION] Defaults the calculators start from

// Where a price came from, so the page can say "street price, new, 2026-05-01, <link>".
enum class PriceKind { none, user, street_new, launch_msrp, street_used };
const char* price_kind_key(PriceKind kind);  // "none", "user", "street_new", ...

struct PriceChoice {
  PriceKind kind = PriceKind::none;
  double usd_per_board = 0;  // the figure as found (street prices and MSRP are per board)
  double usd_per_gpu = 0;    // usd_per_board / gpus_per_board: what the calculators use
  int gpus_per_board = 1;
  std::string date_seen;     // empty for launch MSRP and user figures
  std::string source;        // URL; for MSRP the catalog row's first source
  std::string notes;
  bool found() const { return kind != PriceKind::none; }
};

// The default purchase price of one card: the newest "new" street price, else the
// launch MSRP, else the newest "used" street price. Equal dates: the lower price.
// kind == none when the card is unknown or has no price at all.
PriceChoice default_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id);

// The newest "used" street price (what a card fetches second-hand today), if any.
std::optional<StreetPrice> newest_used_price(const PriceBook& book, std::string_view gpu_id);

// The cheapest on-demand (not spot) rate for a card; equal rates: the newest.
std::optional<CloudRate> cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id);

// Every rate for a card (on-demand and spot), cheapest first.
std::vector<CloudRate> rates_for(const PriceBook& book, std::string_view gpu_id);
// Every street price for a card, newest first.
std::vector<StreetPrice> street_prices_for(const PriceBook& book, std::string_view gpu_id);

// [SECTION] Currency for display. Money in data and in every result is USD.

// The rate in use: the view's cny_per_usd when set (> 0), else the file's; 0 if neither.
double cny_per_usd_in_use(const ViewState& state, const PriceBook& book);
// USD -> the display currency ("USD" or "CNY"). CNY without a usable rate stays USD.
double to_display(double usd, const std::string& currency, double cny_per_usd);
double to_display(double usd, const ViewState& state, const PriceBook& book);
// The display currency -> USD (for what the user types into a money field).
double from_display(double amount, const std::string& currency, double cny_per_usd);
double from_display(double amount, const ViewState& state, const PriceBook& book);
// "$" or "¥": the symbol to print next to to_display() figures.
const char* currency_symbol(const std::string& currency, double cny_per_usd);

}  // namespace gpuwise
