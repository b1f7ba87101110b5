// The buy-vs-rent result as JSON: what `gpuwise roi --json` prints and what the page
// exposes to scripts. Every figure rounded to four decimals (cents for totals,
// hundredths of a cent for per-hour figures); absent figures are null.
#pragma once
#include "text/json_fwd.h"
#include "money/roi.h"

namespace gpuwise {

// {"break_even_month": 14 | null, "own_cost_per_gpu_hour": ..., "months": [...], ...}
json roi_to_json(const RoiResult& result);

}  // namespace gpuwise
