// The cost of a job with the software gate (issue 29): job_cost() as it is, then the cards
// graded `no` for the job's workload come out of its options and cheapest ways and are
// listed apart with the reason. The page and `gpuwise job` call this, not job_cost().
#pragma once
#include <string>

#include "catalog/software.h"
#include "money/job_cost.h"

namespace gpuwise {

// Training and fine-tuning every weight: BF16 training (FlashAttention from gates.h's
// kLongContextTokens); serving: the engine its format runs on (gates.h quant_workload).
std::string job_workload(const JobInput& input);

struct GatedJobCost {
  JobCostResult result;
  SoftwareGate gate;
};
// Without `software` nothing is gated (gate.workload stays empty).
GatedJobCost gated_job_cost(const Catalog& catalog, const PriceBook& book, const SpeedCalibration& calibration,
                            const JobInput& input, const SoftwareTable* software, const Compat* compat);

}  // namespace gpuwise
