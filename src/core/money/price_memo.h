// buyer_price() remembers its answers while a BuyerPriceMemo lives: a job prices every card
// at 1, 2, 4 and 8 GPUs, and owning (compute_roi: the new and used price, the machine's
// outlay) and the buyer's outlays ask for the same card's price some twenty times; each
// answer reads every street price of the book. Open one around a loop over cards whose
// catalog and book do not change while it lives (job_cost(), job_cost_for_buyer()).
#pragma once
#include <map>
#include <string>
#include <tuple>

#include "money/market.h"

namespace gpuwise {

class BuyerPriceMemo {
 public:
  BuyerPriceMemo();   // buyer_price() on this thread answers from this memo until it ends
  ~BuyerPriceMemo();  // the memo open before it, if any, answers again
  BuyerPriceMemo(const BuyerPriceMemo&) = delete;
  BuyerPriceMemo& operator=(const BuyerPriceMemo&) = delete;

  // The memo open on this thread, or nullptr.
  static BuyerPriceMemo* current();
  // The remembered answer for the card and buyer (its market and condition), else nullptr.
  const PriceChoice* find(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id,
                          const BuyerView& buyer) const;
  void remember(const Catalog& catalog, const PriceBook& book, std::string_view gpu_id, const BuyerView& buyer,
                const PriceChoice& price);

 private:
  using Key = std::tuple<const Catalog*, const PriceBook*, std::string, std::string, bool>;
  std::map<Key, PriceChoice, std::less<>> answers_;
  BuyerPriceMemo* outer_ = nullptr;
};

}  // namespace gpuwise
