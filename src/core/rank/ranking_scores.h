// The ranking's inner loop: the filters per card, reading each card's figures, the
// weighted score and the order. Split from ranking.cpp so the web build can compile just this at -O2 (the rest
// of the site is -Oz): ranking 10,000 cards in wasm went from 22 ms to under 5 (issue 15).
// Internal to core: rank() (ranking.h) is the interface.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/metrics.h"
#include "rank/ranking.h"

namespace gpuwise {

// The view's filters, read once per ranking: reaching the list filters through a
// ViewState built per card was most of rank()'s time for 10,000 cards.
class CardFilter {
 public:
  CardFilter(const RankingView& view, const Compat* compat);
  bool passes(const Gpu& gpu) const;
  // The indices of the cards that pass, in catalog order; with `allowed_ids` (sorted),
  // only those whose id is in it (the VRAM-fit filter).
  std::vector<int> passing(const Catalog& catalog, const std::vector<std::string_view>* allowed_ids) const;

 private:
  struct ListFilter {
    std::string Gpu::*gpu_text;
    std::vector<std::string> allowed;  // not empty: an empty list keeps every card
  };
  const RankingView& view_;
  const Compat* compat_;
  std::vector<ListFilter> lists_;
};

// Fills out.rows, metric_values, normalized, best_values and scored_count for the cards
// `passing` (indices into catalog.gpus, in catalog order) and sorts the rows
// (sort_ranked_rows).
// `metrics` are out.weights' metrics; single_metric ranks the catalog's own figure,
// profiles also use the fallback rates of profile_metric_value().
void score_and_sort(const Catalog& catalog, const std::vector<int>& passing,
                    const std::vector<const RankingMetric*>& metrics, bool single_metric, double total_weight,
                    RankedList& out);

// The ranking's order, for rank() and the speed ranking alike: scored rows first, score
// high to low; equal scores: more VRAM, then name A-Z, then id.
void sort_ranked_rows(const Catalog& catalog, std::vector<RankedGpu>& rows);

}  // namespace gpuwise
