// The catalog's columns as data: label, unit and how to read the value. The catalog
// table, sorting, the CSV export and the compare view all read this one table.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.h"

namespace gpuwise {

struct Column {
  const char* key;     // the gpus.json field name, e.g. "fp32_tflops"
  const char* label;   // English header, e.g. "FP32"
  const char* unit;    // "TFLOPS", "GB", "" for text
  bool numeric;
  bool shown_by_default;
  bool higher_is_better;  // for highlighting in compare; false for TDP and price
  std::optional<double> (*number)(const Gpu&);  // numeric columns only
  std::string (*text)(const Gpu&);               // text columns only
};

// What a cell shows: the formatted number, or the text.
std::string column_text(const Column& column, const Gpu& gpu);

const std::vector<Column>& catalog_columns();
// Index into catalog_columns(), or -1.
int find_column(std::string_view key);

// "35.6", "936", "0.558": figures as a buyer reads them; "–" for a missing value.
std::string format_number(std::optional<double> value);
extern const char* const kMissing;  // "–"

}  // namespace gpuwise
