// An endpoint's capacity (serving.h): the batch the memory and the per-user speed floor
// allow, the generated tokens/s with the prompts paid for, the class of its band, and how
// close the estimate comes to the public serving runs (issue 27; docs/speed.md).
#include <catch2/catch.hpp>

#include <cmath>

#include "estimate/serving.h"
#include "test_support.h"

using namespace gpuwise;

using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_calibration;
using gpuwise::test::shipped_catalog;

namespace {

// 80 GB, 1000 GB/s, 100 TFLOPS FP16 / BF16 tensor, no power cap to speak of.
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
  gpu.tdp_w = 100000;
  return gpu;
}

SpeedInput eight_b_bf16(int context = 4096) {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  in.quant = "bf16";
  in.context = context;
  return in;
}

}  // namespace

TEST_CASE("a replica holds the batch its memory allows and each user keeps the speed floor", "[serving]") {
  const SpeedCalibration cal = test::round_calibration();
  const Gpu gpu = round_card();
  const ServeCapacity c = serve_capacity(gpu, eight_b_bf16(), cal);
  REQUIRE(c.fits);
  REQUIRE(c.max_concurrent > 1);
  // The memory: the batch fits, one more request does not (or vLLM's 256 is reached).
  SpeedInput in = eight_b_bf16();
  in.concurrent = c.max_concurrent;
  CHECK(estimate_speed(gpu, in, cal).fits);
  if (c.max_concurrent < kServeMaxBatch) {
    in.concurrent = c.max_concurrent + 1;
    CHECK_FALSE(estimate_speed(gpu, in, cal).fits);
  }
  // The speed: every request of the batch decodes at the floor or above.
  CHECK(c.concurrent <= c.max_concurrent);
  CHECK(c.tokens_per_s_per_request >= kServeMinTokensPerRequest);
  // Generated tokens/s pay for one prompt token each at the prefill rate:
  // 1 / (1 / decode tokens/s at the batch + 1 / prefill tokens/s).
  in.concurrent = c.concurrent;
  const SpeedEstimate e = estimate_speed(gpu, in, cal);
  CHECK(c.tokens_per_s == Approx(1 / (1 / e.decode_total_tokens_per_s + 1 / c.prefill_tokens_per_s)));
  CHECK(c.tokens_per_s == Approx(c.tokens_per_s_per_request * c.concurrent));
  // A higher floor takes fewer requests at once.
  const ServeCapacity strict = serve_capacity(gpu, eight_b_bf16(), cal, kServeMaxBatch, 20);
  CHECK(strict.concurrent < c.concurrent);
  CHECK(strict.tokens_per_s_per_request >= 20);
  // The batch limit of the engine caps the batch.
  CHECK(serve_capacity(gpu, eight_b_bf16(), cal, 4, 0).concurrent == 4);
}

TEST_CASE("a card too slow for one user, or too small for the model, serves no one", "[serving]") {
  const SpeedCalibration cal = test::round_calibration();
  Gpu slow = round_card();
  slow.memory_bandwidth_gbs = 50;  // 16 GB of weights a token at 25 GB/s: under 2 tokens/s
  const ServeCapacity c = serve_capacity(slow, eight_b_bf16(), cal);
  CHECK(c.fits);
  CHECK(c.too_slow);
  Gpu small = round_card();
  small.vram_gb = 8;
  const ServeCapacity none = serve_capacity(small, eight_b_bf16(), cal);
  CHECK_FALSE(none.fits);
  CHECK(none.max_concurrent == 0);
  CHECK(none.tokens_per_s == 0);
}

TEST_CASE("a serving estimate's band: its engine and vendor's, or a wide one of our own", "[serving]") {
  const Gpu gpu = round_card();
  CHECK(serve_class_key(gpu, "bf16") == "vllm/NVIDIA/serve");
  CHECK(serve_class_key(gpu, "int4-awq") == "vllm/NVIDIA/serve");
  CHECK(serve_class_key(gpu, "q4_k_m") == "llamacpp/NVIDIA/serve");
  const Band unmeasured = serve_band(gpu, "q4_k_m", shipped_calibration());
  CHECK_FALSE(unmeasured.measured());
  CHECK(unmeasured.low_ratio < 1);
  CHECK(unmeasured.high_ratio > 1);
  const Band vllm = serve_band(gpu, "bf16", shipped_calibration());
  CHECK(vllm.measured());
  CHECK(vllm.samples >= 10);
  CHECK(vllm.low_ratio <= 1);
  CHECK(vllm.high_ratio >= 1);
}

TEST_CASE("serving estimates against the public serving runs (never fitted on them)", "[serving][calibration]") {
  const std::vector<SpeedCheck> checks = check_speed(shipped_catalog(), shipped_benchmarks());
  auto find = [&](const std::string& set) {
    for (const SpeedCheck& c : checks) {
      if (c.set == set && c.phase == "serve") return c;
    }
    FAIL("no serving check " + set);
    return SpeedCheck{};
  };
  const SpeedCheck all = find("serving");
  CHECK(all.n >= 20);
  CHECK(all.held_out == "not fitted");
  CHECK(all.median_abs_error_pct <= 25);
  const SpeedCheck nvidia = find("serving vllm/NVIDIA/serve");
  CHECK(nvidia.n >= 10);
  CHECK(nvidia.median_abs_error_pct <= 20);
  CHECK(nvidia.spearman_pooled >= 0.8);
  // The H100 and A100 runs of Llama 3 8B in BF16 (vLLM 0.6, 256 requests at once).
  const std::vector<ServeCheckRow> rows = check_serving_rows(shipped_catalog(), shipped_benchmarks(), shipped_calibration());
  int compared = 0;
  for (const ServeCheckRow& r : rows) {
    if (r.row->model == "llama-3-8b" && r.row->precision == "bf16" && r.row->batch == 256) {
      CHECK(r.predicted == Approx(r.row->value).epsilon(0.25));
      ++compared;
    }
  }
  CHECK(compared >= 3);
}
