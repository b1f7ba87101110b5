// apply_cli_value: a flag's value goes through the link's FieldApplier, so `--price` and
// `roi.price=` accept the same values and refuse the others in the same words.
#include "view/cli_values.h"

#include <algorithm>
#include <utility>

#include "text/number_text.h"
#include "text/utf8.h"
#include "view/field_applier.h"

namespace gpuwise {

std::optional<TemplateText> apply_cli_value(const ViewField& field, const std::string& text, ViewState& state) {
  // The value goes through the link's applier (the same parser and checks); the
  // notice names the flag and says what was typed instead of what was kept.
  ViewState tried = state;
  Notices notices;
  FieldApplier applier(tried, nullptr, /*link_names=*/true, notices);
  applier.set_name_override(field.cli_flag);
  switch (field.kind) {
    case FieldKind::number:
    case FieldKind::whole: applier.set_number(field, read_number(text)); break;
    case FieldKind::optional_number: {
      const auto number = read_number(text);
      if (number) applier.set_optional_number(field, std::optional<std::optional<double>>(std::in_place, *number));
      else applier.set_optional_number(field, std::nullopt);
      break;
    }
    case FieldKind::text: applier.set_text(field, text); break;
    case FieldKind::list: {  // "NVIDIA,AMD", as in a link but not percent-encoded
      std::vector<std::string> items;
      for (std::size_t start = 0; !text.empty() && start <= text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        items.push_back(text.substr(start, comma - start));
        start = comma + 1;
      }
      applier.set_list(field, std::move(items));
      break;
    }
    default: break;  // flags and weights have their own CLI syntax (cmd_rank.cpp)
  }
  std::vector<TemplateText> problems = notices.take();
  if (problems.empty()) {
    state = std::move(tried);
    return std::nullopt;
  }
  // "'--price' must be empty or a number from ...; kept none" -> "... (got '0x10')"
  TemplateText& first = problems.front();
  if (first.pattern == std::string("'{0}' must be {1}; kept {2}")) {
    TemplateText want = field.kind == FieldKind::optional_number ? describe_range(field.range) : first.nested[1];
    return TemplateText{I18N("'{0}' must be {1} (got {2})"), {field.cli_flag, want.text(), in_quotes(text)},
                        {TemplateText{}, want, TemplateText{}}};
  }
  return first;
}

}  // namespace gpuwise
