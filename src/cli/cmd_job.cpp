// gpuwise job: what a training run or a day of serving costs on every card and count,
// owned (the ROI model's amortised cost per GPU-hour) or rented (the cheapest dated
// on-demand rate), and the cheapest ways to get it done (src/core/money/job_cost.h).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalog/catalog.h"
#include "cli.h"
#include "money/job_cost.h"
#include "text/json_util.h"
#include "money/prices.h"
#include "estimate/speed.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise job --kind train --params-b B [--active-params-b B] --tokens-b D [--recompute]\n"
    "                   [--train-context N] [--gpus N] [options] [--json]\n"
    "       gpuwise job --kind serve --preset ID --quant Q --tokens-per-day N [--context N]\n"
    "                   [--concurrent N] [--gpus N] [options] [--json]\n"
    "options: --providers KIND,KIND (hyperscaler, gpu-cloud, marketplace, china-cloud; default all)\n"
    "         --kwh-price USD --hours-per-day H --months M --host-cost USD --host-power W\n"
    "         --top N (text: ways listed, default 10) --data-dir DIR --today YYYY-MM-DD\n"
    "Without --gpus: 1, 2, 4 and 8 GPUs. Serve defaults: --context 4096 --concurrent 8.\n"
    "Owning: the ROI model's amortised cost per GPU-hour (default 36 months, 8 h a day, $0.15/kWh;\n"
    "serving: the job's busy hours a day). Renting: the cheapest on-demand rate.\n";

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise job: %s\n%s", message.c_str(), kUsage);
  return 2;
}

bool read_number(const Args& args, const char* flag, double& out, std::string& error) {
  const auto text = args.value(flag);
  return !text || parse_number(flag, *text, out, error);
}
bool read_whole(const Args& args, const char* flag, int& out, std::string& error) {
  const auto text = args.value(flag);
  return !text || parse_whole(flag, *text, out, error);
}

bool read_providers(const std::string& text, ProviderKindSet& out, std::string& error) {
  out = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string key = text.substr(start, comma - start);
    const auto kind = parse_provider_kind(key);
    if (!kind) {
      error = "--providers: unknown provider kind '" + key + "'; one of hyperscaler, gpu-cloud, marketplace, china-cloud";
      return false;
    }
    out |= provider_kind_bit(*kind);
    start = comma + 1;
  }
  return true;
}

bool read_input(const Args& args, JobInput& input, std::string& error) {
  const auto kind_text = args.value("--kind");
  if (!kind_text) {
    error = "--kind is required: train or serve";
    return false;
  }
  const auto kind = parse_job_kind(*kind_text);
  if (!kind) {
    error = "unknown --kind '" + *kind_text + "'; one of train, finetune, serve";
    return false;
  }
  input.kind = *kind;
  if (input.kind == JobKind::train) {
    if (!args.value("--params-b") || !args.value("--tokens-b")) {
      error = "--kind train needs --params-b and --tokens-b";
      return false;
    }
    if (auto active = args.value("--active-params-b")) {
      double value = 0;
      if (!parse_number("--active-params-b", *active, value, error)) return false;
      input.active_params_b = value;
    }
    input.recompute = args.flag("--recompute");
    if (!read_number(args, "--params-b", input.params_b, error) ||
        !read_number(args, "--tokens-b", input.tokens_b, error) ||
        !read_whole(args, "--train-context", input.train_context, error)) {
      return false;
    }
  } else {
    if (!args.value("--preset") || !args.value("--tokens-per-day")) {
      error = "--kind serve needs --preset and --tokens-per-day";
      return false;
    }
    input.preset = *args.value("--preset");
    if (auto q = args.value("--quant")) {
      const Quantisation* quant = find_quantisation(*q);
      if (!quant) {
        error = "unknown quantisation '" + *q + "'; one of:";
        for (const auto& item : quantisations()) error += " " + item.id;
        return false;
      }
      input.quant = quant->id;
    }
    if (!read_number(args, "--tokens-per-day", input.tokens_per_day, error) ||
        !read_whole(args, "--context", input.context, error) ||
        !read_whole(args, "--concurrent", input.concurrent, error)) {
      return false;
    }
  }
  if (auto providers = args.value("--providers")) {
    if (!read_providers(*providers, input.provider_kinds, error)) return false;
  }
  RoiView& own = input.ownership;
  if (!read_whole(args, "--gpus", input.gpus, error) || !read_number(args, "--kwh-price", own.kwh_price_usd, error) ||
      !read_number(args, "--hours-per-day", own.hours_per_day, error) ||
      !read_whole(args, "--months", own.months, error) || !read_number(args, "--host-cost", own.host_cost_usd, error) ||
      !read_number(args, "--host-power", own.host_power_w, error)) {
    return false;
  }
  if (args.value("--gpus") && input.gpus == 0) {
    error = "--gpus must be from 1 to " + std::to_string(kJobMaxGpus) + " (got 0)";
    return false;
  }
  if (own.kwh_price_usd < 0 || own.kwh_price_usd > 10) {
    error = "--kwh-price must be from 0 to 10 USD";
    return false;
  }
  if (own.hours_per_day <= 0 || own.hours_per_day > 24) {
    error = "--hours-per-day must be above 0 and at most 24";
    return false;
  }
  if (own.months < 1 || own.months > 120) {
    error = "--months must be from 1 to 120";
    return false;
  }
  if (own.host_cost_usd < 0 || own.host_power_w < 0) {
    error = "--host-cost and --host-power must not be negative";
    return false;
  }
  error = check_job_input(input);
  return error.empty();
}

std::string money(const std::optional<double>& usd) {
  if (!usd) return "-";
  char text[40];
  std::snprintf(text, sizeof text, "$%.2f", *usd);
  return text;
}

}  // namespace

int run_job(const Args& args) {
  const auto unknown = args.unknown(
      {"--json", "--recompute"},
      {"--kind", "--params-b", "--active-params-b", "--tokens-b", "--train-context", "--preset", "--quant",
       "--tokens-per-day", "--context", "--concurrent", "--gpus", "--providers", "--kwh-price", "--hours-per-day",
       "--months", "--host-cost", "--host-power", "--top", "--data-dir", "--today"});
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  JobInput input;
  std::string error;
  if (!read_input(args, input, error)) return fail(error);
  int top = 10;
  if (!read_whole(args, "--top", top, error)) return fail(error);

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "prices.json"), text)) return 2;
  PriceBook book = load_prices(text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  if (!read_file(data_path(args, "speed_calibration.json"), text)) return 2;
  std::vector<CatalogIssue> issues;
  const SpeedCalibration calibration = load_speed_calibration(text, issues);
  for (const auto& issue : issues) std::fprintf(stderr, "speed_calibration.json: %s\n", issue.to_string().c_str());

  const JobCostResult result = job_cost(catalog, book, calibration, input);
  if (!result.ok) return fail(result.error);
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(job_cost_to_json(result), 2).c_str());
    return 0;
  }
  const bool per_day = result.per == "day";
  std::printf("%s %.4g tokens%s: %zu card x count options (prices as of %s)\n", job_kind_key(input.kind),
              result.tokens, per_day ? " a day" : "", result.options.size(), book.today.c_str());
  std::printf("\ncheapest ways%s:\n", per_day ? " (cost a day)" : "");
  for (std::size_t i = 0; i < result.cheapest.size() && i < static_cast<std::size_t>(top); ++i) {
    const JobWay& w = result.cheapest[i];
    std::printf("%2zu. %-24s x%d  %-4s %-28s %12s  %9.1f h  $%.4f per M tokens%s\n", i + 1, w.gpu_id.c_str(), w.gpus,
                w.own ? "own" : "rent", w.own ? "" : w.provider.c_str(), money(w.cost_usd).c_str(), w.hours,
                w.usd_per_million_tokens, w.stale ? "  (stale price)" : "");
  }
  std::printf("\n%-24s %4s %10s %12s %12s  %s\n", "card", "gpus", per_day ? "hours/day" : "hours", "own", "rent",
              "provider / missing");
  for (const JobOption& o : result.options) {
    std::string note = o.rate ? o.rate->provider + " " + o.rate->date_seen : o.rent_missing;
    if (!o.own_cost_usd) note += "; " + o.own_missing;
    std::printf("%-24s %4d %10.1f %12s %12s  %s\n", o.gpu_id.c_str(), o.gpus, o.hours, money(o.own_cost_usd).c_str(),
                money(o.rent_cost_usd).c_str(), note.c_str());
  }
  if (result.counts_too_slow > 0) {
    std::printf("\n%d card x count options fit but cannot serve the tokens in 24 h a day.\n", result.counts_too_slow);
  }
  return 0;
}

}  // namespace gpuwise::cli
