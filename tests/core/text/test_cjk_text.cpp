// The characters the page must draw from the system's CJK font.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "text/cjk_text.h"

using namespace gpuwise;

TEST_CASE("CJK characters of a text: sorted, once each, only the CJK blocks") {
  std::vector<char32_t> set;
  CHECK(add_cjk_codepoints("显卡目录 RTX 4090：24 GB 显存", set) == 6);
  CHECK(set == std::vector<char32_t>{U'卡', U'存', U'录', U'显', U'目', U'：'});
  // Already known characters are not added again; Latin, é and emoji are not CJK.
  CHECK(add_cjk_codepoints("显卡 café 😀 ü", set) == 0);
  CHECK(add_cjk_codepoints("、。", set) == 2);  // CJK punctuation
  CHECK(set.size() == 8);
  CHECK(std::is_sorted(set.begin(), set.end()));
  // One character at a time (what the reader types): added once, in order.
  CHECK(add_codepoint(U'鑫', set));
  CHECK_FALSE(add_codepoint(U'鑫', set));
  CHECK_FALSE(add_codepoint(U'显', set));
  CHECK(set.size() == 9);
  CHECK(std::is_sorted(set.begin(), set.end()));
}

TEST_CASE("CJK characters of malformed UTF-8: skipped, never read past the end") {
  std::vector<char32_t> set;
  const std::string truncated = std::string("中") + "\xE6\x96";  // 文 cut short
  CHECK(add_cjk_codepoints(truncated, set) == 1);
  CHECK(add_cjk_codepoints("\xE6\x41\x87中", set) == 0);  // a broken sequence, then 中 again
  CHECK(add_cjk_codepoints(std::string_view("\xE6", 1), set) == 0);
  CHECK(set == std::vector<char32_t>{U'中'});
  CHECK(is_cjk_codepoint(U'中'));
  CHECK_FALSE(is_cjk_codepoint(U'A'));
  CHECK_FALSE(is_cjk_codepoint(0x1F600));
}
