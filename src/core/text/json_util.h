// Small helpers around nlohmann/json that never throw (the wasm build has no
// exception catching, and bad input must become a message, not an abort).
// Headers that only name `json` include text/json_fwd.h instead.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "text/json_fwd.h"

namespace gpuwise {

struct ParsedJson {
  json value;          // discarded() when parsing failed
  std::string error;   // "line 3, column 14: syntax error ..." when it failed
  bool ok() const { return error.empty(); }
};

// Parses text; on failure returns the parser's message with a line and column.
ParsedJson parse_json(std::string_view text);

// The text nlohmann's dump(indent) writes, with ill-formed UTF-8 replaced by U+FFFD
// instead of an exception; our own writer (issue 15: nlohmann's was 5.4 KB of the page).
std::string dump_json(const json& value, int indent = -1);

}  // namespace gpuwise
