// translations_json OUT_JSON: writes the Chinese side of src/ui/strings_zh.inc (English
// -> 简体中文, the table tr() reads) as {"version": ..., "chinese": [...]}, in the file's
// order; the page pairs it with the English side it has compiled in, after checking the
// version (core's translations_version.h). The web build runs it under node and serves the
// result as data/strings_zh.json, which the page fetches with the CJK font when Chinese
// is first shown (src/ui/i18n.cpp); English visits never download it.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "text/translations_version.h"

namespace {
const std::pair<const char*, const char*> kEntries[] = {
#include "../ui/strings_zh.inc"
};
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: translations_json OUT_JSON\n");
    return 2;
  }
  std::vector<const char*> english;
  nlohmann::json chinese = nlohmann::json::array();
  for (const auto& [english_text, chinese_text] : kEntries) {
    for (const char* seen : english) {
      if (std::strcmp(seen, english_text) == 0) {
        std::fprintf(stderr, "translations_json: \"%s\" is listed twice in strings_zh.inc\n", english_text);
        return 1;
      }
    }
    english.push_back(english_text);
    chinese.push_back(chinese_text);
  }
  const nlohmann::json table = {{"version", gpuwise::translations_version(english.data(), english.size())},
                                {"chinese", chinese}};
  std::ofstream out(argv[1], std::ios::binary);
  out << table.dump() << "\n";
  if (!out) {
    std::fprintf(stderr, "translations_json: cannot write %s\n", argv[1]);
    return 1;
  }
  std::printf("translations: %zu entries in %s\n", english.size(), argv[1]);
  return 0;
}
