#include "data_file.h"

#include <cmath>

namespace gpuwise {

constexpr int kSupportedSchemaVersion = 1;

std::string describe_json(const json& value) {
  std::string text = dump_json(value);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
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

}  // namespace gpuwise
