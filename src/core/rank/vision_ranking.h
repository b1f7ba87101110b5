// The CNN and RNN profiles ranked by what the cards train: measured first, Lambda's
// PyTorch runs of ResNet-50 (images/s) and GNMT (tokens/s) at mixed precision where the
// card has them, the training model's estimate of that workload otherwise
// (estimate_vision_training, estimate/train_anchors.h). Score = 100 × rate / the fastest.
// Two cards with measured runs are never ordered against them. docs/ranking.md.
#pragma once
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/compat.h"
#include "estimate/speed.h"
#include "estimate/vram_fit.h"
#include "rank/ranking.h"

namespace gpuwise {

// The profile's measured workload ("resnet50" for cnn, "gnmt" for rnn); empty for another.
std::string vision_workload(const std::string& profile);
// True for the profiles ranked by a measured workload when no single metric is chosen.
bool ranks_by_vision(const RankingView& view);

// The cards passing `view`'s filters by the workload's training rate on one GPU:
// RankedList::speed says the workload, its unit ("images/s") and how many rates are measured.
// `fit`: the "fits my model" filter's model (view.fits_model), as the weighted profiles take it.
RankedList rank_by_vision(const Catalog& catalog, const RankingView& view, const FitResult& fit,
                          const SpeedCalibration& calibration,
                          const Benchmarks* benchmarks, const Compat* compat = nullptr,
                          const std::vector<std::string>* allowed_ids = nullptr);

}  // namespace gpuwise
