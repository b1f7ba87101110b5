// The cost of a job with the buyer's budget (issue 28): job_cost()'s options (card ×
// count, computed as they are) with each one's whole outlay (outlay.h); owning an option
// whose outlay is over the budget is set aside (renting it needs no outlay), and the
// cheapest ways are those left. A separate step on the result, so job_cost() stays the
// estimate's own.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "money/job_cost.h"
#include "money/outlay.h"

namespace gpuwise {

struct JobOutlay {
  Outlay outlay;
  bool within_budget = true;
  std::optional<double> per_1000_usd;  // tokens/s per 1,000 USD of what the budget covers
};

struct JobBuyerResult {
  std::vector<JobOutlay> outlays;      // one per result.options
  std::vector<JobWay> cheapest;        // result.cheapest without owning over the budget
  int own_over_budget = 0;             // options whose owning the budget leaves out
};

JobBuyerResult job_cost_for_buyer(const Catalog& catalog, const PriceBook& book, const JobCostResult& result,
                                  const BuyerView& buyer);

// job_cost_csv()'s rows with each option's outlay after it (cards, machine, total, per 1,000 USD).
std::string job_buyer_csv(const JobCostResult& result, const JobBuyerResult& priced);

}  // namespace gpuwise
