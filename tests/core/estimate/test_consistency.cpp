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
  CHECK(failing.empty());
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

TEST_CASE("measured first for llama.cpp: a card's own runs of a model set its estimate of that model", "[check][speed]") {
  // The P100 SXM2's one decode run (gpt-oss-20b, MXFP4: 52.8 tokens/s, llama.cpp PR 15178)
  // is what its estimate of that model rests on; the P100 PCIe follows it (sm_60).
  SpeedInput in = speed_input(*speed_model_from_preset("gpt-oss-20b"), SpeedRun{});
  in.quant = "mxfp4";
  in.context = 64;
  const SpeedEstimate sxm2 = estimate_speed(card("tesla-p100-sxm2-16gb"), in, shipped_calibration());
  CHECK(sxm2.decode_tokens_per_s == Approx(52.8).epsilon(0.03));
  // Llama 3 8B on the P100 PCIe: the sm_60 share, far below the default family's 84 tokens/s.
  const SpeedEstimate pcie = estimate_speed(card("tesla-p100-pcie-16gb"),
                                            speed_input(*speed_model_from_preset("llama-3-8b"), SpeedRun{}), shipped_calibration());
  CHECK(pcie.decode_tokens_per_s < 40);
  // Qwen3-30B-A3B on an RTX 4090 within 20 % of the public Q4_0 runs (163.5 and 160.9).
  SpeedInput moe = speed_input(*speed_model_from_preset("qwen3-30b-a3b"), SpeedRun{});
  moe.quant = "q4_k_m";
  moe.context = 64;
  const double qwen = estimate_speed(card("rtx-4090"), moe, shipped_calibration()).decode_tokens_per_s;
  CHECK(qwen > 0.8 * 163.5);
  CHECK(qwen < 1.2 * 163.5);
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
  // sm_60 has one or two runs (the P100 SXM2's): too few to speak for the NVIDIA class.
  const Band p100 = speed_band(shipped_calibration(), Engine::llamacpp, card("tesla-p100-pcie-16gb"), "decode");
  CHECK_FALSE(p100.measured());
  CHECK(p100.class_key.find("Pascal sm_60 not measured") != std::string::npos);
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
