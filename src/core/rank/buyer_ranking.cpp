#include "rank/buyer_ranking.h"
#include "rank/vision_ranking.h"

#include <algorithm>
#include <map>

#include "estimate/engine.h"
#include "rank/ranking_scores.h"
#include "rank/speed_ranking.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

// The figure a row is valued by: tokens/s in a speed ranking, else its score.
std::optional<double> row_value(const RankedGpu& row) {
  if (row.tokens_per_s) return row.tokens_per_s;
  return row.score;
}

bool passes_price(const Outlay& outlay, const RankingView& view) {
  if (!(view.max_price_usd > 0)) return true;
  return outlay.card_price.found() && outlay.card_price.usd_per_board <= view.max_price_usd;
}

// The rows of the speed ranking at each card's fewest GPUs that hold the model.
RankedList fewest_gpus_list(const Catalog& catalog, const RankingView& view, const FitView& fit,
                            const SpeedCalibration& calibration, const Compat* compat,
                            const std::vector<std::string>* allowed_ids, std::vector<int>& gpus_of_row) {
  RankedList merged;
  std::map<int, std::size_t> row_of_card;  // gpu_index → row in merged
  for (int count = 1; count <= kBudgetMaxGpus; ++count) {
    RankingView at = view;
    at.fit_gpu_count = count;
    RankedList list = rank_by_speed(catalog, at, fit, calibration, compat, allowed_ids);
    if (!list.error.empty()) return list;
    if (count == 1) {
      merged = list;
      merged.rows.clear();
    }
    for (const RankedGpu& row : list.rows) {
      if (row_of_card.count(row.gpu_index)) continue;
      if (count > 1 && priced_as_machine(catalog.gpus[static_cast<std::size_t>(row.gpu_index)])) continue;
      row_of_card[row.gpu_index] = merged.rows.size();
      merged.rows.push_back(row);
      gpus_of_row.push_back(count);
    }
    if (merged.speed && list.speed) merged.speed->not_fitting = list.speed->not_fitting;
  }
  if (merged.speed) {
    merged.speed->gpus = 0;  // per row (RowOutlay::gpus)
    merged.speed->model.args.back() = "1-" + std::to_string(kBudgetMaxGpus);
  }
  return merged;
}

// Scores of a speed ranking after rows were dropped: 100 × tokens/s / the fastest kept.
void rescore_by_speed(const Catalog& catalog, RankedList& list) {
  double fastest = 0;
  for (const RankedGpu& row : list.rows) fastest = std::max(fastest, row.tokens_per_s.value_or(0));
  list.scored_count = 0;
  for (RankedGpu& row : list.rows) {
    row.score.reset();
    if (row.tokens_per_s && fastest > 0) {
      row.score = std::clamp(100.0 * *row.tokens_per_s / fastest, 0.0, 100.0);
      ++list.scored_count;
    }
  }
  sort_ranked_rows(catalog, list.rows);
}

}  // namespace

int lanes_for_engine(const Gpu& gpu, const RankingView& view, const FitView& fit) {
  if (!ranks_by_speed(view) || view.profile != "llm-inference") return kTensorParallelLanes;
  const Quantisation* quant = find_quantisation(quant_for_fit_precision(fit.precision));
  if (!quant) return kTensorParallelLanes;
  return engine_for_card(*quant, gpu) == Engine::llamacpp ? kLayerSplitLanes : kTensorParallelLanes;
}

BuyerRanking rank_for_buyer(const Catalog& catalog, const PriceBook& book, const RankingView& view,
                            const FitView& fit, const BuyerView& buyer, const SpeedCalibration* calibration,
                            const Compat* compat, const SoftwareTable* software, const Benchmarks* benchmarks) {
  BuyerRanking out;
  // The software filters and the workload's gate (issue 29) go first, as in rank_view().
  SoftwareAllowed supported;
  if (software) {
    supported = software_allowed(catalog, view, fit, compat, *software);
  } else if (!view.runs.empty()) {
    out.list = software_filters_unloaded(view);
    return out;
  }
  const std::vector<std::string>* supported_ids = software ? &supported.ids : nullptr;
  out.by_budget = buyer.budget_usd > 0;
  const bool by_speed = ranks_by_speed(view);
  const bool filtering = out.by_budget || view.max_price_usd > 0;
  std::vector<int> gpus_of_row;
  if (by_speed && out.by_budget && calibration) {
    out.fewest_gpus = true;
    out.list = fewest_gpus_list(catalog, view, fit, *calibration, compat, supported_ids, gpus_of_row);
    out.list.software_gate = supported.gate;
  } else if (by_speed || !filtering) {
    out.list = rank_view(catalog, view, fit, calibration, compat, software, benchmarks);
  } else {
    // A weighted ranking scores against the best card in the list: the price and budget
    // filters go before scoring, as the other filters do (allowed ids).
    std::vector<std::string> allowed;
    for (const Gpu& gpu : catalog.gpus) {
      if (!passes_ranking_filters(gpu, view, compat)) continue;
      if (supported_ids && std::find(supported_ids->begin(), supported_ids->end(), gpu.id) == supported_ids->end()) continue;
      const Outlay outlay = machine_outlay(catalog, book, gpu, view.fits_model ? view.fit_gpu_count : 1, buyer,
                                           lanes_for_engine(gpu, view, fit));
      if (passes_price(outlay, view) && within_budget(outlay, buyer)) allowed.push_back(gpu.id);
    }
    if (view.fits_model) {
      const auto fitting = fit_filter_ids(catalog, view, fit_model(fit));
      if (fitting) {
        std::vector<std::string> both;
        for (const std::string& id : allowed) {
          if (std::find(fitting->begin(), fitting->end(), id) != fitting->end()) both.push_back(id);
        }
        allowed = std::move(both);
      }
    }
    out.list = ranks_by_vision(view) && calibration
                   ? rank_by_vision(catalog, view, fit_model(fit), *calibration, benchmarks, compat, &allowed)
                   : rank(catalog, view, compat, &allowed);
    // What the filters left out is counted below from the unfiltered list.
    RankedList all = rank_view(catalog, view, fit, calibration, compat, software, benchmarks);
    out.list.software_gate = all.software_gate;
    for (const RankedGpu& row : all.rows) {
      if (std::find(allowed.begin(), allowed.end(), catalog.gpus[static_cast<std::size_t>(row.gpu_index)].id) ==
          allowed.end()) {
        out.list.rows.push_back(row);  // marked for the loop below to count, then dropped
      }
    }
  }
  if (!out.list.error.empty()) return out;

  // Each row's outlay at its GPU count; the rows over the price cap or the budget go.
  const int fixed_gpus = (by_speed || view.fits_model) ? view.fit_gpu_count : 1;
  std::vector<RankedGpu> kept;
  std::vector<BuyerRanking::OverBudget> over;  // speed rows over the budget, for faster_over
  double cheapest_over = 0;
  for (std::size_t i = 0; i < out.list.rows.size(); ++i) {
    const RankedGpu& row = out.list.rows[i];
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row.gpu_index)];
    RowOutlay priced;
    priced.gpus = out.fewest_gpus ? gpus_of_row[i] : fixed_gpus;
    priced.outlay = machine_outlay(catalog, book, gpu, priced.gpus, buyer, lanes_for_engine(gpu, view, fit));
    const auto covered = priced.outlay.budget_usd(buyer.budget_covers);
    if (const auto value = row_value(row)) priced.per_1000_usd = per_thousand(*value, covered, 1);
    const bool price_ok = passes_price(priced.outlay, view);
    const bool budget_ok = within_budget(priced.outlay, buyer);
    if (price_ok && budget_ok) {
      kept.push_back(row);
      out.outlays.push_back(std::move(priced));
      continue;
    }
    if (!covered || (!price_ok && !priced.outlay.card_price.found())) {
      ++out.unpriced;
      if (priced.outlay.card_price.found()) ++out.unpriced_machine;
    } else if (!budget_ok) {
      ++out.over_budget;
      if (price_ok && row.tokens_per_s) over.push_back({row.gpu_index, priced, *row.tokens_per_s});
      if (price_ok && (out.cheapest_over_index < 0 || *covered < cheapest_over)) {
        cheapest_over = *covered;
        out.cheapest_over_index = row.gpu_index;
        out.cheapest_over = priced;
      }
    }
  }
  out.list.rows = std::move(kept);
  if (by_speed && out.by_budget) {
    // The frontier above the budget: cheapest first, each faster than all before it and
    // than the fastest machine within the budget.
    double fastest = 0;
    for (const RankedGpu& row : out.list.rows) fastest = std::max(fastest, row.tokens_per_s.value_or(0));
    const auto spent = [&](const BuyerRanking::OverBudget& o) { return *o.priced.outlay.budget_usd(buyer.budget_covers); };
    stable_sort_rows(over, [&](const BuyerRanking::OverBudget& a, const BuyerRanking::OverBudget& b) {
      return spent(a) != spent(b) ? spent(a) < spent(b) : a.tokens_per_s > b.tokens_per_s;
    });
    for (const auto& option : over) {
      if (out.faster_over.size() >= kOverBudgetShown) break;
      if (option.tokens_per_s <= fastest) continue;
      fastest = option.tokens_per_s;
      out.faster_over.push_back(option);
    }
  }
  if (by_speed) {
    // Scores are relative to the fastest card kept; rows and outlays stay paired.
    std::map<int, RowOutlay> outlay_of;
    for (std::size_t i = 0; i < out.list.rows.size(); ++i) outlay_of[out.list.rows[i].gpu_index] = out.outlays[i];
    rescore_by_speed(catalog, out.list);
    out.outlays.clear();
    for (const RankedGpu& row : out.list.rows) out.outlays.push_back(outlay_of[row.gpu_index]);
  }

  // Ordered by the outlay when the buyer asks: cheapest first, or most per 1,000 first.
  if (buyer.outlay_sort == "total" || buyer.outlay_sort == "value") {
    std::vector<std::size_t> order(out.list.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto key = [&](std::size_t i) -> std::optional<double> {
      if (buyer.outlay_sort == "value") return out.outlays[i].per_1000_usd;
      return out.outlays[i].outlay.budget_usd(buyer.budget_covers);
    };
    stable_sort_rows(order, [&](std::size_t a, std::size_t b) {
      const auto ka = key(a), kb = key(b);
      if (!ka || !kb) return ka.has_value() && !kb.has_value();
      return buyer.outlay_sort == "value" ? *ka > *kb : *ka < *kb;
    });
    std::vector<RankedGpu> rows;
    std::vector<RowOutlay> outlays;
    for (std::size_t i : order) {
      rows.push_back(out.list.rows[i]);
      outlays.push_back(out.outlays[i]);
    }
    out.list.rows = std::move(rows);
    out.outlays = std::move(outlays);
  }
  return out;
}

}  // namespace gpuwise
