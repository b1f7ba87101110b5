#include "rank/ranking_scores.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/stable_sort.h"

namespace gpuwise {

CardFilter::CardFilter(const RankingView& view, const Compat* compat) : view_(view), compat_(compat) {
  for (const RankingListFilter& filter : ranking_list_filters()) {
    const std::vector<std::string>& allowed = view.*filter.values;
    if (!allowed.empty()) lists_.push_back({filter.gpu_text, allowed});
  }
}

bool CardFilter::passes(const Gpu& gpu) const {
  for (const ListFilter& list : lists_) {
    if (std::find(list.allowed.begin(), list.allowed.end(), gpu.*list.gpu_text) == list.allowed.end()) return false;
  }
  if (gpu.vram_gb < view_.min_vram_gb) return false;
  if (view_.year_min > 0 && gpu.release_year < view_.year_min) return false;
  // The price limit (max_price_usd) reads the buyer's price in their market: applied by
  // rank_for_buyer() (rank/buyer_ranking.h), which has the prices.
  if (!view_.cuda.empty() && !(compat_ && compat_->runs_cuda(gpu, view_.cuda))) return false;
  if (!view_.pytorch.empty() && !(compat_ && compat_->runs_pytorch(gpu, view_.pytorch))) return false;
  if (!view_.pytorch_any.empty() && !(compat_ && compat_->runs_pytorch_any(gpu, view_.pytorch_any))) return false;
  if (view_.cuda_only && !has_stack(gpu, "cuda")) return false;
  if (view_.unified_only && !has_unified_memory(gpu)) return false;
  return true;
}

std::vector<int> CardFilter::passing(const Catalog& catalog, const std::vector<std::string_view>* allowed_ids) const {
  std::vector<int> indices;
  indices.reserve(catalog.gpus.size());
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) {
    const Gpu& gpu = catalog.gpus[i];
    if (!passes(gpu)) continue;
    if (allowed_ids && !std::binary_search(allowed_ids->begin(), allowed_ids->end(), std::string_view(gpu.id))) continue;
    indices.push_back(static_cast<int>(i));
  }
  return indices;
}

void score_and_sort(const Catalog& catalog, const std::vector<int>& passing,
                    const std::vector<const RankingMetric*>& metrics, bool single_metric, double total_weight,
                    RankedList& out) {
  const std::size_t weight_count = metrics.size();
  out.rows.reserve(passing.size());
  out.metric_values.reserve(passing.size() * weight_count);
  for (const int index : passing) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    RankedGpu row;
    row.gpu_index = index;
    row.values_at = out.metric_values.size();
    for (std::size_t m = 0; m < weight_count; ++m) {
      // One metric ranks the catalog's own figure; profiles estimate missing hardware.
      const MetricReading reading = single_metric ? MetricReading{metrics[m]->catalog_value(gpu), false, ""}
                                                  : profile_metric_value(*metrics[m], gpu);
      out.metric_values.push_back(reading.value);
      if (!reading.value) row.missing_mask |= std::uint64_t{1} << m;
      else if (reading.estimated) row.estimated_mask |= std::uint64_t{1} << m;
    }
    out.rows.push_back(row);
  }

  // The best figure in the list per metric: the highest, or the lowest for TDP.
  for (std::size_t m = 0; m < weight_count; ++m) {
    std::optional<double> best;
    for (const auto& row : out.rows) {
      const auto& v = out.metric_values[row.values_at + m];
      if (v && (!best || (metrics[m]->higher_is_better ? *v > *best : *v < *best))) best = v;
    }
    out.best_values.push_back(best);
  }

  out.normalized.assign(out.metric_values.size(), std::nullopt);
  for (auto& row : out.rows) {
    double known_weight = 0;
    for (std::size_t m = 0; m < weight_count; ++m) {
      const auto& v = out.metric_values[row.values_at + m];
      const auto& best = out.best_values[m];
      if (!v || !best) continue;
      double ratio;
      if (*best == 0) ratio = 1;  // nobody in the list has any (tensor cores of Pascal cards): no information
      else if (metrics[m]->higher_is_better) ratio = *v / *best;
      else ratio = *v > 0 ? *best / *v : 0;
      out.normalized[row.values_at + m] = std::clamp(ratio, 0.0, 1.0);
      known_weight += out.weights[m].weight;
    }
    row.known_weight_share = total_weight > 0 ? known_weight / total_weight : 0;
    if (row.known_weight_share <= kMinKnownWeightShare) continue;
    // Weighted geometric mean over the known figures; one zero ratio makes it zero.
    double log_sum = 0;
    bool zero = false;
    for (std::size_t m = 0; m < weight_count; ++m) {
      const auto& normalized = out.normalized[row.values_at + m];
      if (!normalized) continue;
      if (*normalized <= 0) zero = true;
      else log_sum += out.weights[m].weight / known_weight * std::log(*normalized);
    }
    row.score = zero ? 0.0 : std::clamp(100.0 * std::exp(log_sum), 0.0, 100.0);
    ++out.scored_count;
  }

  sort_ranked_rows(catalog, out.rows);
}

void sort_ranked_rows(const Catalog& catalog, std::vector<RankedGpu>& rows) {
  // Best score first, then more VRAM, then A-Z by name and id. The two numbers are packed
  // into integer keys that sort ascending in that order (a non-negative double's bits
  // grow with its value, so their complement shrinks), and the keys are sorted with
  // plain integer comparisons: comparing through the card's strings on every step was a
  // third of ranking 10,000 cards in wasm. Only rows whose numbers tie are then ordered
  // by name, within their run.
  struct SortKey {
    std::uint64_t score_key;  // an unscored card: the largest key, after every scored one
    std::uint64_t vram_key;
    std::uint32_t row;
    bool operator<(const SortKey& o) const {
      if (score_key != o.score_key) return score_key < o.score_key;
      if (vram_key != o.vram_key) return vram_key < o.vram_key;
      return row < o.row;
    }
  };
  const auto descending = [](double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return ~bits;
  };
  std::vector<SortKey> keys;
  keys.reserve(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const RankedGpu& row = rows[r];
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row.gpu_index)];
    // Scores are 0-100 and VRAM is positive: +0.0 keeps -0.0 from sorting apart from 0.
    // A scored key is shifted down one bit so that even a score of 0 (whose complement is
    // all ones) stays below an unscored card's.
    const std::uint64_t score_key = row.score ? descending(*row.score + 0.0) >> 1 : ~std::uint64_t{0};
    keys.push_back({score_key, descending(gpu.vram_gb + 0.0), static_cast<std::uint32_t>(r)});
  }
  std::sort(keys.begin(), keys.end());
  // Runs of equal numbers are rare and short: ordered by name with core's one stable
  // sort (stable_sort.h), not a second instantiation of std::sort (0.6 KB of download).
  const auto by_name = [&](const SortKey& a, const SortKey& b) {
    const Gpu& x = catalog.gpus[static_cast<std::size_t>(rows[a.row].gpu_index)];
    const Gpu& y = catalog.gpus[static_cast<std::size_t>(rows[b.row].gpu_index)];
    if (x.name != y.name) return x.name < y.name;
    return x.id < y.id;
  };
  std::vector<SortKey> run;
  for (std::size_t begin = 0; begin < keys.size();) {
    std::size_t end = begin + 1;
    while (end < keys.size() && keys[end].score_key == keys[begin].score_key &&
           keys[end].vram_key == keys[begin].vram_key) {
      ++end;
    }
    if (end - begin > 1) {
      const auto first = keys.begin() + static_cast<std::ptrdiff_t>(begin);
      run.assign(first, keys.begin() + static_cast<std::ptrdiff_t>(end));
      stable_sort_rows(run, by_name);
      std::copy(run.begin(), run.end(), first);
    }
    begin = end;
  }
  std::vector<RankedGpu> sorted;
  sorted.reserve(rows.size());
  for (const SortKey& key : keys) sorted.push_back(rows[key.row]);  // a row is a few numbers
  rows = std::move(sorted);
}

}  // namespace gpuwise
