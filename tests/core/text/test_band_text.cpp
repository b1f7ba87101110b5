// A figure with its band (text/band_text.h, issue 27): the ends of a band read as
// different figures with two significant digits, never "$3-3" as the cost of a job's
// serving rows printed when the ends were rounded to whole dollars.
#include <catch2/catch.hpp>

#include <string>

#include "money/job_cost.h"
#include "test_support.h"
#include "text/band_text.h"

using namespace gpuwise;

TEST_CASE("band_decimals: the fewest decimals that keep the ends apart with two significant digits",
          "[band_text]") {
  CHECK(band_decimals(2.6, 3.4) == 1);
  CHECK(band_decimals(1540, 2210) == 0);
  CHECK(band_decimals(427.2, 676.3) == 0);
  CHECK(band_decimals(2.91, 3.04) == 1);     // "3 to 3" at 0 decimals
  CHECK(band_decimals(2.951, 2.962) == 2);   // "3.0 to 3.0" at 1
  CHECK(band_decimals(0.078, 0.12) == 3);    // two significant digits of the smaller end
  CHECK(band_decimals(999.6, 1000.4) == 1);  // "1000 to 1000" at 0
  CHECK(band_decimals(2.6, 3.4, 2) == 2);    // never fewer than asked
  CHECK_FALSE(band_decimals(2.75, 2.75).has_value());  // no spread
}

TEST_CASE("money_band_text: distinct ends, or says the ends are the same, never \"$3 to $3\"", "[band_text]") {
  // The old formatting printed the ends at whole dollars: "$2.75 ($3-3)".
  CHECK(money_band_text(2.75, 2.6, 3.4, "$", 2).text() == "$2.75 ($2.6 to $3.4)");
  CHECK(money_band_text(3, 2.91, 3.04, "$", 2).text() == "$3.00 ($2.9 to $3.0)");
  CHECK(money_band_text(1793.26, 1540, 2210, "$", 2).text() == "$1,793.26 ($1,540 to $2,210)");
  CHECK(money_band_text(18.6, 17.6, 19.7, "\xC2\xA5", 2).text() == "\xC2\xA5" "18.60 (\xC2\xA5" "18 to \xC2\xA5" "20)");
  const TemplateText same = money_band_text(2.75, 2.75, 2.75, "$", 2);
  CHECK(same.text() == "$2.75 (the same at both ends of its band)");
  CHECK(same.pattern == "{0} (the same at both ends of its band)");
}

TEST_CASE("the cost of a job's bands: every serving way reads as distinct ends or says it has none, CLI and page alike",
          "[band_text][job_cost]") {
  JobInput serve;
  serve.job.kind = "serve";
  serve.job.preset = "llama-3-8b";
  serve.job.users = 50;
  serve.job.tokens_per_day = 1e7;
  const JobCostResult r = job_cost(test::shipped_catalog(), test::shipped_prices(), test::shipped_calibration(), serve);
  REQUIRE(r.ok);
  REQUIRE(r.cheapest.size() > 5);
  for (const JobWay& way : r.cheapest) {
    const TemplateText text = money_band_text(way.cost_usd, way.cost_low_usd, way.cost_high_usd, "$", 2);
    INFO(way.gpu_id << ": " << text.text());
    if (text.args.size() == 3) CHECK(text.args[1] != text.args[2]);
    else CHECK(way.cost_low_usd == Approx(way.cost_high_usd).epsilon(1e-4));
  }
  // Both the CLI and the page print a band through money_band_text, not at whole units.
  const std::string cli = test::read_source_file("src/cli/cmd_job.cpp");
  const std::string page = test::read_source_file("src/ui/panel_job_cost.cpp");
  CHECK(cli.find("money_band_text(") != std::string::npos);
  CHECK(page.find("money_band_text(") != std::string::npos);
  CHECK(cli.find("($%.0f-%.0f)") == std::string::npos);
}
