// The GPU field table (gpu_fields.inc): everything that reads it agrees with it, and
// every row works end to end (loads, validates, writes back, sorts, exports). The
// tests walk the table, so a new field is tested the moment it is added.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string_view>
#include <unordered_map>

#include "catalog/catalog.h"
#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "text/format.h"
#include "catalog/gpu_fields.h"
#include "catalog/metrics.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {

const std::unordered_map<std::string_view, const char*> kChinese = {
#include "../../src/ui/strings_zh.inc"
};

std::string all_issues(const Catalog& c) {
  std::string text;
  for (const auto& issue : c.issues) text += issue.to_string() + "\n";
  return text;
}

bool has_issue(const Catalog& c, const std::string& field, const std::string& words) {
  for (const auto& issue : c.issues) {
    if (issue.field == field && issue.message.find(words) != std::string::npos) return true;
  }
  return false;
}

// valid_row() with every optional field of the table filled in too, with a value its
// rule accepts, so a round trip covers every field.
json full_row(const std::string& id) {
  json row = valid_row(id);
  for (const GpuField& field : gpu_fields()) {
    if (row.contains(field.key)) continue;
    std::visit(
        [&](auto member) {
          using T = std::decay_t<decltype(Gpu{}.*member)>;
          if constexpr (std::is_same_v<T, std::string>) row[field.key] = "a note";
          else if constexpr (std::is_same_v<T, bool>) row[field.key] = true;
          else if constexpr (std::is_same_v<T, std::vector<std::string>>) row[field.key] = {"https://example.com/"};
          else if (field.rule == ValueRule::board_count) row[field.key] = 2;
          else if (field.whole_number) row[field.key] = 7;
          else row[field.key] = 12.5;
        },
        field.member);
  }
  return row;
}

}  // namespace

TEST_CASE("field table: keys unique, labels unique, every column and metric is a table row") {
  std::set<std::string> keys;
  for (const GpuField& field : gpu_fields()) {
    INFO(field.key);
    CHECK(keys.insert(field.key).second);
    CHECK(find_gpu_field(field.key) == &field);
    CHECK(*field.label != '\0');
    if (field.cell == CellKind::number) CHECK(field.numeric);
    if (field.rank_position > 0) CHECK(field.numeric);
    if (field.better != Better::neither) CHECK(field.numeric);
  }
  CHECK(find_gpu_field("vram_gib") == nullptr);

  std::set<std::string> column_labels;
  for (const Column& column : catalog_columns()) {
    INFO(column.key);
    CHECK(find_gpu_field(column.key) != nullptr);
    CHECK(column_labels.insert(column.label).second);
  }
  // Fields that are no column: the id, the board count and the sources and notes.
  CHECK(catalog_columns().size() + 4 == gpu_fields().size());

  std::set<std::string> metric_labels;
  std::set<int> positions;
  for (const RankingMetric& metric : ranking_metrics()) {
    INFO(metric.key);
    REQUIRE(metric.figure != nullptr);
    CHECK(metric_labels.insert(metric.label).second);
    if (metric.per_watt) {
      CHECK(metric.figure->rank_position > 0);  // per watt of a figure that ranks itself
      continue;
    }
    // A figure's metric says what its column says: one label, one unit.
    CHECK(metric.figure == find_gpu_field(metric.key));
    CHECK(positions.insert(metric.figure->rank_position).second);
    const int column = find_column(metric.key);
    REQUIRE(column >= 0);
    CHECK(std::string(catalog_columns()[static_cast<std::size_t>(column)].label) == metric.label);
    CHECK(std::string(catalog_columns()[static_cast<std::size_t>(column)].unit) == metric.unit);
    CHECK(metric.higher_is_better == (metric.figure->better != Better::lower));
    CHECK(*metric.description != '\0');
  }
}

TEST_CASE("field table: every label and tooltip the page shows has a Chinese entry") {
  for (const Column& column : catalog_columns()) {
    INFO("missing in src/ui/strings_zh.inc: {\"" << column.label << "\", \"...\"},");
    CHECK(kChinese.count(column.label) == 1);
    if (*column.description) {
      INFO("missing in src/ui/strings_zh.inc: {\"" << column.description << "\", \"...\"},");
      CHECK(kChinese.count(column.description) == 1);
    }
  }
}

TEST_CASE("field table: the loader reads and catalog_to_json writes back every field") {
  const json row = full_row("full-card");
  const Catalog c = load_catalog(catalog_text(json::array({row})));
  INFO(all_issues(c));
  REQUIRE(c.issues.empty());
  REQUIRE(c.gpus.size() == 1);

  const ParsedJson written = parse_json(catalog_to_json(c));
  REQUIRE(written.ok());
  const json& back = written.value["gpus"][0];
  for (const GpuField& field : gpu_fields()) {
    INFO(field.key);
    REQUIRE(back.contains(field.key));
    CHECK(back[field.key] == row[field.key]);  // 24 == 24.0: nlohmann compares numbers by value
    if (field.numeric) CHECK(*field.number(c.gpus[0]) == Approx(row[field.key].get<double>()));
  }
  // And the written text loads to the same cells.
  const Catalog again = load_catalog(catalog_to_json(c));
  REQUIRE(again.gpus.size() == 1);
  for (const GpuField& field : gpu_fields()) CHECK(field.text(again.gpus[0]) == field.text(c.gpus[0]));
}

TEST_CASE("field table: each field's rule is checked and names the field") {
  for (const GpuField& field : gpu_fields()) {
    INFO(field.key);
    if (field.presence == Presence::required) {
      json row = full_row("card");
      row.erase(field.key);
      const Catalog c = load_catalog(catalog_text(json::array({row})));
      CHECK(has_issue(c, field.key, "is required but missing"));
      CHECK(c.gpus.empty());
    } else if (field.key != std::string("compute_capability")) {
      // An optional field may be left out; the row still loads.
      json row = full_row("card");
      row.erase(field.key);
      CHECK(load_catalog(catalog_text(json::array({row}))).gpus.size() == 1);
    }
    if (!field.numeric) continue;
    json wrong_type = full_row("card");
    wrong_type[field.key] = "12";
    CHECK(has_issue(load_catalog(catalog_text(json::array({wrong_type}))), field.key, "must be a number"));
    if (field.rule == ValueRule::positive || field.rule == ValueRule::non_negative) {
      json negative = full_row("card");
      negative[field.key] = -1;
      const Catalog c = load_catalog(catalog_text(json::array({negative})));
      CHECK(c.gpus.empty());
      CHECK(has_issue(c, field.key, "(got -1)"));
      json huge = full_row("card");
      huge[field.key] = 1e7;
      CHECK(has_issue(load_catalog(catalog_text(json::array({huge}))), field.key, "check the unit"));
    }
    if (field.whole_number && field.rule != ValueRule::year) {
      json fraction = full_row("card");
      fraction[field.key] = 2.5;
      CHECK(has_issue(load_catalog(catalog_text(json::array({fraction}))), field.key, "must be a whole number"));
    }
  }
}

TEST_CASE("field table: every numeric column sorts, missing figures last") {
  // Three cards: small, large, and one in between or without the figure where the table
  // allows that.
  json small = full_row("small-card");
  json large = full_row("large-card");
  json missing = full_row("missing-card");
  for (const Column& column : catalog_columns()) {
    if (!column.numeric) continue;
    const bool can_miss = column.presence != Presence::required && column.rule != ValueRule::board_count;
    small[column.key] = column.rule == ValueRule::year ? 2001 : 1;
    large[column.key] = column.rule == ValueRule::year ? 2024 : 3;
    if (can_miss) missing.erase(column.key);
    else missing[column.key] = column.rule == ValueRule::year ? 2010 : 2;
  }
  small["fp64_tflops"] = 0.5;  // FP64 never exceeds FP32 (a cross-field rule)
  const Catalog c = load_catalog(catalog_text(json::array({small, missing, large})));
  INFO(all_issues(c));
  REQUIRE(c.gpus.size() == 3);
  for (const Column& column : catalog_columns()) {
    if (!column.numeric) continue;
    INFO(column.key);
    CatalogView view;
    view.sort_column = column.key;
    view.sort_descending = true;
    const std::vector<int> rows = query_catalog(c, view);
    REQUIRE(rows.size() == 3);
    CHECK(c.gpus[static_cast<std::size_t>(rows[0])].id == "large-card");
    const bool can_miss = column.presence != Presence::required && column.rule != ValueRule::board_count;
    if (can_miss) CHECK(c.gpus[static_cast<std::size_t>(rows[2])].id == "missing-card");
  }
}

TEST_CASE("field table: CSV and the static page's JSON carry every column") {
  const Catalog c = load_catalog(catalog_text(json::array({valid_row("card-a")})));
  REQUIRE(c.gpus.size() == 1);
  std::vector<int> all_columns;
  for (std::size_t i = 0; i < catalog_columns().size(); ++i) all_columns.push_back(static_cast<int>(i));
  const std::string csv = catalog_csv(c, {0}, all_columns);
  for (const Column& column : catalog_columns()) CHECK(csv.find(column.key) != std::string::npos);
  // fp16_tflops is absent in valid_row: an empty CSV cell, the dash in the table.
  CHECK(csv.find(",,") != std::string::npos);
  CHECK(csv.find(kMissing) == std::string::npos);

  const ParsedJson columns = parse_json(catalog_columns_to_json(c));
  REQUIRE(columns.ok());
  REQUIRE(columns.value["fields"].size() == gpu_fields().size());
  for (std::size_t i = 0; i < gpu_fields().size(); ++i) {
    const GpuField& field = gpu_fields()[i];
    const json& out = columns.value["fields"][i];
    CHECK(out["key"] == field.key);
    CHECK(out["label"] == field.label);
    CHECK(out["unit"] == field.unit);
    CHECK(out["column"] == field.column);
  }
  const json& cells = columns.value["cells"]["card-a"];
  CHECK(cells["fp32_tflops"] == "35.58");
  CHECK(cells["fp16_tflops"] == kMissing);
  CHECK(cells["nvlink"] == "yes");
  CHECK(cells["line"] == "Consumer");
  CHECK(cells.size() == catalog_columns().size());
}

TEST_CASE("one set of number formats") {
  CHECK(format_number(35.58) == "35.58");
  CHECK(format_number(1321.2) == "1321");
  CHECK(format_number(std::optional<double>(std::nan(""))) == kMissing);
  CHECK(format_number(2.680, 2) == "2.68");
  CHECK(format_number(-0.0001, 2) == "0");
  CHECK(format_fixed(100, 1) == "100.0");
  CHECK(format_money(1234.567, "$", 2) == "$1,234.57");
  CHECK(format_money(-1800, "¥", 0) == "-¥1,800");
  CHECK(format_money(-0.001, "$", 0) == "$0");  // no "-$0"
  CHECK(format_money(999, "$", 0) == "$999");
}
