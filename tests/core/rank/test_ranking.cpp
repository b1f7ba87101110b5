// Rankings: the scoring formula worked by hand, the missing-figure rule, every filter,
// the guide's two printed rankings, and the shipped catalog under every profile.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/compat.h"
#include "rank/ranking.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::read_source_file;

using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;

namespace {

Gpu card(const std::string& id, double fp32_tflops, double bandwidth_gbs, double vram_gb = 16) {
  Gpu g;
  g.id = id;
  g.name = id;
  g.vendor = "NVIDIA";
  g.line = "geforce";
  g.architecture = "Ampere";
  g.compute_capability = "8.6";
  g.release_year = 2020;
  g.vram_gb = vram_gb;
  g.memory_bandwidth_gbs = bandwidth_gbs;
  g.fp32_tflops = fp32_tflops;
  g.tdp_w = 300;
  return g;
}

Catalog catalog_of(std::vector<Gpu> gpus) {
  Catalog c;
  c.schema_version = 1;
  c.gpus = std::move(gpus);
  return c;
}

RankingView custom(std::vector<MetricWeight> weights) {
  RankingView view;
  view.profile = "custom";
  view.custom_weights = std::move(weights);
  return view;
}

RankingView by_metric(const std::string& metric) {
  RankingView view;
  view.metric = metric;
  return view;
}

std::vector<std::string> ids(const Catalog& c, const RankedList& list) {
  std::vector<std::string> out;
  for (const auto& row : list.rows) out.push_back(c.gpus[row.gpu_index].id);
  return out;
}

const RankedGpu& row_of(const Catalog& c, const RankedList& list, const std::string& id) {
  for (const auto& row : list.rows) {
    if (c.gpus[row.gpu_index].id == id) return row;
  }
  FAIL("no row " << id);
  return list.rows.front();
}

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}


// The guide's 16 rows as a tiny catalog: its FP16 column as fp16_tflops, FP32 as fp32_tflops.
Catalog guide_catalog(json& printed) {
  const ParsedJson parsed = parse_json(read_source_file("tests/fixtures/guide_table.json"));
  REQUIRE(parsed.ok());
  printed = parsed.value["printed_rankings"];
  std::vector<Gpu> gpus;
  for (const auto& row : parsed.value["rows"]) {
    Gpu g = card(row["catalog_id"].get<std::string>(), row["fp32_tflops"].get<double>(), 100,
                 row["vram_gb"].get<double>());
    g.name = row["guide_name"].get<std::string>();
    g.fp16_tflops = row["fp16_tflops"].get<double>();
    gpus.push_back(g);
  }
  return catalog_of(gpus);
}

}  // namespace

// [SECTION] Profiles as data

TEST_CASE("the profile list: built-ins in order, custom last, every weight a known metric") {
  std::vector<std::string> keys;
  for (const auto& p : ranking_profiles()) {
    keys.push_back(p.key);
    CHECK(std::string(p.label).size() > 3);
    for (const auto& w : profile_weights(p.key)) {
      CHECK(find_ranking_metric(w.metric) != nullptr);
      CHECK(w.weight > 0);
    }
  }
  CHECK(keys == std::vector<std::string>{"cnn", "rnn", "llm-inference", "llm-training", "fp64", "custom"});
  CHECK(profile_weights("custom").empty());
  CHECK(profile_weights("nope").empty());
}

TEST_CASE("the guide's metric orders become descending weights") {
  // CNN / Transformer: tensor-core throughput > FP32 > memory bandwidth > FP16.
  CHECK(profile_weights("cnn") == std::vector<MetricWeight>{{"fp16_tensor_tflops", 4},
                                                            {"fp32_tflops", 3},
                                                            {"memory_bandwidth_gbs", 2},
                                                            {"fp16_tflops", 1}});
  // RNN: memory bandwidth > FP16 > tensor-core throughput > FP32.
  CHECK(profile_weights("rnn") == std::vector<MetricWeight>{{"memory_bandwidth_gbs", 4},
                                                            {"fp16_tflops", 3},
                                                            {"fp16_tensor_tflops", 2},
                                                            {"fp32_tflops", 1}});
  CHECK(profile_weights("fp64").front().metric == "fp64_tflops");
  CHECK(profile_weights("llm-inference").front().metric == "memory_bandwidth_gbs");
}

TEST_CASE("the metric table: TDP is the only lower-is-better metric; per-watt figures") {
  for (const auto& m : ranking_metrics()) CHECK(m.higher_is_better == (std::string(m.key) != "tdp_w"));
  Gpu g = card("x", 35.58, 936);
  g.tdp_w = 350;
  // 35.58 TFLOPS x 1000 / 350 W = 101.657 GFLOPS/W
  CHECK(*find_ranking_metric("fp32_per_watt")->catalog_value(g) == Approx(101.657).epsilon(1e-4));
  g.fp32_tflops = 4.37;
  g.gpus_per_board = 2;
  g.tdp_w = 300;
  // K80: two GPUs of 4.37 TFLOPS on one 300 W board: 8.74 x 1000 / 300 = 29.133
  CHECK(*find_ranking_metric("fp32_per_watt")->catalog_value(g) == Approx(29.1333).epsilon(1e-4));
  CHECK_FALSE(find_ranking_metric("fp16_tensor_per_watt")->catalog_value(g).has_value());
}

TEST_CASE("the UI's explanation strings exist") {
  CHECK(std::string(scoring_summary()).find("geometric mean") != std::string::npos);
  CHECK(std::string(scoring_formula()).find("100") != std::string::npos);
  CHECK(std::string(missing_rule_summary()).find("half") != std::string::npos);
}

// [SECTION] Scoring

TEST_CASE("single metric: each card's value over the best, times 100") {
  const Catalog c = catalog_of({card("a", 10, 500), card("b", 40, 250), card("c", 30, 100)});
  const RankedList list = rank(c, by_metric("fp32_tflops"));
  REQUIRE(list.error.empty());
  CHECK(ids(c, list) == std::vector<std::string>{"b", "c", "a"});
  CHECK(*list.rows[0].score == Approx(100));   // 40 / 40
  CHECK(*list.rows[1].score == Approx(75));    // 30 / 40
  CHECK(*list.rows[2].score == Approx(25));    // 10 / 40
  CHECK(list.metric_label == "FP32 (TFLOPS)");
  CHECK(*list.best_values[0] == 40);
}

TEST_CASE("TDP ranks the lowest power first: score = lowest / card's") {
  Gpu low = card("low", 10, 100);
  low.tdp_w = 150;
  Gpu high = card("high", 10, 100);
  high.tdp_w = 300;
  const Catalog c = catalog_of({high, low});
  const RankedList list = rank(c, by_metric("tdp_w"));
  CHECK(ids(c, list) == std::vector<std::string>{"low", "high"});
  CHECK(*list.rows[0].score == Approx(100));  // 150 / 150
  CHECK(*list.rows[1].score == Approx(50));   // 150 / 300
}

TEST_CASE("profile: a weighted geometric mean of the ratios to the best") {
  // a: fp32 10/20 = 0.5, bandwidth 500/500 = 1  -> 100 x 0.5^(3/4) = 59.46
  // b: fp32 20/20 = 1,   bandwidth 250/500 = 0.5 -> 100 x 0.5^(1/4) = 84.09
  const Catalog c = catalog_of({card("a", 10, 500), card("b", 20, 250)});
  const RankedList list = rank(c, custom({{"fp32_tflops", 3}, {"memory_bandwidth_gbs", 1}}));
  REQUIRE(list.error.empty());
  CHECK(ids(c, list) == std::vector<std::string>{"b", "a"});
  CHECK(*list.rows[0].score == Approx(84.0896).epsilon(1e-5));
  CHECK(*list.rows[1].score == Approx(59.4604).epsilon(1e-5));
  CHECK(*list.normalized_value(row_of(c, list, "a"), 0) == Approx(0.5));
  CHECK(list.profile == "custom");
}

TEST_CASE("only the ratios between weights matter; zero weights drop out; repeats add up") {
  const Catalog c = catalog_of({card("a", 10, 500), card("b", 20, 250)});
  const RankedList base = rank(c, custom({{"fp32_tflops", 3}, {"memory_bandwidth_gbs", 1}}));
  const RankedList scaled = rank(c, custom({{"fp32_tflops", 30}, {"memory_bandwidth_gbs", 10}, {"vram_gb", 0}}));
  const RankedList repeated =
      rank(c, custom({{"fp32_tflops", 1}, {"memory_bandwidth_gbs", 1}, {"fp32_tflops", 2}}));
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(*scaled.rows[i].score == Approx(*base.rows[i].score));
    CHECK(*repeated.rows[i].score == Approx(*base.rows[i].score));
  }
  CHECK(scaled.weights.size() == 2);  // vram_gb (weight 0) is not listed
  CHECK(repeated.weights == std::vector<MetricWeight>{{"fp32_tflops", 3}, {"memory_bandwidth_gbs", 1}});
}

TEST_CASE("a real zero (no tensor cores) gives a zero score, not a missing one") {
  Gpu pascal = card("pascal", 10, 500);
  pascal.tensor_cores = 0;
  Gpu volta = card("volta", 10, 500);
  volta.tensor_cores = 640;
  const Catalog c = catalog_of({pascal, volta});
  const RankedList list = rank(c, by_metric("tensor_cores"));
  CHECK(*row_of(c, list, "pascal").score == 0);
  CHECK(*row_of(c, list, "volta").score == Approx(100));
  // A list where nobody has any: the metric carries no information, everyone is 100.
  const Catalog only_pascal = catalog_of({pascal});
  CHECK(*rank(only_pascal, by_metric("tensor_cores")).rows[0].score == Approx(100));
}

TEST_CASE("equal scores: more VRAM first, then name A-Z") {
  const Catalog c = catalog_of({card("b-16", 10, 100, 16), card("a-16", 10, 100, 16), card("c-32", 10, 100, 32)});
  CHECK(ids(c, rank(c, by_metric("fp32_tflops"))) == std::vector<std::string>{"c-32", "a-16", "b-16"});
}

// [SECTION] Missing figures

TEST_CASE("a missing figure is never 0: scored on what the card has, weights rescaled, flagged") {
  // weights fp32 3, bandwidth 1; c has no bandwidth figure (known share 3/4 > 1/2).
  // c: fp32 20/20 = 1 over the fp32 weight alone -> 100; flagged as missing bandwidth.
  Gpu unknown_bw = card("c", 20, 0);
  const Catalog c = catalog_of({card("a", 10, 500), card("b", 20, 250), unknown_bw});
  const RankedList list = rank(c, custom({{"fp32_tflops", 3}, {"memory_bandwidth_gbs", 1}}));
  const RankedGpu& row = row_of(c, list, "c");
  REQUIRE(row.score.has_value());
  CHECK(*row.score == Approx(100));
  CHECK(list.missing_metrics(row) == std::vector<std::string>{"memory_bandwidth_gbs"});
  CHECK(row.known_weight_share == Approx(0.75));
  CHECK_FALSE(list.metric_value(row, 1).has_value());
  CHECK(*list.metric_value(row, 0) == 20);  // the row reads its own figures, not a neighbour's
  CHECK(*list.best_values[1] == 500);  // the missing card does not change the best
}

TEST_CASE("a card whose known figures carry half the weight or less gets no score and goes last") {
  // Equal weights, b lacks fp32: known share 1/2, not more than half -> unscored.
  Gpu no_fp32 = card("b", 0, 900);
  no_fp32.fp32_tflops.reset();
  const Catalog c = catalog_of({no_fp32, card("a", 10, 100), card("z", 5, 50)});
  const RankedList list = rank(c, custom({{"fp32_tflops", 1}, {"memory_bandwidth_gbs", 1}}));
  CHECK(ids(c, list) == std::vector<std::string>{"a", "z", "b"});
  CHECK_FALSE(list.rows[2].score.has_value());
  CHECK(list.missing_metrics(list.rows[2]) == std::vector<std::string>{"fp32_tflops"});
  CHECK(list.scored_count == 2);
  // One metric: a card without it is listed last without a score.
  const RankedList single = rank(c, by_metric("fp32_tflops"));
  CHECK(ids(c, single).back() == "b");
  CHECK_FALSE(single.rows.back().score.has_value());
  CHECK(format_score(single.rows.back().score) == kMissing);
}

TEST_CASE("cnn: a card without tensor cores is scored at its real matrix rate, not renormalised upward") {
  // x (Pascal-like): tensor_cores 0, FP32 11.34, no FP16 figure, 484 GB/s
  // y (Turing-like): FP16 tensor 51.6, FP32 6.45, FP16 12.9, 336 GB/s
  // x's tensor and FP16 figures fall back to its FP32 rate, 11.34 (marked estimated).
  // Best: tensor 51.6, FP32 11.34, bandwidth 484, FP16 12.9; weights 4, 3, 2, 1 (sum 10).
  // x: 100 x (11.34/51.6)^0.4 x 1^0.3 x 1^0.2 x (11.34/12.9)^0.1
  //    = 100 x 0.219767^0.4 x 0.879070^0.1 = 53.85
  // y: 100 x 1^0.4 x (6.45/11.34)^0.3 x (336/484)^0.2 x 1^0.1
  //    = 100 x 0.568783^0.3 x 0.694215^0.2 = 78.48
  // Renormalising x over FP32 and bandwidth alone would have given it 100.
  Gpu x = card("x", 11.34, 484);
  x.architecture = "Pascal";
  x.tensor_cores = 0;
  Gpu y = card("y", 6.45, 336);
  y.architecture = "Turing";
  y.tensor_cores = 240;
  y.fp16_tensor_tflops = 51.6;
  y.fp16_tflops = 12.9;
  const Catalog c = catalog_of({x, y});
  RankingView view;
  view.profile = "cnn";
  const RankedList list = rank(c, view);
  CHECK(ids(c, list) == std::vector<std::string>{"y", "x"});
  CHECK(*row_of(c, list, "x").score == Approx(53.8502).epsilon(1e-5));
  CHECK(*row_of(c, list, "y").score == Approx(78.4843).epsilon(1e-5));
  CHECK(list.estimated_metrics(row_of(c, list, "x")) == std::vector<std::string>{"fp16_tensor_tflops", "fp16_tflops"});
  CHECK(list.missing_metrics(row_of(c, list, "x")).empty());
  // Ranking by the one metric shows the catalog's figure: none.
  CHECK_FALSE(row_of(c, rank(c, by_metric("fp16_tensor_tflops")), "x").score.has_value());
}

TEST_CASE("fallback rates: FP16 vector for P100-like cards; FP32 for BF16 before Ampere") {
  Gpu p100 = card("p100", 10.6, 732);
  p100.tensor_cores = 0;
  p100.fp16_tflops = 21.2;
  const MetricReading tensor = profile_metric_value(*find_ranking_metric("fp16_tensor_tflops"), p100);
  CHECK(*tensor.value == 21.2);
  CHECK(tensor.estimated);
  Gpu v100 = card("v100", 15.7, 900);
  v100.architecture = "Volta";
  v100.tensor_cores = 640;
  v100.fp16_tensor_tflops = 125;
  const MetricReading bf16 = profile_metric_value(*find_ranking_metric("bf16_tensor_tflops"), v100);
  CHECK(*bf16.value == 15.7);
  CHECK(bf16.estimated);
  // An Ampere card without a BF16 figure is unknown, not estimated.
  Gpu ampere = card("a5000", 27.8, 768);
  ampere.tensor_cores = 256;
  CHECK_FALSE(profile_metric_value(*find_ranking_metric("bf16_tensor_tflops"), ampere).value.has_value());
  // A card whose tensor core count is unknown gets no estimate either.
  Gpu unknown_cores = card("u", 10, 100);
  CHECK_FALSE(profile_metric_value(*find_ranking_metric("fp16_tensor_tflops"), unknown_cores).value.has_value());
}

// [SECTION] Filters

TEST_CASE("each filter keeps only matching cards") {
  Gpu amd = card("amd", 10, 100, 24);
  amd.vendor = "AMD";
  amd.line = "datacenter";
  amd.architecture = "CDNA 2";
  amd.compute_capability.clear();
  amd.release_year = 2021;
  amd.launch_price_usd = 5000;
  Gpu old = card("old", 10, 100, 8);
  old.release_year = 2016;
  old.architecture = "Pascal";
  old.compute_capability = "6.1";
  old.launch_price_usd = 699;
  Gpu no_price = card("no-price", 10, 100, 12);
  const Catalog c = catalog_of({amd, old, no_price});
  auto ranked = [&](const RankingView& v) { return ids(c, rank(c, v, &shipped_compat())); };
  RankingView v = by_metric("fp32_tflops");
  CHECK(ranked(v).size() == 3);

  RankingView f = v;
  f.vendors = {"AMD"};
  CHECK(ranked(f) == std::vector<std::string>{"amd"});
  f = v;
  f.lines = {"geforce"};
  CHECK(ranked(f) == std::vector<std::string>{"no-price", "old"});
  f = v;
  f.architectures = {"Pascal", "CDNA 2"};
  CHECK(ranked(f) == std::vector<std::string>{"amd", "old"});
  f = v;
  f.min_vram_gb = 12;  // 12 GB passes: the bound is inclusive
  CHECK(ranked(f) == std::vector<std::string>{"amd", "no-price"});
  f = v;
  f.year_min = 2020;
  CHECK(ranked(f) == std::vector<std::string>{"amd", "no-price"});
  f = v;
  f.max_price_usd = 1000;  // the price cap reads the buyer's prices: rank_for_buyer applies it
  CHECK(ranked(f).size() == 3);  // (test_buyer_ranking.cpp)
  f = v;
  f.cuda = "10.2";  // runs on Pascal (6.1), not Ampere (8.6), never on AMD
  CHECK(ranked(f) == std::vector<std::string>{"old"});
  f.cuda = "13.0";  // 13.0 dropped Pascal
  CHECK(ranked(f) == std::vector<std::string>{"no-price"});
  f = v;
  f.pytorch = "1.6";  // 1.6 wheels: sm_37 .. sm_75, no Ampere
  CHECK(ranked(f) == std::vector<std::string>{"old"});
  f.pytorch = "2.14";  // cu126 keeps Pascal, every wheel runs Ampere
  CHECK(ranked(f) == std::vector<std::string>{"no-price", "old"});
}

TEST_CASE("allowed_ids (the VRAM-fit filter) restricts the list; null means no restriction") {
  const Catalog c = catalog_of({card("a", 10, 100), card("b", 20, 100), card("c", 30, 100)});
  const std::vector<std::string> allowed = {"a", "c"};
  CHECK(ids(c, rank(c, by_metric("fp32_tflops"), nullptr, &allowed)) == std::vector<std::string>{"c", "a"});
  CHECK(rank(c, by_metric("fp32_tflops"), nullptr, nullptr).rows.size() == 3);
  // The best is taken over the filtered list: a is 10/30 with c, 10/10 alone.
  const std::vector<std::string> only_a = {"a"};
  CHECK(*rank(c, by_metric("fp32_tflops"), nullptr, &only_a).rows[0].score == Approx(100));
}

// [SECTION] Errors

TEST_CASE("what cannot be ranked is an error naming what was wrong, with no rows") {
  const Catalog c = catalog_of({card("a", 10, 100)});
  RankingView v;
  v.profile = "gaming";
  CHECK(rank(c, v).error.find("unknown profile 'gaming'") != std::string::npos);
  CHECK(rank(c, by_metric("fp33")).error.find("unknown metric 'fp33'") != std::string::npos);
  CHECK(rank(c, custom({})).error.find("every weight is 0") != std::string::npos);
  CHECK(rank(c, custom({{"vram_gib", 1}})).error.find("'vram_gib'") != std::string::npos);
  CHECK(rank(c, custom({{"vram_gb", -1}})).error.find(">= 0") != std::string::npos);
  CHECK(rank(c, custom({{"vram_gb", std::nan("")}})).error.find(">= 0") != std::string::npos);
  v = by_metric("fp32_tflops");
  v.cuda = "10.2";
  CHECK(rank(c, v, nullptr).error.find("needs cuda.json") != std::string::npos);
  v.cuda = "11.9";
  const RankedList unknown_cuda = rank(c, v, &shipped_compat());
  CHECK(unknown_cuda.error.find("unknown CUDA version '11.9'") != std::string::npos);
  CHECK(unknown_cuda.rows.empty());
  v.cuda.clear();
  v.pytorch = "0.4";
  CHECK(rank(c, v, &shipped_compat()).error.find("unknown PyTorch version '0.4'") != std::string::npos);
}

// [SECTION] The guide's printed rankings

TEST_CASE("the guide's FP32 ranking is reproduced exactly") {
  json printed;
  const Catalog c = guide_catalog(printed);
  const RankedList list = rank(c, by_metric("fp32_tflops"));
  std::vector<std::string> expected;
  for (const auto& id : printed["fp32_tflops"]) expected.push_back(id.get<std::string>());
  CHECK(ids(c, list) == expected);
  // The two V100 NVLink rows tie at 15.7: the 32 GB card first, as the guide prints.
  CHECK(*row_of(c, list, "tesla-v100-sxm2-32gb").score == *row_of(c, list, "tesla-v100-sxm2-16gb").score);
}

TEST_CASE("the guide's FP16 ranking is reproduced except its one error: 2080 Ti (26.9) above 3060 (25.5)") {
  json printed;
  const Catalog c = guide_catalog(printed);
  std::vector<std::string> expected;
  for (const auto& id : printed["fp16_tflops"]) expected.push_back(id.get<std::string>());
  const auto it = std::find(expected.begin(), expected.end(), "rtx-3060");
  REQUIRE(it + 1 != expected.end());
  REQUIRE(*(it + 1) == "rtx-2080-ti");  // the guide's order
  std::iter_swap(it, it + 1);
  const std::vector<std::string> ours = ids(c, rank(c, by_metric("fp16_tflops")));
  CHECK(ours == expected);
  CHECK(std::find(ours.begin(), ours.end(), "rtx-2080-ti") < std::find(ours.begin(), ours.end(), "rtx-3060"));
}

// [SECTION] The shipped catalog

TEST_CASE("every profile and metric ranks the shipped catalog with finite, sorted scores") {
  const Catalog& c = shipped_catalog();
  REQUIRE(c.error_count() == 0);
  std::vector<RankingView> views;
  for (const auto& p : ranking_profiles()) {
    if (std::string(p.key) == "custom") continue;
    RankingView v;
    v.profile = p.key;
    views.push_back(v);
  }
  for (const auto& m : ranking_metrics()) views.push_back(by_metric(m.key));
  for (const auto& v : views) {
    INFO(v.profile << " / " << v.metric);
    const RankedList list = rank(c, v);
    REQUIRE(list.error.empty());
    CHECK(list.rows.size() == c.gpus.size());
    REQUIRE(list.rows[0].score.has_value());
    if (!v.metric.empty()) CHECK(*list.rows[0].score == Approx(100.0));  // the best is 100
    bool unscored_seen = false;  // every scored card comes before every unscored one, a 0 too
    for (std::size_t i = 0; i < list.rows.size(); ++i) {
      const auto& s = list.rows[i].score;
      if (!s) {
        unscored_seen = true;
        continue;
      }
      CHECK_FALSE(unscored_seen);
      CHECK(std::isfinite(*s));
      CHECK(*s >= 0);
      CHECK(*s <= 100);
      if (i > 0 && list.rows[i - 1].score) CHECK(*list.rows[i - 1].score >= *s);
    }
  }
}

TEST_CASE("shipped catalog, cnn: cards without tensor cores are complete, at their real matrix rate") {
  const Catalog& c = shipped_catalog();
  RankingView v;
  v.profile = "cnn";
  const RankedList list = rank(c, v);
  int tensorless = 0;
  for (const auto& row : list.rows) {
    const Gpu& g = c.gpus[row.gpu_index];
    if (g.tensor_cores && *g.tensor_cores == 0) {
      INFO(g.id);
      ++tensorless;
      CHECK(row.score.has_value());
      CHECK(list.missing_metrics(row).empty());  // nothing left out that could lift the score
      CHECK(contains(list.estimated_metrics(row), "fp16_tensor_tflops"));
    }
  }
  CHECK(tensorless >= 30);  // Kepler, Maxwell, Pascal, GTX 16
  // P100 SXM2 multiplies at its FP16 vector rate, 21.2; the GTX 1080 Ti at its FP32 rate.
  CHECK(*list.metric_value(row_of(c, list, "tesla-p100-sxm2-16gb"), 0) == Approx(21.2));
  CHECK(*list.metric_value(row_of(c, list, "gtx-1080-ti"), 0) == Approx(11.34));
  // 1080 Ti / 2060 = (11.34/25.8)^0.4 (11.34/6.451)^0.3 (484/336)^0.2 (11.34/12.9)^0.1 = 0.905
  CHECK(*row_of(c, list, "gtx-1080-ti").score / *row_of(c, list, "rtx-2060").score == Approx(0.905).epsilon(0.002));
  // The H100 SXM has no vector-FP16 figure: scored, flagged, not sunk.
  const RankedGpu& h100 = row_of(c, list, "h100-sxm5");
  CHECK(h100.score.has_value());
  CHECK(list.missing_metrics(row_of(c, list, "gaudi2")).size() >= 2);
}

TEST_CASE("shipped catalog, fp64: cards without an FP64 figure get no score") {
  const Catalog& c = shipped_catalog();
  RankingView v;
  v.profile = "fp64";
  const RankedList list = rank(c, v);
  for (const auto& row : list.rows) {
    const Gpu& g = c.gpus[row.gpu_index];
    CHECK(row.score.has_value() == g.fp64_tflops.has_value());
  }
}

TEST_CASE("shipped catalog: CUDA 10.2 keeps no Ampere card, CUDA 12.x no Kepler card") {
  const Catalog& c = shipped_catalog();
  RankingView v = by_metric("fp32_tflops");
  v.cuda = "10.2";
  const RankedList cuda10 = rank(c, v, &shipped_compat());
  REQUIRE(cuda10.error.empty());
  CHECK(cuda10.rows.size() > 20);
  for (const auto& row : cuda10.rows) CHECK(c.gpus[row.gpu_index].architecture != "Ampere");
  CHECK(contains(ids(c, cuda10), "rtx-2080-ti"));
  CHECK(contains(ids(c, cuda10), "tesla-v100-sxm2-32gb"));
  for (const std::string version : {"12.x", "12.0"}) {
    v.cuda = version;
    const RankedList cuda12 = rank(c, v, &shipped_compat());
    REQUIRE(cuda12.error.empty());
    for (const auto& row : cuda12.rows) CHECK(c.gpus[row.gpu_index].architecture != "Kepler");
    CHECK(contains(ids(c, cuda12), "gtx-titan-x"));  // Maxwell runs 12.x
  }
}

TEST_CASE("display rounding: one decimal, the same in the page and the command") {
  CHECK(display_score(84.0896) == Approx(84.1));
  CHECK(format_score(84.0896) == "84.1");
  CHECK(format_score(100.0) == "100.0");
  CHECK(format_score(std::nullopt) == kMissing);
}

// [SECTION] Issue 13: a unified-memory system through the ranking's filters
TEST_CASE("the unified-memory, runs-on-CUDA and any-backend PyTorch filters of the ranking") {
  const Catalog c = load_catalog(gpuwise::test::catalog_text(
      json::array({gpuwise::test::system_row("mac-studio"), gpuwise::test::valid_row("rtx-3090")})));
  REQUIRE(c.error_count() == 0);
  const Compat& compat = shipped_compat();
  RankingView view;
  view.profile = "llm-inference";
  view.unified_only = true;
  RankedList list = rank(c, view, &compat);
  REQUIRE(list.rows.size() == 1);
  CHECK(c.gpus[list.rows[0].gpu_index].id == "mac-studio");
  CHECK(list.rows[0].score.has_value());
  CHECK(price_is_for_machine(c.gpus[list.rows[0].gpu_index]));

  view.unified_only = false;
  view.cuda_only = true;
  list = rank(c, view, &compat);
  REQUIRE(list.rows.size() == 1);
  CHECK(c.gpus[list.rows[0].gpu_index].id == "rtx-3090");

  // PyTorch 2.1 runs on both (CUDA wheels; MPS since 1.12); 1.11 predates MPS.
  view.cuda_only = false;
  view.pytorch_any = "2.1";
  CHECK(rank(c, view, &compat).rows.size() == 2);
  view.pytorch_any = "1.11";
  list = rank(c, view, &compat);
  REQUIRE(list.rows.size() == 1);
  CHECK(c.gpus[list.rows[0].gpu_index].id == "rtx-3090");
  view.pytorch_any = "9.9";
  CHECK(rank(c, view, &compat).error.find("unknown PyTorch version '9.9'") != std::string::npos);
  CHECK(rank(c, view, nullptr).error.find("needs cuda.json") != std::string::npos);
}
