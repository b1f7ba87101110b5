// Which Chinese, Japanese and Korean characters a text uses: the page draws those
// glyphs from the reader's own system font (src/platform), so it needs the set of
// characters it shows or the reader types. The ranges match scripts/subset_fonts.py.
#pragma once
#include <string_view>
#include <vector>

namespace gpuwise {

// True for the CJK blocks the page draws: radicals to unified ideographs
// (U+2E80-9FFF, which includes CJK punctuation U+3000-303F), compatibility ideographs
// (U+F900-FAFF) and full-width forms (U+FF00-FFEF).
bool is_cjk_codepoint(char32_t codepoint);

// Adds `codepoint` to `sorted_set` (kept sorted, without repeats); false when it was there.
bool add_codepoint(char32_t codepoint, std::vector<char32_t>& sorted_set);

// Adds the CJK characters of `utf8` to `sorted_set` (kept sorted, without repeats) and
// returns how many were new. Malformed UTF-8 is skipped a byte at a time, never read past.
int add_cjk_codepoints(std::string_view utf8, std::vector<char32_t>& sorted_set);

}  // namespace gpuwise
