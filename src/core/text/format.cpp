#include "text/format.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace gpuwise {

const char* const kMissing = "\xE2\x80\x93";  // en dash

namespace {

// 128-bit integers: GCC and Clang have them on every target, wasm32 included (as calls
// to compiler-rt); __extension__ says so to -Wpedantic.
__extension__ typedef unsigned __int128 Wide;  // NOLINT(modernize-use-using): __extension__ needs typedef

constexpr std::uint64_t kPowersOfTen[] = {1,      10,      100,      1000,      10000,
                                          100000, 1000000, 10000000, 100000000, 1000000000};

// What snprintf("%.*f") writes, worked out with integers. musl's printf formats every
// double through long double, which wasm has only as 128-bit arithmetic in software: the
// catalog's first frame formats ~2,400 cells to size its columns, and in the browser's
// first-run code this took 0.4 instead of 5 ms for as many figures (issue 15).
// A double is m * 2^-shift exactly (m < 2^53), so value * 10^decimals is
// m * 10^decimals / 2^shift: its whole part and remainder are exact in 128 bits, and the
// remainder against one half rounds it as printf does (ties to even). Returns false when
// the result would not fit 64 bits; the caller then asks snprintf.
bool fixed_by_integers(double value, int decimals, std::string& text) {
  const double magnitude = std::fabs(value);
  const std::uint64_t scale = kPowersOfTen[decimals];
  if (!(magnitude < 9.0e18 / static_cast<double>(scale))) return false;
  int exponent = 0;
  const double fraction = std::frexp(magnitude, &exponent);  // magnitude = fraction * 2^exponent
  const auto mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  const int shift = 53 - exponent;  // negative from 2^53 up, where every double is whole
  std::uint64_t whole = 0;
  if (shift <= 0) {
    whole = (mantissa << -shift) * scale;  // the value itself, times 10^decimals: < 9e18
  } else if (shift < 128) {  // past 127 the value is below 2^-74: zero at 9 decimals
    const Wide scaled = static_cast<Wide>(mantissa) * scale;
    const Wide one = 1;
    const Wide rest = scaled & ((one << shift) - 1);
    const Wide half = one << (shift - 1);
    whole = static_cast<std::uint64_t>(scaled >> shift);
    if (rest > half || (rest == half && (whole & 1) != 0)) ++whole;
  }
  char digits[24];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + whole % 10);
    whole /= 10;
  } while (whole != 0);
  while (count <= decimals) digits[count++] = '0';  // "0.05": a leading zero and padding
  text.clear();
  if (std::signbit(value)) text += '-';  // "-0.00", as printf
  for (int i = count - 1; i >= 0; --i) {
    text += digits[i];
    if (i == decimals && decimals > 0) text += '.';
  }
  return true;
}

}  // namespace

std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "?";
  if (decimals < 0) decimals = 0;
  if (decimals > 9) decimals = 9;
  std::string text;
  if (fixed_by_integers(value, decimals, text)) return text;
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
