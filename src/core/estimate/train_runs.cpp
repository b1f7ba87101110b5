#include "estimate/train_runs.h"

#include <algorithm>

#include "text/stable_sort.h"

namespace gpuwise {

std::vector<const MeasuredResult*> measured_training_of(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                        const std::string& model, std::size_t limit) {
  std::vector<const MeasuredResult*> out;
  for (const MeasuredResult& r : benchmarks.results) {
    if (r.gpu_id == gpu_id && r.phase == "train" && r.unit == "tokens_per_s" && !r.outlier) out.push_back(&r);
  }
  stable_sort_rows(out, [&](const MeasuredResult* a, const MeasuredResult* b) {
    const bool a_model = a->model == model, b_model = b->model == model;
    if (a_model != b_model) return a_model;
    return a->date > b->date;
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace gpuwise
