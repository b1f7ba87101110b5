// The training estimate (training.h): the worked FLOPs and tokens/s, communication by the
// link between the GPUs, the efficiency of unmeasured architectures and vendors, bad
// input, and the accuracy and order against the public LLM training runs (issue 27 aims;
// docs/speed.md, "Training").
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "catalog/benchmarks.h"
#include "estimate/train_anchors.h"
#include "estimate/train_runs.h"
#include "estimate/training.h"
#include "test_support.h"

using namespace gpuwise;

using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_calibration;
using gpuwise::test::shipped_catalog;

namespace {

// 100 TFLOPS BF16 and FP16 tensor, 200 FP8, an SXM5 module (NVLink).
Gpu round_card() {
  Gpu gpu;
  gpu.id = "round";
  gpu.name = "Round";
  gpu.vendor = "NVIDIA";
  gpu.line = "datacenter";
  gpu.kind = "module";
  gpu.architecture = "Testwell";
  gpu.interface = "SXM5";
  gpu.vram_gb = 80;
  gpu.memory_bandwidth_gbs = 1000;
  gpu.fp32_tflops = 50;
  gpu.fp16_tensor_tflops = 100;
  gpu.bf16_tensor_tflops = 100;
  gpu.fp8_tensor_tflops = 200;
  return gpu;
}

TrainInput eight_b(int gpus = 1) {
  TrainInput in;
  in.params_b = in.active_params_b = 8;
  in.layers = 32;
  in.hidden_size = 4096;
  in.sequence_tokens = 4096;
  in.gpus = gpus;
  return in;
}

const Gpu& shipped(const std::string& id) {
  const int index = shipped_catalog().find(id);
  REQUIRE(index >= 0);
  return shipped_catalog().gpus[static_cast<std::size_t>(index)];
}

double per_gpu(const std::string& id, TrainInput in) {
  return estimate_training(shipped(id), in, shipped_calibration()).tokens_per_s_per_gpu;
}

}  // namespace

TEST_CASE("training FLOPs: 6 (8 with recompute) x active params + 12 (16) x layers x hidden x sequence", "[training]") {
  TrainInput in = eight_b();
  const double attention = 12.0 * 32 * 4096 * 4096;  // 6.44e9
  CHECK(train_flops_per_token(in) == Approx(6 * 8e9 + attention));
  in.recompute = true;  // the forward pass again: attention's forward products too
  CHECK(train_flops_per_token(in) == Approx(8 * 8e9 + attention * 16 / 12));
  in.recompute = false;
  in.active_params_b = 2;  // a mixture of experts: FLOPs follow the active part
  CHECK(train_flops_per_token(in) == Approx(6 * 2e9 + attention));
  in.params_b = in.active_params_b = std::nan("");
  CHECK(train_flops_per_token(in) == 0);
}

TEST_CASE("one GPU: MFU x peak over the FLOPs per token, the worked example", "[training]") {
  // MFU 0.4 (the round calibration's default), 100 TFLOPS BF16:
  // 0.4 × 100e12 / (48e9 + 6.44e9) = 734.8 tokens/s.
  const TrainEstimate e = estimate_training(round_card(), eight_b(), test::round_calibration());
  CHECK(e.mfu == Approx(0.4));
  CHECK(e.scaling == 1);
  CHECK(e.tokens_per_s == Approx(0.4 * 100e12 / (48e9 + 12.0 * 32 * 4096 * 4096)));
  CHECK(e.tokens_per_s == Approx(734.8).epsilon(0.001));
  CHECK(train_flops_per_s(round_card(), eight_b(), test::round_calibration()) == Approx(0.4 * 100e12));
  // FP8: the FP8 peak at the fallback FP8 share (0.8) of the BF16 MFU.
  TrainInput fp8 = eight_b();
  fp8.precision = TrainPrecision::fp8;
  CHECK(estimate_training(round_card(), fp8, test::round_calibration()).tokens_per_s ==
        Approx(0.4 * 0.8 * 200e12 / (48e9 + 12.0 * 32 * 4096 * 4096)));
}

TEST_CASE("several GPUs keep the share their link leaves them", "[training]") {
  const SpeedCalibration cal = test::round_calibration();
  // 8 GPUs over NVLink (SXM5, 450 GB/s a direction): communication / compute =
  // 7/8 × 40e12 / (450e9 × 8192) = 0.0095; 30 % of it stays exposed.
  const TrainEstimate nvlink = estimate_training(round_card(), eight_b(8), cal);
  const double r = 7.0 / 8 * 40e12 / (450e9 * 8192);
  CHECK(nvlink.scaling == Approx(1 / (1 + 0.3 * r)));
  CHECK(nvlink.link == "NVLink");
  CHECK(nvlink.tokens_per_s == Approx(8 * nvlink.scaling * 734.8).epsilon(0.001));
  // The same card on PCIe 4.0 x16 as a consumer board: 80 % of 31.5 GB/s, halved
  // without peer-to-peer: worse than NVLink.
  Gpu consumer = round_card();
  consumer.interface = "PCIe 4.0 x16";
  consumer.line = "geforce";
  const TrainEstimate pcie = estimate_training(consumer, eight_b(8), cal);
  const double r_pcie = 7.0 / 8 * 40e12 / (15.75 * 2 * 0.8 * 0.5 * 1e9 * 8192);
  CHECK(pcie.scaling == Approx(1 / (1 + 0.3 * r_pcie)));
  CHECK(pcie.link == "PCIe 4.0 x16, no peer-to-peer");
  CHECK(pcie.scaling < nvlink.scaling);
  // Two bridged cards talk over the NVLink bridge; a third crosses PCIe again.
  consumer.nvlink = true;
  CHECK(estimate_training(consumer, eight_b(2), cal).link == "NVLink bridge");
  CHECK(estimate_training(consumer, eight_b(4), cal).link == "PCIe 4.0 x16, no peer-to-peer");
  // More than a machine's 8: each GPU keeps 98 % more (torchtitan's 8 vs 128 H100).
  const TrainEstimate sixteen = estimate_training(round_card(), eight_b(16), cal);
  CHECK(sixteen.several_machines);
  CHECK(sixteen.scaling == Approx(nvlink.scaling * 0.98));
  // Separate machines (a unified-memory box) talk over 10 Gb Ethernet: far worse.
  Gpu box = round_card();
  box.kind = "system";
  box.interface = "SoC (unified memory)";
  const TrainEstimate boxes = estimate_training(box, eight_b(2), cal);
  CHECK(boxes.link == "10 Gb Ethernet between machines");
  CHECK(boxes.scaling < 0.5);
}

TEST_CASE("an architecture or vendor without runs never gets more than the measured ones", "[training]") {
  SpeedCalibration cal;
  cal.train.mfu["Measured/bf16"] = 0.5;
  cal.train.mfu["Other/bf16"] = 0.42;
  cal.train.mfu["default/NVIDIA/bf16"] = 0.42;
  cal.train.mfu["default/bf16"] = 0.21;
  cal.train.measured["Measured"] = {"NVIDIA", {"Card A"}, {"NeMo"}, 3};
  cal.train.bands["pytorch/NVIDIA/train"] = Band{0.8, 1.2, "pytorch/NVIDIA/train", 3};
  Gpu card = round_card();
  card.architecture = "Measured";
  const TrainEstimate measured = estimate_training(card, eight_b(), cal);
  CHECK(measured.measured);
  CHECK(measured.mfu == Approx(0.5));
  CHECK(measured.source.text() == "measured: NeMo on Card A (3 runs)");
  CHECK(measured.band.samples == 3);
  CHECK(measured.band.low_ratio == Approx(0.8));
  // A calibration file that gives a family's factor but not the runs behind it still says
  // where the figure comes from (fuzz_training found an empty source for such a file).
  card.architecture = "Other";
  const TrainEstimate unnamed = estimate_training(card, eight_b(), cal);
  CHECK(unnamed.measured);
  CHECK(unnamed.mfu == Approx(0.42));
  CHECK(unnamed.source.text() == "measured (Other)");
  // An NVIDIA architecture without runs: the lowest measured NVIDIA family, a wide band.
  card.architecture = "Unmeasured";
  const TrainEstimate nvidia = estimate_training(card, eight_b(), cal);
  CHECK_FALSE(nvidia.measured);
  CHECK(nvidia.mfu == Approx(0.42));
  CHECK(nvidia.band.samples == 0);
  CHECK(nvidia.band.low_ratio < 1);
  CHECK(nvidia.band.high_ratio > 1);
  CHECK(nvidia.source.text().find("not measured for this architecture") == 0);
  // Another vendor: the cautious default, said in the words the issue asks for.
  card.vendor = "Newcomer";
  const TrainEstimate other = estimate_training(card, eight_b(), cal);
  CHECK(other.mfu == Approx(0.21));
  CHECK(other.mfu < measured.mfu);
  CHECK(other.source.text() == "not measured for this vendor (Newcomer): 50 % of the lowest measured efficiency");
  CHECK(other.band.high_ratio >= 2);
  // No BF16 tensor cores (Volta, Turing): FP16 with loss scaling, no FlashAttention-2.
  card = round_card();
  card.architecture = "Measured";
  card.bf16_tensor_tflops.reset();
  const TrainEstimate old = estimate_training(card, eight_b(), cal);
  CHECK(old.lacks_bf16_flash);
  CHECK(old.mfu == Approx(0.5 * 0.75));
  CHECK(old.peak_tflops == 100);  // the FP16 tensor peak
}

TEST_CASE("no card's training efficiency reads above its peak (GeForce against its full rate)", "[training]") {
  for (const Gpu& gpu : shipped_catalog().gpus) {
    for (TrainPrecision p : {TrainPrecision::bf16, TrainPrecision::fp16}) {
      TrainInput in = eight_b();
      in.precision = p;
      const TrainEstimate e = estimate_training(gpu, in, shipped_calibration());
      if (!(e.tokens_per_s > 0)) continue;
      INFO(gpu.id << " " << train_precision_key(p));
      CHECK(e.mfu <= kMaxAnchoredMfu + 1e-9);
      CHECK(e.tokens_per_s_per_gpu * e.flops_per_token <= e.peak_tflops * 1e12);
    }
  }
  // An RTX 3090's speed is unchanged by how it is stated: MFU × full-rate peak (142 TFLOPS).
  const TrainEstimate rtx = estimate_training(shipped("rtx-3090"), eight_b(), shipped_calibration());
  CHECK(rtx.peak_tflops == Approx(2 * *shipped("rtx-3090").bf16_tensor_tflops));
  CHECK(rtx.tokens_per_s == Approx(rtx.mfu * rtx.peak_tflops * 1e12 / rtx.flops_per_token));
}

TEST_CASE("bad training input gives 0 tokens/s and a reason, never NaN", "[training]") {
  const SpeedCalibration cal = test::round_calibration();
  TrainInput in = eight_b();
  in.precision = TrainPrecision::fp8;
  Gpu no_fp8 = round_card();
  no_fp8.fp8_tensor_tflops.reset();
  const TrainEstimate e = estimate_training(no_fp8, in, cal);
  CHECK(e.tokens_per_s == 0);
  CHECK(e.missing.text() == "Round has no FP8 tensor cores");
  in = eight_b(0);
  CHECK(estimate_training(round_card(), in, cal).tokens_per_s == 0);
  in = eight_b();
  in.params_b = in.active_params_b = std::numeric_limits<double>::infinity();
  in.layers = -3;
  const TrainEstimate inf = estimate_training(round_card(), in, cal);
  CHECK(std::isfinite(inf.tokens_per_s));
  CHECK(inf.tokens_per_s == 0);
}

TEST_CASE("RTX Blackwell (sm_12x) is its own, unmeasured training family: the B200's runs do not speak for it",
          "[training][calibration]") {
  // Every measured Blackwell run is a B200/B300/GB200/GB300 (compute capability 10.x);
  // borrowing their MFU made 8x RTX PRO 4000 Blackwell the cheapest way to train 8B.
  const TrainEstimate b200 = estimate_training(shipped("b200"), eight_b(8), shipped_calibration());
  CHECK(b200.measured);
  CHECK(b200.family == "Blackwell");
  for (const char* id : {"rtx-pro-4000-blackwell", "rtx-pro-6000-blackwell", "rtx-5090", "dgx-spark"}) {
    INFO(id);
    const TrainEstimate rtx = estimate_training(shipped(id), eight_b(8), shipped_calibration());
    CHECK_FALSE(rtx.measured);
    CHECK(rtx.family == "Blackwell RTX (sm_12x)");
    CHECK(rtx.source.text().find("not measured for this architecture (Blackwell RTX (sm_12x))") == 0);
    CHECK(rtx.mfu <= b200.mfu);
    CHECK(rtx.band.high_ratio >= 1.5);
  }
}

TEST_CASE("the shipped training calibration: measured families, floors, bands", "[training][calibration]") {
  const TrainCalibration& cal = shipped_calibration().train;
  for (const char* key : {"Ampere/bf16", "Hopper/bf16", "Hopper/fp8", "Blackwell/fp8"}) {
    INFO(key);
    REQUIRE(cal.mfu.count(key) == 1);
    CHECK(cal.mfu.at(key) > 0.2);
    CHECK(cal.mfu.at(key) < 0.7);
  }
  // The floors lie at or below every measured family's 16-bit efficiency.
  for (const auto& [key, value] : cal.mfu) {
    if (key.rfind("default", 0) == 0 || key.find("/bf16") == std::string::npos) continue;
    CHECK(cal.mfu.at("default/NVIDIA/bf16") <= value + 1e-9);
    CHECK(cal.mfu.at("default/bf16") < value);
  }
  // BF16 and FP8 apart: FP8's speed-up depends on the stack (its own class).
  const Band& nvidia = cal.bands.at("pytorch/NVIDIA/train");
  CHECK(nvidia.samples >= 20);
  CHECK(cal.bands.at("pytorch/NVIDIA/train-fp8").samples >= 20);
  CHECK(nvidia.low_ratio <= 1);
  CHECK(nvidia.high_ratio >= 1);
  CHECK(nvidia.high_ratio < 1.5);
  CHECK(cal.measured.at("Hopper").runs >= 20);
  // FP8's gain comes from runs one source made at both precisions in one configuration:
  // torchtitan's 8B on 8 and on 128 H100s, 1.28x and 1.29x the tokens/s, so an MFU (of
  // twice the peak) 0.64 to 0.65 of BF16's. Mixing stacks (NeMo FP8 over LLM Foundry
  // BF16) gave 0.58, FP8 barely faster than BF16.
  CHECK(cal.fp8_share == Approx(0.645).margin(0.01));
  // The shipped file round-trips through its JSON.
  TrainCalibration back;
  std::vector<CatalogIssue> issues;
  load_train_calibration(train_calibration_to_json(cal), back, issues);
  CHECK(issues.empty());
  CHECK(back.mfu == cal.mfu);
  CHECK(back.bands.size() == cal.bands.size());
}

TEST_CASE("training estimates match the measured LLM runs (issue 27 aim: median within 20 %)", "[training][calibration]") {
  const std::vector<SpeedCheck> checks = check_speed(shipped_catalog(), shipped_benchmarks());
  auto find = [&](const std::string& set, const std::string& held) {
    for (const SpeedCheck& c : checks) {
      if (c.set == set && c.phase == "train" && c.held_out == held) return c;
    }
    FAIL("no check for " + set + " " + held);
    return SpeedCheck{};
  };
  for (const char* held : {"in-sample", "leave-one-card-out"}) {
    INFO(held);
    const SpeedCheck all = find("llm-training", held);
    CHECK(all.n >= 70);
    CHECK(all.median_abs_error_pct <= 20);
    CHECK(all.spearman_pooled >= 0.9);
    const SpeedCheck dense = find("llm-training dense", held);
    CHECK(dense.median_abs_error_pct <= 15);
    CHECK(find("llm-training Ampere", held).median_abs_error_pct <= 15);
  }
  // Mixtures of experts miss the aim: recipes differ more than cards (NeMo's B200 and B300
  // runs of Qwen3-30B-A3B in one table: 9,691 vs 29,521 tokens/s per GPU). docs/speed.md.
  CHECK(find("llm-training moe", "in-sample").median_abs_error_pct <= 40);
  // Lambda's CNN / speech sets order the cards by the training FLOP/s (issue 11's aim
  // 0.93; v0 held out reaches 0.926 since the efficiencies come from LLM runs: docs/speed.md).
  CHECK(find("lambda-pytorch-train-v1v2", "in-sample").spearman >= 0.95);
  CHECK(find("lambda-pytorch-train-v1v2", "leave-one-set-out").spearman >= 0.95);
  CHECK(find("lambda-pytorch-train-v0", "in-sample").spearman >= 0.92);
  CHECK(find("lambda-pytorch-train-v0", "leave-one-set-out").spearman >= 0.92);
  for (const char* set : {"lambda-pytorch-train-v0", "lambda-pytorch-train-v1v2"}) {
    CHECK(find(set, "leave-one-set-out").median_abs_error_pct <= 20);
  }
}

TEST_CASE("the order of measured cards and of the buyer's pairs is right", "[training][calibration]") {
  const std::vector<TrainOrderCheck> pairs = check_train_order(shipped_catalog(), shipped_benchmarks());
  int right = 0, wrong = 0, dense_wrong = 0;
  for (const TrainOrderCheck& p : pairs) {
    right += p.right;
    const bool is_wrong = !p.right && !p.tie;
    wrong += is_wrong;
    const bool moe = p.workload.find("gpt-oss") != std::string::npos || p.workload.find("qwen3") != std::string::npos ||
                     p.workload.find("deepseek") != std::string::npos;
    if (!moe) dense_wrong += is_wrong;
    // A tie only between cards of one family with the same printed peak.
    if (p.tie) {
      INFO(p.workload << ": " << p.faster_id << " vs " << p.slower_id);
      CHECK(efficiency_family(shipped(p.faster_id)) == efficiency_family(shipped(p.slower_id)));
    }
    // H100 over A100 wherever both were measured, also with each card held out.
    if (p.faster_id == "h100-sxm5" && p.slower_id.rfind("a100", 0) == 0) {
      CHECK(p.right);
      CHECK(p.held_out_right);
    }
  }
  CHECK(pairs.size() >= 60);
  CHECK(right >= 50);
  CHECK(wrong <= 2);
  CHECK(dense_wrong == 0);
  // 8B in BF16 on a node of 8: H100 > A100 > V100; B200 > H100; AMD and Intel cards
  // without runs stay below the measured NVIDIA card of their class.
  const TrainInput node = eight_b(8);
  CHECK(per_gpu("h100-sxm5", node) > per_gpu("a100-sxm4-80gb", node));
  CHECK(per_gpu("a100-sxm4-80gb", node) > per_gpu("tesla-v100-sxm2-32gb", node));
  CHECK(per_gpu("b200", node) > per_gpu("h100-sxm5", node));
  CHECK(per_gpu("h200-sxm", node) > per_gpu("mi300x", node));
  CHECK(per_gpu("rtx-5080", eight_b()) > per_gpu("rx-9070-xt", eight_b()));
  CHECK(per_gpu("rtx-4090", node) > per_gpu("arc-pro-b70", node));
  // Public FSDP runs of 8B measure about 6,500 (H100 at a 500 W limit) and 3,000 (A100)
  // tokens/s per GPU; the estimate lands within 20 % of both.
  TrainInput eight_k = eight_b(8);
  eight_k.sequence_tokens = 8192;
  CHECK(per_gpu("a100-sxm4-80gb", eight_k) == Approx(2973).epsilon(0.2));
  const double full_power = per_gpu("h100-sxm5", eight_k);
  eight_k.power_limit_w = 500;
  CHECK(per_gpu("h100-sxm5", eight_k) == Approx(6514).epsilon(0.2));
  // The limit lowers the clock by the cube root of the power share: 500 of 700 W, 0.89.
  CHECK(per_gpu("h100-sxm5", eight_k) / full_power == Approx(std::cbrt(500.0 / 700)).epsilon(0.01));
}

TEST_CASE("a card's measured training runs come beside its estimate: the job's model first, newest first",
          "[training]") {
  const Benchmarks& b = test::shipped_benchmarks();
  const auto h100 = measured_training_of(b, "h100-sxm5", "llama-3-8b");
  REQUIRE(h100.size() == 3);
  for (const MeasuredResult* r : h100) {
    CHECK(r->gpu_id == "h100-sxm5");
    CHECK(r->model == "llama-3-8b");
    CHECK(r->phase == "train");
    CHECK_FALSE(r->source.empty());
  }
  CHECK(h100[0]->date >= h100[2]->date);
  // A model the card has no run of: its other runs, still its own.
  const auto other = measured_training_of(b, "a100-sxm4-80gb", "qwen3-30b-a3b", 10);
  REQUIRE_FALSE(other.empty());
  for (const MeasuredResult* r : other) CHECK(r->gpu_id == "a100-sxm4-80gb");
  CHECK(measured_training_of(b, "no-such-card", "llama-3-8b").empty());
}
