// Numbers as text, one way for links, JSON, the CLI and notices: the shortest text that
// reads back exactly, and a strict reader (no hex, no inf, no spaces).
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace gpuwise {

// Shortest decimal text that reads back to exactly `value`: 8.03 -> "8.03", 24 -> "24",
// 1e-7 -> "1e-7". No '+' anywhere (it would read as a space in a link).
std::string shortest_number(double value);
// Reads "70.6", "-1", "1e3", ".5"; nullopt for anything else, inf or NaN.
std::optional<double> read_number(std::string_view text);

}  // namespace gpuwise
