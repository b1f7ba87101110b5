// The LLM profiles ranked by the speed model (speed_ranking.h): a hand-worked order on
// round-number cards, VRAM as a filter, bad input, and how the new LLM-inference order
// agrees with the measured llama.cpp generation speeds (the 0.81 baseline).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "catalog/benchmarks.h"
#include "rank/speed_ranking.h"
#include "rank/vision_ranking.h"
#include "test_support.h"
#include "estimate/vram_fit.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::read_source_file;
using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_calibration;
using gpuwise::test::shipped_catalog;
using gpuwise::test::valid_row;

namespace {

// Datacenter cards without accumulate doubling; `vram` GB and `bandwidth` GB/s.
json speed_row(const std::string& id, double vram, double bandwidth, double tensor_tflops) {
  json row = valid_row(id);
  row["name"] = "Card " + id;
  row["line"] = "datacenter";
  row["vram_gb"] = vram;
  row["memory_bandwidth_gbs"] = bandwidth;
  row["fp16_tensor_tflops"] = tensor_tflops;
  row["bf16_tensor_tflops"] = tensor_tflops;  // BF16 as well: training needs no FP16 fallback
  row["tdp_w"] = 100000;  // no power cap to speak of
  return row;
}

const Catalog& speed_catalog() {
  static const Catalog c = load_catalog(catalog_text(json::array(
      {speed_row("slow", 24, 500, 200), speed_row("fast", 24, 1000, 100), speed_row("small", 12, 4000, 400)})));
  return c;
}

std::vector<std::string> ids(const Catalog& catalog, const RankedList& list) {
  std::vector<std::string> out;
  for (const auto& row : list.rows) out.push_back(catalog.gpus[static_cast<std::size_t>(row.gpu_index)].id);
  return out;
}

FitView llama_8b(const std::string& precision, int context) {
  FitView fit = apply_preset(FitView{}, "llama-3-8b");
  fit.precision = precision;
  fit.context = context;
  return fit;
}


}  // namespace

TEST_CASE("llm-inference ranks by decode tokens/s among the cards that hold the model", "[speed_ranking]") {
  RankingView view;
  view.profile = "llm-inference";
  CHECK(ranks_by_speed(view));
  const RankedList list = rank_by_speed(speed_catalog(), view, llama_8b("bf16", 1024), test::round_calibration());
  REQUIRE(list.error.empty());
  // The 12 GB card cannot hold 16 GB of BF16 weights, however fast it is: a filter, not a weight.
  CHECK(ids(speed_catalog(), list) == std::vector<std::string>{"fast", "slow"});
  REQUIRE(list.speed);
  CHECK(list.speed->phase == "decode");
  CHECK(list.speed->not_fitting == 1);
  CHECK(list.speed->model.text() == "Llama 3 8B at BF16, context 1024, batch 1, on 1 GPU(s)");
  CHECK(list.weights.empty());
  CHECK(list.metric_values.empty());  // the weighted figures of rank() are not kept
  CHECK(list.normalized.empty());
  CHECK(list.missing_metrics(list.rows[0]).empty());
  // A token reads the layers and the output head, (8.03e9 − 128256 × 4096) × 2 B, and
  // 2 × 32 layers × 8 KV heads × 128 × 2 B × 1024 = 0.134e9 B of cache: 15.144e9 B at
  // 0.5 × 1000 GB/s = 33.02 tokens/s; half on 500 GB/s.
  const double bytes = (8.03e9 - 128256.0 * 4096) * 2 + 2.0 * 32 * 8 * 128 * 2 * 1024;
  CHECK(*list.rows[0].tokens_per_s == Approx(500e9 / bytes));
  CHECK(*list.rows[0].score == Approx(100));
  CHECK(*list.rows[1].score == Approx(50));
  CHECK(list.scored_count == 2);

  // On two GPUs the 12 GB card holds it (half the model + the per-GPU overhead each) and leads.
  view.fit_gpu_count = 2;
  const RankedList two = rank_by_speed(speed_catalog(), view, llama_8b("bf16", 1024), test::round_calibration());
  CHECK(ids(speed_catalog(), two).front() == "small");
  CHECK(two.speed->not_fitting == 0);
}

TEST_CASE("llm-training ranks by training tokens/s among the cards that hold the full training state",
          "[speed_ranking]") {
  RankingView view;
  view.profile = "llm-training";
  FitView fit = apply_preset(FitView{}, "llama-3.2-1b");
  fit.context = 1024;
  const RankedList list = rank_by_speed(speed_catalog(), view, fit, test::round_calibration());
  REQUIRE(list.error.empty());
  // 1.24B parameters × 16 B (weights, gradients, Adam) ≈ 20 GB: not on 12 GB.
  CHECK(ids(speed_catalog(), list) == std::vector<std::string>{"slow", "fast"});
  // 0.4 MFU × 200 TFLOPS / (6 × 1.24e9 + 12 × 16 layers × 2048 hidden × 1024 tokens) tokens/s.
  CHECK(*list.rows[0].tokens_per_s == Approx(0.4 * 200e12 / (6 * 1.24e9 + 12.0 * 16 * 2048 * 1024)));
  CHECK(*list.rows[1].score == Approx(50));
  CHECK(list.speed->phase == "train");
  CHECK(list.speed->not_fitting == 1);
}

TEST_CASE("the weighted profiles and a single metric keep the weighted score", "[speed_ranking]") {
  RankingView view;
  view.profile = "fp64";
  CHECK_FALSE(ranks_by_speed(view));
  CHECK_FALSE(ranks_by_vision(view));
  const SpeedCalibration cal = test::round_calibration();
  const RankedList fp64 = rank_view(speed_catalog(), view, FitView{}, &cal);
  CHECK_FALSE(fp64.speed);
  CHECK(fp64.rows.size() == 3);
  // The CNN profile without a calibration keeps the spec weights: nothing to rank it by.
  view.profile = "cnn";
  CHECK_FALSE(rank_view(speed_catalog(), view, FitView{}, nullptr).speed);
  view.profile = "llm-inference";
  view.metric = "vram_gb";
  CHECK_FALSE(ranks_by_speed(view));
  CHECK(ids(speed_catalog(), rank_view(speed_catalog(), view, FitView{}, nullptr)).front() != "small");
}

TEST_CASE("the speed ranking says what is wrong instead of ranking nonsense", "[speed_ranking]") {
  RankingView view;
  view.profile = "llm-inference";
  const RankedList no_calibration = rank_view(speed_catalog(), view, FitView{}, nullptr);
  CHECK(no_calibration.rows.empty());
  CHECK(no_calibration.error.find("calibration") != std::string::npos);
  const RankedList fp32 = rank_by_speed(speed_catalog(), view, llama_8b("fp32", 1024), test::round_calibration());
  CHECK(fp32.rows.empty());
  CHECK(fp32.error_text.pattern.find("no estimate for {0} weights") != std::string::npos);
  view.fit_gpu_count = 100;
  const RankedList many = rank_by_speed(speed_catalog(), view, llama_8b("bf16", 1024), test::round_calibration());
  CHECK(many.error == "the speed model covers 1 to 64 GPUs, not 100");
  // A context beyond the preset's limit is estimated at the limit, and the list says so.
  view.fit_gpu_count = 1;
  const RankedList long_context = rank_by_speed(speed_catalog(), view, llama_8b("int4", 100000), test::round_calibration());
  REQUIRE(long_context.error.empty());
  REQUIRE(long_context.speed->notes.size() == 1);
  CHECK(long_context.speed->notes[0].text() == "context 100000 is beyond Llama 3 8B's limit of 8192 tokens; estimated at 8192");
  // A bad filter is still rank()'s error.
  view.cuda = "7.7";
  CHECK(rank_by_speed(speed_catalog(), view, FitView{}, test::round_calibration()).error.find("cuda.json") !=
        std::string::npos);
}

// The complaint: the old LLM-inference spec score (bandwidth 5, VRAM 4, FP16 tensor
// 1) ordered llama.cpp's measured LLaMA 3 8B Q4_K_M generation with Spearman 0.81. The
// ranking the page and `gpuwise rank` now show, per measured workload (model × format ×
// context, one GPU), against the same measurements; `core_tests "[spearman]" -s` prints it.
TEST_CASE("the LLM-inference ranking orders cards like llama.cpp's measured decode", "[speed_ranking][spearman]") {
  std::map<std::string, std::vector<const MeasuredResult*>> groups;
  for (const MeasuredResult& r : shipped_benchmarks().results) {
    if (r.set != "xiongjiedai-llama3-llamacpp" || r.phase != "decode" || r.outlier || !r.context) continue;
    groups[r.model + " " + r.precision + " " + std::to_string(*r.context)].push_back(&r);
  }
  REQUIRE(groups.size() >= 8);
  std::vector<double> new_rho, old_rho;
  for (const auto& [group, rows] : groups) {
    const MeasuredResult& first = *rows.front();
    FitView fit = apply_preset(FitView{}, first.model);
    fit.precision = first.precision == "q4_k_m" ? "int4" : "fp16";
    fit.context = *first.context;
    RankingView view;
    view.profile = "llm-inference";
    const RankedList ranked = rank_view(shipped_catalog(), view, fit, &shipped_calibration());
    REQUIRE(ranked.error.empty());
    // The old profile's weights, as a custom profile, over the same cards.
    RankingView old_view;
    old_view.profile = "custom";
    old_view.custom_weights = {{"memory_bandwidth_gbs", 5}, {"vram_gb", 4}, {"fp16_tensor_tflops", 1}};
    const RankedList old_list = rank(shipped_catalog(), old_view);
    std::map<std::string, double> estimate, old_score;
    for (const auto& row : ranked.rows) {
      if (row.tokens_per_s) estimate[shipped_catalog().gpus[static_cast<std::size_t>(row.gpu_index)].id] = *row.tokens_per_s;
    }
    for (const auto& row : old_list.rows) {
      if (row.score) old_score[shipped_catalog().gpus[static_cast<std::size_t>(row.gpu_index)].id] = *row.score;
    }
    std::vector<double> measured, predicted, old_predicted;
    for (const MeasuredResult* r : rows) {
      if (!estimate.count(r->gpu_id) || !old_score.count(r->gpu_id)) continue;
      measured.push_back(r->value);
      predicted.push_back(estimate[r->gpu_id]);
      old_predicted.push_back(old_score[r->gpu_id]);
    }
    if (measured.size() < 5) continue;  // 70B on one card: too few cards hold it to rank
    new_rho.push_back(spearman(predicted, measured));
    old_rho.push_back(spearman(old_predicted, measured));
    WARN(group << ": " << measured.size() << " cards, Spearman " << new_rho.back() << " (old spec score "
               << old_rho.back() << ")");
  }
  REQUIRE(new_rho.size() >= 6);
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  WARN("median over " << new_rho.size() << " workloads: Spearman " << median(new_rho) << ", min "
                      << *std::min_element(new_rho.begin(), new_rho.end()) << "; old spec score median "
                      << median(old_rho));
  CHECK(median(new_rho) >= 0.95);
  CHECK(*std::min_element(new_rho.begin(), new_rho.end()) >= 0.9);
  CHECK(median(new_rho) > median(old_rho));
}
