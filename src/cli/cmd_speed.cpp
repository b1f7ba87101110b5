// gpuwise speed: decode / prefill tokens/s of a language model per card, whether it fits,
// and the measured figures beside the estimate (src/core/estimate/speed.h, docs/speed.md).
// The flags are the speed.* fields of the view (the Speed tab's inputs, read like a link)
// and the rows are speed_table()'s, so the CLI prints what the page shows.
//   --check      predicted vs measured per set (Spearman, median error, held out), and the
//                order of every pair of cards measured on one training workload
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
#include "estimate/speed_view.h"
#include "estimate/training.h"
#include "view/cli_values.h"
#include "view/view_fields.h"

namespace gpuwise::cli {
namespace {

// The defaults are SpeedView's (estimate_views.h), the page's too.
std::string usage() {
  const SpeedView defaults;
  return "usage: gpuwise speed [--gpu ID] (--preset ID | --params-b B) [--active-params-b B] [--quant Q]\n"
         "                     [--context N] [--prompt N] [--concurrent N] [--gpus N] [--unified-memory-gb GB]\n"
         "                     [--sort decode|prefill|ttft] [--top N] [--fits-only] [--json]\n"
         "       gpuwise speed --check [--json]      estimates vs every measured set\n"
         "       gpuwise speed --calibrate           the fitted efficiency factors as JSON\n"
         "Default: --preset " + defaults.preset + " --quant " + defaults.quant + " --context " +
         std::to_string(defaults.context) + "; every card, the ones it does not fit on last.\n";
}

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise speed: %s\n%s", message.c_str(), usage().c_str());
  return 2;
}

// The speed.* flags through the field table, as a link's speed.* keys. --quant also takes
// llama.cpp's spellings (f16, Q4_K_M), as find_quantisation does. False after a message.
bool read_view(const Args& args, SpeedView& view) {
  ViewState state;
  state.speed = view;
  bool ok = read_field_flags(args, "speed", {"speed"}, state, {"--quant"});
  if (ok && args.value("--quant")) {
    const Quantisation* quant = find_quantisation(*args.value("--quant"));
    const std::string text = quant ? quant->id : *args.value("--quant");
    if (auto problem = apply_cli_value(view_field("speed.quant"), text, state)) {
      std::fprintf(stderr, "gpuwise speed: %s\n", problem->text().c_str());
      ok = false;
    }
  }
  if (!ok) {
    std::fprintf(stderr, "%s", usage().c_str());
    return false;
  }
  view = state.speed;
  return true;
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
  std::vector<std::string> switches = field_switches({"speed"});
  switches.insert(switches.end(), {"--json", "--check", "--calibrate"});
  std::vector<std::string> values = field_flags({"speed"});
  values.insert(values.end(), {"--gpu", "--data-dir"});
  const auto unknown = args.unknown(switches, values);
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
    const auto pairs = check_train_order(catalog, benchmarks);
    if (args.flag("--json")) {
      json out = speed_checks_to_json(checks);
      json order = json::array();
      for (const auto& p : pairs) {
        order.push_back({{"workload", p.workload}, {"faster", p.faster_id}, {"slower", p.slower_id},
                         {"measured", {p.faster_measured, p.slower_measured}},
                         {"predicted", {std::round(p.faster_predicted), std::round(p.slower_predicted)}},
                         {"predicted_held_out", {std::round(p.faster_held_out), std::round(p.slower_held_out)}},
                         {"verdict", p.tie ? "tie" : p.right ? "right" : "wrong"}, {"held_out_right", p.held_out_right}});
      }
      out["training_order"] = order;
      std::printf("%s\n", dump_json(out, 2).c_str());
      return 0;
    }
    std::printf("%-38s %-8s %-19s %4s %6s %8s %8s %8s %9s\n", "set", "phase", "held out", "n", "groups", "spearman",
                "min", "pooled", "med err %");
    for (const auto& c : checks) {
      std::printf("%-38s %-8s %-19s %4d %6d %8.3f %8.3f %8.3f %9.1f\n", c.set.c_str(), c.phase.c_str(),
                  c.held_out.c_str(), c.n, c.groups, c.spearman, c.spearman_min, c.spearman_pooled,
                  c.median_abs_error_pct);
    }
    int right = 0, ties = 0, held_right = 0;
    std::printf("\ntraining: pairs of cards measured on one workload, tokens/s per GPU (estimate; held out)\n");
    for (const auto& p : pairs) {
      right += p.right;
      ties += p.tie;
      held_right += p.held_out_right;
      std::printf("%-5s %-28s %-15s > %-15s measured %6.0f > %-6.0f estimate %6.0f %s %-6.0f held out %6.0f %s %-6.0f\n",
                  p.tie ? "tie" : p.right ? "right" : "WRONG", p.workload.c_str(), p.faster_id.c_str(),
                  p.slower_id.c_str(), p.faster_measured, p.slower_measured, p.faster_predicted,
                  p.tie ? "~" : p.right ? ">" : "<", p.slower_predicted, p.faster_held_out,
                  p.held_out_right ? ">" : "<=", p.slower_held_out);
    }
    std::printf("%d of %zu pairs in the measured order, %d ties (the same printed figures), %d wrong; held out: %d in order\n",
                right, pairs.size(), ties, static_cast<int>(pairs.size()) - right - ties, held_right);
    return 0;
  }

  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "speed_calibration.json"), text)) return 2;
  const SpeedCalibration calibration = load_speed_calibration(text, issues);
  for (const auto& issue : issues) std::fprintf(stderr, "speed_calibration.json: %s\n", issue.to_string().c_str());

  // The CLI lists every card (those the model does not fit on after the others) unless
  // --top or --fits-only say otherwise; the rest of the view is the page's.
  SpeedView view;
  view.fits_only = false;
  view.top_n = static_cast<int>(catalog.gpus.size());
  if (!read_view(args, view)) return 2;
  if (auto problem = check_speed_view(view)) return fail(problem->text());

  if (auto id = args.value("--gpu")) {
    const int index = catalog.find(*id);
    if (index < 0) return fail("unknown GPU id '" + *id + "'");
    const SpeedEstimate e =
        estimate_speed(catalog.gpus[static_cast<std::size_t>(index)], speed_input_from_view(view), calibration);
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

  // The page's table: the same rows, order and problem as the Speed tab.
  const SpeedTable table = speed_table(catalog, benchmarks, calibration, view);
  if (table.problem && (table.rows.empty() || table.cards_fit == 0)) return fail(table.problem->text());
  if (args.flag("--json")) {
    json results = json::array();
    for (const SpeedRow& row : table.rows) results.push_back(estimate_json(row.estimate));
    std::printf("%s\n", dump_json(json{{"results", results}}, 2).c_str());
  } else {
    for (const SpeedRow& row : table.rows) {
      const SpeedEstimate& e = row.estimate;
      std::printf("%-26s %-5s decode %8.1f tok/s  prefill %9.0f tok/s\n", e.gpu_id.c_str(), e.fits ? "fits" : "no",
                  round_to(e.decode_tokens_per_s, 1), round_to(e.prefill_tokens_per_s, 1));  // as the JSON rounds
    }
  }
  return 0;
}

}  // namespace gpuwise::cli
