// The ranking for a buyer (issue 28): rank_view()'s list filtered and valued by what the
// buyer pays in their market (money/market.h buyer_price, money/outlay.h machine_outlay).
// The price limit (rank.price) caps one card's price; a budget (buyer.budget_usd) caps
// the whole outlay, or the cards alone (budget_covers). With a budget, the LLM profiles
// rank each card at the fewest GPUs (1 to 8) that hold the model: "I have $2,000 and
// want a 70B model" lists the machines that run it. Each row says what it costs and
// what it gives per 1,000 of the currency. The ranking tab and `gpuwise rank` call this.
// With `software` (data/software.json, issue 29) the software filters and the workload's gate
// apply first, as in rank_view(): list.software_gate has the cards left out and why.
#pragma once
#include <optional>
#include <vector>

#include "catalog/compat.h"
#include "estimate/speed.h"
#include "money/market.h"
#include "money/outlay.h"
#include "rank/ranking.h"

namespace gpuwise {

// With a budget, the speed ranking tries 1 to this many GPUs of each card.
constexpr int kBudgetMaxGpus = 8;

struct RowOutlay {
  int gpus = 1;
  Outlay outlay;
  // tokens/s (speed ranking) or score per 1,000 USD of what the budget covers.
  std::optional<double> per_1000_usd;
};

struct BuyerRanking {
  RankedList list;                // the rows kept, in order
  std::vector<RowOutlay> outlays; // one per list.rows
  bool by_budget = false;         // a budget was applied
  bool fewest_gpus = false;       // the speed ranking picked each card's GPU count
  int over_budget = 0;            // cards passing every other filter that cost more
  int unpriced = 0;               // ... whose price (or machine) is unknown, left out by the price or budget filter
  int unpriced_machine = 0;       // of those, the card is priced but no sourced machine holds that many
  // The cheapest card left out by the budget (its index in the catalog and its outlay),
  // so "nothing within $2,000" can say what it takes.
  int cheapest_over_index = -1;
  std::optional<RowOutlay> cheapest_over;
  // The trade-off above the budget (speed rankings): machines over it that are faster than
  // everything within it, each faster than every cheaper one, cheapest first, at most
  // kOverBudgetShown: "16 tok/s would take $3,037".
  struct OverBudget {
    int gpu_index = -1;
    RowOutlay priced;
    double tokens_per_s = 0;
  };
  std::vector<OverBudget> faster_over;
};

constexpr std::size_t kOverBudgetShown = 3;

// The PCIe lanes per card a speed ranking's machine must give: llama.cpp (the engine a
// GGUF quantisation runs on) splits layers and is fine on x1 risers; vLLM and training
// split tensors and want x8 (money/outlay.h).
int lanes_for_engine(const Gpu& gpu, const RankingView& view, const FitView& fit);

BuyerRanking rank_for_buyer(const Catalog& catalog, const PriceBook& book, const RankingView& view,
                            const FitView& fit, const BuyerView& buyer, const SpeedCalibration* calibration,
                            const Compat* compat = nullptr, const SoftwareTable* software = nullptr,
                            const Benchmarks* benchmarks = nullptr);

}  // namespace gpuwise
