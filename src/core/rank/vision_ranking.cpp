#include "rank/vision_ranking.h"

#include <algorithm>

#include "estimate/train_anchors.h"
#include "rank/ranking_scores.h"

namespace gpuwise {
namespace {

// Lambda's mixed-precision runs: the precision its buyers train at.
constexpr const char* kVisionPrecision = "amp-fp16";

}  // namespace

std::string vision_workload(const std::string& profile) {
  if (profile == "cnn") return "resnet50";
  if (profile == "rnn") return "gnmt";
  return "";
}

bool ranks_by_vision(const RankingView& view) { return view.metric.empty() && !vision_workload(view.profile).empty(); }

RankedList rank_by_vision(const Catalog& catalog, const RankingView& view, const FitResult& fit,
                          const SpeedCalibration& calibration,
                          const Benchmarks* benchmarks, const Compat* compat,
                          const std::vector<std::string>* allowed_ids) {
  // rank() applies the filters and reports a bad filter; its spec scores are replaced below.
  RankedList out = rank_with_fit(catalog, view, fit, compat, allowed_ids);
  if (!out.error.empty()) return out;
  out.weights.clear();
  out.best_values.clear();
  out.metric_values.clear();
  out.normalized.clear();
  out.scored_count = 0;
  const std::string workload = vision_workload(view.profile);
  SpeedBasis basis;
  basis.phase = "train";
  basis.unit = workload == "resnet50" ? "images_per_s" : "tokens_per_s";
  basis.gpus = 1;
  basis.model = workload == "resnet50"
                    ? TemplateText{I18N("ResNet-50 training, mixed precision (PyTorch), one GPU")}
                    : TemplateText{I18N("GNMT (an LSTM translation model) training, mixed precision (PyTorch), one GPU")};
  double fastest = 0;
  for (RankedGpu& row : out.rows) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row.gpu_index)];
    const VisionTrainEstimate e = estimate_vision_training(gpu, workload, kVisionPrecision, calibration, benchmarks, &catalog);
    row.missing_mask = 0;
    row.estimated_mask = 0;
    row.score.reset();
    row.tokens_per_s.reset();
    row.measured_rate = e.measured;
    row.known_weight_share = e.per_s > 0 ? 1 : 0;
    if (e.per_s > 0) {
      row.tokens_per_s = e.per_s;
      fastest = std::max(fastest, e.per_s);
      basis.measured += e.measured ? 1 : 0;
    }
  }
  for (RankedGpu& row : out.rows) {
    if (!row.tokens_per_s || fastest <= 0) continue;
    row.score = std::clamp(100.0 * *row.tokens_per_s / fastest, 0.0, 100.0);
    ++out.scored_count;
  }
  sort_ranked_rows(catalog, out.rows);  // unscored last: the card lacks a figure the estimate needs
  out.speed = std::move(basis);
  return out;
}

}  // namespace gpuwise
