// Fuzzes the VRAM-fit calculator's input handling (vram_fit.h fit_model) with a FitView
// built from the bytes. vram_fit.h promises: never NaN, inf or negative, every input
// clamped into limits.h with a notice. Then the fit table over the shipped catalog.
#include <cstddef>
#include <cstdint>

#include "fuzz_numbers.h"
#include "fuzz_support.h"
#include "text/limits.h"
#include "estimate/vram_fit.h"

using namespace gpuwise;

namespace {

std::vector<std::string> preset_ids() {
  std::vector<std::string> ids = {"custom"};
  for (const ModelPreset& preset : model_presets()) ids.push_back(preset.id);
  return ids;
}

bool whole_inside(int value, const NumberRange& range) { return value >= range.min && value <= range.max; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> presets = preset_ids();
  FuzzedDataProvider in(data, size);
  FitView view;
  view.preset = fuzz::any_key(in, presets);
  view.params_b = fuzz::any_number(in, 500);
  view.precision = fuzz::any_key(in, fit_precisions());
  view.mode = fuzz::any_key(in, fit_modes());
  view.batch_size = fuzz::any_whole(in, 64);
  view.context = fuzz::any_whole(in, 200000);
  view.layers = fuzz::any_whole(in, 200);
  view.kv_heads = fuzz::any_whole(in, 128);
  view.head_dim = fuzz::any_whole(in, 256);
  view.hidden_size = fuzz::any_whole(in, 20000);
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: view = apply_preset(view, fuzz::any_key(in, presets)); break;
    case 1: view = shape_from_nearest_preset(view); break;
    default: break;
  }

  const FitResult result = fit_model(view);
  const FitView& used = result.input;
  FUZZ_CHECK(fuzz::finite(used.params_b) && used.params_b >= limits::kParamsB.min &&
             used.params_b <= limits::kParamsB.max);
  FUZZ_CHECK(is_fit_precision(used.precision) && is_fit_mode(used.mode));
  FUZZ_CHECK(whole_inside(used.batch_size, limits::kBatchSize) && whole_inside(used.context, limits::kContextTokens) &&
             whole_inside(used.layers, limits::kLayers) && whole_inside(used.kv_heads, limits::kKvHeads) &&
             whole_inside(used.head_dim, limits::kHeadDim) && whole_inside(used.hidden_size, limits::kHiddenSize));

  FUZZ_CHECK(result.parts.size() == 6);
  double sum = 0;
  for (const MemoryPart& part : result.parts) {
    FUZZ_CHECK(fuzz::finite(part.gb) && fuzz::finite(part.low_gb) && fuzz::finite(part.high_gb));
    FUZZ_CHECK(part.low_gb >= 0 && part.low_gb <= part.gb * (1 + 1e-12) && part.gb <= part.high_gb * (1 + 1e-12));
    FUZZ_CHECK(!part.formula.empty());
    sum += part.gb;
  }
  FUZZ_CHECK(fuzz::finite(result.total_gb) && result.total_gb > 0);
  FUZZ_CHECK(std::fabs(sum - result.total_gb) <= 1e-9 * result.total_gb);
  FUZZ_CHECK(result.total_low_gb <= result.total_gb * (1 + 1e-12) &&
             result.total_gb <= result.total_high_gb * (1 + 1e-12));
  FUZZ_CHECK(fuzz::finite(result.per_gpu_fixed_gb) && result.per_gpu_fixed_gb >= 0);
  for (const TemplateText& notice : result.notices) FUZZ_CHECK(!notice.text().empty());

  // More GPUs never need more memory each.
  double previous = INFINITY;
  for (int count : fit_gpu_counts()) {
    const double need = per_gpu_need_gb(result, count);
    FUZZ_CHECK(fuzz::finite(need) && need > 0 && need <= previous * (1 + 1e-12));
    previous = need;
  }
  FUZZ_CHECK(!fits(fuzz::shipped_catalog().gpus.front(), result, 0));
  const auto table = cards_that_fit(fuzz::shipped_catalog(), result);
  FUZZ_CHECK(table.size() == fit_gpu_counts().size());
  return 0;
}
