// The catalog loader: one test per kind of bad row, each asserting that the message
// names the row and the field, and that good rows still load.
#include <catch2/catch.hpp>

#include "catalog/catalog.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
// Loads [good row, broken row] and returns the catalog.
Catalog load_with_broken(const json& broken) {
  return load_catalog(catalog_text(json::array({valid_row("good-card"), broken})));
}
bool has_issue(const Catalog& c, const std::string& row, const std::string& field, const std::string& words) {
  for (const auto& issue : c.issues) {
    if (issue.row == row && issue.field == field && issue.to_string().find(words) != std::string::npos) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("a valid row loads every field") {
  const Catalog c = load_catalog(catalog_text(json::array({valid_row()})));
  REQUIRE(c.issues.empty());
  REQUIRE(c.gpus.size() == 1);
  const Gpu& g = c.gpus[0];
  CHECK(g.id == "rtx-3090");
  CHECK(g.vram_gb == 24);
  CHECK(g.memory_bus_bits == 384);
  CHECK(g.fp32_tflops == Approx(35.58));
  CHECK(g.fp64_tflops == Approx(0.556));
  CHECK_FALSE(g.fp16_tflops.has_value());  // absent stays absent, never 0
  CHECK(g.tensor_cores == 328);
  CHECK(g.nvlink);
  CHECK(g.gpus_per_board == 1);
  CHECK(g.sources.size() == 1);
}

TEST_CASE("a missing required field names row and field, and the other rows load") {
  json row = valid_row("broken-card");
  row.erase("vram_gb");
  const Catalog c = load_with_broken(row);
  CHECK(c.gpus.size() == 1);
  CHECK(c.gpus[0].id == "good-card");
  CHECK(has_issue(c, "broken-card", "vram_gb", "required"));
  CHECK(c.issues[0].to_string() == "error: row 'broken-card', field 'vram_gb': is required but missing");
}

TEST_CASE("a wrong type is an error naming the field") {
  json row = valid_row("broken-card");
  row["fp32_tflops"] = "35.6";
  const Catalog c = load_with_broken(row);
  CHECK(c.gpus.size() == 1);
  CHECK(has_issue(c, "broken-card", "fp32_tflops", "must be a number (got string \"35.6\")"));
}

TEST_CASE("a negative number is an error") {
  json row = valid_row("broken-card");
  row["vram_gb"] = -24;
  const Catalog c = load_with_broken(row);
  CHECK(has_issue(c, "broken-card", "vram_gb", "must be a number > 0 (got -24)"));
}

TEST_CASE("zero for an optional figure is an error: unknown figures are omitted") {
  json row = valid_row("broken-card");
  row["fp16_tensor_tflops"] = 0;
  const Catalog c = load_with_broken(row);
  CHECK(has_issue(c, "broken-card", "fp16_tensor_tflops", "omit the field"));
}

TEST_CASE("a non-finite number is an error") {
  // JSON has no NaN or Infinity; 1e999 is how one would sneak in. The parser refuses
  // the number, so the file is rejected with the place of the problem.
  std::string text = catalog_text(json::array({valid_row("broken-card")}));
  const std::string needle = "\"fp32_tflops\":35.58";
  REQUIRE(text.find(needle) != std::string::npos);
  text.replace(text.find(needle), needle.size(), "\"fp32_tflops\":1e999");
  const Catalog c = load_catalog(text);
  CHECK(c.gpus.empty());
  REQUIRE(c.error_count() == 1);
  CHECK(c.issues[0].message.find("number overflow") != std::string::npos);
  CHECK(c.issues[0].message.find("line 1, column ") != std::string::npos);
}

TEST_CASE("a duplicate id is an error on the second row") {
  const Catalog c = load_catalog(catalog_text(json::array({valid_row("same"), valid_row("same")})));
  CHECK(c.gpus.size() == 1);
  CHECK(has_issue(c, "same", "id", "duplicate"));
}

TEST_CASE("an id that is not a slug is an error") {
  const Catalog c = load_with_broken(valid_row("RTX 3090"));
  CHECK(has_issue(c, "RTX 3090", "id", "slug"));
  CHECK(is_slug("a100-sxm4-80gb"));
  CHECK_FALSE(is_slug("a100--80gb"));
  CHECK_FALSE(is_slug("-a100"));
  CHECK_FALSE(is_slug("A100"));
}

TEST_CASE("an unknown vendor or line is an error") {
  json row = valid_row("broken-card");
  row["vendor"] = "Nvidia";
  row["line"] = "gaming";
  const Catalog c = load_with_broken(row);
  CHECK(has_issue(c, "broken-card", "vendor", "'Nvidia' is not one of NVIDIA, AMD, Intel"));
  CHECK(has_issue(c, "broken-card", "line", "'gaming' is not one of"));
}

TEST_CASE("fp64 above fp32 is an error") {
  json row = valid_row("broken-card");
  row["fp64_tflops"] = 40;
  CHECK(has_issue(load_with_broken(row), "broken-card", "fp64_tflops", "larger than fp32_tflops"));
}

TEST_CASE("tensor cores on Maxwell or older is an error") {
  json row = valid_row("broken-card");
  row["architecture"] = "Maxwell";
  row["tensor_cores"] = 64;
  CHECK(has_issue(load_with_broken(row), "broken-card", "tensor_cores", "Maxwell has no tensor cores"));
  row["tensor_cores"] = 0;
  CHECK(load_with_broken(row).gpus.size() == 2);
}

TEST_CASE("a row without sources, or with a source that is not a URL, is an error") {
  json row = valid_row("broken-card");
  row["sources"] = json::array();
  CHECK(has_issue(load_with_broken(row), "broken-card", "sources", "at least one"));
  row["sources"] = {"nvidia datasheet"};
  CHECK(has_issue(load_with_broken(row), "broken-card", "sources", "not an http(s) URL"));
}

TEST_CASE("NVIDIA rows need a compute capability shaped like 8.6") {
  json row = valid_row("broken-card");
  row.erase("compute_capability");
  CHECK(has_issue(load_with_broken(row), "broken-card", "compute_capability", "required"));
  row["compute_capability"] = "sm_86";
  CHECK(has_issue(load_with_broken(row), "broken-card", "compute_capability", "not shaped like"));
  row = valid_row("amd-card");
  row["vendor"] = "AMD";
  row.erase("compute_capability");
  CHECK(load_with_broken(row).gpus.size() == 2);
}

TEST_CASE("a whole-number field rejects fractions") {
  json row = valid_row("broken-card");
  row["cuda_cores"] = 10496.5;
  CHECK(has_issue(load_with_broken(row), "broken-card", "cuda_cores", "whole number"));
}

TEST_CASE("a row that is not an object is named by its position") {
  const Catalog c = load_catalog(catalog_text(json::array({valid_row("good-card"), 42})));
  CHECK(c.gpus.size() == 1);
  CHECK(has_issue(c, "#2", "", "must be a JSON object"));
}

TEST_CASE("a row without an id is named by its position") {
  json row = valid_row();
  row.erase("id");
  const Catalog c = load_with_broken(row);
  CHECK(has_issue(c, "#2", "id", "required"));
}

TEST_CASE("an unknown field is a warning and the row still loads") {
  json row = valid_row("typo-card");
  row["vram_gib"] = 24;
  const Catalog c = load_with_broken(row);
  CHECK(c.gpus.size() == 2);
  CHECK(c.error_count() == 0);
  CHECK(c.warning_count() == 1);
  CHECK(c.issues[0].to_string() == "warning: row 'typo-card', field 'vram_gib': is not a known field (see data/README.md); ignored");
}

TEST_CASE("file-level problems: bad JSON, wrong shape, schema version") {
  Catalog c = load_catalog("{\"schema_version\": 1,\n \"gpus\": [ {\"id\": } ]}");
  REQUIRE(c.error_count() == 1);
  CHECK(c.issues[0].to_string().find("not valid JSON: line 2, column 19: syntax error") != std::string::npos);
  CHECK(c.gpus.empty());

  c = load_catalog("[1, 2]");
  CHECK(c.issues[0].message.find("must be a JSON object") != std::string::npos);

  c = load_catalog("{\"schema_version\": 1}");
  CHECK(c.issues[0].field == "gpus");

  c = load_catalog("");
  CHECK(c.error_count() == 1);

  c = load_catalog(dump_json(json{{"schema_version", 2}, {"gpus", json::array({valid_row()})}}));
  CHECK(c.error_count() == 0);
  CHECK(c.warning_count() == 1);
  CHECK(c.gpus.size() == 1);  // a newer file is read as far as possible
}

TEST_CASE("catalog_to_json writes what load_catalog reads") {
  json second = valid_row("amd-card");
  second["vendor"] = "AMD";
  second.erase("compute_capability");
  second["gpus_per_board"] = 2;
  second["notes"] = "Dual-GPU board";
  const Catalog first = load_catalog(catalog_text(json::array({valid_row(), second})));
  REQUIRE(first.issues.empty());
  const Catalog again = load_catalog(catalog_to_json(first));
  REQUIRE(again.issues.empty());
  REQUIRE(again.gpus.size() == 2);
  CHECK(again.gpus[1].gpus_per_board == 2);
  CHECK(again.gpus[1].notes == "Dual-GPU board");
  CHECK(catalog_to_json(again) == catalog_to_json(first));
  // Absent optionals stay absent in the output.
  CHECK(catalog_to_json(first).find("fp16_tflops\"") == std::string::npos);
}

// [SECTION] Issue 13: kind, software and the GPU's share of unified memory
TEST_CASE("kind must be card, module or system, and a system needs its GPU memory share") {
  json wrong_kind = valid_row("broken-card");
  wrong_kind["kind"] = "laptop";
  CHECK(has_issue(load_with_broken(wrong_kind), "broken-card", "kind", "is not one of card, module, system"));

  json no_share = gpuwise::test::system_row("broken-card");
  no_share.erase("gpu_memory_share_pct");
  CHECK(has_issue(load_with_broken(no_share), "broken-card", "gpu_memory_share_pct", "is required for a system"));

  json too_much = gpuwise::test::system_row("broken-card");
  too_much["gpu_memory_share_pct"] = 120;
  CHECK(has_issue(load_with_broken(too_much), "broken-card", "gpu_memory_share_pct", "at most 100"));

  json no_software = valid_row("broken-card");
  no_software["software"] = json::array();
  CHECK(has_issue(load_with_broken(no_software), "broken-card", "software", "at least one stack"));

  const Catalog ok = load_catalog(catalog_text(json::array({gpuwise::test::system_row()})));
  REQUIRE(ok.gpus.size() == 1);
  CHECK(ok.gpus[0].vendor == "Apple");
  CHECK(has_unified_memory(ok.gpus[0]));
  CHECK(price_is_for_machine(ok.gpus[0]));
  CHECK(std::string(kind_label("system")) == "System");
}

TEST_CASE("a software key cuda.json does not list is an error naming the row and field") {
  json row = valid_row("odd-card");
  row["software"] = {"cuda", "cudaa"};
  const Catalog c = load_catalog(catalog_text(json::array({row})));
  REQUIRE(c.gpus.size() == 1);
  const auto issues = gpuwise::test::shipped_compat().check_software(c);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].row == "odd-card");
  CHECK(issues[0].field == "software");
  CHECK(issues[0].message.find("unknown stack 'cudaa'") != std::string::npos);
}
