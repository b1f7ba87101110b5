// The owner of idle cards (the seed guide's own story: "8 V100s sit idle, sell or keep?"):
// what the buyer holds after the horizon (cash plus what the hardware still sells for) if
// they sell the cards now, keep them idle, or rent them out on a GPU cloud. It is the
// Price & ROI tab's owner comparison (compute_roi, RoiModel::owner_at) for the buyer's
// cards and count, with the tab's owning assumptions (horizon, occupancy, platform fee,
// tariff), so the answer and the tab it opens agree; the warning that the card's software
// support ends (cuda.json) goes first, since renters leave a card new software cannot run.
#include <algorithm>

#include "ask/ask_plan.h"
#include "money/roi.h"
#include "text/format.h"

namespace gpuwise::ask_plan {
namespace {

// The ROI tab's view for the buyer's cards (roi_view_for: its assumptions, and its card's
// own figures only when it is the same card and count).
RoiView owner_view(const Question& q, const Gpu& gpu, int count) {
  RoiView view = roi_view_for(q.ownership, gpu.id, count);
  view.calculator = "buy";
  return view;
}

Candidate option(const Gpu& gpu, int count, AskWay way, double held_usd, const std::vector<TemplateText>& ending) {
  Candidate c;
  c.answer.way = way;
  c.answer.figure = AskFigure::held_usd;
  c.answer.value = c.answer.low = c.answer.high = held_usd;
  c.answer.band_measured = true;
  c.answer.gpus = {{gpu.id, gpu.name, count, "yours"}};
  c.answer.outlay_usd = 0;
  if (way != AskWay::sell) c.answer.caveats = ending;
  c.goodness = held_usd;
  return c;
}

}  // namespace

std::vector<Candidate> own_candidates(const Question& q, AskResult& result) {
  std::vector<Candidate> out;
  const Catalog& catalog = *q.data.catalog;
  if (q.ask.have.empty()) {
    result.problem = TemplateText{I18N("pick the cards you have")};
    return out;
  }
  const int index = catalog.find(q.ask.have);
  if (index < 0) {
    result.problem = TemplateText{I18N("unknown card '{0}'"), {q.ask.have}};
    return out;
  }
  const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
  const int count = std::max(1, q.ask.count);
  const RoiResult roi = compute_roi(catalog, *q.data.book, owner_view(q, gpu, count), q.buyer);
  if (!roi.ok || roi.owner.empty()) {
    result.problem = roi.error_text.pattern.empty() ? TemplateText{I18N("no price for {0}"), {gpu.name}} : roi.error_text;
    return out;
  }
  result.model_name = std::to_string(count) + "x " + gpu.name;
  const int months = roi.view.months;
  const OwnerHorizon h = RoiModel{roi.view, roi.figures}.owner_at(months);
  const RoiFigures& f = roi.figures;
  std::vector<TemplateText> ending;
  if (q.data.compat) {
    ending = support_end_warnings(gpu, *q.data.compat);
    if (ending.size() > 2) ending.resize(2);  // the end and what it means for renting
  }

  Candidate sell = option(gpu, count, AskWay::sell, h.sell_now_usd, ending);
  sell.answer.outlay.card_price.kind = PriceKind::street_used;
  if (roi.defaults.used_price) {
    sell.answer.caveats.push_back({I18N("at the used price seen {0} ({1} a card)"),
                                   {roi.defaults.used_price->date_seen, "$" + format_number(f.resale_now_usd, 0)}});
  } else {
    sell.answer.caveats.push_back({I18N("no used price found: resale from depreciation, {0} % a year (our assumption)"),
                                   {format_number(roi.view.depreciation_pct_per_year, 0)}});
  }
  if (f.host_cost_usd > 0) sell.answer.caveats.push_back({I18N("the machine around them sold too")});
  out.push_back(std::move(sell));

  Candidate keep = option(gpu, count, AskWay::keep, h.keep_idle_usd, ending);
  keep.answer.per_month_usd = (h.keep_idle_power_usd + h.colocation_usd + h.maintenance_usd) / months;
  keep.answer.caveats.push_back({I18N("powered on and ready, idle around the clock; the cards lose {0} % of their value a year"),
                                 {format_number(roi.view.depreciation_pct_per_year, 0)}});
  out.push_back(std::move(keep));

  if (f.rent_out_rate_usd_per_hour > 0) {
    Candidate rent = option(gpu, count, AskWay::rent_out, h.rent_out_usd, ending);
    rent.answer.per_month_usd =
        (h.rent_out_income_usd - h.rent_out_power_usd - h.colocation_usd - h.maintenance_usd) / months;
    if (roi.defaults.rate) rent.answer.rate = roi.defaults.rate;
    rent.answer.caveats.push_back({I18N("at {0}/h a card, rented {1} % of the time, after a {2} % platform fee"),
                                   {"$" + format_number(f.rent_out_rate_usd_per_hour, 2),
                                    format_number(roi.view.occupancy_pct, 0), format_number(roi.view.platform_fee_pct, 0)}});
    if (f.rent_decline_pct_per_year > 0) {
      rent.answer.caveats.push_back({I18N("rental rates fall {0} % a year"), {format_number(f.rent_decline_pct_per_year, 0)}});
    }
    out.push_back(std::move(rent));
  } else {
    result.assumptions.push_back({I18N("renting out: no rental rate for this card")});
  }
  result.assumptions.push_back({I18N("what you hold after {0} months: cash plus what the hardware still sells for"),
                                {std::to_string(months)}});
  return out;
}

}  // namespace gpuwise::ask_plan
