#include "text/cjk_text.h"

#include <algorithm>

#include "text/stable_sort.h"

namespace gpuwise {

bool is_cjk_codepoint(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

bool add_codepoint(char32_t codepoint, std::vector<char32_t>& sorted_set) {
  const auto at = std::lower_bound(sorted_set.begin(), sorted_set.end(), codepoint);
  if (at != sorted_set.end() && *at == codepoint) return false;
  sorted_set.insert(at, codepoint);
  return true;
}

int add_cjk_codepoints(std::string_view utf8, std::vector<char32_t>& sorted_set) {
  std::vector<char32_t> found;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto lead = static_cast<unsigned char>(utf8[i]);
    // Every CJK block the page draws is a 3-byte sequence (U+0800-FFFF); anything else
    // is stepped over. A bad sequence moves on by one byte.
    if ((lead & 0xF0) == 0xE0 && i + 2 < utf8.size()) {
      const auto b1 = static_cast<unsigned char>(utf8[i + 1]);
      const auto b2 = static_cast<unsigned char>(utf8[i + 2]);
      if ((b1 & 0xC0) == 0x80 && (b2 & 0xC0) == 0x80) {
        const char32_t c = (static_cast<char32_t>(lead & 0x0F) << 12) | (static_cast<char32_t>(b1 & 0x3F) << 6) |
                           static_cast<char32_t>(b2 & 0x3F);
        if (is_cjk_codepoint(c)) found.push_back(c);
        i += 3;
        continue;
      }
    }
    ++i;
  }
  stable_sort_rows(found);
  found.erase(std::unique(found.begin(), found.end()), found.end());
  int added = 0;
  for (const char32_t c : found) added += add_codepoint(c, sorted_set) ? 1 : 0;
  return added;
}

}  // namespace gpuwise
