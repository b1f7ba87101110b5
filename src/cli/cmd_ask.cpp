// gpuwise ask: the Ask tab's answers to a buyer's question (src/core/ask/ask.h), read
// through the field table as a link's values are, and printed as the page shows them or
// as JSON.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "ask/ask.h"
#include "view/ask_fields.h"
#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "cli.h"
#include "estimate/image.h"
#include "estimate/speed.h"
#include "money/prices.h"
#include "text/format.h"
#include "text/json_util.h"
#include "view/cli_values.h"
#include "view/view_fields.h"
#include "view/view_state.h"

namespace gpuwise::cli {
namespace {

// Ask's flags that roi's table rows also have: --count is how many --have cards (goal own:
// the Price & ROI view's count too, so the card figures below are theirs); --hours-per-day
// is the hours field the goal reads (ask_reads_field: ask.hours or roi.hpd); --gpu is roi's
// one card, which Ask has none of (it weighs every card; --cards, --have name some).
const std::vector<std::string> kAskOwnFlags = {"--gpu", "--count", "--hours-per-day"};

// The roi.* flags read as `gpuwise roi` reads them: the table's, less kAskOwnFlags.
std::vector<std::string> roi_flags() {
  std::vector<std::string> out;
  for (const std::string& flag : field_flags({"roi"})) {
    if (std::find(kAskOwnFlags.begin(), kAskOwnFlags.end(), flag) == kAskOwnFlags.end()) out.push_back(flag);
  }
  return out;
}

// The goals that read a field (ask_reads_field), in words: "finetune --method full, train,
// serve, own" (finetune's default method is LoRA); "" when none does.
std::string readers(std::string_view key) {
  std::string out;
  for (const AskGoal& goal : kAskGoals) {
    AskView ask;
    ask.goal = goal.key;
    AskView full = ask;
    full.method = "full";
    std::string word;
    if (ask_reads_field(ask, key)) word = goal.key;
    else if (ask.goal == "finetune" && ask_reads_field(full, key)) word = "finetune --method full";
    if (!word.empty()) out += (out.empty() ? "" : ", ") + word;
  }
  return out;
}

// "--kwh-price USD/KWH": the flag with its unit as one word, as gpuwise roi's usage has it.
std::string flag_word(const ViewField& field) {
  std::string value;
  for (char c : std::string(field.kind == FieldKind::whole ? "N" : field.unit)) {
    value += c == '%' ? "PCT" : c == ' ' ? "_" : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  if (field.kind == FieldKind::list) {  // the words it takes: hyperscaler,gpu-cloud,...
    value.clear();
    for (const char* choice : field.choices) value += (value.empty() ? "" : ",") + std::string(choice);
  }
  return std::string(field.cli_flag) + (value.empty() ? "" : " " + value);
}

// The usage; the roi.* flags are the table's, grouped by the goals that read them, so a new
// row is listed with its goals (or, read by none, refused).
std::string usage_text() {
  std::string text =
      "usage: gpuwise ask --goal run|finetune|train|serve|image (--preset ID | --params-b B | --model ID for images)\n"
      "                   [--cards ID,ID,...] [--vendor any|nvidia|amd|intel|apple|not-nvidia]\n"
      "                   [--budget N | --rent] [--market us|eu|cn] [--used | --condition any|new|used]\n"
      "                   [--tokens-b B] [--method lora|full] [--users N --tokens-per-day N] [--hours-per-day H]\n"
      "                   [--target-tokens-per-s N] [--target-images-per-min N] [--deadline-days N]\n"
      "                   [--engine auto|llamacpp|vllm] [--have GPU_ID] [owning flags] [--data-dir DIR]\n"
      "                   [--today YYYY-MM-DD] [--json]\n"
      "       gpuwise ask --goal own --have GPU_ID [--count N] [--market us|eu|cn] [owning flags]\n"
      "                   (sell, keep or rent out idle cards)\n"
      "Three to five ways to do it (buy new, buy used, a unified-memory computer, rent; with --have, a card\n"
      "added or swapped; with --cards, one answer per card), each with its whole outlay or rent, its speed and\n"
      "band, fit, software grade and caveats.\n"
      "--budget is the whole machine's, in USD (--budget-covers cards: the cards alone), sales tax included.\n"
      "--hours-per-day H: run and image, the hours in use a day (renting per month); serve, the hours the\n"
      "  endpoint is up; train and finetune --method full, the owned cards' use a day (as gpuwise roi).\n"
      "Goal own: the cards it has are the Price & ROI view's card and count, so the card figures below are theirs.\n"
      "Owning flags, the Price & ROI tab's inputs as gpuwise roi reads them, each for the goals that read it\n"
      "(with --rent nothing is bought; run with --have rents nothing); a flag the question does not read is\n"
      "refused:\n";
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // readers, flags
  for (const std::string& flag : roi_flags()) {
    const ViewField* field = find_field_by_cli_flag(flag, {"roi"});
    const std::string who = field ? readers(field->link_key) : "";
    if (who.empty()) continue;
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == who; });
    if (group == groups.end()) group = groups.insert(groups.end(), {who, {}});
    group->second.push_back("[" + flag_word(*field) + "]");
  }
  for (const auto& [who, flags] : groups) {
    std::string line = "  " + who + ":";
    for (const std::string& flag : flags) {
      if (line.size() + flag.size() + 1 > 100) {
        text += line + "\n";
        line = "     ";
      }
      line += " " + flag;
    }
    text += line + "\n";
  }
  return text;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise ask: %s\n%s", message.c_str(), usage_text().c_str());
  return 2;
}
// After a message the field table's reader printed: the usage only.
int usage() {
  std::fprintf(stderr, "%s", usage_text().c_str());
  return 2;
}

// The flags read by the goal, through the table; 0 or the exit code, the message printed.
// A roi.* flag (or --count, --hours-per-day) this question does not read is refused: it
// would change nothing.
int read_question(const Args& args, ViewState& state) {
  if (!read_field_flags(args, "ask", {"ask"}, state, {"--hours-per-day", "--count"})) return usage();
  if (!read_field_flags(args, "ask", {""}, state)) return usage();  // --market, --budget, --used ...
  if (args.value("--gpu")) {
    return fail("--gpu is gpuwise roi's one card: ask weighs every card (--cards ID,... names some; --have, the "
                "cards you have)");
  }
  const std::string goal = "--goal " + state.ask.goal;
  const auto refuse = [&](const std::string& flag, const std::vector<std::string_view>& keys) {
    // Why this question does not read it: --rent or --have, or its goal.
    std::string why, who;
    for (std::string_view key : keys) {
      AskView plain = state.ask;
      plain.rent = false;
      if (state.ask.rent && ask_reads_field(plain, key)) why = " with --rent (nothing is bought)";
      plain = state.ask;
      plain.have.clear();
      if (why.empty() && !state.ask.have.empty() && ask_reads_field(plain, key)) why = " with --have (nothing is rented)";
      const std::string more = readers(key);
      if (!more.empty()) who += (who.empty() ? "" : ", ") + more;
    }
    return fail(flag + " does not change the answer to " + goal + why + "; " +
                (who.empty() ? std::string("ask reads it for no goal") : "it is read for " + who));
  };
  if (args.value("--count")) {
    if (!ask_reads_field(state.ask, "ask.n")) return refuse("--count", {"ask.n"});
    if (!read_field_flag(args, "ask", "--count", {"ask"}, state)) return usage();
  }
  if (args.value("--hours-per-day")) {
    const char* section = ask_reads_field(state.ask, "ask.hours") ? "ask" : ask_reads_field(state.ask, "roi.hpd") ? "roi" : nullptr;
    if (!section) return refuse("--hours-per-day", {"ask.hours", "roi.hpd"});
    if (!read_field_flag(args, "ask", "--hours-per-day", {section}, state)) return usage();
  }
  for (const std::string& flag : roi_flags()) {
    const ViewField* field = find_field_by_cli_flag(flag, {"roi"});
    if (field && !args.values(flag).empty() && !ask_reads_field(state.ask, field->link_key)) return refuse(flag, {field->link_key});
  }
  if (!read_field_flags(args, "ask", {"roi"}, state, kAskOwnFlags)) return usage();
  // The owner's cards are the view's card and count: its card figures (--price, --resale ...) are theirs.
  if (state.ask.goal == "own") {
    state.roi.gpu_id = state.ask.have;
    state.roi.gpu_count = state.ask.count;
  }
  return 0;
}

std::string money(double usd) {
  char text[40];
  std::snprintf(text, sizeof text, usd >= 100 ? "$%.0f" : "$%.2f", usd);
  return text;
}

std::string figure_text(const AskAnswer& a) {
  char text[120];
  switch (a.figure) {
    case AskFigure::tokens_per_s:
      std::snprintf(text, sizeof text, "%.1f tokens/s (%.1f to %.1f)", a.value, a.low, a.high);
      break;
    case AskFigure::hours:
      std::snprintf(text, sizeof text, "%.1f h (%.1f to %.1f)", a.value, a.low, a.high);
      break;
    case AskFigure::seconds_per_image:
      std::snprintf(text, sizeof text, "%.2f s/image (%.2f to %.2f)", a.value, a.low, a.high);
      break;
    case AskFigure::held_usd:
      std::snprintf(text, sizeof text, "holds %s at the horizon", money(a.value).c_str());
      break;
  }
  return text;
}

void print_answer(const char* lead, const AskAnswer& a) {
  std::string what;
  for (const AskGpu& g : a.gpus) {
    what += (what.empty() ? "" : " + ") + std::to_string(g.count) + "x " + (g.condition.empty() ? "" : g.condition + " ") + g.name;
  }
  std::string cost;
  if (a.rent) {
    cost = "rent at " + (a.rate ? a.rate->provider + " " + money(a.rate->usd_per_gpu_hour) + "/GPU-h" : std::string("?"));
    if (a.per_month_usd) cost += ", " + money(*a.per_month_usd) + " a month";
    if (a.per_job_usd) cost += ", " + money(*a.per_job_usd) + " for the job";
  } else if (a.way == AskWay::yours) {
    cost = "yours: nothing to buy";
  } else if (is_owner_way(a.way)) {
    cost = a.way == AskWay::sell ? "sell them now" : a.way == AskWay::keep ? "keep them idle" : "rent them out";
    if (a.per_month_usd) cost += (a.way == AskWay::keep ? ", costs " : ", nets ") + money(*a.per_month_usd) + " a month";
  } else {
    cost = "buy for " + (a.outlay_usd ? money(*a.outlay_usd) : std::string("?"));
    if (a.outlay_usd && a.sales_tax_pct > 0) cost += " with " + format_number(a.sales_tax_pct, 2) + " % sales tax";
    if (!a.outlay.machine.empty()) cost += " (" + a.outlay.machine + ")";
  }
  std::printf("%s %s: %s\n", lead, what.c_str(), cost.c_str());
  if (is_owner_way(a.way)) {
    std::printf("     %s\n", figure_text(a).c_str());
  } else {
    std::printf("     %s%s; %s; fits, %.1f GB free; software %s\n", figure_text(a).c_str(),
                a.measured ? " [measured beside]" : "", a.band_measured ? "band measured" : "band not measured",
                a.free_gb, grade_key(a.software));
  }
  for (const TemplateText& c : a.caveats) std::printf("     - %s\n", c.text().c_str());
}

}  // namespace

int run_ask(const Args& args) {
  std::vector<std::string> values = field_flags({"ask", ""});
  for (const std::string& flag : roi_flags()) values.push_back(flag);
  for (const char* flag : {"--gpu", "--model", "--data-dir", "--today"}) values.push_back(flag);
  std::vector<std::string> switches = field_switches({"ask", ""});
  switches.push_back("--json");
  const auto unknown = args.unknown(switches, values);
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  if (!args.value("--goal")) return fail("--goal is required: run, finetune, train, serve, image or own");
  ViewState state;
  if (const int code = read_question(args, state)) return code;
  if (const auto model = args.value("--model"); model && !args.value("--preset")) {
    ViewField alias = view_field("ask.model");
    alias.cli_flag = "--model";
    if (auto problem = apply_cli_value(alias, *model, state)) return fail(problem->text());
  }
  if (args.value("--params-b") && !args.value("--preset") && !args.value("--model")) state.ask.model = "custom";
  if (args.flag("--used") && !args.value("--condition")) state.ask.condition = "used";
  if (state.ask.rent && state.buyer.budget_usd > 0) return fail("--rent and --budget: renting needs no budget; give one of them");
  if (auto problem = check_ask(state.ask, state.buyer)) return fail(problem->text());

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "prices.json"), text)) return 2;
  PriceBook book = load_prices(text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "speed_calibration.json"), text)) return 2;
  const SpeedCalibration speed = load_speed_calibration(text, issues);
  if (!read_file(data_path(args, "image_calibration.json"), text)) return 2;
  const ImageCalibration image = load_image_calibration(text, issues);
  for (const auto& issue : issues) std::fprintf(stderr, "calibration: %s\n", issue.to_string().c_str());
  if (!read_file(data_path(args, "benchmarks.json"), text)) return 2;
  const Benchmarks benchmarks = load_benchmarks(text, catalog);
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable software = load_software(text);
  if (!state.ask.have.empty() && catalog.find(state.ask.have) < 0) return fail("unknown card '" + state.ask.have + "' for --have");

  const AskData data{&catalog, &book, &speed, &image, &benchmarks, &software, &compat};
  const AskResult result = plan_ask(data, state.ask, state.buyer, state.roi);
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(ask_to_json(result), 2).c_str());
    return result.problem ? 1 : 0;
  }
  if (result.problem) {
    std::fprintf(stderr, "gpuwise ask: %s\n", result.problem->text().c_str());
    return 1;
  }
  std::printf("%s %s (prices as of %s, %d ways weighed)\n", state.ask.goal.c_str(), result.model_name.c_str(),
              book.today.c_str(), result.candidates);
  for (const TemplateText& t : result.assumptions) std::printf("  assuming %s\n", t.text().c_str());
  for (std::size_t i = 0; i < result.answers.size(); ++i) {
    print_answer((std::to_string(i + 1) + ".").c_str(), result.answers[i]);
  }
  if (result.nearest) {
    std::printf("Nothing does it as asked. Closest:\n");
    if (result.nearest->within_budget) print_answer("  within budget", *result.nearest->within_budget);
    if (result.nearest->meets_speed) print_answer("  what it takes", *result.nearest->meets_speed);
  }
  if (result.faster_over_budget) print_answer("Faster, over budget:", *result.faster_over_budget);
  if (result.left_out_software > 0) {
    std::printf("%d cards left out: current software cannot run this on them\n", result.left_out_software);
  }
  return 0;
}

}  // namespace gpuwise::cli
