// What the three data files (gpus.json, prices.json, cuda.json) share when loaded:
// the opening checks, and one row reader that files problems under a row's label.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"  // CatalogIssue
#include "text/json_fwd.h"
#include "text/table_view.h"

namespace gpuwise {

// Collects errors and warnings for one row ("rtx-3090", "street_prices #3 (rtx-4090)").
class IssueRecorder {
 public:
  IssueRecorder(std::string label, std::vector<CatalogIssue>& issues) : label_(std::move(label)), issues_(issues) {}
  bool failed() const { return errors_ > 0; }
  void error(std::string_view field, const std::string& message) {
    issues_.push_back({CatalogIssue::Severity::error, label_, std::string(field), message});
    ++errors_;
  }
  void warning(std::string_view field, const std::string& message) {
    issues_.push_back({CatalogIssue::Severity::warning, label_, std::string(field), message});
  }

 private:
  std::string label_;
  std::vector<CatalogIssue>& issues_;
  int errors_ = 0;
};

// `string "35.6"` / `array [1,2,...]`: a wrong value as an error message shows it.
std::string describe_json(const json& value);

// Reads the fields of one row (or of the file's top level) with the checks every data
// file shares; the file's own rules (a date, a version, a range) sit on top.
class RowReader : public IssueRecorder {
 public:
  // `moved`: the fields a compact data file moved to its details (data_details.h); a
  // required one of them may be absent.
  RowReader(const json& row, std::string label, std::vector<CatalogIssue>& issues,
            const std::set<std::string>* moved = nullptr)
      : IssueRecorder(std::move(label), issues), row_(row), moved_(moved) {}

  // The field's value; nullptr when missing or null ("is required but missing" if
  // `required` and the field was not moved to the details).
  // Fields are named by string_view: a row is searched without building a std::string
  // for each field name (loading the catalog reads ~30 per card).
  const json* find(std::string_view field, bool required);
  // A string; "must not be empty" too when `required`. Absent or wrong: nullopt.
  std::optional<std::string> string(std::string_view field, bool required);
  // A finite number (range checks are the caller's).
  std::optional<double> number(std::string_view field, bool required);
  // A list of strings; `what` names the entries in messages ("URL", "string").
  std::optional<std::vector<std::string>> strings(std::string_view field, bool required, const char* what);
  // A warning for each field not in `known`, saying `message` ("unknown field (a typo?); ignored").
  void unknown_fields(const std::set<std::string>& known,
                      const char* message = "is not a known field (see data/README.md); ignored");
  void unknown_fields(TableView<const char*> known,
                      const char* message = "is not a known field (see data/README.md); ignored");

 private:
  const json& row_;
  const std::set<std::string>* moved_;
};

// Parses a data file that must be a JSON object with "schema_version": 1. `what` names
// it in messages ("the catalog", "prices.json"); `shape` shows the expected object.
// A newer schema version is a warning (read as far as possible). Returns false, with
// the issue recorded, when the file cannot be read at all.
bool open_data_file(std::string_view text, const std::string& what, const std::string& shape,
                    std::vector<CatalogIssue>& issues, int& schema_version, json& root);

// "2026-05-01": the shape every dated row of the data files uses (month 1-12, day 1-31).
bool is_date(const std::string& text);

}  // namespace gpuwise
