// The LLM profiles ranked by what the buyer asks: how fast the chosen model runs on each
// card. llm-inference ranks by the speed model's decode tokens/s (speed.h estimate_speed),
// llm-training by its training tokens/s (train_tokens_per_s), for the VRAM-fit model
// (FitView) on the ranking's "fits on N GPUs" count. VRAM is a filter, not a weight: only
// the cards of which N hold the model are ranked. Score = 100 × tokens/s / the fastest in
// the list. The ranking tab and `gpuwise rank` both call rank_view(). docs/ranking.md.
#pragma once
#include <string>
#include <vector>

#include "catalog/compat.h"
#include "rank/ranking.h"
#include "estimate/speed.h"
#include "text/template_text.h"

namespace gpuwise {

// True for the profiles the speed model ranks (llm-inference, llm-training) when no
// single metric is chosen.
bool ranks_by_speed(const RankingView& view);

// quant_for_fit_precision() (estimate/engine.h) gives the speed model's format for a
// VRAM-fit precision; fp32 has none, so no estimate.

// The speed model's input for the VRAM-fit model on `gpus` GPUs: a preset's own shape
// (with its active parameters) or the custom shape. A context beyond the preset's limit is
// lowered to it, with a note in `notes`.
SpeedInput ranking_speed_input(const FitView& fit, int gpus, std::vector<TemplateText>& notes);

// The LLM profile's list: the cards passing `view`'s filters of which fit_gpu_count hold
// the model, by estimated tokens/s. RankedList::speed says what the estimate is for;
// RankedList::error (and error_text) say why nothing could be ranked.
RankedList rank_by_speed(const Catalog& catalog, const RankingView& view, const FitView& fit,
                         const SpeedCalibration& calibration, const Compat* compat = nullptr,
                         const std::vector<std::string>* allowed_ids = nullptr);

// Issue 29: what a ranking's workload needs of the software (catalog/software.h workloads()):
// CNN and RNN training PyTorch; LLM inference the engine of its format (gates.h
// quant_workload); LLM training BF16 training, LoRA or QLoRA (gates.h fit_workload); FP64,
// custom weights and single metrics nothing ("").
std::string ranking_workload(const RankingView& view, const FitView& fit);

// The software filters (view.runs) and the workload's gate of a ranking (issue 29): the ids
// of the cards rank() may list, and the cards graded `no` for the workload with the reason.
struct SoftwareAllowed {
  std::vector<std::string> ids;
  SoftwareGate gate;
};
SoftwareAllowed software_allowed(const Catalog& catalog, const RankingView& view, const FitView& fit,
                                 const Compat* compat, const SoftwareTable& software);
// The error of a ranking with a software filter while software.json is not loaded.
RankedList software_filters_unloaded(const RankingView& view);

// The ranking tab's list for any view: rank_by_speed() for the LLM profiles (without a
// calibration: an error saying the speed model is not loaded), rank_by_vision() for the
// CNN and RNN profiles (measured first from `benchmarks`; without a calibration, the
// spec weights), else rank_with_fit().
// With `software` (data/software.json), the software filters (view.runs) keep only cards
// graded first-class or works, and the workload's gate leaves out the cards graded `no`
// (RankedList::software_gate lists them with the reason); without it, a software filter is an
// error and nothing is gated.
RankedList rank_view(const Catalog& catalog, const RankingView& view, const FitView& fit,
                     const SpeedCalibration* calibration, const Compat* compat = nullptr,
                     const SoftwareTable* software = nullptr, const Benchmarks* benchmarks = nullptr);

}  // namespace gpuwise
