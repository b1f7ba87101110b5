// Core speed: median microseconds per call of what the page does on input, natively
// and compiled to wasm (run under node). Built with -DGPUWISE_BENCH=ON; scripts/bench.sh
// builds and runs both and prints the table that docs/BENCHMARKS.md records.
//
// Usage: core_bench [RUNS (>= 5)] [NAME_PART]. Output, one line per benchmark:
// "bench<TAB>name<TAB>median_us<TAB>calls_per_run<TAB>runs".
//
// [SECTION] Timing: runs of enough calls to last ~25 ms, median of the runs' means
// [SECTION] Synthetic catalog: 10,000 GPUs with realistic figures
// [SECTION] The benchmarks
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ask/ask.h"
#include "catalog/catalog.h"
#include "catalog/catalog_binary.h"
#include "catalog/data_details.h"
#include "money/prices.h"
#include "rank/ranking.h"
#include "money/roi.h"
#include "view/share_link.h"

using namespace gpuwise;

namespace {

// [SECTION] Timing
volatile double g_sink = 0;  // results flow here so no call is optimised away
void sink(std::size_t count) { g_sink = g_sink + static_cast<double>(count); }
const char* g_only = nullptr;  // argv[2]: run only benchmarks whose name contains it

double now_us() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::micro>(clock::now().time_since_epoch()).count();
}

template <typename Call>
void bench(const char* name, int runs, Call&& call) {
  if (g_only && !std::strstr(name, g_only)) return;
  // Calibrate: as many calls as fill ~25 ms (at least 1), after one warm-up call.
  call();
  int calls = 1;
  for (;;) {
    const double start = now_us();
    for (int i = 0; i < calls; ++i) call();
    const double elapsed = now_us() - start;
    if (elapsed >= 25000 || calls >= (1 << 20)) break;
    calls = elapsed < 1 ? calls * 16 : std::max(calls + 1, static_cast<int>(calls * 25000 / elapsed));
  }
  std::vector<double> per_call;
  for (int run = 0; run < runs; ++run) {
    const double start = now_us();
    for (int i = 0; i < calls; ++i) call();
    per_call.push_back((now_us() - start) / calls);
  }
  std::sort(per_call.begin(), per_call.end());
  const double median = per_call[per_call.size() / 2];
  std::printf("bench\t%s\t%.3f\t%d\t%d\n", name, median, calls, runs);
  std::fflush(stdout);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "core_bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// [SECTION] Synthetic catalog: the shapes of real cards (data/gpus.json), at random
Catalog synthetic_catalog(int count) {
  std::mt19937 random(20260501);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
  auto chance = [&](double p) { return uniform(0, 1) < p; };
  auto pick = [&](const auto& list) { return list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(random)]; };
  const std::vector<double> vram = {4, 6, 8, 11, 12, 16, 20, 24, 32, 40, 48, 64, 80, 94, 96, 128, 141, 192};
  const std::vector<const char*> lines = {"geforce", "workstation", "datacenter"};
  const std::vector<const char*> nvidia_archs = {"Kepler", "Maxwell", "Pascal", "Volta", "Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell"};

  Catalog catalog;
  catalog.schema_version = 1;
  for (int i = 0; i < count; ++i) {
    Gpu g;
    g.id = "syn-" + std::to_string(i);
    const double vendor_roll = uniform(0, 1);
    g.vendor = vendor_roll < 0.7 ? "NVIDIA" : vendor_roll < 0.9 ? "AMD" : "Intel";
    g.line = pick(lines);
    g.release_year = static_cast<int>(uniform(2012, 2026));
    const double age = 2026 - g.release_year;  // newer cards are faster
    g.architecture = g.vendor == "NVIDIA" ? pick(nvidia_archs) : g.vendor == "AMD" ? "RDNA 3" : "Xe-HPG";
    g.name = g.vendor + " synthetic " + std::to_string(i);
    g.series = g.architecture + " series";
    if (g.vendor == "NVIDIA") g.compute_capability = std::to_string(3 + static_cast<int>(uniform(0, 7))) + ".0";
    g.vram_gb = pick(vram);
    g.gpus_per_board = chance(0.03) ? 2 : 1;
    g.memory_type = g.line == std::string("datacenter") ? "HBM3" : "GDDR6X";
    g.memory_bus_bits = static_cast<int>(pick(std::vector<int>{128, 192, 256, 384, 4096, 5120}));
    g.memory_bandwidth_gbs = uniform(150, 8000) / (1 + age / 4);
    const bool has_fp32 = !chance(0.02);  // a few accelerators publish no FP32 figure
    const double fp32 = uniform(2, 90) / (1 + age / 3);
    if (has_fp32) g.fp32_tflops = fp32;
    if (!chance(0.05)) g.fp64_tflops = fp32 / (g.line == std::string("datacenter") ? 2 : 64);
    if (chance(0.6)) g.fp16_tflops = fp32 * (chance(0.5) ? 1 : 2);
    const bool tensor = g.release_year >= 2017 && !chance(0.15);
    g.tensor_cores = tensor ? static_cast<int>(uniform(100, 700)) : 0;
    if (tensor) {
      const double fp16_tensor = fp32 * uniform(2, 8);
      g.fp16_tensor_tflops = fp16_tensor;
      if (g.release_year >= 2020) {
        g.bf16_tensor_tflops = fp16_tensor;
        g.tf32_tensor_tflops = fp16_tensor / 2;
      }
      if (g.release_year >= 2022 && chance(0.5)) g.fp8_tensor_tflops = fp16_tensor * 2;
      if (chance(0.7)) g.int8_tensor_tops = fp16_tensor * 2;
    }
    if (chance(0.8)) g.cuda_cores = static_cast<int>(uniform(1000, 22000));
    g.tdp_w = uniform(70, 1000);
    g.interface = "PCIe 4.0 x16";
    g.nvlink = chance(0.3);
    if (chance(0.7)) g.launch_price_usd = uniform(200, 40000);
    g.sources = {"https://example.com/datasheet/" + g.id};
    catalog.gpus.push_back(std::move(g));
  }
  return catalog;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(5, std::atoi(argv[1])) : 7;
  if (argc > 2) g_only = argv[2];
  const std::string root = GPUWISE_SOURCE_DIR;
  const std::string gpus_text = read_file(root + "/data/gpus.json");
  const std::string prices_text = read_file(root + "/data/prices.json");
  const Catalog catalog = load_catalog(gpus_text);
  const PriceBook book = load_prices(prices_text, catalog);
  const Catalog synthetic = synthetic_catalog(10000);
  std::vector<std::string> ids;
  for (const Gpu& gpu : catalog.gpus) ids.push_back(gpu.id);

  // [SECTION] The benchmarks
  RankingView cnn;  // the ranking tab's default: the CNN profile
  bench("rank_shipped_catalog", runs, [&] { sink(rank(catalog, cnn).rows.size()); });
  bench("rank_10000_synthetic", runs, [&] { sink(rank(synthetic, cnn).rows.size()); });
  RankingView llm;
  llm.profile = "llm-training";
  bench("rank_10000_synthetic_llm_training", runs, [&] { sink(rank(synthetic, llm).rows.size()); });

  // A view changed on every tab, as a visitor would share it.
  const std::string busy_link =
      "v=1&tab=roi&lang=zh&cur=CNY&q=3090&cat.vendor=NVIDIA,AMD&cat.vram=16&sort=-fp32_tflops&profile=custom"
      "&w=fp32_tflops:2,memory_bandwidth_gbs:1&rank.top=10&cmp=rtx-3090,rtx-4090,h100-sxm5&fit.p=70.6"
      "&fit.prec=int4&fit.mode=lora&adv.gpu=rtx-4090&adv.n=4&roi.gpu=h100-sxm5&roi.n=8&roi.price=25000"
      "&roi.hpd=12&roi.months=48";
  const ViewState busy = decode_link(busy_link, ViewState{}, &ids).state;
  bench("link_encode", runs, [&] { sink(encode_link(busy).size()); });
  bench("link_decode", runs, [&] { sink(decode_link(busy_link, ViewState{}, &ids).notices.size()); });

  RoiView roi;  // rtx-4090, 36 months, prices from data
  bench("roi_36_months", runs, [&] { sink(compute_roi(catalog, book, roi).months.size()); });

  bench("load_gpus_json", runs, [&] { sink(load_catalog(gpus_text).gpus.size()); });
  bench("load_prices_json", runs, [&] { sink(load_prices(prices_text, catalog).street_prices.size()); });
  // The files as the page downloads them: notes and sources left out, lists as tables
  // (data_details.h, written by src/tools/compact_data.cpp).
  const json page_gpus = split_details(parse_json(gpus_text).value).compact;
  const std::string page_gpus_text = dump_json(page_gpus);
  const std::string page_prices_text = dump_json(split_details(parse_json(prices_text).value).compact);
  bench("load_page_gpus_json", runs, [&] { sink(load_catalog(page_gpus_text).gpus.size()); });
  bench("load_page_prices_json", runs, [&] { sink(load_prices(page_prices_text, catalog).street_prices.size()); });
  // The catalog as the page downloads it: bytes, no JSON (catalog_binary.h).
  const std::string page_gpus_bytes = catalog_to_binary(load_catalog(page_gpus_text), moved_to_details(page_gpus));
  bench("load_page_gpus_bin", runs, [&] { sink(catalog_from_binary(page_gpus_bytes).gpus.size()); });

  // Ask (issue 30): one question planned over the whole catalog, as the page does on each
  // change of the question (aim: under one 16 ms frame in wasm). Without benchmarks.json,
  // as the first view has it.
  std::vector<CatalogIssue> issues;
  const SpeedCalibration speed = load_speed_calibration(read_file(root + "/data/speed_calibration.json"), issues);
  const ImageCalibration image = load_image_calibration(read_file(root + "/data/image_calibration.json"), issues);
  const SoftwareTable software = load_software(read_file(root + "/data/software.json"));
  const Compat compat = load_compat(read_file(root + "/data/cuda.json"));
  const AskData data{&catalog, &book, &speed, &image, nullptr, &software, &compat};
  const struct {
    const char* name;
    const char* link;
  } questions[] = {
      {"ask_first_view", "v=2"},  // what a first visit plans in its first frame: run Llama 3 8B
      {"ask_run_70b_budget_2000", "v=2&ask.model=llama-3-70b&budget=2000"},
      {"ask_finetune_8b_cn_budget", "v=2&ask.goal=finetune&mkt=cn&budget=1380"},
      {"ask_train_8b_20b_tokens", "v=2&ask.goal=train"},
      {"ask_serve_8b_50_users", "v=2&ask.goal=serve&ask.users=50"},
      {"ask_serve_70b_200_users", "v=2&ask.goal=serve&ask.users=200&ask.model=llama-3-70b"},
      {"ask_image_sdxl", "v=2&ask.goal=image&ask.model=sdxl"},
  };
  for (const auto& question : questions) {
    const ViewState q = decode_link(question.link, ViewState{}, &ids).state;
    bench(question.name, runs, [&] { sink(plan_ask(data, q.ask, q.buyer, q.roi).answers.size()); });
  }
  return 0;
}
