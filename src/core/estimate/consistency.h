// `gpuwise check`: every measured row of data/benchmarks.json against the estimate the site
// ships for the same card(s), count, model, precision, engine, context or batch (the shipped
// calibration files, not a refit), per class (set and phase): rows, the median of
// estimate / measured, and the share of rows inside the estimate's band. A row the site has
// no estimate for (MLPerf's whole-benchmark samples/s, matmul ceilings) or cannot read (an
// unknown card or model) is listed with its reason, never skipped in silence.
// docs/speed.md, "Checked against every measurement", gives the table.
#pragma once
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/image.h"
#include "estimate/speed.h"
#include "text/json_fwd.h"

namespace gpuwise {

struct ConsistencyRow {
  std::string set, phase, gpu, case_text;  // case: "llama-3-8b q4_k_m ctx 512"
  std::string unit;                        // the measured row's unit; speed-like (higher is faster)
  double measured = 0, estimate = 0, low = 0, high = 0;
  bool within_band() const { return measured >= low * (1 - 1e-9) && measured <= high * (1 + 1e-9); }
};

struct ConsistencyClass {
  std::string key;  // "xiongjiedai-llama3-llamacpp/decode"
  int n = 0;
  double median_ratio = 0;  // estimate / measured
  double within_band = 0;   // share of rows, 0 to 1
};

struct NotCompared {
  std::string set, gpu, case_text, reason;
};

struct ConsistencyReport {
  std::vector<ConsistencyRow> rows;
  std::vector<ConsistencyClass> classes;  // by key; "all" last
  std::vector<NotCompared> not_compared;  // rows with no estimate to compare, with the reason
  std::vector<NotCompared> unreadable;    // rows naming a card or model the site does not know
};

// A class with this many rows or more must hold its median ratio and band share (the test).
constexpr int kCheckedClassRows = 5;
constexpr double kMedianRatioLow = 0.85, kMedianRatioHigh = 1.18, kMinWithinBand = 0.75;

ConsistencyReport check_consistency(const Catalog& catalog, const Benchmarks& benchmarks,
                                    const SpeedCalibration& speed, const ImageCalibration& img);
// {"classes": [{"class", "n", "median_ratio", "within_band"}], "rows": [{"set", "gpu", "case",
// "measured", "estimate", "low", "high"}], "not_compared": [...], "unreadable": [...]}
json consistency_to_json(const ConsistencyReport& report);
// The classes with kCheckedClassRows or more that miss the median ratio or band share.
std::vector<ConsistencyClass> failing_classes(const ConsistencyReport& report);

}  // namespace gpuwise
