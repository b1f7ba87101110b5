// A sentence shown to the buyer as a fixed English pattern plus the numbers filled in,
// so the UI can translate the pattern once (tr(pattern)) and fill the same numbers:
//   fill_template(tr(why.pattern), why.args)
// Patterns use {0}, {1}, ... placeholders; args are already formatted numbers or ids.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "text/format.h"  // format_number(value, max_decimals) for the args

// Marks an English pattern or label in core that the UI shows through tr(): the
// translation check (tests/check_translations.py) collects every I18N("...") literal of
// src/core, so a core sentence without a Chinese entry fails the test run.
#define I18N(english) english

namespace gpuwise {

struct TemplateText {
  TemplateText() = default;
  TemplateText(std::string pattern_text, std::vector<std::string> arg_texts = {},
               std::vector<TemplateText> nested_texts = {});

  std::string pattern;            // "clamped to {0}"; one of a small fixed set per module
  std::vector<std::string> args;  // "2048"
  // A phrase that is a pattern of its own ("a number from {0} to {1}" inside "'{0}' must
  // be {1}; kept {2}"): nested[i], when its pattern is not empty, stands for args[i] and
  // is translated the same way. args[i] keeps its English text.
  std::vector<TemplateText> nested;
  std::string text() const;       // the English sentence with the args filled in
};

// The sentence with `translate` applied to the pattern and to every nested pattern
// (the UI passes tr); text() is this with no translation.
std::string render_template(const TemplateText& text, const char* (*translate)(const char*));

// Replaces {N} with args[N]; a placeholder without an argument stays as written.
std::string fill_template(std::string_view pattern, const std::vector<std::string>& args);

}  // namespace gpuwise
