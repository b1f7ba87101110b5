#include "money/price_notes.h"

#include <algorithm>

namespace gpuwise {
namespace {

TemplateText phrase(const char* pattern) { return TemplateText(pattern); }

// A pattern whose argument `index` is itself a translatable phrase.
TemplateText with_nested(const char* pattern, std::vector<std::string> args, std::size_t index, TemplateText inner) {
  args[index] = inner.text();
  std::vector<TemplateText> nested(args.size());
  nested[index] = std::move(inner);
  return TemplateText(pattern, std::move(args), std::move(nested));
}

}  // namespace

TemplateText price_age_text(const PriceAge& age) {
  if (!age.known) return {};
  if (age.months == 0) return phrase(I18N("less than a month old"));
  if (age.months == 1) return phrase(I18N("1 month old"));
  return TemplateText(I18N("{0} months old"), {std::to_string(age.months)});
}

TemplateText stale_mark(const PriceAge& age) { return age.stale ? phrase(I18N("stale")) : TemplateText(); }

bool CardPrices::any_stale() const {
  const bool dated_price = price.kind == PriceKind::street_new || price.kind == PriceKind::street_used;
  return (dated_price && price.age.stale) || (used && used_age.stale) || (rate && rate_age.stale);
}

CardPrices card_prices(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id, const BuyerView& buyer,
                       ProviderKindSet kinds) {
  CardPrices out;
  out.price = buyer_price(catalog, book, gpu_id, buyer);
  // The used price by the same rules (the buyer's market, the newest month, shops first).
  BuyerView used_buyer = buyer;
  used_buyer.used = true;
  out.used_price = buyer_price(catalog, book, gpu_id, used_buyer);
  if (out.used_price.kind == PriceKind::street_used) {
    StreetPrice row;
    row.gpu_id = std::string(gpu_id);
    row.market = out.used_price.market;
    row.usd = out.used_price.usd_per_board;
    row.condition = "used";
    row.seller = out.used_price.seller;
    row.date_seen = out.used_price.date_seen;
    row.source = out.used_price.source;
    row.notes = out.used_price.notes;
    out.used = row;
    out.used_age = out.used_price.age;
  }
  out.rate = cheapest_on_demand_rate(book, gpu_id, kinds);
  if (out.rate) out.rate_age = rate_age(book, *out.rate);
  return out;
}

CardPrices card_prices(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id, ProviderKindSet kinds) {
  return card_prices(catalog, book, gpu_id, BuyerView{}, kinds);
}

TemplateText price_source_text(const PriceChoice& price) {
  switch (price.kind) {
    case PriceKind::street_new:
    case PriceKind::street_used: {
      const char* pattern = price.kind == PriceKind::street_new ? I18N("new, seen {0}, {1}") : I18N("used, seen {0}, {1}");
      TemplateText age = price_age_text(price.age);
      if (age.pattern.empty()) {
        return TemplateText(price.kind == PriceKind::street_new ? I18N("new, seen {0}") : I18N("used, seen {0}"),
                            {price.date_seen});
      }
      return with_nested(pattern, {price.date_seen, ""}, 1, std::move(age));
    }
    case PriceKind::launch_msrp: return phrase(I18N("launch price"));
    case PriceKind::user: return phrase(I18N("your price"));
    case PriceKind::none: break;
  }
  return {};
}

TemplateText rate_source_text(const CloudRate& rate, const PriceAge& age) {
  const TemplateText kind = rate.kind ? phrase(provider_kind_label(*rate.kind)) : TemplateText("{0}", {rate.provider_kind});
  TemplateText age_text = price_age_text(age);
  if (age_text.pattern.empty()) {
    TemplateText out = with_nested(I18N("{0} ({1}), seen {2}"), {rate.provider, "", rate.date_seen}, 1, kind);
    return out;
  }
  std::vector<std::string> args = {rate.provider, kind.text(), rate.date_seen, age_text.text()};
  std::vector<TemplateText> nested(args.size());
  nested[1] = kind;
  nested[3] = std::move(age_text);
  return TemplateText(I18N("{0} ({1}), seen {2}, {3}"), std::move(args), std::move(nested));
}

std::vector<TemplateText> roi_stale_notices(const RoiResult& result) {
  std::vector<TemplateText> out;
  const RoiDefaults& d = result.defaults;
  const auto add = [&](const char* pattern, const std::string& date, const PriceAge& age) {
    if (age.stale) out.emplace_back(pattern, std::vector<std::string>{date, std::to_string(age.months)});
  };
  if (d.price.kind == PriceKind::street_new || d.price.kind == PriceKind::street_used) {
    add(I18N("Stale price: the purchase price is from {0}, {1} months ago (older than 12 months)."), d.price.date_seen,
        d.price.age);
  }
  if (d.rate) {
    add(I18N("Stale price: the rental rate is from {0}, {1} months ago (older than 12 months)."), d.rate->date_seen,
        d.rate_age);
  }
  if (d.resale_now_basis == "street_used" && d.used_price) {
    add(I18N("Stale price: the used price behind the resale value is from {0}, {1} months ago (older than 12 months)."),
        d.used_price->date_seen, d.used_price_age);
  }
  return out;
}

TemplateText provider_kinds_text(ProviderKindSet kinds) {
  if ((kinds & kAllProviderKinds) == kAllProviderKinds || !(kinds & kAllProviderKinds)) return phrase(I18N("every kind"));
  static const char* const kJoined[] = {"{0}", I18N("{0}, {1}"), I18N("{0}, {1}, {2}")};
  std::vector<std::string> args;
  std::vector<TemplateText> nested;
  for (ProviderKind kind : kProviderKinds) {
    if (!(kinds & provider_kind_bit(kind))) continue;
    nested.push_back(phrase(provider_kind_label(kind)));
    args.push_back(nested.back().text());
  }
  const std::size_t count = std::min<std::size_t>(args.size(), 3);
  return TemplateText(kJoined[count - 1], std::move(args), std::move(nested));
}

TemplateText value_stale_notice(int count) {
  if (count <= 0) return {};
  return TemplateText(count == 1 ? I18N("1 card here is valued at a price or rate older than 12 months (marked stale).")
                                 : I18N("{0} cards here are valued at a price or rate older than 12 months (marked stale)."),
                      {std::to_string(count)});
}

TemplateText roi_rate_note(const RoiResult& result) {
  const RoiDefaults& d = result.defaults;
  if (!d.rate) return {};
  TemplateText among = provider_kinds_text(d.rate_kinds);
  TemplateText from = rate_source_text(*d.rate, d.rate_age);
  std::vector<std::string> args = {among.text(), from.text()};
  std::vector<TemplateText> nested = {std::move(among), std::move(from)};
  return TemplateText(I18N("Cheapest on-demand rate among {0}: {1}"), std::move(args), std::move(nested));
}

}  // namespace gpuwise
