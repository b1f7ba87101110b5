// Fuzzes the speed model as the page and the CLI reach it: the Speed tab's table
// (speed_view.h) for a SpeedView built from the bytes, the Compare tab's speed and value
// rows (money/compare_speed.h) for up to four cards and a buyer, and the LLM rankings by
// estimated tokens/s (speed_ranking.h) for a RankingView and FitView built from the bytes. Values
// come raw (a link is clamped first, but core must not rely on it): NaN, infinities,
// negative and huge counts. Either a problem in words, or rows whose figures are finite
// and not negative, and a ranking sorted fastest first. One input in four runs on the
// whole shipped catalog (every card, those missing figures too), the others on the
// fixture's nine cards (fuzz_support.h): all 205 cards on every input ran at about 950
// inputs a CPU-second.
#include <cstddef>
#include <cstdint>

#include "catalog/benchmarks.h"
#include "fuzz_numbers.h"
#include "fuzz_support.h"
#include "money/compare_speed.h"
#include "rank/ranking.h"
#include "estimate/speed.h"
#include "rank/speed_ranking.h"
#include "estimate/speed_view.h"
#include "estimate/vram_fit.h"

using namespace gpuwise;

namespace {

const Benchmarks& shipped_benchmarks() {
  static const Benchmarks b = load_benchmarks(fuzz::read_source_file("data/benchmarks.json"), fuzz::shipped_catalog());
  return b;
}
std::vector<std::string> ids_of_presets() {
  std::vector<std::string> out = fuzz::preset_ids();
  out.push_back("custom");
  return out;
}
std::vector<std::string> ids_of_profiles() {
  std::vector<std::string> out;
  for (const auto& p : ranking_profiles()) out.push_back(p.key);
  return out;
}

const Catalog& any_catalog(FuzzedDataProvider& in) {
  return in.ConsumeIntegralInRange<int>(0, 3) == 0 ? fuzz::shipped_catalog() : fuzz::fixture_catalog();
}

bool finite_non_negative(double v) { return fuzz::finite(v) && v >= 0; }

void check_estimate(const SpeedEstimate& e) {
  FUZZ_CHECK(finite_non_negative(e.decode_tokens_per_s) && finite_non_negative(e.decode_total_tokens_per_s));
  FUZZ_CHECK(finite_non_negative(e.prefill_tokens_per_s) && finite_non_negative(e.time_to_first_token_s));
  FUZZ_CHECK(finite_non_negative(e.needed_gb) && finite_non_negative(e.usable_gb) && finite_non_negative(e.lacks_gb));
  FUZZ_CHECK(e.fits ? e.lacks_gb == 0 : true);
}

void fuzz_speed_table(FuzzedDataProvider& in) {
  static const std::vector<std::string> presets = ids_of_presets();
  const std::vector<std::string>& quants = fuzz::quant_ids();
  SpeedView view;
  view.preset = fuzz::any_key(in, presets);
  view.quant = fuzz::any_key(in, quants);
  view.context = fuzz::any_whole(in, 131072);
  view.prompt_tokens = fuzz::any_whole(in, 131072);
  view.concurrent = fuzz::any_whole(in, 64);
  view.gpu_count = fuzz::any_whole(in, 8);
  view.sort = fuzz::any_key(in, speed_sort_keys());
  view.fits_only = in.ConsumeBool();
  view.top_n = fuzz::any_whole(in, 200);
  const SpeedTable table = speed_table(any_catalog(in), shipped_benchmarks(), fuzz::shipped_calibration(), view);
  if (check_speed_view(view)) FUZZ_CHECK(table.problem.has_value() && table.rows.empty());
  if (table.problem) FUZZ_CHECK(!table.problem->text().empty());
  FUZZ_CHECK(table.cards_fit >= 0 && table.cards_fit <= table.cards_estimated);
  for (const SpeedRow& row : table.rows) {
    check_estimate(row.estimate);
    FUZZ_CHECK(fuzz::is_shipped_id(row.gpu_id));
    if (view.fits_only) FUZZ_CHECK(row.estimate.fits);
    for (const auto* m : {&row.measured_decode, &row.measured_prefill}) {
      if (*m) FUZZ_CHECK((*m)->gpu_id == row.gpu_id && (*m)->value > 0);
    }
  }
  // What "Export CSV" and window.gpuwise.speed give.
  FUZZ_CHECK(!speed_table_csv(table).empty());
  FUZZ_CHECK(!dump_json(speed_table_to_json(table)).empty());
}

// Compare: each figure is there (finite, above 0) or absent with its reason, never 0; rows
// only for known cards, in the order given. Four cards at most, as the link holds.
void fuzz_compare(FuzzedDataProvider& in) {
  static const std::vector<std::string> presets = ids_of_presets();
  static const std::vector<std::string> markets = {"us", "eu", "cn"}, covers = {"machine", "cards"};
  SpeedView view;
  view.preset = fuzz::any_key(in, presets);
  view.params_b = in.ConsumeBool() ? 0 : fuzz::any_number(in, 1000);
  view.quant = fuzz::any_key(in, fuzz::quant_ids());
  view.context = fuzz::any_whole(in, 131072);
  view.concurrent = fuzz::any_whole(in, 64);
  view.gpu_count = fuzz::any_whole(in, 8);
  BuyerView buyer;
  buyer.market = fuzz::any_key(in, markets);
  buyer.used = in.ConsumeBool();
  buyer.budget_covers = fuzz::any_key(in, covers);
  std::vector<std::string> ids;
  const int count = in.ConsumeIntegralInRange<int>(0, 4);
  for (int i = 0; i < count; ++i) ids.push_back(fuzz::any_key(in, fuzz::shipped_ids()));
  const CompareSpeed c = compare_speed(fuzz::shipped_catalog(), shipped_benchmarks(), fuzz::shipped_calibration(),
                                       fuzz::shipped_prices(), ids, view, buyer);
  FUZZ_CHECK(c.rows.size() <= ids.size());
  for (const CompareSpeedRow& row : c.rows) {
    FUZZ_CHECK(fuzz::is_shipped_id(row.gpu_id));
    check_estimate(row.estimate);
    if (row.decode_tokens_per_s) FUZZ_CHECK(fuzz::finite(*row.decode_tokens_per_s) && *row.decode_tokens_per_s > 0);
    else FUZZ_CHECK(!row.speed_reason.text().empty());
    if (row.per_1000_usd) FUZZ_CHECK(fuzz::finite(*row.per_1000_usd) && *row.per_1000_usd > 0 && row.decode_tokens_per_s);
    else FUZZ_CHECK(!row.value_reason.text().empty());
  }
  FUZZ_CHECK(!dump_json(compare_speed_json(c)).empty());
}

void fuzz_speed_ranking(FuzzedDataProvider& in) {
  static const std::vector<std::string> profiles = ids_of_profiles(), presets = ids_of_presets();
  static const std::vector<std::string> precisions = {"fp32", "bf16", "fp16", "int8", "int4"};
  static const std::vector<std::string> modes = {"inference", "lora", "full"};
  RankingView view;
  view.profile = in.ConsumeBool() ? (in.ConsumeBool() ? "llm-inference" : "llm-training") : fuzz::any_key(in, profiles);
  view.min_vram_gb = in.ConsumeBool() ? 0 : fuzz::any_number(in, 200);
  view.unified_only = in.ConsumeBool();
  view.fits_model = in.ConsumeBool();
  view.fit_gpu_count = fuzz::any_whole(in, 8);
  view.top_n = fuzz::any_whole(in, 50);
  FitView fit;
  fit.preset = fuzz::any_key(in, presets);
  fit.params_b = fuzz::any_number(in, 2000);
  fit.precision = fuzz::any_key(in, precisions);
  fit.mode = fuzz::any_key(in, modes);
  fit.batch_size = fuzz::any_whole(in, 64);
  fit.context = fuzz::any_whole(in, 131072);
  fit.layers = fuzz::any_whole(in, 160);
  fit.kv_heads = fuzz::any_whole(in, 128);
  fit.head_dim = fuzz::any_whole(in, 256);
  fit.hidden_size = fuzz::any_whole(in, 32768);
  const bool with_calibration = in.ConsumeIntegralInRange<int>(0, 7) != 0;
  const Catalog& catalog = any_catalog(in);
  const RankedList list = rank_view(catalog, view, fit, with_calibration ? &fuzz::shipped_calibration() : nullptr);
  if (!list.error.empty()) {
    FUZZ_CHECK(list.rows.empty());
    return;
  }
  if (!list.speed) return;  // a weighted profile: fuzz_catalog and the ranking tests cover it
  FUZZ_CHECK(with_calibration);
  std::optional<double> previous;
  for (const RankedGpu& row : list.rows) {
    FUZZ_CHECK(row.gpu_index >= 0 && row.gpu_index < static_cast<int>(catalog.gpus.size()));
    FUZZ_CHECK(finite_non_negative(row.needed_gb));
    if (!row.tokens_per_s) continue;
    FUZZ_CHECK(fuzz::finite(*row.tokens_per_s) && *row.tokens_per_s > 0);
    // Fastest first, at the sort's precision: cards with the same figures can come out of
    // the machine model a last bit apart (1456.061739063126 and ...1262), and the sort keys
    // a score's bits less the lowest, so such ties go by VRAM, then name (ranking_scores.cpp).
    if (previous) FUZZ_CHECK(*row.tokens_per_s <= *previous * (1 + 1e-12));
    previous = row.tokens_per_s;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
    case 1: fuzz_speed_table(in); break;
    case 2: fuzz_compare(in); break;
    default: fuzz_speed_ranking(in); break;
  }
  return 0;
}
