#include "text/template_text.h"

namespace gpuwise {

TemplateText::TemplateText(std::string pattern_text, std::vector<std::string> arg_texts,
                           std::vector<TemplateText> nested_texts)
    : pattern(std::move(pattern_text)), args(std::move(arg_texts)), nested(std::move(nested_texts)) {}

std::string TemplateText::text() const { return render_template(*this, nullptr); }

std::string render_template(const TemplateText& text, const char* (*translate)(const char*)) {
  std::vector<std::string> args = text.args;
  for (std::size_t i = 0; i < text.nested.size() && i < args.size(); ++i) {
    if (!text.nested[i].pattern.empty()) args[i] = render_template(text.nested[i], translate);
  }
  const char* pattern = translate ? translate(text.pattern.c_str()) : text.pattern.c_str();
  return fill_template(pattern, args);
}

std::string fill_template(std::string_view pattern, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{') {
      std::size_t close = pattern.find('}', i);
      if (close != std::string_view::npos && close > i + 1 && close - i <= 3) {
        bool digits = true;
        std::size_t index = 0;
        for (std::size_t k = i + 1; k < close; ++k) {
          if (pattern[k] < '0' || pattern[k] > '9') digits = false;
          else index = index * 10 + static_cast<std::size_t>(pattern[k] - '0');
        }
        if (digits && index < args.size()) {
          out += args[index];
          i = close;
          continue;
        }
      }
    }
    out += pattern[i];
  }
  return out;
}

}  // namespace gpuwise
