// The prices.json row reader (internal to money/: prices.cpp and price_lists.cpp): the
// shared RowReader (catalog/data_file.h) with the price files' own shapes.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/data_file.h"
#include "money/prices.h"
#include "text/json_util.h"
#include "text/web_url.h"

namespace gpuwise {

class PriceRowReader : public RowReader {
 public:
  using RowReader::RowReader;

  // A required (or, with required=false, optional) string; empty strings are errors.
  std::string text(const char* field, bool required = true) { return string(field, required).value_or(""); }

  std::optional<double> positive_number(const char* field, bool required = true) {
    const std::optional<double> value = number(field, required);
    if (value && *value <= 0) {
      error(field, "must be a number > 0 (got " + dump_json(*find(field, false)) + ")");
      return std::nullopt;
    }
    return value;
  }

  void date(const char* field, std::string& out) {
    out = text(field);
    if (!out.empty() && !is_date(out)) error(field, "'" + out + "' is not a date shaped like 2026-05-01");
  }
  void url(const char* field, std::string& out) {
    out = text(field);
    if (!out.empty() && !is_web_url(out)) error(field, "'" + out + "' is not an http(s) URL");
  }
  void gpu_id(std::string& out, const Catalog* catalog) {
    out = text("gpu_id");
    if (out.empty()) return;
    if (!is_slug(out)) {
      error("gpu_id", "'" + out + "' must be a catalog id such as rtx-4090");
    } else if (catalog && catalog->find(out) < 0) {
      warning("gpu_id", "'" + out + "' is not in gpus.json; the row is never used");
    }
  }
  // One of `choices`; absent: `fallback` (required=false) or an error.
  std::string choice(const char* field, std::initializer_list<const char*> choices, const char* fallback) {
    std::string value = text(field, fallback == nullptr);
    if (value.empty()) return fallback ? fallback : "";
    for (const char* c : choices) {
      if (value == c) return value;
    }
    std::string list;
    for (const char* c : choices) list += (list.empty() ? "" : ", ") + std::string(c);
    error(field, "'" + value + "' must be one of " + list);
    return fallback ? fallback : "";
  }
};

// "street_prices #3 (rtx-4090)": a row's label in messages (1-based).
std::string price_row_label(const char* list, std::size_t index, const json& row);

// The lists beside street prices and rates (price_lists.cpp): markets, machines, the
// rental history. Each appends its rows to `book`, its problems to book.issues.
void read_market_tariffs(const json& rows, PriceBook& book, const std::set<std::string>& moved);
void read_machine_prices(const json& rows, PriceBook& book, const std::set<std::string>& moved);
void read_rental_history(const json& rows, const Catalog* catalog, PriceBook& book,
                         const std::set<std::string>& moved);

}  // namespace gpuwise
