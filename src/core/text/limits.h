// The allowed range of every number and list a user can set, in one place. The field
// table (view_fields.cpp) gives each input one of these; links, the saved state, the
// CLI's flags and the page's input widgets check or clamp against it, and the
// calculators (roi.cpp, vram_fit.cpp, advisor.cpp) clamp to the same ranges, so a value
// typed in the page always survives a link.
#pragma once
#include <string>
#include <vector>

#include "text/template_text.h"

namespace gpuwise {

struct NumberRange {
  double min;
  double max;
  bool whole;      // integers only (counts, years, tokens)
  bool zero_too;   // 0 is also allowed, meaning "no bound" / "from data"

  constexpr bool contains(double value) const {
    if (zero_too && value == 0) return true;
    return value >= min && value <= max;  // false for NaN
  }
};

namespace limits {

// [SECTION] Top level
inline constexpr NumberRange kCnyPerUsd{0.01, 1000, false, true};  // 0: the rate in prices.json
inline constexpr NumberRange kEurPerUsd{0.01, 1000, false, true};  // 0: the rate in prices.json
// The buyer's budget for a purchase: 0 for none, else up to a billion dollars.
inline constexpr NumberRange kBudgetUsd{1, 1e9, false, true};

// [SECTION] Catalog and ranking filters
inline constexpr NumberRange kMinVramGb{0, 10000, false, false};
inline constexpr NumberRange kYear{1990, 2100, true, true};        // 0: no bound
// The ranking's "max launch price" filter: a bound on a whole card's launch price,
// 0 for no limit. Wider than kPriceUsd (what one GPU of a purchase may cost in the ROI
// calculator) because it is only compared with, never multiplied into a total.
inline constexpr NumberRange kPriceFilterUsd{0, 1e9, false, false};
inline constexpr NumberRange kTopN{1, 500, true, false};
inline constexpr NumberRange kMetricWeight{0, 100, false, false};  // only ratios matter

// [SECTION] Counts of cards (ranking "fits on N GPUs", advisor, ROI)
inline constexpr NumberRange kGpuCount{1, 10000, true, false};

// [SECTION] VRAM fit
inline constexpr NumberRange kParamsB{0.01, 2000, false, false};   // billions of parameters
inline constexpr NumberRange kBatchSize{1, 1024, true, false};
inline constexpr NumberRange kContextTokens{1, 1048576, true, false};
inline constexpr NumberRange kLayers{1, 512, true, false};
inline constexpr NumberRange kKvHeads{1, 256, true, false};
inline constexpr NumberRange kHeadDim{8, 1024, true, false};
inline constexpr NumberRange kHiddenSize{64, 65536, true, false};

// [SECTION] Advisor
inline constexpr NumberRange kDatasetReadMbs{0, 1e6, false, false};

// [SECTION] Speed (speed.h checks the same bounds)
inline constexpr NumberRange kSpeedGpuCount{1, 64, true, false};
inline constexpr NumberRange kPromptTokens{1, 1048576, true, true};  // 0: the whole context
// A model size instead of a preset (speed.p, speed.active): 0 for the preset's, else the
// VRAM fit's range of billions of parameters.
inline constexpr NumberRange kModelParamsB{kParamsB.min, kParamsB.max, false, true};
// A unified-memory machine's RAM (speed.umem): 0 for a card's own VRAM, else up to 100 TB.
inline constexpr NumberRange kUnifiedMemoryGb{0, 1e5, false, false};
// Layers in system RAM (issue 27): the host's RAM (0: none kept there), its bandwidth, the
// layers kept there (0: as many as needed), and the cards one machine may list.
inline constexpr NumberRange kHostRamGb{0, 1e5, false, false};
inline constexpr NumberRange kHostBandwidthGbs{1, 1e5, false, false};
inline constexpr NumberRange kRamLayers{0, 512, true, false};
inline constexpr int kMachineMaxCards = 16;
// [SECTION] Images (image.h checks each model's own sizes inside these)
inline constexpr NumberRange kImageSide{64, 4096, true, false};          // pixels
inline constexpr NumberRange kImageSteps{1, 150, true, false};           // denoising steps
inline constexpr NumberRange kImagesPerJob{1, 1e9, false, false};        // images in a cost-of-a-job run
// [SECTION] Cost of a job (job_cost.h checks the same bounds)
inline constexpr NumberRange kJobTokensB{1e-6, 1e6, false, false};      // billions trained on: 1000 to 10^15
inline constexpr NumberRange kJobTokensPerDay{1, 1e13, false, false};   // served a day
inline constexpr NumberRange kJobGpuCount{1, 64, true, true};           // 0: 1, 2, 4 and 8
inline constexpr NumberRange kJobUsers{1, 1e6, true, false};            // users of an endpoint
inline constexpr NumberRange kUpHoursPerDay{0.5, 24, false, false};     // an endpoint is up: not 0
inline constexpr NumberRange kWithinDays{1, 3650, true, true};          // 0: no limit
// Ask (issue 30): 0 means "not asked" (the goal's default, ask_view.h).
inline constexpr NumberRange kAskTokensPerS{0.1, 100000, false, true};   // speed wanted per user
inline constexpr NumberRange kAskImagesPerMin{0.01, 10000, false, true};
inline constexpr NumberRange kAskTokensB{1e-6, 1e6, false, true};
inline constexpr NumberRange kAskTokensPerDay{1, 1e13, false, true};
inline constexpr NumberRange kAskHoursPerDay{0.5, 24, false, true};

// [SECTION] ROI: money is USD, >= 0; roi.cpp clamps its inputs to exactly these
inline constexpr NumberRange kPriceUsd{0, 10e6, false, false};          // per GPU: price, resale
inline constexpr NumberRange kUsdPerHour{0, 1000, false, false};        // per GPU-hour: cloud, rent-out
inline constexpr NumberRange kPowerW{0, 5000, false, false};            // per GPU
inline constexpr NumberRange kHostCostUsd{0, 1e9, false, false};        // whole purchase
inline constexpr NumberRange kHostPowerW{0, 10e6, false, false};        // whole purchase
inline constexpr NumberRange kKwhPriceUsd{0, 10, false, false};
inline constexpr NumberRange kMaintenanceUsdPerYear{0, 1e9, false, false};
inline constexpr NumberRange kColocationUsdPerMonth{0, 1e8, false, false};  // whole machine
inline constexpr NumberRange kIdlePowerW{0, 5000, false, false};            // per GPU, like kPowerW
inline constexpr NumberRange kHoursPerDay{0, 24, false, false};
inline constexpr NumberRange kMonths{1, 120, true, false};
inline constexpr NumberRange kPercent{0, 100, false, false};            // depreciation, occupancy, fee

// [SECTION] Text and lists (characters are Unicode code points)
inline constexpr int kSearchMaxChars = 200;
inline constexpr int kFilterValueMaxChars = 64;   // one vendor / line / series / architecture
inline constexpr int kKeyMaxChars = 64;           // card ids, metric and column keys, presets
inline constexpr int kVersionMaxChars = 10;       // "12.1"
inline constexpr int kFilterMaxValues = 32;
inline constexpr int kHiddenColumnsMax = 64;
inline constexpr int kCustomWeightsMax = 32;
inline constexpr int kCompareMaxCards = 4;

}  // namespace limits

// The nearest value in `range` (NaN: `fallback`); 0 stays 0 where the range allows it.
double clamp_to_range(const NumberRange& range, double value, double fallback);
// "a number from 0 to 24", "0 or a whole number from 1990 to 2100".
TemplateText describe_range(const NumberRange& range);

// [SECTION] The one clamp with a notice. The field table clamps links, the saved state,
// the CLI and the page's inputs to these ranges before anything computes; a computation
// called with a value outside them (a test, a fuzzer, a caller that skipped the table)
// clamps the same way with this class, and says so in the same words.
inline constexpr const char* kNoticeClamped = I18N("{0} {1} is out of range; clamped to {2}");
inline constexpr const char* kNoticeNotNumber = I18N("{0} is not a number; using {1}");

struct FieldNotice {
  std::string field;  // the input's name as the caller knows it: "hours_per_day"
  TemplateText text;  // kNoticeClamped or kNoticeNotNumber
};

class RangeClamp {
 public:
  // The nearest value in `range` (clamp_to_range); NaN and infinities become `fallback`.
  double number(const char* field, double value, const NumberRange& range, double fallback);
  int whole(const char* field, int value, const NumberRange& range);
  const std::vector<FieldNotice>& notices() const { return notices_; }
  std::vector<TemplateText> texts() const;  // the notices' sentences, in order

 private:
  std::vector<FieldNotice> notices_;
};

}  // namespace gpuwise
