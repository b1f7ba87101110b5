// What the three data files (gpus.json, prices.json, cuda.json) share when loaded:
// the opening checks, and a reader that files problems under a row's label.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "catalog.h"  // CatalogIssue
#include "json_util.h"

namespace gpuwise {

// Collects errors and warnings for one row ("rtx-3090", "street_prices #3 (rtx-4090)").
class IssueRecorder {
 public:
  IssueRecorder(std::string label, std::vector<CatalogIssue>& issues) : label_(std::move(label)), issues_(issues) {}
  bool failed() const { return errors_ > 0; }
  void error(const std::string& field, const std::string& message) {
    issues_.push_back({CatalogIssue::Severity::error, label_, field, message});
    ++errors_;
  }
  void warning(const std::string& field, const std::string& message) {
    issues_.push_back({CatalogIssue::Severity::warning, label_, field, message});
  }

 private:
  std::string label_;
  std::vector<CatalogIssue>& issues_;
  int errors_ = 0;
};

// `string "35.6"` / `array [1,2,...]`: a wrong value as an error message shows it.
std::string describe_json(const json& value);

// Parses a data file that must be a JSON object with "schema_version": 1. `what` names
// it in messages ("the catalog", "prices.json"); `shape` shows the expected object.
// A newer schema version is a warning (read as far as possible). Returns false, with
// the issue recorded, when the file cannot be read at all.
bool open_data_file(std::string_view text, const std::string& what, const std::string& shape,
                    std::vector<CatalogIssue>& issues, int& schema_version, json& root);

}  // namespace gpuwise
