// The page's binary catalog (catalog_binary.h): the bytes load to the same catalog as the
// JSON they were written from, rows break the same rules with the same words, and damaged
// or foreign bytes load nothing and say why, never crash.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "catalog/catalog_binary.h"
#include "catalog/data_details.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::read_source_file;
using gpuwise::test::valid_row;

namespace {

std::vector<std::string> issue_texts(const Catalog& catalog) {
  std::vector<std::string> out;
  for (const CatalogIssue& issue : catalog.issues) out.push_back(issue.to_string());
  return out;
}

Catalog catalog_of(const json& rows) { return load_catalog(json{{"schema_version", 1}, {"gpus", rows}}.dump()); }

// Load-bearing: every REQUIRE below compares whole catalogs through catalog_to_json,
// which writes every field of every row.
void check_same(const Catalog& from_bytes, const Catalog& from_json) {
  CHECK(from_bytes.schema_version == from_json.schema_version);
  CHECK(from_bytes.details_elsewhere == from_json.details_elsewhere);
  CHECK(from_bytes.gpus.size() == from_json.gpus.size());
  CHECK(catalog_to_json(from_bytes) == catalog_to_json(from_json));
  CHECK(issue_texts(from_bytes) == issue_texts(from_json));
}

}  // namespace

TEST_CASE("the shipped catalog as bytes loads to the same catalog as data/gpus.json") {
  const Catalog full = load_catalog(read_source_file("data/gpus.json"));
  REQUIRE(full.gpus.size() > 100);
  const std::string bytes = catalog_to_binary(full, {});
  REQUIRE(is_catalog_binary(bytes));
  check_same(catalog_from_binary(bytes), full);
  // Written again from what was read: the same bytes.
  CHECK(catalog_to_binary(catalog_from_binary(bytes), {}) == bytes);
}

TEST_CASE("the page's catalog (notes and sources in details.json) as bytes loads to the same catalog") {
  const SplitData split = split_details(json::parse(read_source_file("data/gpus.json")));
  const Catalog compact = load_catalog(dump_json(split.compact));
  REQUIRE(compact.details_elsewhere);
  REQUIRE(compact.error_count() == 0);
  const Catalog from_bytes = catalog_from_binary(catalog_to_binary(compact, moved_to_details(split.compact)));
  check_same(from_bytes, compact);
  // Sources moved: rows without them are not refused for it.
  CHECK(from_bytes.gpus.front().sources.empty());
}

TEST_CASE("the page's binary catalog with details.json merged in is data/gpus.json again") {
  // As the app does when a reader opens a card's notes or sources (src/ui/app.cpp).
  const Catalog full = load_catalog(read_source_file("data/gpus.json"));
  const SplitData split = split_details(json::parse(read_source_file("data/gpus.json")));
  const Catalog page =
      catalog_from_binary(catalog_to_binary(load_catalog(dump_json(split.compact)), moved_to_details(split.compact)));
  Catalog merged = page;
  CHECK(merge_catalog_details(merged, split.details) == "");
  CHECK_FALSE(merged.details_elsewhere);
  CHECK(catalog_to_json(merged) == catalog_to_json(full));

  // Details that do not fit leave the catalog as it was, and say why.
  const auto refused = [&](const json& details) {
    Catalog kept = page;
    const std::string problem = merge_catalog_details(kept, details);
    CHECK(catalog_to_json(kept) == catalog_to_json(page));
    CHECK(kept.details_elsewhere);
    return problem;
  };
  CHECK(refused(json()) == "the notes and sources in data/details.json are not for this catalog (0 rows for " +
                               std::to_string(page.gpus.size()) + " cards); reload the page");
  json fewer = split.details;
  fewer["gpus"].erase(fewer["gpus"].size() - 1);
  CHECK(refused(fewer).find("rows for " + std::to_string(page.gpus.size()) + " cards") != std::string::npos);
  const std::string first = page.gpus[0].id;
  json bad_url = split.details;
  bad_url["gpus"][0]["sources"][0] = "ftp://example.com";
  CHECK(refused(bad_url) == "data/details.json, card '" + first + "', field 'sources': 'ftp://example.com' is not an http(s) URL");
  json no_sources = split.details;
  no_sources["gpus"][0].erase("sources");
  CHECK(refused(no_sources) == "data/details.json, card '" + first + "', field 'sources': needs at least one source URL");
  json figure = split.details;
  figure["gpus"][0]["vram_gb"] = 1;
  CHECK(refused(figure) == "data/details.json, card '" + first + "': 'vram_gb' is not a text or list field of a card");
  json not_text = split.details;
  not_text["gpus"][0]["sources"] = json::array({1});
  CHECK(refused(not_text) == "data/details.json, card '" + first + "', field 'sources': not a list of strings");
}

TEST_CASE("figures come back from the bytes bit for bit") {
  const double figures[] = {24, 0.556, 35.58, 1.0 / 3.0, 3.14159265358979, 999999.999999, 1e-9,
                            std::numeric_limits<double>::denorm_min(), 0.1 + 0.2, 65536.125};
  for (double figure : figures) {
    INFO("vram_gb " << figure);
    json row = valid_row();
    row["vram_gb"] = figure;
    const Catalog catalog = catalog_of(json::array({row}));
    REQUIRE(catalog.gpus.size() == 1);
    const Catalog back = catalog_from_binary(catalog_to_binary(catalog, {}));
    REQUIRE(back.gpus.size() == 1);
    CHECK(std::memcmp(&back.gpus[0].vram_gb, &figure, sizeof figure) == 0);
  }
  // Short decimals take a few bytes, not eight: the shipped catalog is smaller than its JSON.
  const std::string json_text = dump_json(split_details(json::parse(read_source_file("data/gpus.json"))).compact);
  const Catalog compact = load_catalog(json_text);
  CHECK(catalog_to_binary(compact, {"notes", "sources"}).size() < json_text.size() * 3 / 4);
}

TEST_CASE("a row in the bytes that breaks a catalog rule is dropped with the JSON loader's words") {
  json bad = valid_row("rtx-3080");
  bad["vram_gb"] = -1;
  json not_slug = valid_row("rtx-3070");
  const Catalog good = catalog_of(json::array({valid_row("rtx-3090"), bad, not_slug}));
  REQUIRE(good.gpus.size() == 2);  // the JSON loader drops the -1 GB row itself
  Catalog edited = good;
  edited.issues.clear();
  edited.gpus.push_back(edited.gpus[0]);            // a duplicate id
  edited.gpus[1].id = "RTX 3070";                   // not a slug
  edited.gpus[0].gpus_per_board = 0;                // out of range
  edited.gpus.push_back(catalog_of(json::array({valid_row("rtx-2080")})).gpus[0]);
  edited.gpus.back().sources = {"ftp://example.com/spec"};
  const Catalog back = catalog_from_binary(catalog_to_binary(edited, {}));
  CHECK(back.gpus.size() == 1);  // only the rtx-3090 duplicate, now the only rtx-3090 left
  CHECK(issue_texts(back) == std::vector<std::string>{
                                 "error: row 'rtx-3090', field 'gpus_per_board': must be between 1 and 16 (got 0)",
                                 "error: row 'RTX 3070', field 'id': 'RTX 3070' must be a slug: a-z, 0-9 and single dashes",
                                 "error: row 'rtx-2080', field 'sources': 'ftp://example.com/spec' is not an http(s) URL",
                             });
  // The same breakage in JSON reads the same.
  json rows = json::array({valid_row("rtx-3090")});
  rows[0]["gpus_per_board"] = 0;
  CHECK(issue_texts(catalog_of(rows)) == std::vector<std::string>{
                                             "error: row 'rtx-3090', field 'gpus_per_board': must be between 1 and 16 (got 0)"});
}

TEST_CASE("damaged or foreign bytes load no row and one error says why") {
  const Catalog full = load_catalog(read_source_file("data/gpus.json"));
  const std::string bytes = catalog_to_binary(full, {});
  const auto refused = [](const Catalog& catalog) {
    REQUIRE(catalog.gpus.empty());
    REQUIRE(catalog.issues.size() == 1);
    CHECK(catalog.issues[0].severity == CatalogIssue::Severity::error);
    return catalog.issues[0].message;
  };
  CHECK(refused(catalog_from_binary("")) == "the catalog file is not a gpuwise binary catalog");
  CHECK(refused(catalog_from_binary("{\"schema_version\": 1}")) == "the catalog file is not a gpuwise binary catalog");
  std::string other_build = bytes;
  other_build[6] = static_cast<char>(other_build[6] ^ 0x40);  // the field table's fingerprint
  CHECK(refused(catalog_from_binary(other_build)) ==
        "the catalog file was written for another version of the page; reload the page");
  std::string other_version = bytes;
  other_version[4] = 9;
  CHECK(refused(catalog_from_binary(other_version)) ==
        "the catalog file was written for another version of the page; reload the page");
  CHECK(refused(catalog_from_binary(bytes + "x")) == "the catalog file is damaged (1 bytes are left over at byte " +
                                                        std::to_string(bytes.size()) + "); reload the page");
  // Cut anywhere: refused, never a crash or a part of the catalog.
  for (std::size_t size = 4; size < bytes.size(); size += (size < 200 ? 1 : 97)) {
    INFO("cut at " << size);
    CHECK(refused(catalog_from_binary(std::string_view(bytes).substr(0, size))).rfind("the catalog file ", 0) == 0);
  }
  // A huge row count is refused before anything is reserved for it.
  std::string huge = catalog_to_binary(Catalog{}, {});
  huge.resize(huge.size() - 2);  // drop the empty row and issue counts
  huge += std::string("\xff\xff\xff\xff\x0f", 5);
  CHECK(refused(catalog_from_binary(huge)).find("row count larger than the file") != std::string::npos);
}
