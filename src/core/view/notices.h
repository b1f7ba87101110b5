// What went wrong while reading a link, a saved state or a flag, as short translatable
// lines: each problem is one line, and a garbage link cannot flood the page (kMax, then
// "... and N more problems").
#pragma once
#include <string>
#include <vector>

#include "text/template_text.h"

namespace gpuwise {

class Notices {
 public:
  static constexpr int kMax = 20;
  void add(TemplateText text);
  std::vector<TemplateText> take();  // the notices, plus "... and N more" when capped

 private:
  std::vector<TemplateText> lines_;
  int dropped_ = 0;
};

// The notices in English (LinkDecode::notices, the CLI, the browser tests' state).
std::vector<std::string> english(const std::vector<TemplateText>& notices);

}  // namespace gpuwise
