// UI strings in English and 简体中文. Call sites write the English text; tr() returns
// the Chinese text when Chinese is shown. GPU names are never translated.
#pragma once
#include <string>

namespace gpuwise::ui {

void set_language(const std::string& language);  // "en" or "zh"
const std::string& language();
const char* tr(const char* english);

}  // namespace gpuwise::ui

// Marks an English literal for translation where it is stored, not shown; the code
// that shows it calls tr(). tests/check_translations.py finds both.
#define N_(english) english

namespace gpuwise::ui {

}  // namespace gpuwise::ui
