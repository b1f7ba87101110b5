#include "format.h"

#include <cmath>
#include <cstdio>

namespace gpuwise {

const char* const kMissing = "\xE2\x80\x93";  // en dash

std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "?";
  if (decimals < 0) decimals = 0;
  if (decimals > 9) decimals = 9;
  char buffer[400];  // %.*f of 1e308 has 309 digits before the dot
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string format_number(double value, int max_decimals) {
  std::string text = format_fixed(value, max_decimals);
  if (text.find('.') != std::string::npos) {
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

std::string format_number(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return kMissing;
  const double magnitude = std::fabs(*value);
  int decimals = 3;
  if (magnitude >= 1000 || std::floor(*value) == *value) decimals = 0;
  else if (magnitude >= 100) decimals = 1;
  else if (magnitude >= 1) decimals = 2;
  return format_number(*value, decimals);
}

std::string format_money(double amount, std::string_view symbol, int decimals) {
  const std::string digits = format_fixed(std::fabs(amount), decimals);
  const std::size_t dot = digits.find('.');
  std::string whole = digits.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : digits.substr(dot);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  const bool negative = amount < 0 && std::round(std::fabs(amount) * std::pow(10, decimals)) > 0;
  return std::string(negative ? "-" : "") + std::string(symbol) + whole + fraction;
}

}  // namespace gpuwise
