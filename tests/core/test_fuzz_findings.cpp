// Regression tests for what the fuzz targets (tests/fuzz, docs/TRUST.md) found: one case
// per finding, named after the module, each the smallest input that broke an invariant.
#include <catch2/catch.hpp>

#include "vram_fit.h"

using namespace gpuwise;

TEST_CASE("vram_fit: a one-layer model in training keeps typical activations within its range") {
  // fuzz_vram_fit: with one layer, checkpointing (2·L + 34 = 36 B) cost more than no
  // checkpointing (34·L = 34 B), so the typical figure lay above the high one.
  for (const char* mode : {"full", "lora"}) {
    for (const char* precision : {"bf16", "fp32"}) {
      FitView view;
      view.mode = mode;
      view.precision = precision;
      view.layers = 1;
      const FitResult r = fit_model(view);
      const MemoryPart* act = r.part("activations");
      REQUIRE(act != nullptr);
      CHECK(act->low_gb <= act->gb);
      CHECK(act->gb <= act->high_gb);
      CHECK(act->gb == act->high_gb);  // checkpointing off: one layer holds everything
      CHECK(r.total_gb <= r.total_high_gb);
    }
  }
  // Two layers and more: checkpointing saves memory and is on, as before.
  FitView two;
  two.mode = "full";
  two.layers = 2;
  const MemoryPart* act = fit_model(two).part("activations");
  CHECK(act->gb < act->high_gb);
  CHECK(act->gb == Approx((2.0 * 2 + 34) * 8192 * 4096 / 1e9));
}
