// Numbers for the calculator fuzzers: mostly plausible inputs, often the values that
// break arithmetic (NaN, infinities, -0, denormals, the int limits, huge doubles).
#pragma once
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace gpuwise::fuzz {

inline double any_number(FuzzedDataProvider& in, double typical_max) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return in.ConsumeBool() ? INFINITY : -INFINITY;
    case 2: return in.ConsumeBool() ? -0.0 : std::numeric_limits<double>::denorm_min();
    case 3: return in.ConsumeFloatingPoint<double>();  // anything a double holds
    case 4: return -in.ConsumeFloatingPointInRange<double>(0, typical_max);
    case 5: return in.ConsumeFloatingPointInRange<double>(typical_max, typical_max * 1e6);
    default: return in.ConsumeFloatingPointInRange<double>(0, typical_max);
  }
}

inline std::optional<double> maybe_number(FuzzedDataProvider& in, double typical_max) {
  if (in.ConsumeBool()) return std::nullopt;
  return any_number(in, typical_max);
}

inline int any_whole(FuzzedDataProvider& in, int typical_max) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: return in.ConsumeIntegral<int>();
    case 1: return in.ConsumeBool() ? std::numeric_limits<int>::max() : std::numeric_limits<int>::min();
    default: return in.ConsumeIntegralInRange<int>(-1, typical_max);
  }
}

// One of `known`, or (less often) text of any bytes.
inline std::string any_key(FuzzedDataProvider& in, const std::vector<std::string>& known) {
  if (known.empty() || in.ConsumeIntegralInRange<int>(0, 7) == 0) return in.ConsumeRandomLengthString(80);
  return known[in.ConsumeIntegralInRange<std::size_t>(0, known.size() - 1)];
}

}  // namespace gpuwise::fuzz
