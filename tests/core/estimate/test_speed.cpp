// The speed model (speed.h): hand-worked decode / prefill figures, MoE and
// multi-GPU rules, agreement with vram_fit, bad input, and the calibration's accuracy
// against the measured sets (the aims of issue 11; docs/speed.md).
#include <catch2/catch.hpp>

#include <cmath>

#include "catalog/benchmarks.h"
#include "estimate/speed.h"
#include "estimate/training.h"
#include "test_support.h"

using namespace gpuwise;

using gpuwise::test::read_source_file;
using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_catalog;

namespace {

// A round-number card: 1000 GB/s, 100 TFLOPS FP16 tensor (datacenter: no accumulate doubling).
Gpu round_card() {
  Gpu gpu;
  gpu.id = "round";
  gpu.name = "Round";
  gpu.vendor = "NVIDIA";
  gpu.line = "datacenter";
  gpu.architecture = "Testwell";
  gpu.vram_gb = 80;
  gpu.memory_bandwidth_gbs = 1000;
  gpu.fp32_tflops = 50;
  gpu.fp16_tensor_tflops = 100;
  gpu.tdp_w = 100000;  // no power cap to speak of
  return gpu;
}


}  // namespace

TEST_CASE("decode reads the active weights at their real bits plus the KV cache", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  in.quant = "q4_k_m";
  in.context = 4096;
  const SpeedEstimate e = estimate_speed(round_card(), in, test::round_calibration());
  CHECK(e.engine == "llamacpp");  // a GGUF quantisation: llama.cpp
  // A token reads the layers and the output head, not the embedding table (a row lookup):
  // (8.03e9 − 2 × 128256 × 4096 + 128256 × 4096) × 4.85 / 8 = 4.549e9 B of weights;
  // KV 2 × 32 × 8 × 128 × 2 B × 4096 = 0.537e9 B.
  const double embedding = 128256.0 * 4096;
  const double bytes = (8.03e9 - embedding) * 4.85 / 8 + 2.0 * 32 * 8 * 128 * 2 * 4096;
  CHECK(e.bytes_per_token_gb == Approx(bytes / 1e9));
  CHECK(e.decode_tokens_per_s == Approx(500e9 / bytes));  // 0.5 × 1000 GB/s: 98.3 tokens/s
  // Prefill: 0.4 × 100 TFLOPS over the layers' 2 × (8.03e9 − 2 × embedding) FLOPs + attention
  // 4 × 4 × 32 × 4096 × 2048 per token (the output head runs for the last token only).
  const double flops = 2 * (8.03e9 - 2 * embedding) + kAttentionCostFactor * 4.0 * 32 * 4096 * 2048;
  const double peak = 1 / (1 / 100.0 + 1 / (kTflopsPerWatt * 100000));
  CHECK(e.prefill_tokens_per_s == Approx(0.4 * peak * 1e12 / flops));
  CHECK(e.time_to_first_token_s == Approx(4096 / e.prefill_tokens_per_s));
  CHECK(e.fits);
  CHECK(!e.family_calibrated);
}

TEST_CASE("the fit agrees with vram_fit at the same precision", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-70b");
  in.quant = "bf16";
  in.context = 8192;
  FitView view = apply_preset(FitView{}, "llama-3-70b");
  view.precision = "bf16";
  view.context = 8192;
  const FitResult fit = fit_model(view);
  CHECK(fit.engine == "vllm");  // bf16 runs on vLLM in both
  for (int gpus : {1, 2, 4}) {
    in.gpu_count = gpus;
    const SpeedEstimate e = estimate_speed(round_card(), in, test::round_calibration());
    CHECK(e.needed_gb == Approx(per_gpu_need_gb(fit, gpus)));
    CHECK(e.usable_gb == Approx(usable_vram_gb(round_card(), fit.usable_share)));
    CHECK(e.fits == fits(round_card(), fit, gpus));
  }
  in.gpu_count = 1;
  const SpeedEstimate one = estimate_speed(round_card(), in, test::round_calibration());
  CHECK(one.lacks_gb == Approx(one.needed_gb - usable_vram_gb(round_card(), kVllmMemoryUtilization)));
}

TEST_CASE("mixture of experts: total params decide memory, active params speed", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("mixtral-8x7b");
  in.quant = "q4_k_m";
  in.context = 1024;
  REQUIRE(in.model.active_params_b == Approx(12.9));
  const SpeedEstimate moe = estimate_speed(round_card(), in, test::round_calibration());
  CHECK(moe.needed_gb > 46.7 * 4.85 / 8);
  const double kv = 2.0 * 32 * 8 * 128 * 2 * 1024;
  // The active layers (12.9e9 less the 32000 x 4096 embeddings and head) plus the head.
  CHECK(moe.decode_tokens_per_s == Approx(500e9 / ((12.9e9 - 32000.0 * 4096) * 4.85 / 8 + kv)));
  for (const char* id : {"deepseek-v3", "qwen3-30b-a3b", "qwen3-235b-a22b", "gpt-oss-20b", "gpt-oss-120b"}) {
    INFO(id);
    const auto model = speed_model_from_preset(id);
    REQUIRE(model);
    CHECK(model->active_params_b < model->params_b / 3);
    CHECK(model->max_context >= 32768);
  }
}

TEST_CASE("several GPUs: llama.cpp runs layers one after another, vLLM splits every layer", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  in.context = 2048;
  SpeedCalibration cal = test::round_calibration();
  cal.llamacpp_handover_s = 100e-6;
  const SpeedEstimate one = estimate_speed(round_card(), in, cal);
  in.gpu_count = 4;
  const SpeedEstimate four = estimate_speed(round_card(), in, cal);
  // Layer split: the same bytes at one card's bandwidth at a time, plus three hand-overs.
  CHECK(1 / four.decode_tokens_per_s == Approx(1 / one.decode_tokens_per_s + 3 * 100e-6));
  CHECK(four.needed_gb < one.needed_gb);
  in.quant = "bf16";
  in.engine = "vllm";
  in.gpu_count = 1;
  const SpeedEstimate tp1 = estimate_speed(round_card(), in, cal);
  in.gpu_count = 4;
  const SpeedEstimate tp4 = estimate_speed(round_card(), in, cal);
  CHECK(tp4.engine == "vllm");
  CHECK(tp4.effective_bandwidth_gbs == Approx(4 * tp1.effective_bandwidth_gbs));
  // A quarter of the reads, plus 2 all-reduces per layer over PCIe 4.0 x16 (no interface
  // given: 25 µs each and 2 × 3/4 × 4096 × 2 B at 25.2 GB/s).
  const double reads = 1 / tp1.decode_tokens_per_s / 4;
  const double reduce = 2 * 32 * (25e-6 + 1.5 * 4096 * 2 / 25.216e9);
  CHECK(1 / tp4.decode_tokens_per_s == Approx(reads + reduce));
}

TEST_CASE("unified memory: the GPU's share of the machine's RAM decides the fit", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-70b");
  in.quant = "q4_k_m";
  in.context = 4096;
  Gpu small = round_card();
  small.vram_gb = 8;
  CHECK(!estimate_speed(small, in, test::round_calibration()).fits);
  in.unified_memory_gb = 128;
  const SpeedEstimate e = estimate_speed(small, in, test::round_calibration());
  CHECK(e.usable_gb == Approx(128 * kUnifiedGpuShare));
  CHECK(e.fits);
}

TEST_CASE("many concurrent requests turn decode compute-bound", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  in.context = 512;
  in.concurrent = 1024;
  const SpeedEstimate e = estimate_speed(round_card(), in, test::round_calibration());
  // 1024 × 2 × 7.5e9 FLOPs (layers and head) at 0.4 × ~99.9 TFLOPS is slower than reading
  // the weights and 1024 caches once.
  const double flops = speed_roofline(round_card(), in).decode_flops_per_token;
  CHECK(flops == Approx(2 * (8.03e9 - 128256.0 * 4096)));
  CHECK(e.decode_total_tokens_per_s == Approx(e.effective_tflops * 1e12 / flops));
  CHECK(e.decode_tokens_per_s == Approx(e.decode_total_tokens_per_s / 1024));
}

TEST_CASE("bad speed input names the field", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  CHECK(check_speed_input(in).empty());
  in.context = 9000;
  CHECK(check_speed_input(in).find("beyond llama-3-8b's limit of 8192") != std::string::npos);
  in.context = 4096;
  in.quant = "q2_xs";
  CHECK(check_speed_input(in).find("quantisation 'q2_xs'") != std::string::npos);
  in.quant = "Q4_K_M";
  CHECK(check_speed_input(in).empty());
  CHECK(find_quantisation("f16")->id == "fp16");
  in.model.active_params_b = 9;
  CHECK(check_speed_input(in).find("active_params_b") == 0);
  in.model.active_params_b = 8;
  in.gpu_count = 0;
  CHECK(check_speed_input(in).find("gpus") == 0);
  // Bad input never yields NaN.
  in.gpu_count = 1;
  in.model.params_b = std::nan("");
  const SpeedEstimate e = estimate_speed(round_card(), in, test::round_calibration());
  CHECK(e.decode_tokens_per_s == 0);
  CHECK(!e.fits);
}

TEST_CASE("Spearman's rank correlation, ties averaged", "[speed]") {
  CHECK(spearman({1, 2, 3, 4}, {10, 20, 30, 40}) == Approx(1));
  CHECK(spearman({1, 2, 3, 4}, {4, 3, 2, 1}) == Approx(-1));
  CHECK(spearman({1, 2, 2, 3}, {1, 2, 3, 4}) == Approx(0.9486832981));
  CHECK(spearman({1, 2}, {1, 2}) == 0);
}

TEST_CASE("the shipped calibration is what the fit on benchmarks.json gives", "[speed][calibration]") {
  std::vector<CatalogIssue> issues;
  const SpeedCalibration shipped = load_speed_calibration(read_source_file("data/speed_calibration.json"), issues);
  CHECK(issues.empty());
  const json fitted = speed_calibration_to_json(calibrate_speed(shipped_catalog(), shipped_benchmarks()));
  CHECK(dump_json(speed_calibration_to_json(shipped), 2) == dump_json(fitted, 2));
}

// The page shows data/speed_check.json instead of refitting in the browser: it must be
// what the check gives on the shipped data (`gpuwise speed --check --json`).
TEST_CASE("the shipped speed_check.json is what the check on benchmarks.json gives", "[speed][calibration]") {
  const std::string shipped = read_source_file("data/speed_check.json");
  const auto checks = check_speed(shipped_catalog(), shipped_benchmarks());
  json expected = speed_checks_to_json(checks);
  expected["training_order"] = train_order_to_json(check_train_order(shipped_catalog(), shipped_benchmarks()));
  CHECK(dump_json(json::parse(shipped), 2) == dump_json(expected, 2));
  std::vector<CatalogIssue> issues;
  const std::vector<SpeedCheck> loaded = load_speed_checks(shipped, issues);
  CHECK(issues.empty());
  REQUIRE(loaded.size() == checks.size());
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    CHECK(loaded[i].set == checks[i].set);
    CHECK(loaded[i].median_abs_error_pct == Approx(checks[i].median_abs_error_pct).margin(0.05));
    CHECK(loaded[i].points.size() == (speed_check_plotted(checks[i]) ? checks[i].points.size() : 0));
  }
  // A broken file is refused row by row, never a crash.
  CHECK(load_speed_checks("{\"schema_version\": 1, \"checks\": [{\"set\": 3}]}", issues).empty());
  REQUIRE_FALSE(issues.empty());
  CHECK(issues.front().row == "checks #1");
}

// The figures docs/speed.md quotes; a change to the model or the data that makes them
// worse fails here. Aims of issue 11 where reached, else the reached figure (see docs).
TEST_CASE("estimates match the measured sets (issue 11 aims)", "[speed][calibration]") {
  const auto checks = check_speed(shipped_catalog(), shipped_benchmarks());
  auto find = [&](const std::string& set, const std::string& phase, const std::string& held) {
    for (const auto& c : checks) {
      if (c.set == set && c.phase == phase && c.held_out == held) return c;
    }
    FAIL("no check for " + set + " " + phase + " " + held);
    return SpeedCheck{};
  };
  for (const char* held : {"in-sample", "leave-one-card-out"}) {
    INFO(held);
    // Issue 27: llama.cpp on 2 to 8 GPUs (layer split) within a median 20 % (decode) and
    // 30 % (prompt processing), in sample and with the card held out.
    const SpeedCheck multi_decode = find("xiongjiedai-llama3-llamacpp-multigpu", "decode", held);
    CHECK(multi_decode.n >= 80);
    CHECK(multi_decode.median_abs_error_pct <= 20);
    const SpeedCheck multi_prefill = find("xiongjiedai-llama3-llamacpp-multigpu", "prefill", held);
    CHECK(multi_prefill.n >= 80);
    CHECK(multi_prefill.median_abs_error_pct <= 30);
    // Layers in system RAM: the community runs whose settings are stated.
    CHECK(find("llamacpp-community-offload", "decode", held).median_abs_error_pct <= 25);
    const SpeedCheck decode = find("xiongjiedai-llama3-llamacpp", "decode", held);
    CHECK(decode.n >= 80);
    CHECK(decode.spearman >= 0.95);
    CHECK(decode.median_abs_error_pct <= 20);
    const SpeedCheck prefill = find("xiongjiedai-llama3-llamacpp", "prefill", held);
    CHECK(prefill.spearman >= 0.90);
    CHECK(prefill.median_abs_error_pct <= 20);
  }
}

TEST_CASE("the fit and the check read estimate_speed's own roofline terms", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  in.context = 2048;
  in.prompt_tokens = 512;
  const Gpu gpu = round_card();
  const SpeedCalibration cal = test::round_calibration();
  const SpeedEstimate e = estimate_speed(gpu, in, cal);
  const SpeedRoofline r = speed_roofline(gpu, in);
  CHECK(r.bandwidth_gbs == 1000);
  CHECK(r.prompt_tokens == 512);
  CHECK(r.quantised_path);  // q4_k_m: the GGUF prefill factor
  // One request is memory-bound: decode is exactly the memory term at the fitted share.
  CHECK(e.decode_tokens_per_s == Approx(1 / decode_memory_seconds(r, 0.5, 0)));
  CHECK(e.prefill_tokens_per_s == Approx(0.4 * r.tensor_tflops * 1e12 / prefill_flops_per_token(r, cal.attention_cost)));
  // A run of an older build pays that build's attention (no fused attention): more FLOPs.
  in.older_build = true;
  CHECK(prefill_flops_per_token(r, cal.attention_cost_of(true, gpu)) == Approx(prefill_flops_per_token(r, kAttentionCostFactor)));
  // Tokens already cached (a run at a depth) add attention, not layer work.
  in.older_build = false;
  in.cached_tokens = 8192;
  const SpeedRoofline deep = speed_roofline(gpu, in);
  CHECK(deep.prefill_layer_flops_per_token == Approx(r.prefill_layer_flops_per_token));
  CHECK(deep.prefill_attention_flops_per_token > 10 * r.prefill_attention_flops_per_token);
}

TEST_CASE("without any calibration the fallback factors make every card slower, not faster", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  const Gpu gpu = round_card();
  SpeedCalibration fitted;
  fitted.decode_bandwidth["default"] = 0.8946;  // data/speed_calibration.json's defaults
  fitted.prefill_quantised["default"] = 0.6171;
  const SpeedEstimate with = estimate_speed(gpu, in, fitted);
  const SpeedEstimate without = estimate_speed(gpu, in, SpeedCalibration{});
  CHECK(without.decode_tokens_per_s > 0);
  CHECK(without.decode_tokens_per_s < with.decode_tokens_per_s);
  CHECK(without.prefill_tokens_per_s < with.prefill_tokens_per_s);
}

TEST_CASE("speed input problems are translatable and their bounds come from limits.h", "[speed]") {
  SpeedInput in;
  in.model = *speed_model_from_preset("llama-3-8b");
  CHECK_FALSE(speed_input_problem(in));
  in.context = 0;
  REQUIRE(speed_input_problem(in));
  CHECK(speed_input_problem(in)->text() == "context 0 must be a whole number from 1 to 1048576 tokens");
  CHECK(speed_input_problem(in)->nested.at(1).pattern == describe_range(limits::kContextTokens).pattern);
  in.context = 4096;
  in.gpu_count = 65;
  CHECK(speed_input_problem(in)->text() ==
        "gpus 65 must be " + describe_range(limits::kSpeedGpuCount).text());
  CHECK(check_speed_input(in) == speed_input_problem(in)->text());
  in.gpu_count = 1;
  in.unified_memory_gb = -1;
  CHECK(speed_input_problem(in)->pattern == "unified_memory_gb {0} must be {1}");
  in.unified_memory_gb = 0.5;  // any RAM size up to 100 TB, as before
  CHECK_FALSE(speed_input_problem(in));
}
