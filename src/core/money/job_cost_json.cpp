// The cost of a job as `gpuwise job --json`, window.gpuwise.job and the page's CSV give it
// (job_cost.h): every figure with its band, an absent cost null with its reason.
#include <cmath>

#include "money/job_cost.h"
#include "text/csv.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}
json optional_number(const std::optional<double>& v, int decimals) { return v ? json(rounded(*v, decimals)) : json(nullptr); }

// "own_cost_usd", "own_cost_usd_low", "own_cost_usd_high", "own_usd_per_million_tokens".
void put_cost(json& row, const std::string& side, const JobCost& cost) {
  row[side + "_cost_usd"] = optional_number(cost.usd, 2);
  row[side + "_cost_usd_low"] = optional_number(cost.low_usd, 2);
  row[side + "_cost_usd_high"] = optional_number(cost.high_usd, 2);
  row[side + "_usd_per_million_tokens"] = optional_number(cost.usd_per_million_tokens, 4);
}

json band_json(const Band& band) {
  return {{"class", band.class_key},
          {"measured_runs", band.samples},
          {"low_ratio", rounded(band.low_ratio, 4)},
          {"high_ratio", rounded(band.high_ratio, 4)}};
}

}  // namespace

json job_cost_to_json(const JobCostResult& r, std::size_t max_cheapest) {
  json out = {{"kind", job_kind_key(r.model.kind)}, {"per", r.per}, {"tokens", r.tokens}};
  if (!r.ok) {
    out["error"] = r.error;
    return out;
  }
  const bool serve = r.model.kind == JobKind::serve;
  if (serve) {
    out["users"] = r.input.job.users;
    out["hours_up_per_day"] = r.input.job.up_hours_per_day;
  }
  json results = json::array();
  for (const JobOption& o : r.options) {
    json row = {{"id", o.gpu_id},
                {"name", o.gpu_name},
                {"gpus", o.gpus},
                {"hours", rounded(o.hours, 3)},
                {"hours_low", rounded(o.hours_low, 3)},
                {"hours_high", rounded(o.hours_high, 3)},
                {"gpu_hours", rounded(o.gpu_hours, 3)},
                {"tokens_per_s", rounded(o.tokens_per_s, 1)},
                {"tokens_per_s_low", rounded(o.tokens_per_s * o.band.low_ratio, 1)},
                {"tokens_per_s_high", rounded(o.tokens_per_s * o.band.high_ratio, 1)},
                {"band", band_json(o.band)},
                {"needed_gb", rounded(o.needed_gb, 2)},
                {"provider", o.rate ? json(o.rate->provider) : json(nullptr)}};
    put_cost(row, "own", o.own);
    put_cost(row, "rent", o.rent);
    if (serve) {
      row["replicas"] = o.replicas;
      row["replicas_low"] = o.replicas_low;
      row["replicas_high"] = o.replicas_high;
      row["users_per_replica"] = o.users_per_replica;
      row["tokens_per_s_per_user"] = rounded(o.tokens_per_s_per_user, 1);
      row["busy_pct"] = rounded(o.busy_pct, 1);
      // The headline: the cheaper cost a day.
      const JobCost& head = o.rent.usd && (!o.own.usd || *o.rent.usd <= *o.own.usd) ? o.rent : o.own;
      row["low"] = optional_number(head.low_usd, 2);
      row["high"] = optional_number(head.high_usd, 2);
    } else {
      row["low"] = rounded(o.hours_low, 3);
      row["high"] = rounded(o.hours_high, 3);
      row["days"] = rounded(o.hours / 24, 2);
    }
    if (r.model.kind == JobKind::train) {
      row["mfu"] = rounded(o.mfu, 3);
      row["scaling"] = rounded(o.scaling, 3);
      row["link"] = o.link.empty() ? json(nullptr) : json(o.link);
      row["efficiency_source"] = o.efficiency_source.text();
      row["lacks_bf16_flash_attention"] = o.lacks_bf16_flash;
      row["recomputes_activations"] = o.recompute;
    }
    if (o.own.usd) {
      row["own_usd_per_gpu_hour"] = rounded(*o.own_usd_per_gpu_hour, 4);
      row["price_usd_per_gpu"] = rounded(o.price.usd_per_gpu, 2);
      row["price_kind"] = price_kind_key(o.price.kind);
      row["price_date"] = o.price.date_seen;
      row["price_stale"] = o.price.age.stale;
      row["price_source"] = o.price.source;
    } else {
      row["own_missing"] = o.own_missing;
    }
    if (o.rate) {
      row["provider_kind"] = o.rate->provider_kind;
      row["rate_usd_per_gpu_hour"] = o.rate->usd_per_gpu_hour;
      row["rate_date"] = o.rate->date_seen;
      row["rate_stale"] = o.rate_age.stale;
      row["rate_source"] = o.rate->source;
    } else {
      row["rent_missing"] = o.rent_missing;
    }
    results.push_back(row);
  }
  json cheapest = json::array();
  for (std::size_t i = 0; i < r.cheapest.size() && i < max_cheapest; ++i) {
    const JobWay& w = r.cheapest[i];
    json way = {{"id", w.gpu_id},
                {"gpus", w.gpus},
                {"how", w.own ? "own" : "rent"},
                {"provider", w.own ? json(nullptr) : json(w.provider)},
                {"cost_usd", rounded(w.cost_usd, 2)},
                {"low", rounded(w.cost_low_usd, 2)},
                {"high", rounded(w.cost_high_usd, 2)},
                {"hours", rounded(w.hours, 3)},
                {"usd_per_million_tokens", rounded(w.usd_per_million_tokens, 4)},
                {"stale", w.stale}};
    if (serve) way["replicas"] = w.replicas;
    cheapest.push_back(way);
  }
  out["results"] = results;
  out["cheapest"] = cheapest;
  if (r.counts_too_slow > 0) out["counts_too_slow"] = r.counts_too_slow;
  return out;
}

std::string job_cost_csv(const JobCostResult& r) {
  const bool per_day = r.per == "day";
  const bool serve = r.model.kind == JobKind::serve;
  const CsvRow header = {"id", "name", "gpus", serve ? "replicas" : "days", per_day ? "hours_up_per_day" : "hours",
                         "hours_low", "hours_high", "gpu_hours", "tokens_per_s", "tokens_per_s_low", "tokens_per_s_high",
                         serve ? "users_per_replica" : "mfu", serve ? "busy_pct" : "efficiency_source", "band_class",
                         "needed_gb_per_gpu", per_day ? "own_usd_per_day" : "own_usd", "own_usd_low", "own_usd_high",
                         "own_usd_per_million_tokens", "price_usd_per_gpu", "price_kind", "price_date",
                         per_day ? "rent_usd_per_day" : "rent_usd", "rent_usd_low", "rent_usd_high",
                         "rent_usd_per_million_tokens", "provider", "rate_usd_per_gpu_hour", "rate_date", "rate_source",
                         "missing"};
  auto figure = [](const std::optional<double>& v, int decimals) { return v ? format_fixed(*v, decimals) : ""; };
  std::vector<CsvRow> rows;
  for (const JobOption& o : r.options) {
    std::string missing = o.own_missing;
    if (!o.rent_missing.empty()) missing += (missing.empty() ? "" : "; ") + o.rent_missing;
    const bool priced = o.own.usd.has_value();
    rows.push_back({o.gpu_id, o.gpu_name, std::to_string(o.gpus),
                    serve ? std::to_string(o.replicas) : format_fixed(o.hours / 24, 2), format_fixed(o.hours, 3),
                    format_fixed(o.hours_low, 3), format_fixed(o.hours_high, 3), format_fixed(o.gpu_hours, 3),
                    format_fixed(o.tokens_per_s, 1), format_fixed(o.tokens_per_s * o.band.low_ratio, 1),
                    format_fixed(o.tokens_per_s * o.band.high_ratio, 1),
                    serve ? std::to_string(o.users_per_replica) : format_fixed(o.mfu, 3),
                    serve ? format_fixed(o.busy_pct, 1) : o.efficiency_source.text(), o.band.class_key,
                    format_fixed(o.needed_gb, 2), figure(o.own.usd, 2), figure(o.own.low_usd, 2),
                    figure(o.own.high_usd, 2), figure(o.own.usd_per_million_tokens, 4),
                    priced ? format_fixed(o.price.usd_per_gpu, 2) : "", priced ? price_kind_key(o.price.kind) : "",
                    priced ? o.price.date_seen : "", figure(o.rent.usd, 2), figure(o.rent.low_usd, 2),
                    figure(o.rent.high_usd, 2), figure(o.rent.usd_per_million_tokens, 4),
                    o.rate ? o.rate->provider : "", o.rate ? format_fixed(o.rate->usd_per_gpu_hour, 4) : "",
                    o.rate ? o.rate->date_seen : "", o.rate ? o.rate->source : "", missing});
  }
  return to_csv(header, rows);
}

}  // namespace gpuwise
