#include "text/utf8.h"

#include <cstdint>

namespace gpuwise {

bool clean_utf8(std::string& text) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7f) {
        changed = true;  // control characters have no place in a search or a filter
      } else {
        out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    std::size_t length = 0;
    std::uint32_t code = 0, smallest = 0;
    if (c >= 0xC2 && c <= 0xDF) length = 2, code = c & 0x1F, smallest = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) length = 3, code = c & 0x0F, smallest = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) length = 4, code = c & 0x07, smallest = 0x10000;
    bool valid = length > 0 && i + length <= n;
    for (std::size_t k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) valid = false;
      code = (code << 6) | (next & 0x3F);
    }
    valid = valid && code >= smallest && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
    if (valid && code >= 0x80 && code <= 0x9F) {  // C1 controls
      changed = true;
      i += length;
    } else if (valid) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD for each bad byte
      changed = true;
      ++i;
    }
  }
  text.swap(out);
  return changed;
}

bool cut_to_chars(std::string& text, int max_chars) {
  int chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // continuation byte
    if (chars == max_chars) {
      text.resize(i);
      return true;
    }
    ++chars;
  }
  return false;
}

std::string in_quotes(std::string_view text) {
  std::string out(text.substr(0, 400));
  clean_utf8(out);
  if (cut_to_chars(out, 40)) out += "...";
  return "'" + out + "'";
}

}  // namespace gpuwise
