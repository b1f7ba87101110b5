// Prices: dated street prices and cloud rental rates from data/prices.json (format:
// data/README.md), the default price and rate the calculators start from, and the
// USD <-> CNY display helpers. Core computes in USD; only display converts.
// Loading never throws: every problem is a CatalogIssue naming the row and field.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"

namespace gpuwise {


// [SECTION] Provider kinds: who rents the GPU, so the reader can pick where the default rate comes from

enum class ProviderKind { hyperscaler, gpu_cloud, marketplace, china_cloud };
constexpr int kProviderKindCount = 4;
// In display order; each key is the `provider_kind` value in prices.json.
constexpr std::array<ProviderKind, kProviderKindCount> kProviderKinds = {
    ProviderKind::hyperscaler, ProviderKind::gpu_cloud, ProviderKind::marketplace, ProviderKind::china_cloud};
const char* provider_kind_key(ProviderKind kind);    // "hyperscaler", "gpu-cloud", "marketplace", "china-cloud"
const char* provider_kind_label(ProviderKind kind);  // "Hyperscaler", "Specialist GPU cloud", "Marketplace", "China cloud"
std::optional<ProviderKind> parse_provider_kind(std::string_view key);

// A set of kinds, one bit each (bit = 1 << kind), so a share link can carry it as one number.
using ProviderKindSet = unsigned;
constexpr ProviderKindSet provider_kind_bit(ProviderKind kind) { return 1u << static_cast<unsigned>(kind); }
constexpr ProviderKindSet kAllProviderKinds = (1u << kProviderKindCount) - 1;
// The kinds named by a list of keys (RoiView::provider_kinds); an empty list, or one
// naming no known kind, is every kind: the reader has not narrowed the choice.
ProviderKindSet provider_kind_set(const std::vector<std::string>& keys);

// [SECTION] Price age: a dated figure older than this many months is stale

constexpr int kStaleAfterMonths = 12;

struct PriceAge {
  bool known = false;   // false: the figure has no date (launch MSRP, a user figure) or no "today" was given
  int months = 0;       // whole months from the date seen to today (0 for a date after today)
  bool stale = false;   // seen more than kStaleAfterMonths months before today
};

// The age of a figure seen on `date_seen` ("2025-11-30") as of `today` ("2026-12-02").
// Either date empty or malformed: known == false.
PriceAge price_age(std::string_view date_seen, std::string_view today);

struct StreetPrice {
  std::string gpu_id;
  std::string market = "us";  // where it was seen: us, eu or cn (market.h)
  double usd = 0;          // per board as sold; for a system row, the whole system
  std::string condition;   // "new" or "used"
  // Who stated it: retailer, tracker, listing (one marketplace or forum listing), press,
  // vendor (the maker's own or announced price). market.h ranks them.
  std::string seller = "press";
  std::string date_seen;   // "2026-05-01"
  std::string source;      // URL
  std::string notes;
  // A price seen in yuan (a Chinese shop or market): the figure as listed, and the dated
  // rate `usd` was converted at, so the conversion can be checked and redone.
  std::optional<double> cny;
  double cny_per_usd = 0;
  std::string cny_per_usd_date;
  // The same for a price seen in euros (a European shop, VAT included).
  std::optional<double> eur;
  double eur_per_usd = 0;
  std::string eur_per_usd_date;
  // "system": the price of a whole machine holding system_gpus of this GPU (an 8-GPU
  // HGX server, an NVL72 rack); `usd` is the machine's.
  bool system = false;
  std::string system_name;
  int system_gpus = 0;
};

// A market's electricity tariff, the default kWh price of its buyers (market.h).
struct MarketTariff {
  std::string market;       // us, eu, cn
  double kwh_usd = 0;       // converted at the file's rate when listed in another currency
  double kwh_local = 0;     // as listed
  std::string currency;     // of kwh_local: USD, EUR, CNY
  std::string date_seen, source, notes;
};

// What a machine around the GPUs costs (board, CPU, RAM, power supply, case, disk): one
// sourced, dated row per class; outlay.h picks the class a purchase needs.
struct MachinePrice {
  std::string machine_class;       // desktop, workstation, server
  std::string form = "pcie";       // pcie (cards in slots) or sxm (SXM / OAM baseboard server)
  int max_gpus = 1;                // the cards (or modules) it holds
  std::optional<double> usd;       // absent: no sourced price (then the outlay has none)
  double psu_w = 0;                // the power supply the priced build has (0: not stated)
  double ram_gb = 0;               // its RAM (0: not stated)
  // The electrical PCIe lanes each GPU gets (16, 8, 4, 1 on a mining board's risers); 0:
  // not stated. Splitting layers (llama.cpp) works over x1; tensor parallel wants x8 (outlay.h).
  int pcie_lanes = 0;
  // Its usd prices the machine only for GPUs released in or after this year (0: any); its
  // draw holds for every GPU of its form. An HGX H100 host's bill is no price for a 2017
  // SXM2 server, whose host draws much the same.
  int price_min_year = 0;
  std::optional<double> host_power_w;  // what the host draws beside the GPUs while they work
  std::string market = "us";
  std::string date_seen, source, notes;
};

// Rental rates of one card over time (prices_datacenter history), for the default
// decline of rent (market.h rental_decline_default).
struct RentalPoint {
  std::string date;
  double usd_per_gpu_hour = 0;
};
struct RentalSeries {
  std::string gpu_id;
  std::vector<RentalPoint> points;  // oldest first
  std::string source, notes;
};

struct CloudRate {
  std::string gpu_id;
  std::string provider;                   // "RunPod Community Cloud"
  std::string provider_kind;              // hyperscaler, gpu-cloud, marketplace, china-cloud
  std::optional<ProviderKind> kind;       // provider_kind parsed; empty for a value not listed above
  std::string pricing;                    // "on-demand" or "spot"
  double usd_per_gpu_hour = 0;
  std::optional<double> cny_per_gpu_hour; // the list price where the provider bills in CNY
  std::string date_seen;
  std::string source;
  std::string notes;
  // The machine-readable source scripts/refresh_prices.py rewrites this row from
  // ("azure", "aws" or "vast"); empty for a hand-entered row.
  std::string refresh_source;
};

struct PriceBook {
  int schema_version = 0;
  double cny_per_usd = 0;  // 0 when the file has no usable rate
  std::string cny_per_usd_date;
  std::string cny_per_usd_source;
  double eur_per_usd = 0;  // 0 when the file has none
  std::string eur_per_usd_date;
  std::string eur_per_usd_source;
  std::vector<StreetPrice> street_prices;
  std::vector<CloudRate> cloud_rates;
  std::vector<MarketTariff> tariffs;      // "markets" in the file
  std::vector<MachinePrice> machines;
  std::vector<RentalSeries> rental_history;
  // The date prices are aged against (YYYY-MM-DD): not in the file; the caller sets it
  // (the page: the browser's date; the CLI: the system date or --today). Empty: ages unknown.
  std::string today;
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
  PriceAge age;              // of date_seen as of book.today (unknown for MSRP and user figures)
  // How the buyer price was chosen (market.h buyer_price); empty for MSRP and user figures.
  std::string market;        // where it was seen: us, eu, cn
  bool other_market = false; // the buyer's market has no price: the nearest market's, converted
  std::string seller;        // retailer, tracker, listing, press, vendor
  int median_of = 1;         // > 1: the median of this many recent prices (market.h kRecentMonths)
  std::string median_from;   // with median_of > 1: the oldest date among them
  std::string system_name;   // set: a share of that system's price (usd / system_gpus per GPU)
  int system_gpus = 0;
  bool discontinued = false;  // new was asked, but no shop sold it new in 12 months: its used price
  bool no_used_price = false; // used was asked, but it has no used price: its new price
  std::optional<StreetPrice> set_aside;  // a new price below the same month's used price, not used
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
// The same among providers of the chosen kinds only (the reader's choice, kept in the link).
// A row whose kind is not one of the four counts only when every kind is chosen.
std::optional<CloudRate> cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id,
                                                 ProviderKindSet kinds);
// The age of a rate's date_seen as of book.today.
PriceAge rate_age(const PriceBook& book, const CloudRate& rate);

// Every rate for a card (on-demand and spot), cheapest first.
std::vector<CloudRate> rates_for(const PriceBook& book, std::string_view gpu_id);
// Every street price for a card, newest first.
std::vector<StreetPrice> street_prices_for(const PriceBook& book, std::string_view gpu_id);

// [SECTION] Coverage: what the data holds, for `gpuwise validate` and the page's notes

struct PriceBookStats {
  int cards_with_street_price = 0;   // distinct gpu_ids with any street price
  int cards_with_new_price = 0;
  int cards_with_used_price = 0;
  int cards_with_cny_price = 0;      // a street price seen in yuan
  int rates_by_kind[kProviderKindCount] = {};  // cloud rates per ProviderKind (index = kind)
  int spot_rates = 0;
  int refreshable_rates = 0;         // rows scripts/refresh_prices.py rewrites
  std::string oldest_date;           // of any street price or rate
  int stale_street_prices = 0;       // as of book.today (0 when today is empty)
  int stale_rates = 0;
};
PriceBookStats price_book_stats(const PriceBook& book);

// [SECTION] Currency for display. Money in data and in every result is USD.

// The rate in use: the view's cny_per_usd when set (> 0), else the file's; 0 if neither.
double cny_per_usd_in_use(double view_cny_per_usd, const PriceBook& book);
// USD -> the display currency ("USD", "EUR" or "CNY" at `per_usd` of it per dollar); a
// currency without a usable rate stays USD. market.h display_currency() picks both.
double to_display(double usd, const std::string& currency, double per_usd);
// The display currency -> USD (for what the user types into a money field).
double from_display(double amount, const std::string& currency, double per_usd);
// "$", "€" or "¥": the symbol to print next to to_display() figures.
const char* currency_symbol(const std::string& currency, double per_usd);

}  // namespace gpuwise
