// Performance per dollar and per watt: a score per GPU (from the ranking) divided by the
// purchase price, the cheapest on-demand rental rate and the board power. Formulas:
// docs/roi.md, "Performance per dollar and per watt".
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "money/market.h"
#include "money/prices.h"

namespace gpuwise {

// The user's own figures, per GPU, keyed by catalog id; they replace the data's defaults.
struct PriceOverrides {
  std::map<std::string, double> price_usd;          // purchase price per GPU
  std::map<std::string, double> rate_usd_per_hour;  // rental per GPU-hour
};

struct ValueRow {
  int gpu_index = -1;
  std::string gpu_id;
  double score = 0;                              // as given; bad scores become 0 with a note
  PriceChoice price;                             // kind == user for an override
  std::optional<CloudRate> rate;                 // the cheapest on-demand rate (provider, date, source)
  bool rate_is_user = false;                     // true: rate_usd_per_hour is the user's override
  std::optional<double> price_usd;               // per GPU; absent: no price anywhere
  std::optional<double> rate_usd_per_hour;       // absent: no on-demand rate anywhere
  double power_w = 0;                            // per GPU: tdp_w / gpus_per_board
  std::optional<double> score_per_1000_usd;      // score / price × 1000; absent without a price
  std::optional<double> score_per_usd_per_hour;  // score / rate; absent without a rate
  std::optional<double> score_per_watt;          // score / power_w; absent without a power figure
  std::vector<std::string> missing;              // "price", "rate", "power", "score": what was missing
  PriceAge rate_age;                             // of `rate`, as of book.today
  // The price or rate from data behind this row's figures is older than 12 months.
  bool uses_stale_price() const;
};

// One row per (catalog index, score) in the order given; indexes outside the catalog are
// skipped. A price or rate of 0 (free) counts as missing: it has no meaningful ratio.
std::vector<ValueRow> value_table(const Catalog& catalog, const PriceBook& book,
                                  const std::vector<std::pair<int, double>>& gpu_index_and_score,
                                  const BuyerView& buyer, const PriceOverrides& overrides,
                                  ProviderKindSet rate_kinds);
// The US market, new (BuyerView{}).
std::vector<ValueRow> value_table(const Catalog& catalog, const PriceBook& book,
                                  const std::vector<std::pair<int, double>>& gpu_index_and_score,
                                  const PriceOverrides& overrides = {},
                                  ProviderKindSet rate_kinds = kAllProviderKinds);
// How many rows' figures use a stale price or rate (for the value view's notice).
int stale_value_rows(const std::vector<ValueRow>& rows);

enum class ValueMetric { per_1000_usd, per_usd_per_hour, per_watt };
const char* value_metric_key(ValueMetric metric);  // "score_per_1000_usd", ...
// Best first; rows without that figure go last in their given order.
void sort_value_table(std::vector<ValueRow>& rows, ValueMetric metric);

}  // namespace gpuwise
