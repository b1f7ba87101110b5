// Fuzzes the measured-results loader (benchmarks.h load_benchmarks), with and without the
// catalog, and the speed model's calibration on whatever loads (decode, prefill, the
// training fit and its bands, the serving bands): any bytes as data/benchmarks.json must
// never crash, and every figure that comes out is finite. The estimates after the fit are
// taken on the fixture catalog's cards, or one of them, as the input's length picks
// (fuzz_support.h): all 205 shipped cards per input ran at about 100 inputs a CPU-second,
// all nine fixture cards at about 1,050.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/benchmarks.h"
#include "fuzz_support.h"
#include "estimate/speed.h"
#include "estimate/training.h"

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
  for (const auto& [key, band] : cal.train.bands) FUZZ_CHECK(band.low_ratio <= 1 && band.high_ratio >= 1);
  for (const auto& [key, band] : cal.serve.bands) FUZZ_CHECK(band.low_ratio <= 1 && band.high_ratio >= 1);
  SpeedInput input;
  TrainInput train;
  train.gpus = 8;
  for (const Gpu& gpu : fuzz::fixture_catalog_or_card(static_cast<unsigned>(size)).gpus) {
    const SpeedEstimate e = estimate_speed(gpu, input, cal);
    FUZZ_CHECK(fuzz::finite(e.decode_tokens_per_s) && fuzz::finite(e.prefill_tokens_per_s));
    FUZZ_CHECK(fuzz::finite(e.needed_gb) && e.needed_gb > 0);
    const TrainEstimate t = estimate_training(gpu, train, cal);
    FUZZ_CHECK(fuzz::finite(t.tokens_per_s) && t.tokens_per_s >= 0);
    FUZZ_CHECK(t.band.low_ratio <= 1 && t.band.high_ratio >= 1);
  }
  return 0;
}
