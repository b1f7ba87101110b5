#include "i18n.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>

namespace gpuwise::ui {
namespace {

std::string g_language = "en";
std::vector<std::string> g_untranslated;

// English -> 简体中文. Every string a panel passes to tr() has a line here; the test
// run checks that (tests/check_translations.py).
const std::unordered_map<std::string_view, const char*>& chinese() {
  static const std::unordered_map<std::string_view, const char*> table = {
#include "strings_zh.inc"
  };
  return table;
}

}  // namespace

void set_language(const std::string& language) { g_language = language == "zh" ? "zh" : "en"; }
const std::string& language() { return g_language; }

const char* tr(const char* english) {
  // "" (a field without a unit) reads the same in every language.
  if (g_language != "zh" || !*english) return english;
  const auto& table = chinese();
  auto it = table.find(english);
  if (it != table.end()) return it->second;
  const auto at = std::lower_bound(g_untranslated.begin(), g_untranslated.end(), english);
  if (at == g_untranslated.end() || *at != english) g_untranslated.insert(at, english);
  return english;
}

const std::vector<std::string>& untranslated() { return g_untranslated; }

// Nested phrases (a provider kind inside a rate note) are translated too.
std::string tr(const TemplateText& text) {
  return render_template(text, static_cast<const char* (*)(const char*)>(&tr));
}

}  // namespace gpuwise::ui
