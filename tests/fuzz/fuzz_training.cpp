// Fuzzes the training and serving estimates (training.h, serving.h) and the reader of
// their calibration: the first byte picks what the rest is. (a) Any bytes as
// data/speed_calibration.json: it must never crash, every training factor and band read
// is finite and in range, and the estimates on it stay finite. (b) A TrainInput built
// from the bytes (NaN, infinities, negative and huge counts; any precision) on a fixture
// card: tokens/s finite and >= 0, the share each GPU keeps in (0, 1], the band around 1,
// a reason when there is no figure. (c) An endpoint's capacity for a SpeedInput from the
// bytes: finite, the batch within the memory's and the engine's, each request at the
// floor unless even one is too slow.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "estimate/serving.h"
#include "estimate/training.h"
#include "fuzz_numbers.h"
#include "fuzz_support.h"

using namespace gpuwise;

namespace {

const Gpu& any_card(FuzzedDataProvider& in) {
  const auto& gpus = fuzz::fixture_catalog().gpus;
  return gpus[in.ConsumeIntegralInRange<std::size_t>(0, gpus.size() - 1)];
}

void check_training(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& cal) {
  const TrainEstimate e = estimate_training(gpu, input, cal);
  for (double v : {e.tokens_per_s, e.tokens_per_s_per_gpu, e.flops_per_token, e.peak_tflops, e.mfu, e.achieved_mfu}) {
    FUZZ_CHECK(fuzz::finite(v) && v >= 0);
  }
  FUZZ_CHECK(fuzz::finite(e.scaling) && e.scaling >= 0 && e.scaling <= 1);
  FUZZ_CHECK(e.band.low_ratio <= 1 && e.band.high_ratio >= 1);
  if (e.tokens_per_s > 0) FUZZ_CHECK(e.missing.pattern.empty());
  FUZZ_CHECK(!e.source.text().empty());  // where the efficiency comes from, always said
}

void fuzz_calibration_file(std::string_view text) {
  std::vector<CatalogIssue> issues;
  const SpeedCalibration cal = load_speed_calibration(text, issues);
  for (const CatalogIssue& issue : issues) FUZZ_CHECK(!issue.to_string().empty());
  for (const auto& [key, value] : cal.train.mfu) FUZZ_CHECK(fuzz::finite(value) && value > 0 && value <= 1);
  for (const auto* bands : {&cal.train.bands, &cal.serve.bands}) {
    for (const auto& [key, band] : *bands) {
      FUZZ_CHECK(fuzz::finite(band.low_ratio) && band.low_ratio >= 0 && band.low_ratio <= 1);
      FUZZ_CHECK(fuzz::finite(band.high_ratio) && band.high_ratio >= 1 && band.samples >= 0);
    }
  }
  FUZZ_CHECK(fuzz::finite(cal.train.fp8_share) && fuzz::finite(cal.train.moe_share));
  TrainInput train;
  train.gpus = 8;
  for (const Gpu& gpu : fuzz::fixture_catalog().gpus) check_training(gpu, train, cal);
}

void fuzz_train_input(FuzzedDataProvider& in) {
  const Gpu& gpu = any_card(in);
  TrainInput t;
  t.params_b = fuzz::any_number(in, 2000);
  t.active_params_b = in.ConsumeBool() ? t.params_b : fuzz::any_number(in, 2000);
  t.layers = fuzz::any_whole(in, 200);
  t.hidden_size = fuzz::any_whole(in, 32768);
  t.sequence_tokens = fuzz::any_whole(in, 131072);
  t.precision = static_cast<TrainPrecision>(in.ConsumeIntegralInRange<int>(0, 3));
  t.recompute = in.ConsumeBool();
  t.gpus = fuzz::any_whole(in, 1024);
  check_training(gpu, t, fuzz::shipped_calibration());
}

void fuzz_capacity(FuzzedDataProvider& in) {
  static const std::vector<std::string> presets = fuzz::preset_ids();
  const Gpu& gpu = any_card(in);
  SpeedInput one;
  if (auto model = speed_model_from_preset(fuzz::any_key(in, presets))) one.model = *model;
  one.quant = fuzz::any_key(in, fuzz::quant_ids());
  one.context = fuzz::any_whole(in, 131072);
  one.prompt_tokens = fuzz::any_whole(in, 131072);
  one.gpu_count = fuzz::any_whole(in, 8);
  const int max_batch = fuzz::any_whole(in, 512);
  const double floor = fuzz::any_number(in, 50);
  const double prompt_share = fuzz::any_number(in, 4);
  const ServeCapacity c = serve_capacity(gpu, one, fuzz::shipped_calibration(), max_batch, floor, prompt_share);
  for (double v : {c.needed_gb, c.usable_gb, c.tokens_per_s, c.tokens_per_s_per_request, c.prefill_tokens_per_s}) {
    FUZZ_CHECK(fuzz::finite(v) && v >= 0);
  }
  FUZZ_CHECK(c.max_concurrent >= 0 && c.max_concurrent <= std::max(1, max_batch));
  FUZZ_CHECK(c.concurrent >= 0 && c.concurrent <= std::max(1, c.max_concurrent));
  if (!c.fits) FUZZ_CHECK(c.tokens_per_s == 0);
  if (c.tokens_per_s > 0 && !c.too_slow && fuzz::finite(floor)) FUZZ_CHECK(c.tokens_per_s_per_request >= floor * (1 - 1e-9));
  const Band band = serve_band(gpu, one.quant, fuzz::shipped_calibration());
  FUZZ_CHECK(band.low_ratio <= 1 && band.high_ratio >= 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  switch (data[0] % 3) {
    case 0: fuzz_calibration_file(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1)); break;
    case 1: {
      FuzzedDataProvider in(data + 1, size - 1);
      fuzz_train_input(in);
      break;
    }
    default: {
      FuzzedDataProvider in(data + 1, size - 1);
      fuzz_capacity(in);
      break;
    }
  }
  return 0;
}
