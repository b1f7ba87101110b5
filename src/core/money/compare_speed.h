// The Compare tab's speed and value rows (issue 30): for each compared card, how fast the
// Speed tab's model runs on one of it and what that speed costs. Nothing is estimated
// here: the speed is estimate_speed() of speed_input_from_view() (the Speed tab's figure
// and band), the measured run beside it matching_measurement(), the outlay the Compare
// tab's own (machine_outlay(), one card at buyer_price()), and the value per_thousand() of
// what the buyer's budget covers, as the Speed tab's outlay column computes it, so a card
// shows the same figures on both tabs. A figure that cannot be given is absent with its
// reason (never 0). docs/roi.md, "Compare: speed and value".
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/software.h"
#include "estimate/speed_view.h"
#include "money/market.h"
#include "money/outlay.h"
#include "text/json_fwd.h"
#include "text/template_text.h"

namespace gpuwise {

struct CompareSpeedRow {
  std::string gpu_id;
  std::string name;
  SpeedEstimate estimate;                         // one card, the view's model (its figures 0 when it cannot run)
  std::optional<MeasuredResult> measured_decode;  // a public run of this card, model and quantisation
  std::optional<double> decode_tokens_per_s;      // all requests together; absent: speed_reason
  TemplateText speed_reason;
  std::optional<WorkloadSupport> software_no;     // set when current software cannot run the format here
  Outlay outlay;                                  // one card and the machine it needs
  std::optional<double> per_1000_usd;             // decode tokens/s per 1,000 USD of what the budget covers
  TemplateText value_reason;                      // why per_1000_usd is absent
};

struct CompareSpeed {
  std::optional<TemplateText> problem;  // the view cannot be estimated: every row's speed_reason too
  std::string model_name;               // "Llama 3 8B" (or "14.8B" for a model given by its size)
  std::string quant;                    // the quantisation's label, "Q4_K_M"
  std::string covers;                   // what the value divides by: "machine" or "cards" (BuyerView)
  std::vector<CompareSpeedRow> rows;    // one per known card, in the order given
};

// The view's model on one of each card (speed.cards and speed.n do not apply: a compared
// card is one card). `software` (null: not loaded) gates the format's engine as the Speed
// tab does; unknown ids are left out.
CompareSpeed compare_speed(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& calibration,
                           const PriceBook& book, const std::vector<std::string>& gpu_ids, const SpeedView& view,
                           const BuyerView& buyer, const SoftwareTable* software = nullptr,
                           const Compat* compat = nullptr);

// window.gpuwise.compare: {"model", "quant", "covers", "problem", "rows": [{"id", "name",
// "decode_tokens_per_s", "low", "high", "measured_decode", "per_1000_usd", "outlay", and
// "<figure>_reason" beside a null figure}]}.
json compare_speed_json(const CompareSpeed& compare);

}  // namespace gpuwise
