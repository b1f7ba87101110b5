#include "ranking.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

#include "columns.h"
#include "format.h"
#include "view_fields.h"

namespace gpuwise {

// [SECTION] Profiles
namespace {

struct ProfileTable {
  RankingProfile profile;
  std::vector<MetricWeight> weights;
};

// The guide ranks four figures per network type (DIGEST.md section 5); weights 4-3-2-1
// keep its order and let the first matter most. Its "tensor cores" is tensor-core
// throughput, which the catalog has as fp16_tensor_tflops.
const std::vector<ProfileTable> kProfiles = {
    {{"cnn", "CNN / Transformer training",
      "The guide's order for CNNs and Transformers: tensor-core throughput > FP32 > memory bandwidth > FP16."},
     {{"fp16_tensor_tflops", 4}, {"fp32_tflops", 3}, {"memory_bandwidth_gbs", 2}, {"fp16_tflops", 1}}},
    {{"rnn", "RNN training",
      "The guide's order for RNNs: memory bandwidth > FP16 > tensor-core throughput > FP32."},
     {{"memory_bandwidth_gbs", 4}, {"fp16_tflops", 3}, {"fp16_tensor_tflops", 2}, {"fp32_tflops", 1}}},
    // The page and `gpuwise rank` rank these two by the speed model's tokens/s for the
    // chosen model among the cards that hold it (speed_ranking.h): VRAM is a filter there,
    // not a weight. These weights are rank()'s own spec score for them, without a model.
    {{"llm-inference", "LLM inference",
      "Ranked by the speed model's estimated generation tokens/s for your model, among the cards that hold it."},
     {{"memory_bandwidth_gbs", 5}, {"fp16_tensor_tflops", 1}}},
    {{"llm-training", "LLM training",
      "Ranked by the speed model's estimated training tokens/s for your model, among the cards that hold its "
      "weights, gradients and optimizer state."},
     {{"bf16_tensor_tflops", 3}, {"memory_bandwidth_gbs", 3}, {"fp16_tensor_tflops", 1}}},
    {{"fp64", "FP64 scientific computing",
      "Double-precision throughput first; bandwidth for memory-bound solvers; VRAM for problem size."},
     {{"fp64_tflops", 6}, {"memory_bandwidth_gbs", 3}, {"vram_gb", 1}}},
    {{"custom", "Custom weights", "Your own weights: any metric, any weight; only their ratios matter."}, {}},
};

std::vector<RankingProfile> profile_list() {
  std::vector<RankingProfile> out;
  for (const auto& table : kProfiles) out.push_back(table.profile);
  return out;
}

}  // namespace

const std::vector<RankingProfile>& ranking_profiles() {
  static const std::vector<RankingProfile> list = profile_list();
  return list;
}

const RankingProfile* find_ranking_profile(const std::string& key) {
  for (const auto& profile : ranking_profiles()) {
    if (key == profile.key) return &profile;
  }
  return nullptr;
}

std::vector<MetricWeight> profile_weights(const std::string& profile) {
  for (const auto& table : kProfiles) {
    if (profile == table.profile.key) return table.weights;
  }
  return {};
}

const char* scoring_summary() {
  return "Each figure is divided by the best card's figure in the current list (for TDP, the lowest "
         "divided by the card's), and the score is the weighted geometric mean of those ratios times 100, "
         "so 100 means best on every weighted figure.";
}

const char* scoring_formula() { return "score = 100 * prod_i (v_i / best_i) ^ (w_i / W),  W = sum of w_i the card has"; }

const char* missing_rule_summary() {
  return "A card missing a figure is scored on the figures it has, with the weights rescaled, and marked; "
         "if those carry half of the weight or less it gets no score and is listed last. A card without the "
         "hardware (no tensor cores, no BF16) is scored at the rate it really runs that math at, marked "
         "as estimated.";
}

double display_score(double score) { return std::round(score * 10.0) / 10.0; }

std::string format_score(const std::optional<double>& score) {
  if (!score || !std::isfinite(*score)) return kMissing;
  return format_fixed(display_score(*score), 1);
}

// [SECTION] Filters
namespace {

std::string known_metric_keys() {
  std::string out;
  for (const auto& metric : ranking_metrics()) out += (out.empty() ? "" : ", ") + std::string(metric.key);
  return out;
}

std::string known_profile_keys() {
  std::string out;
  for (const auto& profile : ranking_profiles()) out += (out.empty() ? "" : ", ") + std::string(profile.key);
  return out;
}

// The view's filters that need cuda.json, checked once: an empty string when usable.
std::string check_compat_filters(const RankingView& view, const Compat* compat) {
  if (!view.cuda.empty()) {
    if (!compat) return "the CUDA filter needs cuda.json, which is not loaded";
    if (!compat->is_known_cuda(view.cuda)) {
      std::string range = compat->toolkits.empty()
                              ? "none"
                              : compat->toolkits.front().version + " to " + compat->toolkits.back().version;
      return "unknown CUDA version '" + view.cuda + "' (cuda.json lists " + range + "; '12.x' means any 12.y)";
    }
  }
  if (!view.pytorch.empty()) {
    if (!compat) return "the PyTorch filter needs cuda.json, which is not loaded";
    if (!compat->find_pytorch(view.pytorch)) {
      std::string range = compat->pytorch.empty()
                              ? "none"
                              : compat->pytorch.front().version + " to " + compat->pytorch.back().version;
      return "unknown PyTorch version '" + view.pytorch + "' (cuda.json lists " + range + ")";
    }
  }
  if (!view.pytorch_any.empty()) {
    if (!compat) return "the PyTorch filter needs cuda.json, which is not loaded";
    if (!compat->find_pytorch(view.pytorch_any)) {
      std::string range = compat->pytorch.empty()
                              ? "none"
                              : compat->pytorch.front().version + " to " + compat->pytorch.back().version;
      return "unknown PyTorch version '" + view.pytorch_any + "' (cuda.json lists " + range + ")";
    }
  }
  return "";
}

}  // namespace

namespace {

// The view's filters, read once per ranking: reaching the list filters through a
// ViewState built per card was most of rank()'s time for 10,000 cards.
class CardFilter {
 public:
  CardFilter(const RankingView& view, const Compat* compat) : view_(view), compat_(compat) {
    ViewState holder;  // the table's accessors reach a field from a whole state
    holder.ranking = view;
    for (const ViewField* filter : ranking_list_filters()) {
      // The list filters (vendor, line, architecture ...) as the field table describes them.
      std::vector<std::string>& allowed = filter->list(holder);
      if (!allowed.empty()) lists_.push_back({filter->gpu_text, std::move(allowed)});
    }
  }

  bool passes(const Gpu& gpu) const {
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

 private:
  struct ListFilter {
    const std::string& (*gpu_text)(const Gpu&);
    std::vector<std::string> allowed;  // not empty: an empty list keeps every card
  };
  const RankingView& view_;
  const Compat* compat_;
  std::vector<ListFilter> lists_;
};

}  // namespace

bool passes_ranking_filters(const Gpu& gpu, const RankingView& view, const Compat* compat) {
  return CardFilter(view, compat).passes(gpu);
}

// [SECTION] Scoring
namespace {

// The weights to use: a single metric, a built-in profile or the custom table,
// validated; zero weights dropped and repeated metrics merged. Sets error when unusable.
std::vector<MetricWeight> resolve_weights(const RankingView& view, RankedList& out) {
  if (!view.metric.empty()) {
    const RankingMetric* metric = find_ranking_metric(view.metric);
    if (!metric) {
      out.error = "unknown metric '" + view.metric + "' (known: " + known_metric_keys() + ")";
      return {};
    }
    out.metric = view.metric;
    out.metric_label = std::string(metric->label) + (*metric->unit ? std::string(" (") + metric->unit + ")" : "");
    return {{view.metric, 1}};
  }
  const RankingProfile* profile = find_ranking_profile(view.profile);
  if (!profile) {
    out.error = "unknown profile '" + view.profile + "' (known: " + known_profile_keys() + ")";
    return {};
  }
  out.profile = view.profile;
  out.metric_label = profile->label;
  const std::vector<MetricWeight> given =
      view.profile == "custom" ? view.custom_weights : profile_weights(view.profile);
  std::vector<MetricWeight> weights;
  for (const auto& w : given) {
    if (!find_ranking_metric(w.metric)) {
      out.error = "unknown metric '" + w.metric + "' in the weights (known: " + known_metric_keys() + ")";
      return {};
    }
    if (!std::isfinite(w.weight) || w.weight < 0) {
      out.error = "the weight of " + w.metric + " must be a number >= 0";
      return {};
    }
    if (w.weight == 0) continue;
    auto same = std::find_if(weights.begin(), weights.end(), [&](const MetricWeight& x) { return x.metric == w.metric; });
    if (same != weights.end()) same->weight += w.weight;
    else weights.push_back(w);
  }
  if (weights.empty()) out.error = "every weight is 0: give at least one metric a weight above 0";
  return weights;
}

}  // namespace

RankedList rank(const Catalog& catalog, const RankingView& view, const Compat* compat,
                const std::vector<std::string>* allowed_ids) {
  RankedList out;
  out.weights = resolve_weights(view, out);
  if (out.error.empty()) out.error = check_compat_filters(view, compat);
  if (!out.error.empty()) {
    out.weights.clear();
    return out;
  }
  const bool single_metric = !out.metric.empty();
  std::vector<const RankingMetric*> metrics;
  double total_weight = 0;
  for (const auto& w : out.weights) {
    metrics.push_back(find_ranking_metric(w.metric));
    total_weight += w.weight;
  }

  // Readings of every card that passes the filters.
  const CardFilter filter(view, compat);
  std::vector<std::string_view> allowed;  // sorted once: a lookup per card
  if (allowed_ids) {
    allowed.assign(allowed_ids->begin(), allowed_ids->end());
    std::sort(allowed.begin(), allowed.end());
  }
  out.rows.reserve(catalog.gpus.size());
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) {
    const Gpu& gpu = catalog.gpus[i];
    if (!filter.passes(gpu)) continue;
    if (allowed_ids && !std::binary_search(allowed.begin(), allowed.end(), std::string_view(gpu.id))) continue;
    RankedGpu row;
    row.gpu_index = static_cast<int>(i);
    row.metric_values.reserve(metrics.size());
    row.normalized.reserve(metrics.size());
    for (const RankingMetric* metric : metrics) {
      // One metric ranks the catalog's own figure; profiles estimate missing hardware.
      MetricReading reading =
          single_metric ? MetricReading{metric->catalog_value(gpu), false, ""} : profile_metric_value(*metric, gpu);
      row.metric_values.push_back(reading.value);
      if (!reading.value) row.missing_metrics.push_back(metric->key);
      else if (reading.estimated) row.estimated_metrics.push_back(metric->key);
    }
    out.rows.push_back(std::move(row));
  }

  // The best figure in the list per metric: the highest, or the lowest for TDP.
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    std::optional<double> best;
    for (const auto& row : out.rows) {
      const auto& v = row.metric_values[m];
      if (v && (!best || (metrics[m]->higher_is_better ? *v > *best : *v < *best))) best = v;
    }
    out.best_values.push_back(best);
  }

  for (auto& row : out.rows) {
    double known_weight = 0;
    for (std::size_t m = 0; m < metrics.size(); ++m) {
      const auto& v = row.metric_values[m];
      const auto& best = out.best_values[m];
      if (!v || !best) {
        row.normalized.push_back(std::nullopt);
        continue;
      }
      double ratio;
      if (*best == 0) ratio = 1;  // nobody in the list has any (tensor cores of Pascal cards): no information
      else if (metrics[m]->higher_is_better) ratio = *v / *best;
      else ratio = *v > 0 ? *best / *v : 0;
      row.normalized.push_back(std::clamp(ratio, 0.0, 1.0));
      known_weight += out.weights[m].weight;
    }
    row.known_weight_share = total_weight > 0 ? known_weight / total_weight : 0;
    if (row.known_weight_share <= kMinKnownWeightShare) continue;
    // Weighted geometric mean over the known figures; one zero ratio makes it zero.
    double log_sum = 0;
    bool zero = false;
    for (std::size_t m = 0; m < metrics.size(); ++m) {
      if (!row.normalized[m]) continue;
      if (*row.normalized[m] <= 0) zero = true;
      else log_sum += out.weights[m].weight / known_weight * std::log(*row.normalized[m]);
    }
    row.score = zero ? 0.0 : std::clamp(100.0 * std::exp(log_sum), 0.0, 100.0);
    ++out.scored_count;
  }

  // Sorted through small keys, then the rows moved once: sorting the rows themselves
  // moved four vectors per swap (a third of the time for 10,000 cards).
  struct SortKey {
    bool scored;
    double score;
    const Gpu* gpu;
    std::size_t row;
  };
  std::vector<SortKey> keys;
  keys.reserve(out.rows.size());
  for (std::size_t r = 0; r < out.rows.size(); ++r) {
    const RankedGpu& row = out.rows[r];
    keys.push_back({row.score.has_value(), row.score.value_or(0), &catalog.gpus[row.gpu_index], r});
  }
  std::sort(keys.begin(), keys.end(), [](const SortKey& a, const SortKey& b) {
    if (a.scored != b.scored) return a.scored;
    if (a.scored && a.score != b.score) return a.score > b.score;
    // Equal scores: the card that holds more is the better buy; then a stable A-Z.
    if (a.gpu->vram_gb != b.gpu->vram_gb) return a.gpu->vram_gb > b.gpu->vram_gb;
    if (a.gpu->name != b.gpu->name) return a.gpu->name < b.gpu->name;
    return a.gpu->id < b.gpu->id;
  });
  std::vector<RankedGpu> sorted;
  sorted.reserve(out.rows.size());
  for (const SortKey& key : keys) sorted.push_back(std::move(out.rows[key.row]));
  out.rows = std::move(sorted);
  return out;
}

// [SECTION] The "fits my model" filter
std::optional<std::vector<std::string>> fit_filter_ids(const Catalog& catalog, const RankingView& view,
                                                       const FitResult& fit) {
  if (!view.fits_model) return std::nullopt;
  std::vector<std::string> ids;
  for (const Gpu& gpu : catalog.gpus) {
    if (fits(gpu, fit, view.fit_gpu_count)) ids.push_back(gpu.id);
  }
  return ids;
}

RankedList rank_with_fit(const Catalog& catalog, const RankingView& view, const FitResult& fit,
                         const Compat* compat) {
  const auto allowed = fit_filter_ids(catalog, view, fit);
  return rank(catalog, view, compat, allowed ? &*allowed : nullptr);
}

}  // namespace gpuwise
