#include "money/job_gate.h"

#include "estimate/gates.h"

namespace gpuwise {

std::string job_workload(const JobInput& input) {
  return job_model(input).kind == JobKind::train ? training_workload(input.train_context)
                                                 : quant_workload(input.job.quant);
}

GatedJobCost gated_job_cost(const Catalog& catalog, const PriceBook& book, const SpeedCalibration& calibration,
                            const JobInput& input, const SoftwareTable* software, const Compat* compat) {
  GatedJobCost out{job_cost(catalog, book, calibration, input), {}};
  if (!software || !out.result.ok) return out;
  out.gate.workload = job_workload(input);
  // The options list a card at several counts: it is left out, and listed apart, once.
  SoftwareGate per_option{out.gate.workload, {}, {}};
  gate_rows(out.result.options, [](const JobOption& o) { return o.gpu_id; }, catalog, *software, compat, per_option);
  for (LeftOut& left : per_option.left_out) {
    bool seen = false;
    for (const LeftOut& l : out.gate.left_out) seen = seen || l.gpu_id == left.gpu_id;
    if (!seen) out.gate.left_out.push_back(std::move(left));
  }
  out.gate.marks = std::move(per_option.marks);
  SoftwareGate ways{out.gate.workload, {}, {}};
  gate_rows(out.result.cheapest, [](const JobWay& w) { return w.gpu_id; }, catalog, *software, compat, ways);
  return out;
}

}  // namespace gpuwise
