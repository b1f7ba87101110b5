// Numbers as the buyer reads them, written once: catalog figures, figures in sentences,
// scores and money. Every panel, the CLI and core's own sentences use these.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace gpuwise {

extern const char* const kMissing;  // "–": no figure, never 0

// A catalog figure: "35.6", "936", "0.558", "1979" (more decimals for smaller numbers,
// trailing zeros dropped); kMissing when absent or not finite.
std::string format_number(std::optional<double> value);

// "141.2", "2.68", "16": at most `max_decimals` decimals, trailing zeros (and a bare dot)
// removed; "?" when not finite.
std::string format_number(double value, int max_decimals);

// Exactly `decimals` decimals, zeros kept: "100.0" (scores).
std::string format_fixed(double value, int decimals);

// "$1,234.56", "-¥12,183": thousands separators, `decimals` decimals; an amount that
// rounds to zero has no minus sign.
std::string format_money(double amount, std::string_view symbol, int decimals);

}  // namespace gpuwise
