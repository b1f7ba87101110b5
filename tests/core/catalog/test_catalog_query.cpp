// Search, filters and sorting of the Catalog table.
#include <catch2/catch.hpp>

#include <string_view>
#include <unordered_map>

#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "catalog/compat.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
Catalog three_cards() {
  json ti = valid_row("rtx-3090-ti");
  ti["name"] = "GeForce RTX 3090 Ti";
  ti["fp32_tflops"] = 40.0;
  ti["release_year"] = 2022;
  json v100 = valid_row("tesla-v100-sxm2-32gb");
  v100["name"] = "Tesla V100 SXM2 32 GB";
  v100["line"] = "datacenter";
  v100["architecture"] = "Volta";
  v100["fp32_tflops"] = 15.7;
  v100["vram_gb"] = 32;
  v100["release_year"] = 2018;
  v100.erase("launch_price_usd");
  return load_catalog(catalog_text(json::array({valid_row("rtx-3090"), ti, v100})));
}
std::vector<std::string> ids(const Catalog& c, const std::vector<int>& rows) {
  std::vector<std::string> out;
  for (int r : rows) out.push_back(c.gpus[r].id);
  return out;
}
}  // namespace

TEST_CASE("search matches the ways buyers type a card") {
  const Catalog c = three_cards();
  const Gpu& rtx3090 = c.gpus[0];
  CHECK(matches_search(rtx3090, "3090"));
  CHECK(matches_search(rtx3090, "rtx3090"));
  CHECK(matches_search(rtx3090, "GeForce RTX 3090"));
  CHECK(matches_search(rtx3090, "nvidia 3090"));
  CHECK(matches_search(rtx3090, "RTX-3090"));
  CHECK(matches_search(rtx3090, ""));
  CHECK(matches_search(rtx3090, "   "));
  CHECK_FALSE(matches_search(rtx3090, "3080"));
  CHECK_FALSE(matches_search(rtx3090, "amd 3090"));
  CHECK(normalize_for_search("GeForce RTX 3090 Ti") == "geforcertx3090ti");

  CatalogView view;
  view.search = "3090";
  CHECK(query_catalog(c, view).size() == 2);
  view.search = "v100";
  CHECK(ids(c, query_catalog(c, view)) == std::vector<std::string>{"tesla-v100-sxm2-32gb"});
}

TEST_CASE("filters narrow by vendor, line, architecture, VRAM and year") {
  const Catalog c = three_cards();
  CatalogView view;
  view.lines = {"datacenter"};
  CHECK(query_catalog(c, view).size() == 1);
  view = {};
  view.architectures = {"Ampere"};
  CHECK(query_catalog(c, view).size() == 2);
  view = {};
  view.min_vram_gb = 30;
  CHECK(ids(c, query_catalog(c, view)) == std::vector<std::string>{"tesla-v100-sxm2-32gb"});
  view = {};
  view.year_min = 2019;
  view.year_max = 2020;
  CHECK(ids(c, query_catalog(c, view)) == std::vector<std::string>{"rtx-3090"});
  view = {};
  view.vendors = {"AMD"};
  CHECK(query_catalog(c, view).empty());
}

TEST_CASE("sorting by FP32 puts the fastest first, and back") {
  const Catalog c = three_cards();
  CatalogView view;
  view.sort_column = "fp32_tflops";
  view.sort_descending = true;
  CHECK(ids(c, query_catalog(c, view)) ==
        std::vector<std::string>{"rtx-3090-ti", "rtx-3090", "tesla-v100-sxm2-32gb"});
  view.sort_descending = false;
  CHECK(ids(c, query_catalog(c, view)) ==
        std::vector<std::string>{"tesla-v100-sxm2-32gb", "rtx-3090", "rtx-3090-ti"});
}

TEST_CASE("cards missing the sort value go last in both directions") {
  const Catalog c = three_cards();
  CatalogView view;
  view.sort_column = "launch_price_usd";
  view.sort_descending = true;
  CHECK(ids(c, query_catalog(c, view)).back() == "tesla-v100-sxm2-32gb");
  view.sort_descending = false;
  CHECK(ids(c, query_catalog(c, view)).back() == "tesla-v100-sxm2-32gb");
}

TEST_CASE("text columns sort alphabetically, an unknown sort column keeps name order") {
  const Catalog c = three_cards();
  CatalogView view;
  view.sort_column = "name";
  view.sort_descending = false;
  CHECK(ids(c, query_catalog(c, view)).front() == "rtx-3090");
  view.sort_column = "no-such-column";
  CHECK(query_catalog(c, view).size() == 3);
}

TEST_CASE("numbers are formatted as a buyer reads them, missing as a dash") {
  CHECK(format_number(35.58) == "35.58");
  CHECK(format_number(35.6) == "35.6");
  CHECK(format_number(936) == "936");
  CHECK(format_number(0.558) == "0.558");
  CHECK(format_number(1979.0) == "1979");
  CHECK(format_number(std::nullopt) == kMissing);
  const Catalog c = three_cards();
  const int fp16 = find_column("fp16_tflops");
  REQUIRE(fp16 >= 0);
  CHECK(column_text(catalog_columns()[fp16], c.gpus[0]) == kMissing);
  CHECK(distinct_values(c, "architecture") == std::vector<std::string>{"Ampere", "Volta"});
}

namespace {
const std::unordered_map<std::string_view, const char*> kChinese = {
#include "../../src/ui/strings_zh.inc"
};
}  // namespace

TEST_CASE("search finds a line or a vendor by the Chinese words a reader types") {
  const Catalog& catalog = gpuwise::test::shipped_catalog();
  for (const std::string& line : line_keys()) {
    // The line's name exactly as the page shows it in Chinese finds that line, and only it.
    const auto it = kChinese.find(line_label(line));
    REQUIRE(it != kChinese.end());
    INFO(line << ": " << it->second);
    CatalogView view;
    view.search = it->second;
    const std::vector<int> rows = query_catalog(catalog, view);
    int in_line = 0;
    for (const Gpu& gpu : catalog.gpus) in_line += gpu.line == line;
    CHECK(static_cast<int>(rows.size()) == in_line);
    for (int row : rows) CHECK(catalog.gpus[row].line == line);
  }
  const Gpu& rtx4090 = catalog.gpus[static_cast<std::size_t>(catalog.find("rtx-4090"))];
  const Gpu& a100 = catalog.gpus[static_cast<std::size_t>(catalog.find("a100-sxm4-80gb"))];
  CHECK(matches_search(a100, "数据中心"));
  CHECK(matches_search(a100, "数据中心 A100"));
  CHECK(matches_search(a100, "数据中心\xE3\x80\x80" "a100"));  // the ideographic space of a Chinese IME
  CHECK_FALSE(matches_search(a100, "消费级"));
  CHECK(matches_search(rtx4090, "消费级 4090"));
  CHECK(matches_search(rtx4090, "英伟达 4090"));
  CHECK_FALSE(matches_search(rtx4090, "工作站"));
  CHECK_FALSE(matches_search(rtx4090, "英特尔"));
  CHECK_FALSE(matches_search(rtx4090, "数据中心 4090"));
  for (const Gpu& gpu : catalog.gpus) {
    if (gpu.line == "workstation") CHECK(matches_search(gpu, "工作站"));
  }
  // A Chinese word that names nothing no longer matches every card (it used to be dropped).
  CHECK_FALSE(matches_search(rtx4090, "显卡坞"));
}

TEST_CASE("catalog filters: unified memory, runs on CUDA, runs PyTorch on any backend") {
  const Catalog c = load_catalog(catalog_text(json::array({gpuwise::test::system_row("mac-studio"), valid_row("rtx-3090")})));
  REQUIRE(c.error_count() == 0);
  const Compat& compat = gpuwise::test::shipped_compat();
  CatalogView view;
  view.unified_only = true;
  CHECK(query_catalog(c, view, &compat) == std::vector<int>{0});
  view.unified_only = false;
  view.cuda_only = true;
  CHECK(query_catalog(c, view, &compat) == std::vector<int>{1});
  view.cuda_only = false;
  view.pytorch_any = "2.5";
  CHECK(query_catalog(c, view, &compat).size() == 2);
  view.pytorch_any = "1.11";  // before the MPS backend (1.12)
  CHECK(query_catalog(c, view, &compat) == std::vector<int>{1});
  CHECK(query_catalog(c, view, nullptr).empty());  // without cuda.json the filter keeps nothing
  // The vendor's Chinese name finds it.
  CHECK(matches_search(c.gpus[0], "苹果"));
  CHECK(matches_search(c.gpus[0], "统一内存"));
}
