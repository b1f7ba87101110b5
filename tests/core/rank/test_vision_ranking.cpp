// The CNN and RNN profiles rank by what the cards train, measured first (vision_ranking.h).
#include <catch2/catch.hpp>

#include <map>

#include "estimate/train_anchors.h"
#include "rank/speed_ranking.h"
#include "rank/vision_ranking.h"
#include "test_support.h"

using namespace gpuwise;
using namespace gpuwise::test;

namespace {

std::map<std::string, const RankedGpu*> by_id(const RankedList& list) {
  std::map<std::string, const RankedGpu*> out;
  for (const RankedGpu& row : list.rows) out[shipped_catalog().gpus[static_cast<std::size_t>(row.gpu_index)].id] = &row;
  return out;
}

RankedList shipped_vision(const char* profile) {
  RankingView view;
  view.profile = profile;
  return rank_view(shipped_catalog(), view, FitView{}, &shipped_calibration(), nullptr, nullptr, &shipped_benchmarks());
}

}  // namespace

TEST_CASE("the CNN profile never orders two measured cards against Lambda's runs", "[vision_ranking]") {
  const RankedList list = shipped_vision("cnn");
  REQUIRE(list.error.empty());
  REQUIRE(list.speed);
  CHECK(list.speed->unit == "images_per_s");
  CHECK(list.speed->measured >= 20);
  CHECK(list.weights.empty());
  // Every pair of cards with their own runs is in the order of those runs.
  std::vector<const RankedGpu*> measured;
  for (const RankedGpu& row : list.rows) {
    if (row.measured_rate) measured.push_back(&row);
  }
  REQUIRE(measured.size() >= 20);
  for (std::size_t i = 1; i < measured.size(); ++i) CHECK(*measured[i - 1]->tokens_per_s >= *measured[i]->tokens_per_s);
  const auto rows = by_id(list);
  // Lambda: ResNet-50 AMP, RTX 3090 801-ish images/s above the RTX A5000's 703.
  CHECK(*rows.at("rtx-3090")->tokens_per_s > *rows.at("rtx-a5000")->tokens_per_s);
  CHECK(rows.at("rtx-3090")->score > rows.at("rtx-a5000")->score);
}

TEST_CASE("a card without runs is scaled from the measured card most like it", "[vision_ranking]") {
  const RankedList list = shipped_vision("cnn");  // the rows point into it
  const auto rows = by_id(list);
  // The same chip with more memory reads as its measured sibling; a faster sibling above it.
  CHECK(*rows.at("h200-sxm")->tokens_per_s == Approx(*rows.at("h100-sxm5")->tokens_per_s).epsilon(0.05));
  CHECK_FALSE(rows.at("h200-sxm")->measured_rate);
  CHECK(*rows.at("rtx-3090-ti")->tokens_per_s >= *rows.at("rtx-3090")->tokens_per_s);
  CHECK(*rows.at("rtx-5090")->tokens_per_s > *rows.at("rtx-4090")->tokens_per_s);
  CHECK(*rows.at("gb200")->tokens_per_s < 1.5 * *rows.at("b200")->tokens_per_s);
  const VisionTrainEstimate e = estimate_vision_training(shipped_catalog().gpus[static_cast<std::size_t>(shipped_catalog().find("h200-sxm"))],
                                                         "resnet50", "amp-fp16", shipped_calibration(), &shipped_benchmarks(),
                                                         &shipped_catalog());
  CHECK(e.source.text().find("scaled from the measured") == 0);
}

TEST_CASE("the RNN profile ranks by GNMT's tokens/s, and the model filter still applies", "[vision_ranking]") {
  const RankedList rnn = shipped_vision("rnn");
  REQUIRE(rnn.speed);
  CHECK(rnn.speed->unit == "tokens_per_s");
  CHECK(rnn.speed->measured >= 20);
  RankingView view;
  view.profile = "cnn";
  view.fits_model = true;
  view.fit_gpu_count = 1;
  FitView seventy;
  seventy.preset = "custom";
  seventy.params_b = 70;
  seventy.precision = "bf16";
  seventy.mode = "inference";
  const RankedList big = rank_view(shipped_catalog(), view, seventy, &shipped_calibration(), nullptr, nullptr,
                                   &shipped_benchmarks());
  const auto rows = by_id(big);
  CHECK(rows.count("rtx-4090") == 0);  // 24 GB does not hold 140 GB of weights
  CHECK(rows.count("b200") == 1);
}
