#include "money/speed_outlay.h"

#include <algorithm>
#include <cmath>

#include "estimate/gates.h"
#include "text/csv.h"
#include "text/limits.h"
#include "text/number_text.h"
#include "text/stable_sort.h"

namespace gpuwise {
SpeedBuyerTable speed_table_for_buyer(const Catalog& catalog, const Benchmarks& benchmarks,
                                      const SpeedCalibration& calibration, const SpeedView& view,
                                      const PriceBook& book, const BuyerView& buyer,
                                      const SoftwareTable* software, const Compat* compat) {
  // Every row first: the budget and the order apply before the top N is cut.
  SpeedView all = view;
  all.top_n = static_cast<int>(limits::kTopN.max);
  SpeedBuyerTable out;
  if (software) {
    GatedSpeedTable gated = gated_speed_table(catalog, benchmarks, calibration, *software, compat, all);
    out.table = std::move(gated.table);
    out.gate = std::move(gated.gate);
  } else {
    out.table = speed_table(catalog, benchmarks, calibration, all);
  }
  std::vector<SpeedRow> rows;
  for (SpeedRow& row : out.table.rows) {
    SpeedOutlayRow priced;
    // llama.cpp splits layers, so a host with x1 slots per card serves; vLLM splits every layer.
    const int lanes = row.estimate.engine == engine_key(Engine::llamacpp) ? kLayerSplitLanes : kTensorParallelLanes;
    const int index = catalog.find(row.gpu_id);
    if (index >= 0) {
      priced.outlay = machine_outlay(catalog, book, catalog.gpus[static_cast<std::size_t>(index)],
                                     std::max(1, row.estimate.gpus), buyer, lanes);
    } else {
      priced.outlay = mixed_machine_outlay(catalog, book, view.cards, view.gpu_count, buyer, lanes);
    }
    const auto covered = priced.outlay.budget_usd(buyer.budget_covers);
    if (row.estimate.fits) priced.per_1000_usd = per_thousand(row.estimate.decode_total_tokens_per_s, covered, 1);
    if (!within_budget(priced.outlay, buyer)) {
      ++(covered ? out.over_budget : out.unpriced);
      continue;
    }
    rows.push_back(std::move(row));
    out.outlays.push_back(std::move(priced));
  }
  if (buyer.outlay_sort == "total" || buyer.outlay_sort == "value") {
    std::vector<std::size_t> order(rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const bool by_value = buyer.outlay_sort == "value";
    const auto key = [&](std::size_t i) {
      return by_value ? out.outlays[i].per_1000_usd : out.outlays[i].outlay.budget_usd(buyer.budget_covers);
    };
    stable_sort_rows(order, [&](std::size_t a, std::size_t b) {
      const auto ka = key(a), kb = key(b);
      if (!ka || !kb) return ka.has_value() && !kb.has_value();
      return by_value ? *ka > *kb : *ka < *kb;
    });
    std::vector<SpeedRow> sorted_rows;
    std::vector<SpeedOutlayRow> sorted_outlays;
    for (std::size_t i : order) {
      sorted_rows.push_back(std::move(rows[i]));
      sorted_outlays.push_back(std::move(out.outlays[i]));
    }
    rows = std::move(sorted_rows);
    out.outlays = std::move(sorted_outlays);
  }
  const std::size_t top = static_cast<std::size_t>(std::max(0, view.top_n));
  if (rows.size() > top) {
    rows.resize(top);
    out.outlays.resize(top);
  }
  out.table.rows = std::move(rows);
  return out;
}

std::string speed_buyer_csv(const SpeedBuyerTable& table) {
  // speed_table_csv()'s lines with the outlay's columns after each (same rows, same order).
  std::vector<std::string> cells;
  for (const SpeedOutlayRow& row : table.outlays) {
    cells.push_back(outlay_csv_cells(row.outlay) + "," + (row.per_1000_usd ? shortest_number(std::round(*row.per_1000_usd * 100) / 100) : ""));
  }
  return csv_with_columns(speed_table_csv(table.table), std::string(kOutlayCsvHeader) + ",decode_tokens_per_s_per_1000_usd",
                          cells);
}

}  // namespace gpuwise
