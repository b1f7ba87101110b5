// gpuwise ask --json and window.gpuwise.ask: the answers as data (ask.h has the shape).
#include <nlohmann/json.hpp>

#include "ask/ask.h"

namespace gpuwise {
namespace {

json nullable(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }

json answer_json(const AskAnswer& a) {
  json gpus = json::array();
  for (const AskGpu& g : a.gpus) gpus.push_back({{"id", g.id}, {"name", g.name}, {"count", g.count}, {"condition", g.condition}});
  json caveats = json::array();
  for (const TemplateText& c : a.caveats) caveats.push_back(c.text());
  json out = {{"kind", a.rent ? "rent" : a.way == AskWay::yours ? "yours" : is_owner_way(a.way) ? "own" : "buy"},
              {"way", ask_way_key(a.way)},
              {"gpus", gpus},
              {"currency", "USD"},
              {ask_figure_key(a.figure), a.value},
              {"low", a.low},
              {"high", a.high},
              {"band_measured", a.band_measured},
              {"measured", a.measured.has_value()},
              {"measured_value", nullable(a.measured)},
              {"measured_older_build", a.measured_older_build},
              {"fits", a.fits},
              {"needed_gb", a.needed_gb},
              {"free_gb", a.free_gb},
              {"software", grade_key(a.software)},
              {"caveats", caveats}};
  if (!a.engine.empty()) out["engine"] = a.engine;
  if (!a.quant.empty()) out["quant"] = a.quant;
  if (a.replicas > 0) out["replicas"] = a.replicas;
  if (!a.software_until.empty()) out["software_until"] = a.software_until;
  if (is_owner_way(a.way)) {
    out["outlay"] = nullptr;
    if (a.per_month_usd) out["per_month"] = *a.per_month_usd;
    if (a.rate) out["usd_per_gpu_hour"] = a.rate->usd_per_gpu_hour;
  } else if (a.rent) {
    out["outlay"] = nullptr;
    if (a.per_month_usd) out["per_month"] = *a.per_month_usd;
    if (a.per_job_usd) out["per_job"] = *a.per_job_usd;
    if (a.rate) {
      out["provider"] = a.rate->provider;
      out["usd_per_gpu_hour"] = a.rate->usd_per_gpu_hour;
      out["rate_seen"] = a.rate->date_seen;
      out["rate_source"] = a.rate->source;
    }
  } else {
    out["outlay"] = nullable(a.outlay_usd);
    if (a.sales_tax_pct > 0) {  // the outlay includes it: the budget is compared with the whole
      out["sales_tax_pct"] = a.sales_tax_pct;
      out["outlay_before_tax"] = nullable(a.outlay_before_tax_usd);
    }
    out["cards_usd"] = nullable(a.outlay.cards_usd);
    out["machine"] = a.outlay.machine;
    out["price_seen"] = a.outlay.card_price.date_seen;
    out["price_source"] = a.outlay.card_price.source;
    if (a.own_per_job_usd) out["own_per_job"] = *a.own_per_job_usd;
  }
  return out;
}

}  // namespace

json ask_to_json(const AskResult& result) {
  json answers = json::array();
  for (const AskAnswer& a : result.answers) answers.push_back(answer_json(a));
  json assumptions = json::array();
  for (const TemplateText& t : result.assumptions) assumptions.push_back(t.text());
  json out = {{"goal", result.goal},
              {"model", result.model_name},
              {"answers", answers},
              {"assumptions", assumptions},
              {"left_out_software", result.left_out_software},
              {"candidates", result.candidates}};
  out["problem"] = result.problem ? json(result.problem->text()) : json(nullptr);
  if (result.speed_wanted > 0) out["speed_wanted"] = result.speed_wanted;
  if (result.nearest) {
    out["nearest"] = {
        {"within_budget", result.nearest->within_budget ? answer_json(*result.nearest->within_budget) : json(nullptr)},
        {"meets_speed", result.nearest->meets_speed ? answer_json(*result.nearest->meets_speed) : json(nullptr)}};
  } else {
    out["nearest"] = nullptr;
  }
  out["faster_over_budget"] = result.faster_over_budget ? answer_json(*result.faster_over_budget) : json(nullptr);
  return out;
}

}  // namespace gpuwise
