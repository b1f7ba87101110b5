// gpuwise job: what a training run, a day of an endpoint serving users or a batch of
// generation costs on every card and count, owned (the ROI model's amortised cost per
// GPU-hour) or rented (the cheapest dated on-demand rate), with the band of the speed it
// rests on, and the cheapest ways to get it done (src/core/money/job_cost.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "cli.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/gates.h"
#include "money/job_cost.h"
#include "money/job_gate.h"
#include "text/json_util.h"
#include "money/prices.h"
#include "estimate/serving.h"
#include "estimate/speed.h"
#include "view/cli_values.h"
#include "money/job_outlay.h"
#include "money/roi.h"
#include "text/band_text.h"
#include "view/view_fields.h"

namespace gpuwise::cli {
namespace {

// A job prices every card and count with its own data: of roi's flags it reads the buyer's
// assumptions (RoiScope::buyer: tariff, horizon, depreciation, tax, provider kinds), as
// `gpuwise roi` reads them. One card's or one machine's figures (--price, --host-cost) and
// the renting side over the years (--rent-decline, --occupancy) do not apply, and are
// refused (refuse_roi_flags).
// roi's flags whose scope is the buyer's (`buyer` true: what a job reads) or not (false:
// what it refuses, each with why: "--host-cost is one machine's figure ...").
std::vector<std::string> roi_flags_for_jobs(bool buyer) {
  std::vector<std::string> out;
  for (const ViewField& field : view_fields()) {
    if (field.section != std::string_view("roi") || !*field.cli_flag) continue;
    if ((roi_field_scope(field.name) == RoiScope::buyer) == buyer) out.push_back(field.cli_flag);
  }
  return out;
}
std::vector<std::string> ownership_flags() { return roi_flags_for_jobs(true); }
std::vector<std::string> not_for_jobs() { return roi_flags_for_jobs(false); }

// The usage; the owning flags are the table's (ownership_flags), so a new one is listed.
std::string usage_text() {
  std::string owning = "         owning, as gpuwise roi:";
  std::size_t line = owning.size();
  for (const std::string& flag : ownership_flags()) {
    if (flag == "--provider-kinds" || flag == "--hours-per-day") continue;  // their own lines
    if (line + flag.size() + 1 > 96) {
      owning += "\n        ";
      line = 8;
    }
    owning += " " + flag;
    line += flag.size() + 1;
  }
  return "usage: gpuwise job --kind train|finetune (--preset ID | --params-b B [--active-params-b B]) --tokens-b D\n"
         "                   [--within-days N] [--recompute] [--train-context N] [--gpus N] [options] [--json]\n"
         "       gpuwise job --kind serve (--preset ID | --params-b B) --users N --tokens-per-day T\n"
         "                   [--hours-per-day H] [--quant Q] [--context N] [--gpus N] [options] [--json]\n"
         "       gpuwise job --kind batch (--preset ID | --params-b B) --tokens-b D [--quant Q] [--concurrent N]\n"
         "                   [--context N] [--gpus N] [options] [--json]\n"
         "options: --provider-kinds KIND,KIND (hyperscaler, gpu-cloud, marketplace, china-cloud; default the\n"
         "         market's; --providers is the same flag)\n"
         "         the buyer: --market us|eu|cn --used --budget USD --budget-covers machine|cards\n" +
         owning +
         "\n         --top N (text: ways listed, default 10) --data-dir DIR --today YYYY-MM-DD\n"
         "Without --gpus (or --gpus 0): 1, 2, 4 and 8 GPUs (per replica when serving). Train: finish within 30\n"
         "days unless --within-days says otherwise (0: no limit). Serve: an endpoint up --hours-per-day\n"
         "(default 24), billed for those hours busy or not, with the replicas the users (one request in flight\n"
         "each) and the day's tokens need; defaults --quant bf16 --context 4096. Batch: a fixed token count\n"
         "with no deadline, at --concurrent requests (default 8). --hours-per-day is the owning use per day\n"
         "(as gpuwise roi) for train and batch. --params-b is a size of one's own (the nearest preset's shape).\n"
         "Owning: the ROI model's amortised cost per GPU-hour (default 36 months, 8 h a day, the market's kWh),\n"
         "and the whole outlay (a serving endpoint: a machine per replica) against --budget.\n"
         "Renting: the cheapest on-demand rate. Each figure carries its band (low, high).\n";
}

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise job: %s\n%s", message.c_str(), usage_text().c_str());
  return 2;
}
// After a message the field table's reader printed: the usage only.
int usage() {
  std::fprintf(stderr, "%s", usage_text().c_str());
  return 2;
}

// The view the flags describe, through the field table (as a link's values are checked),
// then the command line's own flags. 0: fine; else the exit code, the message printed.
int read_input(const Args& args, JobInput& input) {
  const auto kind = args.value("--kind");
  if (!kind) return fail("--kind is required: train, finetune, serve, batch or image");
  ViewState state;
  if (!read_field_flags(args, "job", {"job"}, state, {"--params-b", "--hours-per-day"})) return usage();
  // --hours-per-day: the endpoint's hours up for serving, the owned cards' use a day otherwise.
  if (args.value("--hours-per-day") &&
      !read_field_flag(args, "job", "--hours-per-day", {state.job.kind == "serve" ? "job" : "roi"}, state)) {
    return usage();
  }
  // --params-b is a size of one's own, as in gpuwise fit: the preset becomes "custom".
  if (args.value("--params-b")) {
    if (!read_field_flag(args, "job", "--params-b", {"job"}, state)) return usage();
    state.job.preset = "custom";
  }
  std::vector<std::string> skip = not_for_jobs();
  skip.push_back("--hours-per-day");  // read above
  if (!read_field_flags(args, "job", {"roi"}, state, skip)) return usage();
  if (!read_field_flags(args, "job", {""}, state)) return usage();  // --market, --used, --budget ...
  // --providers: the old name of --provider-kinds, still read (the error names it as typed).
  if (const auto providers = args.value("--providers"); providers && !args.value("--provider-kinds")) {
    ViewField alias = view_field("roi.kinds");
    alias.cli_flag = "--providers";
    if (auto problem = apply_cli_value(alias, *providers, state)) {
      std::fprintf(stderr, "gpuwise job: %s\n", problem->text().c_str());
      return usage();
    }
  }
  const bool serve = state.job.kind == "serve";
  const bool sized = args.value("--preset") || args.value("--params-b");
  if ((state.job.kind == "train" || state.job.kind == "finetune") && (!sized || !args.value("--tokens-b"))) {
    return fail("--kind " + state.job.kind + " needs --preset or --params-b, and --tokens-b");
  }
  if (serve && (!sized || !args.value("--tokens-per-day"))) {
    return fail("--kind serve needs --preset or --params-b, and --tokens-per-day");
  }
  if (state.job.kind == "batch" && (!sized || !args.value("--tokens-b"))) {
    return fail("--kind batch needs --preset or --params-b, and --tokens-b");
  }
  // What the page does with its view (job_input_from_view), then the command line's own.
  input = job_input_from_view(state.job, state.roi, state.buyer);
  std::string error;
  if (auto active = args.value("--active-params-b")) {
    double value = 0;
    if (!parse_number("--active-params-b", *active, value, error)) return fail(error);
    input.active_params_b = value;
  }
  input.recompute = args.flag("--recompute");
  for (const auto& [flag, out] : {std::pair<const char*, int*>{"--train-context", &input.train_context},
                                  {"--context", &input.context}}) {
    if (const auto text = args.value(flag); text && !parse_whole(flag, *text, *out, error)) return fail(error);
  }
  error = check_job_input(input);
  return error.empty() ? 0 : fail(error);
}

std::string money(const std::optional<double>& usd) {
  if (!usd) return "-";
  char text[40];
  std::snprintf(text, sizeof text, "$%.2f", *usd);
  return text;
}

// "$1,793.26 ($1,540 to $2,210)", "$2.75 ($2.6 to $3.4)": a cost with its band, the ends
// as many decimals apart as they need (text/band_text.h).
std::string banded(double usd, double low, double high) { return money_band_text(usd, low, high, "$", 2).text(); }

}  // namespace

std::vector<std::string> job_ownership_flags() { return ownership_flags(); }
std::vector<std::string> not_job_ownership_flags() { return not_for_jobs(); }

std::optional<std::string> refuse_roi_flags(const Args& args) {
  for (const std::string& flag : not_for_jobs()) {
    if (!args.flag(flag) && !args.value(flag)) continue;
    const ViewField* field = find_field_by_cli_flag(flag, {"roi"});
    const RoiScope scope = roi_field_scope(field->name);
    return flag + (scope == RoiScope::renting ? " is about renting over the years (gpuwise roi, gpuwise ask --goal own); "
                                                "a job rents at today's rate"
                   : scope == RoiScope::machine
                       ? " is one machine's figure (gpuwise roi --gpu ID --count N); a job prices each card and count "
                         "with the machine it needs"
                       : " is one card's figure (gpuwise roi --gpu ID); a job prices every card with its own data");
  }
  return std::nullopt;
}

int run_job(const Args& args) {
  // Images are their own kind of job (money/image_job.h, cmd_image.cpp): their flags are the
  // Images tab's, not a language model's.
  if (args.value("--kind") == std::optional<std::string>("image")) return run_image_job(args);
  std::vector<std::string> values = field_flags({"job", ""});
  for (const std::string& flag : ownership_flags()) values.push_back(flag);
  for (const char* flag : {"--providers", "--active-params-b", "--train-context", "--context", "--top", "--data-dir",
                           "--today"}) {
    values.push_back(flag);
  }
  std::vector<std::string> switches = field_switches({""});
  switches.insert(switches.end(), {"--json", "--recompute"});
  if (const auto refused = refuse_roi_flags(args)) return fail(*refused);
  const auto unknown = args.unknown(switches, values);
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  JobInput input;
  if (const int code = read_input(args, input)) return code;
  std::string error;
  int top = 10;
  if (const auto text = args.value("--top"); text && !parse_whole("--top", *text, top, error)) return fail(error);

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

  // The cards current software cannot run for the job leave the list (issue 29, job_gate.h).
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable software = load_software(text);
  const GatedJobCost gated = gated_job_cost(catalog, book, calibration, input, &software, &compat);
  JobCostResult result = gated.result;
  if (!result.ok) return fail(result.error);
  // The buyer's budget on each option's whole outlay (money/job_outlay.h), as the page does.
  const JobBuyerResult priced = job_cost_for_buyer(catalog, book, result, input.buyer);
  if (args.flag("--json")) {
    JobCostResult shown = result;
    shown.cheapest = priced.cheapest;
    json out = job_cost_to_json(shown);
    for (std::size_t i = 0; i < result.options.size() && i < out["results"].size(); ++i) {
      out["results"][i]["outlay"] = outlay_to_json(priced.outlays[i].outlay);
      out["results"][i]["within_budget"] = priced.outlays[i].within_budget;
      out["results"][i]["tokens_per_s_per_1000_usd"] =
          priced.outlays[i].per_1000_usd ? json(std::round(*priced.outlays[i].per_1000_usd * 100) / 100) : json(nullptr);
    }
    out["buyer"] = {{"market", input.buyer.market},
                    {"used", input.buyer.used},
                    {"budget_usd", input.buyer.budget_usd > 0 ? json(input.buyer.budget_usd) : json(nullptr)},
                    {"own_over_budget", priced.own_over_budget}};
    add_gate_json(gated.gate, out);
    std::printf("%s\n", dump_json(out, 2).c_str());
    return 0;
  }
  result.cheapest = priced.cheapest;
  const bool per_day = result.per == "day";
  const bool serve = result.model.kind == JobKind::serve;
  std::printf("%s %.4g tokens%s: %zu card x count options (prices as of %s)\n", job_kind_key(result.model.kind),
              result.tokens, per_day ? " a day" : "", result.options.size(), book.today.c_str());
  if (serve) {
    std::printf("%d users, up %.4g h a day; a replica keeps each user at %.0f tokens/s or more\n", input.job.users,
                input.job.up_hours_per_day, kServeMinTokensPerRequest);
  }
  std::printf("\ncheapest ways%s (cost with its band):\n", per_day ? " (cost a day)" : "");
  for (std::size_t i = 0; i < result.cheapest.size() && i < static_cast<std::size_t>(top); ++i) {
    const JobWay& w = result.cheapest[i];
    char count[40];
    if (serve) std::snprintf(count, sizeof count, "%dx%d", w.replicas, w.gpus);
    else std::snprintf(count, sizeof count, "x%d", w.gpus);
    std::printf("%2zu. %-24s %-6s %-4s %-28s %30s  %9.1f h  $%.4f per M tokens%s\n", i + 1, w.gpu_id.c_str(), count,
                w.own ? "own" : "rent", w.own ? "" : w.provider.c_str(),
                banded(w.cost_usd, w.cost_low_usd, w.cost_high_usd).c_str(), w.hours, w.usd_per_million_tokens,
                w.stale ? "  (stale price)" : "");
  }
  if (serve) {
    std::printf("\n%-24s %4s %8s %9s %9s %7s %12s %12s  %s\n", "card", "gpus", "replicas", "users/rep", "tok/s/rep",
                "busy %", "own", "rent", "provider / missing");
  } else {
    std::printf("\n%-24s %4s %18s %7s %12s %12s  %s\n", "card", "gpus", "hours (band)", "days", "own", "rent",
                "provider / missing");
  }
  for (std::size_t i = 0; i < result.options.size(); ++i) {
    const JobOption& o = result.options[i];
    std::string note = o.rate ? o.rate->provider + " " + o.rate->date_seen : o.rent_missing;
    if (!o.own.usd) note += "; " + o.own_missing;
    const Outlay& outlay = priced.outlays[i].outlay;
    if (outlay.total_usd) note += "; outlay " + money(outlay.total_usd);
    if (!priced.outlays[i].within_budget) note += " (over budget)";
    if (serve) {
      std::printf("%-24s %4d %8d %9d %9.0f %7.1f %12s %12s  %s\n", o.gpu_id.c_str(), o.gpus, o.replicas,
                  o.users_per_replica, o.tokens_per_s, o.busy_pct, money(o.own.usd).c_str(), money(o.rent.usd).c_str(),
                  note.c_str());
    } else {
      char hours[40];
      std::snprintf(hours, sizeof hours, "%.1f (%.0f-%.0f)", o.hours, o.hours_low, o.hours_high);
      std::printf("%-24s %4d %18s %7.1f %12s %12s  %s\n", o.gpu_id.c_str(), o.gpus, hours, o.hours / 24,
                  money(o.own.usd).c_str(), money(o.rent.usd).c_str(), note.c_str());
    }
  }
  for (const LeftOut& left : gated.gate.left_out) {
    std::printf("left out: %s: %s\n", left.name.c_str(),
                workload_sentence(left.support).c_str());
  }
  if (result.counts_too_slow > 0) {
    if (serve) {
      std::printf("\n%d card x count options fit but cannot give a user %.0f tokens/s, or need over %d replicas.\n",
                  result.counts_too_slow, kServeMinTokensPerRequest, kJobMaxReplicas);
    } else {
      std::printf("\n%d card x count options fit but would not finish in the days allowed.\n", result.counts_too_slow);
    }
  }
  return 0;
}

}  // namespace gpuwise::cli
