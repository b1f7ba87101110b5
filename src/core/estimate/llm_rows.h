// The measured llama.cpp runs of data/benchmarks.json as the speed model reads them: the
// calibration fits on the one-card runs, the multi-GPU runs fit the hand-over and the
// pipeline overlap, and the check and the error bands predict every run (speed.h).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "estimate/fit_support.h"
#include "estimate/speed.h"
#include "text/json_fwd.h"

namespace gpuwise {

struct LlmRow {
  const MeasuredResult* row = nullptr;
  const Gpu* gpu = nullptr;
  SpeedModel model;
  const Quantisation* quant = nullptr;
  std::string phase;  // decode, prefill

  // The whole model on one card: what the efficiency factors are fitted on.
  bool one_card() const { return row->gpus == 1 && !row->gpu_layers; }
};

// The runs of `phase` (decode, prefill) in tokens/s with a context, a known card with a
// memory bandwidth, a model preset and a format; outliers left out.
std::vector<LlmRow> llm_rows(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& phase);

// The SpeedInput a measured run answers, on llama.cpp: llama-bench's tgN generates N
// tokens from an empty cache, so on average N/2 are cached (the context); ppN processes an
// N-token prompt (context and prompt N). Several GPUs and layers in RAM as the run had them.
SpeedInput measured_input(const LlmRow& row);

// held_out(): which runs a fit leaves out (fit_support.h).

// "llama-3-8b q4_k_m 512": the workload Spearman is taken within.
std::string llm_group(const LlmRow& row);

// The calibration's pieces beyond the efficiency factors (machine_speed.cpp, speed_bands.cpp).
// llama.cpp on several devices: the hand-over and pipeline overlap from the multi-GPU runs,
// on the factors `cal` already holds.
void fit_llamacpp_several_devices(const Catalog& catalog, const Benchmarks& benchmarks, SpeedCalibration& cal,
                                  const std::string& exclude_set, const std::string& exclude_gpu);
json bands_to_json(const std::map<std::string, Band>& bands);
void read_bands(const json& bands, std::map<std::string, Band>& out, std::vector<CatalogIssue>& issues);

// Every run's estimate in sample and with its card held out (the factors refitted
// without it), by phase: what check_speed() summarises and the bands are fitted on.
struct LlmPrediction {
  LlmRow row;
  double in_sample = 0;
  double held_out = 0;  // leave-one-card-out
};
std::vector<LlmPrediction> predict_llm_rows(const Catalog& catalog, const Benchmarks& benchmarks,
                                            const std::string& phase, const SpeedCalibration& all);

}  // namespace gpuwise
