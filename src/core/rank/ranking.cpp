#include "rank/ranking.h"
#include "rank/ranking_scores.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

#include "catalog/columns.h"
#include "text/format.h"
#include "text/stable_sort.h"
#include "text/number_text.h"

namespace gpuwise {

bool operator==(const MetricWeight& a, const MetricWeight& b) { return a.metric == b.metric && a.weight == b.weight; }

const std::vector<RankingListFilter>& ranking_list_filters() {
  static const std::vector<RankingListFilter> filters = {
      {"rank.vendor", "vendors", I18N("Vendor"), "--vendor", &RankingView::vendors, &Gpu::vendor, "vendor"},
      {"rank.line", "lines", I18N("Line"), "", &RankingView::lines, &Gpu::line, "line"},
      {"rank.arch", "architectures", I18N("Architecture"), "", &RankingView::architectures, &Gpu::architecture,
       "architecture"},
      {"rank.series", "series", I18N("Series"), "--series", &RankingView::series, &Gpu::series, "series"},
  };
  return filters;
}

// [SECTION] Profiles
namespace {

struct ProfileTable {
  RankingProfile profile;
  std::vector<MetricWeight> weights;
};

// The guide ranks four figures per network type (DIGEST.md section 5); weights 4-3-2-1
// keep its order and let the first matter most, and the page says so (follows_guide).
// Its "tensor cores" is tensor-core throughput, which the catalog has as
// fp16_tensor_tflops (bf16_tensor_tflops for LLM training, which runs in BF16).
const std::vector<ProfileTable> kProfiles = {
    {{"cnn", "CNN / Transformer training", "", true},  // tensor cores > FP32 > bandwidth > FP16
     {{"fp16_tensor_tflops", 4}, {"fp32_tflops", 3}, {"memory_bandwidth_gbs", 2}, {"fp16_tflops", 1}}},
    {{"rnn", "RNN training", "", true},  // bandwidth > FP16 > tensor cores > FP32
     {{"memory_bandwidth_gbs", 4}, {"fp16_tflops", 3}, {"fp16_tensor_tflops", 2}, {"fp32_tflops", 1}}},
    // The page and `gpuwise rank` rank these two by the speed model's tokens/s for the
    // chosen model among the cards that hold it (speed_ranking.h): VRAM is a filter there,
    // not a weight. These weights are rank()'s own spec score for them, without a model.
    // Generating tokens reads every weight once per token, so bandwidth leads, as the
    // measured llama.cpp speeds show (docs/ranking.md): the guide's order, written for
    // training, does not fit it. Training an LLM is training a Transformer: the guide's order.
    {{"llm-inference", "LLM inference",
      "Ranked by the speed model's estimated generation tokens/s for your model, among the cards that hold it."},
     {{"memory_bandwidth_gbs", 5}, {"fp16_tensor_tflops", 1}}},
    {{"llm-training", "LLM training",
      "Ranked by the speed model's estimated training tokens/s for your model, among the cards that hold its "
      "weights, gradients and optimizer state.",
      true},
     {{"bf16_tensor_tflops", 4}, {"fp32_tflops", 3}, {"memory_bandwidth_gbs", 2}, {"fp16_tflops", 1}}},
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
  if (weights.size() > kMaxRankingWeights) out.error = "at most " + std::to_string(kMaxRankingWeights) + " metrics can be weighed";
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

  // The cards that pass the filters, read and scored by ranking_scores.cpp.
  const CardFilter filter(view, compat);
  std::vector<std::string_view> allowed;  // sorted once: a lookup per card
  if (allowed_ids) {
    allowed.assign(allowed_ids->begin(), allowed_ids->end());
    stable_sort_rows(allowed);
  }
  const std::vector<int> passing = filter.passing(catalog, allowed_ids ? &allowed : nullptr);
  score_and_sort(catalog, passing, metrics, single_metric, total_weight, out);
  return out;
}

std::optional<double> RankedList::metric_value(const RankedGpu& row, std::size_t w) const {
  if (w >= weights.size() || row.values_at + w >= metric_values.size()) return std::nullopt;
  return metric_values[row.values_at + w];
}

std::optional<double> RankedList::normalized_value(const RankedGpu& row, std::size_t w) const {
  if (w >= weights.size() || row.values_at + w >= normalized.size()) return std::nullopt;
  return normalized[row.values_at + w];
}

namespace {
std::vector<std::string> keys_in_mask(const std::vector<MetricWeight>& weights, std::uint64_t mask) {
  std::vector<std::string> keys;
  for (std::size_t w = 0; w < weights.size() && w < kMaxRankingWeights; ++w) {
    if (mask & (std::uint64_t{1} << w)) keys.push_back(weights[w].metric);
  }
  return keys;
}
}  // namespace

std::vector<std::string> RankedList::missing_metrics(const RankedGpu& row) const {
  return keys_in_mask(weights, row.missing_mask);
}
std::vector<std::string> RankedList::estimated_metrics(const RankedGpu& row) const {
  return keys_in_mask(weights, row.estimated_mask);
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
                         const Compat* compat, const std::vector<std::string>* allowed_ids) {
  auto allowed = fit_filter_ids(catalog, view, fit);
  if (allowed && allowed_ids) {
    std::vector<std::string> both;
    for (const std::string& id : *allowed) {
      if (std::find(allowed_ids->begin(), allowed_ids->end(), id) != allowed_ids->end()) both.push_back(id);
    }
    allowed = std::move(both);
  } else if (allowed_ids) {
    allowed = *allowed_ids;
  }
  return rank(catalog, view, compat, allowed ? &*allowed : nullptr);
}

}  // namespace gpuwise
