// A card's measured LLM training runs, for showing beside the training estimate (the Cost
// of a job tab and `gpuwise job`): the buyer sees what the card did on a public run, with
// its source, not only the figure the model gives.
#pragma once
#include <string>
#include <vector>

#include "catalog/benchmarks.h"

namespace gpuwise {

// The card's training runs in tokens/s per GPU (outliers left out): those of `model` first,
// then the others; newest first within each; at most `limit`.
std::vector<const MeasuredResult*> measured_training_of(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                        const std::string& model, std::size_t limit = 3);

}  // namespace gpuwise
