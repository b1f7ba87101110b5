// A figure with its error band as the buyer reads it (issue 27): "$2.75 ($2.6 to $3.4)",
// "528 h (427 to 676)". The band's ends get as many decimals as keep them apart with two
// significant digits each, so a band never reads "$3-3"; ends that are the same figure
// (an endpoint whose replicas do not change across the band) say so instead of
// repeating it. The page translates the pattern (tr), the CLI prints text().
#pragma once
#include <optional>
#include <string_view>

#include "text/template_text.h"

namespace gpuwise {

// The decimals the ends of a band need: the fewest, from `min_decimals` up to 4, at which
// `low` and `high` print as different figures and each keeps two significant digits
// ("2.6" and "3.4", "1,540" and "2,210", "0.078" and "0.12"). nullopt: the ends print the
// same at 4 decimals, a band with no spread.
std::optional<int> band_decimals(double low, double high, int min_decimals = 0);

// "{0} ({1} to {2})" with the amount at `decimals` and the ends at band_decimals(), each
// with `symbol` ("$2.75 ($2.6 to $3.4)"); "{0} (the same at both ends of its band)" when
// the ends are the same figure. Amounts are in the currency the symbol names.
TemplateText money_band_text(double amount, double low, double high, std::string_view symbol, int decimals);

}  // namespace gpuwise
