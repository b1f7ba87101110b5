#include "view/view_fields.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <algorithm>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/metrics.h"
#include "money/prices.h"
#include "rank/ranking.h"
#include "view/share_link.h"
#include "estimate/speed.h"
#include "estimate/speed_view.h"
#include "estimate/vram_fit.h"

namespace gpuwise {
namespace {

// [SECTION] The table. REF(type, path) is the accessor for one field of a ViewState.
#define REF(type, path) [](ViewState& s) -> type& { return s.path; }

ViewField base_field(const char* link, const char* section, const char* name, FieldKind kind) {
  ViewField f;
  f.link_key = link;
  f.section = section;
  f.name = name;
  f.kind = kind;
  return f;
}

ViewField text_field(const char* link, const char* section, const char* name, TextRule rule, int max_chars,
                     bool empty_ok, std::string& (*text)(ViewState&), std::vector<const char*> choices = {}) {
  ViewField f = base_field(link, section, name, FieldKind::text);
  f.rule = rule;
  f.choices = std::move(choices);
  f.max_chars = max_chars;
  f.empty_ok = empty_ok;
  f.text = text;
  return f;
}

ViewField choice_field(const char* link, const char* section, const char* name, std::vector<const char*> choices,
                       std::string& (*text)(ViewState&)) {
  return text_field(link, section, name, TextRule::choice, limits::kKeyMaxChars, false, text, std::move(choices));
}

ViewField list_field(const char* link, const char* section, const char* name, TextRule rule, int max_chars,
                     int max_count, std::vector<std::string>& (*list)(ViewState&)) {
  ViewField f = base_field(link, section, name, FieldKind::list);
  f.rule = rule;
  f.max_chars = max_chars;
  f.max_count = max_count;
  f.list_ref = list;
  return f;
}

ViewField number_field(const char* link, const char* section, const char* name, NumberRange range,
                       double& (*number)(ViewState&)) {
  ViewField f = base_field(link, section, name, FieldKind::number);
  f.range = range;
  f.number = number;
  return f;
}

ViewField whole_field(const char* link, const char* section, const char* name, NumberRange range,
                      int& (*whole)(ViewState&)) {
  ViewField f = base_field(link, section, name, FieldKind::whole);
  f.range = range;
  f.whole = whole;
  return f;
}

ViewField optional_field(const char* link, const char* section, const char* name, NumberRange range,
                         std::optional<double>& (*optional_number)(ViewState&)) {
  ViewField f = base_field(link, section, name, FieldKind::optional_number);
  f.range = range;
  f.optional_number = optional_number;
  return f;
}

ViewField flag_field(const char* link, const char* section, const char* name, bool& (*flag)(ViewState&)) {
  ViewField f = base_field(link, section, name, FieldKind::flag);
  f.flag = flag;
  return f;
}

ViewField card_field(const char* link, const char* section, const char* name, bool empty_ok,
                     std::string& (*text)(ViewState&)) {
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

std::vector<ViewField> build_fields() {
  using namespace limits;
  const int any = kFilterValueMaxChars;
  std::vector<ViewField> f;
  ViewField tab = base_field("tab", "", "tab", FieldKind::tab);
  tab.tab = REF(Tab, tab);
  f.push_back(said(tab, I18N("Tab")));
  f.push_back(said(choice_field("lang", "", "language", {"en", "zh"}, REF(std::string, language)), I18N("Language")));
  f.push_back(said(choice_field("cur", "", "currency", {"USD", "CNY"}, REF(std::string, currency)), I18N("Currency")));
  f.push_back(said(number_field("cny", "", "cny_per_usd", kCnyPerUsd, REF(double, cny_per_usd)),
                   I18N("CNY per USD"), "CNY"));
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
  ViewField sort = text_field("sort", "catalog", "sort_column", TextRule::column_key, kKeyMaxChars, false,
                              REF(std::string, catalog.sort_column));
  sort.kind = FieldKind::sort_column;
  sort.flag = REF(bool, catalog.sort_descending);  // written with the column: `sort=-vram_gb`
  f.push_back(said(sort, I18N("Sort by")));
  ViewField descending = flag_field("sort", "catalog", "sort_descending", REF(bool, catalog.sort_descending));
  descending.kind = FieldKind::sort_descending;
  f.push_back(said(descending, I18N("Sort descending")));
  ViewField hidden = list_field("cat.hide", "catalog", "hidden_columns", TextRule::column_key, kKeyMaxChars,
                                kHiddenColumnsMax, REF(std::vector<std::string>, catalog.hidden_columns));
  hidden.kind = FieldKind::hidden_columns;
  hidden.flag = REF(bool, catalog.hidden_columns_set);
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
  weights.weights = REF(std::vector<MetricWeight>, ranking.custom_weights);
  f.push_back(said(weights, I18N("Weights"), "", "--weights"));
  // The list filters on a card's text come from rank/ranking_view.h's table.
  for (const RankingListFilter& filter : ranking_list_filters()) {
    ViewField row = said(list_field(filter.link_key, "ranking", filter.name, TextRule::any, any, kFilterMaxValues,
                                    nullptr),
                         filter.label, "", filter.cli_flag);
    row.ranking_list = &filter;
    f.push_back(row);
  }
  f.push_back(said(number_field("rank.vram", "ranking", "min_vram_gb", kMinVramGb, REF(double, ranking.min_vram_gb)),
                   I18N("Min VRAM"), "GB", "--min-vram"));
  f.push_back(said(number_field("rank.price", "ranking", "max_price_usd", kPriceFilterUsd,
                                REF(double, ranking.max_price_usd)), I18N("Max launch price"), "USD", "--max-price"));
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
  f.push_back(said(choice_field("speed.sort", "speed", "sort", keys_of(speed_sort_keys()), REF(std::string, speed.sort)),
                   I18N("Sort by"), "", "--sort"));
  f.push_back(said(flag_field("speed.fits", "speed", "fits_only", REF(bool, speed.fits_only)),
                   I18N("Only cards it fits on"), "", "--fits-only"));
  f.push_back(said(whole_field("speed.top", "speed", "top_n", kTopN, REF(int, speed.top_n)), I18N("Top"), "", "--top"));

  f.push_back(said(choice_field("roi.view", "roi", "view", {"buy", "job"}, REF(std::string, roi.view)), I18N("View")));
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
  f.push_back(said(number_field("roi.host", "roi", "host_cost_usd", kHostCostUsd, REF(double, roi.host_cost_usd)),
                   I18N("Host / server"), "USD", "--host-cost"));
  f.push_back(said(number_field("roi.tax", "roi", "sales_tax_pct", kPercent, REF(double, roi.sales_tax_pct)),
                   I18N("Sales tax"), "%", "--sales-tax"));
  f.push_back(said(number_field("roi.hostw", "roi", "host_power_w", kHostPowerW, REF(double, roi.host_power_w)),
                   I18N("Host power"), "W", "--host-power"));
  f.push_back(said(number_field("roi.kwh", "roi", "kwh_price_usd", kKwhPriceUsd, REF(double, roi.kwh_price_usd)),
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
  f.push_back(said(number_field("roi.maint", "roi", "maintenance_usd_per_year", kMaintenanceUsdPerYear,
                                REF(double, roi.maintenance_usd_per_year)),
                   I18N("Maintenance"), "USD/year", "--maintenance"));
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
  f.push_back(said(choice_field("job.kind", "job", "kind", {"train", "finetune", "serve"}, REF(std::string, job.kind)),
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
  return f;
}
#undef REF

bool is_version(const std::string& text) {
  if (text.empty() || text.front() < '0' || text.front() > '9' || text.back() == '.') return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  }
  return text.find("..") == std::string::npos;
}

// "en or zh", "one of auto, light, dark": the words are keys, never translated.
TemplateText join_choices(const std::vector<const char*>& choices) {
  if (choices.size() == 2) return {I18N("{0} or {1}"), {choices[0], choices[1]}, {}};
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i) list += (i ? ", " : "") + std::string(choices[i]);
  return {I18N("one of {0}"), {list}, {}};
}

TemplateText phrase(const char* pattern) { return {pattern, {}, {}}; }

// A pattern with one nested sentence as its only argument.
TemplateText wrapping(const char* pattern, TemplateText inner) {
  TemplateText out{pattern, {inner.text()}, {}};
  out.nested.push_back(std::move(inner));
  return out;
}

}  // namespace

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

// [SECTION] Generic operations. The accessors take a mutable state; these only read.
namespace {
ViewState& mut(const ViewState& s) { return const_cast<ViewState&>(s); }
json optional_json(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

bool field_equal(const ViewField& field, const ViewState& a_in, const ViewState& b_in) {
  ViewState& a = mut(a_in);
  ViewState& b = mut(b_in);
  switch (field.kind) {
    case FieldKind::tab: return field.tab(a) == field.tab(b);
    case FieldKind::text: return field.text(a) == field.text(b);
    case FieldKind::sort_column: return field.text(a) == field.text(b) && field.flag(a) == field.flag(b);
    case FieldKind::list: return field.list(a) == field.list(b);
    case FieldKind::hidden_columns: return field.flag(a) == field.flag(b) && field.list(a) == field.list(b);
    case FieldKind::number: return field.number(a) == field.number(b);
    case FieldKind::whole: return field.whole(a) == field.whole(b);
    case FieldKind::optional_number: return field.optional_number(a) == field.optional_number(b);
    case FieldKind::flag:
    case FieldKind::sort_descending: return field.flag(a) == field.flag(b);
    case FieldKind::weights: return field.weights(a) == field.weights(b);
  }
  return false;
}

json field_to_json(const ViewField& field, const ViewState& state) {
  ViewState& s = mut(state);
  switch (field.kind) {
    case FieldKind::tab: return tab_key(field.tab(s));
    case FieldKind::text:
    case FieldKind::sort_column: return field.text(s);
    case FieldKind::list: return field.list(s);
    case FieldKind::hidden_columns: return field.flag(s) ? json(field.list(s)) : json(nullptr);
    case FieldKind::number: return field.number(s);
    case FieldKind::whole: return field.whole(s);
    case FieldKind::optional_number: return optional_json(field.optional_number(s));
    case FieldKind::flag:
    case FieldKind::sort_descending: return field.flag(s);
    case FieldKind::weights: {
      json weights = json::array();
      for (const auto& w : field.weights(s)) weights.push_back({{"metric", w.metric}, {"weight", w.weight}});
      return weights;
    }
  }
  return nullptr;
}

bool clamp_field(const ViewField& field, ViewState& state) {
  const ViewState defaults;
  ViewState& d = mut(defaults);
  switch (field.kind) {
    case FieldKind::number: {
      double& value = field.number(state);
      const double clamped = clamp_to_range(field.range, value, field.number(d));
      const bool changed = !(clamped == value);
      value = clamped;
      return changed;
    }
    case FieldKind::whole: {
      int& value = field.whole(state);
      const int clamped = static_cast<int>(clamp_to_range(field.range, value, field.whole(d)));
      const bool changed = clamped != value;
      value = clamped;
      return changed;
    }
    case FieldKind::optional_number: {
      auto& value = field.optional_number(state);
      if (!value) return false;
      if (std::isnan(*value)) {
        value.reset();  // not a number: back to the figure from data
        return true;
      }
      const double clamped = clamp_to_range(field.range, *value, 0);
      const bool changed = clamped != *value;
      value = clamped;
      return changed;
    }
    default: return false;
  }
}

void clamp_view_state(ViewState& state) {
  for (const ViewField& field : view_fields()) clamp_field(field, state);
}

// [SECTION] Notices

void Notices::add(TemplateText text) {
  if (static_cast<int>(lines_.size()) < kMax) {
    lines_.push_back(std::move(text));
  } else {
    ++dropped_;
  }
}

std::vector<TemplateText> Notices::take() {
  std::vector<TemplateText> out = std::move(lines_);
  if (dropped_ > 0) out.push_back({I18N("... and {0} more problems"), {std::to_string(dropped_)}, {}});
  lines_.clear();
  dropped_ = 0;
  return out;
}

std::vector<std::string> english(const std::vector<TemplateText>& notices) {
  std::vector<std::string> out;
  out.reserve(notices.size());
  for (const auto& notice : notices) out.push_back(notice.text());
  return out;
}

// [SECTION] FieldApplier

FieldApplier::FieldApplier(ViewState& state, const std::vector<std::string>* known_gpu_ids, bool link_names,
                           Notices& notices)
    : state_(state), known_gpu_ids_(known_gpu_ids), link_names_(link_names), notices_(notices) {}

std::string FieldApplier::name(const ViewField& field) const {
  if (!name_override_.empty()) return name_override_;
  if (link_names_) return field.link_key;
  return field.section[0] ? std::string(field.section) + "." + field.name : std::string(field.name);
}

TemplateText FieldApplier::expected(const ViewField& field) const {
  switch (field.kind) {
    case FieldKind::tab: {
      std::vector<const char*> keys;
      for (const TabInfo& tab : kTabs) keys.push_back(tab.key);
      return join_choices(keys);
    }
    case FieldKind::number:
    case FieldKind::whole:
      return describe_range(field.range);
    case FieldKind::optional_number:
      return wrapping(link_names_ ? I18N("empty or {0}") : I18N("null or {0}"), describe_range(field.range));
    case FieldKind::flag:
    case FieldKind::sort_descending:
      return phrase(link_names_ ? I18N("0 or 1") : I18N("true or false"));
    case FieldKind::list:
      return phrase(field.rule == TextRule::card_id ? I18N("a list of card ids") : I18N("a list of text"));
    case FieldKind::hidden_columns:
      return phrase(I18N("null or a list of column keys"));
    case FieldKind::weights:
      return phrase(link_names_ ? I18N("a list of metric:weight") : I18N("a list of {\"metric\", \"weight\"}"));
    case FieldKind::text:
    case FieldKind::sort_column:
      break;
  }
  return expected_text(field);
}

TemplateText FieldApplier::expected_text(const ViewField& field) const {
  const bool empty = field.empty_ok;
  switch (field.rule) {
    case TextRule::choice: return join_choices(field.choices);
    case TextRule::metric_key:
      return phrase(empty ? I18N("a metric key like fp32_tflops or empty") : I18N("a metric key like fp32_tflops"));
    case TextRule::preset: return phrase(I18N("a model preset like llama-3-8b, or custom"));
    case TextRule::version: return phrase(empty ? I18N("a version like 12.1 or empty") : I18N("a version like 12.1"));
    case TextRule::column_key: return phrase(I18N("a column key like fp32_tflops"));
    case TextRule::card_id:
      return phrase(empty ? I18N("a card id like rtx-3090 or empty") : I18N("a card id like rtx-3090"));
    case TextRule::any: break;
  }
  return phrase(I18N("text"));
}

TemplateText FieldApplier::current(const ViewField& field) const {
  ViewState& s = state_;
  auto value = [](std::string text) { return TemplateText{"{0}", {std::move(text)}, {}}; };
  switch (field.kind) {
    case FieldKind::tab: return value(tab_key(field.tab(s)));
    case FieldKind::number: return value(shortest_number(field.number(s)));
    case FieldKind::whole: return value(std::to_string(field.whole(s)));
    case FieldKind::optional_number: {
      const auto& number = field.optional_number(s);
      return number ? value(shortest_number(*number)) : phrase(I18N("none"));
    }
    case FieldKind::flag:
    case FieldKind::sort_descending:
      return value(field.flag(s) ? (link_names_ ? "1" : "true") : (link_names_ ? "0" : "false"));
    case FieldKind::sort_column:
      if (link_names_) return value((field.flag(s) ? "-" : "") + field.text(s));
      break;
    case FieldKind::text: break;
    case FieldKind::list:
    case FieldKind::hidden_columns:
    case FieldKind::weights:
      return phrase(I18N("the default"));
  }
  const std::string& text = field.text(s);
  return text.empty() ? phrase(I18N("(empty)")) : value(text);
}

void FieldApplier::add(const char* pattern, std::vector<std::string> args, std::vector<TemplateText> nested) {
  notices_.add({pattern, std::move(args), std::move(nested)});
}

void FieldApplier::refuse(const ViewField& field) {
  TemplateText want = expected(field);
  TemplateText kept = current(field);
  add(I18N("'{0}' must be {1}; kept {2}"), {name(field), want.text(), kept.text()}, {TemplateText{}, want, kept});
}

bool FieldApplier::is_known_card(const std::string& id) const {
  if (!known_gpu_ids_) return true;  // no catalog to check against: keep the id
  for (const auto& known : *known_gpu_ids_) {
    if (known == id) return true;
  }
  return false;
}

bool FieldApplier::check_text(const ViewField& field, std::string& value, bool in_list) {
  const std::string where = name(field);
  if (field.rule == TextRule::any) {
    if (clean_utf8(value)) add(I18N("'{0}' had invalid characters; replaced them"), {where});
    if (cut_to_chars(value, field.max_chars)) {
      add(I18N("'{0}' was longer than {1} characters; cut it"), {where, std::to_string(field.max_chars)});
    }
    if (in_list && value.empty()) {
      add(I18N("dropped an empty value from '{0}'"), {where});
      return false;
    }
    return true;
  }
  if (value.empty() && field.empty_ok && !in_list) return true;
  bool ok = static_cast<int>(value.size()) <= field.max_chars;
  switch (field.rule) {
    case TextRule::choice: {
      ok = false;
      for (const char* choice : field.choices) ok = ok || value == choice;
      break;
    }
    case TextRule::metric_key: ok = ok && find_ranking_metric(value) != nullptr; break;
    case TextRule::preset: ok = ok && (value == "custom" || find_preset(value) != nullptr); break;
    case TextRule::version: ok = ok && is_version(value); break;
    case TextRule::column_key:
      if (ok && find_column(value) < 0) {
        if (in_list) add(I18N("dropped unknown column {0} from '{1}'"), {in_quotes(value), where});
        else refuse(field);
        return false;
      }
      break;
    case TextRule::card_id:
      ok = ok && is_slug(value);
      if (ok && !is_known_card(value)) {
        add(I18N("dropped unknown card {0} from '{1}'"), {in_quotes(value), where});
        return false;
      }
      break;
    case TextRule::any: break;
  }
  if (!ok) {
    if (in_list) {
      TemplateText want = expected_text(field);
      add(I18N("dropped {0} from '{1}': not {2}"), {in_quotes(value), where, want.text()},
          {TemplateText{}, TemplateText{}, want});
    } else {
      refuse(field);
    }
  }
  return ok;
}

void FieldApplier::set_tab(const ViewField& field, const std::optional<std::string>& key) {
  if (!key || !tab_from_key(*key, field.tab(state_))) refuse(field);
}

void FieldApplier::set_text(const ViewField& field, std::optional<std::string> value) {
  if (!value) return refuse(field);
  if (check_text(field, *value, false)) field.text(state_) = std::move(*value);
}

void FieldApplier::set_list(const ViewField& field, std::optional<std::vector<std::string>> values) {
  if (!values) return refuse(field);
  std::vector<std::string> kept;
  std::size_t beyond = 0;
  for (auto& value : *values) {
    if (static_cast<int>(kept.size()) == field.max_count) {
      ++beyond;
      continue;
    }
    if (!check_text(field, value, true)) continue;
    bool repeated = false;
    for (const auto& earlier : kept) repeated = repeated || earlier == value;
    if (repeated) {
      add(I18N("dropped repeated {0} from '{1}'"), {in_quotes(value), name(field)});
      continue;
    }
    kept.push_back(std::move(value));
  }
  if (beyond > 0) {
    const std::string count = std::to_string(field.max_count);
    add(field.rule == TextRule::card_id ? I18N("'{0}' has more than {1} cards; kept the first {1}")
                                        : I18N("'{0}' has more than {1} values; kept the first {1}"),
        {name(field), count});
  }
  field.list(state_) = std::move(kept);
}

void FieldApplier::set_hidden_columns(const ViewField& field, bool is_set, const std::vector<std::string>& values) {
  if (!is_set) {
    field.flag(state_) = false;
    field.list(state_).clear();  // unused when not set; cleared so states compare equal
    return;
  }
  set_list(field, values);
  field.flag(state_) = true;
}

void FieldApplier::set_number(const ViewField& field, std::optional<double> value) {
  const NumberRange& range = field.range;
  if (!value || !range.contains(*value) || (range.whole && *value != std::floor(*value))) return refuse(field);
  const double clean = *value == 0 ? 0.0 : *value;
  if (field.kind == FieldKind::whole) {
    field.whole(state_) = static_cast<int>(clean);  // in range, so it fits
  } else {
    field.number(state_) = clean;
  }
}

void FieldApplier::set_optional_number(const ViewField& field, std::optional<std::optional<double>> value) {
  if (!value) return refuse(field);
  if (!*value) {
    field.optional_number(state_).reset();
    return;
  }
  const double number = **value;
  if (!field.range.contains(number)) return refuse(field);
  field.optional_number(state_) = number == 0 ? 0.0 : number;
}

void FieldApplier::set_flag(const ViewField& field, std::optional<bool> value) {
  if (!value) return refuse(field);
  field.flag(state_) = *value;
}

void FieldApplier::set_sort(const ViewField& column_field, const std::string& column, bool descending) {
  std::string checked = column;
  if (!check_text(column_field, checked, false)) return;
  column_field.text(state_) = checked;
  column_field.flag(state_) = descending;
}

void FieldApplier::set_weights(const ViewField& field, std::optional<std::vector<WeightCandidate>> weights) {
  if (!weights) return refuse(field);
  std::vector<MetricWeight> kept;
  std::size_t beyond = 0;
  const std::string where = name(field);
  for (auto& candidate : *weights) {
    if (static_cast<int>(kept.size()) == field.max_count) {
      ++beyond;
      continue;
    }
    if (!candidate.metric.empty() && find_ranking_metric(candidate.metric) == nullptr) {
      add(I18N("dropped unknown metric {0} from '{1}'"), {in_quotes(candidate.metric), where});
      continue;
    }
    if (candidate.metric.empty() || !candidate.weight || !field.range.contains(*candidate.weight)) {
      add(I18N("dropped weight {0} from '{1}': not a metric key with a weight from {2} to {3}"),
          {in_quotes(candidate.raw), where, shortest_number(field.range.min), shortest_number(field.range.max)});
      continue;
    }
    bool repeated = false;
    for (const auto& earlier : kept) repeated = repeated || earlier.metric == candidate.metric;
    if (repeated) {
      add(I18N("dropped repeated weight for {0} from '{1}'"), {in_quotes(candidate.metric), where});
      continue;
    }
    kept.push_back({candidate.metric, *candidate.weight == 0 ? 0.0 : *candidate.weight});
  }
  if (beyond > 0) {
    add(I18N("'{0}' has more than {1} weights; kept the first {1}"), {where, std::to_string(field.max_count)});
  }
  field.weights(state_) = std::move(kept);
}

// [SECTION] The command line

std::optional<TemplateText> apply_cli_value(const ViewField& field, const std::string& text, ViewState& state) {
  // The value goes through the link's applier (the same parser and checks); the
  // notice names the flag and says what was typed instead of what was kept.
  ViewState tried = state;
  Notices notices;
  FieldApplier applier(tried, nullptr, /*link_names=*/true, notices);
  applier.set_name_override(field.cli_flag);
  switch (field.kind) {
    case FieldKind::number:
    case FieldKind::whole: applier.set_number(field, read_number(text)); break;
    case FieldKind::optional_number: {
      const auto number = read_number(text);
      if (number) applier.set_optional_number(field, std::optional<std::optional<double>>(std::in_place, *number));
      else applier.set_optional_number(field, std::nullopt);
      break;
    }
    case FieldKind::text: applier.set_text(field, text); break;
    case FieldKind::list: {  // "NVIDIA,AMD", as in a link but not percent-encoded
      std::vector<std::string> items;
      for (std::size_t start = 0; !text.empty() && start <= text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        items.push_back(text.substr(start, comma - start));
        start = comma + 1;
      }
      applier.set_list(field, std::move(items));
      break;
    }
    default: break;  // flags and weights have their own CLI syntax (cmd_rank.cpp)
  }
  std::vector<TemplateText> problems = notices.take();
  if (problems.empty()) {
    state = std::move(tried);
    return std::nullopt;
  }
  // "'--price' must be empty or a number from ...; kept none" -> "... (got '0x10')"
  TemplateText& first = problems.front();
  if (first.pattern == std::string("'{0}' must be {1}; kept {2}")) {
    TemplateText want = field.kind == FieldKind::optional_number ? describe_range(field.range) : first.nested[1];
    return TemplateText{I18N("'{0}' must be {1} (got {2})"), {field.cli_flag, want.text(), in_quotes(text)},
                        {TemplateText{}, want, TemplateText{}}};
  }
  return first;
}

}  // namespace gpuwise
