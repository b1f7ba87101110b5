// Fuzzes the catalog loader (catalog.h load_catalog): any bytes as data/gpus.json. It
// must never crash; what loads must be error-free when written back (catalog_to_json)
// and loaded again; and every loaded row must survive what the site does with a row:
// rank it, query it, fit a model on it, advise a system for it, price it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "estimate/advisor.h"
#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "fuzz_support.h"
#include "rank/ranking.h"
#include "money/roi.h"
#include "money/roi_formulas.h"
#include "money/roi_json.h"
#include "estimate/vram_fit.h"

using namespace gpuwise;

namespace {

void check_ranking(const Catalog& catalog, const RankingView& view) {
  const RankedList ranked = rank(catalog, view);
  FUZZ_CHECK(ranked.rows.size() <= catalog.gpus.size());
  for (const RankedGpu& row : ranked.rows) {
    FUZZ_CHECK(row.gpu_index >= 0 && row.gpu_index < static_cast<int>(catalog.gpus.size()));
    if (row.score) FUZZ_CHECK(*row.score >= 0 && *row.score <= 100 + 1e-9);
    for (std::size_t w = 0; w < ranked.weights.size(); ++w) {
      if (const auto value = ranked.normalized_value(row, w)) FUZZ_CHECK(fuzz::finite(*value) && *value >= 0 && *value <= 1 + 1e-9);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Catalog catalog = load_catalog(text);
  for (const CatalogIssue& issue : catalog.issues) FUZZ_CHECK(!issue.to_string().empty());
  // The schema version read is the one written (not a wrapped-around huge integer).
  if (catalog.schema_version != 0) {
    const ParsedJson parsed = parse_json(text);
    FUZZ_CHECK(parsed.ok() && parsed.value.at("schema_version") == catalog.schema_version);
  }

  // Written back and read again: the same rows, no errors.
  const std::string written = catalog_to_json(catalog);
  const Catalog again = load_catalog(written);
  FUZZ_CHECK(again.error_count() == 0);
  FUZZ_CHECK(again.gpus.size() == catalog.gpus.size());
  FUZZ_CHECK(catalog_to_json(again) == written);

  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) {
    FUZZ_CHECK(catalog.find(catalog.gpus[i].id) == static_cast<int>(i));  // ids are unique
  }

  for (const RankingProfile& profile : ranking_profiles()) {
    RankingView view;
    view.profile = profile.key;
    if (view.profile == "custom") view.custom_weights = {{"tdp_w", 1}, {"fp32_tflops", 2}};
    check_ranking(catalog, view);
  }
  RankingView by_metric;
  by_metric.metric = "memory_bandwidth_gbs";
  check_ranking(catalog, by_metric);

  CatalogView query;
  query.search = "rtx 30";
  query.sort_column = "fp32_tflops";
  FUZZ_CHECK(query_catalog(catalog, query).size() <= catalog.gpus.size());
  for (const Column& column : catalog_columns()) distinct_values(catalog, column.key);

  const FitResult fit = fit_model(FitView{});
  cards_that_fit(catalog, fit);

  // The first rows in full: advisor, ROI with the shipped prices, every column's text.
  for (std::size_t i = 0; i < catalog.gpus.size() && i < 8; ++i) {
    const Gpu& gpu = catalog.gpus[i];
    FUZZ_CHECK(fuzz::finite(usable_vram_gb(gpu)));
    for (const Column& column : catalog_columns()) column_text(column, gpu);
    AdvisorView advisor_view;
    advisor_view.gpu_count = 8;
    const AdvisorResult advice = advise(gpu, advisor_view);
    FUZZ_CHECK(advice.power_supply.value >= 450);
    RoiView roi_view;
    roi_view.gpu_id = gpu.id;
    roi_view.rate_usd_per_hour = 1.5;  // the shipped prices know none of these cards
    const RoiResult roi = compute_roi(catalog, fuzz::shipped_prices(), roi_view);
    if (roi.ok) {
      for (const RoiMonth& month : roi.months) FUZZ_CHECK(fuzz::finite(month.own_usd) && fuzz::finite(month.rent_usd));
      roi_formulas(roi, "CNY", 7.1);
      dump_json(roi_to_json(roi));
    }
  }
  return 0;
}
