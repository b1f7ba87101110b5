// The error bands of the speed estimates (band.h): every measured llama.cpp run predicted
// with its card held out, measured / predicted per class (engine x vendor x phase), the
// 10th and 90th percentiles. Stored in data/speed_calibration.json by calibrate_speed().
#include <algorithm>
#include <cmath>

#include "catalog/data_file.h"
#include "estimate/llm_rows.h"
#include "text/json_util.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

// A class needs this many measured runs for a band of its own; fewer say nothing about
// where nine in ten fall.
constexpr int kMinBandSamples = 10;
constexpr int kMinSmallBandSamples = 5;  // fewer: no band of its own (the dense class, or ours)
// An architecture with fewer measured runs than this in a class is "not measured" there: one
// or two runs cannot show that its kernels behave as the class's.
constexpr int kMinFamilyBandRuns = 3;
constexpr double kLowPercentile = 0.10, kHighPercentile = 0.90;

double estimate_of(const LlmRow& row, const SpeedCalibration& cal) {
  const SpeedEstimate e = estimate_speed(*row.gpu, measured_input(row), cal);
  return row.phase == "decode" ? e.decode_tokens_per_s : e.prefill_tokens_per_s;
}

// A band written to the file widens to the next thousandth, so a run on its edge stays inside.
double rounded_down(double value) { return std::floor(value * 1000 + 1e-6) / 1000; }
double rounded_up(double value) { return std::ceil(value * 1000 - 1e-6) / 1000; }

}  // namespace

std::string band_class(Engine engine, const Gpu& gpu, const std::string& phase) {
  return std::string(engine_key(engine)) + "/" + (gpu.vendor.empty() ? "unknown" : gpu.vendor) + "/" + phase;
}

std::string band_phase(const std::string& phase, bool moe) { return moe ? phase + "-moe" : phase; }

Band speed_band(const SpeedCalibration& cal, Engine engine, const Gpu& gpu, const std::string& phase) {
  const std::string key = band_class(engine, gpu, phase);
  if (const std::size_t moe = phase.find("-moe"); moe != std::string::npos) {
    // A mixture of experts: its class's band where the card's architecture has runs in it;
    // else the dense class's, widened to the mixture's spread (another kernel path).
    Band dense = speed_band(cal, engine, gpu, phase.substr(0, moe));
    auto it = cal.bands.find(key);
    if (it == cal.bands.end()) return dense;
    auto families = cal.band_families.find(key);
    if (families != cal.band_families.end() &&
        std::find(families->second.begin(), families->second.end(), efficiency_family(gpu)) != families->second.end()) {
      return it->second;
    }
    Band wide = dense;
    wide.low_ratio = std::min(dense.low_ratio, it->second.low_ratio);
    wide.high_ratio = std::max(dense.high_ratio, it->second.high_ratio);
    return wide;
  }
  auto it = cal.bands.find(key);
  if (it != cal.bands.end()) {
    auto families = cal.band_families.find(key);
    const std::string family = efficiency_family(gpu);
    if (families == cal.band_families.end() ||
        std::find(families->second.begin(), families->second.end(), family) != families->second.end()) {
      return it->second;
    }
    Band wide = it->second;
    wide.low_ratio = std::min(wide.low_ratio, kUnmeasuredBandLow);
    wide.high_ratio = std::max(wide.high_ratio, kUnmeasuredBandHigh);
    wide.samples = 0;
    wide.class_key = key + " (" + family + " not measured)";
    return wide;
  }
  Band band;
  band.low_ratio = kUnmeasuredBandLow;
  band.high_ratio = kUnmeasuredBandHigh;
  band.class_key = key;
  return band;
}

std::vector<LlmPrediction> predict_llm_rows(const Catalog& catalog, const Benchmarks& benchmarks,
                                            const std::string& phase, const SpeedCalibration& all) {
  std::vector<LlmPrediction> out;
  std::map<std::string, SpeedCalibration> without_card;
  for (const LlmRow& row : llm_rows(catalog, benchmarks, phase)) {
    auto it = without_card.find(row.gpu->id);
    if (it == without_card.end()) {
      it = without_card.emplace(row.gpu->id, fit_speed_calibration(catalog, benchmarks, "", row.gpu->id, &all)).first;
    }
    out.push_back({row, estimate_of(row, all), estimate_of(row, it->second)});
  }
  return out;
}

SpeedCalibration calibrate_speed(const Catalog& catalog, const Benchmarks& benchmarks) {
  SpeedCalibration cal = fit_speed_calibration(catalog, benchmarks);
  for (const std::string phase : {"decode", "prefill"}) {
    struct Residual {
      std::string key, family;
      double ratio;
    };
    std::vector<Residual> residuals;
    // The in-sample spread of each class, which the band also covers: a card's own runs
    // scatter around the estimate that rests on them (runs at several depths share one
    // factor), on both sides, even where every held-out miss lies on one.
    std::map<std::string, std::vector<double>> in_sample;
    std::map<std::string, std::map<std::string, int>> family_runs;
    for (const LlmPrediction& p : predict_llm_rows(catalog, benchmarks, phase, cal)) {
      if (!(p.held_out > 0)) continue;
      const std::string key = band_class(Engine::llamacpp, *p.row.gpu, band_phase(phase, p.row.model.mixture_of_experts()));
      residuals.push_back({key, efficiency_family(*p.row.gpu), p.row.row->value / p.held_out});
      if (p.in_sample > 0) in_sample[key].push_back(p.row.row->value / p.in_sample);
      ++family_runs[key][efficiency_family(*p.row.gpu)];
    }
    // An architecture speaks for its class's band with kMinFamilyBandRuns runs or more; the
    // runs of one with fewer (a Tesla P100's kernel gap) stay out of the class's spread.
    std::map<std::string, std::vector<std::string>> families;
    for (const auto& [key, runs] : family_runs) {
      for (const auto& [family, n] : runs) {
        if (n >= kMinFamilyBandRuns) families[key].push_back(family);
      }
    }
    std::map<std::string, std::vector<double>> ratios;
    for (const Residual& r : residuals) {
      if (family_runs[r.key][r.family] >= kMinFamilyBandRuns) ratios[r.key].push_back(r.ratio);
    }
    for (auto& [key, values] : ratios) {
      if (static_cast<int>(values.size()) < kMinSmallBandSamples) continue;
      stable_sort_rows(values);
      Band band;
      // Under kMinBandSamples runs the percentiles would leave runs outside: all of them count.
      const bool small = static_cast<int>(values.size()) < kMinBandSamples;
      std::vector<double>& own = in_sample[key];
      stable_sort_rows(own);
      const double own_low = own.empty() ? 1.0 : percentile(own, kLowPercentile);
      const double own_high = own.empty() ? 1.0 : percentile(own, kHighPercentile);
      band.low_ratio = rounded_down(std::min({1.0, own_low, small ? values.front() : percentile(values, kLowPercentile)}));
      band.high_ratio = rounded_up(std::max({1.0, own_high, small ? values.back() : percentile(values, kHighPercentile)}));
      band.class_key = key;
      band.samples = static_cast<int>(values.size());
      cal.bands[key] = band;
      stable_sort_rows(families[key]);
      cal.band_families[key] = families[key];
    }
  }
  return cal;
}

json bands_to_json(const std::map<std::string, Band>& bands) {
  json out = json::object();
  for (const auto& [key, band] : bands) {
    out[key] = {{"low", rounded_down(band.low_ratio)}, {"high", rounded_up(band.high_ratio)}, {"samples", band.samples}};
  }
  return out;
}

void read_bands(const json& bands, std::map<std::string, Band>& out, std::vector<CatalogIssue>& issues) {
  if (!bands.is_object()) {
    issues.push_back({CatalogIssue::Severity::error, "", "bands", "must be an object of class -> {low, high, samples}"});
    return;
  }
  for (const auto& item : bands.items()) {
    RowReader reader(item.value(), "bands." + item.key(), issues);
    if (!item.value().is_object()) {
      reader.error("", "must be {\"low\": 0.001 to 1, \"high\": 1 to 1000, \"samples\": 1 or more}");
      continue;
    }
    Band band;
    band.low_ratio = reader.number("low", true).value_or(0);
    band.high_ratio = reader.number("high", true).value_or(0);
    const double samples = reader.number("samples", true).value_or(0);
    if (reader.failed()) continue;
    if (!(band.low_ratio >= 1e-3 && band.low_ratio <= 1 && band.high_ratio >= 1 && band.high_ratio <= 1e3 &&
          samples >= 1 && samples <= 1e9)) {
      reader.error("", "must be {\"low\": 0.001 to 1, \"high\": 1 to 1000, \"samples\": 1 or more}");
      continue;
    }
    band.class_key = item.key();
    band.samples = static_cast<int>(samples);
    out[item.key()] = band;
  }
}

}  // namespace gpuwise
