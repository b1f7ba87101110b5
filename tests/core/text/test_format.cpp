// format_fixed works figures out with integers instead of printf (issue 15): it must write
// exactly what printf writes, ties, signs and zeros included.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "text/format.h"

using namespace gpuwise;

namespace {

std::string printf_fixed(double value, int decimals) {
  char buffer[400];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

}  // namespace

TEST_CASE("format_fixed: halfway cases round to even, as printf does") {
  // 0.125 and 2.5 are exact in binary: true ties.
  CHECK(format_fixed(0.125, 2) == "0.12");
  CHECK(format_fixed(0.375, 2) == "0.38");
  CHECK(format_fixed(2.5, 0) == "2");
  CHECK(format_fixed(3.5, 0) == "4");
  // 2.675 is stored as 2.67499999...: below the tie.
  CHECK(format_fixed(2.675, 2) == "2.67");
  CHECK(format_fixed(1.005, 2) == "1.00");
}

TEST_CASE("format_fixed: signs, zeros and padding") {
  CHECK(format_fixed(0, 2) == "0.00");
  CHECK(format_fixed(-0.0, 1) == "-0.0");
  CHECK(format_fixed(-0.001, 2) == "-0.00");
  CHECK(format_fixed(0.05, 3) == "0.050");
  CHECK(format_fixed(936, 0) == "936");
  CHECK(format_fixed(35.58, 1) == "35.6");
  CHECK(format_fixed(-1234.5678, 3) == "-1234.568");
  CHECK(format_fixed(5e-324, 9) == "0.000000000");  // the smallest subnormal
  CHECK(format_fixed(1.5, -3) == "2");              // decimals are kept to 0..9
  CHECK(format_fixed(1.5, 12) == "1.500000000");
  CHECK(format_fixed(std::numeric_limits<double>::infinity(), 2) == "?");
  CHECK(format_fixed(std::nan(""), 2) == "?");
}

TEST_CASE("format_fixed: large figures, past what 64 bits hold, are still printf's") {
  CHECK(format_fixed(1e300, 2) == printf_fixed(1e300, 2));
  CHECK(format_fixed(-9.5e18, 0) == printf_fixed(-9.5e18, 0));
  CHECK(format_fixed(9007199254740993.0, 1) == printf_fixed(9007199254740993.0, 1));
  CHECK(format_fixed(8.9e9, 9) == printf_fixed(8.9e9, 9));
  CHECK(format_fixed(9.1e9, 9) == printf_fixed(9.1e9, 9));
}

TEST_CASE("format_fixed: the same text as printf for a million figures") {
  std::mt19937_64 random(20261203);
  int compared = 0;
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t bits = random();
    double value = 0;
    switch (i % 5) {
      case 0:  // any bit pattern: huge, tiny, subnormal, negative
        std::memcpy(&value, &bits, sizeof value);
        break;
      case 1:  // decimal figures as the data has them: 35.58, 0.558, 1979
        value = static_cast<double>(bits % 100000000) / std::pow(10.0, static_cast<int>(bits >> 60) % 10);
        break;
      case 2:  // exact binary fractions: ties at every number of decimals
        value = std::ldexp(static_cast<double>(bits % 100000), -static_cast<int>((bits >> 40) % 20));
        break;
      case 3:  // whole numbers near 2^53 and beyond
        value = static_cast<double>(bits >> (static_cast<int>(bits % 30)));
        break;
      default:  // all 53 bits of mantissa, at scales around one
        value = std::ldexp(static_cast<double>(bits >> 11), -static_cast<int>(bits % 80));
        break;
    }
    if ((bits >> 58) & 1) value = -value;
    if (!std::isfinite(value)) continue;
    const int decimals = static_cast<int>((bits >> 20) % 10);
    const std::string ours = format_fixed(value, decimals);
    if (ours != printf_fixed(value, decimals)) {
      INFO("value " << printf_fixed(value, 20) << " decimals " << decimals);
      CHECK(ours == printf_fixed(value, decimals));
    }
    ++compared;
  }
  CHECK(compared > 990000);
}
