#include "money/compare_speed.h"

#include <cmath>

#include "estimate/gates.h"
#include "text/format.h"
#include "text/json_util.h"
#include "text/number_text.h"

namespace gpuwise {
namespace {

json rounded_or_null(const std::optional<double>& value, double scale) {
  return value ? json(std::round(*value * scale) / scale) : json(nullptr);
}

}  // namespace

CompareSpeed compare_speed(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& calibration,
                           const PriceBook& book, const std::vector<std::string>& gpu_ids, const SpeedView& view,
                           const BuyerView& buyer, const SoftwareTable* software, const Compat* compat) {
  // A compared card is one card: the Speed tab's machine (speed.cards, speed.n) does not
  // apply, everything else of its view does (model, format, engine, context, requests).
  SpeedView one = view;
  one.cards.clear();
  one.gpu_count = 1;
  CompareSpeed out;
  out.covers = buyer.budget_covers == "cards" ? "cards" : "machine";
  const Quantisation* quant = find_quantisation(one.quant);
  out.quant = quant ? quant->label : one.quant;
  if (one.params_b > 0) {
    out.model_name = shortest_number(one.params_b) + "B";
  } else if (const ModelPreset* preset = find_preset(one.preset)) {
    out.model_name = preset->name;
  }
  out.problem = check_speed_view(one);
  const SpeedInput input = speed_input_from_view(one);
  const std::string workload = quant_workload(one.quant);
  for (const std::string& id : gpu_ids) {
    const int index = catalog.find(id);
    if (index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    CompareSpeedRow row;
    row.gpu_id = gpu.id;
    row.name = gpu.name;
    row.outlay = machine_outlay(catalog, book, gpu, 1, buyer);
    if (out.problem) {
      row.speed_reason = *out.problem;
    } else {
      row.estimate = estimate_speed(gpu, input, calibration);
      row.measured_decode = matching_measurement(benchmarks, gpu.id, one, "decode");
      if (software) {
        WorkloadSupport support = workload_support(*software, compat, gpu, workload);
        if (support.grade == Grade::no) row.software_no = std::move(support);
      }
      const SpeedEstimate& e = row.estimate;
      const Workload* named = find_workload(workload);
      if (row.software_no) {
        const std::string label = named ? named->label : workload;
        row.speed_reason = {I18N("current software cannot run {0} on this card"), {label}, {TemplateText(label)}};
      } else if (!e.fits && e.reason.pattern.empty()) {
        row.speed_reason = {I18N("{0} at {1} does not fit: it lacks {2} GB"),
                            {out.model_name, out.quant, format_number(e.lacks_gb, 1)}};
      } else if (e.decode_total_tokens_per_s > 0) {
        row.decode_tokens_per_s = e.decode_total_tokens_per_s;
      } else {
        row.speed_reason = speed_missing_text(e);
        if (row.speed_reason.pattern.empty()) row.speed_reason = {I18N("no decode figure for this card")};
      }
    }
    const std::optional<double> covered = row.outlay.budget_usd(out.covers);
    if (!row.decode_tokens_per_s) {
      row.value_reason = {I18N("no speed to divide by the price")};
    } else if (!covered) {
      row.value_reason = row.outlay.missing.pattern.empty() ? TemplateText{I18N("no price in the data")} : row.outlay.missing;
    } else {
      row.per_1000_usd = per_thousand(*row.decode_tokens_per_s, covered, 1);
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

json compare_speed_json(const CompareSpeed& compare) {
  json rows = json::array();
  for (const CompareSpeedRow& row : compare.rows) {
    const auto& band = row.estimate.decode_band;
    const std::optional<double> speed = row.decode_tokens_per_s;
    json item = {{"id", row.gpu_id},
                 {"name", row.name},
                 {"decode_tokens_per_s", rounded_or_null(speed, 10)},
                 {"low", speed ? rounded_or_null(band.low(*speed), 10) : json(nullptr)},
                 {"high", speed ? rounded_or_null(band.high(*speed), 10) : json(nullptr)},
                 {"band_measured", band.measured()},
                 {"per_1000_usd", rounded_or_null(row.per_1000_usd, 100)},
                 {"outlay", outlay_to_json(row.outlay)}};
    if (!speed) item["decode_tokens_per_s_reason"] = row.speed_reason.text();
    if (!row.per_1000_usd) item["per_1000_usd_reason"] = row.value_reason.text();
    item["measured_decode"] = nullptr;
    if (row.measured_decode) {
      item["measured_decode"] = {{"tokens_per_s", row.measured_decode->value},
                                 {"date", row.measured_decode->date},
                                 {"source", row.measured_decode->source}};
    }
    if (row.software_no) item["software"] = support_json(*row.software_no);
    rows.push_back(std::move(item));
  }
  return {{"model", compare.model_name},
          {"quant", compare.quant},
          {"covers", compare.covers},
          {"problem", compare.problem ? json(compare.problem->text()) : json(nullptr)},
          {"rows", rows}};
}

}  // namespace gpuwise
