// The field table: one row per ViewField, built once (view_fields()), and the lookups
// by link key and CLI flag. What a row means is in view_fields.h; the code that walks
// the rows is in field_ops.cpp, field_applier.cpp and cli_values.cpp.
#include "view/view_fields.h"

#include <cstdlib>
#include <utility>

#include "catalog/software.h"
#include "estimate/image.h"
#include "estimate/speed_view.h"
#include "estimate/vram_fit.h"
#include "money/prices.h"
#include "rank/ranking.h"

namespace gpuwise {
namespace {

// [SECTION] The table. REF(type, path) is the accessor for one field of a ViewState,
// to write and to read.
#define REF(type, path) \
  StateRef<type> { \
    [](ViewState& s) -> type& { return s.path; }, [](const ViewState& s) -> const type& { return s.path; } \
  }

ViewField base_field(const char* link, const char* section, const char* name, FieldKind kind) {
  ViewField f;
  f.link_key = link;
  f.section = section;
  f.name = name;
  f.kind = kind;
  return f;
}

ViewField text_field(const char* link, const char* section, const char* name, TextRule rule, int max_chars,
                     bool empty_ok, StateRef<std::string> text, std::vector<const char*> choices = {}) {
  ViewField f = base_field(link, section, name, FieldKind::text);
  f.rule = rule;
  f.choices = std::move(choices);
  f.max_chars = max_chars;
  f.empty_ok = empty_ok;
  f.ref = text;
  return f;
}

ViewField choice_field(const char* link, const char* section, const char* name, std::vector<const char*> choices,
                       StateRef<std::string> text) {
  return text_field(link, section, name, TextRule::choice, limits::kKeyMaxChars, false, text, std::move(choices));
}

ViewField list_field(const char* link, const char* section, const char* name, TextRule rule, int max_chars,
                     int max_count, StateRef<std::vector<std::string>> list) {
  ViewField f = base_field(link, section, name, FieldKind::list);
  f.rule = rule;
  f.max_chars = max_chars;
  f.max_count = max_count;
  f.ref = list;
  return f;
}

ViewField number_field(const char* link, const char* section, const char* name, NumberRange range,
                       StateRef<double> number) {
  ViewField f = base_field(link, section, name, FieldKind::number);
  f.range = range;
  f.ref = number;
  return f;
}

ViewField whole_field(const char* link, const char* section, const char* name, NumberRange range,
                      StateRef<int> whole) {
  ViewField f = base_field(link, section, name, FieldKind::whole);
  f.range = range;
  f.ref = whole;
  return f;
}

ViewField optional_field(const char* link, const char* section, const char* name, NumberRange range,
                         StateRef<std::optional<double>> optional_number) {
  ViewField f = base_field(link, section, name, FieldKind::optional_number);
  f.range = range;
  f.ref = optional_number;
  return f;
}

ViewField flag_field(const char* link, const char* section, const char* name, StateRef<bool> flag) {
  ViewField f = base_field(link, section, name, FieldKind::flag);
  f.ref = flag;
  return f;
}

ViewField card_field(const char* link, const char* section, const char* name, bool empty_ok,
                     StateRef<std::string> text) {
  return text_field(link, section, name, TextRule::card_id, limits::kKeyMaxChars, empty_ok, text);
}

// Choices come from the modules that define them, so a new profile or precision is
// valid in links without touching this file.
std::vector<const char*> keys_of(const std::vector<std::string>& words) {
  std::vector<const char*> out;
  for (const auto& word : words) out.push_back(word.c_str());  // the vectors are static
  return out;
}

std::vector<const char*> preset_keys() {
  std::vector<const char*> out;
  for (const auto& preset : model_presets()) out.push_back(preset.id);  // a static table
  return out;
}

std::vector<const char*> quant_keys() {
  std::vector<const char*> out;
  for (const auto& quant : quantisations()) out.push_back(quant.id.c_str());  // a static table
  return out;
}

// Issue 29: software support filters and the Images tab take their choices from core's tables.
std::vector<const char*> support_filter_keys() {
  std::vector<const char*> out;
  for (const SupportFilter& f : support_filters()) out.push_back(f.key);
  return out;
}
std::vector<const char*> image_model_keys() {
  std::vector<const char*> out;
  for (const ImageModel& m : image_models()) out.push_back(m.id);
  return out;
}
std::vector<const char*> image_precision_keys() {
  std::vector<const char*> out;
  for (const ImagePrecision& p : image_precisions()) out.push_back(p.id);
  return out;
}

// Issue 30: Ask's goals, and its models: the language-model presets, "custom" (a size) and
// the image models, one list (the goal decides which apply; plan_ask says when one does not).
std::vector<const char*> ask_goal_keys() {
  std::vector<const char*> out;
  for (const AskGoal& goal : kAskGoals) out.push_back(goal.key);
  return out;
}
std::vector<const char*> ask_model_keys() {
  std::vector<const char*> out = preset_keys();
  out.push_back("custom");
  for (const ImageModel& m : image_models()) out.push_back(m.id);
  return out;
}

std::vector<const char*> profile_keys() {
  std::vector<const char*> out;
  for (const auto& profile : ranking_profiles()) out.push_back(profile.key);
  return out;
}

// The page's words for a field: label (English, translated by the UI), unit, CLI flag.
ViewField said(ViewField f, const char* label, const char* unit = "", const char* cli_flag = "") {
  f.label = label;
  f.unit = unit;
  f.cli_flag = cli_flag;
  return f;
}

// An input of the section's "More" list (ViewField::more).
ViewField more(ViewField f) {
  f.more = true;
  return f;
}

std::vector<ViewField> build_fields() {
  using namespace limits;
  const int any = kFilterValueMaxChars;
  std::vector<ViewField> f;
  ViewField tab = base_field("tab", "", "tab", FieldKind::tab);
  tab.ref = REF(Tab, tab);
  f.push_back(said(tab, I18N("Tab")));
  f.push_back(said(choice_field("lang", "", "language", {"en", "zh"}, REF(std::string, language)), I18N("Language")));
  f.push_back(said(choice_field("cur", "", "currency", {"auto", "USD", "EUR", "CNY"}, REF(std::string, currency)),
                   I18N("Currency")));
  f.push_back(said(number_field("cny", "", "cny_per_usd", kCnyPerUsd, REF(double, cny_per_usd)),
                   I18N("CNY per USD"), "CNY"));
  // [issue 28] The buyer: market, used cards, budget on the whole outlay (money/market.h).
  f.push_back(said(number_field("eur", "", "eur_per_usd", kEurPerUsd, REF(double, eur_per_usd)),
                   I18N("EUR per USD"), "EUR"));
  {
    std::vector<const char*> markets;
    for (const MarketInfo& market : kMarkets) markets.push_back(market.key);
    f.push_back(said(choice_field("mkt", "", "market", markets, REF(std::string, buyer.market)), I18N("Market"), "",
                     "--market"));
  }
  f.push_back(said(flag_field("used", "", "used", REF(bool, buyer.used)), I18N("Used cards"), "", "--used"));
  f.push_back(said(number_field("budget", "", "budget_usd", kBudgetUsd, REF(double, buyer.budget_usd)),
                   I18N("Budget"), "USD", "--budget"));
  f.push_back(said(choice_field("bcov", "", "budget_covers", {"machine", "cards"}, REF(std::string, buyer.budget_covers)),
                   I18N("Budget covers"), "", "--budget-covers"));
  f.push_back(said(text_field("osort", "", "outlay_sort", TextRule::choice, kKeyMaxChars, true,
                              REF(std::string, buyer.outlay_sort), {"total", "value"}),
                   I18N("Order by outlay"), "", "--outlay-sort"));
  f.push_back(said(choice_field("theme", "", "theme", {"auto", "light", "dark"}, REF(std::string, theme)), I18N("Theme")));

  f.push_back(said(text_field("q", "catalog", "search", TextRule::any, kSearchMaxChars, true,
                              REF(std::string, catalog.search)), I18N("Search")));
  f.push_back(said(list_field("cat.vendor", "catalog", "vendors", TextRule::any, any, kFilterMaxValues,
                              REF(std::vector<std::string>, catalog.vendors)), I18N("Vendor")));
  f.push_back(said(list_field("cat.line", "catalog", "lines", TextRule::any, any, kFilterMaxValues,
                              REF(std::vector<std::string>, catalog.lines)), I18N("Line")));
  f.push_back(said(list_field("cat.series", "catalog", "series", TextRule::any, any, kFilterMaxValues,
                              REF(std::vector<std::string>, catalog.series)), I18N("Series")));
  f.push_back(said(list_field("cat.arch", "catalog", "architectures", TextRule::any, any, kFilterMaxValues,
                              REF(std::vector<std::string>, catalog.architectures)), I18N("Architecture")));
  f.push_back(said(number_field("cat.vram", "catalog", "min_vram_gb", kMinVramGb, REF(double, catalog.min_vram_gb)),
                   I18N("Min VRAM"), "GB"));
  f.push_back(said(whole_field("cat.ymin", "catalog", "year_min", kYear, REF(int, catalog.year_min)), I18N("From year")));
  f.push_back(said(whole_field("cat.ymax", "catalog", "year_max", kYear, REF(int, catalog.year_max)), I18N("To year")));
  f.push_back(said(text_field("cat.torch", "catalog", "pytorch_any", TextRule::version, kVersionMaxChars, true,
                              REF(std::string, catalog.pytorch_any)),
                   I18N("Runs PyTorch (any backend)"), "", "--pytorch-any"));
  f.push_back(said(flag_field("cat.cuda", "catalog", "cuda_only", REF(bool, catalog.cuda_only)), I18N("Runs on CUDA"),
                   "", "--on-cuda"));
  f.push_back(said(flag_field("cat.unified", "catalog", "unified_only", REF(bool, catalog.unified_only)),
                   I18N("Unified memory"), "", "--unified-memory"));
  {  // issue 29: "runs vLLM", "QLoRA works" (catalog/software.h support_filters())
    ViewField runs = list_field("cat.runs", "catalog", "runs", TextRule::choice, kKeyMaxChars, kFilterMaxValues,
                                REF(std::vector<std::string>, catalog.runs));
    runs.choices = support_filter_keys();
    f.push_back(said(runs, I18N("Runs"), "", "--runs"));
  }
  ViewField sort = text_field("sort", "catalog", "sort_column", TextRule::column_key, kKeyMaxChars, false,
                              REF(std::string, catalog.sort_column));
  sort.kind = FieldKind::sort_column;
  // written with the column: `sort=-vram_gb`
  sort.ref = SortRef{REF(std::string, catalog.sort_column), REF(bool, catalog.sort_descending)};
  f.push_back(said(sort, I18N("Sort by")));
  ViewField descending = flag_field("sort", "catalog", "sort_descending", REF(bool, catalog.sort_descending));
  descending.kind = FieldKind::sort_descending;
  f.push_back(said(descending, I18N("Sort descending")));
  ViewField hidden = list_field("cat.hide", "catalog", "hidden_columns", TextRule::column_key, kKeyMaxChars,
                                kHiddenColumnsMax, REF(std::vector<std::string>, catalog.hidden_columns));
  hidden.kind = FieldKind::hidden_columns;
  hidden.ref = HiddenColumnsRef{REF(std::vector<std::string>, catalog.hidden_columns),
                                REF(bool, catalog.hidden_columns_set)};
  f.push_back(said(hidden, I18N("Hidden columns")));
  f.push_back(said(card_field("sel", "catalog", "selected_id", true, REF(std::string, catalog.selected_id)),
                   I18N("Selected card")));

  f.push_back(said(choice_field("profile", "ranking", "profile", profile_keys(), REF(std::string, ranking.profile)),
                   I18N("Workload"), "", "--profile"));
  f.push_back(said(text_field("metric", "ranking", "metric", TextRule::metric_key, kKeyMaxChars, true,
                              REF(std::string, ranking.metric)), I18N("One metric"), "", "--metric"));
  ViewField weights = base_field("w", "ranking", "custom_weights", FieldKind::weights);
  weights.rule = TextRule::metric_key;
  weights.max_chars = kKeyMaxChars;
  weights.max_count = kCustomWeightsMax;
  weights.range = kMetricWeight;
  weights.ref = REF(std::vector<MetricWeight>, ranking.custom_weights);
  f.push_back(said(weights, I18N("Weights"), "", "--weights"));
  // The list filters on a card's text come from rank/ranking_view.h's table.
  for (const RankingListFilter& filter : ranking_list_filters()) {
    ViewField row = said(base_field(filter.link_key, "ranking", filter.name, FieldKind::list), filter.label, "",
                         filter.cli_flag);
    row.max_chars = any;
    row.max_count = kFilterMaxValues;
    row.ranking_list = &filter;  // the list is state.ranking.*filter.values
    f.push_back(row);
  }
  f.push_back(said(number_field("rank.vram", "ranking", "min_vram_gb", kMinVramGb, REF(double, ranking.min_vram_gb)),
                   I18N("Min VRAM"), "GB", "--min-vram"));
  f.push_back(said(number_field("rank.price", "ranking", "max_price_usd", kPriceFilterUsd,
                                REF(double, ranking.max_price_usd)), I18N("Max price per card"), "USD", "--max-price"));
  f.push_back(said(whole_field("rank.ymin", "ranking", "year_min", kYear, REF(int, ranking.year_min)),
                   I18N("From year"), "", "--year-min"));
  f.push_back(said(text_field("rank.cuda", "ranking", "cuda", TextRule::version, kVersionMaxChars, true,
                              REF(std::string, ranking.cuda)), I18N("Runs CUDA"), "", "--cuda"));
  f.push_back(said(text_field("rank.torch", "ranking", "pytorch", TextRule::version, kVersionMaxChars, true,
                              REF(std::string, ranking.pytorch)), I18N("Runs PyTorch"), "", "--pytorch"));
  f.push_back(said(text_field("rank.torchany", "ranking", "pytorch_any", TextRule::version, kVersionMaxChars, true,
                              REF(std::string, ranking.pytorch_any)),
                   I18N("Runs PyTorch (any backend)"), "", "--pytorch-any"));
  f.push_back(said(flag_field("rank.oncuda", "ranking", "cuda_only", REF(bool, ranking.cuda_only)), I18N("Runs on CUDA"),
                   "", "--on-cuda"));
  f.push_back(said(flag_field("rank.unified", "ranking", "unified_only", REF(bool, ranking.unified_only)),
                   I18N("Unified memory"), "", "--unified-memory"));
  {  // issue 29
    ViewField runs = list_field("rank.runs", "ranking", "runs", TextRule::choice, kKeyMaxChars, kFilterMaxValues,
                                REF(std::vector<std::string>, ranking.runs));
    runs.choices = support_filter_keys();
    f.push_back(said(runs, I18N("Runs"), "", "--runs"));
  }
  f.push_back(said(flag_field("rank.fits", "ranking", "fits_model", REF(bool, ranking.fits_model)),
                   I18N("Fits my model on")));
  f.push_back(said(whole_field("rank.fitn", "ranking", "fit_gpu_count", kGpuCount, REF(int, ranking.fit_gpu_count)),
                   I18N("GPUs"), "", "--fits-on"));
  f.push_back(said(whole_field("rank.top", "ranking", "top_n", kTopN, REF(int, ranking.top_n)), I18N("Top"), "", "--top"));

  f.push_back(said(list_field("cmp", "", "compare_ids", TextRule::card_id, kKeyMaxChars, kCompareMaxCards,
                              REF(std::vector<std::string>, compare_ids)), I18N("Compared cards")));

  f.push_back(said(text_field("fit.model", "fit", "preset", TextRule::preset, kKeyMaxChars, false,
                              REF(std::string, fit.preset)), I18N("Model"), "", "--preset"));
  f.push_back(said(number_field("fit.p", "fit", "params_b", kParamsB, REF(double, fit.params_b)), I18N("Parameters"),
                   I18N("billion"), "--params-b"));
  f.push_back(said(choice_field("fit.prec", "fit", "precision", keys_of(fit_precisions()), REF(std::string, fit.precision)),
                   I18N("Precision"), "", "--precision"));
  f.push_back(said(choice_field("fit.mode", "fit", "mode", keys_of(fit_modes()), REF(std::string, fit.mode)),
                   I18N("Mode"), "", "--mode"));
  f.push_back(said(whole_field("fit.batch", "fit", "batch_size", kBatchSize, REF(int, fit.batch_size)),
                   I18N("Batch size"), "", "--batch"));
  f.push_back(said(whole_field("fit.ctx", "fit", "context", kContextTokens, REF(int, fit.context)), I18N("Context"),
                   I18N("tokens"), "--context"));
  f.push_back(said(whole_field("fit.layers", "fit", "layers", kLayers, REF(int, fit.layers)), I18N("Layers"), "",
                   "--layers"));
  f.push_back(said(whole_field("fit.kvh", "fit", "kv_heads", kKvHeads, REF(int, fit.kv_heads)), I18N("KV heads"), "",
                   "--kv-heads"));
  f.push_back(said(whole_field("fit.hdim", "fit", "head_dim", kHeadDim, REF(int, fit.head_dim)), I18N("Head dim"), "",
                   "--head-dim"));
  f.push_back(said(whole_field("fit.hidden", "fit", "hidden_size", kHiddenSize, REF(int, fit.hidden_size)),
                   I18N("Hidden size"), "", "--hidden"));

  f.push_back(said(card_field("adv.gpu", "advisor", "gpu_id", false, REF(std::string, advisor.gpu_id)), I18N("Card"),
                   "", "--gpu"));
  f.push_back(said(whole_field("adv.n", "advisor", "gpu_count", kGpuCount, REF(int, advisor.gpu_count)), I18N("Cards"),
                   "", "--count"));
  f.push_back(said(number_field("adv.read", "advisor", "dataset_read_mbs", kDatasetReadMbs,
                                REF(double, advisor.dataset_read_mbs)), I18N("Data read rate"), I18N("MB/s per GPU"),
                   "--read-mbs"));

  f.push_back(said(choice_field("speed.model", "speed", "preset", preset_keys(), REF(std::string, speed.preset)),
                   I18N("Model"), "", "--preset"));
  f.push_back(said(number_field("speed.p", "speed", "params_b", kModelParamsB, REF(double, speed.params_b)),
                   I18N("Parameters"), I18N("billion"), "--params-b"));
  f.push_back(said(number_field("speed.active", "speed", "active_params_b", kModelParamsB,
                                REF(double, speed.active_params_b)),
                   I18N("Active parameters"), I18N("billion"), "--active-params-b"));
  f.push_back(said(choice_field("speed.quant", "speed", "quant", quant_keys(), REF(std::string, speed.quant)),
                   I18N("Quantisation"), "", "--quant"));
  // Issue 27: the engine and one machine of chosen cards (repeated --gpu on the command line).
  f.push_back(said(choice_field("speed.engine", "speed", "engine", keys_of(speed_engine_keys()),
                                REF(std::string, speed.engine)),
                   I18N("Engine"), "", "--engine"));
  f.push_back(said(list_field("speed.cards", "speed", "cards", TextRule::card_id, kKeyMaxChars, kMachineMaxCards,
                              REF(std::vector<std::string>, speed.cards)),
                   I18N("Machine"), "", "--gpu"));
  f.push_back(said(whole_field("speed.ctx", "speed", "context", kContextTokens, REF(int, speed.context)),
                   I18N("Context"), I18N("tokens"), "--context"));
  f.push_back(said(whole_field("speed.prompt", "speed", "prompt_tokens", kPromptTokens, REF(int, speed.prompt_tokens)),
                   I18N("Prompt"), I18N("tokens"), "--prompt"));
  f.push_back(said(whole_field("speed.conc", "speed", "concurrent", kBatchSize, REF(int, speed.concurrent)),
                   I18N("Concurrent requests"), "", "--concurrent"));
  f.push_back(said(whole_field("speed.n", "speed", "gpu_count", kSpeedGpuCount, REF(int, speed.gpu_count)),
                   I18N("Number of GPUs"), "", "--gpus"));
  f.push_back(said(number_field("speed.umem", "speed", "unified_memory_gb", kUnifiedMemoryGb,
                                REF(double, speed.unified_memory_gb)),
                   I18N("Unified memory"), "GB", "--unified-memory-gb"));
  // Issue 27: layers kept in system RAM (llama.cpp).
  f.push_back(said(number_field("speed.ram", "speed", "host_ram_gb", kHostRamGb, REF(double, speed.host_ram_gb)),
                   I18N("System RAM"), "GB", "--ram-gb"));
  f.push_back(said(number_field("speed.rambw", "speed", "host_bandwidth_gbs", kHostBandwidthGbs,
                                REF(double, speed.host_bandwidth_gbs)),
                   I18N("RAM bandwidth"), "GB/s", "--ram-gbs"));
  f.push_back(more(said(number_field("speed.draft", "speed", "draft_params_b", kModelParamsB,
                                     REF(double, speed.draft_params_b)),
                        I18N("Draft model (speculative decoding)"), I18N("billion"), "--draft-params-b")));
  f.push_back(said(whole_field("speed.ramlayers", "speed", "ram_layers", kRamLayers, REF(int, speed.ram_layers)),
                   I18N("Layers in RAM"), "", "--ram-layers"));
  f.push_back(said(choice_field("speed.sort", "speed", "sort", keys_of(speed_sort_keys()), REF(std::string, speed.sort)),
                   I18N("Sort by"), "", "--sort"));
  f.push_back(said(flag_field("speed.fits", "speed", "fits_only", REF(bool, speed.fits_only)),
                   I18N("Only cards it fits on"), "", "--fits-only"));
  f.push_back(said(whole_field("speed.top", "speed", "top_n", kTopN, REF(int, speed.top_n)), I18N("Top"), "", "--top"));

  // The Images tab (issue 29, estimate/image.h); `gpuwise image` reads these flags.
  f.push_back(said(choice_field("image.model", "image", "model", image_model_keys(), REF(std::string, image.model)),
                   I18N("Image model"), "", "--model"));
  f.push_back(said(choice_field("image.prec", "image", "precision", image_precision_keys(),
                                REF(std::string, image.precision)), I18N("Precision"), "", "--precision"));
  f.push_back(said(choice_field("image.sw", "image", "software", image_software_keys(), REF(std::string, image.software)),
                   I18N("Software"), "", "--software"));
  f.push_back(said(whole_field("image.w", "image", "width", kImageSide, REF(int, image.width)), I18N("Width"),
                   I18N("pixels"), "--width"));
  f.push_back(said(whole_field("image.h", "image", "height", kImageSide, REF(int, image.height)), I18N("Height"),
                   I18N("pixels"), "--height"));
  f.push_back(said(whole_field("image.steps", "image", "steps", kImageSteps, REF(int, image.steps)), I18N("Steps"),
                   "", "--steps"));
  f.push_back(said(flag_field("image.fits", "image", "fits_only", REF(bool, image.fits_only)),
                   I18N("Only cards it fits on"), "", "--fits-only"));
  f.push_back(said(whole_field("image.top", "image", "top_n", kTopN, REF(int, image.top_n)), I18N("Top"), "", "--top"));

  f.push_back(said(choice_field("roi.view", "roi", "view", {"buy", "job"}, REF(std::string, roi.calculator)), I18N("View")));
  f.push_back(said(card_field("roi.gpu", "roi", "gpu_id", false, REF(std::string, roi.gpu_id)), I18N("Card"), "", "--gpu"));
  f.push_back(said(whole_field("roi.n", "roi", "gpu_count", kGpuCount, REF(int, roi.gpu_count)), I18N("Number of GPUs"),
                   "", "--count"));
  f.push_back(said(optional_field("roi.price", "roi", "price_usd", kPriceUsd, REF(std::optional<double>, roi.price_usd)),
                   I18N("Price per GPU"), "USD", "--price"));
  f.push_back(said(optional_field("roi.rate", "roi", "rate_usd_per_hour", kUsdPerHour,
                                  REF(std::optional<double>, roi.rate_usd_per_hour)),
                   I18N("Cloud rate"), "USD/GPU-hour", "--rate"));
  f.push_back(said(optional_field("roi.power", "roi", "power_w", kPowerW, REF(std::optional<double>, roi.power_w)),
                   I18N("Power per GPU"), "W", "--power"));
  f.push_back(said(optional_field("roi.host", "roi", "host_cost_usd", kHostCostUsd,
                                  REF(std::optional<double>, roi.host_cost_usd)),
                   I18N("Host / server"), "USD", "--host-cost"));
  f.push_back(said(number_field("roi.tax", "roi", "sales_tax_pct", kPercent, REF(double, roi.sales_tax_pct)),
                   I18N("Sales tax"), "%", "--sales-tax"));
  f.push_back(said(optional_field("roi.hostw", "roi", "host_power_w", kHostPowerW,
                                  REF(std::optional<double>, roi.host_power_w)),
                   I18N("Host power"), "W", "--host-power"));
  f.push_back(said(optional_field("roi.kwh", "roi", "kwh_price_usd", kKwhPriceUsd,
                                  REF(std::optional<double>, roi.kwh_price_usd)),
                   I18N("Electricity"), "USD/kWh", "--kwh-price"));
  f.push_back(said(number_field("roi.hpd", "roi", "hours_per_day", kHoursPerDay, REF(double, roi.hours_per_day)),
                   I18N("Use per day"), "h", "--hours-per-day"));
  f.push_back(said(whole_field("roi.months", "roi", "months", kMonths, REF(int, roi.months)), I18N("Horizon"),
                   I18N("months"), "--months"));
  f.push_back(said(number_field("roi.dep", "roi", "depreciation_pct_per_year", kPercent,
                                REF(double, roi.depreciation_pct_per_year)),
                   I18N("Depreciation"), I18N("% per year"), "--depreciation"));
  f.push_back(said(optional_field("roi.resale", "roi", "resale_usd", kPriceUsd, REF(std::optional<double>, roi.resale_usd)),
                   I18N("Resale per GPU at the end"), "USD", "--resale"));
  f.push_back(more(said(optional_field("roi.resalepct", "roi", "resale_pct", kPercent,
                                       REF(std::optional<double>, roi.resale_pct)),
                        I18N("Resale at the end"), "%", "--resale-pct")));
  f.push_back(said(number_field("roi.maint", "roi", "maintenance_usd_per_year", kMaintenanceUsdPerYear,
                                REF(double, roi.maintenance_usd_per_year)),
                   I18N("Maintenance"), "USD/year", "--maintenance"));
  // [issue 28] The owner of idle cards: space, falling rates, idle power.
  f.push_back(said(number_field("roi.colo", "roi", "colocation_usd_per_month", kColocationUsdPerMonth,
                                REF(double, roi.colocation_usd_per_month)),
                   I18N("Colocation / space"), "USD/month", "--colocation"));
  f.push_back(said(optional_field("roi.decline", "roi", "rent_decline_pct_per_year", kPercent,
                                  REF(std::optional<double>, roi.rent_decline_pct_per_year)),
                   I18N("Rental rates fall"), I18N("% per year"), "--rent-decline"));
  f.push_back(said(optional_field("roi.idlew", "roi", "idle_w", kIdlePowerW, REF(std::optional<double>, roi.idle_w)),
                   I18N("Idle power per GPU"), "W", "--idle-power"));
  f.push_back(said(optional_field("roi.hostidlew", "roi", "host_idle_w", kHostPowerW,
                                  REF(std::optional<double>, roi.host_idle_w)),
                   I18N("Host idle power"), "W", "--host-idle-power"));
  f.push_back(said(optional_field("roi.rent", "roi", "rent_out_rate_usd_per_hour", kUsdPerHour,
                                  REF(std::optional<double>, roi.rent_out_rate_usd_per_hour)),
                   I18N("Platform rate"), "USD/GPU-hour", "--rent-out-rate"));
  f.push_back(said(number_field("roi.occ", "roi", "occupancy_pct", kPercent, REF(double, roi.occupancy_pct)),
                   I18N("Occupancy"), "%", "--occupancy"));
  f.push_back(said(number_field("roi.fee", "roi", "platform_fee_pct", kPercent, REF(double, roi.platform_fee_pct)),
                   I18N("Platform fee"), "%", "--platform-fee"));
  ViewField kinds = list_field("roi.kinds", "roi", "provider_kinds", TextRule::choice, kKeyMaxChars,
                               kProviderKindCount, REF(std::vector<std::string>, roi.provider_kinds));
  for (ProviderKind kind : kProviderKinds) kinds.choices.push_back(provider_kind_key(kind));
  f.push_back(said(kinds, I18N("Rent from"), "", "--provider-kinds"));

  // Cost of a job (job_cost.h); `gpuwise job` reads these flags and the roi.* owning ones.
  f.push_back(said(choice_field("job.kind", "job", "kind", {"train", "finetune", "serve", "batch", "image"}, REF(std::string, job.kind)),
                   I18N("Job"), "", "--kind"));
  f.push_back(said(text_field("job.model", "job", "preset", TextRule::preset, kKeyMaxChars, false,
                              REF(std::string, job.preset)), I18N("Model"), "", "--preset"));
  f.push_back(said(number_field("job.p", "job", "params_b", kParamsB, REF(double, job.params_b)), I18N("Parameters"),
                   I18N("billion"), "--params-b"));
  f.push_back(said(number_field("job.tok", "job", "tokens_b", kJobTokensB, REF(double, job.tokens_b)),
                   I18N("Tokens to train on"), I18N("billion"), "--tokens-b"));
  f.push_back(said(number_field("job.tpd", "job", "tokens_per_day", kJobTokensPerDay, REF(double, job.tokens_per_day)),
                   I18N("Tokens a day"), I18N("tokens"), "--tokens-per-day"));
  f.push_back(said(choice_field("job.quant", "job", "quant", quant_keys(), REF(std::string, job.quant)),
                   I18N("Precision"), "", "--quant"));
  f.push_back(said(whole_field("job.conc", "job", "concurrent", kBatchSize, REF(int, job.concurrent)),
                   I18N("Requests at once"), "", "--concurrent"));
  f.push_back(said(whole_field("job.n", "job", "gpu_count", kJobGpuCount, REF(int, job.gpu_count)),
                   I18N("Number of GPUs"), "", "--gpus"));
  // Issue 29: the image job (money/image_job.h) reads the Images tab's model, size and steps.
  f.push_back(said(number_field("job.imgs", "job", "images", kImagesPerJob, REF(double, job.images)),
                   I18N("Images to make"), I18N("images"), "--images"));
  // Issue 27: a training deadline; an endpoint's users and hours up a day.
  f.push_back(said(whole_field("job.days", "job", "within_days", kWithinDays, REF(int, job.within_days)),
                   I18N("Finish within"), I18N("days"), "--within-days"));
  f.push_back(said(whole_field("job.users", "job", "users", kJobUsers, REF(int, job.users)), I18N("Users"), "",
                   "--users"));
  f.push_back(said(number_field("job.up", "job", "up_hours_per_day", kUpHoursPerDay, REF(double, job.up_hours_per_day)),
                   I18N("Hours up a day"), "h", "--hours-per-day"));

  // [issue 30] Ask: the question (ask/ask_view.h); `gpuwise ask` reads these flags, the
  // budget and market are the buyer's top-level fields.
  f.push_back(said(choice_field("ask.goal", "ask", "goal", ask_goal_keys(), REF(std::string, ask.goal)),
                   I18N("What"), "", "--goal"));
  f.push_back(said(choice_field("ask.model", "ask", "model", ask_model_keys(), REF(std::string, ask.model)),
                   I18N("Which model"), "", "--preset"));
  f.push_back(said(number_field("ask.p", "ask", "params_b", kParamsB, REF(double, ask.params_b)), I18N("Parameters"),
                   I18N("billion"), "--params-b"));
  f.push_back(said(flag_field("ask.rent", "ask", "rent", REF(bool, ask.rent)), I18N("Rent"), "", "--rent"));
  f.push_back(said(choice_field("ask.cond", "ask", "condition", {"any", "new", "used"}, REF(std::string, ask.condition)),
                   I18N("New or used"), "", "--condition"));
  f.push_back(said(choice_field("ask.engine", "ask", "engine", {"auto", "llamacpp", "vllm"}, REF(std::string, ask.engine)),
                   I18N("Engine"), "", "--engine"));
  f.push_back(said(number_field("ask.tps", "ask", "tokens_per_s", kAskTokensPerS, REF(double, ask.tokens_per_s)),
                   I18N("Speed wanted"), I18N("tokens/s"), "--target-tokens-per-s"));
  f.push_back(said(number_field("ask.ipm", "ask", "images_per_min", kAskImagesPerMin, REF(double, ask.images_per_min)),
                   I18N("Images a minute wanted"), I18N("images"), "--target-images-per-min"));
  f.push_back(said(whole_field("ask.days", "ask", "days", kWithinDays, REF(int, ask.days)), I18N("Finish within"),
                   I18N("days"), "--deadline-days"));
  f.push_back(said(number_field("ask.tok", "ask", "tokens_b", kAskTokensB, REF(double, ask.tokens_b)),
                   I18N("Tokens to train on"), I18N("billion"), "--tokens-b"));
  f.push_back(said(choice_field("ask.method", "ask", "method", {"lora", "full"}, REF(std::string, ask.method)),
                   I18N("Fine-tuning"), "", "--method"));
  f.push_back(said(whole_field("ask.users", "ask", "users", kJobUsers, REF(int, ask.users)), I18N("Users"), "",
                   "--users"));
  f.push_back(said(number_field("ask.tpd", "ask", "tokens_per_day", kAskTokensPerDay, REF(double, ask.tokens_per_day)),
                   I18N("Tokens a day"), I18N("tokens"), "--tokens-per-day"));
  f.push_back(said(number_field("ask.hours", "ask", "hours_per_day", kAskHoursPerDay, REF(double, ask.hours_per_day)),
                   I18N("Hours a day"), "h", "--hours-per-day"));
  f.push_back(said(card_field("ask.have", "ask", "have", true, REF(std::string, ask.have)), I18N("The card I have"), "",
                   "--have"));
  f.push_back(said(whole_field("ask.n", "ask", "count", kGpuCount, REF(int, ask.count)), I18N("How many"), "",
                   "--count"));
  f.push_back(said(list_field("ask.cards", "ask", "cards", TextRule::card_id, kKeyMaxChars, kCompareMaxCards,
                              REF(std::vector<std::string>, ask.cards)),
                   I18N("Only these cards"), "", "--cards"));
  f.push_back(said(choice_field("ask.vendor", "ask", "vendor", {std::begin(kAskVendors), std::end(kAskVendors)},
                                REF(std::string, ask.vendor)),
                   I18N("Maker"), "", "--vendor"));
  return f;
}
#undef REF

}  // namespace

// [SECTION] The accessors that serve more than one kind

std::string& ViewField::text(ViewState& s) const {
  if (const auto* sort = std::get_if<SortRef>(&ref)) return sort->column.get(s);
  return as<std::string>().get(s);
}

const std::string& ViewField::text(const ViewState& s) const {
  if (const auto* sort = std::get_if<SortRef>(&ref)) return sort->column.read(s);
  return as<std::string>().read(s);
}

std::vector<std::string>& ViewField::list(ViewState& s) const {
  if (ranking_list) return s.ranking.*ranking_list->values;
  if (const auto* hidden = std::get_if<HiddenColumnsRef>(&ref)) return hidden->columns.get(s);
  return as<std::vector<std::string>>().get(s);
}

const std::vector<std::string>& ViewField::list(const ViewState& s) const {
  if (ranking_list) return s.ranking.*ranking_list->values;
  if (const auto* hidden = std::get_if<HiddenColumnsRef>(&ref)) return hidden->columns.read(s);
  return as<std::vector<std::string>>().read(s);
}

bool& ViewField::flag(ViewState& s) const {
  if (const auto* sort = std::get_if<SortRef>(&ref)) return sort->descending.get(s);
  if (const auto* hidden = std::get_if<HiddenColumnsRef>(&ref)) return hidden->is_set.get(s);
  return as<bool>().get(s);
}

const bool& ViewField::flag(const ViewState& s) const {
  if (const auto* sort = std::get_if<SortRef>(&ref)) return sort->descending.read(s);
  if (const auto* hidden = std::get_if<HiddenColumnsRef>(&ref)) return hidden->is_set.read(s);
  return as<bool>().read(s);
}

// [SECTION] Lookups

const std::vector<ViewField>& view_fields() {
  static const std::vector<ViewField> fields = build_fields();  // constant data, built once
  return fields;
}

const ViewField* find_field_by_link_key(std::string_view key) {
  for (const auto& field : view_fields()) {
    if (key == field.link_key) return &field;  // `sort` finds sort_column, listed first
  }
  return nullptr;
}

const ViewField& view_field(std::string_view link_key) {
  const ViewField* field = find_field_by_link_key(link_key);
  if (!field) std::abort();  // a key spelled wrong in our own code; every caller is tested
  return *field;
}

const ViewField* find_field_by_cli_flag(std::string_view flag, const std::vector<std::string>& sections) {
  for (const auto& field : view_fields()) {
    if (flag != field.cli_flag) continue;
    for (const auto& section : sections) {
      if (section == field.section) return &field;
    }
  }
  return nullptr;
}


}  // namespace gpuwise
