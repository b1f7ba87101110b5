#include "estimate/consistency.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "estimate/fit_support.h"
#include "estimate/llm_rows.h"
#include "estimate/serving.h"
#include "estimate/train_anchors.h"
#include "estimate/training.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

std::string case_of(const MeasuredResult& r) {
  std::string out = r.model + " " + r.precision;
  if (r.context) out += " ctx " + std::to_string(*r.context);
  if (r.batch) out += " batch " + std::to_string(*r.batch);
  if (r.width && r.height) out += " " + std::to_string(*r.width) + "x" + std::to_string(*r.height);
  if (r.steps) out += " " + std::to_string(*r.steps) + " steps";
  if (r.gpus > 1) out += " x" + std::to_string(r.gpus);
  if (r.gpu_layers) out += " ngl " + std::to_string(*r.gpu_layers);
  return out;
}

// What one row compares, or why it does not.
struct Outcome {
  bool compared = false;
  bool unreadable = false;
  std::string reason;
  std::string unit;
  double measured = 0, estimate = 0;
  Band band;
};

Outcome skip(std::string reason) {
  Outcome o;
  o.reason = std::move(reason);
  return o;
}
Outcome unknown(std::string reason) {
  Outcome o = skip(std::move(reason));
  o.unreadable = true;
  return o;
}
Outcome compared(double measured, double estimate, const Band& band, std::string unit) {
  Outcome o;
  o.compared = estimate > 0 && std::isfinite(estimate);
  if (!o.compared) o.reason = "the estimate has no figure for it";
  o.measured = measured;
  o.estimate = estimate;
  o.band = band;
  o.unit = std::move(unit);
  return o;
}

Outcome llm_inference(const MeasuredResult& r, const Gpu& gpu, const SpeedCalibration& speed) {
  const auto model = speed_model_from_preset(r.model);
  if (!model) return unknown("model '" + r.model + "' is not a preset the speed estimate knows");
  const Quantisation* quant = find_quantisation(r.precision);
  if (!quant) return unknown("precision '" + r.precision + "' is not a quantisation the speed estimate knows");
  if (r.unit != "tokens_per_s") return skip("unit " + r.unit + ": the speed estimate gives tokens/s");
  if (!r.context) return skip("no context given: the estimate needs the tokens cached");
  const LlmRow row{&r, &gpu, *model, quant, r.phase};
  const SpeedEstimate e = estimate_speed(gpu, measured_input(row), speed);
  if (!e.reason.pattern.empty()) return skip("no estimate: " + e.reason.text());
  const bool decode = r.phase == "decode";
  return compared(r.value, decode ? e.decode_tokens_per_s : e.prefill_tokens_per_s, decode ? e.decode_band : e.prefill_band,
                  r.unit);
}

Outcome training(const MeasuredResult& r, const Gpu& gpu, const SpeedCalibration& speed, const Benchmarks& benchmarks) {
  if (const auto input = train_input_of(r)) {
    if (r.unit != "tokens_per_s") return skip("unit " + r.unit + ": the training estimate gives tokens/s");
    const TrainEstimate e = estimate_training(gpu, *input, speed);
    if (!e.missing.pattern.empty()) return skip("no estimate: " + e.missing.text());
    return compared(r.value, e.tokens_per_s_per_gpu, e.band, r.unit);
  }
  if (r.set.rfind("lambda-pytorch-train", 0) == 0) {
    const VisionTrainEstimate e = estimate_vision_training(gpu, r.model, r.precision, speed, &benchmarks);
    if (!(e.per_s > 0)) return skip("no estimate for " + r.model + " " + r.precision + " on this card");
    return compared(r.value, e.per_s, e.band, r.unit);
  }
  if (!find_preset(r.model) && !(r.params_b && r.layers && r.hidden_size)) {
    return unknown("model '" + r.model + "' is neither a preset nor given a shape (params_b, layers, hidden_size)");
  }
  return skip("precision '" + r.precision + "' or context: the training estimate takes bf16 or fp8 with a sequence length");
}

Outcome image(const MeasuredResult& r, const Gpu& gpu, const ImageCalibration& cal) {
  if (!find_image_model(r.model)) return unknown("image model '" + r.model + "' is not one the image estimate knows");
  if (r.optimised) return skip("run with a speed-up the estimate does not model (torch.compile, TensorRT, FP8 matrix math)");
  if (r.batch.value_or(1) != 1) return skip("a batch of " + std::to_string(*r.batch) + ": the estimate is one image at a time");
  if (!r.width || !r.height) return skip("no picture size given");
  if (r.unit == "seconds_per_image" && !r.steps) return skip("seconds an image without the step count");
  const ImageView view = image_view_of(r);
  if (auto problem = check_image_view(view)) return skip("no estimate: " + problem->text());
  const ImageEstimate e = estimate_image(gpu, view, cal);
  if (!e.has_figures) return skip("the card lacks the compute figures the image estimate needs");
  if (!e.fits) return skip("the estimate says it does not fit the card (the run spilled into system RAM)");
  if (r.unit == "iterations_per_s") return compared(r.value, e.iterations_per_s, e.band, r.unit);
  if (r.unit == "seconds_per_image") {
    // Compared as speed (images a second), so that the ratio and band read as the others do.
    if (!(e.seconds_per_image > 0)) return skip("the estimate has no figure for it");
    return compared(1 / r.value, 1 / e.seconds_per_image, e.band, "images_per_s (1 / seconds_per_image)");
  }
  return skip("unit " + r.unit + ": the image estimate gives it/s and seconds an image");
}

Outcome evaluate(const MeasuredResult& r, const Gpu& gpu, const SpeedCalibration& speed, const ImageCalibration& img,
                 const std::map<const MeasuredResult*, ServeCheckRow>& served, const Benchmarks& benchmarks) {
  if (r.outlier) return skip("the source calls the figure suspect (outlier: " + r.notes.substr(0, 80) + ")");
  if (r.phase == "decode" || r.phase == "prefill") return llm_inference(r, gpu, speed);
  if (r.phase == "train") return training(r, gpu, speed, benchmarks);
  if (r.phase == "image") return image(r, gpu, img);
  if (r.phase == "serve") {
    auto it = served.find(&r);
    if (it == served.end()) {
      if (!speed_model_from_preset(r.model)) return unknown("model '" + r.model + "' is not a preset the serving estimate knows");
      return skip("the serving estimate cannot take this run (its precision, or it does not fit the card)");
    }
    return compared(r.value, it->second.predicted, serve_band(gpu, r.precision, speed), r.unit);
  }
  if (r.phase == "inference") {
    return skip("MLPerf Inference: a whole benchmark's samples/s on a vendor-tuned stack; no estimate of the site answers it");
  }
  if (r.phase == "matmul") return skip("a matmul ceiling (TFLOPS): a bound the estimates respect, not a figure they show");
  return skip("phase '" + r.phase + "' has no estimate");
}

ConsistencyClass summarise_class(const std::string& key, const std::vector<const ConsistencyRow*>& rows) {
  ConsistencyClass c;
  c.key = key;
  c.n = static_cast<int>(rows.size());
  std::vector<double> ratios;
  int inside = 0;
  for (const ConsistencyRow* row : rows) {
    ratios.push_back(row->estimate / row->measured);
    inside += row->within_band();
  }
  c.median_ratio = median(ratios);
  c.within_band = rows.empty() ? 0 : static_cast<double>(inside) / static_cast<double>(rows.size());
  return c;
}

}  // namespace

ConsistencyReport check_consistency(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& speed,
                                    const ImageCalibration& img) {
  ConsistencyReport report;
  std::map<const MeasuredResult*, ServeCheckRow> served;
  for (const ServeCheckRow& row : check_serving_rows(catalog, benchmarks, speed)) served[row.row] = row;
  for (const MeasuredResult& r : benchmarks.results) {
    const int index = catalog.find(r.gpu_id);
    if (index < 0) {
      report.unreadable.push_back({r.set, r.gpu_id, case_of(r), "card '" + r.gpu_id + "' is not in gpus.json"});
      continue;
    }
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    const Outcome o = evaluate(r, gpu, speed, img, served, benchmarks);
    if (!o.compared) {
      (o.unreadable ? report.unreadable : report.not_compared).push_back({r.set, r.gpu_id, case_of(r), o.reason});
      continue;
    }
    ConsistencyRow row;
    row.set = r.set;
    row.phase = r.phase;
    row.gpu = r.gpu_id;
    row.case_text = case_of(r);
    row.unit = o.unit;
    row.measured = o.measured;
    row.estimate = o.estimate;
    row.low = o.band.low(o.estimate);
    row.high = o.band.high(o.estimate);
    report.rows.push_back(row);
  }
  std::map<std::string, std::vector<const ConsistencyRow*>> by_class;
  std::vector<const ConsistencyRow*> all;
  for (const ConsistencyRow& row : report.rows) {
    by_class[row.set + "/" + row.phase].push_back(&row);
    all.push_back(&row);
  }
  for (const auto& [key, rows] : by_class) report.classes.push_back(summarise_class(key, rows));
  report.classes.push_back(summarise_class("all", all));
  return report;
}

std::vector<ConsistencyClass> failing_classes(const ConsistencyReport& report) {
  std::vector<ConsistencyClass> out;
  for (const ConsistencyClass& c : report.classes) {
    if (c.n < kCheckedClassRows) continue;
    if (c.median_ratio < kMedianRatioLow || c.median_ratio > kMedianRatioHigh || c.within_band < kMinWithinBand) {
      out.push_back(c);
    }
  }
  return out;
}

json consistency_to_json(const ConsistencyReport& report) {
  auto r3 = [](double v) { return std::round(v * 1000) / 1000; };
  json classes = json::array();
  for (const ConsistencyClass& c : report.classes) {
    classes.push_back({{"class", c.key}, {"n", c.n}, {"median_ratio", r3(c.median_ratio)}, {"within_band", r3(c.within_band)}});
  }
  json rows = json::array();
  for (const ConsistencyRow& r : report.rows) {
    rows.push_back({{"set", r.set}, {"phase", r.phase}, {"gpu", r.gpu}, {"case", r.case_text}, {"unit", r.unit},
                    {"measured", r3(r.measured)}, {"estimate", r3(r.estimate)}, {"low", r3(r.low)}, {"high", r3(r.high)}});
  }
  auto listed = [](const std::vector<NotCompared>& list) {
    json out = json::array();
    for (const NotCompared& n : list) out.push_back({{"set", n.set}, {"gpu", n.gpu}, {"case", n.case_text}, {"reason", n.reason}});
    return out;
  };
  return json{{"classes", classes}, {"rows", rows}, {"not_compared", listed(report.not_compared)},
              {"unreadable", listed(report.unreadable)}};
}

}  // namespace gpuwise
