// What the page says about a price's age: "7 months old", the stale mark, and the
// notices the calculators show when a default they used is older than 12 months
// (docs/roi.md, "Price age"). Words only; the ages are computed in prices.cpp. Every
// sentence is a TemplateText whose pattern is an I18N() literal, so the page shows it
// translated and the CLI in English.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "money/market.h"
#include "money/prices.h"
#include "money/roi.h"
#include "text/template_text.h"

namespace gpuwise {

// "less than a month old", "1 month old", "14 months old"; empty pattern when unknown.
TemplateText price_age_text(const PriceAge& age);
// The word the page prints next to a stale figure ("stale"); empty pattern when fresh.
TemplateText stale_mark(const PriceAge& age);

// Everything one card costs, as the catalog tooltip, the card view and compare show it.
struct CardPrices {
  PriceChoice price;                 // buyer_price(): the buyer's market, new or used (market.h)
  PriceChoice used_price;            // buyer_price() asked for used (kind street_used when it has one)
  std::optional<StreetPrice> used;   // used_price as a row (market, date, source), when it is a used price
  PriceAge used_age;
  std::optional<CloudRate> rate;     // cheapest on-demand rate among the chosen kinds
  PriceAge rate_age;
  bool any_stale() const;            // a dated figure above is older than 12 months
};
CardPrices card_prices(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id, const BuyerView& buyer,
                       ProviderKindSet kinds);
// The US market, new (BuyerView{}).
CardPrices card_prices(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                       ProviderKindSet kinds = kAllProviderKinds);

// Where the price came from, with its date and age: "new, seen {0}, {1}",
// "used, seen {0}, {1}", "launch price ({0})"; empty pattern for no price.
TemplateText price_source_text(const PriceChoice& price);
// "{provider} ({kind}), seen {date}, {age}"; empty pattern without a rate.
TemplateText rate_source_text(const CloudRate& rate, const PriceAge& age);

// The calculator's notices about its defaults: one per stale figure it used ("The price
// is from 2018-10-01, 98 months ago: older than 12 months, so it may be out of date.").
std::vector<TemplateText> roi_stale_notices(const RoiResult& result);
// The ROI note on the default rent rate: which provider and kind it is from, and among
// which kinds it was chosen ("Cheapest on-demand rate among Hyperscaler, Marketplace: ...").
TemplateText roi_rate_note(const RoiResult& result);
// The value view's notice when `count` of its figures use a stale price or rate
// (value.h stale_value_rows); empty pattern at 0.
TemplateText value_stale_notice(int count);
// "Specialist GPU cloud, Marketplace": the labels of the kinds in `kinds`, in display
// order; "every kind" when all are chosen.
TemplateText provider_kinds_text(ProviderKindSet kinds);

}  // namespace gpuwise
