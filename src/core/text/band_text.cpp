#include "text/band_text.h"

#include <cmath>
#include <string>

namespace gpuwise {

namespace {
constexpr int kMaxBandDecimals = 4;  // a cent's hundredth: past it, ends that still match are the same
constexpr int kBandSignificantDigits = 2;
}  // namespace

std::optional<int> band_decimals(double low, double high, int min_decimals) {
  if (!std::isfinite(low) || !std::isfinite(high)) return 0;
  if (min_decimals < 0) min_decimals = 0;
  // Two significant digits of the smaller end: 2.6 needs 1 decimal, 0.078 needs 3, 1540 none.
  const double smaller = std::fmin(std::fabs(low), std::fabs(high));
  int significant = 0;
  if (smaller > 0) significant = kBandSignificantDigits - 1 - static_cast<int>(std::floor(std::log10(smaller)));
  for (int decimals = min_decimals; decimals <= kMaxBandDecimals; ++decimals) {
    if (decimals >= significant && format_fixed(low, decimals) != format_fixed(high, decimals)) return decimals;
  }
  if (format_fixed(low, kMaxBandDecimals) != format_fixed(high, kMaxBandDecimals)) return kMaxBandDecimals;
  return std::nullopt;
}

TemplateText money_band_text(double amount, double low, double high, std::string_view symbol, int decimals) {
  const std::string figure = format_money(amount, symbol, decimals);
  const std::optional<int> ends = band_decimals(low, high);
  if (!ends) return {I18N("{0} (the same at both ends of its band)"), {figure}};
  return {I18N("{0} ({1} to {2})"), {figure, format_money(low, symbol, *ends), format_money(high, symbol, *ends)}};
}

}  // namespace gpuwise
