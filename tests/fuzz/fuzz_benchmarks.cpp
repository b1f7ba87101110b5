// Fuzzes the measured-results loader (benchmarks.h load_benchmarks), with and without the
// catalog, and the speed model's calibration and check on whatever loads: any bytes as
// data/benchmarks.json must never crash, and every figure that comes out is finite.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/benchmarks.h"
#include "fuzz_support.h"
#include "estimate/speed.h"

using namespace gpuwise;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Benchmarks alone = load_benchmarks(text);
  const Benchmarks b = load_benchmarks(text, fuzz::shipped_catalog());
  // The catalog can only drop rows (unknown ids are errors with it).
  FUZZ_CHECK(b.results.size() <= alone.results.size());
  for (const CatalogIssue& issue : b.issues) FUZZ_CHECK(!issue.to_string().empty());
  for (const auto& r : b.results) {
    FUZZ_CHECK(r.value > 0 && fuzz::finite(r.value));
    FUZZ_CHECK(fuzz::shipped_catalog().find(r.gpu_id) >= 0);
  }
  if (b.results.size() > 200) return 0;  // keep each run quick
  const SpeedCalibration cal = fit_speed_calibration(fuzz::shipped_catalog(), b);
  for (const auto* table : {&cal.decode_bandwidth, &cal.prefill_quantised, &cal.prefill_16bit, &cal.train.mfu}) {
    for (const auto& entry : *table) FUZZ_CHECK(fuzz::finite(entry.second) && entry.second >= 0);
  }
  // The calibration round-trips through its JSON form.
  std::vector<CatalogIssue> issues;
  load_speed_calibration(dump_json(speed_calibration_to_json(cal)), issues);
  SpeedInput input;
  for (const Gpu& gpu : fuzz::shipped_catalog().gpus) {
    const SpeedEstimate e = estimate_speed(gpu, input, cal);
    FUZZ_CHECK(fuzz::finite(e.decode_tokens_per_s) && fuzz::finite(e.prefill_tokens_per_s));
    FUZZ_CHECK(fuzz::finite(e.needed_gb) && e.needed_gb > 0);
  }
  return 0;
}
