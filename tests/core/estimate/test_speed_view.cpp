// The Speed tab's table (speed_view.h): rows sorted by the chosen figure, the fit filter
// and top N, the GB a card lacks, the measured figure beside the estimate, and the
// messages for a view that cannot be estimated.
#include <catch2/catch.hpp>

#include "catalog/benchmarks.h"
#include "view/share_link.h"
#include "estimate/speed_view.h"
#include "test_support.h"

using namespace gpuwise;

using gpuwise::test::read_source_file;
using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_calibration;
using gpuwise::test::shipped_catalog;

namespace {



SpeedTable shipped_table(const SpeedView& view) {
  return speed_table(shipped_catalog(), shipped_benchmarks(), shipped_calibration(), view);
}

// Two cards of the same family that differ in bandwidth and compute only.
Catalog two_cards() {
  json fast = test::valid_row("fast");
  fast["name"] = "Fast";
  fast["memory_bandwidth_gbs"] = 2000;
  fast["fp16_tensor_tflops"] = 50;
  json slow = test::valid_row("slow");
  slow["name"] = "Slow";
  slow["memory_bandwidth_gbs"] = 500;
  slow["fp16_tensor_tflops"] = 200;
  json small = test::valid_row("small");
  small["name"] = "Small";
  small["vram_gb"] = 4;
  return load_catalog(test::catalog_text(json::array({slow, fast, small})));
}

std::vector<std::string> ids(const SpeedTable& table) {
  std::vector<std::string> out;
  for (const auto& row : table.rows) out.push_back(row.gpu_id);
  return out;
}

}  // namespace

TEST_CASE("speed rows sort by the chosen figure; cards that do not fit go last or away", "[speed_view]") {
  const Catalog catalog = two_cards();
  REQUIRE(catalog.gpus.size() == 3);
  const Benchmarks none;
  SpeedView view;  // Llama 3 8B Q4_K_M, 4096 tokens: 5.4 GB, more than the 4 GB card holds
  view.fits_only = false;
  SpeedTable table = speed_table(catalog, none, test::round_calibration(), view);
  REQUIRE_FALSE(table.problem);
  CHECK(ids(table) == std::vector<std::string>{"fast", "slow", "small"});  // decode follows bandwidth
  CHECK(table.cards_fit == 2);
  const SpeedRow& small = table.rows.back();
  CHECK_FALSE(small.estimate.fits);
  CHECK(small.estimate.lacks_gb == Approx(small.estimate.needed_gb - small.estimate.usable_gb));
  CHECK(small.estimate.lacks_gb > 1);

  view.sort = "prefill";  // prefill follows compute: the slow-memory card computes 4x faster
  CHECK(ids(speed_table(catalog, none, test::round_calibration(), view)) ==
        std::vector<std::string>{"slow", "fast", "small"});
  view.sort = "ttft";  // the shortest time to first token is the fastest prefill
  CHECK(ids(speed_table(catalog, none, test::round_calibration(), view)) ==
        std::vector<std::string>{"slow", "fast", "small"});

  view.fits_only = true;
  CHECK(ids(speed_table(catalog, none, test::round_calibration(), view)) == std::vector<std::string>{"slow", "fast"});
  view.top_n = 1;
  CHECK(ids(speed_table(catalog, none, test::round_calibration(), view)) == std::vector<std::string>{"slow"});
}

TEST_CASE("the shipped data: RTX 4090 with Llama 3 8B Q4_K_M shows its measured figure", "[speed_view]") {
  SpeedView view;
  view.context = 512;  // llama-bench tg512 / pp512
  view.top_n = 500;
  const SpeedTable table = shipped_table(view);
  REQUIRE_FALSE(table.problem);
  const SpeedRow* row = nullptr;
  for (const auto& r : table.rows) {
    if (r.gpu_id == "rtx-4090") row = &r;
  }
  REQUIRE(row);
  REQUIRE(row->measured_decode);
  CHECK(row->measured_decode->value == Approx(130.58));  // tg512 in the source's README
  CHECK(row->measured_decode->context == 512);
  CHECK(row->measured_decode->date == "2024-05-12");
  CHECK(row->measured_decode->source.find("XiongjieDai") != std::string::npos);
  REQUIRE(row->measured_prefill);
  CHECK(row->measured_prefill->context == 512);
  // The estimate is near the measurement (the model's median error is 6 %).
  CHECK(row->estimate.decode_tokens_per_s == Approx(130.58).epsilon(0.25));
  // The rows are sorted, fastest decode first, and every one fits.
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    CHECK(table.rows[i - 1].estimate.decode_tokens_per_s >= table.rows[i].estimate.decode_tokens_per_s);
    CHECK(table.rows[i].estimate.fits);
  }
  CHECK(table.cards_fit == static_cast<int>(table.rows.size()));
  CHECK(table.cards_without_figures >= 0);

  // The nearest measured context: 8192 for a 6000-token context.
  view.context = 6000;
  CHECK(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode")->context == 8192);
  view.prompt_tokens = 900;  // prefill follows the prompt
  CHECK(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "prefill")->context == 1024);
  // Two GPUs: the source's two-GPU run (llama.cpp's layer split); three: none was made.
  view.gpu_count = 2;
  REQUIRE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  CHECK(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode")->gpus == 2);
  view.gpu_count = 3;
  CHECK_FALSE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  view.gpu_count = 1;
  // Layers in system RAM or a batch of requests: the runs are not the same thing.
  view.host_ram_gb = 64;
  CHECK_FALSE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  view.host_ram_gb = 0;
  view.concurrent = 4;
  CHECK_FALSE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  view.concurrent = 1;
  view.quant = "fp16";  // the source's "f16" rows, run on llama.cpp: not vLLM's figure
  CHECK_FALSE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  view.engine = "llamacpp";
  CHECK(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
  view.quant = "q8_0";
  CHECK_FALSE(matching_measurement(shipped_benchmarks(), "rtx-4090", view, "decode"));
}

TEST_CASE("a model too big for one card shows the GB each card lacks", "[speed_view]") {
  SpeedView view;
  view.preset = "llama-3-70b";
  view.fits_only = false;
  view.top_n = 500;
  const SpeedTable table = shipped_table(view);
  REQUIRE_FALSE(table.problem);  // 80 GB cards hold it
  bool seen_4090 = false;
  for (const auto& row : table.rows) {
    if (row.gpu_id != "rtx-4090") continue;
    seen_4090 = true;
    CHECK_FALSE(row.estimate.fits);
    CHECK(row.estimate.lacks_gb > 10);  // ~43 GB of weights on a 24 GB card
  }
  CHECK(seen_4090);
  const json out = speed_table_to_json(table);
  CHECK(out["rows"].size() == table.rows.size());
  CHECK(out["problem"] == "");
}

TEST_CASE("a view the model cannot take gives one message and no rows", "[speed_view]") {
  SpeedView view;
  view.context = 9000;  // Llama 3 8B: 8192
  auto problem = check_speed_view(view);
  REQUIRE(problem);
  CHECK(problem->text() == "A context of 9000 tokens is beyond Llama 3 8B's limit of 8192 tokens");
  const SpeedTable table = shipped_table(view);
  CHECK(table.rows.empty());
  CHECK(speed_table_to_json(table)["problem"] == problem->text());

  view = SpeedView{};
  view.quant = "q9_z";
  REQUIRE(check_speed_view(view));
  CHECK(check_speed_view(view)->text().rfind("'q9_z' is not a quantisation; one of bf16, fp16", 0) == 0);

  view = SpeedView{};
  view.preset = "gpt-9";
  REQUIRE(check_speed_view(view));
  CHECK(check_speed_view(view)->pattern == "'{0}' is not a model this page knows; pick one from the list");

  view = SpeedView{};
  view.prompt_tokens = 5000;
  REQUIRE(check_speed_view(view));
  CHECK(check_speed_view(view)->text() == "The prompt (5000 tokens) is longer than the context (4096 tokens)");

  // DeepSeek-V3 in BF16 on one card: nothing holds 1.3 TB.
  view = SpeedView{};
  view.preset = "deepseek-v3";
  view.quant = "bf16";
  CHECK_FALSE(check_speed_view(view));
  SpeedTable too_big = shipped_table(view);
  REQUIRE(too_big.problem);
  CHECK(too_big.problem->text() ==
        "DeepSeek-V3 / R1 (MoE) at BF16 fits no card on 1 GPU(s): try more GPUs, a smaller quantisation or a shorter "
        "context");
  CHECK(too_big.rows.empty());  // fits_only
  view.fits_only = false;
  too_big = shipped_table(view);
  REQUIRE_FALSE(too_big.rows.empty());
  CHECK(too_big.rows.front().estimate.lacks_gb > 0);
  for (std::size_t i = 1; i < too_big.rows.size(); ++i) {
    CHECK(too_big.rows[i - 1].estimate.lacks_gb <= too_big.rows[i].estimate.lacks_gb);
  }
}

TEST_CASE("a link with speed inputs reads back; a bad value keeps the default with a notice", "[speed_view]") {
  const LinkDecode good = decode_link("v=1&tab=speed&speed.model=mixtral-8x7b&speed.quant=q5_k_m&speed.ctx=8192"
                                      "&speed.prompt=512&speed.conc=4&speed.n=2&speed.sort=ttft&speed.fits=0&speed.top=7",
                                      ViewState{}, nullptr);
  CHECK(good.notice_texts.empty());
  CHECK(good.state.tab == Tab::speed);
  const SpeedView& s = good.state.speed;
  CHECK(s.preset == "mixtral-8x7b");
  CHECK(s.quant == "q5_k_m");
  CHECK(s.context == 8192);
  CHECK(s.prompt_tokens == 512);
  CHECK(s.concurrent == 4);
  CHECK(s.gpu_count == 2);
  CHECK(s.sort == "ttft");
  CHECK_FALSE(s.fits_only);
  CHECK(s.top_n == 7);
  CHECK(encode_link(good.state).find("speed.model=mixtral-8x7b") != std::string::npos);

  const LinkDecode bad = decode_link("v=1&tab=speed&speed.quant=q9&speed.n=1000", ViewState{}, nullptr);
  CHECK(bad.state.speed.quant == "q4_k_m");
  CHECK(bad.state.tab == Tab::speed);
  REQUIRE(bad.notice_texts.size() == 2);
  CHECK(bad.notice_texts[0].text().find("speed.quant") != std::string::npos);
  CHECK(bad.notice_texts[1].text().find("speed.n") != std::string::npos);
}

TEST_CASE("the speed CSV has one line per row with the measured figure and its source", "[speed_view]") {
  SpeedView view;
  view.context = 512;
  view.top_n = 3;
  const SpeedTable table = shipped_table(view);
  const std::string csv = speed_table_csv(table);
  CHECK(csv.find("card,id,gpus,engine,fits,needed_gb_per_gpu") != std::string::npos);
  CHECK(csv.find(",decode_low,decode_high,") != std::string::npos);
  std::size_t lines = 0;
  for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2)) ++lines;
  CHECK(lines == table.rows.size() + 1);
  view.top_n = 500;
  CHECK(speed_table_csv(shipped_table(view)).find("2024-05-12") != std::string::npos);
}

TEST_CASE("a model by its size, active parameters and unified memory come from the view", "[speed_view]") {
  const LinkDecode link =
      decode_link("v=1&tab=speed&speed.p=14.8&speed.active=3.6&speed.umem=192&speed.quant=fp8", ViewState{}, nullptr);
  CHECK(link.notice_texts.empty());
  const SpeedView& view = link.state.speed;
  const SpeedInput input = speed_input_from_view(view);
  CHECK(input.model.preset == "custom");
  CHECK(input.model.params_b == 14.8);
  CHECK(input.model.active_params_b == 3.6);
  CHECK(input.unified_memory_gb == 192);
  CHECK(input.quant == "fp8");
  CHECK_FALSE(check_speed_view(view));
  const SpeedTable table = shipped_table(view);
  CHECK(table.model_name == "14.8B");
  REQUIRE_FALSE(table.rows.empty());
  for (const SpeedRow& row : table.rows) CHECK_FALSE(row.measured_decode);  // measured runs are of presets
  // The defaults (0) change nothing: the preset's own model.
  const SpeedInput preset = speed_input_from_view(SpeedView{});
  CHECK(preset.model.preset == "llama-3-8b");
  CHECK(preset.unified_memory_gb == 0);

  SpeedView too_active = view;
  too_active.active_params_b = 20;
  REQUIRE(check_speed_view(too_active));
  CHECK(check_speed_view(too_active)->pattern == "active_params_b {0} must be from {1} to params_b ({2})");
}
