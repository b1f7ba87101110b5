// gpuwise check: every measured row of data/benchmarks.json against the estimate the site
// ships (estimate/consistency.h), per class: rows, median estimate / measured, share within
// the band. Exit 1 when a class of kCheckedClassRows rows or more misses its aim, or a row
// names a card or model the site does not know.
#include <cstdio>
#include <string>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "cli.h"
#include "estimate/consistency.h"
#include "text/json_util.h"

namespace gpuwise::cli {
namespace {

const char* kUsage = "usage: gpuwise check [--json] [--rows] [--data-dir DIR]\n";

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise check: %s\n%s", message.c_str(), kUsage);
  return 2;
}

// A calibration file's problems are the check's: it checks what ships.
bool report_issues(const char* file, const std::vector<CatalogIssue>& issues) {
  for (const auto& issue : issues) std::fprintf(stderr, "gpuwise check: %s: %s\n", file, issue.to_string().c_str());
  return issues.empty();
}

}  // namespace

int run_check(const Args& args) {
  const auto unknown = args.unknown({"--json", "--rows"}, {"--data-dir"});
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  if (!args.positional({"--data-dir"}).empty()) return fail("unexpected word '" + args.positional({"--data-dir"}).front() + "'");
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "benchmarks.json"), text)) return 2;
  const Benchmarks benchmarks = load_benchmarks(text, catalog);
  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "speed_calibration.json"), text)) return 2;
  const SpeedCalibration speed = load_speed_calibration(text, issues);
  if (!report_issues("speed_calibration.json", issues)) return 1;
  if (!read_file(data_path(args, "image_calibration.json"), text)) return 2;
  const ImageCalibration image = load_image_calibration(text, issues);
  if (!report_issues("image_calibration.json", issues)) return 1;

  const ConsistencyReport report = check_consistency(catalog, benchmarks, speed, image);
  const auto failing = failing_classes(report);
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(consistency_to_json(report), 2).c_str());
  } else {
    std::printf("%-46s %5s %13s %12s\n", "class (set/phase)", "n", "est/measured", "within band");
    for (const auto& c : report.classes) {
      const bool checked = c.n >= kCheckedClassRows;
      const bool missed = checked && (c.median_ratio < kMedianRatioLow || c.median_ratio > kMedianRatioHigh ||
                                      c.within_band < kMinWithinBand);
      std::printf("%-46s %5d %13.2f %11.0f%%%s\n", c.key.c_str(), c.n, c.median_ratio, c.within_band * 100,
                  missed ? "  MISSED" : checked ? "" : "  (fewer than 5 rows: shown, not held to the aim)");
    }
    if (args.flag("--rows")) {
      for (const auto& r : report.rows) {
        std::printf("%-36s %-22s %-40s measured %9.2f estimate %9.2f (%.2f to %.2f)%s\n", r.set.c_str(), r.gpu.c_str(),
                    r.case_text.c_str(), r.measured, r.estimate, r.low, r.high, r.within_band() ? "" : "  outside band");
      }
    }
    std::printf("\n%zu rows compared; %zu not compared (no estimate of the site answers them, each with its reason in --json)\n",
                report.rows.size(), report.not_compared.size());
    std::printf("aim for a class of %d rows or more: median %.2f to %.2f, %.0f %% within band\n", kCheckedClassRows,
                kMedianRatioLow, kMedianRatioHigh, kMinWithinBand * 100);
  }
  for (const auto& u : report.unreadable) {
    std::fprintf(stderr, "gpuwise check: benchmarks.json row (set %s, gpu %s, %s): %s\n", u.set.c_str(), u.gpu.c_str(),
                 u.case_text.c_str(), u.reason.c_str());
  }
  for (const auto& c : failing) {
    std::fprintf(stderr, "gpuwise check: class %s misses its aim: median %.2f, %.0f %% within band (%d rows)\n", c.key.c_str(),
                 c.median_ratio, c.within_band * 100, c.n);
  }
  return failing.empty() && report.unreadable.empty() ? 0 : 1;
}

}  // namespace gpuwise::cli
