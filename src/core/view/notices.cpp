// Notices: the cap, so one bad link gives at most Notices::kMax lines and a count.
#include "view/notices.h"

#include <utility>

namespace gpuwise {

void Notices::add(TemplateText text) {
  if (static_cast<int>(lines_.size()) < kMax) {
    lines_.push_back(std::move(text));
  } else {
    ++dropped_;
  }
}

std::vector<TemplateText> Notices::take() {
  std::vector<TemplateText> out = std::move(lines_);
  if (dropped_ > 0) out.push_back({I18N("... and {0} more problems"), {std::to_string(dropped_)}, {}});
  lines_.clear();
  dropped_ = 0;
  return out;
}

std::vector<std::string> english(const std::vector<TemplateText>& notices) {
  std::vector<std::string> out;
  out.reserve(notices.size());
  for (const auto& notice : notices) out.push_back(notice.text());
  return out;
}

}  // namespace gpuwise
