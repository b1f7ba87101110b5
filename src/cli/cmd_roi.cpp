// gpuwise roi --gpu ID [...] [--json]: buy vs rent with the same core function the page
// calls (compute_roi); without --json, the formulas with their numbers.
#include <cctype>
#include <cstdio>
#include <string>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "cli.h"
#include "money/price_notes.h"
#include "money/prices.h"
#include "money/roi.h"
#include "money/roi_formulas.h"
#include "money/roi_json.h"
#include "text/json_util.h"
#include "view/view_fields.h"
#include "view/view_state.h"

namespace gpuwise::cli {
namespace {

// The usage, its flags from the field table: a new roi.* row with a flag is listed here too.
std::string usage() {
  std::string text = "usage: gpuwise roi --gpu ID";
  std::size_t line = text.size();
  const auto add = [&](const std::string& word) {
    if (line + word.size() + 1 > 100) {
      text += "\n                  ";
      line = 18;
    }
    text += " " + word;
    line += word.size() + 1;
  };
  for (const ViewField& field : view_fields()) {
    if (std::string(field.section) != "roi" || !*field.cli_flag || std::string(field.cli_flag) == "--gpu") continue;
    // The unit as one word, like the other commands' placeholders: "% per year" -> PCT_PER_YEAR.
    std::string value;
    for (char c : std::string(field.kind == FieldKind::whole ? "N" : field.unit)) {
      value += c == '%' ? "PCT" : c == ' ' ? "_" : std::string(1, static_cast<char>(std::toupper(c)));
    }
    if (field.kind == FieldKind::list) {  // the words it takes: hyperscaler,gpu-cloud,...
      value.clear();
      for (const char* choice : field.choices) value += (value.empty() ? "" : ",") + std::string(choice);
    }
    add("[" + std::string(field.cli_flag) + (value.empty() ? "" : " " + value) + "]");
  }
  for (const char* word : {"[--market us|eu|cn]", "[--used]", "[--budget USD]", "[--budget-covers machine|cards]",
                           "[--json]", "[--data-dir DIR]", "[--today YYYY-MM-DD]"}) {
    add(word);
  }
  return text + "\n"
         "Money is USD per GPU unless named; absent price, rate and power come from data: the\n"
         "market's price (new, or --used), the machine the cards need, the market's electricity.\n"
         "The default rate is the cheapest on-demand rate among --provider-kinds (default: the\n"
         "market's kinds: China clouds in cn; hyperscalers, GPU clouds and marketplaces elsewhere).\n"
         "A price or rate from data older than 12 months (as of --today, default: today) is stale.\n";
}

// One line per stale figure the calculation took from data, before the formulas.
void print_stale_notes(const RoiDefaults& d, const std::string& today) {
  const auto note = [&](const char* what, const PriceAge& age, const std::string& date) {
    if (age.stale) {
      std::printf("stale: the %s is from %s, %d months before %s\n", what, date.c_str(), age.months, today.c_str());
    }
  };
  if (d.price.kind == PriceKind::street_new || d.price.kind == PriceKind::street_used) {
    note("price", d.price.age, d.price.date_seen);
  }
  if (d.rate) note("rate", d.rate_age, d.rate->date_seen);
  if (d.used_price) note("used price", d.used_price_age, d.used_price->date_seen);
}

}  // namespace

int run_roi(const Args& args) {
  // Every value flag is the table's (src/core/view/view_fields.cpp): its name, type and range.
  std::vector<std::string> values = field_flags({"roi", ""});
  values.push_back("--data-dir");
  values.push_back("--today");
  std::vector<std::string> switches = field_switches({""});
  switches.push_back("--json");
  const auto unknown = args.unknown(switches, values);
  const auto gpu = args.value("--gpu");
  if (!unknown.empty() || !gpu) {
    if (!unknown.empty()) std::fprintf(stderr, "gpuwise roi: unknown option '%s'\n", unknown.front().c_str());
    std::fprintf(stderr, "%s", usage().c_str());
    return 2;
  }
  ViewState state;
  if (!read_field_flags(args, "roi", {"roi", ""}, state)) return 2;
  RoiView view = state.roi;

  std::string gpus_text, prices_text;
  if (!read_file(data_path(args, "gpus.json"), gpus_text)) return 1;
  if (!read_file(data_path(args, "prices.json"), prices_text)) return 1;
  const Catalog catalog = load_catalog(gpus_text);
  PriceBook book = load_prices(prices_text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "gpus.json: %s\n", issue.to_string().c_str());
  for (const auto& issue : book.issues) std::fprintf(stderr, "prices.json: %s\n", issue.to_string().c_str());

  if (catalog.find(view.gpu_id) < 0) {
    std::fprintf(stderr, "gpuwise roi: unknown GPU id '%s' (gpuwise catalog --json lists the ids)\n",
                 view.gpu_id.c_str());
    return 2;
  }
  const RoiResult result = compute_roi(catalog, book, view, state.buyer);
  // The owner's warning: when CUDA or PyTorch drop the card, its rental value goes too.
  std::vector<TemplateText> support;
  std::string compat_text;
  if (read_file(data_path(args, "cuda.json"), compat_text)) {
    support = support_end_warnings(catalog.gpus[static_cast<std::size_t>(catalog.find(view.gpu_id))],
                                   load_compat(compat_text));
  }
  for (const auto& notice : result.notices) std::fprintf(stderr, "notice: %s\n", notice.message.c_str());
  if (!result.ok) std::fprintf(stderr, "gpuwise roi: %s (--price USD / --rate USD_PER_HOUR)\n", result.error.c_str());

  if (args.flag("--json")) {
    json out = roi_to_json(result);
    out["buyer"] = {{"market", state.buyer.market}, {"used", state.buyer.used}};
    out["support_warnings"] = json::array();
    for (const TemplateText& warning : support) out["support_warnings"].push_back(warning.text());
    if (state.buyer.budget_usd > 0) {
      out["buyer"]["budget_usd"] = state.buyer.budget_usd;
      out["buyer"]["budget_covers"] = state.buyer.budget_covers;
      out["buyer"]["within_budget"] = within_budget(result.defaults.outlay, state.buyer);
    }
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else if (result.ok) {
    std::printf("%s x %d\n", result.figures.gpu_name.c_str(), result.view.gpu_count);
    const Gpu& card = catalog.gpus[static_cast<std::size_t>(catalog.find(view.gpu_id))];
    if (price_is_for_machine(card)) std::printf("%s\n", machine_price_note());
    print_stale_notes(result.defaults, book.today);
    if (result.defaults.rate) std::printf("%s\n", roi_rate_note(result).text().c_str());
    for (const TemplateText& warning : support) std::printf("support: %s\n", warning.text().c_str());
    for (const auto& line : roi_formulas(result)) {
      std::printf("%s\n  %s\n  = %s\n  = %s\n", line.label.c_str(), line.formula.c_str(), line.numbers.c_str(),
                  line.result.c_str());
    }
  }
  return result.ok ? 0 : 1;
}

}  // namespace gpuwise::cli
