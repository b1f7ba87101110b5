// The measured-results loader (benchmarks.h): the shipped file, and each bad field named.
#include <catch2/catch.hpp>

#include "catalog/benchmarks.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::read_source_file;
using gpuwise::test::shipped_benchmarks;
using gpuwise::test::shipped_catalog;

namespace {

bool has_issue(const Benchmarks& b, const std::string& row_part, const std::string& field) {
  for (const auto& issue : b.issues) {
    if (issue.severity == CatalogIssue::Severity::error && issue.row.find(row_part) != std::string::npos &&
        issue.field == field) {
      return true;
    }
  }
  return false;
}

// The first row of the bad-rows fixture (a valid RTX 4090 run), for a test to change.
json fixture_row() { return json::parse(read_source_file("tests/fixtures/bad_benchmarks.json"))["results"][0]; }

// The fixture with `row` as its only result, loaded against the shipped catalog.
Benchmarks load_with_row(const json& row) {
  json doc = json::parse(read_source_file("tests/fixtures/bad_benchmarks.json"));
  doc["results"] = json::array({row});
  return load_benchmarks(dump_json(doc), shipped_catalog());
}

}  // namespace

TEST_CASE("shipped benchmarks.json loads without errors against the catalog", "[benchmarks]") {
  const Benchmarks b = load_benchmarks(read_source_file("data/benchmarks.json"), shipped_catalog());
  for (const auto& issue : b.issues) INFO(issue.to_string());
  CHECK(b.error_count() == 0);
  // Eight sets of language-model runs, 9 LLM training and 6 serving sources (issue 27),
  // twenty of image generation (issue 29).
  CHECK(b.sets.size() == 55);
  CHECK(b.results.size() > 900);
  // Every row cites a public page (a repository file at a commit, a docs or blog page),
  // never a local folder.
  int image_rows = 0;
  for (const auto& r : b.results) {
    REQUIRE(r.source.rfind("https://", 0) == 0);
    REQUIRE(r.source.find("/work/") == std::string::npos);
    if (r.phase == "image") {
      ++image_rows;
      CHECK(r.width.value_or(1024) > 0);
      CHECK((r.unit == "iterations_per_s" || r.unit == "seconds_per_image"));
    }
  }
  CHECK(image_rows == 144);
  // The llama.cpp row the issue quotes: RTX 4090, LLaMA 3 8B Q4_K_M, tg512.
  bool found = false;
  for (const MeasuredResult* r : results_for(b, "rtx-4090")) {
    if (r->phase == "decode" && r->model == "llama-3-8b" && r->precision == "q4_k_m" && r->context == 512 &&
        r->gpus == 1) {
      CHECK(r->value == 130.58);
      found = true;
    }
  }
  CHECK(found);
  // Issue 27: the source's multi-GPU rows (2x RTX 3090, 70B Q4_K_M tg512) and a run with
  // layers in system RAM, each with its own public source.
  bool multi = false, offload = false;
  for (const MeasuredResult* r : results_for(b, "rtx-3090")) {
    if (r->gpus == 2 && r->model == "llama-3-70b" && r->phase == "decode" && r->context == 512) {
      CHECK(r->value == 16.57);
      CHECK(r->set == "xiongjiedai-llama3-llamacpp-multigpu");
      multi = true;
    }
  }
  for (const MeasuredResult* r : results_for(b, "rtx-2080")) {
    if (r->gpu_layers) {
      CHECK(*r->gpu_layers == 32);
      CHECK(r->host_bandwidth_gbs == Approx(102));
      CHECK(r->source.rfind("https://github.com/AlexsJones/llmfit/pull/", 0) == 0);
      offload = true;
    }
  }
  CHECK(multi);
  CHECK(offload);
}

TEST_CASE("a run's GPU count and layers on the GPU are whole numbers of 1 or more", "[benchmarks]") {
  json row = fixture_row();
  row["gpus"] = 0;
  row["gpu_layers"] = "32";
  row["host_bandwidth_gbs"] = -1;
  const Benchmarks b = load_with_row(row);
  CHECK(b.results.empty());
  CHECK(has_issue(b, "results #1 (rtx-4090)", "gpus"));
  CHECK(has_issue(b, "results #1 (rtx-4090)", "gpu_layers"));
  CHECK(has_issue(b, "results #1 (rtx-4090)", "host_bandwidth_gbs"));
}

TEST_CASE("a training run states its activation checkpointing and power limit or leaves them out", "[benchmarks]") {
  json row = fixture_row();
  row["activation_checkpointing"] = "sometimes";
  row["power_limit_w"] = -500;
  const Benchmarks bad = load_with_row(row);
  CHECK(bad.results.empty());
  CHECK(has_issue(bad, "results #1 (rtx-4090)", "activation_checkpointing"));
  CHECK(has_issue(bad, "results #1 (rtx-4090)", "power_limit_w"));
  for (const char* mode : {"full", "selective", "none"}) {
    row["activation_checkpointing"] = mode;
    row["power_limit_w"] = 300;
    const Benchmarks good = load_with_row(row);
    REQUIRE(good.results.size() == 1);
    CHECK(good.results[0].full_recompute == (std::string(mode) == "full"));
    CHECK(good.results[0].power_limit_w == Approx(300));
  }
  // The shipped torchtitan runs at 32K tokens, 70B and 405B recomputed every layer.
  int full = 0;
  for (const auto& r : shipped_benchmarks().results) full += r.set == "torchtitan-h100-training" && r.full_recompute;
  CHECK(full == 3);
}

TEST_CASE("bad benchmark rows are dropped and each problem names row and field", "[benchmarks]") {
  const Benchmarks b = load_benchmarks(read_source_file("tests/fixtures/bad_benchmarks.json"), shipped_catalog());
  REQUIRE(b.results.size() == 1);
  CHECK(b.results[0].value == 130.58);
  CHECK(has_issue(b, "results #2 (rtx-9999)", "gpu_id"));
  CHECK(has_issue(b, "results #3", "unit"));
  CHECK(has_issue(b, "results #4", "phase"));
  CHECK(has_issue(b, "results #5", "date"));
  CHECK(has_issue(b, "results #5", "source"));
  CHECK(has_issue(b, "results #6", "value"));
  CHECK(has_issue(b, "results #7", "set"));
  CHECK(has_issue(b, "results #7", "date"));
  CHECK(has_issue(b, "results #7", "source"));
}

TEST_CASE("non-finite and absurd values are errors, not crashes", "[benchmarks]") {
  auto one_row = [](const json& value) {
    json row = {{"gpu_id", "rtx-4090"}, {"set", "s"},      {"model", "m"},
                {"precision", "f16"},   {"phase", "decode"}, {"value", value},
                {"unit", "tokens_per_s"}, {"date", "2024-05-12"}, {"software", "x"},
                {"source", "https://example.org"}};
    json doc = {{"schema_version", 1},
                {"sets", {{{"id", "s"}, {"what", "w"}, {"source", "https://example.org"}}}},
                {"results", {row}}};
    return load_benchmarks(dump_json(doc));
  };
  CHECK(one_row(1e300).results.empty());
  CHECK(one_row("12").results.empty());
  CHECK(one_row(0).results.empty());
  CHECK(one_row(12.5).results.size() == 1);
  // Not JSON, not an object, no lists: file-level errors, nothing loaded.
  CHECK(load_benchmarks("{").error_count() == 1);
  CHECK(load_benchmarks("[]").error_count() == 1);
  CHECK(load_benchmarks("{\"schema_version\": 1}").error_count() == 2);
  // Without a catalog an unknown id is not checked (the fuzz target and early loads).
  CHECK(load_benchmarks(read_source_file("tests/fixtures/bad_benchmarks.json")).results.size() == 2);
}
