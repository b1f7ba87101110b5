// gpuwise roi --gpu ID [...] [--json]: buy vs rent with the same core function the page
// calls (compute_roi); without --json, the formulas with their numbers.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "catalog.h"
#include "cli.h"
#include "prices.h"
#include "roi.h"
#include "roi_formulas.h"
#include "roi_json.h"

namespace gpuwise::cli {
namespace {

const char* kUsage =
    "usage: gpuwise roi --gpu ID [--count N] [--price USD] [--rate USD_PER_HOUR] [--power W]\n"
    "                   [--kwh-price USD] [--hours-per-day H] [--months M] [--depreciation PCT_PER_YEAR]\n"
    "                   [--resale USD] [--host-cost USD] [--host-power W] [--maintenance USD_PER_YEAR]\n"
    "                   [--rent-out-rate USD_PER_HOUR] [--occupancy PCT] [--platform-fee PCT]\n"
    "                   [--json] [--data-dir DIR] [--today YYYY-MM-DD]\n"
    "Money is USD per GPU unless named; absent price, rate and power come from data.\n"
    "A price or rate from data older than 12 months (as of --today, default: today) is stale.\n";

// Strict: the whole word must be a finite number, else a message and false.
bool read_number(const Args& args, const char* flag, std::optional<double>& out) {
  const auto word = args.value(flag);
  if (!word) return true;
  char* end = nullptr;
  const double value = std::strtod(word->c_str(), &end);
  if (word->empty() || *end != '\0' || !std::isfinite(value)) {
    std::fprintf(stderr, "gpuwise roi: %s '%s' is not a number\n", flag, word->c_str());
    return false;
  }
  out = value;
  return true;
}

bool read_number(const Args& args, const char* flag, double& out) {
  std::optional<double> value;
  if (!read_number(args, flag, value)) return false;
  if (value) out = *value;
  return true;
}

bool read_whole(const Args& args, const char* flag, int& out) {
  std::optional<double> value;
  if (!read_number(args, flag, value)) return false;
  if (!value) return true;
  if (std::floor(*value) != *value || std::fabs(*value) > 1e9) {
    std::fprintf(stderr, "gpuwise roi: %s must be a whole number\n", flag);
    return false;
  }
  out = static_cast<int>(*value);
  return true;
}

// One line per stale figure the calculation took from data, before the formulas.
void print_stale_notes(const RoiDefaults& d, const std::string& today) {
  const auto note = [&](const char* what, const PriceAge& age, const std::string& date) {
    if (age.stale) {
      std::printf("stale: the %s is from %s, %d months before %s\n", what, date.c_str(), age.months, today.c_str());
    }
  };
  if (d.price.kind == PriceKind::street_new || d.price.kind == PriceKind::street_used) {
    note("price", d.price.age, d.price.date_seen);
  }
  if (d.rate) note("rate", d.rate_age, d.rate->date_seen);
  if (d.used_price) note("used price", d.used_price_age, d.used_price->date_seen);
}

}  // namespace

int run_roi(const Args& args) {
  const auto unknown = args.unknown({"--json"}, {"--gpu", "--count", "--price", "--rate", "--power", "--kwh-price",
                                                 "--hours-per-day", "--months", "--depreciation", "--resale",
                                                 "--host-cost", "--host-power", "--maintenance", "--rent-out-rate",
                                                 "--occupancy", "--platform-fee", "--data-dir", "--today"});
  const auto gpu = args.value("--gpu");
  if (!unknown.empty() || !gpu) {
    if (!unknown.empty()) std::fprintf(stderr, "gpuwise roi: unknown option '%s'\n", unknown.front().c_str());
    std::fprintf(stderr, "%s", kUsage);
    return 2;
  }
  RoiView view;
  view.gpu_id = *gpu;
  const bool ok = read_whole(args, "--count", view.gpu_count) && read_number(args, "--price", view.price_usd) &&
                  read_number(args, "--rate", view.rate_usd_per_hour) && read_number(args, "--power", view.power_w) &&
                  read_number(args, "--kwh-price", view.kwh_price_usd) &&
                  read_number(args, "--hours-per-day", view.hours_per_day) && read_whole(args, "--months", view.months) &&
                  read_number(args, "--depreciation", view.depreciation_pct_per_year) &&
                  read_number(args, "--resale", view.resale_usd) &&
                  read_number(args, "--host-cost", view.host_cost_usd) &&
                  read_number(args, "--host-power", view.host_power_w) &&
                  read_number(args, "--maintenance", view.maintenance_usd_per_year) &&
                  read_number(args, "--rent-out-rate", view.rent_out_rate_usd_per_hour) &&
                  read_number(args, "--occupancy", view.occupancy_pct) &&
                  read_number(args, "--platform-fee", view.platform_fee_pct);
  if (!ok) return 2;

  std::string gpus_text, prices_text;
  if (!read_file(data_path(args, "gpus.json"), gpus_text)) return 1;
  if (!read_file(data_path(args, "prices.json"), prices_text)) return 1;
  const Catalog catalog = load_catalog(gpus_text);
  PriceBook book = load_prices(prices_text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "gpus.json: %s\n", issue.to_string().c_str());
  for (const auto& issue : book.issues) std::fprintf(stderr, "prices.json: %s\n", issue.to_string().c_str());

  if (catalog.find(view.gpu_id) < 0) {
    std::fprintf(stderr, "gpuwise roi: unknown GPU id '%s' (gpuwise catalog --json lists the ids)\n",
                 view.gpu_id.c_str());
    return 2;
  }
  const RoiResult result = compute_roi(catalog, book, view);
  for (const auto& notice : result.notices) std::fprintf(stderr, "notice: %s\n", notice.message.c_str());
  if (!result.ok) std::fprintf(stderr, "gpuwise roi: %s (--price USD / --rate USD_PER_HOUR)\n", result.error.c_str());

  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(roi_to_json(result), 2).c_str());
  } else if (result.ok) {
    std::printf("%s x %d\n", result.inputs.gpu_name.c_str(), result.inputs.gpu_count);
    print_stale_notes(result.defaults, book.today);
    for (const auto& line : roi_formulas(result)) {
      std::printf("%s\n  %s\n  = %s\n  = %s\n", line.label.c_str(), line.formula.c_str(), line.numbers.c_str(),
                  line.result.c_str());
    }
  }
  return result.ok ? 0 : 1;
}

}  // namespace gpuwise::cli
