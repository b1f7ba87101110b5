// The planner's parts, shared by ask.cpp (picking the ways) and the goal files that
// weigh candidates (ask_run.cpp, ask_jobs.cpp, ask_image.cpp). Not for callers outside ask/.
#pragma once
#include <string>
#include <vector>

#include "ask/ask.h"

namespace gpuwise::ask_plan {

// One machine or rental weighed for the question.
struct Candidate {
  AskAnswer answer;
  double goodness = 0;        // higher is better: tokens/s, or minus hours / seconds per image
  bool meets = true;          // reaches the speed wanted / finishes within the deadline
  bool within_budget = true;  // its outlay is within the budget (renting: always)
  // Its price is a dated street price seen within kStaleAfterMonths (not a launch price, not
  // an old one): a way prefers such answers, and takes another only when none has one.
  bool fresh_price = true;
};

// What every goal file gets: the data, the question and the buyer.
struct Question {
  const AskData& data;
  const AskView& ask;
  const BuyerView& buyer;
  const RoiView& ownership;
};

// The software grade of a card for a workload: fills answer.software (and the end date),
// and adds a caveat for community support or an announced end. False: graded `no`.
bool grade_card(const Question& q, const Gpu& gpu, const std::string& workload, AskAnswer& answer);
// Caveats about where a price comes from: a single listing, old, another market, a launch price.
void add_price_caveats(const PriceChoice& price, AskAnswer& answer);
// The way a bought card is: unified memory, used or new (by the price the outlay read).
AskWay buy_way(const Gpu& gpu, const Outlay& outlay);
bool unified_machine(const Gpu& gpu);
// A purchase one can make. Not: a share of a larger system (one GPU of a GB300 NVL72
// rack: only whole systems are sold); a superchip (GB200, GH200) without its system's
// price (an HGX server's host is not its machine); SXM or OAM modules other than a
// baseboard's 4 or 8.
bool buyable(const Gpu& gpu, const Outlay& outlay);
// The buyer's condition choice allows this way.
bool condition_allows(const AskView& ask, AskWay way);
// The cheapest on-demand rate of the market's provider kinds for the card.
std::optional<CloudRate> market_rate(const Question& q, const Gpu& gpu);
// The buyer's maker (ask.vendor) and card list (ask.cards) allow the answer's cards (the
// card one has aside).
bool maker_allows(const AskView& ask, const Catalog& catalog, const AskAnswer& answer);
bool cards_allow(const AskView& ask, const AskAnswer& answer);
// The budget (0: none) and whether the outlay is within it.
bool outlay_within_budget(const std::optional<double>& usd, const BuyerView& buyer);
// A purchase's price: `before_tax` (the part of the outlay the budget covers) plus the
// question's sales tax into answer.outlay_usd and answer.sales_tax_pct; true when it is
// within the budget (the same total the Price & ROI tab's purchase is).
bool set_outlay(const Question& q, const std::optional<double>& before_tax, AskAnswer& answer);

// `gpus` of the card bought, one candidate per price it has (new, and used where a used
// price exists; a unified-memory computer new only), with its whole outlay, the price's
// caveats and passive cooling's. Skipped: no price, a machine without a sourced price when
// the budget covers the machine, a share of a rack.
void add_purchases(const Question& q, const Gpu& gpu, int gpus, int lanes, const AskAnswer& base, double goodness,
                   bool meets, std::vector<Candidate>& out);
// `gpus` of the card rented at `rate`; the caller sets per_month_usd or per_job_usd.
Candidate rental(const Gpu& gpu, int gpus, const CloudRate& rate, const AskAnswer& base, double goodness, bool meets);

// The buyer's own card (ask.have) doing it as it is: no outlay.
Candidate yours(const Gpu& gpu, const AskAnswer& base, double wanted);
// `gpu` bought alone for the buyer's own machine, in place of or beside `have` (ask.have, as
// `way` says, its first caveat): used when there is a used price and the buyer does not want
// new, else new; nullopt without a price. Goodness is the answer's value (tokens/s); a goal
// judged otherwise sets its own.
std::optional<Candidate> upgrade(const Question& q, const Gpu& gpu, const Gpu& have, const AskAnswer& base, AskWay way,
                                 double wanted);
// Says the rule above, once the buyer's card is known to do the job (kAskUpgradeSpeedup).
void say_upgrade_speedup(const Gpu& have, AskResult& result);

// The goals' candidates. `problem` is set when the question cannot be weighed at all.
std::vector<Candidate> run_candidates(const Question& q, AskResult& result);
std::vector<Candidate> job_candidates(const Question& q, AskResult& result);    // train, finetune (full), serve
std::vector<Candidate> lora_candidates(const Question& q, AskResult& result);   // finetune, LoRA / QLoRA
std::vector<Candidate> image_candidates(const Question& q, AskResult& result);
std::vector<Candidate> own_candidates(const Question& q, AskResult& result);     // own: sell, keep, rent out

}  // namespace gpuwise::ask_plan
