// gpuwise rank: the ranking tab from the command line, through the same rank().
#include <cmath>
#include <cstdio>
#include <sstream>

#include "catalog/catalog.h"
#include "cli.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/gates.h"
#include "text/json_util.h"
#include "money/market.h"
#include "money/outlay.h"
#include "rank/buyer_ranking.h"
#include "rank/ranking.h"
#include "estimate/speed.h"
#include "rank/speed_ranking.h"
#include "rank/vision_ranking.h"
#include "view/view_fields.h"
#include "estimate/vram_fit.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise rank [--profile cnn|rnn|llm-inference|llm-training|fp64|custom] [--metric NAME]\n"
    "                    [--weights METRIC=W,METRIC=W...] [--min-vram GB] [--max-price USD]\n"
    "                    [--year-min YEAR] [--vendor NVIDIA,AMD] [--cuda X.Y|X.x] [--pytorch X.Y]\n"
    "                    [--pytorch-any X.Y] [--on-cuda] [--unified-memory]\n"
    "                    [--top N] [--fits-on N [--preset ID | --params-b B] [--precision P] [--mode M]\n"
    "                    [--context N] [--batch N] [--layers N] [--kv-heads N] [--head-dim N] [--hidden N]]\n"
    "                    [--market us|eu|cn] [--used] [--budget USD] [--budget-covers machine|cards]\n"
    "                    [--outlay-sort total|value] [--json] [--data-dir DIR] [--today YYYY-MM-DD]\n"
    "--fits-on N keeps the cards of which N hold the model (the fit flags, as for gpuwise fit),\n"
    "like the ranking tab's \"fits my model on N GPUs\".\n"
    "llm-inference and llm-training rank by the speed model's tokens/s for that model (default\n"
    "Llama 3 8B, bf16, context 8192) among the cards of which N (default 1) hold it.\n"
    "Prices are the market's (--market, default us), new or --used; --max-price caps one card's\n"
    "price, --budget the whole outlay (cards and the machine they need; --budget-covers cards:\n"
    "the cards alone). With a budget the LLM profiles rank each card on the fewest GPUs (1 to 8)\n"
    "that hold the model. Money is USD.\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "gpuwise rank: %s\n%s", message.c_str(), kUsage);
  return 2;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator)) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

// "fp32_tflops=3,memory_bandwidth_gbs=1" -> weights; false with a message when malformed.
bool parse_weights(const std::string& text, std::vector<MetricWeight>& out, std::string& message) {
  for (const auto& pair : split(text, ',')) {
    const auto eq = pair.find('=');
    const auto weight = eq == std::string::npos ? std::nullopt : read_number(pair.substr(eq + 1));  // as in links
    if (!weight) {
      message = "--weights wants METRIC=NUMBER pairs separated by commas (got '" + pair + "')";
      return false;
    }
    out.push_back({pair.substr(0, eq), *weight});
  }
  return true;
}

}  // namespace

int run_rank(const Args& args) {
  // The value flags are the table's (src/core/view/view_fields.cpp), the ranking's and,
  // for --fits-on, the VRAM fit's.
  std::vector<std::string> values = field_flags({"ranking", "fit", ""});
  values.push_back("--data-dir");
  values.push_back("--today");
  std::vector<std::string> switches = field_switches({"ranking", ""});
  switches.push_back("--json");
  const auto unknown = args.unknown(switches, values);
  if (!unknown.empty()) return usage_error("unknown option " + unknown[0]);

  ViewState state;
  // --cuda and --pytorch also take "12.x" here (compat.h), which links do not.
  if (!read_field_flags(args, "rank", {"ranking", ""}, state, {"--top", "--cuda", "--pytorch"})) return 2;
  const BuyerView& buyer = state.buyer;
  RankingView& view = state.ranking;
  if (auto v = args.value("--cuda")) view.cuda = *v;
  if (auto v = args.value("--pytorch")) view.pytorch = *v;
  if (auto v = args.value("--weights")) {
    std::string message;
    if (!parse_weights(*v, view.custom_weights, message)) return usage_error(message);
    if (!args.value("--profile")) view.profile = "custom";
  }
  long top = -1;  // all
  if (args.value("--top")) {
    ViewState with_top;
    if (!read_field_flag(args, "rank", "--top", {"ranking"}, with_top)) return 2;
    top = with_top.ranking.top_n;
  }
  view.fits_model = args.value("--fits-on").has_value();
  bool fit_flags = false;
  for (const auto& flag : field_flags({"fit"})) fit_flags = fit_flags || args.value(flag);
  // The LLM profiles always rank a model (the speed estimate), so they take its flags alone.
  const bool by_speed = ranks_by_speed(view);
  if (fit_flags && !view.fits_model && !by_speed) return usage_error("the model flags need --fits-on N");
  if (!read_fit_flags(args, "rank", state.fit)) return 2;
  // Check the profile and metric before touching files, so a typo exits 2 every time.
  if (!view.metric.empty() && !find_ranking_metric(view.metric)) {
    return usage_error(rank(Catalog{}, view).error);
  }
  if (view.metric.empty() && !find_ranking_profile(view.profile)) return usage_error(rank(Catalog{}, view).error);

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());

  // cuda.json and software.json: the compatibility filters, and the software gate every
  // ranking of a workload passes through (issue 29), as the page's.
  Compat compat;
  std::string compat_text;
  if (!read_file(data_path(args, "cuda.json"), compat_text)) return 1;
  compat = load_compat(compat_text);
  for (const auto& issue : compat.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  std::string software_text;
  if (!read_file(data_path(args, "software.json"), software_text)) return 1;
  const SoftwareTable software = load_software(software_text);
  for (const auto& issue : software.issues) std::fprintf(stderr, "software.json: %s\n", issue.to_string().c_str());

  // The CNN and RNN profiles rank by measured runs first: the calibration and benchmarks.json.
  const bool by_vision = ranks_by_vision(view);
  Benchmarks benchmarks;
  if (by_vision) {
    std::string benchmarks_text;
    if (!read_file(data_path(args, "benchmarks.json"), benchmarks_text)) return 1;
    benchmarks = load_benchmarks(benchmarks_text, catalog);
    for (const auto& issue : benchmarks.issues) std::fprintf(stderr, "benchmarks.json: %s\n", issue.to_string().c_str());
  }
  SpeedCalibration calibration;
  if (by_speed || by_vision) {
    std::string calibration_text;
    if (!read_file(data_path(args, "speed_calibration.json"), calibration_text)) return 1;
    std::vector<CatalogIssue> issues;
    calibration = load_speed_calibration(calibration_text, issues);
    for (const auto& issue : issues) std::fprintf(stderr, "speed_calibration.json: %s\n", issue.to_string().c_str());
  }
  std::string prices_text;
  if (!read_file(data_path(args, "prices.json"), prices_text)) return 1;
  PriceBook book = load_prices(prices_text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  for (const auto& issue : book.issues) std::fprintf(stderr, "prices.json: %s\n", issue.to_string().c_str());
  // The ranking tab's own function: the same list the page shows for this view.
  // The buyer's prices and budget (rank/buyer_ranking.h) after the software gate, as the page.
  const BuyerRanking ranked =
      rank_for_buyer(catalog, book, view, state.fit, buyer, by_speed || by_vision ? &calibration : nullptr, &compat,
                     &software, by_vision ? &benchmarks : nullptr);
  const RankedList& list = ranked.list;
  if (!list.error.empty()) return usage_error(list.error);
  const bool vision = ranks_by_vision(view);
  const std::string unit_words = list.speed && list.speed->unit == "images_per_s" ? "images/s" : "tokens/s";
  const std::size_t count = top < 0 ? list.rows.size() : std::min(list.rows.size(), static_cast<std::size_t>(top));

  if (args.flag("--json")) {
    json weights = json::array();
    for (const auto& w : list.weights) weights.push_back({{"metric", w.metric}, {"weight", w.weight}});
    json results = json::array();
    for (std::size_t i = 0; i < count; ++i) {
      const RankedGpu& row = list.rows[i];
      const Gpu& gpu = catalog.gpus[row.gpu_index];
      json result = {{"rank", i + 1},
                     {"id", gpu.id},
                     {"name", gpu.name},
                     {"kind", gpu.kind},
                     {"price_is_for_machine", price_is_for_machine(gpu)},
                     {"score", row.score ? json(display_score(*row.score)) : json(nullptr)},
                     {"missing_metrics", list.missing_metrics(row)},
                     {"estimated_metrics", list.estimated_metrics(row)}};
      if (list.speed) {
        // The rate in its own unit: tokens_per_s (LLM profiles), images_per_s (ResNet-50).
        result[list.speed->unit] = row.tokens_per_s ? json(std::round(*row.tokens_per_s * 10) / 10) : json(nullptr);
        if (vision) {
          result["measured"] = row.measured_rate;
        } else {
          result["needed_gb"] = std::round(row.needed_gb * 100) / 100;
        }
      }
      const RowOutlay& priced = ranked.outlays[i];
      result["gpus"] = priced.gpus;
      result["outlay"] = outlay_to_json(priced.outlay);
      result[list.speed ? list.speed->unit + "_per_1000_usd" : "score_per_1000_usd"] =
          priced.per_1000_usd ? json(std::round(*priced.per_1000_usd * 100) / 100) : json(nullptr);
      results.push_back(result);
    }
    json out = {{"profile", list.profile}, {"metric", list.metric}, {"label", list.metric_label},
                {"weights", weights},      {"results", results}};
    out["buyer"] = {{"market", buyer.market},
                    {"used", buyer.used},
                    {"budget_usd", buyer.budget_usd > 0 ? json(buyer.budget_usd) : json(nullptr)},
                    {"budget_covers", buyer.budget_covers},
                    {"fewest_gpus", ranked.fewest_gpus},
                    {"over_budget", ranked.over_budget},
                    {"unpriced", ranked.unpriced},
                    {"unpriced_machine", ranked.unpriced_machine}};
    if (ranked.cheapest_over) {
      out["buyer"]["cheapest_over_budget"] = {
          {"id", catalog.gpus[static_cast<std::size_t>(ranked.cheapest_over_index)].id},
          {"gpus", ranked.cheapest_over->gpus},
          {"outlay", outlay_to_json(ranked.cheapest_over->outlay)}};
    }
    if (ranked.by_budget && list.speed) {
      json faster = json::array();
      for (const auto& option : ranked.faster_over) {
        faster.push_back({{"id", catalog.gpus[static_cast<std::size_t>(option.gpu_index)].id},
                          {"gpus", option.priced.gpus},
                          {"tokens_per_s", std::round(option.tokens_per_s * 10) / 10},
                          {"outlay", outlay_to_json(option.priced.outlay)}});
      }
      out["buyer"]["faster_over_budget"] = faster;
    }
    if (list.speed) {
      json notes = json::array();
      for (const auto& note : list.speed->notes) notes.push_back(note.text());
      out["speed"] = {{"phase", list.speed->phase},
                      {"model", list.speed->model.text()},
                      {"unit", list.speed->unit},
                      {"measured", list.speed->measured},
                      {"gpus", list.speed->gpus},
                      {"not_fitting", list.speed->not_fitting},
                      {"notes", notes}};
    }
    add_gate_json(list.software_gate, out);
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else {
    std::printf("%s: %zu cards (%d scored)\n", list.metric_label.c_str(), list.rows.size(), list.scored_count);
    if (ranked.by_budget) {
      std::printf("within %s USD for the %s, market %s, %s: %d cards over budget, %d without a price (%d of them: no "
                  "sourced machine holds that many cards)\n",
                  format_number(buyer.budget_usd, 0).c_str(), buyer.budget_covers == "cards" ? "cards" : "whole machine",
                  buyer.market.c_str(), buyer.used ? "used" : "new", ranked.over_budget, ranked.unpriced,
                  ranked.unpriced_machine);
      if (ranked.cheapest_over && ranked.cheapest_over->outlay.total_usd) {
        std::printf("cheapest over budget: %d GPU(s) of %s, %s USD\n", ranked.cheapest_over->gpus,
                    catalog.gpus[static_cast<std::size_t>(ranked.cheapest_over_index)].name.c_str(),
                    format_number(*ranked.cheapest_over->outlay.budget_usd(buyer.budget_covers), 0).c_str());
      }
      // The trade-off above the budget: what more speed would take.
      for (const auto& option : ranked.faster_over) {
        std::printf("faster, over budget: %d GPU(s) of %s, %s tokens/s for %s USD\n", option.priced.gpus,
                    catalog.gpus[static_cast<std::size_t>(option.gpu_index)].name.c_str(),
                    format_number(option.tokens_per_s, 1).c_str(),
                    format_number(*option.priced.outlay.budget_usd(buyer.budget_covers), 0).c_str());
      }
    }
    for (const LeftOut& left : list.software_gate.left_out) {
      std::printf("left out: %s: %s\n", left.name.c_str(),
                  workload_sentence(left.support).c_str());
    }
    if (list.speed && vision) {
      std::printf("ranked by %s for %s: %d cards by their own measured runs, the rest estimated\n",
                  unit_words.c_str(), list.speed->model.text().c_str(), list.speed->measured);
    } else if (list.speed) {
      std::printf("estimated %s tokens/s for %s; %d cards do not hold it\n", list.speed->phase.c_str(),
                  list.speed->model.text().c_str(), list.speed->not_fitting);
      for (const auto& note : list.speed->notes) std::printf("note: %s\n", note.text().c_str());
    }
    for (std::size_t i = 0; i < count; ++i) {
      const RankedGpu& row = list.rows[i];
      std::string marks;
      for (const auto& key : list.missing_metrics(row)) marks += " missing:" + key;
      for (const auto& key : list.estimated_metrics(row)) marks += " estimated:" + key;
      if (row.tokens_per_s) {
        marks += "  " + format_number(*row.tokens_per_s, 1) + " " + unit_words + (row.measured_rate ? " (measured)" : "");
      }
      const RowOutlay& priced = ranked.outlays[i];
      const Outlay& o = priced.outlay;
      if (o.total_usd || o.cards_usd) {
        // Asked for used, a card without a used price says which price stands in for it.
        const bool no_used = buyer.used && o.card_price.kind != PriceKind::street_used;
        const char* condition = o.card_price.kind == PriceKind::street_used ? "used"
                                : o.card_price.kind == PriceKind::launch_msrp
                                    ? (no_used ? "launch MSRP, no used price" : "launch MSRP")
                                    : (no_used ? "new, no used price" : "new");
        marks += "  " + std::to_string(priced.gpus) + " GPU" + (priced.gpus == 1 ? "" : "s") + ": " +
                 std::to_string(o.boards) + " x " +
                 (o.card_price.found() ? format_number(o.card_price.usd_per_board, 0) + " USD " + condition
                                       : std::string("?"));
        // A price from the nearest market (no price in the buyer's) says which market.
        if (o.card_price.found() && !o.card_price.market.empty() && o.card_price.market != buyer.market) {
          marks += " (" + o.card_price.market + " price)";
        }
        if (o.total_usd) {
          std::string host = o.machine;
          if (o.machine_row && o.machine_row->pcie_lanes > 0 && o.boards > 1) {
            host += " x" + std::to_string(o.machine_row->pcie_lanes) + " per card";
          }
          marks += o.machine == "included" ? std::string(" (machine included)")
                                           : " + " + host + " " + format_number(*o.machine_usd, 0) + " USD";
          marks += " = " + format_number(*o.total_usd, 0) + " USD";
        } else {
          marks += " (machine: " + o.missing.text() + ")";
        }
        if (priced.per_1000_usd) marks += ", " + format_number(*priced.per_1000_usd, 2) + " per 1000 USD";
      }
      if (o.passive_cooling) marks += " (passive card: needs a server's airflow or added fans, not priced)";
      // A system's price is the whole machine's (data/README.md, `kind`).
      if (price_is_for_machine(catalog.gpus[row.gpu_index])) marks += " (system: price is for the machine)";
      if (const WorkloadSupport* mark = list.software_gate.mark(catalog.gpus[row.gpu_index].id)) {
        marks += std::string(" [software: ") + grade_key(mark->grade) + (mark->until.empty() ? "" : ", ends " + mark->until) + "]";
      }
      std::printf("%4zu  %6s  %-40s%s\n", i + 1, format_score(row.score).c_str(),
                  catalog.gpus[row.gpu_index].name.c_str(), marks.c_str());
    }
  }
  return catalog.error_count() > 0 || compat.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
