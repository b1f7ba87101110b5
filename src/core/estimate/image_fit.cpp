// Image generation's calibration and check: the factors fitted on the measured runs in
// benchmarks.json (phase "image"), the held-out bands, and predicted against measured in
// sample and leave-one-card-out. docs/images.md gives the figures this prints.
#include <algorithm>
#include <cmath>
#include <set>

#include "catalog/data_file.h"
#include "estimate/fit_support.h"
#include "estimate/image.h"
#include "estimate/speed.h"  // spearman()
#include "text/json_util.h"

namespace gpuwise {
namespace {

// PyTorch 2.0's release: runs before it used attention without SDPA, two to three times
// slower than the stack the estimate describes.
constexpr const char* kPyTorch2Date = "2023-03-15";
// A vendor with fewer held-out runs than this gets the wide band below.
constexpr int kMinBandRuns = 5;
constexpr int kMinVendorRuns = 5;  // runs a vendor needs for an efficiency of its own
constexpr double kWideLow = 0.5, kWideHigh = 2.0;

bool is_16bit(const std::string& precision) { return precision == "fp16" || precision == "bf16"; }

ImageView row_view(const MeasuredResult& r) {
  ImageView v;
  v.model = r.model;
  v.precision = is_16bit(r.precision) ? "fp16" : r.precision;
  v.width = r.width.value_or(0);
  v.height = r.height.value_or(0);
  v.steps = r.steps.value_or(1);
  v.software = r.image_software;
  return v;
}

// The factors the fit moves, in a fixed order (a deterministic fit).
std::vector<double*> fitted_factors(ImageCalibration& c, const std::set<int>& families, const std::set<int>& precisions) {
  std::vector<double*> out = {&c.efficiency, &c.vae_tflop_per_mp};
  for (auto& [vendor, share] : c.vendor_efficiency) out.push_back(&share);
  for (auto& [vendor, share] : c.vendor_vae_efficiency) out.push_back(&share);
  for (int f : families) {
    if (f != 2) out.push_back(&c.work_tflop[f]);  // FLUX.1's work comes from its shape
    out.push_back(&c.vector_tflop[f]);
    out.push_back(&c.overhead_s[f]);
  }
  for (int p : precisions) {
    if (image_precisions()[static_cast<std::size_t>(p)].weight_share < 1) out.push_back(&c.slowdown[p]);
  }
  return out;
}

ImageCalibration starting_point() {
  ImageCalibration c;
  c.work_tflop[0] = 1.4;
  c.work_tflop[1] = 6.0;
  for (int f = 0; f < kImageFamilies; ++f) {
    c.vector_tflop[f] = 0.1;
    c.overhead_s[f] = f == 0 ? 0.01 : 0.02;
  }
  c.efficiency = 0.5;
  c.vae_tflop_per_mp = 1.0;
  for (std::size_t p = 1; p < image_precisions().size(); ++p) c.slowdown[p] = 1.2;
  return c;
}

// A measured run with what its prediction needs computed once.
struct Row {
  const MeasuredResult* result;
  const Gpu* gpu;
  ImageView view;
  ImageSpeedTerms terms;
  bool per_image;  // seconds an image, else steps a second
};

// The runs of one software (image_software_keys()): the model is fitted on the PyTorch
// pipelines' runs alone, and the SD WebUI family's are measured against it.
std::vector<Row> check_rows(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_gpu,
                            const std::string& software = "pytorch") {
  std::vector<Row> rows;
  const ImageCalibration any = starting_point();
  for (const MeasuredResult& r : benchmarks.results) {
    if (!is_image_check_row(r) || r.gpu_id == exclude_gpu) continue;
    const int index = catalog.find(r.gpu_id);
    if (index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    const ImageView view = row_view(r);
    if (view.software != software) continue;
    // A run the model says cannot fit the card spilled weights into system RAM: not comparable.
    ImageView as_pytorch = view;
    as_pytorch.software = "pytorch";
    const ImageEstimate e = estimate_image(gpu, as_pytorch, any);
    if (!e.fits || !e.has_figures) continue;
    rows.push_back({&r, &gpu, view, image_speed_terms(gpu, view), r.unit == "seconds_per_image"});
  }
  return rows;
}

double predicted(const Row& row, const ImageCalibration& c) {
  const double step = image_step_seconds(row.terms, c);
  if (!row.per_image) return step > 0 ? 1 / step : 0;
  return row.terms.steps * step + image_vae_seconds(row.terms, c);
}

// Measured speed over predicted speed (for seconds an image, the inverse): a band's ratio.
double speed_ratio(const Row& row, double prediction) {
  return row.per_image ? prediction / row.result->value : row.result->value / prediction;
}

double loss(const std::vector<Row>& rows, const ImageCalibration& c) {
  double sum = 0;
  for (const Row& row : rows) {
    const double p = predicted(row, c);
    if (!(p > 0) || !std::isfinite(p)) return 1e300;
    const double l = std::log(p / row.result->value);
    sum += l * l;
  }
  return rows.empty() ? 0 : sum / static_cast<double>(rows.size());
}

// Coordinate descent in log space: each factor in turn, a step up or down while it helps,
// halving the step when neither does; sweeps until a whole sweep changes nothing.
ImageCalibration fit_factors(const std::vector<Row>& rows) {
  ImageCalibration c = starting_point();
  std::set<int> families, precisions;
  std::map<std::string, int> vendor_runs;
  for (const Row& row : rows) {
    families.insert(row.terms.family);
    precisions.insert(row.terms.precision);
    ++vendor_runs[row.gpu->vendor];
  }
  // The vendor with the most runs sets `efficiency`; another with enough runs of its own gets
  // its multiplier (a vendor with fewer runs would only fit its few cards' noise).
  std::string most;
  for (const auto& [vendor, runs] : vendor_runs) {
    if (most.empty() || runs > vendor_runs[most]) most = vendor;
  }
  for (const auto& [vendor, runs] : vendor_runs) {
    if (vendor != most && runs >= kMinVendorRuns) c.vendor_efficiency[vendor] = c.vendor_vae_efficiency[vendor] = 1.0;
  }
  const std::vector<double*> factors = fitted_factors(c, families, precisions);
  double best = loss(rows, c);
  for (int sweep = 0; sweep < 60; ++sweep) {
    bool improved = false;
    for (double* value : factors) {
      for (double step = 1.0; step > 1e-3;) {
        bool moved = false;
        for (double sign : {1.0, -1.0}) {
          const double old = *value;
          *value = std::clamp(old * std::exp(sign * step), 1e-6, 1e4);
          const double l = loss(rows, c);
          if (l < best - 1e-12) {
            best = l;
            moved = improved = true;
            break;
          }
          *value = old;
        }
        if (!moved) step /= 2;
      }
    }
    if (!improved) break;
  }
  c.samples = static_cast<int>(rows.size());
  return c;
}

struct HeldOut {
  const Row* row;
  double prediction;
};

std::vector<HeldOut> leave_one_card_out(const std::vector<Row>& rows) {
  std::vector<HeldOut> out;
  std::set<std::string> cards;
  for (const Row& row : rows) cards.insert(row.gpu->id);
  for (const std::string& card : cards) {
    std::vector<Row> train;
    for (const Row& row : rows) {
      if (row.gpu->id != card) train.push_back(row);
    }
    const ImageCalibration c = fit_factors(train);
    for (const Row& row : rows) {
      if (row.gpu->id == card) out.push_back({&row, predicted(row, c)});
    }
  }
  return out;
}

}  // namespace

ImageView image_view_of(const MeasuredResult& row) { return row_view(row); }

bool is_image_check_row(const MeasuredResult& r) {
  if (r.phase != "image" || r.outlier || r.optimised || r.batch.value_or(1) != 1) return false;
  if (!find_image_model(r.model) || !(is_16bit(r.precision) || find_image_precision(r.precision))) return false;
  if (!r.width || !r.height || r.date < kPyTorch2Date) return false;
  if (r.unit == "seconds_per_image") return r.steps.has_value();
  return r.unit == "iterations_per_s";
}

// The SD WebUI family's runs against the figure the page shows for the PyTorch pipelines on
// the same card (its own measured factor where it has one): their median is the share, their
// spread around it the band (all of it under kSmallClassRuns runs, else the 10th to 90th
// percentile), and each card's own runs its "|webui" factor.
void fit_webui(const std::vector<Row>& rows, ImageCalibration& c) {
  std::vector<double> shares;
  std::map<std::string, std::vector<double>> own;
  for (const Row& row : rows) {
    const double p = predicted(row, c);
    if (!(p > 0) || !std::isfinite(p)) continue;
    const std::string key = image_measured_key(row.gpu->id, row.view.model, row.view.precision);
    const auto pytorch = c.measured_factors.find(key);
    const double shown = pytorch != c.measured_factors.end() ? pytorch->second : 1;
    const double ratio = speed_ratio(row, p);
    shares.push_back(ratio / shown);
    own[key + "|webui"].push_back(ratio);
    if (std::find(c.webui_models.begin(), c.webui_models.end(), row.view.model) == c.webui_models.end()) {
      c.webui_models.push_back(row.view.model);
    }
  }
  if (shares.empty()) return;
  c.webui_share = median(shares);
  for (double& v : shares) v /= c.webui_share;
  c.webui_band = band_of_ratios(shares, "webui");
  std::sort(c.webui_models.begin(), c.webui_models.end());
  for (const auto& [key, list] : own) c.measured_factors[key] = median(list);
}

ImageCalibration fit_image_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_gpu, bool with_bands) {
  const std::vector<Row> rows = check_rows(catalog, benchmarks, exclude_gpu);
  ImageCalibration c = fit_factors(rows);
  if (!with_bands) return c;
  std::map<std::string, std::vector<double>> ratios;
  for (const HeldOut& h : leave_one_card_out(rows)) {
    if (h.prediction > 0) ratios[h.row->gpu->vendor].push_back(speed_ratio(*h.row, h.prediction));
  }
  std::vector<double> all;
  for (const auto& [vendor, list] : ratios) {
    all.insert(all.end(), list.begin(), list.end());
    Band band{kWideLow, kWideHigh, "", static_cast<int>(list.size())};
    if (static_cast<int>(list.size()) >= kMinBandRuns) {
      band.low_ratio = std::min(1.0, percentile(list, 0.1));
      band.high_ratio = std::max(1.0, percentile(list, 0.9));
    }
    c.bands[vendor] = band;
  }
  // A vendor without measured runs: the wide band, "not measured".
  c.bands["default"] = Band{kWideLow, kWideHigh, "", 0};
  // Measured first: each card's runs of a model and precision against the fitted model.
  std::map<std::string, std::vector<double>> own;
  for (const Row& row : rows) {
    const double p = predicted(row, c);
    if (p > 0 && std::isfinite(p)) {
      own[image_measured_key(row.gpu->id, row.view.model, row.view.precision)].push_back(speed_ratio(row, p));
    }
  }
  for (const auto& [key, list] : own) c.measured_factors[key] = median(list);
  fit_webui(check_rows(catalog, benchmarks, exclude_gpu, "webui"), c);
  return c;
}

// [SECTION] The calibration file

json image_calibration_to_json(const ImageCalibration& c) {
  auto rounded = [](double v) { return std::round(v * 1e6) / 1e6; };
  json work = json::object(), vector = json::object(), overhead = json::object(), slowdown = json::object();
  for (int f = 0; f < kImageFamilies; ++f) {
    if (f != 2) work[image_family_key(f)] = rounded(c.work_tflop[f]);
    vector[image_family_key(f)] = rounded(c.vector_tflop[f]);
    overhead[image_family_key(f)] = rounded(c.overhead_s[f]);
  }
  for (std::size_t p = 1; p < image_precisions().size(); ++p) slowdown[image_precisions()[p].id] = rounded(c.slowdown[p]);
  json bands = json::object();
  for (const auto& [vendor, b] : c.bands) {
    bands[vendor] = {{"low", rounded(b.low_ratio)}, {"high", rounded(b.high_ratio)}, {"samples", b.samples}};
  }
  json measured = json::object();
  for (const auto& [key, factor] : c.measured_factors) measured[key] = rounded(factor);
  json vendors = json::object(), vendors_vae = json::object();
  for (const auto& [vendor, share] : c.vendor_efficiency) vendors[vendor] = rounded(share);
  for (const auto& [vendor, share] : c.vendor_vae_efficiency) vendors_vae[vendor] = rounded(share);
  return json{{"schema_version", 1},       {"efficiency", rounded(c.efficiency)},
              {"vendor_efficiency", vendors}, {"vendor_vae_efficiency", vendors_vae},
              {"vae_tflop_per_mp", rounded(c.vae_tflop_per_mp)}, {"work_tflop", work},
              {"vector_tflop", vector},    {"overhead_s", overhead},
              {"precision_slowdown", slowdown}, {"bands", bands},
              {"samples", c.samples}, {"measured_factors", measured},
              {"webui", {{"share", rounded(c.webui_share)}, {"low", rounded(c.webui_band.low_ratio)},
                         {"high", rounded(c.webui_band.high_ratio)}, {"samples", c.webui_band.samples},
                         {"models", c.webui_models}}}};
}

ImageCalibration load_image_calibration(std::string_view text, std::vector<CatalogIssue>& issues) {
  ImageCalibration c;
  json root;
  int version = 0;
  if (!open_data_file(text, "image_calibration.json", "{\"schema_version\": 1, \"efficiency\": ..., ...}", issues,
                      version, root)) {
    return c;
  }
  auto error = [&](const std::string& field, const std::string& message) {
    issues.push_back({CatalogIssue::Severity::error, "", field, message});
  };
  // Every factor is required and positive: a missing one would make estimates meaningless.
  auto number = [&](const json* v, const std::string& field, double max) -> double {
    if (!v || !v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() <= 0 || v->get<double>() > max) {
      error(field, "must be a number > 0 and at most " + format_number(max, 0) +
                       (v ? " (got " + describe_json(*v) + ")" : " (missing)"));
      return 0;
    }
    return v->get<double>();
  };
  auto member = [](const json& object, const char* key) -> const json* {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
  };
  // A count of runs: a whole number from 0 below 1e6, else absent (0).
  auto runs_count = [](const json* v) {
    return v && v->is_number_integer() && v->get<double>() >= 0 && v->get<double>() < 1e6 ? v->get<int>() : 0;
  };
  c.efficiency = number(member(root, "efficiency"), "efficiency", 100);
  c.vae_tflop_per_mp = number(member(root, "vae_tflop_per_mp"), "vae_tflop_per_mp", 1e4);
  // Optional (older files have none): vendor -> multiplier of `efficiency`, for the steps
  // and for the VAE decode.
  const std::pair<const char*, std::map<std::string, double, std::less<>>*> vendor_tables[] = {
      {"vendor_efficiency", &c.vendor_efficiency}, {"vendor_vae_efficiency", &c.vendor_vae_efficiency}};
  for (const auto& [table, shares] : vendor_tables) {
    const json* vendors = member(root, table);
    if (!vendors) continue;
    if (!vendors->is_object()) {
      error(table, std::string("must be an object of vendor -> a number > 0 (got ") + describe_json(*vendors) + ")");
      continue;
    }
    for (const auto& item : vendors->items()) {
      const double share = number(&item.value(), std::string(table) + "." + item.key(), 100);
      if (share > 0) (*shares)[item.key()] = share;
    }
  }
  const std::pair<const char*, double*> tables[] = {
      {"work_tflop", c.work_tflop}, {"vector_tflop", c.vector_tflop}, {"overhead_s", c.overhead_s}};
  for (const auto& [table, values] : tables) {
    const json* t = member(root, table);
    for (int f = 0; f < kImageFamilies; ++f) {
      if (f == 2 && values == c.work_tflop) continue;  // FLUX.1's work comes from its shape
      values[f] = number(t ? member(*t, image_family_key(f)) : nullptr, std::string(table) + "." + image_family_key(f), 1e4);
    }
  }
  const json* slowdown = member(root, "precision_slowdown");
  for (std::size_t p = 1; p < image_precisions().size(); ++p) {
    const char* id = image_precisions()[p].id;
    c.slowdown[p] = number(slowdown ? member(*slowdown, id) : nullptr, std::string("precision_slowdown.") + id, 100);
  }
  const json* bands = member(root, "bands");
  if (!bands || !bands->is_object() || !bands->contains("default")) {
    error("bands", "must be an object of vendor -> {low, high, samples}, with a \"default\"");
  } else {
    for (const auto& item : bands->items()) {
      const json& b = item.value();
      const std::string field = "bands." + item.key();
      Band band;
      band.low_ratio = number(member(b, "low"), field + ".low", 1);
      band.high_ratio = number(member(b, "high"), field + ".high", 100);
      band.samples = runs_count(member(b, "samples"));
      if (band.high_ratio < 1) error(field + ".high", "must be at least 1");
      // A band that failed its check is reported, not used: a low of 0 or a high below 1
      // would print "5 s (0 to 4)"; the vendor falls back to "default" (or no band).
      if (band.low_ratio > 0 && band.high_ratio >= 1) c.bands[item.key()] = band;
    }
  }
  c.samples = runs_count(member(root, "samples"));
  if (const json* measured = member(root, "measured_factors")) {
    if (!measured->is_object()) {
      error("measured_factors", "must be an object of \"card|model|precision\" -> factor");
    } else {
      for (const auto& item : measured->items()) {
        const double factor = number(&item.value(), "measured_factors." + item.key(), 20);
        if (factor >= 0.05) c.measured_factors[item.key()] = factor;
      }
    }
  }
  if (const json* webui = member(root, "webui")) {
    const double share = number(member(*webui, "share"), "webui.share", 10);
    const double low = number(member(*webui, "low"), "webui.low", 1);
    const double high = number(member(*webui, "high"), "webui.high", 100);
    if (const json* models = member(*webui, "models"); models && models->is_array()) {
      for (const json& m : *models) {
        if (m.is_string() && find_image_model(m.get<std::string>())) c.webui_models.push_back(m.get<std::string>());
      }
    }
    // A share without a usable band is refused (the WebUI figure is then "—"), not shown bare.
    if (share > 0 && low > 0 && high >= 1) {
      c.webui_share = share;
      c.webui_band = Band{low, high, "webui", runs_count(member(*webui, "samples"))};
    } else if (share > 0) {
      error("webui", "needs a low above 0 and a high of at least 1");
    }
  }
  return c;
}

// [SECTION] Checking

std::vector<ImageCheck> check_image(const Catalog& catalog, const Benchmarks& benchmarks) {
  const std::vector<Row> rows = check_rows(catalog, benchmarks, "");
  const ImageCalibration all = fit_factors(rows);
  std::vector<HeldOut> in_sample;
  for (const Row& row : rows) in_sample.push_back({&row, predicted(row, all)});
  const std::vector<HeldOut> held = leave_one_card_out(rows);
  std::vector<ImageCheck> out;
  for (const auto& [name, pairs] : {std::pair<const char*, std::vector<HeldOut>>{"in-sample", in_sample},
                                    {"leave-one-card-out", held}}) {
    ImageCheck check;
    check.held_out = name;
    check.n = static_cast<int>(pairs.size());
    std::vector<double> errors;
    // Spearman across cards within a workload: model, precision, size, unit (and steps for
    // seconds an image), each card's runs averaged (geometric mean) over the sources.
    std::map<std::string, std::map<std::string, std::pair<double, double>>> groups;  // group -> card -> log sums
    std::map<std::string, std::map<std::string, int>> counts;
    for (const HeldOut& h : pairs) {
      const MeasuredResult& r = *h.row->result;
      errors.push_back(std::fabs(h.prediction / r.value - 1) * 100);
      const bool per_image = r.unit == "seconds_per_image";
      const std::string group = r.model + " " + h.row->view.precision + " " + std::to_string(*r.width) + "x" +
                                std::to_string(*r.height) + " " + r.unit +
                                (per_image ? " " + std::to_string(*r.steps) + " steps" : "");
      // Faster is higher in both units: seconds an image enter negated.
      auto& sums = groups[group][r.gpu_id];
      sums.first += (per_image ? -1 : 1) * std::log(r.value);
      sums.second += (per_image ? -1 : 1) * std::log(h.prediction);
      ++counts[group][r.gpu_id];
      check.points.push_back({r.gpu_id, group, h.prediction, r.value});
    }
    std::vector<double> rhos;
    for (const auto& [group, cards] : groups) {
      if (cards.size() < 3) continue;
      std::vector<double> measured, predicted_values;
      for (const auto& [card, sums] : cards) {
        measured.push_back(sums.first / counts[group][card]);
        predicted_values.push_back(sums.second / counts[group][card]);
      }
      const double rho = spearman(predicted_values, measured);
      check.group_spearman[group] = rho;
      rhos.push_back(rho);
    }
    check.groups = static_cast<int>(rhos.size());
    if (!rhos.empty()) {
      std::sort(rhos.begin(), rhos.end());
      check.spearman = rhos.size() % 2 ? rhos[rhos.size() / 2] : (rhos[rhos.size() / 2 - 1] + rhos[rhos.size() / 2]) / 2;
      check.spearman_min = rhos.front();
    }
    if (!errors.empty()) {
      std::sort(errors.begin(), errors.end());
      check.median_abs_error_pct = errors.size() % 2 ? errors[errors.size() / 2]
                                                     : (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]) / 2;
    }
    out.push_back(std::move(check));
  }
  return out;
}

json image_checks_to_json(const std::vector<ImageCheck>& checks) {
  json out = json::array();
  for (const ImageCheck& c : checks) {
    json groups = json::object();
    for (const auto& [g, rho] : c.group_spearman) groups[g] = std::round(rho * 1000) / 1000;
    out.push_back({{"held_out", c.held_out},
                   {"n", c.n},
                   {"groups", c.groups},
                   {"spearman", std::round(c.spearman * 1000) / 1000},
                   {"spearman_min", std::round(c.spearman_min * 1000) / 1000},
                   {"median_abs_error_pct", std::round(c.median_abs_error_pct * 10) / 10},
                   {"group_spearman", groups}});
  }
  return out;
}

}  // namespace gpuwise
