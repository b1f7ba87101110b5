// The page's compact data files (data_details.h): what a first visit downloads loads to
// the same figures as data/*.json, and with details.json merged back to the same data.
#include <catch2/catch.hpp>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/data_details.h"
#include "money/prices.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::read_source_file;

namespace {

json shipped(const char* name) { return json::parse(read_source_file(std::string("data/") + name)); }

// catalog_to_json without the fields the compact file leaves out.
json figures_only(const Catalog& catalog) {
  json rows = json::parse(catalog_to_json(catalog))["gpus"];
  for (json& row : rows) {
    row.erase("sources");
    row.erase("notes");
  }
  return rows;
}

void check_same_prices(const PriceBook& a, const PriceBook& b, bool with_details) {
  REQUIRE(a.street_prices.size() == b.street_prices.size());
  for (std::size_t i = 0; i < a.street_prices.size(); ++i) {
    const StreetPrice& x = a.street_prices[i];
    const StreetPrice& y = b.street_prices[i];
    INFO("street price #" << i + 1 << " (" << x.gpu_id << ")");
    CHECK(x.gpu_id == y.gpu_id);
    CHECK(x.usd == y.usd);
    CHECK(x.cny == y.cny);
    CHECK(x.condition == y.condition);
    CHECK(x.date_seen == y.date_seen);
    if (with_details) CHECK((x.source == y.source && x.notes == y.notes));
  }
  REQUIRE(a.cloud_rates.size() == b.cloud_rates.size());
  for (std::size_t i = 0; i < a.cloud_rates.size(); ++i) {
    const CloudRate& x = a.cloud_rates[i];
    const CloudRate& y = b.cloud_rates[i];
    INFO("cloud rate #" << i + 1 << " (" << x.gpu_id << ", " << x.provider << ")");
    CHECK(x.gpu_id == y.gpu_id);
    CHECK(x.provider == y.provider);
    CHECK(x.pricing == y.pricing);
    CHECK(x.usd_per_gpu_hour == y.usd_per_gpu_hour);
    CHECK(x.cny_per_gpu_hour == y.cny_per_gpu_hour);
    CHECK(x.date_seen == y.date_seen);
    if (with_details) CHECK((x.source == y.source && x.notes == y.notes));
  }
  CHECK(a.cny_per_usd == b.cny_per_usd);
}

}  // namespace

TEST_CASE("split_details moves notes and URLs wherever they sit, and merging gives the file back") {
  const json full = json::parse(R"({
    "schema_version": 1, "home": "https://example.org/", "count": 2,
    "rows": [
      {"id": "a", "notes": "first", "sources": ["https://a.example/1", "http://a.example/2"], "size": 3},
      {"id": "b", "tags": ["x", "https://not-only-urls.example/"], "size": 4},
      {"id": "c", "nested": {"source": "https://c.example/", "value": 5}}
    ]})");
  const SplitData split = split_details(full);
  CHECK(split.compact["rows"].contains(kTableRowsKey));  // the rows as a table
  json compact_rows = split.compact;
  REQUIRE(expand_tables(compact_rows).empty());
  CHECK(compact_rows == json::parse(R"({
    "schema_version": 1, "count": 2, "details_moved": ["home", "notes", "source", "sources"],
    "rows": [{"id": "a", "size": 3}, {"id": "b", "tags": ["x", "https://not-only-urls.example/"], "size": 4},
             {"id": "c", "nested": {"value": 5}}]})"));
  CHECK(split.details == json::parse(R"({
    "home": "https://example.org/",
    "rows": [{"notes": "first", "sources": ["https://a.example/1", "http://a.example/2"]}, null,
             {"nested": {"source": "https://c.example/"}}]})"));
  CHECK(moved_to_details(split.compact) == std::set<std::string>{"home", "notes", "source", "sources"});
  CHECK(merge_details(split.compact, split.details) == full);
  CHECK(moved_to_details(full).empty());
}

TEST_CASE("a file with nothing to move stays as it is, with no details") {
  const json plain = json::parse(R"({"schema_version": 1, "rows": [{"id": "a"}]})");
  const SplitData split = split_details(plain);
  CHECK(split.compact == plain);
  CHECK(split.details.is_null());
  CHECK(merge_details(split.compact, split.details) == plain);
}

TEST_CASE("the compact gpus.json loads to the same figures for every card, with its details, to the same catalog") {
  const json full_json = shipped("gpus.json");
  const Catalog full = load_catalog(dump_json(full_json));
  const SplitData split = split_details(full_json);
  const Catalog compact = load_catalog(dump_json(split.compact));
  for (const auto& issue : compact.issues) UNSCOPED_INFO(issue.to_string());
  CHECK(compact.issues.size() == full.issues.size());
  CHECK(compact.details_elsewhere);
  CHECK_FALSE(full.details_elsewhere);
  REQUIRE(compact.gpus.size() == full.gpus.size());
  CHECK(figures_only(compact) == figures_only(full));
  for (const Gpu& gpu : compact.gpus) CHECK((gpu.sources.empty() && gpu.notes.empty()));

  const Catalog merged = load_catalog(dump_json(merge_details(split.compact, split.details)));
  CHECK_FALSE(merged.details_elsewhere);
  CHECK(catalog_to_json(merged) == catalog_to_json(full));
}

TEST_CASE("the compact prices.json and cuda.json load to the same prices and tables") {
  const Catalog catalog = load_catalog(read_source_file("data/gpus.json"));
  const json prices_json = shipped("prices.json");
  const SplitData prices = split_details(prices_json);
  const PriceBook full_book = load_prices(dump_json(prices_json), catalog);
  const PriceBook compact_book = load_prices(dump_json(prices.compact), catalog);
  for (const auto& issue : compact_book.issues) UNSCOPED_INFO(issue.to_string());
  CHECK(compact_book.issues.size() == full_book.issues.size());
  check_same_prices(compact_book, full_book, false);
  check_same_prices(load_prices(dump_json(merge_details(prices.compact, prices.details)), catalog), full_book, true);

  const json cuda_json = shipped("cuda.json");
  const SplitData cuda = split_details(cuda_json);
  const Compat full_compat = load_compat(dump_json(cuda_json));
  const Compat compact_compat = load_compat(dump_json(cuda.compact));
  CHECK(compact_compat.issues.size() == full_compat.issues.size());
  CHECK(compact_compat.toolkits.size() == full_compat.toolkits.size());
  CHECK(compact_compat.compute_capabilities.size() == full_compat.compute_capabilities.size());
  CHECK(compact_compat.pytorch.size() == full_compat.pytorch.size());
  // What the page asks of it gives the same answers for every card.
  for (const Gpu& gpu : catalog.gpus) {
    for (const auto& toolkit : full_compat.toolkits) {
      CHECK(compact_compat.runs_cuda(gpu, toolkit.version) == full_compat.runs_cuda(gpu, toolkit.version));
    }
  }
  CHECK(merge_details(cuda.compact, cuda.details) == cuda_json);
}

TEST_CASE("a compact file still refuses a required field that did not move") {
  json row = gpuwise::test::valid_row();
  row.erase("vram_gb");
  json file = {{"schema_version", 1}, {"gpus", json::array({row})}, {kDetailsMovedKey, {"sources"}}};
  file["gpus"][0].erase("sources");
  const Catalog catalog = load_catalog(dump_json(file));
  REQUIRE(catalog.issues.size() == 1);
  CHECK(catalog.issues[0].field == "vram_gb");
  // Without the marker, a missing sources list is still an error.
  file.erase(kDetailsMovedKey);
  file["gpus"][0]["vram_gb"] = 24;
  CHECK(load_catalog(dump_json(file)).error_count() >= 1);
}

TEST_CASE("lists of rows become tables, field names once, and expand back to the same rows") {
  const json full = json::parse(R"({"schema_version": 1, "gpus": [
      {"id": "a", "vram_gb": 24, "software": ["cuda"]},
      {"id": "b", "tdp_w": 300, "ports": [{"kind": "dp", "count": 3}, {"kind": "hdmi"}]}],
    "one": [{"id": "c"}], "names": ["x", "y"]})");
  json compact = full;
  tabulate(compact);
  // A missing field is null in its row; a list of one row, or of plain values, stays.
  CHECK(compact["gpus"][kTableColumnsKey] == json::parse(R"(["id", "ports", "software", "tdp_w", "vram_gb"])"));
  CHECK(compact["gpus"][kTableRowsKey][0] == json::parse(R"(["a", null, ["cuda"], null, 24])"));
  CHECK(compact["gpus"][kTableRowsKey][1][1][kTableRowsKey][1] == json::parse(R"([null, "hdmi"])"));
  CHECK(compact["one"] == full["one"]);
  CHECK(compact["names"] == full["names"]);
  json expanded = compact;
  CHECK(expand_tables(expanded).empty());
  CHECK(expanded == full);
  // null marks a missing field, so a list holding a real null is left as rows.
  json with_null = json::parse(R"([{"id": "a", "x": null}, {"id": "b"}])");
  const json before = with_null;
  tabulate(with_null);
  CHECK(with_null == before);
}

TEST_CASE("a malformed table is named, and the loader says so instead of reading it") {
  json bad = json::parse(R"({"@columns": ["id", "name"], "@rows": [["a", "A"], ["b"]]})");
  CHECK(expand_tables(bad) == "table row 2 has 1 values for 2 columns");
  json names = json::parse(R"({"@columns": [1], "@rows": []})");
  CHECK(expand_tables(names) == "a table's column names must be text");
  json twice = json::parse(R"({"@columns": ["id", "name", "id"], "@rows": [["a", "A", "b"]]})");
  CHECK(expand_tables(twice) == "a table names the column 'id' twice");
  // Columns in any order expand to the same rows.
  json unsorted = json::parse(R"({"@columns": ["name", "id"], "@rows": [["A", "a"], [null, "b"]]})");
  CHECK(expand_tables(unsorted).empty());
  CHECK(unsorted == json::parse(R"([{"id": "a", "name": "A"}, {"id": "b"}])"));
  const Catalog catalog = load_catalog(R"({"schema_version": 1, "gpus": {"@columns": ["id"], "@rows": 3}})");
  REQUIRE(!catalog.issues.empty());
  CHECK(catalog.issues.front().to_string().find("malformed table: a table's columns and rows must be lists") !=
        std::string::npos);
  CHECK(catalog.gpus.empty());
}

TEST_CASE("the page's compact files hold their lists as tables") {
  for (const char* name : {"gpus.json", "prices.json", "cuda.json"}) {
    INFO(name);
    const json compact = split_details(shipped(name)).compact;
    int tables = 0;
    for (const auto& item : compact.items()) tables += item.value().is_object() && item.value().contains(kTableRowsKey);
    CHECK(tables >= 1);
  }
}
