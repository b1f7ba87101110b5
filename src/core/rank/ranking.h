// Ranking the catalog for a workload: filters, a weighted score, best first.
// Method and formulas: docs/ranking.md. The ranking tab, `gpuwise rank` and the tests
// all call rank(), so the page and the command print the same numbers.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/metrics.h"
#include "catalog/software.h"
#include "text/template_text.h"
#include "estimate/estimate_views.h"
#include "rank/ranking_view.h"
#include "estimate/vram_fit.h"

namespace gpuwise {

// [SECTION] Profiles: named weight tables, plain data the UI shows and edits.
struct RankingProfile {
  const char* key;          // "cnn", "rnn", "llm-inference", "llm-training", "fp64", "custom"
  const char* label;        // English, e.g. "CNN / Transformer training"
  const char* description;  // one sentence: why these weights ("" when the guide's order says it)
  // The weights are the source guide's order of figures for this network type, 4-3-2-1
  // (its section on choosing a GPU: CNNs and Transformers, RNNs); false: our own weights.
  bool follows_guide = false;
};

// Every profile, built-ins first, "custom" last.
const std::vector<RankingProfile>& ranking_profiles();
const RankingProfile* find_ranking_profile(const std::string& key);
// A built-in profile's weights, heaviest first; empty for "custom" and unknown keys.
std::vector<MetricWeight> profile_weights(const std::string& profile);

// For the UI's "how is this scored?" line.
const char* scoring_summary();   // one sentence
const char* scoring_formula();   // ASCII: "score = 100 * prod_i (v_i / best_i) ^ (w_i / W)"
const char* missing_rule_summary();  // what happens to a card missing a figure

// A card is scored only when the figures it has carry more than this share of the
// total weight; otherwise it is listed after every scored card, without a score.
constexpr double kMinKnownWeightShare = 0.5;

// [SECTION] The result
// A row is small and owns no memory: its figures per weight live in RankedList's flat
// arrays (read them through the list's accessors). Ranking 10,000 cards allocated four
// vectors per card before, and freeing them was half of rank()'s time in wasm (issue 15).
struct RankedGpu {
  int gpu_index = -1;            // into catalog.gpus
  std::optional<double> score;   // 0..100; absent: too little of the weight is known
  std::size_t values_at = 0;     // this row's first entry in RankedList::metric_values / normalized
  std::uint64_t missing_mask = 0;    // bit w: weights[w] is weighted but unknown; the UI marks it
  std::uint64_t estimated_mask = 0;  // bit w: hardware the card lacks, its fallback rate used
  double known_weight_share = 0;     // share of the weight the card has figures for
  // Ranked by the speed model (speed_ranking.h): the estimate over all GPUs, and the GB
  // each GPU must hold; by a measured workload (vision_ranking.h): its rate in
  // SpeedBasis::unit (ResNet-50 images/s), `measured_rate` when the card's own runs set it.
  // Absent for weighted rankings.
  std::optional<double> tokens_per_s;
  bool measured_rate = false;
  double needed_gb = 0;
};

// A ranking weighs at most this many metrics (weights of one metric are merged).
constexpr std::size_t kMaxRankingWeights = 64;

// What a list ranked by the speed model is for (speed_ranking.h), so the page and the
// command can say it: "Llama 3 8B, Q4_K_M, context 8192, batch 1, on 1 GPU".
struct SpeedBasis {
  std::string phase;               // "decode" (tokens generated per second) or "train"
  std::string unit = "tokens_per_s";  // the rate's unit: tokens_per_s, or images_per_s (ResNet-50)
  int measured = 0;                // rates that are the card's own measured runs (vision_ranking.h)
  TemplateText model;              // the model, format, context and GPU count, as a sentence
  int gpus = 1;
  int not_fitting = 0;             // cards that pass the filters but cannot hold the model
  std::vector<TemplateText> notes; // e.g. the context lowered to the model's limit
};

struct RankedList {
  std::vector<RankedGpu> rows;       // every card passing the filters: scored best first, then unscored
  std::vector<MetricWeight> weights; // the weights used (weight > 0, duplicates merged)
  std::vector<std::optional<double>> best_values;  // per weight: the denominator (TDP: the lowest)
  std::string profile;               // the profile key; empty when ranking by one metric
  std::string metric;                // the single metric key; empty for a profile
  std::string metric_label;          // "FP32 (TFLOPS)" or the profile's label
  std::string error;                 // non-empty: nothing was ranked (unknown profile, bad filter ...)
  TemplateText error_text;           // the same as a translatable pattern, where one is set (speed ranking)
  int scored_count = 0;
  std::optional<SpeedBasis> speed;   // set when ranked by the speed estimate (LLM profiles)
  // Issue 29: the workload's software gate (rank_view with software.json): the cards current
  // software cannot run for it, left out with the reason, and the marks of the kept ones.
  SoftwareGate software_gate;
  // weights.size() entries per weighted row, in the order rows were read (RankedGpu::values_at):
  // the figure used (catalog or estimated), and that figure divided by the best in the
  // list (0..1); absent where unknown. Empty for a list ranked by speed.
  std::vector<std::optional<double>> metric_values;
  std::vector<std::optional<double>> normalized;

  // weights[w]'s figure and normalised figure for `row`; absent when unknown or when
  // the list has no such weight.
  std::optional<double> metric_value(const RankedGpu& row, std::size_t w) const;
  std::optional<double> normalized_value(const RankedGpu& row, std::size_t w) const;
  // The metric keys of the weights `row` has no figure for / an estimated figure for.
  std::vector<std::string> missing_metrics(const RankedGpu& row) const;
  std::vector<std::string> estimated_metrics(const RankedGpu& row) const;
};

// The cards of `catalog` that pass `view`'s filters (and are in allowed_ids unless it
// is null: the VRAM-fit filter), scored and sorted. `compat` is needed only for the
// cuda / pytorch filters; without it those filters give an error.
// Order: score (high first); equal scores: more VRAM first, then name A-Z, then id.
RankedList rank(const Catalog& catalog, const RankingView& view, const Compat* compat = nullptr,
                const std::vector<std::string>* allowed_ids = nullptr);

// The "fits my model on N GPUs" filter: the ids of the cards of which
// view.fit_gpu_count hold `fit` (fits()); nullopt when view.fits_model is off.
std::optional<std::vector<std::string>> fit_filter_ids(const Catalog& catalog, const RankingView& view,
                                                       const FitResult& fit);
// The ranking tab's list: rank() with the fit filter computed from `fit` (the VRAM-fit
// inputs). The page and `gpuwise rank --fits-on N` both call this.
// `allowed_ids` (null: all) narrows the list further, as rank()'s does (the software gate).
RankedList rank_with_fit(const Catalog& catalog, const RankingView& view, const FitResult& fit,
                         const Compat* compat = nullptr, const std::vector<std::string>* allowed_ids = nullptr);

// One card against the filters of `view` (not allowed_ids). Unknown cuda/pytorch
// versions or a null compat make every card fail; rank() reports why.
bool passes_ranking_filters(const Gpu& gpu, const RankingView& view, const Compat* compat);

// The score as the page shows it: rounded to 0.1. format_score gives "87.3" or "–".
double display_score(double score);
std::string format_score(const std::optional<double>& score);

}  // namespace gpuwise
