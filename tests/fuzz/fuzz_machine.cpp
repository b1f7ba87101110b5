// Fuzzes issue 27's inference code: estimate_machine() for a machine of up to four kinds
// of card (shipped rows, or a row with raw figures: NaN, infinities, zero bandwidth),
// any engine key, layers in RAM and host figures, at the shipped calibration or one with
// fuzzed hand-over, overlap and bands; the engines' memory functions; and the bands of
// a calibration file and the rows of data/speed_check.json read from the bytes. Inputs come raw (the field table clamps a link
// first, but core must not rely on it). Either a reason and no figure, or finite,
// non-negative figures inside their bands. The catalog and calibration load once.
#include <cstddef>
#include <cstdint>

#include "estimate/inference_memory.h"
#include "estimate/speed.h"
#include "estimate/speed_view.h"
#include "fuzz_numbers.h"
#include "fuzz_support.h"

using namespace gpuwise;

namespace {

bool finite_non_negative(double v) { return fuzz::finite(v) && v >= 0; }

Gpu raw_card(FuzzedDataProvider& in) {
  Gpu gpu = fuzz::shipped_catalog().gpus[in.ConsumeIntegralInRange<std::size_t>(0, fuzz::shipped_catalog().gpus.size() - 1)];
  gpu.id = "fuzzed";
  gpu.vram_gb = fuzz::any_number(in, 200);
  gpu.memory_bandwidth_gbs = fuzz::maybe_number(in, 8000);
  gpu.fp16_tensor_tflops = fuzz::maybe_number(in, 2000);
  gpu.tdp_w = fuzz::maybe_number(in, 1000);
  gpu.gpu_memory_share_pct = fuzz::maybe_number(in, 100);
  gpu.interface = in.ConsumeRandomLengthString(24);
  gpu.kind = in.ConsumeBool() ? "card" : in.ConsumeBool() ? "module" : "system";
  gpu.nvlink = in.ConsumeBool();
  return gpu;
}

SpeedInput raw_input(FuzzedDataProvider& in) {
  static const std::vector<std::string> engines = {"auto", "llamacpp", "vllm", "pytorch"};
  SpeedInput input;
  if (auto preset = speed_model_from_preset(fuzz::any_key(in, fuzz::preset_ids())); preset && in.ConsumeBool()) {
    input.model = *preset;
  } else {
    input.model = speed_model_from_size(fuzz::any_number(in, 2000), fuzz::maybe_number(in, 2000));
    input.model.vocab_size = fuzz::any_whole(in, 300000);
    input.model.layers = fuzz::any_whole(in, 160);
    input.model.hidden_size = fuzz::any_whole(in, 32768);
  }
  input.quant = fuzz::any_key(in, fuzz::quant_ids());
  input.engine = fuzz::any_key(in, engines);
  input.context = fuzz::any_whole(in, 131072);
  input.prompt_tokens = fuzz::any_whole(in, 131072);
  input.concurrent = fuzz::any_whole(in, 256);
  input.gpu_count = fuzz::any_whole(in, 8);
  input.unified_memory_gb = in.ConsumeIntegralInRange<int>(0, 3) == 0 ? fuzz::any_number(in, 512) : 0;
  input.host_ram_gb = in.ConsumeBool() ? fuzz::any_number(in, 512) : 0;
  input.host_bandwidth_gbs = in.ConsumeBool() ? fuzz::any_number(in, 500) : 89.6;
  input.ram_layers = in.ConsumeBool() ? fuzz::any_whole(in, 160) : 0;
  input.draft_params_b = in.ConsumeIntegralInRange<int>(0, 3) == 0 ? fuzz::any_number(in, 100) : 0;
  return input;
}

void check_figure(double value, const Band& band) {
  FUZZ_CHECK(finite_non_negative(value));
  if (value > 0) FUZZ_CHECK(band.low(value) <= value * (1 + 1e-12) && band.high(value) >= value * (1 - 1e-12));
}

void fuzz_machine(FuzzedDataProvider& in) {
  SpeedCalibration cal = fuzz::shipped_calibration();
  if (in.ConsumeBool()) {
    cal.llamacpp_handover_s = fuzz::any_number(in, 1e-3);
    cal.llamacpp_pipeline_overlap = fuzz::any_number(in, 1);
    cal.decode_overhead_s_per_layer = fuzz::any_number(in, 1e-3);
  }
  std::vector<Gpu> raw;  // reserved: MachineCard keeps pointers into it
  raw.reserve(4);
  std::vector<MachineCard> machine;
  const int kinds = in.ConsumeIntegralInRange<int>(0, 4);
  for (int i = 0; i < kinds; ++i) {
    const Gpu* gpu = nullptr;
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
      raw.push_back(raw_card(in));
      gpu = &raw.back();
    } else {
      const auto& gpus = fuzz::shipped_catalog().gpus;
      gpu = &gpus[in.ConsumeIntegralInRange<std::size_t>(0, gpus.size() - 1)];
    }
    machine.push_back({gpu, fuzz::any_whole(in, 8)});
  }
  const SpeedInput input = raw_input(in);
  const SpeedEstimate e = estimate_machine(machine, input, cal);
  FUZZ_CHECK(finite_non_negative(e.needed_gb) && finite_non_negative(e.usable_gb) && finite_non_negative(e.lacks_gb));
  FUZZ_CHECK(finite_non_negative(e.ram_needed_gb) && finite_non_negative(e.ram_usable_gb));
  FUZZ_CHECK(e.layers_in_ram >= 0 && e.layers_in_ram <= std::max(0, input.model.layers));
  FUZZ_CHECK(e.fits ? e.lacks_gb == 0 : true);
  check_figure(e.decode_tokens_per_s, e.decode_band);
  check_figure(e.decode_total_tokens_per_s, e.decode_band);
  check_figure(e.prefill_tokens_per_s, e.prefill_band);
  FUZZ_CHECK(finite_non_negative(e.time_to_first_token_s));
  // A problem with the input, or a machine the engine cannot run: a reason and no figure.
  if (speed_input_problem(input) || !e.reason.pattern.empty()) {
    FUZZ_CHECK(!e.reason.text().empty());
    FUZZ_CHECK(e.decode_tokens_per_s == 0 && e.prefill_tokens_per_s == 0);
  }
  // An unknown figure has its reason in the JSON, never 0.
  const json out = speed_estimate_json(e);
  FUZZ_CHECK(out["decode_tokens_per_s"].is_null() == !(e.decode_tokens_per_s > 0));
  if (out["decode_tokens_per_s"].is_null()) FUZZ_CHECK(out.contains("decode_tokens_per_s_reason"));
}

void fuzz_memory(FuzzedDataProvider& in) {
  InferenceMemoryInput input;
  const SpeedInput raw = raw_input(in);
  input.model = raw.model;
  input.weight_bits = fuzz::any_number(in, 32);
  input.kv_bits = fuzz::any_number(in, 32);
  input.context = raw.context;
  input.concurrent = raw.concurrent;
  for (Engine engine : {Engine::llamacpp, Engine::vllm}) {
    const InferenceMemory m = inference_memory(engine, input);
    FUZZ_CHECK(m.layers >= 1);
    FUZZ_CHECK(finite_non_negative(m.layer_weights_gb) && finite_non_negative(m.layer_kv_gb));
    FUZZ_CHECK(finite_non_negative(m.head_gb) && finite_non_negative(m.host_weights_gb));
    FUZZ_CHECK(fuzz::finite(m.one_gpu_gb()) || !fuzz::finite(m.layers * m.layer_weights_gb));
    const double each = m.per_gpu_gb(fuzz::any_whole(in, 8));
    FUZZ_CHECK(std::isnan(each) || each >= 0);
  }
}

// A calibration file's bands from the bytes: refused with an issue, or in their ranges;
// the same bytes as data/speed_check.json: rows with whole counts and as many figures as
// cards in their points, or refused with an issue.
void fuzz_bands(FuzzedDataProvider& in) {
  const std::string text = in.ConsumeRemainingBytesAsString();
  std::vector<CatalogIssue> issues;
  for (const SpeedCheck& c : load_speed_checks(text, issues)) {
    FUZZ_CHECK(c.n >= 0 && c.groups >= 0 && !c.set.empty() && fuzz::finite(c.median_abs_error_pct));
    for (const SpeedCheckPoint& p : c.points) FUZZ_CHECK(fuzz::finite(p.predicted) && fuzz::finite(p.measured));
  }
  issues.clear();
  const SpeedCalibration cal = load_speed_calibration(text, issues);
  for (const auto& [key, band] : cal.bands) {
    FUZZ_CHECK(band.low_ratio > 0 && band.low_ratio <= 1 && band.high_ratio >= 1 && fuzz::finite(band.high_ratio));
    FUZZ_CHECK(band.samples >= 1 && band.class_key == key);
  }
  FUZZ_CHECK(finite_non_negative(cal.llamacpp_handover_s) && cal.llamacpp_pipeline_overlap <= 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: fuzz_memory(in); break;
    case 1: fuzz_bands(in); break;
    default: fuzz_machine(in); break;
  }
  return 0;
}
