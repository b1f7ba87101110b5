#include "money/value.h"

#include <algorithm>
#include <cmath>

#include "text/stable_sort.h"

namespace gpuwise {
namespace {

// A user figure must be a finite, positive number to be used; anything else is ignored.
std::optional<double> usable_override(const std::map<std::string, double>& map, const std::string& id) {
  auto it = map.find(id);
  if (it == map.end() || !std::isfinite(it->second) || it->second <= 0) return std::nullopt;
  return it->second;
}

// Guards the ratio: a finite, positive denominator or nothing.
std::optional<double> ratio(double numerator, std::optional<double> denominator, double scale = 1) {
  if (!denominator || !std::isfinite(*denominator) || *denominator <= 0) return std::nullopt;
  const double value = numerator / *denominator * scale;
  if (!std::isfinite(value)) return std::nullopt;
  return value;
}

const std::optional<double>& figure(const ValueRow& row, ValueMetric metric) {
  switch (metric) {
    case ValueMetric::per_usd_per_hour: return row.score_per_usd_per_hour;
    case ValueMetric::per_watt: return row.score_per_watt;
    case ValueMetric::per_1000_usd: break;
  }
  return row.score_per_1000_usd;
}

}  // namespace

std::vector<ValueRow> value_table(const Catalog& catalog, const PriceBook& book,
                                  const std::vector<std::pair<int, double>>& gpu_index_and_score,
                                  const PriceOverrides& overrides, ProviderKindSet rate_kinds) {
  return value_table(catalog, book, gpu_index_and_score, BuyerView{}, overrides, rate_kinds);
}

std::vector<ValueRow> value_table(const Catalog& catalog, const PriceBook& book,
                                  const std::vector<std::pair<int, double>>& gpu_index_and_score,
                                  const BuyerView& buyer, const PriceOverrides& overrides,
                                  ProviderKindSet rate_kinds) {
  std::vector<ValueRow> rows;
  for (const auto& [index, score] : gpu_index_and_score) {
    if (index < 0 || index >= static_cast<int>(catalog.gpus.size())) continue;
    const Gpu& gpu = catalog.gpus[index];
    ValueRow row;
    row.gpu_index = index;
    row.gpu_id = gpu.id;
    row.score = score;
    if (!std::isfinite(score) || score < 0) {
      row.score = 0;
      row.missing.push_back("score");
    }

    if (auto user_price = usable_override(overrides.price_usd, gpu.id)) {
      row.price.kind = PriceKind::user;
      row.price.usd_per_gpu = row.price.usd_per_board = *user_price;
      row.price_usd = *user_price;
    } else {
      row.price = buyer_price(catalog, book, gpu.id, buyer);
      if (row.price.found() && row.price.usd_per_gpu > 0) row.price_usd = row.price.usd_per_gpu;
    }

    if (auto user_rate = usable_override(overrides.rate_usd_per_hour, gpu.id)) {
      row.rate_is_user = true;
      row.rate_usd_per_hour = *user_rate;
    } else if ((row.rate = cheapest_on_demand_rate(book, gpu.id, rate_kinds))) {
      row.rate_usd_per_hour = row.rate->usd_per_gpu_hour;
      row.rate_age = rate_age(book, *row.rate);
    }

    if (gpu.tdp_w.value_or(0) > 0) row.power_w = *gpu.tdp_w / std::max(1, gpu.gpus_per_board);

    row.score_per_1000_usd = ratio(row.score, row.price_usd, 1000);
    row.score_per_usd_per_hour = ratio(row.score, row.rate_usd_per_hour);
    row.score_per_watt = ratio(row.score, row.power_w > 0 ? std::optional<double>(row.power_w) : std::nullopt);
    if (!row.score_per_1000_usd) row.missing.push_back("price");
    if (!row.score_per_usd_per_hour) row.missing.push_back("rate");
    if (!row.score_per_watt) row.missing.push_back("power");
    rows.push_back(std::move(row));
  }
  return rows;
}

bool ValueRow::uses_stale_price() const {
  const bool dated_price = price.kind == PriceKind::street_new || price.kind == PriceKind::street_used;
  return (dated_price && price.age.stale) || (rate && !rate_is_user && rate_age.stale);
}

int stale_value_rows(const std::vector<ValueRow>& rows) {
  return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const ValueRow& row) { return row.uses_stale_price(); }));
}

const char* value_metric_key(ValueMetric metric) {
  switch (metric) {
    case ValueMetric::per_usd_per_hour: return "score_per_usd_per_hour";
    case ValueMetric::per_watt: return "score_per_watt";
    case ValueMetric::per_1000_usd: break;
  }
  return "score_per_1000_usd";
}

void sort_value_table(std::vector<ValueRow>& rows, ValueMetric metric) {
  stable_sort_rows(rows, [metric](const ValueRow& a, const ValueRow& b) {
    const auto& x = figure(a, metric);
    const auto& y = figure(b, metric);
    if (x && y) return *x > *y;
    return x.has_value() && !y.has_value();
  });
}

}  // namespace gpuwise
