#include "i18n.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>
#include <vector>
#include <utility>

#include "text/json_util.h"
#include "text/stable_sort.h"
#include "text/translations_version.h"

namespace gpuwise::ui {
namespace {

std::string g_language = "en";
std::vector<std::string> g_untranslated;

// English -> 简体中文, one line per string in strings_zh.inc. Every string a panel passes
// to tr() has a line there; the test run checks that (tests/check_translations.py).
constexpr std::pair<const char*, const char*> kCompiled[] = {
#include "strings_zh.inc"
};

// English -> Chinese as pairs sorted by the English, searched by halves: ~800 entries
// take ~10 comparisons, and a std::unordered_map (with the std::deque that held the
// loaded strings) cost the download ~1.5 KB (issue 15).
using Entry = std::pair<std::string_view, const char*>;

struct Table {
  std::vector<std::string> texts;  // owns loaded strings; reserved once, so never moved
  std::vector<Entry> entries;      // sorted by English; of equal ones the first added wins

  void add(std::string_view english, const char* chinese_text) { entries.emplace_back(english, chinese_text); }
  void sort() { stable_sort_rows(entries, [](const Entry& a, const Entry& b) { return a.first < b.first; }); }
  const char* find(std::string_view english) const {
    const auto it = std::lower_bound(entries.begin(), entries.end(), english,
                                     [](const Entry& entry, std::string_view key) { return entry.first < key; });
    return it != entries.end() && it->first == english ? it->second : nullptr;
  }
};

#ifdef GPUWISE_FETCHED_TRANSLATIONS
// The web build keeps only the English side (the literals the panels use anyway): an
// English visit would otherwise download the Chinese for nothing (~9 KB gzip). The
// Chinese side comes from data/strings_zh.json, written from the same file at build time
// (src/tools/translations_json.cpp) in the same order, and fetched with the CJK font.
// kCompiled is only read here, at compile time, so its Chinese literals are never emitted.
template <std::size_t... I>
constexpr std::array<const char*, sizeof...(I)> english_side(std::index_sequence<I...>) {
  return {{kCompiled[I].first...}};
}
constexpr auto kEnglish = english_side(std::make_index_sequence<std::size(kCompiled)>{});
#endif

Table& chinese() {
  static Table table = [] {
    Table built;
#ifndef GPUWISE_FETCHED_TRANSLATIONS
    for (const auto& [english, chinese_text] : kCompiled) built.add(english, chinese_text);
    built.sort();
#endif
    return built;
  }();
  return table;
}

}  // namespace

void set_language(const std::string& language) { g_language = language == "zh" ? "zh" : "en"; }
const std::string& language() { return g_language; }

bool chinese_loaded() { return !chinese().entries.empty(); }

std::string load_chinese(const std::string& json_text) {
#ifdef GPUWISE_FETCHED_TRANSLATIONS
  // core's parser, not json::parse: a second instantiation of nlohmann's parser cost the
  // download ~1 KB (issue 15).
  const json parsed = parse_json(json_text).value;
  if (!parsed.is_object() || !parsed.contains("chinese") || !parsed["chinese"].is_array()) {
    return "the Chinese translations are not a JSON object with a \"chinese\" list";
  }
  const json& list = parsed["chinese"];
  const std::string version = parsed.value("version", "");
  if (list.size() != kEnglish.size() || version != translations_version(kEnglish.data(), kEnglish.size())) {
    return "the Chinese translations are for another version of the page (" + std::to_string(list.size()) + " of " +
           std::to_string(kEnglish.size()) + " strings, version '" + version + "'): reload the page";
  }
  Table table;
  table.texts.reserve(kEnglish.size());
  for (std::size_t i = 0; i < kEnglish.size(); ++i) {
    if (!list[i].is_string() || list[i].get_ref<const std::string&>().empty()) {
      return "the Chinese translation of \"" + std::string(kEnglish[i]) + "\" is not a non-empty string";
    }
    table.add(kEnglish[i], table.texts.emplace_back(list[i].get<std::string>()).c_str());
  }
  table.sort();
  chinese() = std::move(table);
  g_untranslated.clear();  // asked for before the table arrived: not a missing entry
  return "";
#else
  (void)json_text;  // compiled in
  return "";
#endif
}

const char* tr(const char* english) {
  // "" (a field without a unit) reads the same in every language.
  if (g_language != "zh" || !*english) return english;
  const Table& table = chinese();
  // Until the translations have arrived the page reads English; that is not a miss.
  if (table.entries.empty()) return english;
  if (const char* chinese_text = table.find(english)) return chinese_text;
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
