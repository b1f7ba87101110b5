#include "json_util.h"

namespace gpuwise {
namespace {

// The DOM builder with parse_error() replaced: nlohmann hands the error object to the
// SAX handler before it would throw, so we keep its text and stop parsing.
struct DomParserKeepingError : nlohmann::detail::json_sax_dom_parser<json> {
  explicit DomParserKeepingError(json& target)
      : nlohmann::detail::json_sax_dom_parser<json>(target, false) {}
  std::size_t error_byte = 0;
  std::string error_text;
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& ex) {
    error_byte = position;
    error_text = ex.what();
    return false;
  }
};

// nlohmann's messages read "[json.exception.parse_error.101] parse error at line 1,
// column 2: syntax error ..." or "[json.exception.out_of_range.406] number overflow ...";
// keep the human part and say where, in lines and columns, ourselves.
std::string describe_error(std::string_view text, std::size_t byte, const std::string& what) {
  std::string message = what;
  if (message.rfind("[json.exception.", 0) == 0 && message.find("] ") != std::string::npos) {
    message = message.substr(message.find("] ") + 2);
  }
  if (message.rfind("parse error at line ", 0) == 0 && message.find(": ") != std::string::npos) {
    message = message.substr(message.find(": ") + 2);
  }
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  if (byte > 0) --column;  // nlohmann counts the offending character itself
  if (column == 0) column = 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
}

}  // namespace

ParsedJson parse_json(std::string_view text) {
  ParsedJson out;
  DomParserKeepingError handler(out.value);
  const bool ok = json::sax_parse(text.begin(), text.end(), &handler,
                                  json::input_format_t::json, /*strict=*/true);
  if (!ok || !handler.error_text.empty()) {
    out.error = handler.error_text.empty()
                    ? std::string("invalid JSON")
                    : describe_error(text, handler.error_byte, handler.error_text);
    out.value = json();
  }
  return out;
}

std::string dump_json(const json& value, int indent) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace gpuwise
