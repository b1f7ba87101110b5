// The Speed tab's answer for a view: every card's estimate for the chosen model
// (estimate_speed), sorted by the chosen figure, cut to the top N, with the measured
// figure beside the estimate where one matches. The page only draws this; the browser
// tests read it as window.gpuwise.speed (speed_table_to_json) and the CSV is its rows.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "text/json_fwd.h"
#include "estimate/speed.h"
#include "text/template_text.h"
#include "estimate/estimate_views.h"

namespace gpuwise {

// The sort keys of SpeedView::sort: decode and prefill tokens/s (fastest first), time to
// first token (shortest first).
const std::vector<std::string>& speed_sort_keys();
// "Decode tokens/s": the English label of a sort key (the UI translates it).
const char* speed_sort_label(const std::string& key);

// The SpeedInput estimate_speed takes for the view (the preset's shape; an unknown preset
// leaves speed.h's default model, which check_speed_view reports).
SpeedInput speed_input_from_view(const SpeedView& view);
// Why the view cannot be estimated, in the reader's words (unknown model or
// quantisation, a context beyond the model's limit, a prompt longer than the context);
// nullopt when it can.
std::optional<TemplateText> check_speed_view(const SpeedView& view);

// The measured figure that matches a row: same card, model, quantisation and phase, one
// GPU and one request (how the public runs were made), the context nearest the view's
// (decode: the view's context; prefill: its prompt). Rows the source calls outliers are
// used only when nothing else matches.
std::optional<MeasuredResult> matching_measurement(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                   const SpeedView& view, const std::string& phase);

struct SpeedRow {
  std::string gpu_id;
  std::string name;
  SpeedEstimate estimate;
  std::optional<MeasuredResult> measured_decode;
  std::optional<MeasuredResult> measured_prefill;
};

struct SpeedTable {
  // Set when the view cannot be estimated (rows empty), or when the model fits no card
  // (rows then only when fits_only is off: the cards with the GB each lacks).
  std::optional<TemplateText> problem;
  std::string model_name;     // "Llama 3 8B"
  int cards_fit = 0;          // cards with figures that hold the model at this GPU count
  int cards_estimated = 0;    // cards with the figures the estimate needs
  int cards_without_figures = 0;  // no memory bandwidth in the catalog: left out
  std::vector<SpeedRow> rows;  // sorted, filtered (fits_only), at most top_n
};

// One machine of the view's cards (speed.cards), each gpu_count times; unknown ids left out.
std::vector<MachineCard> machine_cards(const Catalog& catalog, const std::vector<std::string>& cards, int gpu_count);
// "1x RTX 3090 + 1x RTX 4090": a machine by its cards, in the order listed.
std::string machine_name(const Catalog& catalog, const std::vector<std::string>& cards, int gpu_count);

// Every card of the catalog (view.cards empty) or the one machine of view.cards. Fitting
// rows first, sorted by view.sort; then (fits_only off, or a machine) the others, least
// lacking first. A card whose figure for the sort key is missing goes after those with one.
SpeedTable speed_table(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& calibration,
                       const SpeedView& view);

// Why a row lacks a figure: the whole row's reason, else decode's, else prefill's; empty
// when it has them all.
TemplateText speed_missing_text(const SpeedEstimate& estimate);
// One estimate as `gpuwise speed --json` and window.gpuwise.speed give it: a figure the
// model cannot compute is null with `<figure>_reason`; a figure has `<figure>_low` and
// `<figure>_high` (its band), `low` / `high` bound decode, the row's headline figure.
json speed_estimate_json(const SpeedEstimate& estimate);

// The rows as CSV (the page's "Export CSV"): card, fit, GB, estimates and measured figures.
std::string speed_table_csv(const SpeedTable& table);
// window.gpuwise.speed: the rows and the problem (English) for scripts and tests.
json speed_table_to_json(const SpeedTable& table);

}  // namespace gpuwise
