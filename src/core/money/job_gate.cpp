#include "money/job_gate.h"

#include <optional>
#include <unordered_map>

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
  // gate_rows() over the options, then over the ways, with each card graded once: a card
  // is listed at up to four counts and twice among the ways (grading every row was a
  // fifth of the serve goal's plan).
  std::unordered_map<std::string_view, std::size_t> index_of;
  for (std::size_t i = catalog.gpus.size(); i-- > 0;) index_of[catalog.gpus[i].id] = i;  // the first of an id wins
  std::vector<std::optional<WorkloadSupport>> grades(catalog.gpus.size());
  auto grade_of = [&](const std::string& gpu_id) -> const WorkloadSupport* {
    const auto it = index_of.find(gpu_id);
    if (it == index_of.end()) return nullptr;  // a card the catalog does not know stays
    std::optional<WorkloadSupport>& grade = grades[it->second];
    if (!grade) grade = workload_support(*software, compat, catalog.gpus[it->second], out.gate.workload);
    return &*grade;
  };
  std::vector<JobOption> options;
  options.reserve(out.result.options.size());
  for (JobOption& option : out.result.options) {
    const WorkloadSupport* support = grade_of(option.gpu_id);
    if (support && support->grade == Grade::no) {
      // Left out, and listed apart once.
      bool seen = false;
      for (const LeftOut& l : out.gate.left_out) seen = seen || l.gpu_id == option.gpu_id;
      if (!seen) {
        const Gpu& gpu = catalog.gpus[index_of.at(option.gpu_id)];
        out.gate.left_out.push_back({gpu.id, gpu.name, *support});
      }
      continue;
    }
    if (support && (support->grade < Grade::works || !support->until.empty())) out.gate.marks[option.gpu_id] = *support;
    options.push_back(std::move(option));
  }
  out.result.options = std::move(options);
  std::vector<JobWay> ways;
  ways.reserve(out.result.cheapest.size());
  for (JobWay& way : out.result.cheapest) {
    const WorkloadSupport* support = grade_of(way.gpu_id);
    if (!support || support->grade != Grade::no) ways.push_back(std::move(way));
  }
  out.result.cheapest = std::move(ways);
  return out;
}

}  // namespace gpuwise
