#include "money/prices.h"

#include "catalog/data_file.h"
#include "money/price_memo.h"
#include "money/price_rows.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "catalog/data_details.h"
#include "text/json_util.h"
#include "text/limits.h"
#include "text/stable_sort.h"
#include "text/template_text.h"
#include "text/web_url.h"

namespace gpuwise {
namespace {

// [SECTION] Field rules shared by both lists
constexpr const char* kStreetFields[] = {
    "gpu_id", "market", "usd",         "condition",        "seller", "date_seen",   "source",
    "notes",  "cny",    "cny_per_usd", "cny_per_usd_date", "eur",    "eur_per_usd", "eur_per_usd_date",
    "unit",   "system_name", "system_gpus"};
constexpr const char* kRateFields[] = {"gpu_id",   "provider",         "provider_kind",
                                           "pricing",  "usd_per_gpu_hour", "cny_per_gpu_hour",
                                           "date_seen", "source",          "notes",
                                           "refresh"};
// What each refresh source needs to find a row's price (scripts/refresh_prices.py).
constexpr const char* kRefreshSources[] = {"azure", "aws", "vast", "gpu-price-feed", "gpu-price-index"};
constexpr const char* kRefreshFields[] = {"source", "sku", "region", "gpus", "gpu_name", "vram_gb", "provider", "gpu_key", "gpu_model"};
constexpr const char* kRootFields[] = {"schema_version",     "cny_per_usd",      "cny_per_usd_date",
                                       "cny_per_usd_source", "eur_per_usd",      "eur_per_usd_date",
                                       "eur_per_usd_source", "street_prices",    "cloud_rates",
                                       "markets",            "machines",         "rental_history",
                                       kDetailsMovedKey};
// A CNY list price converted at the file's rate should land within this of the USD figure;
// further off usually means one of the two was typed wrong.
constexpr double kCnyMismatchTolerance = 0.05;

std::string row_label(const char* list, std::size_t index, const json& row) { return price_row_label(list, index, row); }

}  // namespace

std::string price_row_label(const char* list, std::size_t index, const json& row) {
  std::string label = std::string(list) + " #" + std::to_string(index + 1);
  if (row.is_object()) {
    auto id = row.find("gpu_id");
    if (id != row.end() && id->is_string() && !id->get<std::string>().empty()) {
      label += " (" + id->get<std::string>() + ")";
    }
  }
  return label;
}

namespace {

// A price listed in another currency: `amount` (cny or eur) with the rate and date it
// was converted at; usd must agree. The same rules for yuan and euros.
struct ListedCurrency {
  const char* amount;     // "cny"
  const char* rate;       // "cny_per_usd"
  const char* rate_date;  // "cny_per_usd_date"
  const char* per_usd;    // "yuan per dollar"
};
constexpr ListedCurrency kYuan{"cny", "cny_per_usd", "cny_per_usd_date", "yuan per dollar"};
constexpr ListedCurrency kEuro{"eur", "eur_per_usd", "eur_per_usd_date", "euros per dollar"};

void read_listed_currency(PriceRowReader& reader, const ListedCurrency& currency, double usd,
                          std::optional<double>& amount, double& rate_out, std::string& rate_date_out) {
  amount = reader.positive_number(currency.amount, false);
  const auto rate = reader.positive_number(currency.rate, false);
  const std::string rate_date = reader.text(currency.rate_date, false);
  const std::string with = std::string("is required with ") + currency.amount;
  if (!amount) {
    if (rate || !rate_date.empty()) {
      reader.error(currency.amount, std::string("is required with ") + currency.rate + " and " + currency.rate_date);
    }
    return;
  }
  if (!rate) reader.error(currency.rate, with + ": the rate usd was converted at");
  if (rate_date.empty()) {
    reader.error(currency.rate_date, with + ": the date of that rate");
  } else if (!is_date(rate_date)) {
    reader.error(currency.rate_date, "'" + rate_date + "' is not a date shaped like 2026-05-01");
  }
  if (!rate) return;
  if (!limits::kCnyPerUsd.contains(*rate)) {
    reader.error(currency.rate, std::string("must be between 0.01 and 1000 ") + currency.per_usd);
    return;
  }
  rate_out = *rate;
  rate_date_out = rate_date;
  const double converted = *amount / *rate;
  if (usd > 0 && std::fabs(converted - usd) > kCnyMismatchTolerance * usd) {
    reader.warning("usd", std::string("does not match ") + currency.amount + " / " + currency.rate + " (" +
                              dump_json(json(converted)) + ")");
  }
}

// unit "system": the whole machine's price, with its name and how many of the GPU it holds.
void read_street_unit(PriceRowReader& reader, StreetPrice& price) {
  price.system = reader.choice("unit", {"board", "system"}, "board") == "system";
  price.system_name = reader.text("system_name", false);
  const auto gpus = reader.number("system_gpus", false);
  if (gpus && !(*gpus >= 1 && *gpus <= 100000 && *gpus == static_cast<double>(static_cast<long>(*gpus)))) {
    reader.error("system_gpus", "must be a whole number from 1 to 100000");
  } else if (gpus) {
    price.system_gpus = static_cast<int>(*gpus);
  }
  if (price.system && price.system_gpus == 0) reader.error("system_gpus", "is required with unit \"system\"");
  if (!price.system && (gpus || !price.system_name.empty())) {
    reader.warning("unit", "system_name and system_gpus belong to rows with unit \"system\"; ignored");
  }
}

void read_street_prices(const json& rows, const Catalog* catalog, PriceBook& book, const std::set<std::string>& moved) {
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    PriceRowReader reader(row, row_label("street_prices", index, row), book.issues, &moved);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    StreetPrice price;
    reader.gpu_id(price.gpu_id, catalog);
    if (auto usd = reader.positive_number("usd")) price.usd = *usd;
    price.condition = reader.text("condition");
    if (!price.condition.empty() && price.condition != "new" && price.condition != "used") {
      reader.error("condition", "'" + price.condition + "' must be \"new\" or \"used\"");
    }
    price.seller = reader.choice("seller", {"retailer", "tracker", "listing", "press", "vendor"}, "press");
    reader.date("date_seen", price.date_seen);
    reader.url("source", price.source);
    price.notes = reader.text("notes", false);
    read_listed_currency(reader, kYuan, price.usd, price.cny, price.cny_per_usd, price.cny_per_usd_date);
    read_listed_currency(reader, kEuro, price.usd, price.eur, price.eur_per_usd, price.eur_per_usd_date);
    // The market: given, else where the listed currency says it was seen.
    price.market = reader.choice("market", {"us", "eu", "cn"}, price.cny ? "cn" : price.eur ? "eu" : "us");
    read_street_unit(reader, price);
    reader.unknown_fields(kStreetFields);
    if (!reader.failed()) book.street_prices.push_back(std::move(price));
  }
}

// The optional `refresh` object: which machine-readable source rewrites this row.
void read_refresh(const json& row, CloudRate& rate, PriceRowReader& reader) {
  auto it = row.find("refresh");
  if (it == row.end()) return;
  if (!it->is_object()) {
    reader.error("refresh", "must be an object such as {\"source\": \"azure\", ...} (got " + describe_json(*it) + ")");
    return;
  }
  const auto fail = [&](const std::string& message) { reader.error("refresh", message); };
  auto source_it = it->find("source");
  if (source_it == it->end() || !source_it->is_string()) {
    fail("needs a \"source\": " + joined_words(kRefreshSources));
    return;
  }
  const std::string source = source_it->get<std::string>();
  if (!contains_word(kRefreshSources, source)) {
    fail("source '" + source + "' is not one of " + joined_words(kRefreshSources));
    return;
  }
  const auto has_text = [&](const char* field) {
    auto f = it->find(field);
    return f != it->end() && f->is_string() && !f->get<std::string>().empty();
  };
  if (source == "vast") {
    if (!has_text("gpu_name")) fail("vast needs \"gpu_name\" as Vast.ai writes it, e.g. \"RTX 4090\"");
    auto vram = it->find("vram_gb");
    if (vram != it->end() && (!vram->is_number() || vram->get<double>() <= 0)) fail("vram_gb must be a number > 0");
  } else if (source == "gpu-price-feed") {
    if (!has_text("provider")) fail("gpu-price-feed needs \"provider\" as the feed names it, e.g. \"vastai\"");
    if (!has_text("gpu_key")) fail("gpu-price-feed needs \"gpu_key\" as the feed writes it, e.g. \"H100 80GB SXM\"");
    if (rate.pricing == "spot") fail("gpu-price-feed lists on-demand prices only");
  } else if (source == "gpu-price-index") {
    if (!has_text("provider")) fail("gpu-price-index needs \"provider\" as its CSV writes it, e.g. \"Oracle Cloud\"");
    if (!has_text("sku")) fail("gpu-price-index needs \"sku\", the instance type or listing name");
  } else {
    if (!has_text("sku")) fail(source + " needs \"sku\", the instance or VM type");
    if (!has_text("region")) fail(source + " needs \"region\", e.g. " + (source == "aws" ? "us-east-1" : "eastus"));
    if (source == "aws" && rate.pricing == "spot") fail("the AWS price list has no spot prices");
  }
  auto gpus = it->find("gpus");
  if (gpus != it->end() && !(gpus->is_number_integer() && gpus->get<long long>() >= 1 && gpus->get<long long>() <= 1000)) {
    fail("gpus must be a whole number from 1 to 1000 (the GPUs in one instance)");
  }
  for (const auto& item : it->items()) {
    if (!contains_word(kRefreshFields, item.key())) reader.warning("refresh", "'" + item.key() + "' is not a known key; ignored");
  }
  rate.refresh_source = source;
}

void read_cloud_rates(const json& rows, const Catalog* catalog, PriceBook& book, const std::set<std::string>& moved) {
  std::map<std::string, std::string> kind_of_provider;
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    PriceRowReader reader(row, row_label("cloud_rates", index, row), book.issues, &moved);
    if (!row.is_object()) {
      reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
      continue;
    }
    CloudRate rate;
    reader.gpu_id(rate.gpu_id, catalog);
    rate.provider = reader.text("provider");
    rate.provider_kind = reader.text("provider_kind");
    rate.kind = parse_provider_kind(rate.provider_kind);
    if (!rate.provider_kind.empty() && !rate.kind) {
      reader.warning("provider_kind", "'" + rate.provider_kind +
                                          "' is not one of hyperscaler, gpu-cloud, marketplace, china-cloud");
    }
    rate.pricing = reader.text("pricing");
    if (!rate.pricing.empty() && rate.pricing != "on-demand" && rate.pricing != "spot") {
      reader.error("pricing", "'" + rate.pricing + "' must be \"on-demand\" or \"spot\"");
    }
    if (auto usd = reader.positive_number("usd_per_gpu_hour")) rate.usd_per_gpu_hour = *usd;
    rate.cny_per_gpu_hour = reader.positive_number("cny_per_gpu_hour", false);
    reader.date("date_seen", rate.date_seen);
    reader.url("source", rate.source);
    rate.notes = reader.text("notes", false);
    read_refresh(row, rate, reader);
    reader.unknown_fields(kRateFields);
    if (rate.cny_per_gpu_hour && book.cny_per_usd > 0 && rate.usd_per_gpu_hour > 0) {
      const double converted = *rate.cny_per_gpu_hour / book.cny_per_usd;
      if (std::fabs(converted - rate.usd_per_gpu_hour) > kCnyMismatchTolerance * rate.usd_per_gpu_hour) {
        reader.warning("usd_per_gpu_hour", "does not match cny_per_gpu_hour / cny_per_usd (" +
                                               dump_json(json(converted)) + ")");
      }
    }
    // One provider, one kind: the reader filters providers by kind, so a provider listed
    // under two kinds would appear or vanish depending on which row is cheapest.
    if (rate.kind) {
      auto [first, inserted] = kind_of_provider.emplace(rate.provider, rate.provider_kind);
      if (!inserted && first->second != rate.provider_kind) {
        reader.warning("provider_kind", "'" + rate.provider_kind + "' differs from '" + first->second +
                                            "' given for " + rate.provider + " in an earlier row");
      }
    }
    if (!reader.failed()) book.cloud_rates.push_back(std::move(rate));
  }
}

PriceBook load(std::string_view json_text, const Catalog* catalog) {
  PriceBook book;
  json root;
  if (!open_data_file(json_text, "prices.json", "{\"schema_version\": 1, \"cny_per_usd\": ..., ...}", book.issues,
                      book.schema_version, root)) {
    return book;
  }
  // The file-level fields go through the same reader as rows, labelled as the file.
  const std::set<std::string> moved = moved_to_details(root);  // a compact file (the page's)
  PriceRowReader file(root, "", book.issues, &moved);
  if (auto rate = file.positive_number("cny_per_usd")) {
    // The range a link or the page accepts (limits.h); beyond it money shown in CNY overflowed.
    if (limits::kCnyPerUsd.contains(*rate)) {
      book.cny_per_usd = *rate;
    } else {
      file.error("cny_per_usd", "must be between 0.01 and 1000 yuan per dollar (got " + dump_json(json(*rate)) + ")");
    }
  }
  book.cny_per_usd_date = file.text("cny_per_usd_date", false);
  if (!book.cny_per_usd_date.empty() && !is_date(book.cny_per_usd_date)) {
    file.error("cny_per_usd_date", "'" + book.cny_per_usd_date + "' is not a date shaped like 2026-05-01");
  }
  book.cny_per_usd_source = file.text("cny_per_usd_source", false);
  if (root.contains("eur_per_usd")) {
    if (auto rate = file.positive_number("eur_per_usd", false)) {
      if (limits::kCnyPerUsd.contains(*rate)) {
        book.eur_per_usd = *rate;
      } else {
        file.error("eur_per_usd", "must be between 0.01 and 1000 euros per dollar (got " + dump_json(json(*rate)) + ")");
      }
    }
    file.date("eur_per_usd_date", book.eur_per_usd_date);
    book.eur_per_usd_source = file.text("eur_per_usd_source", false);
  }
  file.unknown_fields(kRootFields);

  // The lists beside prices and rates are optional (an older file has none of them).
  const auto optional_list = [&](const char* name, auto read) {
    auto rows = root.find(name);
    if (rows == root.end()) return;
    if (!rows->is_array()) {
      book.issues.push_back({CatalogIssue::Severity::error, "", name, "must be a list of objects"});
      return;
    }
    read(*rows);
  };
  optional_list("markets", [&](const json& rows) { read_market_tariffs(rows, book, moved); });
  optional_list("machines", [&](const json& rows) { read_machine_prices(rows, book, moved); });
  optional_list("rental_history", [&](const json& rows) { read_rental_history(rows, catalog, book, moved); });
  for (const char* list : {"street_prices", "cloud_rates"}) {
    auto rows = root.find(list);
    if (rows == root.end() || !rows->is_array()) {
      book.issues.push_back({CatalogIssue::Severity::error, "", list, "must be a list of objects"});
      continue;
    }
    if (std::string(list) == "street_prices") {
      read_street_prices(*rows, catalog, book, moved);
    } else {
      read_cloud_rates(*rows, catalog, book, moved);
    }
  }
  return book;
}

}  // namespace

// [SECTION] Loading
int PriceBook::error_count() const {
  int count = 0;
  for (const auto& issue : issues) count += issue.severity == CatalogIssue::Severity::error;
  return count;
}

int PriceBook::warning_count() const { return static_cast<int>(issues.size()) - error_count(); }

PriceBook load_prices(std::string_view json_text) { return load(json_text, nullptr); }
PriceBook load_prices(std::string_view json_text, const Catalog& catalog) { return load(json_text, &catalog); }

// [SECTION] Provider kinds
const char* provider_kind_key(ProviderKind kind) {
  switch (kind) {
    case ProviderKind::hyperscaler: return "hyperscaler";
    case ProviderKind::gpu_cloud: return "gpu-cloud";
    case ProviderKind::marketplace: return "marketplace";
    case ProviderKind::china_cloud: return "china-cloud";
  }
  return "hyperscaler";
}

const char* provider_kind_label(ProviderKind kind) {
  switch (kind) {
    case ProviderKind::hyperscaler: return I18N("Hyperscaler");
    case ProviderKind::gpu_cloud: return I18N("Specialist GPU cloud");
    case ProviderKind::marketplace: return I18N("Marketplace");
    case ProviderKind::china_cloud: return I18N("China cloud");
  }
  return I18N("Hyperscaler");
}

ProviderKindSet provider_kind_set(const std::vector<std::string>& keys) {
  ProviderKindSet kinds = 0;
  for (const std::string& key : keys) {
    if (auto kind = parse_provider_kind(key)) kinds |= provider_kind_bit(*kind);
  }
  return kinds ? kinds : kAllProviderKinds;
}

std::optional<ProviderKind> parse_provider_kind(std::string_view key) {
  for (ProviderKind kind : kProviderKinds) {
    if (key == provider_kind_key(kind)) return kind;
  }
  return std::nullopt;
}

// [SECTION] Price age
namespace {
struct Ymd {
  int year = 0, month = 0, day = 0;
  bool operator<(const Ymd& o) const {
    if (year != o.year) return year < o.year;
    if (month != o.month) return month < o.month;
    return day < o.day;
  }
};

std::optional<Ymd> parse_date(std::string_view text) {
  if (!is_date(std::string(text))) return std::nullopt;
  const auto number = [&](std::size_t at, std::size_t digits) {
    int value = 0;
    for (std::size_t i = at; i < at + digits; ++i) value = value * 10 + (text[i] - '0');
    return value;
  };
  return Ymd{number(0, 4), number(5, 2), number(8, 2)};
}
}  // namespace

PriceAge price_age(std::string_view date_seen, std::string_view today) {
  const auto seen = parse_date(date_seen);
  const auto now = parse_date(today);
  PriceAge age;
  if (!seen || !now) return age;
  age.known = true;
  // Whole months: a month counts once its day of the month is reached.
  const int months = (now->year - seen->year) * 12 + (now->month - seen->month) - (now->day < seen->day ? 1 : 0);
  age.months = std::max(0, months);
  // Older than 12 months: the same day a year later is already behind today.
  age.stale = Ymd{seen->year + kStaleAfterMonths / 12, seen->month, seen->day} < *now;
  return age;
}

PriceAge rate_age(const PriceBook& book, const CloudRate& rate) { return price_age(rate.date_seen, book.today); }

// [SECTION] Defaults
const char* price_kind_key(PriceKind kind) {
  switch (kind) {
    case PriceKind::user: return "user";
    case PriceKind::street_new: return "street_new";
    case PriceKind::launch_msrp: return "launch_msrp";
    case PriceKind::street_used: return "street_used";
    case PriceKind::none: break;
  }
  return "none";
}

namespace {
// Newest first; on the same date the cheaper offer first (the one a buyer would take).
bool newer_then_cheaper(const StreetPrice& a, const StreetPrice& b) {
  if (a.date_seen != b.date_seen) return a.date_seen > b.date_seen;
  return a.usd < b.usd;
}

std::optional<StreetPrice> newest_street_price(const PriceBook& book, std::string_view gpu_id,
                                               const std::string& condition) {
  std::optional<StreetPrice> best;
  for (const auto& price : book.street_prices) {
    if (price.gpu_id != gpu_id || price.condition != condition) continue;
    if (!best || newer_then_cheaper(price, *best)) best = price;
  }
  return best;
}

PriceChoice from_street(const StreetPrice& price, PriceKind kind, int gpus_per_board, std::string_view today) {
  PriceChoice choice;
  choice.kind = kind;
  choice.usd_per_board = price.usd;
  choice.gpus_per_board = gpus_per_board;
  choice.usd_per_gpu = price.usd / gpus_per_board;
  choice.date_seen = price.date_seen;
  choice.source = price.source;
  choice.notes = price.notes;
  choice.age = price_age(price.date_seen, today);
  return choice;
}
}  // namespace

std::optional<StreetPrice> newest_used_price(const PriceBook& book, std::string_view gpu_id) {
  return newest_street_price(book, gpu_id, "used");
}

PriceChoice default_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id) {
  const int index = catalog.find(gpu_id);
  if (index < 0) return {};
  const Gpu& gpu = catalog.gpus[index];
  const int per_board = std::max(1, gpu.gpus_per_board);
  if (auto street = newest_street_price(book, gpu_id, "new")) {
    return from_street(*street, PriceKind::street_new, per_board, book.today);
  }
  if (gpu.launch_price_usd && *gpu.launch_price_usd > 0) {
    PriceChoice choice;
    choice.kind = PriceKind::launch_msrp;
    choice.usd_per_board = *gpu.launch_price_usd;
    choice.gpus_per_board = per_board;
    choice.usd_per_gpu = *gpu.launch_price_usd / per_board;
    choice.source = gpu.sources.empty() ? std::string() : gpu.sources.front();
    choice.notes = "launch MSRP (" + std::to_string(gpu.release_year) + ")";
    return choice;
  }
  if (auto used = newest_used_price(book, gpu_id)) return from_street(*used, PriceKind::street_used, per_board, book.today);
  return {};
}

std::optional<CloudRate> cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id) {
  return cheapest_on_demand_rate(book, gpu_id, kAllProviderKinds);
}

namespace {
std::optional<CloudRate> find_cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id,
                                                      ProviderKindSet kinds);
}  // namespace

std::optional<CloudRate> cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id,
                                                 ProviderKindSet kinds) {
  PriceMemo* memo = PriceMemo::current();
  if (!memo) return find_cheapest_on_demand_rate(book, gpu_id, kinds);
  auto it = memo->rates.find(gpu_id);
  if (it == memo->rates.end()) it = memo->rates.emplace(std::string(gpu_id), std::vector<PriceMemo::Rate>()).first;
  for (const PriceMemo::Rate& known : it->second) {
    if (known.book == &book && known.kinds == kinds) return known.rate;
  }
  std::optional<CloudRate> rate = find_cheapest_on_demand_rate(book, gpu_id, kinds);
  it->second.push_back({&book, kinds, rate});
  return rate;
}

namespace {
std::optional<CloudRate> find_cheapest_on_demand_rate(const PriceBook& book, std::string_view gpu_id,
                                                      ProviderKindSet kinds) {
  const bool every_kind = (kinds & kAllProviderKinds) == kAllProviderKinds;
  std::optional<CloudRate> best;
  for (const auto& rate : book.cloud_rates) {
    if (rate.gpu_id != gpu_id || rate.pricing != "on-demand") continue;
    if (rate.kind ? !(kinds & provider_kind_bit(*rate.kind)) : !every_kind) continue;
    if (!best || rate.usd_per_gpu_hour < best->usd_per_gpu_hour ||
        (rate.usd_per_gpu_hour == best->usd_per_gpu_hour && rate.date_seen > best->date_seen)) {
      best = rate;
    }
  }
  return best;
}
}  // namespace

std::vector<CloudRate> rates_for(const PriceBook& book, std::string_view gpu_id) {
  std::vector<CloudRate> out;
  for (const auto& rate : book.cloud_rates) {
    if (rate.gpu_id == gpu_id) out.push_back(rate);
  }
  stable_sort_rows(out, [](const CloudRate& a, const CloudRate& b) {
    return a.usd_per_gpu_hour < b.usd_per_gpu_hour;
  });
  return out;
}

std::vector<StreetPrice> street_prices_for(const PriceBook& book, std::string_view gpu_id) {
  std::vector<StreetPrice> out;
  for (const auto& price : book.street_prices) {
    if (price.gpu_id == gpu_id) out.push_back(price);
  }
  stable_sort_rows(out, newer_then_cheaper);
  return out;
}

// [SECTION] Coverage
PriceBookStats price_book_stats(const PriceBook& book) {
  PriceBookStats stats;
  std::set<std::string> any, fresh, used, cny;
  const auto older = [&](const std::string& date) {
    if (stats.oldest_date.empty() || date < stats.oldest_date) stats.oldest_date = date;
  };
  for (const auto& price : book.street_prices) {
    any.insert(price.gpu_id);
    (price.condition == "used" ? used : fresh).insert(price.gpu_id);
    if (price.cny) cny.insert(price.gpu_id);
    older(price.date_seen);
    stats.stale_street_prices += price_age(price.date_seen, book.today).stale;
  }
  for (const auto& rate : book.cloud_rates) {
    if (rate.kind) ++stats.rates_by_kind[static_cast<int>(*rate.kind)];
    stats.spot_rates += rate.pricing == "spot";
    stats.refreshable_rates += !rate.refresh_source.empty();
    older(rate.date_seen);
    stats.stale_rates += rate_age(book, rate).stale;
  }
  stats.cards_with_street_price = static_cast<int>(any.size());
  stats.cards_with_new_price = static_cast<int>(fresh.size());
  stats.cards_with_used_price = static_cast<int>(used.size());
  stats.cards_with_cny_price = static_cast<int>(cny.size());
  return stats;
}

// [SECTION] Currency
namespace {
bool usable_rate(double rate) { return std::isfinite(rate) && rate > 0; }
// Money shows in yuan or euros only with a usable rate; anything else stays dollars.
bool shows_local(const std::string& currency, double per_usd) {
  return (currency == "CNY" || currency == "EUR") && usable_rate(per_usd);
}
}  // namespace

double cny_per_usd_in_use(double view_cny_per_usd, const PriceBook& book) {
  if (usable_rate(view_cny_per_usd)) return view_cny_per_usd;
  return usable_rate(book.cny_per_usd) ? book.cny_per_usd : 0;
}

double to_display(double usd, const std::string& currency, double per_usd) {
  return shows_local(currency, per_usd) ? usd * per_usd : usd;
}

double from_display(double amount, const std::string& currency, double per_usd) {
  return shows_local(currency, per_usd) ? amount / per_usd : amount;
}

const char* currency_symbol(const std::string& currency, double per_usd) {
  if (!shows_local(currency, per_usd)) return "$";
  return currency == "CNY" ? "\xC2\xA5" : "\xE2\x82\xAC";  // ¥ or € in UTF-8
}

}  // namespace gpuwise
