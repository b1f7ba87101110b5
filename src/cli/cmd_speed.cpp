// gpuwise speed: decode / prefill tokens/s of a language model per card, whether it fits,
// and the measured figures beside the estimate (src/core/estimate/speed.h, docs/speed.md).
//   --check      predicted vs measured per set (Spearman, median error, held out)
//   --calibrate  the efficiency factors fitted from data/benchmarks.json (as JSON)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "cli.h"
#include "text/json_util.h"
#include "estimate/speed.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise speed [--gpu ID] (--preset ID | --params-b B [--active-params-b B]) [--quant Q]\n"
    "                     [--context N] [--prompt N] [--concurrent N] [--gpus N] [--unified-memory-gb GB] [--json]\n"
    "       gpuwise speed --check [--json]      estimates vs every measured set\n"
    "       gpuwise speed --calibrate           the fitted efficiency factors as JSON\n"
    "Default: --preset llama-3-8b --quant q4_k_m --context 4096.\n";

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise speed: %s\n%s", message.c_str(), kUsage);
  return 2;
}

bool read_input(const Args& args, SpeedInput& input, std::string& error) {
  if (auto id = args.value("--preset")) {
    auto model = speed_model_from_preset(*id);
    if (!model) {
      error = "unknown preset '" + *id + "'; one of:";
      for (const auto& p : model_presets()) error += std::string(" ") + p.id;
      return false;
    }
    input.model = *model;
  }
  if (auto text = args.value("--params-b")) {
    double params = 0;
    if (!parse_number("--params-b", *text, params, error)) return false;
    std::optional<double> active;
    if (auto a = args.value("--active-params-b")) {
      double value = 0;
      if (!parse_number("--active-params-b", *a, value, error)) return false;
      active = value;
    }
    input.model = speed_model_from_size(params, active);
  } else if (args.value("--active-params-b")) {
    error = "--active-params-b needs --params-b (the total)";
    return false;
  }
  if (auto q = args.value("--quant")) {
    if (!find_quantisation(*q)) {
      error = "unknown quantisation '" + *q + "'; one of:";
      for (const auto& item : quantisations()) error += " " + item.id;
      return false;
    }
    input.quant = find_quantisation(*q)->id;
  }
  struct CountFlag {
    const char* flag;
    int SpeedInput::*field;
  };
  for (const CountFlag& f : {CountFlag{"--context", &SpeedInput::context}, CountFlag{"--prompt", &SpeedInput::prompt_tokens},
                             CountFlag{"--concurrent", &SpeedInput::concurrent}, CountFlag{"--gpus", &SpeedInput::gpus}}) {
    if (auto text = args.value(f.flag)) {
      if (!parse_whole(f.flag, *text, input.*f.field, error)) return false;
    }
  }
  if (auto text = args.value("--unified-memory-gb")) {
    if (!parse_number("--unified-memory-gb", *text, input.unified_memory_gb, error)) return false;
  }
  error = check_speed_input(input);
  return error.empty();
}

// Rounds to `decimals` places without binary noise in the printed JSON (119.8, not 119.80000000000001).
double round_to(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

json estimate_json(const SpeedEstimate& e) {
  return json{{"id", e.gpu_id},
              {"gpus", e.gpus},
              {"fits", e.fits},
              {"needed_gb", round_to(e.needed_gb, 2)},
              {"usable_gb", round_to(e.usable_gb, 2)},
              {"lacks_gb", round_to(e.lacks_gb, 2)},
              {"decode_tokens_per_s", round_to(e.decode_tokens_per_s, 1)},
              {"decode_total_tokens_per_s", round_to(e.decode_total_tokens_per_s, 1)},
              {"prefill_tokens_per_s", round_to(e.prefill_tokens_per_s, 1)},
              {"time_to_first_token_s", round_to(e.time_to_first_token_s, 3)},
              {"efficiency_family", e.family},
              {"family_calibrated", e.family_calibrated}};
}

json measured_json(const Benchmarks& benchmarks, const std::string& gpu_id) {
  json out = json::array();
  for (const MeasuredResult* r : results_for(benchmarks, gpu_id)) {
    if (r->phase != "decode" && r->phase != "prefill") continue;
    json row = {{"set", r->set},     {"model", r->model}, {"precision", r->precision}, {"phase", r->phase},
                {"value", r->value}, {"unit", r->unit},   {"date", r->date},           {"source", r->source}};
    if (r->context) row["context"] = *r->context;
    if (r->outlier) row["outlier"] = true;
    out.push_back(row);
  }
  return out;
}

}  // namespace

int run_speed(const Args& args) {
  const auto unknown = args.unknown({"--json", "--check", "--calibrate"},
                                    {"--gpu", "--preset", "--params-b", "--active-params-b", "--quant", "--context",
                                     "--prompt", "--concurrent", "--gpus", "--unified-memory-gb", "--data-dir"});
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "benchmarks.json"), text)) return 2;
  const Benchmarks benchmarks = load_benchmarks(text, catalog);

  if (args.flag("--calibrate")) {
    std::printf("%s\n", dump_json(speed_calibration_to_json(fit_speed_calibration(catalog, benchmarks)), 2).c_str());
    return 0;
  }
  if (args.flag("--check")) {
    const auto checks = check_speed(catalog, benchmarks);
    if (args.flag("--json")) {
      std::printf("%s\n", dump_json(speed_checks_to_json(checks), 2).c_str());
      return 0;
    }
    std::printf("%-38s %-8s %-19s %4s %6s %8s %8s %8s %9s\n", "set", "phase", "held out", "n", "groups", "spearman",
                "min", "pooled", "med err %");
    for (const auto& c : checks) {
      std::printf("%-38s %-8s %-19s %4d %6d %8.3f %8.3f %8.3f %9.1f\n", c.set.c_str(), c.phase.c_str(),
                  c.held_out.c_str(), c.n, c.groups, c.spearman, c.spearman_min, c.spearman_pooled,
                  c.median_abs_error_pct);
    }
    return 0;
  }

  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "speed_calibration.json"), text)) return 2;
  const SpeedCalibration calibration = load_speed_calibration(text, issues);
  for (const auto& issue : issues) std::fprintf(stderr, "speed_calibration.json: %s\n", issue.to_string().c_str());

  SpeedInput input;
  std::string error;
  if (!read_input(args, input, error)) return fail(error);

  if (auto id = args.value("--gpu")) {
    const int index = catalog.find(*id);
    if (index < 0) return fail("unknown GPU id '" + *id + "'");
    const SpeedEstimate e = estimate_speed(catalog.gpus[static_cast<std::size_t>(index)], input, calibration);
    json out = estimate_json(e);
    out["measured"] = measured_json(benchmarks, e.gpu_id);
    if (args.flag("--json")) {
      std::printf("%s\n", dump_json(out, 2).c_str());
    } else {
      std::printf("%s x%d: %s (needs %.1f GB per GPU, %.1f GB usable%s)\n", e.gpu_id.c_str(), e.gpus,
                  e.fits ? "fits" : "does not fit", e.needed_gb, e.usable_gb,
                  e.fits ? "" : (", lacks " + std::to_string(static_cast<int>(std::ceil(e.lacks_gb))) + " GB").c_str());
      std::printf("decode %.1f tokens/s per request, prefill %.0f tokens/s, first token after %.2f s\n",
                  e.decode_tokens_per_s, e.prefill_tokens_per_s, e.time_to_first_token_s);
    }
    return 0;
  }

  json results = json::array();
  int fitting = 0;
  for (const auto& gpu : catalog.gpus) {
    const SpeedEstimate e = estimate_speed(gpu, input, calibration);
    fitting += e.fits;
    results.push_back(estimate_json(e));
  }
  if (fitting == 0) {
    return fail("the model fits no card at " + std::to_string(input.gpus) +
                " GPU(s); try more --gpus, a smaller --quant or a shorter --context");
  }
  std::stable_sort(results.begin(), results.end(), [](const json& a, const json& b) {
    if (a["fits"] != b["fits"]) return a["fits"].get<bool>();
    return a["decode_tokens_per_s"].get<double>() > b["decode_tokens_per_s"].get<double>();
  });
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(json{{"results", results}}, 2).c_str());
  } else {
    for (const auto& r : results) {
      std::printf("%-26s %-5s decode %8.1f tok/s  prefill %9.0f tok/s\n", r["id"].get<std::string>().c_str(),
                  r["fits"].get<bool>() ? "fits" : "no", r["decode_tokens_per_s"].get<double>(),
                  r["prefill_tokens_per_s"].get<double>());
    }
  }
  return 0;
}

}  // namespace gpuwise::cli
