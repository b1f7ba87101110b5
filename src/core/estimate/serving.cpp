#include "estimate/serving.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "catalog/data_file.h"
#include "estimate/fit_support.h"
#include "text/json_util.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

// A class without public serving runs: a band of our own choosing, wide.
constexpr double kNotMeasuredLow = 0.5, kNotMeasuredHigh = 1.5;

// The largest n in [1, hi] for which ok(n) holds, given ok holds up to some n and not
// after; 0 when ok(1) does not hold.
template <typename Ok>
int largest(int hi, Ok ok) {
  if (hi < 1 || !ok(1)) return 0;
  int lo = 1;  // ok(lo) holds
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (ok(mid)) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}


}  // namespace

// [SECTION] Capacity
ServeCapacity serve_capacity(const Gpu& gpu, const SpeedInput& one_request, const SpeedCalibration& cal,
                             int max_batch, double min_tokens_per_request, double prompt_per_generated) {
  ServeCapacity out;
  // estimate_speed() at each batch the searches try, with what the batch does not change
  // worked out once (the serve goal's plan took 25 ms natively when every try was a whole estimate).
  SpeedInput in = one_request;
  in.concurrent = 1;
  const MachineEstimator machine({{&gpu, std::max(1, in.gpu_count)}}, in, cal);
  // The class's measured factor (fit_serving_bands): the engine's real speed at a batch.
  const auto factor_it = cal.serve.factors.find(serve_class_key(gpu, one_request.quant));
  const double factor = factor_it == cal.serve.factors.end() ? 1 : factor_it->second;
  auto at = [&](int concurrent) {
    MachineFigures f = machine.figures_at(concurrent);
    f.decode_tokens_per_s *= factor;
    f.decode_total_tokens_per_s *= factor;
    f.prefill_tokens_per_s *= factor;
    return f;
  };
  const MachineFigures one = at(1);
  out.needed_gb = one.needed_gb;
  out.usable_gb = one.usable_gb;
  out.fits = one.fits;
  out.prefill_tokens_per_s = one.prefill_tokens_per_s;
  if (!one.fits || !(one.decode_tokens_per_s > 0) || !(one.prefill_tokens_per_s > 0)) return out;
  const double prompt_share = std::isfinite(prompt_per_generated) && prompt_per_generated > 0 ? prompt_per_generated : 0;
  // The share of the time left for decoding once the prompts of the generated tokens are in.
  auto decoding_share = [&](const MachineFigures& e) {
    return 1 / (1 + prompt_share * e.decode_total_tokens_per_s / one.prefill_tokens_per_s);
  };
  auto per_request = [&](const MachineFigures& e) { return e.decode_tokens_per_s * decoding_share(e); };
  // The memory bounds the batch (the KV cache of each request at the context) ...
  out.max_concurrent = largest(std::max(1, max_batch), [&](int c) { return at(c).fits; });
  // ... and so does the floor each request's speed must keep.
  if (per_request(one) < min_tokens_per_request) {
    out.too_slow = true;
    out.concurrent = 1;
  } else {
    out.concurrent = largest(out.max_concurrent, [&](int c) { return per_request(at(c)) >= min_tokens_per_request; });
  }
  const MachineFigures batch = at(std::max(1, out.concurrent));
  out.tokens_per_s = batch.decode_total_tokens_per_s * decoding_share(batch);
  out.tokens_per_s_per_request = per_request(batch);
  return out;
}

// [SECTION] Band
std::string serve_class_key(const Gpu& gpu, const std::string& quant) {
  const Quantisation* q = find_quantisation(quant);
  return std::string(q && q->llama_cpp ? "llamacpp/" : "vllm/") + gpu.vendor + "/serve";
}

Band serve_band(const Gpu& gpu, const std::string& quant, const SpeedCalibration& cal) {
  const std::string key = serve_class_key(gpu, quant);
  auto it = cal.serve.bands.find(key);
  if (it != cal.serve.bands.end()) return it->second;
  Band band;
  band.class_key = key;
  band.low_ratio = kNotMeasuredLow;
  band.high_ratio = kNotMeasuredHigh;
  return band;
}

// [SECTION] Checking
std::vector<ServeCheckRow> check_serving_rows(const Catalog& catalog, const Benchmarks& benchmarks,
                                              const SpeedCalibration& cal) {
  std::vector<ServeCheckRow> out;
  for (const MeasuredResult& r : benchmarks.results) {
    if (r.phase != "serve" || r.outlier || r.unit != "tokens_per_s" || !r.context || !r.batch) continue;
    const int index = catalog.find(r.gpu_id);
    const auto model = speed_model_from_preset(r.model);
    if (index < 0 || !model || !find_quantisation(r.precision)) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    SpeedInput in;
    in.model = *model;
    in.quant = r.precision;
    in.context = std::min(*r.context, model->max_context > 0 ? model->max_context : *r.context);
    in.prompt_tokens = r.prompt_tokens ? std::min(*r.prompt_tokens, in.context) : 0;
    in.gpu_count = r.gpus;
    if (speed_input_problem(in)) continue;
    const double prompt_per_generated =
        r.prompt_tokens && r.generated_tokens ? static_cast<double>(*r.prompt_tokens) / *r.generated_tokens : 0;
    // Offline runs fill the engine to its batch limit or the memory's, whichever is lower.
    const ServeCapacity capacity = serve_capacity(gpu, in, cal, *r.batch, 0, prompt_per_generated);
    if (!capacity.fits || !(capacity.tokens_per_s > 0)) continue;
    ServeCheckRow row;
    row.row = &r;
    row.class_key = serve_class_key(gpu, r.precision);  // the estimate's class, whose band and factor it uses
    row.batch = capacity.concurrent;
    row.predicted = capacity.tokens_per_s;
    out.push_back(row);
  }
  return out;
}

void append_serving_checks(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& cal,
                           std::vector<SpeedCheck>& out) {
  const std::vector<ServeCheckRow> rows = check_serving_rows(catalog, benchmarks, cal);
  if (rows.empty()) return;
  std::map<std::string, std::vector<SpeedCheckPoint>> by_check;
  for (const ServeCheckRow& r : rows) {
    const SpeedCheckPoint point{r.row->gpu_id, r.row->model + " " + r.row->precision, r.predicted, r.row->value};
    by_check["serving"].push_back(point);
    by_check["serving " + r.class_key].push_back(point);
  }
  for (const auto& [name, points] : by_check) out.push_back(summarise(name, "serve", "not fitted", points));
}

void fit_serving_bands(const Catalog& catalog, const Benchmarks& benchmarks, SpeedCalibration& cal) {
  cal.serve.bands.clear();
  cal.serve.factors.clear();
  std::map<std::string, std::vector<double>> ratios;
  for (const ServeCheckRow& r : check_serving_rows(catalog, benchmarks, cal)) {
    ratios[r.class_key].push_back(r.row->value / r.predicted);
  }
  for (auto& [key, values] : ratios) {
    const double factor = median(values);
    if (!(factor > 0) || !std::isfinite(factor)) continue;
    cal.serve.factors[key] = factor;
    for (double& v : values) v /= factor;
  }
  for (const auto& [key, values] : ratios) {
    cal.serve.bands[key] = band_of_ratios(values, key);
  }
}

json serving_calibration_to_json(const ServingCalibration& cal) {
  json bands = json::object();
  for (const auto& [key, band] : cal.bands) {
    bands[key] = {{"low", std::floor(band.low_ratio * 10000 + 1e-6) / 10000}, {"high", std::ceil(band.high_ratio * 10000 - 1e-6) / 10000}, {"samples", band.samples}};
  }
  json factors = json::object();
  for (const auto& [key, value] : cal.factors) factors[key] = std::round(value * 1e6) / 1e6;
  return json{{"bands", bands}, {"factors", factors}};
}

void load_serving_calibration(const json& root, ServingCalibration& cal, std::vector<CatalogIssue>& issues) {
  auto error = [&](const std::string& field, const std::string& message) {
    issues.push_back({CatalogIssue::Severity::error, "", "serving." + field, message});
  };
  if (!root.is_object() || !root.contains("bands") || !root["bands"].is_object()) {
    error("bands", "must be an object of class -> {\"low\", \"high\", \"samples\"}");
    return;
  }
  if (root.contains("factors") && root["factors"].is_object()) {
    for (const auto& item : root["factors"].items()) {
      const json& v = item.value();
      if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= 0.05 && v.get<double>() <= 20) {
        cal.factors[item.key()] = v.get<double>();
      } else {
        error("factors." + item.key(), "must be a number from 0.05 to 20 (got " + describe_json(v) + ")");
      }
    }
  } else if (root.contains("factors")) {
    error("factors", "must be an object of class -> factor");
  }
  for (const auto& item : root["bands"].items()) {
    const json& b = item.value();
    auto number = [&](const char* name, double max) -> std::optional<double> {
      if (b.is_object() && b.contains(name) && b[name].is_number() && std::isfinite(b[name].get<double>()) &&
          b[name].get<double>() >= 0 && b[name].get<double>() <= max) {
        return b[name].get<double>();
      }
      error("bands." + item.key() + "." + name, "must be a number from 0 to " + std::to_string(static_cast<int>(max)));
      return std::nullopt;
    };
    const auto low = number("low", 1), high = number("high", 100);
    if (!low || !high || *high < 1) continue;
    Band band;
    band.class_key = item.key();
    band.low_ratio = *low;
    band.high_ratio = *high;
    if (b.contains("samples") && b["samples"].is_number_integer() && std::fabs(b["samples"].get<double>()) < 1e9) {
      band.samples = std::max(0, b["samples"].get<int>());
    }
    cal.bands[item.key()] = band;
  }
}

}  // namespace gpuwise
