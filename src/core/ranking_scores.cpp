#include "ranking_scores.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "view_fields.h"

namespace gpuwise {

CardFilter::CardFilter(const RankingView& view, const Compat* compat) : view_(view), compat_(compat) {
  ViewState holder;  // the table's accessors reach a field from a whole state
  holder.ranking = view;
  for (const ViewField* filter : ranking_list_filters()) {
    // The list filters (vendor, line, architecture ...) as the field table describes them.
    std::vector<std::string>& allowed = filter->list(holder);
    if (!allowed.empty()) lists_.push_back({filter->gpu_text, std::move(allowed)});
  }
}

bool CardFilter::passes(const Gpu& gpu) const {
  for (const ListFilter& list : lists_) {
    if (std::find(list.allowed.begin(), list.allowed.end(), list.gpu_text(gpu)) == list.allowed.end()) return false;
  }
  if (gpu.vram_gb < view_.min_vram_gb) return false;
  if (view_.year_min > 0 && gpu.release_year < view_.year_min) return false;
  // A price limit keeps only cards with a known launch price at or under it: a card
  // without one cannot be shown to fit the budget.
  if (view_.max_price_usd > 0 && !(gpu.launch_price_usd && *gpu.launch_price_usd <= view_.max_price_usd)) {
    return false;
  }
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
  // Sorted through small keys, then the rows copied once in that order.
  // The key carries the VRAM too: reading it through the card on every comparison
  // missed the cache (a Gpu row is ~1 KB) and was most of the sort's time. What moves
  // during the sort is a 4-byte position, not the key: in wasm a moved struct is a call
  // to memcpy, which took a quarter of ranking 10,000 cards.
  struct SortKey {
    double score;  // -1 for an unscored card: after every scored one
    double vram_gb;
    std::string_view name;  // the text itself, not the ~1 KB card around it
    std::string_view id;
  };
  std::vector<SortKey> keys;
  keys.reserve(rows.size());
  for (const RankedGpu& row : rows) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row.gpu_index)];
    keys.push_back({row.score ? *row.score : -1.0, gpu.vram_gb, gpu.name, gpu.id});
  }
  std::vector<std::uint32_t> order(rows.size());
  for (std::size_t r = 0; r < order.size(); ++r) order[r] = static_cast<std::uint32_t>(r);
  std::sort(order.begin(), order.end(), [&keys](std::uint32_t x, std::uint32_t y) {
    const SortKey& a = keys[x];
    const SortKey& b = keys[y];
    if (a.score != b.score) return a.score > b.score;
    // Equal scores: the card that holds more is the better buy; then a stable A-Z.
    if (a.vram_gb != b.vram_gb) return a.vram_gb > b.vram_gb;
    if (a.name != b.name) return a.name < b.name;
    return a.id < b.id;
  });
  std::vector<RankedGpu> sorted;
  sorted.reserve(rows.size());
  for (const std::uint32_t r : order) sorted.push_back(rows[r]);  // a row is a few numbers
  rows = std::move(sorted);
}

}  // namespace gpuwise
