// What a job reads of the price book for every card and count, remembered while a
// PriceMemo lives: buyer_price() (its market and condition), cheapest_on_demand_rate()
// (its provider kinds) and rental_decline_default(). A job prices every card at 1, 2, 4
// and 8 GPUs, and owning (compute_roi: the new and used price, the rate, the machine's
// outlay, the rent's decline) and the buyer's outlays ask the same questions some twenty
// times a card, each answer a pass over the book. Open one around a loop over cards whose
// catalog and book do not change while it lives (job_cost(), job_cost_for_buyer(), Ask's
// job candidates around both). Answers are the functions' own, so nothing else changes.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "money/market.h"
#include "money/prices.h"
#include "text/thread_memo.h"

namespace gpuwise {

// The functions above answer from this memo on this thread until it ends (ThreadMemo).
class PriceMemo : public ThreadMemo<PriceMemo> {
 public:
  struct BuyerPrice {
    const Catalog* catalog;
    const PriceBook* book;
    std::string market;
    bool used;
    PriceChoice price;
  };
  struct Rate {
    const PriceBook* book;
    ProviderKindSet kinds;
    std::optional<CloudRate> rate;
  };
  struct Decline {
    const PriceBook* book;
    double decline;
    int series;
  };
  // Answers by card id (no string is built to look one up).
  std::map<std::string, std::vector<BuyerPrice>, std::less<>> buyer_prices;
  std::map<std::string, std::vector<Rate>, std::less<>> rates;
  std::vector<Decline> declines;
};

}  // namespace gpuwise
