#include "template_text.h"

namespace gpuwise {

std::string TemplateText::text() const { return fill_template(pattern, args); }

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
