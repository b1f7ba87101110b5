// Today's llama.cpp builds against the older ones a stored run was made with: per-layer
// overhead and attention cost per generation, runs at a depth, a mixture of experts' terms,
// each held out where the case is about a card the fit must predict.
#include <catch2/catch.hpp>

#include "catalog/benchmarks.h"
#include "estimate/llm_rows.h"
#include "estimate/speed.h"
#include "test_support.h"

using namespace gpuwise;
using namespace gpuwise::test;

namespace {

const Gpu& card(const char* id) { return shipped_catalog().gpus[static_cast<std::size_t>(shipped_catalog().find(id))]; }

SpeedInput run_of(const char* preset, const char* quant, int context) {
  SpeedInput in = speed_input(*speed_model_from_preset(preset), SpeedRun{});
  in.quant = quant;
  in.engine = "llamacpp";
  in.context = context;
  return in;
}

// The estimate of the card's decode with every one of its runs held out of the fit.
double held_out_decode(const char* gpu, const SpeedInput& in) {
  const SpeedCalibration without = fit_speed_calibration(shipped_catalog(), shipped_benchmarks(), "", gpu);
  return estimate_speed(card(gpu), in, without).decode_tokens_per_s;
}

}  // namespace

TEST_CASE("today's builds spend less per layer than 2024's, and each run is checked at its own", "[speed][builds]") {
  const SpeedCalibration& cal = shipped_calibration();
  CHECK(cal.decode_overhead_s_per_layer < cal.older_builds_overhead_s_per_layer);
  CHECK(cal.decode_overhead_s_per_layer > 0);
  CHECK(cal.attention_cost < kAttentionCostFactor);
  // A run's date says its build: xiongjiedai's May 2024 runs are older, geerlingguy's newer.
  int older = 0, current = 0;
  for (const LlmRow& r : llm_rows(shipped_catalog(), shipped_benchmarks(), "decode")) {
    const SpeedInput in = measured_input(r);
    CHECK(in.older_build == (r.row->date < std::string("2025-01-01")));
    (in.older_build ? older : current)++;
  }
  CHECK(older > 100);
  CHECK(current >= 20);
  // The same card and model: the 2024 build's estimate is the slower one.
  SpeedInput in = run_of("llama-3-8b", "q4_k_m", 256);
  const double today = estimate_speed(card("rtx-4090"), in, cal).decode_tokens_per_s;
  in.older_build = true;
  CHECK(estimate_speed(card("rtx-4090"), in, cal).decode_tokens_per_s < 0.9 * today);
}

TEST_CASE("small models on fast cards: a card's 3B run predicted within a fifth with the card held out", "[speed][builds]") {
  // geerlingguy/ai-benchmarks (late 2025, llama-bench tg128): Llama 3.2 3B Q4_K_M.
  CHECK(held_out_decode("rtx-3080-ti", run_of("llama-3.2-3b", "q4_k_m", 32)) == Approx(263.24).epsilon(0.2));
  CHECK(held_out_decode("rtx-2080-ti", run_of("llama-3.2-3b", "q4_k_m", 32)) == Approx(180.38).epsilon(0.2));
}

TEST_CASE("long context: decode at 32K and 16K cached tokens from runs at a depth", "[speed][builds]") {
  // llama.cpp PR 17891: an RTX 5090, llama 8B Q4_0, one token at a time after 32,768 cached.
  SpeedInput deep = run_of("llama-3.1-8b", "q4_0", 32768 + 256);
  CHECK(held_out_decode("rtx-5090", deep) == Approx(165.94).epsilon(0.2));
  // The KV cache at 32K halves a 4090's speed (PR 17505: 98 against 193 tokens/s empty).
  const SpeedCalibration& cal = shipped_calibration();
  const double empty = estimate_speed(card("rtx-4090"), run_of("llama-3.1-8b", "q4_0", 256), cal).decode_tokens_per_s;
  const double full = estimate_speed(card("rtx-4090"), deep, cal).decode_tokens_per_s;
  CHECK(full / empty == Approx(98.14 / 193.09).epsilon(0.1));
  // A row at a depth is read as its cached tokens plus half the test's own.
  for (const LlmRow& r : llm_rows(shipped_catalog(), shipped_benchmarks(), "decode")) {
    if (!r.row->depth) continue;
    const SpeedInput in = measured_input(r);
    CHECK(in.cached_tokens == *r.row->depth);
    CHECK(in.context == *r.row->depth + std::max(1, *r.row->context / 2));
  }
}

TEST_CASE("a prompt at a depth pays attention over the cached tokens, at today's cost", "[speed][builds]") {
  // The DGX Spark's Qwen2.5 7B Q8_0 pp2048: 2,276 tokens/s empty, 1,283 after 32,768 cached.
  const SpeedCalibration& cal = shipped_calibration();
  SpeedInput empty = run_of("qwen2.5-7b", "q8_0", 2048);
  empty.prompt_tokens = 2048;
  SpeedInput deep = empty;
  deep.cached_tokens = 32768;
  deep.context = 32768 + 2048;
  // One attention cost fits this machine's dense and MoE models at every depth: the dense
  // model's slowdown is under-read (0.74 of its speed empty against 0.56 measured), within a
  // quarter at 16K; the older builds' cost (4) would read it at a third.
  const double at_depth = estimate_speed(card("dgx-spark"), deep, cal).prefill_tokens_per_s;
  CHECK(at_depth < estimate_speed(card("dgx-spark"), empty, cal).prefill_tokens_per_s);
  CHECK(at_depth == Approx(1283.36).epsilon(0.25));
  // A card without matrix units keeps the older cost: flash attention on its vector units.
  CHECK(cal.attention_cost_of(false, card("tesla-p100-pcie-16gb")) == kAttentionCostFactor);
  CHECK(cal.attention_cost_of(false, card("rtx-4090")) == cal.attention_cost);
}

TEST_CASE("a mixture of experts decodes faster on a faster card, and its figure rests on the card's runs", "[speed][builds]") {
  const SpeedCalibration& cal = shipped_calibration();
  // Each model in the format it is run in: Qwen3 as Q4_K_M, gpt-oss as it ships (MXFP4).
  for (const auto& [model, quant] : {std::pair<const char*, const char*>{"qwen3-30b-a3b", "q4_k_m"}, {"gpt-oss-20b", "mxfp4"}}) {
    const SpeedInput in = run_of(model, quant, 2048);
    const double r3090 = estimate_speed(card("rtx-3090"), in, cal).decode_tokens_per_s;
    const double r4090 = estimate_speed(card("rtx-4090"), in, cal).decode_tokens_per_s;
    const double r5090 = estimate_speed(card("rtx-5090"), in, cal).decode_tokens_per_s;
    CHECK(r3090 < r4090);
    CHECK(r4090 < r5090);
  }
  // The layer's extra time is the model's: gpt-oss's above Qwen3's on the same cards.
  CHECK(cal.moe_layer_overhead_of(card("rtx-5090"), "gpt-oss-20b") > cal.moe_layer_overhead_of(card("rtx-5090"), "qwen3-30b-a3b"));
  // smeltcore's RTX 3090 Ti run (166.9 tokens/s at 4K) is what that card shows.
  CHECK(estimate_speed(card("rtx-3090-ti"), run_of("qwen3-30b-a3b", "q4_k_m", 2048), cal).decode_tokens_per_s ==
        Approx(166.9).epsilon(0.1));
  CHECK(cal.moe_prefill_share < 1);
  // A card with MoE runs alone takes its share from them, for any GGUF format of the model;
  // a card with dense runs reads its share from those, its MoE runs measuring the expert layers.
  CHECK(cal.decode_bandwidth.count(model_share_key(card("rtx-3090-ti"), "qwen3-30b-a3b")) == 1);
  CHECK(cal.decode_bandwidth.count(model_share_key(card("rtx-4090"), "qwen3-30b-a3b")) == 0);
}
