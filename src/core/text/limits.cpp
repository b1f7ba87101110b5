#include "text/limits.h"

#include <algorithm>
#include <cmath>

#include "text/number_text.h"

namespace gpuwise {

double clamp_to_range(const NumberRange& range, double value, double fallback) {
  if (std::isnan(value)) return fallback;
  if (range.contains(value)) return value;
  if (range.zero_too && value < range.min && value > 0) return range.min;  // 0 < value < min: the nearest bound
  double out = std::min(std::max(value, range.min), range.max);
  if (range.whole) out = std::round(out);
  return out;
}

TemplateText describe_range(const NumberRange& range) {
  const char* pattern = range.zero_too ? (range.whole ? I18N("0 or a whole number from {0} to {1}")
                                                      : I18N("0 or a number from {0} to {1}"))
                                       : (range.whole ? I18N("a whole number from {0} to {1}")
                                                      : I18N("a number from {0} to {1}"));
  return {pattern, {shortest_number(range.min), shortest_number(range.max)}, {}};
}

double RangeClamp::number(const char* field, double value, const NumberRange& range, double fallback) {
  if (!std::isfinite(value)) {
    notices_.push_back({field, {kNoticeNotNumber, {field, shortest_number(fallback)}, {}}});
    return fallback;
  }
  const double clamped = clamp_to_range(range, value, fallback);
  if (clamped != value) {
    notices_.push_back({field, {kNoticeClamped, {field, shortest_number(value), shortest_number(clamped)}, {}}});
  }
  return clamped;
}

int RangeClamp::whole(const char* field, int value, const NumberRange& range) {
  return static_cast<int>(number(field, value, range, range.min));
}

std::vector<TemplateText> RangeClamp::texts() const {
  std::vector<TemplateText> out;
  out.reserve(notices_.size());
  for (const FieldNotice& notice : notices_) out.push_back(notice.text);
  return out;
}

}  // namespace gpuwise
