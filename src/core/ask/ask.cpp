#include "ask/ask.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "ask/ask_plan.h"
#include "estimate/vram_fit.h"
#include "text/limits.h"
#include "text/number_text.h"

namespace gpuwise {

const char* ask_way_key(AskWay way) {
  switch (way) {
    case AskWay::new_cards: return "new";
    case AskWay::used_cards: return "used";
    case AskWay::unified: return "unified";
    case AskWay::rent: return "rent";
    case AskWay::upgrade_add: return "add";
    case AskWay::upgrade_replace: return "replace";
    case AskWay::yours: return "yours";
    case AskWay::sell: return "sell";
    case AskWay::keep: return "keep";
    case AskWay::rent_out: return "rent_out";
  }
  return "new";
}

bool is_owner_way(AskWay way) { return way == AskWay::sell || way == AskWay::keep || way == AskWay::rent_out; }

const char* ask_figure_key(AskFigure figure) {
  switch (figure) {
    case AskFigure::tokens_per_s: return "tokens_per_s";
    case AskFigure::hours: return "hours";
    case AskFigure::seconds_per_image: return "seconds_per_image";
    case AskFigure::held_usd: return "held_usd";
  }
  return "tokens_per_s";
}

double AskAnswer::cost_usd() const {
  if (way == AskWay::yours || is_owner_way(way)) return 0;
  if (!rent) return outlay_usd.value_or(0);
  if (per_job_usd) return *per_job_usd;
  return per_month_usd.value_or(0);
}

namespace ask_plan {

bool unified_machine(const Gpu& gpu) { return gpu.gpu_memory_share_pct.has_value(); }

bool grade_card(const Question& q, const Gpu& gpu, const std::string& workload, AskAnswer& answer) {
  if (!q.data.software) return true;
  const WorkloadSupport support = workload_support(*q.data.software, q.data.compat, gpu, workload);
  answer.software = support.grade;
  answer.software_until = support.until;
  if (support.grade == Grade::no) return false;
  if (support.grade == Grade::community) {
    answer.caveats.push_back({I18N("software: community support only ({0})"), {workload_sentence(support)}});
  }
  if (!support.until.empty() && ends_within_a_year(support.until, q.data.book->today)) {
    answer.caveats.insert(answer.caveats.begin(), {I18N("software support for this card ends {0}"), {support.until}});
  }
  return true;
}

void add_price_caveats(const PriceChoice& price, AskAnswer& answer) {
  if (price.kind == PriceKind::launch_msrp) {
    answer.caveats.push_back({I18N("launch price: no street price found")});
  } else if (price.seller == "listing" && price.median_of <= 1) {
    answer.caveats.push_back({I18N("price from a single marketplace listing")});
  }
  if (price.age.known && price.age.stale) {
    answer.caveats.push_back({I18N("price seen {0} months ago"), {std::to_string(price.age.months)}});
  }
  if (price.other_market) answer.caveats.push_back({I18N("price from another market ({0})"), {price.market}});
}

AskWay buy_way(const Gpu& gpu, const Outlay& outlay) {
  if (unified_machine(gpu)) return AskWay::unified;
  return outlay.card_price.kind == PriceKind::street_used ? AskWay::used_cards : AskWay::new_cards;
}

void add_purchases(const Question& q, const Gpu& gpu, int gpus, int lanes, const AskAnswer& base, double goodness,
                   bool meets, std::vector<Candidate>& out) {
  for (const bool used : {false, true}) {
    if (used && unified_machine(gpu)) continue;
    BuyerView buyer = q.buyer;
    buyer.used = used;
    const Outlay outlay = machine_outlay(*q.data.catalog, *q.data.book, gpu, gpus, buyer, lanes);
    // An answer names its whole cost: a machine without a sourced price is not one.
    const std::optional<double> covered = outlay.budget_usd(q.buyer.budget_covers);
    if (!outlay.card_price.found() || !covered || !buyable(gpu, outlay)) continue;
    if (used != (outlay.card_price.kind == PriceKind::street_used)) continue;  // no used price: the new one is listed once
    Candidate c;
    c.answer = base;
    c.answer.way = buy_way(gpu, outlay);
    c.answer.outlay = outlay;
    c.within_budget = set_outlay(q, covered, c.answer);
    c.answer.gpus = {{gpu.id, gpu.name, gpus, used ? "used" : "new"}};
    add_price_caveats(outlay.card_price, c.answer);
    if (outlay.passive_cooling) c.answer.caveats.push_back({I18N("a data-centre card without a fan: it needs a server's airflow")});
    c.goodness = goodness;
    c.meets = meets;
    out.push_back(std::move(c));
  }
}

Candidate rental(const Gpu& gpu, int gpus, const CloudRate& rate, const AskAnswer& base, double goodness, bool meets) {
  Candidate c;
  c.answer = base;
  c.answer.way = AskWay::rent;
  c.answer.rent = true;
  c.answer.rate = rate;
  c.answer.gpus = {{gpu.id, gpu.name, gpus, ""}};
  c.goodness = goodness;
  c.meets = meets;
  return c;
}

bool buyable(const Gpu& gpu, const Outlay& outlay) {
  const bool system_priced = !outlay.card_price.system_name.empty();
  if (system_priced) return outlay.gpus >= outlay.card_price.system_gpus;
  if (gpu.kind != "module" || priced_as_machine(gpu)) return true;
  if (gpu.interface.find("uperchip") != std::string::npos) return false;
  return outlay.gpus == 4 || outlay.gpus == 8;
}

bool condition_allows(const AskView& ask, AskWay way) {
  if (ask.condition == "new") return way != AskWay::used_cards;
  if (ask.condition == "used") return way == AskWay::used_cards || way == AskWay::rent;
  return true;
}

std::optional<CloudRate> market_rate(const Question& q, const Gpu& gpu) {
  // The providers the buy-or-rent view rents from (roi.kinds), else the market's: as the
  // cost of a job and the Price & ROI tab pick theirs.
  return cheapest_on_demand_rate(*q.data.book, gpu.id, rate_kinds(q.ownership.provider_kinds, q.buyer));
}

bool maker_allows(const AskView& ask, const Catalog& catalog, const AskAnswer& answer) {
  if (ask.vendor == "any") return true;
  for (const AskGpu& g : answer.gpus) {
    if (g.condition == "yours") continue;  // the card one has is the buyer's already
    const int index = catalog.find(g.id);
    if (index < 0) return false;
    std::string vendor = catalog.gpus[static_cast<std::size_t>(index)].vendor;
    std::transform(vendor.begin(), vendor.end(), vendor.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (ask.vendor == "not-nvidia" ? vendor == "nvidia" : vendor != ask.vendor) return false;
  }
  return true;
}

bool cards_allow(const AskView& ask, const AskAnswer& answer) {
  if (ask.cards.empty()) return true;
  for (const AskGpu& g : answer.gpus) {
    if (g.condition == "yours") continue;
    if (std::find(ask.cards.begin(), ask.cards.end(), g.id) == ask.cards.end()) return false;
  }
  return true;
}

bool outlay_within_budget(const std::optional<double>& usd, const BuyerView& buyer) {
  if (!(buyer.budget_usd > 0)) return true;
  return usd && *usd <= buyer.budget_usd;
}

bool set_outlay(const Question& q, const std::optional<double>& before_tax, AskAnswer& answer) {
  answer.sales_tax_pct = q.ownership.sales_tax_pct;
  answer.outlay_before_tax_usd = answer.outlay_usd = before_tax;
  if (before_tax && answer.sales_tax_pct > 0) *answer.outlay_usd = *before_tax * (1 + answer.sales_tax_pct / 100);
  return outlay_within_budget(answer.outlay_usd, q.buyer);
}

}  // namespace ask_plan

namespace {
using ask_plan::Candidate;

// The question's numbers within their ranges (text/limits.h): a link or the CLI clamps them
// already; a caller that fills an AskView itself may pass anything (NaN, 1e308, -3). A
// number out of range is "not asked" (0, the goal's default); a size, a count or a budget
// is held to its range.
double in_range(double value, const NumberRange& range) {
  if (!std::isfinite(value) || !range.contains(value)) return 0;
  return value;
}

AskView clamped(AskView ask) {
  ask.tokens_per_s = in_range(ask.tokens_per_s, limits::kAskTokensPerS);
  ask.images_per_min = in_range(ask.images_per_min, limits::kAskImagesPerMin);
  ask.tokens_b = in_range(ask.tokens_b, limits::kAskTokensB);
  ask.tokens_per_day = in_range(ask.tokens_per_day, limits::kAskTokensPerDay);
  ask.hours_per_day = in_range(ask.hours_per_day, limits::kAskHoursPerDay);
  if (!limits::kWithinDays.contains(ask.days)) ask.days = 0;
  if (!limits::kJobUsers.contains(ask.users)) ask.users = static_cast<int>(limits::kJobUsers.min);
  if (!std::isfinite(ask.params_b) || !limits::kParamsB.contains(ask.params_b)) {
    ask.params_b = std::isfinite(ask.params_b) ? std::clamp(ask.params_b, limits::kParamsB.min, limits::kParamsB.max) : 70;
  }
  return ask;
}

// The buy-or-rent view's tax as compute_roi clamps it (roi_model.h's row): within 0 to
// 100 %, not a number the default (none). Its other fields go to the functions that clamp them.
RoiView clamped(RoiView ownership) {
  double& tax = ownership.sales_tax_pct;
  tax = std::isfinite(tax) ? std::clamp(tax, limits::kPercent.min, limits::kPercent.max) : RoiView{}.sales_tax_pct;
  return ownership;
}

BuyerView clamped(BuyerView buyer) {
  if (!std::isfinite(buyer.budget_usd) || buyer.budget_usd < 0) buyer.budget_usd = 0;
  buyer.budget_usd = std::min(buyer.budget_usd, limits::kBudgetUsd.max);
  return buyer;
}

bool is_goal(const std::string& goal) {
  return std::any_of(std::begin(kAskGoals), std::end(kAskGoals), [&](const AskGoal& g) { return goal == g.key; });
}

// The better of two candidates of one way: "fastest within the budget" when the buyer
// gave a budget and no speed, else "cheapest that does it"; ties go to the other order.
enum class Aim { cheapest, fastest, value };

// A candidate's speed from its goodness: tokens/s, or one over the seconds (hours) a
// picture (a job) takes; 0 without one.
double speed(double goodness) { return goodness > 0 ? goodness : goodness < 0 ? -1 / goodness : 0; }

bool better(const Candidate& a, const Candidate& b, Aim aim) {
  const double ca = a.answer.cost_usd(), cb = b.answer.cost_usd();
  if (aim == Aim::fastest && a.goodness != b.goodness) return a.goodness > b.goodness;
  // Speed per dollar.
  if (aim == Aim::value && ca > 0 && cb > 0 && speed(a.goodness) > 0 && speed(b.goodness) > 0) {
    const double va = speed(a.goodness) / ca, vb = speed(b.goodness) / cb;
    if (va != vb) return va > vb;
  }
  if (ca != cb) return ca < cb;
  if (a.goodness != b.goodness) return a.goodness > b.goodness;
  return a.answer.gpus.front().id < b.answer.gpus.front().id;
}

// Better by a margin worth a lower tier's caveat: a third cheaper, or half as fast again
// (as much faster per dollar when that is the aim).
bool clearly_better(const Candidate& a, const Candidate& b, Aim aim) {
  const double ca = a.answer.cost_usd(), cb = b.answer.cost_usd();
  switch (aim) {
    case Aim::cheapest: return ca <= cb * 2 / 3;
    case Aim::fastest: return speed(a.goodness) >= 1.5 * speed(b.goodness);
    case Aim::value:
      return ca > 0 && cb > 0 && speed(a.goodness) / ca >= 1.5 * speed(b.goodness) / cb;
  }
  return false;
}

bool upgrades_only(const std::vector<Candidate>& all) {
  return std::any_of(all.begin(), all.end(), [](const Candidate& c) {
    return c.answer.way == AskWay::upgrade_add || c.answer.way == AskWay::upgrade_replace;
  });
}

// The best of one way. Tiers: a card current software supports well (first-class or works)
// before one with community support only, then a fresh price before an old or launch one;
// a lower tier only when no candidate of the higher one does it. `any_software`: the
// software tiers are one (a fresh price still comes first).
const Candidate* best_of(const std::vector<Candidate>& all, AskWay way, Aim aim, bool need_meets,
                         bool need_budget, bool any_software = false) {
  struct Tier {
    bool supported, fresh;
  };
  const Tier all_tiers[] = {{true, true}, {true, false}, {false, true}, {false, false}};
  for (const Tier& tier : all_tiers) {
    if (any_software && tier.supported) continue;
    const Candidate* best = nullptr;
    for (const Candidate& c : all) {
      if (c.answer.way != way) continue;
      if (need_meets && !c.meets) continue;
      if (need_budget && !c.within_budget) continue;
      if (tier.fresh && !c.fresh_price) continue;
      if (tier.supported && c.answer.software == Grade::community) continue;
      if (!best || better(c, *best, aim)) best = &c;
    }
    if (best) return best;
  }
  return nullptr;
}

// Renting only: the cheapest that does it, the fastest within three times its cost, and the
// cheapest of another provider kind, each a different card or provider.
void pick_rentals(const std::vector<Candidate>& all, std::vector<AskAnswer>& out) {
  const Candidate* cheapest = best_of(all, AskWay::rent, Aim::cheapest, true, false);
  if (!cheapest) return;
  out.push_back(cheapest->answer);
  const Candidate* fastest = nullptr;
  for (const Candidate& c : all) {
    if (c.answer.way != AskWay::rent || !c.meets || &c == cheapest) continue;
    if (c.answer.cost_usd() > 3 * cheapest->answer.cost_usd()) continue;
    if (c.goodness <= cheapest->goodness * 1.15) continue;  // not clearly faster
    if (!fastest || c.goodness > fastest->goodness) fastest = &c;
  }
  if (fastest) out.push_back(fastest->answer);
  const Candidate* other_kind = nullptr;
  for (const Candidate& c : all) {
    if (c.answer.way != AskWay::rent || !c.meets || !c.answer.rate) continue;
    if (c.answer.rate->provider_kind == cheapest->answer.rate->provider_kind) continue;
    if (!other_kind || better(c, *other_kind, Aim::cheapest)) other_kind = &c;
  }
  if (other_kind && other_kind != fastest) out.push_back(other_kind->answer);
}

// Only these cards (ask.cards): one answer per card in the order asked, its best way by
// the aim (bought, or rented when renting or nothing bought does it), shown even when it
// misses the speed or the budget (that is the comparison), which its first caveat says.
void pick_per_card(const AskView& ask, Aim aim, const std::vector<Candidate>& all, AskResult& result) {
  for (const std::string& id : ask.cards) {
    std::vector<Candidate> mine;
    for (const Candidate& c : all) {
      if (c.answer.gpus.back().id == id) mine.push_back(c);
    }
    const Candidate* best = nullptr;
    if (!ask.rent) {
      for (AskWay way : {AskWay::used_cards, AskWay::new_cards, AskWay::unified, AskWay::upgrade_add,
                         AskWay::upgrade_replace, AskWay::yours}) {
        const Candidate* c = best_of(mine, way, aim, false, false);
        if (c && (!best || better(*c, *best, aim))) best = c;
      }
    }
    if (!best) best = best_of(mine, AskWay::rent, Aim::cheapest, false, false);
    if (!best) {
      result.assumptions.push_back({I18N("{0}: no answer (it cannot hold the model, current software cannot run it, or it has no price)"), {id}});
      continue;
    }
    AskAnswer answer = best->answer;
    if (!best->within_budget) answer.caveats.insert(answer.caveats.begin(), {I18N("over the budget")});
    if (!best->meets) answer.caveats.insert(answer.caveats.begin(), {I18N("does not do it as asked: too slow or too late")});
    result.answers.push_back(std::move(answer));
  }
}

void pick(const AskView& ask, const BuyerView& buyer, std::vector<Candidate>& all, AskResult& result) {
  const bool has_budget = buyer.budget_usd > 0 && !ask.rent;
  const bool speed_asked = !result.speed_assumed && result.speed_wanted > 0;
  const bool by_deadline = ask.goal == "train" || ask.goal == "finetune";
  // With a budget and no speed or deadline asked, the buyer gets the most for it.
  // Run, make images or fine-tune with neither (nor a deadline): the most speed per dollar
  // among those fast enough (the cheapest fine-tune would take a week on the slowest card).
  const bool per_dollar_goal = ask.goal == "run" || ask.goal == "image" || ask.goal == "finetune";
  const Aim aim = has_budget && !speed_asked && !(ask.days > 0) ? Aim::fastest
                  : !has_budget && !speed_asked && !(ask.days > 0) && per_dollar_goal ? Aim::value
                                                                                       : Aim::cheapest;
  // Each goal file judged its outlays against the budget (what the budget covers); renting
  // and a question without a budget spend none.
  for (Candidate& c : all) {
    c.within_budget = c.within_budget || c.answer.rent || !has_budget;
    const PriceChoice& price = c.answer.outlay.card_price;
    c.fresh_price = c.answer.rent || c.answer.way == AskWay::yours ||
                    (price.kind != PriceKind::launch_msrp && !(price.age.known && price.age.stale));
  }
  if (!ask.cards.empty()) {
    pick_per_card(ask, aim, all, result);
  } else if (ask.rent) {
    pick_rentals(all, result.answers);
  } else {
    const AskWay order[] = {AskWay::yours, AskWay::upgrade_add, AskWay::upgrade_replace, AskWay::used_cards,
                            AskWay::new_cards, AskWay::unified};
    std::vector<const Candidate*> chosen;
    const bool upgrades = upgrades_only(all);
    const Candidate* untiered = nullptr;  // the best bought of all, whatever its software
    for (AskWay way : order) {
      // With a card one has (run): what it takes beside or instead of it, not a new machine.
      if (upgrades && way != AskWay::yours && way != AskWay::upgrade_add && way != AskWay::upgrade_replace) continue;
      if (const Candidate* c = best_of(all, way, aim, true, true)) chosen.push_back(c);
      const Candidate* c = best_of(all, way, aim, true, true, true);
      if (c && (!untiered || better(*c, *untiered, aim))) untiered = c;
    }
    std::stable_sort(chosen.begin(), chosen.end(), [&](const Candidate* a, const Candidate* b) {
      if ((a->answer.way == AskWay::yours) != (b->answer.way == AskWay::yours)) return a->answer.way == AskWay::yours;
      return better(*a, *b, aim);
    });
    for (const Candidate* c : chosen) result.answers.push_back(c->answer);
    // The tiers can hide the best answer (2x MI50 on a community vLLM build at a third of
    // the price of anything better supported): it follows the well-supported ones, its
    // caveat first, when its price is as fresh as theirs (an old single listing does not
    // earn the place) and it is clearly better than each.
    if (untiered && std::find(chosen.begin(), chosen.end(), untiered) == chosen.end() &&
        (untiered->fresh_price || std::none_of(chosen.begin(), chosen.end(), [](const Candidate* c) { return c->fresh_price; })) &&
        std::all_of(chosen.begin(), chosen.end(), [&](const Candidate* c) { return clearly_better(*untiered, *c, aim); })) {
      result.answers.push_back(untiered->answer);
      chosen.push_back(untiered);  // one of the answers bought, for the step up below
    }
    // Renting, as the last way (a job: placed by its cost, comparable with an outlay).
    if (const Candidate* r = best_of(all, AskWay::rent, Aim::cheapest, true, false)) {
      if (by_deadline && !result.answers.empty() && r->answer.cost_usd() < result.answers.front().cost_usd()) {
        result.answers.insert(result.answers.begin(), r->answer);
      } else {
        result.answers.push_back(r->answer);
      }
    }
    // Nothing bought satisfies the question: what is closest, and what it would take.
    if (chosen.empty()) {
      AskNearest nearest;
      const Candidate* within = nullptr;
      const Candidate* meets = nullptr;
      for (const Candidate& c : all) {
        if (c.answer.rent || !c.answer.outlay.budget_usd(buyer.budget_covers)) continue;
        if (upgrades && c.answer.way != AskWay::upgrade_add && c.answer.way != AskWay::upgrade_replace) continue;
        if (c.within_budget && (!within || better(c, *within, Aim::fastest))) within = &c;
        if (c.meets && (!meets || better(c, *meets, Aim::cheapest))) meets = &c;
      }
      if (within) nearest.within_budget = within->answer;
      if (meets) nearest.meets_speed = meets->answer;
      if (within || meets) result.nearest = nearest;
    } else if (has_budget && !by_deadline && !speed_asked) {
      // The step up: the cheapest machine over the budget more than 1.2x as fast as the
      // fastest bought answer (a community-supported one included).
      double fastest = 0;
      for (const Candidate* c : chosen) fastest = std::max(fastest, speed(c->goodness));
      const Candidate* up = nullptr;
      for (const Candidate& c : all) {
        if (c.answer.rent || c.within_budget || !c.answer.outlay.budget_usd(buyer.budget_covers)) continue;
        if (!(speed(c.goodness) > fastest * 1.2)) continue;
        if (!up || better(c, *up, Aim::cheapest)) up = &c;
      }
      if (up) result.faster_over_budget = up->answer;
    }
  }
  if (result.answers.size() > 5) result.answers.resize(5);
}

}  // namespace

std::optional<TemplateText> check_ask(const AskView& ask, const BuyerView& buyer) {
  (void)buyer;
  if (!is_goal(ask.goal)) return TemplateText{I18N("unknown goal '{0}'"), {ask.goal}};
  if (std::find(std::begin(kAskVendors), std::end(kAskVendors), ask.vendor) == std::end(kAskVendors)) {
    return TemplateText{I18N("unknown maker '{0}'"), {ask.vendor}};
  }
  if (ask.goal == "own") {
    // The cards one has are the question: no model.
  } else if (ask.goal == "image") {
    if (!find_image_model(ask.model)) return TemplateText{I18N("unknown image model '{0}'"), {ask.model}};
  } else if (ask.model != "custom" && !find_preset(ask.model)) {
    return TemplateText{I18N("unknown model '{0}'"), {ask.model}};
  }
  return std::nullopt;
}

AskResult plan_ask(const AskData& data, const AskView& asked, const BuyerView& buyer_asked, const RoiView& ownership_asked) {
  const AskView ask = clamped(asked);
  const BuyerView buyer = clamped(buyer_asked);
  const RoiView ownership = clamped(ownership_asked);
  AskResult result;
  result.goal = ask.goal;
  if (!data.catalog || !data.book) {
    result.problem = TemplateText{I18N("the catalog or the prices are not loaded")};
    return result;
  }
  if (auto problem = check_ask(ask, buyer)) {
    result.problem = problem;
    return result;
  }
  for (const std::string& id : ask.cards) {
    if (data.catalog->find(id) < 0) {
      result.problem = TemplateText{I18N("unknown card '{0}'"), {id}};
      return result;
    }
  }
  if (ask.goal == "own") {
    // own_candidates names the cards.
  } else if (ask.goal == "image") {
    result.model_name = find_image_model(ask.model)->name;
  } else if (ask.model == "custom") {
    result.model_name = format_number(ask.params_b, 0) + "B";
    result.params_b = ask.params_b;
  } else {
    const ModelPreset* preset = find_preset(ask.model);
    result.model_name = preset->name;
    result.params_b = preset->params_b;
  }
  const ask_plan::Question q{data, ask, buyer, ownership};
  std::vector<Candidate> all;
  if (ask.goal == "own") {
    all = ask_plan::own_candidates(q, result);
    result.candidates = static_cast<int>(all.size());
    // Best first: what the owner holds at the horizon.
    std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) { return a.goodness > b.goodness; });
    for (Candidate& c : all) result.answers.push_back(std::move(c.answer));
    return result;
  }
  if (ask.goal == "run") {
    all = ask_plan::run_candidates(q, result);
  } else if (ask.goal == "finetune" && ask.method != "full") {
    all = ask_plan::lora_candidates(q, result);
  } else if (ask.goal == "image") {
    all = ask_plan::image_candidates(q, result);
  } else {
    all = ask_plan::job_candidates(q, result);
  }
  result.candidates = static_cast<int>(all.size());
  if (result.problem) return result;
  std::vector<Candidate> allowed;
  for (Candidate& c : all) {
    if (!ask_plan::condition_allows(ask, c.answer.way)) continue;
    if (!ask_plan::maker_allows(ask, *data.catalog, c.answer) || !ask_plan::cards_allow(ask, c.answer)) continue;
    allowed.push_back(std::move(c));
  }
  if (ask.vendor != "any") {
    const char* maker = ask.vendor == "nvidia" ? "NVIDIA" : ask.vendor == "amd" ? "AMD" : ask.vendor == "intel" ? "Intel" : "Apple";
    result.assumptions.push_back({ask.vendor == "not-nvidia" ? I18N("cards of every maker but NVIDIA (no CUDA)")
                                                             : I18N("{0} cards only"), {maker}});
  }
  if (ask.condition != "any") {
    result.assumptions.push_back({ask.condition == "used" ? I18N("used cards only") : I18N("new cards only")});
  }
  // Owned cards of a training job work the buy-or-rent view's hours a day (roi.hpd): their
  // days to the deadline and their cost rest on it, so the answer says the figure it took.
  if ((ask.goal == "train" || (ask.goal == "finetune" && ask.method == "full")) && !ask.rent) {
    result.assumptions.push_back({I18N("owned cards train {0} h a day (--hours-per-day): their days to the deadline "
                                       "and their cost rest on it"),
                                  {format_number(ownership.hours_per_day, 3)}});
  }
  if (buyer.budget_usd > 0 && !ask.rent) {
    result.assumptions.push_back({buyer.budget_covers == "cards" ? I18N("the budget covers the cards alone")
                                                                 : I18N("the budget covers the whole machine")});
  }
  if (ownership.sales_tax_pct > 0 && !ask.rent) {
    result.assumptions.push_back({I18N("prices bought include a sales tax or import duty of {0} %"),
                                  {format_number(ownership.sales_tax_pct, 2)}});
    // European shops' prices already include VAT (prices.h): a VAT typed here counts it twice.
    if (buyer.market == "eu") {
      result.assumptions.push_back({I18N("European prices already include VAT: the {0} % is added on top of them, "
                                         "as an import duty would be"),
                                    {format_number(ownership.sales_tax_pct, 2)}});
    }
  }
  pick(ask, buyer, allowed, result);
  if (result.answers.empty() && !result.nearest) {
    result.problem = TemplateText{I18N("no machine in the catalog does this with current software and a known price")};
  }
  return result;
}

}  // namespace gpuwise
