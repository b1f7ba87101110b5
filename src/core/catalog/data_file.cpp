#include "catalog/data_file.h"

#include <cmath>

#include "catalog/data_details.h"

namespace gpuwise {

constexpr int kSupportedSchemaVersion = 1;

std::string describe_json(const json& value) {
  std::string text = dump_json(value);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

const json* RowReader::find(std::string_view field, bool required) {
  auto it = row_.find(field);
  if (it == row_.end() || it->is_null()) {
    if (required && !(moved_ && moved_->count(std::string(field)))) error(field, "is required but missing");
    return nullptr;
  }
  return &*it;
}

std::optional<std::string> RowReader::string(std::string_view field, bool required) {
  const json* value = find(field, required);
  if (!value) return std::nullopt;
  if (!value->is_string()) {
    error(field, "must be a string (got " + describe_json(*value) + ")");
    return std::nullopt;
  }
  std::string text = value->get<std::string>();
  if (text.empty() && required) error(field, "must not be empty");
  return text;
}

std::optional<double> RowReader::number(std::string_view field, bool required) {
  const json* value = find(field, required);
  if (!value) return std::nullopt;
  if (!value->is_number()) {
    error(field, "must be a number (got " + describe_json(*value) + ")");
    return std::nullopt;
  }
  const double number = value->get<double>();
  if (!std::isfinite(number)) {
    error(field, "must be a finite number");
    return std::nullopt;
  }
  return number;
}

std::optional<std::vector<std::string>> RowReader::strings(std::string_view field, bool required,
                                                            const char* what) {
  const json* value = find(field, required);
  if (!value) return std::nullopt;
  if (!value->is_array()) {
    error(field, std::string("must be a list of ") + what + "s (got " + describe_json(*value) + ")");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const json& item : *value) {
    if (!item.is_string()) {
      const std::string entry = std::string_view(what) == "string" ? "a string" : std::string("a ") + what + " string";
      error(field, "every entry must be " + entry + " (got " + describe_json(item) + ")");
      return std::nullopt;
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

void RowReader::unknown_fields(const std::set<std::string>& known, const char* message) {
  if (!row_.is_object()) return;
  for (const auto& item : row_.items()) {
    if (!known.count(item.key())) warning(item.key(), message);
  }
}

void RowReader::unknown_fields(TableView<const char*> known, const char* message) {
  if (!row_.is_object()) return;
  for (const auto& item : row_.items()) {
    if (!contains_word(known, item.key())) warning(item.key(), message);
  }
}

bool open_data_file(std::string_view text, const std::string& what, const std::string& shape,
                    std::vector<CatalogIssue>& issues, int& schema_version, json& root) {
  auto file_error = [&](const std::string& field, const std::string& message) {
    issues.push_back({CatalogIssue::Severity::error, "", field, message});
  };
  ParsedJson parsed = parse_json(text);
  if (!parsed.ok()) {
    file_error("", what + " is not valid JSON: " + parsed.error);
    return false;
  }
  if (!parsed.value.is_object()) {
    file_error("", what + " must be a JSON object " + shape);
    return false;
  }
  root = std::move(parsed.value);
  // The page downloads its files with lists as tables (data_details.h).
  const std::string table_problem = expand_tables(root);
  if (!table_problem.empty()) {
    file_error("", what + " has a malformed table: " + table_problem);
    return false;
  }
  auto version = root.find("schema_version");
  // get<int>() of 4294967297 would wrap around to 1: compare as a double first.
  if (version == root.end() || !version->is_number_integer() || std::fabs(version->get<double>()) > 1e6) {
    file_error("schema_version", "must be the whole number 1");
    return true;
  }
  schema_version = version->get<int>();
  if (schema_version > kSupportedSchemaVersion) {
    issues.push_back({CatalogIssue::Severity::warning, "", "schema_version",
                      "is " + std::to_string(schema_version) + ", newer than this site reads (1); reading what it can"});
  } else if (schema_version < 1) {
    file_error("schema_version", "must be 1");
  }
  return true;
}

bool is_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (int i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  const int month = (text[5] - '0') * 10 + (text[6] - '0');
  const int day = (text[8] - '0') * 10 + (text[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

}  // namespace gpuwise
