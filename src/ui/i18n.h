// UI strings in English and 简体中文. Call sites write the English text; tr() returns
// the Chinese text when Chinese is shown. GPU names are never translated.
#pragma once
#include <string>
#include <vector>

#include "text/template_text.h"

namespace gpuwise::ui {

void set_language(const std::string& language);  // "en" or "zh"
const std::string& language();
const char* tr(const char* english);
// The web build fetches the translations (data/strings_zh.json) when Chinese is first
// shown; until load_chinese() has taken them tr() returns the English. Returns "" or
// what was wrong with the text (the table is then unchanged). Native builds have the
// table compiled in: chinese_loaded() is true from the start.
std::string load_chinese(const std::string& json_text);
bool chinese_loaded();
// A core sentence: its pattern (an I18N() literal) translated, then its args filled in.
std::string tr(const TemplateText& text);
// Every English string tr() was asked for while Chinese was shown and had no entry for,
// sorted; the page publishes it (window.gpuwise.untranslated) for the browser tests.
const std::vector<std::string>& untranslated();

}  // namespace gpuwise::ui

// Marks an English literal for translation where it is stored, not shown; the code
// that shows it calls tr(). tests/check_translations.py finds both.
#define N_(english) english
