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
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/gates.h"
#include "estimate/training.h"
#include "view/cli_values.h"
#include "money/speed_outlay.h"
#include "view/view_fields.h"

namespace gpuwise::cli {
namespace {

// The defaults are SpeedView's (estimate_views.h), the page's too.
std::string usage() {
  const SpeedView defaults;
  return "usage: gpuwise speed [--gpu ID [--gpu ID ...]] (--preset ID | --params-b B) [--active-params-b B]\n"
         "                     [--quant Q] [--engine auto|llamacpp|vllm] [--context N] [--prompt N]\n"
         "                     [--concurrent N] [--gpus N] [--unified-memory-gb GB]\n"
         "                     [--ram-gb GB [--ram-gbs GB/s] [--ram-layers N]]\n"
         "                     [--sort decode|prefill|ttft] [--top N] [--fits-only] [--json]\n"
         "                     [--market us|eu|cn] [--used] [--budget USD] [--budget-covers machine|cards]\n"
         "                     [--outlay-sort total|value] [--today YYYY-MM-DD]\n" +
         more_flags_usage("speed") +
         "       --gpu repeated: one machine with those cards, each --gpus times (llama.cpp splits\n"
         "       layers by memory; vLLM splits every layer); --ram-gb: layers the GPUs cannot hold\n"
         "       stay in system RAM (llama.cpp), --ram-layers N: exactly N of them\n"
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
bool read_view(const Args& args, SpeedView& view, BuyerView& buyer) {
  ViewState state;
  state.speed = view;
  bool ok = read_field_flags(args, "speed", {"speed", ""}, state, {"--quant"});
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
  buyer = state.buyer;
  return true;
}

// Rounds to `decimals` places without binary noise in the printed JSON (119.8, not 119.80000000000001).
double round_to(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

// "114.2 tokens/s (95.0 to 130.1)", or "— (no memory bandwidth figure ...)" when unknown.
std::string figure_text(double value, const Band& band, int decimals, const char* unit, const TemplateText& why) {
  if (!(value > 0)) return std::string("— (") + why.text() + ")";
  char text[160];
  std::snprintf(text, sizeof text, "%.*f %s (%.*f to %.*f)", decimals, round_to(value, decimals), unit, decimals,
                round_to(band.low(value), decimals), decimals, round_to(band.high(value), decimals));
  return text;
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
  std::vector<std::string> switches = field_switches({"speed", ""});
  switches.insert(switches.end(), {"--json", "--check", "--calibrate"});
  std::vector<std::string> values = field_flags({"speed", ""});
  values.insert(values.end(), {"--data-dir", "--today"});
  const auto unknown = args.unknown(switches, values);
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "benchmarks.json"), text)) return 2;
  const Benchmarks benchmarks = load_benchmarks(text, catalog);

  if (args.flag("--calibrate")) {
    std::printf("%s\n", dump_json(speed_calibration_to_json(calibrate_speed(catalog, benchmarks)), 2).c_str());
    return 0;
  }
  if (args.flag("--check")) {
    const auto checks = check_speed(catalog, benchmarks);
    const auto pairs = check_train_order(catalog, benchmarks);
    if (args.flag("--json")) {
      json out = speed_checks_to_json(checks);
      out["training_order"] = train_order_to_json(pairs);  // data/speed_check.json is this output
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
  BuyerView buyer;
  if (!read_view(args, view, buyer)) return 2;
  if (auto problem = check_speed_view(view)) return fail(problem->text());

  // The page's table: the same rows, order and problem as the Speed tab; --gpu (one or
  // several) is one machine, its row alone.
  if (!view.cards.empty()) {
    const SpeedTable table = speed_table(catalog, benchmarks, calibration, view);
    if (table.rows.empty()) return fail(table.problem ? table.problem->text() : "no estimate");
    const SpeedRow& row = table.rows.front();
    const SpeedEstimate& e = row.estimate;
    if (args.flag("--json")) {
      json out = speed_estimate_json(e);
      out["name"] = row.name;
      out["measured"] = e.mixed ? json::array() : measured_json(benchmarks, e.gpu_id);
      std::printf("%s\n", dump_json(out, 2).c_str());
      return 0;
    }
    if (!e.reason.pattern.empty()) {
      std::printf("%s: decode —, prefill — (%s)\n", row.name.c_str(), e.reason.text().c_str());
      return 0;
    }
    const bool per_machine = e.mixed && e.engine == engine_key(Engine::llamacpp);
    const std::optional<Engine> engine = find_engine(e.engine);
    std::printf("%s (%s): %s (needs %.1f GB %s, %.1f GB usable%s)\n", row.name.c_str(),
                engine ? engine_label(*engine) : "no engine", e.fits ? "fits" : "does not fit", e.needed_gb,
                per_machine ? "in the machine" : "per GPU", e.usable_gb,
                e.fits ? "" : (", lacks " + std::to_string(static_cast<int>(std::ceil(e.lacks_gb))) + " GB").c_str());
    if (e.layers_in_ram > 0) {
      std::printf("%d layers in system RAM: %.1f GB of %.1f GB usable\n", e.layers_in_ram, e.ram_needed_gb,
                  e.ram_usable_gb);
    }
    std::printf("decode %s per request\n",
                figure_text(e.decode_tokens_per_s, e.decode_band, 1, "tokens/s", e.decode_reason).c_str());
    char first_token[40] = "—";
    if (e.time_to_first_token_s > 0) std::snprintf(first_token, sizeof first_token, "%.2f s", e.time_to_first_token_s);
    std::printf("prefill %s, first token after %s\n",
                figure_text(e.prefill_tokens_per_s, e.prefill_band, 0, "tokens/s", e.prefill_reason).c_str(),
                first_token);
    if (!e.decode_band.measured()) {
      const bool architecture = e.decode_band.class_key.find(" not measured)") != std::string::npos;
      std::printf("band: %s: %s (a wide band of ours)\n", e.decode_band.class_key.c_str(),
                  architecture ? "no measured run of this architecture" : "not measured for this vendor");
    }
    return 0;
  }

  // The page's table: the same rows, order and problem as the Speed tab, after the software
  // gate (issue 29: the cards current software cannot run for the format's engine, apart),
  // each with what it costs the buyer (money/speed_outlay.h: the market, --used, --budget).
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable software = load_software(text);
  if (!read_file(data_path(args, "prices.json"), text)) return 2;
  PriceBook book = load_prices(text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  const SpeedBuyerTable priced = speed_table_for_buyer(catalog, benchmarks, calibration, view, book, buyer,
                                                         &software, &compat);
  const SpeedTable& rows = priced.table;
  if (rows.problem && (rows.rows.empty() || rows.cards_fit == 0)) return fail(rows.problem->text());
  if (args.flag("--json")) {
    json results = json::array();
    for (std::size_t i = 0; i < rows.rows.size(); ++i) {
      json row = speed_estimate_json(rows.rows[i].estimate);
      row["outlay"] = outlay_to_json(priced.outlays[i].outlay);
      row["decode_tokens_per_s_per_1000_usd"] =
          priced.outlays[i].per_1000_usd ? json(round_to(*priced.outlays[i].per_1000_usd, 2)) : json(nullptr);
      results.push_back(row);
    }
    json out = {{"results", results},
                {"buyer", {{"market", buyer.market}, {"used", buyer.used},
                           {"budget_usd", buyer.budget_usd > 0 ? json(buyer.budget_usd) : json(nullptr)},
                           {"over_budget", priced.over_budget}}}};
    add_gate_json(priced.gate, out);
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else {
    for (const LeftOut& left : priced.gate.left_out) {
      std::printf("left out: %-26s %s\n", left.gpu_id.c_str(), workload_sentence(left.support).c_str());
    }
    for (std::size_t i = 0; i < rows.rows.size(); ++i) {
      const SpeedEstimate& e = rows.rows[i].estimate;
      const Outlay& o = priced.outlays[i].outlay;
      // A figure the model cannot compute is "—" with the reason, never 0.
      char decode[32] = "—", prefill[32] = "—";
      if (e.decode_tokens_per_s > 0) std::snprintf(decode, sizeof decode, "%.1f", round_to(e.decode_tokens_per_s, 1));
      if (e.prefill_tokens_per_s > 0) std::snprintf(prefill, sizeof prefill, "%.0f", round_to(e.prefill_tokens_per_s, 1));
      const std::string why = speed_missing_text(e).text();
      const std::string outlay =
          o.total_usd ? "  outlay " + std::to_string(static_cast<long>(std::round(*o.total_usd))) + " USD" : "";
      std::printf("%-26s %-5s decode %8s tok/s  prefill %9s tok/s%s%s\n", e.gpu_id.c_str(), e.fits ? "fits" : "no",
                  decode, prefill, outlay.c_str(), why.empty() ? "" : ("  (" + why + ")").c_str());
    }
  }
  return 0;
}

}  // namespace gpuwise::cli
