// UTF-8 text from outside (links, saved state, flags): cleaned, cut by code points, and
// quoted for a notice.
#pragma once
#include <string>
#include <string_view>

namespace gpuwise {

// Replaces invalid UTF-8 with U+FFFD and drops control characters; true if it changed.
bool clean_utf8(std::string& text);
// Cuts at max_chars code points; true if it cut. Expects valid UTF-8.
bool cut_to_chars(std::string& text, int max_chars);
// 'text' for a notice: cleaned, at most 40 characters, in single quotes.
std::string in_quotes(std::string_view text);

}  // namespace gpuwise
