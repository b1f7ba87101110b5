// Every English string that core hands the UI to show (labels, descriptions, sentence
// patterns) has a 简体中文 entry in src/ui/strings_zh.inc. tests/check_translations.py
// covers the literals written in the UI and the I18N() literals of core, and reads core's
// tables through the hidden case "[.i18n-dump]" below, so it also reports stale entries.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <set>
#include <string_view>
#include <unordered_map>

#include "estimate/advisor.h"
#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "catalog/compat.h"
#include "money/job_cost.h"
#include "catalog/metrics.h"
#include "view/presets.h"
#include "money/price_notes.h"
#include "rank/ranking.h"
#include "money/market.h"
#include "money/outlay.h"
#include "money/roi.h"
#include "money/roi_formulas.h"
#include "view/session.h"
#include "money/value.h"
#include "view/share_link.h"
#include "rank/speed_ranking.h"
#include "view/state_json.h"
#include "view/cli_values.h"
#include "view/view_fields.h"
#include "test_support.h"
#include "estimate/vram_fit.h"
#include "text/band_text.h"

namespace {
const std::unordered_map<std::string_view, const char*> kChinese = {
#include "../../src/ui/strings_zh.inc"
};
void require_translation(const std::string& english) {
  INFO("missing in src/ui/strings_zh.inc: {\"" << english << "\", \"...\"},");
  CHECK(kChinese.count(english) == 1);
}
}  // namespace

using namespace gpuwise;

TEST_CASE("profile, metric and preset labels are translated") {
  for (const auto& profile : ranking_profiles()) {
    require_translation(profile.label);
    if (*profile.description) require_translation(profile.description);  // "": the page draws none
  }
  for (const auto& metric : ranking_metrics()) {
    require_translation(metric.label);
    require_translation(metric.description);
  }
  for (const auto& preset : view_presets()) require_translation(preset.label);
  require_translation(scoring_summary());
  require_translation(missing_rule_summary());
}

TEST_CASE("VRAM-fit and advisor sentences and words are translated") {
  for (const auto& pattern : fit_notice_patterns()) require_translation(pattern);
  for (const auto& pattern : advisor_why_patterns()) require_translation(pattern);
  for (const auto& precision : fit_modes()) require_translation(precision);
  for (const char* part : {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead"}) {
    require_translation(part);
  }
  for (const char* key : {"ram", "cpu_cores", "num_workers", "disk", "power_supply", "cores", "per GPU",
                          "hdd", "sata-ssd", "nvme", "nvme-raid0"}) {
    require_translation(key);
  }
}

TEST_CASE("price words shown from the data are translated") {
  for (const char* word : {"new", "used", "on-demand", "spot", "hyperscaler", "gpu-cloud", "marketplace",
                           "china-cloud"}) {
    require_translation(word);
  }
}

// [SECTION] What core's tables hold, as the UI shows it

namespace {

// Calls `add(group, english)` for every string of core's tables that the UI passes to
// tr(); check_translations.py's TRACEABLE list names the UI expressions they feed.
void for_each_core_string(const std::function<void(const char*, const std::string&)>& add) {
  for (const auto& profile : ranking_profiles()) {
    add("profiles", profile.label);
    if (*profile.description) add("profiles", profile.description);
  }
  for (const auto& metric : ranking_metrics()) {
    add("metrics", metric.label);
    add("metrics", metric.description);
  }
  for (const auto& preset : view_presets()) add("presets", preset.label);
  add("ranking method", scoring_summary());
  add("ranking method", missing_rule_summary());
  // The catalog's columns, and the cells the UI translates (CellText): lines, NVLink.
  for (const Column& column : catalog_columns()) add("columns", column.label);
  const Column& line = catalog_columns()[static_cast<std::size_t>(find_column("line"))];
  const Column& nvlink = catalog_columns()[static_cast<std::size_t>(find_column("nvlink"))];
  for (const std::string& key : line_keys()) {
    Gpu gpu;
    gpu.line = key;
    add("line labels", line_label(key));
    add("column cells", column_text(line, gpu));
  }
  const Column& kind = catalog_columns()[static_cast<std::size_t>(find_column("kind"))];
  for (const std::string& key : kind_keys()) {
    Gpu gpu;
    gpu.kind = key;
    add("column cells", column_text(kind, gpu));
  }
  for (bool has_link : {false, true}) {
    Gpu gpu;
    gpu.nvlink = has_link;
    add("column cells", column_text(nvlink, gpu));
  }
  for (const auto& mode : fit_modes()) add("fit modes", mode);
  for (const auto& pattern : fit_notice_patterns()) add("fit notices", pattern);
  for (const auto& pattern : advisor_why_patterns()) add("advisor patterns", pattern);
  for (const auto& part : fit_model(FitView{}).parts) add("fit parts", part.key);
  // Every key, word unit and disk class the advisor can answer with: 1 to 16 cards
  // reading from nothing to more than one NVMe drive sustains.
  Gpu card;
  card.vram_gb = 24;
  card.tdp_w = 450;
  card.gpus_per_board = 1;
  for (int count : {1, 4, 16}) {
    for (double read_mbs : {0.0, 50.0, 300.0, 2000.0, 100000.0}) {
      AdvisorView view;
      view.gpu_count = count;
      view.dataset_read_mbs = read_mbs;
      const AdvisorResult advice = advise(card, view);
      for (const Advice* item : {&advice.ram, &advice.cpu_cores, &advice.num_workers, &advice.disk,
                                 &advice.power_supply}) {
        add("advisor", item->key);
        add("advisor", item->choice.empty() ? item->unit : item->choice);  // what panel_advisor.cpp shows
      }
    }
  }
  card.tdp_w.reset();  // no published board power: the supply is "unknown"
  add("advisor", advise(card, AdvisorView{}).power_supply.choice);
  // The values prices.cpp accepts for condition, pricing and provider_kind.
  for (const char* word : {"new", "used", "on-demand", "spot", "hyperscaler", "gpu-cloud", "marketplace",
                           "china-cloud"}) {
    add("price words", word);
  }
  // Markets and the machine classes an outlay names (market.h, outlay.h).
  for (const MarketInfo& market : kMarkets) add("markets", market.label);
  for (const char* machine : {"desktop", "workstation", "server", "included", "unknown"}) add("machine classes", machine);
  // The input fields' units that are words ("h", "/GPU-hour"): widgets.cpp shows them
  // through tr(field.unit), or the part after "USD" of a money unit through tr(per).
  for (const ViewField& field : view_fields()) {
    const std::string unit = field.unit;
    if (unit.rfind("USD", 0) == 0) {
      if (unit.size() > 3) add("field units", unit.substr(3));
    } else if (!unit.empty()) {
      add("field units", unit);
    }
  }
}

}  // namespace

TEST_CASE("every string of core's tables that the UI shows is translated") {
  for_each_core_string([](const char* group, const std::string& english) {
    INFO(group);
    require_translation(english);
  });
}

// check_translations.py runs this with GPUWISE_I18N_DUMP set: one "group<TAB>english"
// line per string, newlines and backslashes escaped.
TEST_CASE("dump the strings of core's tables for check_translations.py", "[.i18n-dump]") {
  const char* path = std::getenv("GPUWISE_I18N_DUMP");
  REQUIRE(path != nullptr);
  std::ofstream out(path);
  for_each_core_string([&out](const char* group, const std::string& english) {
    std::string escaped;
    for (char c : english) {
      if (c == '\\') escaped += "\\\\";
      else if (c == '\n') escaped += "\\n";
      else escaped += c;
    }
    out << group << '\t' << escaped << '\n';
  });
  REQUIRE(out.good());
}

// [SECTION] Sentences core builds: each pattern it really produces is translated

namespace {
void require_pattern(const TemplateText& text) {
  if (!text.pattern.empty()) require_translation(text.pattern);
}
void require_pattern_translations(const TemplateText& text);  // below
void require_sentence(const TemplateText& text) {  // an empty one: nothing was said
  if (!text.pattern.empty()) require_pattern_translations(text);
}
}  // namespace

TEST_CASE("every sentence the ROI calculator builds is translated") {
  const Catalog& catalog = test::shipped_catalog();
  const PriceBook book = load_prices(test::read_source_file("data/prices.json"), catalog);
  std::vector<RoiView> views;
  RoiView base;
  base.gpu_id = "rtx-4090";
  base.price_usd = 1000;
  base.rate_usd_per_hour = 1;
  base.power_w = 200;
  base.host_power_w = 0;
  base.kwh_price_usd = 0.25;
  base.hours_per_day = 8;
  base.months = 12;
  base.depreciation_pct_per_year = 0;
  base.resale_usd = 0;                         // worth nothing at the end (test_roi.cpp's worked case)
  views.push_back(base);                       // breaks even in month 5
  RoiView resale = base;
  resale.resale_usd = 5000;                    // above the price: a notice, and the resale path
  views.push_back(resale);
  RoiView cheap = base;
  cheap.rate_usd_per_hour = 0.04;              // below the running cost
  views.push_back(cheap);
  RoiView short_horizon = base;
  short_horizon.months = 3;                    // breaks even after the horizon
  views.push_back(short_horizon);
  RoiView idle = base;
  idle.hours_per_day = 0;                      // zero use
  views.push_back(idle);
  RoiView slow = base;
  slow.rate_usd_per_hour = 0.05001;            // more than 100 years
  views.push_back(slow);
  RoiView wild = base;                         // every kind of clamp
  wild.gpu_count = 0;
  wild.kwh_price_usd = std::numeric_limits<double>::quiet_NaN();
  wild.price_usd = std::numeric_limits<double>::infinity();
  views.push_back(wild);
  RoiView unknown;
  unknown.gpu_id = "rtx-9999";
  views.push_back(unknown);
  for (const Gpu& gpu : catalog.gpus) {        // cards without a price or a rate in the data
    RoiView plain;
    plain.gpu_id = gpu.id;
    views.push_back(plain);
  }
  std::set<NeverReason> reasons;
  for (const RoiView& view : views) {
    const RoiResult result = compute_roi(catalog, book, view);
    require_pattern(result.error_text);
    for (const auto& notice : result.notices) require_pattern(notice.text);
    reasons.insert(result.never_reason);
    require_pattern(roi_never_reason(result, "CNY", 7));
    for (const FormulaLine& line : roi_formulas(result, "CNY", 7)) {
      require_pattern(line.label_text);
      require_pattern(line.formula_text);
      require_pattern(line.numbers_text);
      require_pattern(line.result_text);
    }
  }
  CHECK(reasons.size() == 6);  // every NeverReason, none included
}

// Issue 28: what a price says about itself, what an outlay lacks, when support ends, in
// every market and condition, for every card of the shipped data.
TEST_CASE("every sentence about markets, buyer prices, outlays and support is translated") {
  const Catalog& catalog = test::shipped_catalog();
  PriceBook book = load_prices(test::read_source_file("data/prices.json"), catalog);
  book.today = "2026-12-04";
  const Compat compat = load_compat(test::read_source_file("data/cuda.json"));
  std::set<std::string> flags;
  for (const MarketInfo& market : kMarkets) {
    for (bool used : {false, true}) {
      BuyerView buyer;
      buyer.market = market.key;
      buyer.used = used;
      for (const Gpu& gpu : catalog.gpus) {
        const PriceChoice price = buyer_price(catalog, book, gpu.id, buyer);
        require_sentence(buyer_price_text(price));
        for (const TemplateText& flag : price_flags(price)) {
          require_sentence(flag);
          flags.insert(flag.pattern);
        }
        for (int gpus : {1, 2, 9}) require_sentence(machine_outlay(catalog, book, gpu, gpus, buyer).missing);
      }
    }
  }
  CHECK(flags.size() >= 4);  // other market, discontinued, one listing, set aside at least
  for (const Gpu& gpu : catalog.gpus) {
    for (const TemplateText& warning : support_end_warnings(gpu, compat)) require_sentence(warning);
  }
  PriceChoice msrp;
  msrp.kind = PriceKind::launch_msrp;
  require_sentence(buyer_price_text(msrp));
  PriceChoice user;
  user.kind = PriceKind::user;
  require_sentence(buyer_price_text(user));
}

// The cost of a job and the LLM rankings: every sentence and its nested phrases, for
// good input and each kind of bad input the page can show.
TEST_CASE("every sentence the cost of a job and the speed ranking build is translated") {
  const Catalog& catalog = test::shipped_catalog();
  const PriceBook book = load_prices(test::read_source_file("data/prices.json"), catalog);
  std::vector<CatalogIssue> issues;
  const SpeedCalibration cal = load_speed_calibration(test::read_source_file("data/speed_calibration.json"), issues);
  std::vector<JobInput> jobs(1);
  JobInput huge;
  huge.job.preset = "custom";
  huge.job.params_b = 2000;                    // fits no card
  jobs.push_back(huge);
  huge.job.gpu_count = 2;
  jobs.push_back(huge);
  JobInput serve;
  serve.job.kind = "serve";
  jobs.push_back(serve);
  serve.job.tokens_per_day = 1e13;             // no card keeps up
  jobs.push_back(serve);
  serve.job.preset = "llama-3.1-405b";         // fits no card at one GPU
  serve.job.gpu_count = 1;
  jobs.push_back(serve);
  JobInput bad;
  bad.job.tokens_b = 0;
  jobs.push_back(bad);
  bad = JobInput{};
  bad.active_params_b = 100;
  jobs.push_back(bad);
  bad = JobInput{};
  bad.job.gpu_count = 99;
  jobs.push_back(bad);
  bad = JobInput{};
  bad.train_context = 0;
  jobs.push_back(bad);
  bad = JobInput{};
  bad.job.preset = "custom";
  bad.job.params_b = 0;
  jobs.push_back(bad);
  JobInput bad_serve;
  bad_serve.job.kind = "serve";
  bad_serve.job.preset = "nope";
  jobs.push_back(bad_serve);
  bad_serve.job.preset = "llama-3-8b";
  bad_serve.job.tokens_per_day = 0;
  jobs.push_back(bad_serve);
  bad_serve.job.tokens_per_day = 1e6;
  bad_serve.context = 9000;                    // beyond Llama 3 8B's 8192
  jobs.push_back(bad_serve);
  JobInput picky;
  picky.ownership.provider_kinds = {"hyperscaler"};
  jobs.push_back(picky);
  for (const JobInput& job : jobs) {
    const JobCostResult r = job_cost(catalog, book, cal, job);
    CHECK(r.ok == r.error.empty());
    require_sentence(r.error_text);
    for (const JobOption& o : r.options) {
      require_sentence(o.own_missing_text);
      require_sentence(o.rent_missing_text);
    }
    for (const JobWay& way : r.cheapest) {
      require_sentence(money_band_text(way.cost_usd, way.cost_low_usd, way.cost_high_usd, "$", 2));
    }
  }
  require_sentence(money_band_text(2.75, 2.6, 3.4, "$", 2));    // a band with a spread
  require_sentence(money_band_text(2.75, 2.75, 2.75, "$", 2));  // and one without

  std::vector<std::pair<RankingView, FitView>> views;
  RankingView inference;
  inference.profile = "llm-inference";
  views.push_back({inference, FitView{}});
  FitView long_context = FitView{};
  long_context.context = 100000;
  views.push_back({inference, long_context});
  FitView fp32 = FitView{};
  fp32.precision = "fp32";
  views.push_back({inference, fp32});
  FitView custom = FitView{};
  custom.preset = "custom";
  views.push_back({inference, custom});
  RankingView many = inference;
  many.fit_gpu_count = 128;
  views.push_back({many, FitView{}});
  RankingView training = inference;
  training.profile = "llm-training";
  views.push_back({training, FitView{}});
  FitView lora = FitView{};
  lora.mode = "lora";
  views.push_back({training, lora});
  for (const auto& [ranking, fit] : views) {
    const RankedList list = rank_view(catalog, ranking, fit, &cal);
    require_sentence(list.error_text);
    if (!list.speed) continue;
    require_sentence(list.speed->model);
    for (const auto& note : list.speed->notes) require_sentence(note);
  }
  require_sentence(rank_view(catalog, inference, FitView{}, nullptr).error_text);
}

TEST_CASE("why a card has no CUDA is translated") {
  for (const Gpu& gpu : test::shipped_catalog().gpus) require_pattern(test::shipped_compat().no_cuda_why(gpu));
  Gpu other;
  other.vendor = "Moore Threads";
  require_pattern(test::shipped_compat().no_cuda_why(other));
  Gpu unlisted;
  unlisted.vendor = "NVIDIA";
  unlisted.compute_capability = "0.1";
  require_pattern(test::shipped_compat().no_cuda_why(unlisted));
}

TEST_CASE("field labels, units and tab labels are translated") {
  for (const ViewField& field : view_fields()) {
    require_translation(field.label);
    if (field.unit[0] >= 'a' && field.unit[0] <= 'z') require_translation(field.unit);  // words, not GB or W
  }
  for (const TabInfo& tab : kTabs) require_translation(tab.label);
}

namespace {
void require_pattern_translations(const TemplateText& text) {
  if (text.pattern != "{0}") require_translation(text.pattern);  // "{0}": a value, nothing to translate
  for (const auto& inner : text.nested) {
    if (!inner.pattern.empty()) require_pattern_translations(inner);
  }
}
}  // namespace

TEST_CASE("every notice a bad link or saved state gives is a translated pattern") {
  const char* const links[] = {
      "v=x&v=2&foo=1&=x&q=1&q=2&roi.hpd=99&fit.batch=1.5&cat.ymin=1980&roi.price=-5&lang=fr&theme=blue",
      "tab=settings&rank.fits=yes&metric=hashrate&sort=nope&cmp=rtx-9999,RTX%203090,rtx-3090,rtx-3090",
      "cat.hide=nope&w=hashrate:1,vram_gb:abc,fp32_tflops:1,fp32_tflops:2&q=%zz&cat.vendor=,a&rank.cuda=x&fit.model=gpt-9&sel=Bad%20Id",
      "cmp=a,b,c,d,e&q=%FF%01",
  };
  const std::vector<std::string> ids = {"rtx-3090"};
  for (const char* link : links) {
    for (const auto& notice : decode_link(link, ViewState{}, &ids).notice_texts) require_pattern_translations(notice);
  }
  std::string many = "v=1";
  for (int i = 0; i < 30; ++i) many += "&bad" + std::to_string(i) + "=1";
  for (const auto& notice : decode_link(many, ViewState{}, nullptr).notice_texts) require_pattern_translations(notice);
  const json states[] = {
      json::array(),
      json{{"v", "x"}, {"roi", 5}, {"fit", {{"bar", 1}, {"params_b", "x"}}}, {"catalog", {{"vendors", {1, "a"}},
           {"hidden_columns", 5}}}, {"ranking", {{"custom_weights", 3}, {"fits_model", 1}}}},
      json{{"v", 2}},
  };
  for (const json& state : states) {
    for (const auto& notice : view_state_from_json(state, ViewState{}, nullptr).notice_texts) {
      require_pattern_translations(notice);
    }
  }
  require_pattern_translations(link_notice({"{0}", {"x"}}));
  for (const auto& notice : start_view("", "{not json", "en", nullptr).notice_texts) require_pattern_translations(notice);
  for (const auto& notice : start_view("", R"({"lang": 1})", "en", nullptr).notice_texts) {
    require_pattern_translations(notice);
  }
  ViewState s;
  require_pattern_translations(*apply_cli_value(view_field("roi.hpd"), "99", s));
}

namespace {
// A sentence and every phrase nested in it.
void require_all_patterns(const TemplateText& text) {
  require_pattern(text);
  for (const TemplateText& inner : text.nested) require_all_patterns(inner);
}
}  // namespace

TEST_CASE("every sentence about price ages, stale prices and provider kinds is translated") {
  const Catalog& catalog = test::shipped_catalog();
  PriceBook book = load_prices(test::read_source_file("data/prices.json"), catalog);
  book.today = "2026-12-02";
  for (ProviderKind kind : kProviderKinds) require_translation(provider_kind_label(kind));
  for (ProviderKindSet kinds = 1; kinds <= kAllProviderKinds; ++kinds) require_all_patterns(provider_kinds_text(kinds));
  for (int months : {0, 1, 7, 30}) require_all_patterns(price_age_text(PriceAge{true, months, months > 12}));
  require_all_patterns(stale_mark(PriceAge{true, 30, true}));
  for (int count : {1, 3}) require_all_patterns(value_stale_notice(count));
  for (const char* today : {"2026-12-02", "2040-01-01", ""}) {
    book.today = today;
    for (const Gpu& gpu : catalog.gpus) {
      const CardPrices prices = card_prices(catalog, book, gpu.id);
      require_all_patterns(price_source_text(prices.price));
      if (prices.rate) require_all_patterns(rate_source_text(*prices.rate, prices.rate_age));
      RoiView view;
      view.gpu_id = gpu.id;
      const RoiResult result = compute_roi(catalog, book, view);
      require_all_patterns(result.error_text);
      require_all_patterns(roi_rate_note(result));
      for (const TemplateText& notice : roi_stale_notices(result)) require_all_patterns(notice);
      view.provider_kinds = {"china-cloud"};
      require_all_patterns(compute_roi(catalog, book, view).error_text);
    }
  }
}
