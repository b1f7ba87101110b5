#include "money/job_outlay.h"

#include <algorithm>
#include <cmath>

#include "money/price_memo.h"
#include "text/csv.h"
#include "text/number_text.h"

namespace gpuwise {
namespace {

// An endpoint of `replicas` copies of the model buys a machine for each: the outlay of
// one replica's cards and machine, `replicas` times.
Outlay times(Outlay outlay, int replicas) {
  if (replicas <= 1) return outlay;
  const auto scaled = [&](std::optional<double>& usd) {
    if (usd) *usd *= replicas;
  };
  outlay.gpus *= replicas;
  outlay.boards *= replicas;
  outlay.machines *= replicas;
  scaled(outlay.cards_usd);
  scaled(outlay.machine_usd);
  scaled(outlay.total_usd);
  return outlay;
}

}  // namespace

JobBuyerResult job_cost_for_buyer(const Catalog& catalog, const PriceBook& book, const JobCostResult& result,
                                  const BuyerView& buyer) {
  JobBuyerResult out;
  std::vector<std::pair<std::string, int>> over;  // (card, count) whose owning is over the budget
  const PriceMemo prices;  // a card's outlay at every count reads its one price
  out.outlays.reserve(result.options.size());
  for (const JobOption& option : result.options) {
    JobOutlay priced;
    const int index = catalog.find(option.gpu_id);
    if (index >= 0) {
      // Serving: option.gpus is one replica's; the endpoint owns every replica's machine.
      priced.outlay = times(machine_outlay(catalog, book, catalog.gpus[static_cast<std::size_t>(index)], option.gpus, buyer),
                            option.replicas);
    }
    priced.within_budget = within_budget(priced.outlay, buyer);
    // tokens_per_s is one replica's (serve) or the whole job's: per 1,000 of what buys it.
    const int copies = std::max(1, option.replicas);
    priced.per_1000_usd = per_thousand(option.tokens_per_s * copies, priced.outlay.budget_usd(buyer.budget_covers), 1);
    if (!priced.within_budget) {
      ++out.own_over_budget;
      over.emplace_back(option.gpu_id, option.gpus);
    }
    out.outlays.push_back(std::move(priced));
  }
  for (const JobWay& way : result.cheapest) {
    const bool left_out = way.own && std::find(over.begin(), over.end(), std::make_pair(way.gpu_id, way.gpus)) != over.end();
    if (!left_out) out.cheapest.push_back(way);
  }
  return out;
}

std::string job_buyer_csv(const JobCostResult& result, const JobBuyerResult& priced) {
  std::vector<std::string> cells;
  for (const JobOutlay& row : priced.outlays) {
    cells.push_back(outlay_csv_cells(row.outlay) + "," + (row.within_budget ? "yes" : "no") + "," +
                    (row.per_1000_usd ? shortest_number(std::round(*row.per_1000_usd * 100) / 100) : ""));
  }
  return csv_with_columns(job_cost_csv(result), std::string(kOutlayCsvHeader) + ",within_budget,tokens_per_s_per_1000_usd",
                          cells);
}

}  // namespace gpuwise
