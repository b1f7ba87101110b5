#include "money/market.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "money/price_memo.h"
#include "text/format.h"

namespace gpuwise {

// [SECTION] Markets
const MarketInfo* find_market(std::string_view key) {
  for (const MarketInfo& market : kMarkets) {
    if (key == market.key) return &market;
  }
  return nullptr;
}

const MarketInfo& market_info(std::string_view key) {
  const MarketInfo* market = find_market(key);
  return market ? *market : kMarkets[0];
}

namespace {
// Languages of the EU and EEA, and the regions (after the '-') of its members, in the
// lower case of a BCP 47 tag: a French reader in Canada ("fr-CA") stays in the US market.
constexpr const char* kEuLanguages[] = {"bg", "cs", "da", "de", "el", "es", "et", "fi", "fr", "ga", "hr", "hu",
                                        "it", "lt", "lv", "mt", "nl", "pl", "pt", "ro", "sk", "sl", "sv", "is",
                                        "nb", "nn", "no", "lb", "ca", "eu", "gl"};
constexpr const char* kEuRegions[] = {"at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr",
                                      "hu", "ie", "it", "lv", "lt", "lu", "mt", "nl", "pl", "pt", "ro", "sk",
                                      "si", "es", "se", "is", "li", "no"};
constexpr const char* kNonEuRegions[] = {"us", "ca", "mx", "br", "ar", "au", "nz", "gb", "ch", "ma", "dz", "sn",
                                         "ci", "cm", "ht", "ao", "mz", "cl", "co", "pe", "ve"};

bool listed(const char* const* first, const char* const* last, const std::string& word) {
  return std::find_if(first, last, [&](const char* w) { return word == w; }) != last;
}
}  // namespace

std::string market_for_locale(std::string_view locale) {
  std::string tag;
  for (char c : locale) tag += static_cast<char>(std::tolower(static_cast<unsigned char>(c) == '_' ? '-' : c));
  const std::size_t dash = tag.find('-');
  const std::string language = tag.substr(0, dash);
  // The region is the last two-letter subtag ("zh-hans-cn" → cn, "de-at" → at).
  std::string region;
  for (std::size_t at = dash; at != std::string::npos && at < tag.size(); at = tag.find('-', at + 1)) {
    const std::size_t end = tag.find('-', at + 1);
    const std::string part = tag.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
    if (part.size() == 2) region = part;
  }
  if (language == "zh") {
    // Mainland China writes simplified Chinese; Taiwan, Hong Kong, Macau and Singapore are not its market.
    const bool elsewhere = region == "tw" || region == "hk" || region == "mo" || region == "sg" ||
                           tag.find("hant") != std::string::npos;
    return elsewhere ? "us" : "cn";
  }
  if (!region.empty()) {
    if (listed(std::begin(kEuRegions), std::end(kEuRegions), region)) return "eu";
    if (listed(std::begin(kNonEuRegions), std::end(kNonEuRegions), region)) return "us";
  }
  return listed(std::begin(kEuLanguages), std::end(kEuLanguages), language) ? "eu" : "us";
}

ProviderKindSet rate_kinds(const std::vector<std::string>& chosen, const BuyerView& buyer) {
  ProviderKindSet kinds = 0;
  for (const std::string& key : chosen) {
    if (auto kind = parse_provider_kind(key)) kinds |= provider_kind_bit(*kind);
  }
  return kinds ? kinds : market_info(buyer.market).kinds;
}

const MarketTariff* market_tariff(const PriceBook& book, std::string_view market) {
  for (const MarketTariff& tariff : book.tariffs) {
    if (tariff.market == market) return &tariff;
  }
  return nullptr;
}

double default_kwh_usd(const PriceBook& book, std::string_view market) {
  const MarketTariff* tariff = market_tariff(book, market);
  return tariff && tariff->kwh_usd > 0 ? tariff->kwh_usd : kFallbackKwhUsd;
}

// [SECTION] Currency
DisplayCurrency display_currency(const std::string& chosen, const std::string& market, double view_cny_per_usd,
                                 double view_eur_per_usd, const PriceBook& book) {
  const std::string code = chosen == "USD" || chosen == "EUR" || chosen == "CNY" ? chosen
                                                                                   : market_info(market).currency;
  DisplayCurrency out;
  const auto usable = [](double rate) { return std::isfinite(rate) && rate > 0; };
  if (code == "CNY") {
    const double rate = usable(view_cny_per_usd) ? view_cny_per_usd : book.cny_per_usd;
    if (!usable(rate)) return out;
    out = {"CNY", "\xC2\xA5", rate, usable(view_cny_per_usd) ? "" : book.cny_per_usd_date};  // ¥
  } else if (code == "EUR") {
    const double rate = usable(view_eur_per_usd) ? view_eur_per_usd : book.eur_per_usd;
    if (!usable(rate)) return out;
    out = {"EUR", "\xE2\x82\xAC", rate, usable(view_eur_per_usd) ? "" : book.eur_per_usd_date};  // €
  }
  return out;
}

// [SECTION] The price a buyer pays
namespace {

std::string month_of(const std::string& date) { return date.substr(0, 7); }

// "2026-09" → 2026 * 12 + 8, so that months can be counted back across a year's end; -1 for a
// malformed date (the loader checks dates; this keeps a bad one from matching anything).
int month_index(const std::string& date) {
  if (date.size() < 7 || date[4] != '-') return -1;
  int year = 0, month = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(date[i]))) return -1;
    year = year * 10 + (date[i] - '0');
  }
  for (std::size_t i = 5; i < 7; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(date[i]))) return -1;
    month = month * 10 + (date[i] - '0');
  }
  return month >= 1 && month <= 12 ? year * 12 + month - 1 : -1;
}

struct Pick {
  std::vector<const StreetPrice*> rows;  // the recent rows the figure is the median of
  double usd_per_board = 0;              // board rows: per board; system rows: per GPU × gpus_per_board
  const StreetPrice* shown = nullptr;    // the row closest to the median (its source is shown)
  std::string date;                      // the newest date among `rows`
  std::string oldest;                    // the oldest date among `rows`
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Per board, whatever the row's unit: a system row's share is usd / system_gpus per GPU.
double per_board(const StreetPrice& row, int gpus_per_board) {
  return row.system ? row.usd / std::max(1, row.system_gpus) * gpus_per_board : row.usd;
}

// The recent price among `rows` (board rows first: a system's share only when the card has
// no board price of that condition): the median of the shop, tracker, press and vendor
// prices seen in the newest month and the kRecentMonths - 1 before it, or of its listings
// when it has nothing else. A window, not the newest month alone, so that one row that
// happens to be the newest (a guide's low end, one odd offer) does not decide on its own
// while other prices of the same weeks say otherwise; three months still follow a market
// that moves (the used RTX 3090 doubled in 2026) within weeks.
std::optional<Pick> pick(std::vector<const StreetPrice*> rows, int gpus_per_board) {
  const bool any_board = std::any_of(rows.begin(), rows.end(), [](const StreetPrice* r) { return !r->system; });
  if (any_board) rows.erase(std::remove_if(rows.begin(), rows.end(), [](const StreetPrice* r) { return r->system; }),
                            rows.end());
  if (rows.empty()) return std::nullopt;
  int newest = -1;
  for (const StreetPrice* row : rows) newest = std::max(newest, month_index(row->date_seen));
  Pick out;
  for (const StreetPrice* row : rows) {
    const int month = month_index(row->date_seen);
    if (month >= 0 && month > newest - kRecentMonths) out.rows.push_back(row);
  }
  if (out.rows.empty()) return std::nullopt;
  const bool has_dealer = std::any_of(out.rows.begin(), out.rows.end(),
                                      [](const StreetPrice* r) { return r->seller != "listing"; });
  if (has_dealer) {
    out.rows.erase(std::remove_if(out.rows.begin(), out.rows.end(),
                                  [](const StreetPrice* r) { return r->seller == "listing"; }),
                   out.rows.end());
  }
  std::vector<double> values;
  for (const StreetPrice* row : out.rows) values.push_back(per_board(*row, gpus_per_board));
  out.usd_per_board = median(values);
  double nearest = 0;
  out.oldest = out.rows.front()->date_seen;
  for (const StreetPrice* row : out.rows) {
    const double distance = std::fabs(per_board(*row, gpus_per_board) - out.usd_per_board);
    // Closest to the median; equally close: the newer, then the cheaper (stable across runs).
    if (!out.shown || distance < nearest ||
        (distance == nearest && (row->date_seen > out.shown->date_seen ||
                                 (row->date_seen == out.shown->date_seen && row->usd < out.shown->usd)))) {
      out.shown = row;
      nearest = distance;
    }
    out.date = std::max(out.date, row->date_seen);
    out.oldest = std::min(out.oldest, row->date_seen);
  }
  return out;
}

struct MarketPick {
  std::optional<Pick> chosen;
  std::string condition;          // of the chosen figure
  bool discontinued = false;
  bool no_used_price = false;
  std::optional<StreetPrice> set_aside;
};

// The card's street prices, in the book's order: one pass over the book for the up to six
// market and condition lists a price choice reads (a job prices ~800 cards and counts).
std::vector<const StreetPrice*> card_rows(const PriceBook& book, std::string_view gpu_id) {
  std::vector<const StreetPrice*> out;
  for (const StreetPrice& row : book.street_prices) {
    if (row.gpu_id == gpu_id) out.push_back(&row);
  }
  return out;
}

std::vector<const StreetPrice*> rows_of(const std::vector<const StreetPrice*>& card, std::string_view market,
                                        std::string_view condition) {
  std::vector<const StreetPrice*> out;
  for (const StreetPrice* row : card) {
    if (row->market == market && row->condition == condition) out.push_back(row);
  }
  return out;
}

// A figure a buyer can count on today: seen in the last 12 months and not only a listing.
bool current(const Pick& p, std::string_view today) {
  const bool dealer = std::any_of(p.rows.begin(), p.rows.end(), [](const StreetPrice* r) { return r->seller != "listing"; });
  const PriceAge age = price_age(p.date, today);
  return dealer && (!age.known || !age.stale);
}

MarketPick pick_in_market(const PriceBook& book, const std::vector<const StreetPrice*>& card, std::string_view market,
                          bool used, int gpus_per_board) {
  MarketPick out;
  const std::optional<Pick> used_pick = pick(rows_of(card, market, "used"), gpus_per_board);
  std::vector<const StreetPrice*> new_rows = rows_of(card, market, "new");
  std::optional<Pick> new_pick = pick(new_rows, gpus_per_board);
  // A "new" price below the used price of the same month is not a new card a buyer can
  // count on (a refurbished, pulled or fake offer): set aside, and the next one taken.
  // Each turn drops at least one row (a median below the used price has a row below it).
  while (new_pick && used_pick && month_of(new_pick->date) == month_of(used_pick->date) &&
         new_pick->usd_per_board < used_pick->usd_per_board) {
    const std::vector<const StreetPrice*> below = [&] {
      std::vector<const StreetPrice*> rows;
      for (const StreetPrice* row : new_pick->rows) {
        if (per_board(*row, gpus_per_board) < used_pick->usd_per_board) rows.push_back(row);
      }
      return rows;
    }();
    if (!out.set_aside && !below.empty()) out.set_aside = *below.front();
    new_rows.erase(std::remove_if(new_rows.begin(), new_rows.end(),
                                  [&](const StreetPrice* r) {
                                    return std::find(below.begin(), below.end(), r) != below.end();
                                  }),
                   new_rows.end());
    new_pick = pick(new_rows, gpus_per_board);
  }
  if (used) {
    if (used_pick) {
      out.chosen = used_pick;
      out.condition = "used";
    } else if (new_pick) {
      out.chosen = new_pick;
      out.condition = "new";
      out.no_used_price = true;
    }
    return out;
  }
  if (new_pick && (current(*new_pick, book.today) || !used_pick)) {
    out.chosen = new_pick;
    out.condition = "new";
  } else if (used_pick) {
    out.chosen = used_pick;
    out.condition = "used";
    out.discontinued = true;
  }
  return out;
}

}  // namespace

namespace {

PriceChoice find_buyer_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                             const BuyerView& buyer);

}  // namespace

// The price reads only the buyer's market and condition (the memo's key).
PriceChoice buyer_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                        const BuyerView& buyer) {
  PriceMemo* memo = PriceMemo::current();
  if (!memo) return find_buyer_price(catalog, book, gpu_id, buyer);
  auto it = memo->buyer_prices.find(gpu_id);
  if (it == memo->buyer_prices.end()) it = memo->buyer_prices.emplace(std::string(gpu_id), std::vector<PriceMemo::BuyerPrice>()).first;
  for (const PriceMemo::BuyerPrice& known : it->second) {
    if (known.catalog == &catalog && known.book == &book && known.used == buyer.used && known.market == buyer.market) {
      return known.price;
    }
  }
  PriceChoice price = find_buyer_price(catalog, book, gpu_id, buyer);
  it->second.push_back({&catalog, &book, buyer.market, buyer.used, price});
  return price;
}

namespace {

PriceChoice find_buyer_price(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                             const BuyerView& buyer) {
  const int index = catalog.find(gpu_id);
  if (index < 0) return {};
  const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
  const int per_board_gpus = std::max(1, gpu.gpus_per_board);
  const MarketInfo& home = market_info(buyer.market);
  std::vector<const char*> markets = {home.key, home.nearest[0], home.nearest[1]};
  const std::vector<const StreetPrice*> card = card_rows(book, gpu_id);
  for (const char* market : markets) {
    MarketPick found = pick_in_market(book, card, market, buyer.used, per_board_gpus);
    if (!found.chosen) continue;
    const Pick& p = *found.chosen;
    PriceChoice choice;
    choice.kind = found.condition == "used" ? PriceKind::street_used : PriceKind::street_new;
    choice.usd_per_board = p.usd_per_board;
    choice.gpus_per_board = per_board_gpus;
    choice.usd_per_gpu = p.usd_per_board / per_board_gpus;
    choice.date_seen = p.date;
    choice.source = p.shown->source;
    choice.notes = p.shown->notes;
    choice.age = price_age(p.date, book.today);
    choice.market = market;
    choice.other_market = market != std::string(home.key);
    choice.seller = p.shown->seller;
    choice.median_of = static_cast<int>(p.rows.size());
    if (choice.median_of > 1) choice.median_from = p.oldest;
    if (p.shown->system) {
      choice.system_name = p.shown->system_name;
      choice.system_gpus = p.shown->system_gpus;
    }
    choice.discontinued = found.discontinued;
    choice.no_used_price = found.no_used_price;
    choice.set_aside = found.set_aside;
    return choice;
  }
  if (gpu.launch_price_usd && *gpu.launch_price_usd > 0) {
    PriceChoice choice;
    choice.kind = PriceKind::launch_msrp;
    choice.usd_per_board = *gpu.launch_price_usd;
    choice.gpus_per_board = per_board_gpus;
    choice.usd_per_gpu = *gpu.launch_price_usd / per_board_gpus;
    choice.source = gpu.sources.empty() ? std::string() : gpu.sources.front();
    choice.notes = "launch MSRP (" + std::to_string(gpu.release_year) + ")";
    choice.market = "us";
    choice.other_market = home.key != std::string("us");
    return choice;
  }
  return {};
}

}  // namespace

// [SECTION] Words
TemplateText buyer_price_text(const PriceChoice& price) {
  const std::string date = price.date_seen;
  const std::string month = date.substr(0, 7);
  switch (price.kind) {
    case PriceKind::none: return {};
    case PriceKind::user: return {I18N("your price")};
    case PriceKind::launch_msrp: return {I18N("launch price ({0}), not a street price"), {price.notes}};
    case PriceKind::street_new:
    case PriceKind::street_used: break;
  }
  const char* condition = price.kind == PriceKind::street_used ? I18N("used") : I18N("new");
  TemplateText what{condition};
  if (price.median_of > 1 && price.median_from.substr(0, 7) != month) {
    return {I18N("{0}, median of {1} prices seen {2} to {3}"),
            {what.text(), std::to_string(price.median_of), price.median_from.substr(0, 7), month},
            {what}};
  }
  if (price.median_of > 1) {
    return {I18N("{0}, median of {1} prices seen in {2}"), {what.text(), std::to_string(price.median_of), month},
            {what}};
  }
  const char* seller = price.seller == "listing"   ? I18N("one listing")
                       : price.seller == "tracker" ? I18N("price tracker")
                       : price.seller == "retailer" ? I18N("shop")
                       : price.seller == "vendor"   ? I18N("maker's price")
                                                    : I18N("press");
  return {I18N("{0}, {1}, seen {2}"), {what.text(), TemplateText{seller}.text(), date}, {what, TemplateText{seller}}};
}

std::vector<TemplateText> price_flags(const PriceChoice& price) {
  std::vector<TemplateText> out;
  if (price.other_market) {
    const MarketInfo& from = market_info(price.market);
    out.push_back({I18N("No price in your market: the price in {0}, converted"), {from.label}, {TemplateText{from.label}}});
  }
  if (!price.system_name.empty()) {
    out.push_back({I18N("A share of {0}'s price ({1} GPUs)"), {price.system_name, std::to_string(price.system_gpus)}});
  }
  if (price.discontinued) out.push_back({I18N("No shop sold it new in the last 12 months: its used price")});
  if (price.no_used_price) out.push_back({I18N("No used price: its new price")});
  if (price.seller == "listing" && price.median_of == 1) {
    out.push_back({I18N("A single marketplace or forum listing, not a shop's or tracker's price")});
  }
  if (price.set_aside) {
    out.push_back({I18N("A new price of {0} USD seen {1} is below that month's used price and was set aside"),
                   {format_number(price.set_aside->usd, 0), price.set_aside->date_seen}});
  }
  return out;
}

// [SECTION] Coverage
std::vector<MarketCoverage> market_coverage(const Catalog& catalog, const PriceBook& book) {
  std::vector<MarketCoverage> out;
  for (const MarketInfo& market : kMarkets) {
    std::set<std::string> fresh, used, any;
    for (const StreetPrice& row : book.street_prices) {
      if (row.market != market.key || catalog.find(row.gpu_id) < 0) continue;
      (row.condition == "used" ? used : fresh).insert(row.gpu_id);
      any.insert(row.gpu_id);
    }
    out.push_back({market.key, static_cast<int>(fresh.size()), static_cast<int>(used.size()),
                   static_cast<int>(any.size())});
  }
  return out;
}

PriceCoverage price_coverage(const Catalog& catalog, const PriceBook& book) {
  PriceCoverage out;
  std::set<std::string> fresh, used, system, any, rated;
  for (const StreetPrice& row : book.street_prices) {
    (row.condition == "used" ? used : fresh).insert(row.gpu_id);
    if (row.system_gpus > 0) system.insert(row.gpu_id);
    any.insert(row.gpu_id);
  }
  for (const CloudRate& rate : book.cloud_rates) rated.insert(rate.gpu_id);
  for (const Gpu& gpu : catalog.gpus) {
    ++out.rows;
    out.priced_new += fresh.count(gpu.id) > 0;
    out.priced_used += used.count(gpu.id) > 0;
    out.priced_by_system += system.count(gpu.id) > 0;
    if (any.count(gpu.id)) {
      ++out.priced;
    } else {
      (rated.count(gpu.id) ? out.rental_only : out.unpriced).push_back(gpu.id);
    }
    if (gpu.line == "datacenter" && !rated.count(gpu.id)) out.datacenter_without_rate.push_back(gpu.id);
  }
  for (const MarketInfo& market : kMarkets) {
    for (bool second_hand : {false, true}) {
      DefaultPriceAges ages{market.key, second_hand};
      BuyerView buyer;
      buyer.market = market.key;
      buyer.used = second_hand;
      for (const Gpu& gpu : catalog.gpus) {
        const PriceChoice price = buyer_price(catalog, book, gpu.id, buyer);
        if (!price.found()) continue;
        ++ages.cards;
        ages.older += !price.age.known || price.age.stale;
        ages.other_market += price.other_market;
      }
      out.defaults.push_back(ages);
    }
  }
  return out;
}

}  // namespace gpuwise
