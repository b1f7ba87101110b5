// Lists of cards with the software gate (catalog/software.h) applied: each list's own
// function runs unchanged, then the cards graded `no` for its workload come out and are
// listed apart with the reason, and the kept ones a list marks (community, unknown, support
// ending) carry their grade. One function per list; the page and the CLI call these.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "catalog/software.h"
#include "estimate/estimate_views.h"
#include "estimate/image.h"
#include "estimate/speed_view.h"
#include "text/json_fwd.h"

namespace gpuwise {

// What a language-model view needs, by the engine its format runs on (issue 27: the format
// picks the engine): GGUF quantisations llama.cpp ("gguf"); BF16 vLLM or SGLang with BF16
// matrix math ("serve-bf16"); FP8 with FP8 matrix math ("serve-fp8"); FP16, AWQ and GPTQ
// vLLM or SGLang ("serve").
std::string quant_workload(const std::string& quant);
// The VRAM fit's and the LLM rankings' model: inference by its precision (int4 / int8 any
// engine; bf16 on one with BF16); LoRA (QLoRA at int4); full training (BF16 training at
// bf16), with FlashAttention from kLongContextTokens.
std::string fit_workload(const FitView& fit);
// Training sequences at least this long need FlashAttention 2 or 3 (or its port): without a
// fused kernel their attention is slow and memory-bound.
constexpr int kLongContextTokens = 32768;
// A training job (the cost of a job): BF16 training, long-context from kLongContextTokens.
std::string training_workload(int context_tokens);

// The Speed tab: speed_table() with every card, gated, then cut to the view's top_n.
struct GatedSpeedTable {
  SpeedTable table;
  SoftwareGate gate;
};
GatedSpeedTable gated_speed_table(const Catalog& catalog, const Benchmarks& benchmarks,
                                  const SpeedCalibration& calibration, const SoftwareTable& software,
                                  const Compat* compat, const SpeedView& view);

// The Images tab: image_table() the same way.
struct GatedImageTable {
  ImageTable table;
  SoftwareGate gate;
};
GatedImageTable gated_image_table(const Catalog& catalog, const Benchmarks& benchmarks,
                                  const ImageCalibration& calibration, const SoftwareTable& software,
                                  const Compat* compat, const ImageView& view);

// The VRAM fit's lists (cards_that_fit): each count's list gated.
SoftwareGate gate_fit_lists(std::map<int, std::vector<std::string>>& lists, const Catalog& catalog,
                            const SoftwareTable& software, const Compat* compat, const FitView& fit);

// {"grade", "limit": "bitsandbytes", "reason", "until"} of one card for a workload.
json support_json(const WorkloadSupport& support);
// Adds to a table's JSON (its "results" or "rows" name their card as "id"): "software" on each
// marked row, and "software_gate": {"workload", "left_out": [{"id", "name", "grade", "reason"}]}.
void add_gate_json(const SoftwareGate& gate, json& out);

}  // namespace gpuwise
