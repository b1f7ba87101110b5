// gpuwise check (estimate/consistency.h) on the shipped data, and the measured-first cases
// issue 39 names: training order against Lambda's runs, bands that say what they rest on.
#include <catch2/catch.hpp>
#include <set>

#include "catalog/benchmarks.h"
#include "estimate/consistency.h"
#include "estimate/speed.h"
#include "estimate/train_anchors.h"
#include "estimate/training.h"
#include "test_support.h"

using namespace gpuwise;
using namespace gpuwise::test;

namespace {

const Gpu& card(const char* id) { return shipped_catalog().gpus[static_cast<std::size_t>(shipped_catalog().find(id))]; }

double train_speed(const char* id) {
  TrainInput in;  // 8B dense, BF16, one GPU
  return estimate_training(card(id), in, shipped_calibration()).tokens_per_s;
}

}  // namespace

TEST_CASE("gpuwise check: every class of five rows or more holds its aim on the shipped data", "[check]") {
  const ConsistencyReport report =
      check_consistency(shipped_catalog(), shipped_benchmarks(), shipped_calibration(), shipped_image_calibration());
  CHECK(report.unreadable.empty());
  CHECK(report.rows.size() > 1000);
  std::set<std::string> failing;
  for (const auto& c : failing_classes(report)) failing.insert(c.key);
  // Issue 39 is open on this one class: torchtitan's H100 FP8, 32K-context and 256-GPU runs
  // fall below the training estimate. When it holds its aim this line must go.
  CHECK(failing == std::set<std::string>{"torchtitan-h100-training/train"});
  const ConsistencyClass& all = report.classes.back();
  CHECK(all.key == "all");
  CHECK(all.median_ratio == Approx(1).margin(0.05));
  CHECK(all.within_band >= 0.9);
}

TEST_CASE("gpuwise check names a row with an unknown card or model, and does not compare it", "[check]") {
  Benchmarks b = shipped_benchmarks();
  MeasuredResult unknown_card = b.results.front();
  unknown_card.gpu_id = "no-such-card";
  MeasuredResult unknown_model = b.results.front();
  unknown_model.model = "no-such-model";
  unknown_model.phase = "decode";
  unknown_model.unit = "tokens_per_s";
  unknown_model.context = 512;
  b.results = {unknown_card, unknown_model};
  const ConsistencyReport report = check_consistency(shipped_catalog(), b, shipped_calibration(), shipped_image_calibration());
  REQUIRE(report.unreadable.size() == 2);
  CHECK(report.unreadable[0].reason.find("no-such-card") != std::string::npos);
  CHECK(report.unreadable[1].reason.find("no-such-model") != std::string::npos);
  CHECK(report.rows.empty());
}

TEST_CASE("a class that misses its median or band share fails the check", "[check]") {
  ConsistencyReport report;
  for (int i = 0; i < 5; ++i) {
    ConsistencyRow row;
    row.set = "s";
    row.phase = "decode";
    row.measured = 100;
    row.estimate = 130;  // 1.30: above 1.18
    row.low = 120;
    row.high = 140;
    report.rows.push_back(row);
  }
  report.classes.push_back({"s/decode", 5, 1.30, 0.0});
  report.classes.push_back({"few/decode", 4, 2.0, 0.0});  // fewer than five rows: shown, not held
  const auto failing = failing_classes(report);
  REQUIRE(failing.size() == 1);
  CHECK(failing[0].key == "s/decode");
}

TEST_CASE("training follows Lambda's measured runs: RTX 3090 over RTX A5000, RTX 3090 Ti at least the 3090", "[check][training]") {
  // Lambda measured the 3090 above the A5000 on the transformer workloads, although the
  // A5000's printed tensor rate is 1.56x the 3090's.
  CHECK(train_speed("rtx-3090") > train_speed("rtx-a5000"));
  CHECK(train_speed("rtx-3090-ti") >= train_speed("rtx-a5000"));
  CHECK(train_speed("rtx-3090-ti") >= train_speed("rtx-3090"));
  const TrainEstimate own = estimate_training(card("rtx-a5000"), TrainInput{}, shipped_calibration());
  CHECK(own.anchored);
  CHECK(own.source.pattern.find("Lambda") != std::string::npos);
  const TrainEstimate borrowed = estimate_training(card("rtx-3090-ti"), TrainInput{}, shipped_calibration());
  CHECK(borrowed.anchored);
  REQUIRE(borrowed.source.args.size() == 1);
  CHECK(borrowed.source.args[0] == "GeForce RTX 3090");
  // A card with its own LLM runs keeps its family's efficiency.
  CHECK_FALSE(estimate_training(card("h100-sxm5"), TrainInput{}, shipped_calibration()).anchored);
}

TEST_CASE("no anchor lifts a card's training efficiency above the ceiling of its full-rate peak", "[training]") {
  for (const Gpu& gpu : shipped_catalog().gpus) {
    const TrainEstimate e = estimate_training(gpu, TrainInput{}, shipped_calibration());
    if (!e.anchored) continue;
    INFO(gpu.id);
    CHECK(e.mfu <= kMaxAnchoredMfu * (half_rate_fp32_accumulate(gpu) ? 2 : 1) + 1e-9);
  }
}

TEST_CASE("a Pascal P100's llama.cpp band is not 'from measured runs'", "[speed][band]") {
  const Band p100 = speed_band(shipped_calibration(), Engine::llamacpp, card("tesla-p100-pcie-16gb"), "decode");
  CHECK_FALSE(p100.measured());
  CHECK(p100.class_key.find("Pascal not measured") != std::string::npos);
  CHECK(p100.low_ratio <= kUnmeasuredBandLow);
  CHECK(p100.high_ratio >= kUnmeasuredBandHigh);
  const Band ampere = speed_band(shipped_calibration(), Engine::llamacpp, card("rtx-3090"), "decode");
  CHECK(ampere.measured());
}

TEST_CASE("vision training rests on the card's own runs where it has them", "[training]") {
  const VisionTrainEstimate own =
      estimate_vision_training(card("rtx-3090"), "resnet50", "amp-fp16", shipped_calibration(), &shipped_benchmarks());
  CHECK(own.measured);
  CHECK(own.per_s > 0);
  const VisionTrainEstimate model =
      estimate_vision_training(card("rtx-3090-ti"), "resnet50", "amp-fp16", shipped_calibration(), &shipped_benchmarks());
  CHECK_FALSE(model.measured);
  CHECK(model.per_s > 0);
  CHECK(model.band.measured());
}
