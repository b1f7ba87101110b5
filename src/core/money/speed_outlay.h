// The Speed tab's rows with what each costs the buyer (issue 28): speed_table()'s rows
// (estimate/speed_view.h, computed as they are) plus each card's whole outlay at the
// view's GPU count (outlay.h), filtered by the buyer's budget, ordered by the outlay when
// asked, with decode tokens/s per 1,000 USD. A separate step on the table's rows, so the
// speed table itself stays the estimate's own.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "estimate/speed_view.h"
#include "money/market.h"
#include "money/outlay.h"

namespace gpuwise {

struct SpeedOutlayRow {
  Outlay outlay;
  std::optional<double> per_1000_usd;  // decode tokens/s (all requests) per 1,000 USD of what the budget covers
};

struct SpeedBuyerTable {
  SpeedTable table;                    // the rows kept (at most view.top_n)
  std::vector<SpeedOutlayRow> outlays; // one per table.rows
  int over_budget = 0;                 // rows the budget left out
  int unpriced = 0;                    // ... because what it covers has no price
};

SpeedBuyerTable speed_table_for_buyer(const Catalog& catalog, const Benchmarks& benchmarks,
                                      const SpeedCalibration& calibration, const SpeedView& view,
                                      const PriceBook& book, const BuyerView& buyer);

// The rows as CSV: speed_table_csv()'s columns plus the outlay's (cards, machine, total, per 1,000 USD).
std::string speed_buyer_csv(const SpeedBuyerTable& table);

}  // namespace gpuwise
