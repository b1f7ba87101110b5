// The software gate on every list of cards (estimate/gates.h, money/job_gate.h, rank_view):
// the answers issue 29 found wrong before it — a K80 "fitting" QLoRA, a P100 and an MI50
// topping BF16 serving, a V100 topping BF16 training — and what stays: llama.cpp on a P100,
// vLLM on an MI50 marked community.
#include <catch2/catch.hpp>

#include <algorithm>

#include "estimate/gates.h"
#include "estimate/vram_fit.h"
#include "money/job_gate.h"
#include "money/speed_outlay.h"
#include "rank/buyer_ranking.h"
#include "rank/speed_ranking.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_calibration;
using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;
using gpuwise::test::shipped_prices;
using gpuwise::test::shipped_software;

namespace {

bool left_out(const SoftwareGate& gate, const std::string& id) {
  return std::any_of(gate.left_out.begin(), gate.left_out.end(), [&](const LeftOut& l) { return l.gpu_id == id; });
}

bool ranked(const RankedList& list, const std::string& id) {
  return std::any_of(list.rows.begin(), list.rows.end(),
                     [&](const RankedGpu& r) { return shipped_catalog().gpus[static_cast<std::size_t>(r.gpu_index)].id == id; });
}

}  // namespace

TEST_CASE("workloads by format: GGUF needs llama.cpp, BF16 serving vLLM with BF16, QLoRA bitsandbytes") {
  CHECK(quant_workload("q4_k_m") == "gguf");
  CHECK(quant_workload("bf16") == "serve-bf16");
  CHECK(quant_workload("fp8") == "serve-fp8");
  CHECK(quant_workload("int4-awq") == "serve");
  CHECK(quant_workload("fp16") == "serve");  // vLLM's FP16 path: no BF16 needed
  CHECK(quant_workload("no-such") == "");
  FitView fit;
  fit.mode = "lora";
  fit.precision = "int4";
  CHECK(fit_workload(fit) == "qlora");
  fit.mode = "full";
  fit.precision = "bf16";
  fit.context = 4096;
  CHECK(fit_workload(fit) == "train-bf16");
  fit.context = kLongContextTokens;
  CHECK(fit_workload(fit) == "train-bf16-long");
  CHECK(training_workload(8192) == "train-bf16");
}

TEST_CASE("LLM rankings leave out the cards their workload cannot run, and say why") {
  RankingView inference;
  inference.profile = "llm-inference";
  FitView fit;
  fit.precision = "bf16";
  const RankedList serve =
      rank_view(shipped_catalog(), inference, fit, &shipped_calibration(), &shipped_compat(), &shipped_software());
  REQUIRE(serve.error.empty());
  CHECK(serve.software_gate.workload == "serve-bf16");
  // No BF16 on Pascal or gfx906: vLLM's BF16 path does not run there.
  for (const char* id : {"tesla-p100-pcie-16gb", "mi50", "tesla-v100-sxm2-32gb"}) {
    INFO(id);
    CHECK(!ranked(serve, id));
    CHECK(left_out(serve.software_gate, id));
  }
  CHECK(ranked(serve, "h100-sxm5"));
  // Without the software table nothing is gated (the CLI's and page's fallback while it loads).
  const RankedList ungated = rank_view(shipped_catalog(), inference, fit, &shipped_calibration(), &shipped_compat());
  CHECK(ungated.software_gate.workload.empty());
  CHECK(ungated.rows.size() > serve.rows.size());

  // LLM training on 8 GPUs: BF16 training; a V100 has no BF16.
  RankingView training;
  training.profile = "llm-training";
  training.fit_gpu_count = 8;
  FitView full;
  full.mode = "full";
  const RankedList train =
      rank_view(shipped_catalog(), training, full, &shipped_calibration(), &shipped_compat(), &shipped_software());
  REQUIRE(train.error.empty());
  CHECK(train.software_gate.workload == "train-bf16");
  CHECK(left_out(train.software_gate, "tesla-v100-sxm2-32gb"));
  CHECK(!ranked(train, "tesla-v100-sxm2-32gb"));
  CHECK(ranked(train, "h100-sxm5"));
}

TEST_CASE("the 'runs' filters keep cards graded first-class or works, community stays out of them") {
  RankingView view;
  view.profile = "cnn";
  view.top_n = 500;
  view.runs = {"vllm"};
  const RankedList list = rank_view(shipped_catalog(), view, FitView{}, &shipped_calibration(), &shipped_compat(),
                                    &shipped_software());
  REQUIRE(list.error.empty());
  CHECK(ranked(list, "h100-sxm5"));
  CHECK(ranked(list, "mi300x"));
  CHECK(!ranked(list, "mi50"));  // vLLM on gfx906 is a community fork
  CHECK(!ranked(list, "tesla-k80"));
  // Without software.json the filter cannot be answered: an error, not a silent pass.
  const RankedList unknown = rank_view(shipped_catalog(), view, FitView{}, &shipped_calibration(), &shipped_compat());
  CHECK(!unknown.error.empty());
}

TEST_CASE("the Speed tab: BF16 serving leaves the P100 out, GGUF on llama.cpp keeps it") {
  SpeedView view;
  view.quant = "bf16";
  view.preset = "llama-3-8b";
  view.fits_only = false;
  view.top_n = 500;
  const GatedSpeedTable bf16 = gated_speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(),
                                                 shipped_software(), &shipped_compat(), view);
  CHECK(left_out(bf16.gate, "tesla-p100-pcie-16gb"));
  for (const SpeedRow& row : bf16.table.rows) CHECK(row.gpu_id != "tesla-p100-pcie-16gb");
  view.quant = "q4_k_m";
  const GatedSpeedTable gguf = gated_speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(),
                                                 shipped_software(), &shipped_compat(), view);
  CHECK(gguf.gate.workload == "gguf");
  CHECK(!left_out(gguf.gate, "tesla-p100-pcie-16gb"));
  CHECK(std::any_of(gguf.table.rows.begin(), gguf.table.rows.end(),
                    [](const SpeedRow& r) { return r.gpu_id == "tesla-p100-pcie-16gb"; }));
  // The count of fitting cards does not count the ones left out; top_n applies after the gate.
  CHECK(bf16.table.cards_fit <= gguf.table.cards_fit);
  view.top_n = 3;
  CHECK(gated_speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(), shipped_software(),
                          &shipped_compat(), view)
            .table.rows.size() == 3);
}

TEST_CASE("the Speed tab: a machine of chosen cards runs BF16 serving only if every card of it does") {
  SpeedView view;
  view.quant = "bf16";
  view.preset = "llama-3-8b";
  view.cards = {"rtx-4090", "tesla-p100-pcie-16gb"};
  const GatedSpeedTable mixed = gated_speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(),
                                                  shipped_software(), &shipped_compat(), view);
  CHECK(left_out(mixed.gate, "tesla-p100-pcie-16gb"));
  CHECK(mixed.table.rows.empty());
  view.cards = {"rtx-4090", "rtx-3090"};
  const GatedSpeedTable both = gated_speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(),
                                                 shipped_software(), &shipped_compat(), view);
  CHECK(both.gate.left_out.empty());
  CHECK(both.table.rows.size() == 1);
}

TEST_CASE("the VRAM fit's lists: QLoRA does not 'fit' a K80") {
  FitView fit;
  fit.mode = "lora";
  fit.precision = "int4";
  const FitResult result = fit_model(fit);
  std::map<int, std::vector<std::string>> lists = cards_that_fit(shipped_catalog(), result);
  auto in = [&](const std::string& id) {
    for (const auto& [count, ids] : lists) {
      if (std::find(ids.begin(), ids.end(), id) != ids.end()) return true;
    }
    return false;
  };
  REQUIRE(in("tesla-k80"));  // it has the memory...
  const SoftwareGate gate = gate_fit_lists(lists, shipped_catalog(), shipped_software(), &shipped_compat(), fit);
  CHECK(gate.workload == "qlora");
  CHECK(!in("tesla-k80"));  // ...but neither PyTorch nor bitsandbytes runs on it
  REQUIRE(left_out(gate, "tesla-k80"));
  CHECK(in("rtx-3090"));
}

TEST_CASE("the cost of a job: BF16 training leaves the V100 out of the options and the cheapest ways") {
  JobInput input;
  input.job.kind = "train";
  input.job.preset = "llama-3-8b";
  input.job.tokens_b = 1;
  const GatedJobCost job = gated_job_cost(shipped_catalog(), shipped_prices(), shipped_calibration(), input,
                                          &shipped_software(), &shipped_compat());
  REQUIRE(job.result.ok);
  CHECK(job.gate.workload == "train-bf16");
  CHECK(left_out(job.gate, "tesla-v100-sxm2-32gb"));
  for (const JobOption& o : job.result.options) CHECK(o.gpu_id != "tesla-v100-sxm2-32gb");
  for (const auto& way : job.result.cheapest) CHECK(way.gpu_id != "tesla-v100-sxm2-32gb");
  // Serving GGUF: llama.cpp, which a V100 runs.
  input.job.kind = "serve";
  input.job.quant = "q4_k_m";
  const GatedJobCost serve = gated_job_cost(shipped_catalog(), shipped_prices(), shipped_calibration(), input,
                                            &shipped_software(), &shipped_compat());
  CHECK(serve.gate.workload == "gguf");
  CHECK(!left_out(serve.gate, "tesla-v100-sxm2-32gb"));
}

// The merge of issue 28 (markets, budgets) and issue 29 (the gate): the buyer's lists pass
// the same gate as rank_view() and gated_speed_table(), on every path a budget takes.
TEST_CASE("the buyer's ranking and speed table pass the software gate, with and without a budget") {
  RankingView inference;
  inference.profile = "llm-inference";
  FitView fit;
  fit.precision = "bf16";
  BuyerView buyer;
  buyer.market = "us";
  for (const double budget : {0.0, 20000.0}) {
    INFO("budget " << budget);
    buyer.budget_usd = budget;
    const BuyerRanking list = rank_for_buyer(shipped_catalog(), shipped_prices(), inference, fit, buyer,
                                               &shipped_calibration(), &shipped_compat(), &shipped_software());
    REQUIRE(list.list.error.empty());
    CHECK(list.list.software_gate.workload == "serve-bf16");
    CHECK(left_out(list.list.software_gate, "tesla-p100-pcie-16gb"));
    CHECK(!ranked(list.list, "tesla-p100-pcie-16gb"));
    CHECK(!ranked(list.list, "mi50"));
    CHECK(list.outlays.size() == list.list.rows.size());
  }
  // A weighted profile under a price cap (the allowed-ids path): the "runs vLLM" filter holds.
  RankingView cnn;
  cnn.profile = "cnn";
  cnn.top_n = 500;
  cnn.runs = {"vllm"};
  cnn.max_price_usd = 5000;
  buyer.budget_usd = 0;
  const BuyerRanking capped = rank_for_buyer(shipped_catalog(), shipped_prices(), cnn, FitView{}, buyer,
                                             &shipped_calibration(), &shipped_compat(), &shipped_software());
  REQUIRE(capped.list.error.empty());
  CHECK(!ranked(capped.list, "mi50"));
  CHECK(!ranked(capped.list, "tesla-k80"));
  CHECK(ranked(capped.list, "rtx-4090"));
  // Without software.json a software filter is an error here too, never a silent pass.
  CHECK(!rank_for_buyer(shipped_catalog(), shipped_prices(), cnn, FitView{}, buyer, &shipped_calibration(),
                        &shipped_compat())
             .list.error.empty());

  SpeedView speed;
  speed.quant = "bf16";
  speed.preset = "llama-3-8b";
  speed.fits_only = false;
  speed.top_n = 500;
  const SpeedBuyerTable priced = speed_table_for_buyer(shipped_catalog(), shipped_benchmarks(), shipped_calibration(),
                                                       speed, shipped_prices(), buyer, &shipped_software(),
                                                       &shipped_compat());
  CHECK(priced.gate.workload == "serve-bf16");
  CHECK(left_out(priced.gate, "tesla-p100-pcie-16gb"));
  CHECK(priced.outlays.size() == priced.table.rows.size());
  for (const SpeedRow& row : priced.table.rows) CHECK(row.gpu_id != "tesla-p100-pcie-16gb");
}
