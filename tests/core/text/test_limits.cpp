// The input ranges and the one clamp (text/limits.h).
#include <catch2/catch.hpp>
#include <cmath>

#include "text/limits.h"

TEST_CASE("RangeClamp: one clamp, one sentence, for every computation") {
  using gpuwise::RangeClamp;
  RangeClamp clamp;
  CHECK(clamp.number("hours_per_day", 30, gpuwise::limits::kHoursPerDay, 8) == 24);
  CHECK(clamp.number("hours_per_day", 12, gpuwise::limits::kHoursPerDay, 8) == 12);
  CHECK(clamp.number("kwh_price_usd", std::nan(""), gpuwise::limits::kKwhPriceUsd, 0.15) == 0.15);
  CHECK(clamp.whole("months", 0, gpuwise::limits::kMonths) == 1);
  CHECK(clamp.number("year_min", 0, gpuwise::limits::kYear, 0) == 0);  // 0: no bound, allowed
  REQUIRE(clamp.notices().size() == 3);
  CHECK(clamp.notices()[0].field == "hours_per_day");
  CHECK(clamp.texts()[0].text() == "hours_per_day 30 is out of range; clamped to 24");
  CHECK(clamp.texts()[1].text() == "kwh_price_usd is not a number; using 0.15");
  CHECK(clamp.texts()[2].text() == "months 0 is out of range; clamped to 1");
}
