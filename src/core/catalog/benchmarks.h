// Measured results: public third-party throughput per card from data/benchmarks.json
// (format: data/README.md). The speed model (speed.h) is calibrated and checked on them
// and the page shows them beside its estimates. Loading never throws: every problem is a
// CatalogIssue naming the row ("results #12 (rtx-4090)") and the field.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"

namespace gpuwise {

// One measured figure for one card.
struct MeasuredResult {
  std::string gpu_id;          // a gpus.json id
  std::string set;             // the set it came from, e.g. "xiongjiedai-llama3-llamacpp"
  std::string name_in_source;  // the card as the source names it ("4090 24GB")
  std::string model;           // "llama-3-8b", "resnet50", "bert_large_squad", "matmul"
  std::string precision;       // "q4_k_m", "f16", "amp-fp16", "fp32-tf32", "bf16", "fp8", ...
  std::string phase;           // decode, prefill, train, inference, matmul, serve (a serving engine at a batch)
  std::optional<int> context;  // tokens (decode: generated; prefill: prompt length)
  std::optional<int> batch;    // batch size where the source gives one
  // GPUs the run used. A train row's value is then per GPU (the run may span machines); an
  // inference row's (decode, prefill, serve) is the whole machine's, gpus of gpu_id in it.
  int gpus = 1;
  // A model that is not a preset (vram_fit.h) carries the shape the training fit needs:
  // parameters (billions; active per token for a mixture of experts), layers, hidden size.
  std::optional<double> params_b;
  std::optional<double> active_params_b;
  std::optional<int> layers;
  std::optional<int> hidden_size;
  // A serving run (phase serve): the prompt and generated tokens of each request.
  std::optional<int> prompt_tokens;
  std::optional<int> generated_tokens;
  // llama.cpp runs with layers in system RAM: the layers on the GPUs (-ngl, below the
  // model's layer count) and the host's memory bandwidth in GB/s.
  std::optional<int> gpu_layers;
  std::optional<double> host_bandwidth_gbs;
  // llama.cpp runs at a depth (llama-bench -d): tokens already in the KV cache before the
  // test's prompt or generated tokens.
  std::optional<int> depth;
  // A training run that recomputed every layer's activations in the backward pass
  // ("activation_checkpointing": "full"): it computed a forward pass more per step, so its
  // tokens/s is lower at the same efficiency. "selective" and "none" recompute little.
  bool full_recompute = false;
  // The power limit the source ran the cards at when it is below their rated board power (W).
  std::optional<double> power_limit_w;
  double value = 0;            // > 0, finite
  std::string unit;            // tokens_per_s, samples_per_s, ... (benchmark_units())
  std::string date;            // YYYY-MM-DD
  std::string software;
  std::string source;          // the original public URL
  std::string notes;
  // The source itself calls the figure suspect: shown, but left out of calibration and checks.
  bool outlier = false;
  // Image generation (phase "image"): the picture's size and the denoising steps of the run.
  std::optional<int> width, height, steps;
  // The software an image run stands for (image_software_keys(), estimate/image.h): "pytorch"
  // (diffusers, ComfyUI, or a single tuned run of any UI) or "webui" (the crowd-sourced
  // results of the SD WebUI family, as readers run it). Absent: "pytorch".
  std::string image_software = "pytorch";
  // Run with a speed-up the estimate does not model (torch.compile, TensorRT, stable-fast,
  // FP8 matrix math): shown beside the estimate, not used for calibration or checks.
  bool optimised = false;
};

// A set: one public source, run on one software generation.
struct MeasuredSet {
  std::string id;
  std::string what;
  std::string source;  // repository URL
  std::string commit;  // the commit the figures were read at
  std::string dates;
};

struct Benchmarks {
  int schema_version = 0;
  std::vector<MeasuredSet> sets;
  std::vector<MeasuredResult> results;
  std::vector<CatalogIssue> issues;

  int error_count() const;
  int warning_count() const;
};

const std::vector<std::string>& benchmark_units();   // tokens_per_s, samples_per_s, images_per_s, iterations_per_s, ...
const std::vector<std::string>& benchmark_phases();  // decode, prefill, train, inference, matmul, image, serve

// Parses and validates benchmarks.json. With a catalog, a gpu_id it does not know is an
// error (the row is dropped: nothing could show it). A set id not in `sets` is an error.
Benchmarks load_benchmarks(std::string_view json_text);
Benchmarks load_benchmarks(std::string_view json_text, const Catalog& catalog);

// The rows for one card (any set), in file order.
std::vector<const MeasuredResult*> results_for(const Benchmarks& benchmarks, std::string_view gpu_id);

}  // namespace gpuwise
