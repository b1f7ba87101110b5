// The command line's value flags read like a link: one parser and one set of checks for
// `--price 1200` and `roi.price=1200` (src/cli/fields.cpp walks the field table).
#pragma once
#include <optional>
#include <string>

#include "text/template_text.h"
#include "view/view_fields.h"

namespace gpuwise {

// Reads `text` as the value of `field` (a number, a whole number, a word of its
// choices, a version, a comma-separated list ...) into `state` with the same checks as a link. Returns the
// problem in the words a link's notice uses ("'--price' must be a number from 0 to
// 10000000 (got '0x10')"), or nullopt when the value was applied.
std::optional<TemplateText> apply_cli_value(const ViewField& field, const std::string& text, ViewState& state);

}  // namespace gpuwise
