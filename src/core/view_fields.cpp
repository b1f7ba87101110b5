#include "view_fields.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "catalog.h"
#include "columns.h"
#include "metrics.h"
#include "ranking.h"
#include "vram_fit.h"

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
  f.list = list;
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

std::vector<const char*> profile_keys() {
  std::vector<const char*> out;
  for (const auto& profile : ranking_profiles()) out.push_back(profile.key);
  return out;
}

std::vector<ViewField> build_fields() {
  using namespace limits;
  const int any = kFilterValueMaxChars;
  std::vector<ViewField> f;
  f.push_back(base_field("tab", "", "tab", FieldKind::tab));
  f.push_back(choice_field("lang", "", "language", {"en", "zh"}, REF(std::string, language)));
  f.push_back(choice_field("cur", "", "currency", {"USD", "CNY"}, REF(std::string, currency)));
  f.push_back(number_field("cny", "", "cny_per_usd", kCnyPerUsd, REF(double, cny_per_usd)));
  f.push_back(choice_field("theme", "", "theme", {"auto", "light", "dark"}, REF(std::string, theme)));

  f.push_back(text_field("q", "catalog", "search", TextRule::any, kSearchMaxChars, true, REF(std::string, catalog.search)));
  f.push_back(list_field("cat.vendor", "catalog", "vendors", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, catalog.vendors)));
  f.push_back(list_field("cat.line", "catalog", "lines", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, catalog.lines)));
  f.push_back(list_field("cat.series", "catalog", "series", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, catalog.series)));
  f.push_back(list_field("cat.arch", "catalog", "architectures", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, catalog.architectures)));
  f.push_back(number_field("cat.vram", "catalog", "min_vram_gb", kMinVramGb, REF(double, catalog.min_vram_gb)));
  f.push_back(whole_field("cat.ymin", "catalog", "year_min", kYear, REF(int, catalog.year_min)));
  f.push_back(whole_field("cat.ymax", "catalog", "year_max", kYear, REF(int, catalog.year_max)));
  ViewField sort = text_field("sort", "catalog", "sort_column", TextRule::column_key, kKeyMaxChars, false,
                              REF(std::string, catalog.sort_column));
  sort.kind = FieldKind::sort_column;
  f.push_back(sort);
  ViewField descending = flag_field("sort", "catalog", "sort_descending", REF(bool, catalog.sort_descending));
  descending.kind = FieldKind::sort_descending;
  f.push_back(descending);
  ViewField hidden = list_field("cat.hide", "catalog", "hidden_columns", TextRule::column_key, kKeyMaxChars,
                                kHiddenColumnsMax, REF(std::vector<std::string>, catalog.hidden_columns));
  hidden.kind = FieldKind::hidden_columns;
  f.push_back(hidden);
  f.push_back(card_field("sel", "catalog", "selected_id", true, REF(std::string, catalog.selected_id)));

  f.push_back(choice_field("profile", "ranking", "profile", profile_keys(), REF(std::string, ranking.profile)));
  f.push_back(text_field("metric", "ranking", "metric", TextRule::metric_key, kKeyMaxChars, true,
                         REF(std::string, ranking.metric)));
  ViewField weights = base_field("w", "ranking", "custom_weights", FieldKind::weights);
  weights.rule = TextRule::metric_key;
  weights.max_chars = kKeyMaxChars;
  weights.max_count = kCustomWeightsMax;
  weights.range = kMetricWeight;
  f.push_back(weights);
  f.push_back(list_field("rank.vendor", "ranking", "vendors", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, ranking.vendors)));
  f.push_back(list_field("rank.line", "ranking", "lines", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, ranking.lines)));
  f.push_back(list_field("rank.arch", "ranking", "architectures", TextRule::any, any, kFilterMaxValues,
                         REF(std::vector<std::string>, ranking.architectures)));
  f.push_back(number_field("rank.vram", "ranking", "min_vram_gb", kMinVramGb, REF(double, ranking.min_vram_gb)));
  f.push_back(number_field("rank.price", "ranking", "max_price_usd", kMaxPriceUsd, REF(double, ranking.max_price_usd)));
  f.push_back(whole_field("rank.ymin", "ranking", "year_min", kYear, REF(int, ranking.year_min)));
  f.push_back(text_field("rank.cuda", "ranking", "cuda", TextRule::version, kVersionMaxChars, true,
                         REF(std::string, ranking.cuda)));
  f.push_back(text_field("rank.torch", "ranking", "pytorch", TextRule::version, kVersionMaxChars, true,
                         REF(std::string, ranking.pytorch)));
  f.push_back(flag_field("rank.fits", "ranking", "fits_model", REF(bool, ranking.fits_model)));
  f.push_back(whole_field("rank.fitn", "ranking", "fit_gpu_count", kGpuCount, REF(int, ranking.fit_gpu_count)));
  f.push_back(whole_field("rank.top", "ranking", "top_n", kTopN, REF(int, ranking.top_n)));

  f.push_back(list_field("cmp", "", "compare_ids", TextRule::card_id, kKeyMaxChars, kCompareMaxCards,
                         REF(std::vector<std::string>, compare_ids)));

  f.push_back(text_field("fit.model", "fit", "preset", TextRule::preset, kKeyMaxChars, false, REF(std::string, fit.preset)));
  f.push_back(number_field("fit.p", "fit", "params_b", kParamsB, REF(double, fit.params_b)));
  f.push_back(choice_field("fit.prec", "fit", "precision", keys_of(fit_precisions()), REF(std::string, fit.precision)));
  f.push_back(choice_field("fit.mode", "fit", "mode", keys_of(fit_modes()), REF(std::string, fit.mode)));
  f.push_back(whole_field("fit.batch", "fit", "batch_size", kBatchSize, REF(int, fit.batch_size)));
  f.push_back(whole_field("fit.ctx", "fit", "context", kContextTokens, REF(int, fit.context)));
  f.push_back(whole_field("fit.layers", "fit", "layers", kLayers, REF(int, fit.layers)));
  f.push_back(whole_field("fit.kvh", "fit", "kv_heads", kKvHeads, REF(int, fit.kv_heads)));
  f.push_back(whole_field("fit.hdim", "fit", "head_dim", kHeadDim, REF(int, fit.head_dim)));
  f.push_back(whole_field("fit.hidden", "fit", "hidden_size", kHiddenSize, REF(int, fit.hidden_size)));

  f.push_back(card_field("adv.gpu", "advisor", "gpu_id", false, REF(std::string, advisor.gpu_id)));
  f.push_back(whole_field("adv.n", "advisor", "gpu_count", kGpuCount, REF(int, advisor.gpu_count)));
  f.push_back(number_field("adv.read", "advisor", "dataset_read_mbs", kDatasetReadMbs,
                           REF(double, advisor.dataset_read_mbs)));

  f.push_back(card_field("roi.gpu", "roi", "gpu_id", false, REF(std::string, roi.gpu_id)));
  f.push_back(whole_field("roi.n", "roi", "gpu_count", kGpuCount, REF(int, roi.gpu_count)));
  f.push_back(optional_field("roi.price", "roi", "price_usd", kPriceUsd, REF(std::optional<double>, roi.price_usd)));
  f.push_back(optional_field("roi.rate", "roi", "rate_usd_per_hour", kUsdPerHour,
                             REF(std::optional<double>, roi.rate_usd_per_hour)));
  f.push_back(optional_field("roi.power", "roi", "power_w", kPowerW, REF(std::optional<double>, roi.power_w)));
  f.push_back(number_field("roi.host", "roi", "host_cost_usd", kHostCostUsd, REF(double, roi.host_cost_usd)));
  f.push_back(number_field("roi.hostw", "roi", "host_power_w", kHostPowerW, REF(double, roi.host_power_w)));
  f.push_back(number_field("roi.kwh", "roi", "kwh_price_usd", kKwhPriceUsd, REF(double, roi.kwh_price_usd)));
  f.push_back(number_field("roi.hpd", "roi", "hours_per_day", kHoursPerDay, REF(double, roi.hours_per_day)));
  f.push_back(whole_field("roi.months", "roi", "months", kMonths, REF(int, roi.months)));
  f.push_back(number_field("roi.dep", "roi", "depreciation_pct_per_year", kPercent,
                           REF(double, roi.depreciation_pct_per_year)));
  f.push_back(optional_field("roi.resale", "roi", "resale_usd", kPriceUsd, REF(std::optional<double>, roi.resale_usd)));
  f.push_back(number_field("roi.maint", "roi", "maintenance_usd_per_year", kMaintenanceUsdPerYear,
                           REF(double, roi.maintenance_usd_per_year)));
  f.push_back(optional_field("roi.rent", "roi", "rent_out_rate_usd_per_hour", kUsdPerHour,
                             REF(std::optional<double>, roi.rent_out_rate_usd_per_hour)));
  f.push_back(number_field("roi.occ", "roi", "occupancy_pct", kPercent, REF(double, roi.occupancy_pct)));
  f.push_back(number_field("roi.fee", "roi", "platform_fee_pct", kPercent, REF(double, roi.platform_fee_pct)));
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

std::string join_choices(const std::vector<const char*>& choices) {
  if (choices.size() == 2) return std::string(choices[0]) + " or " + choices[1];
  std::string out = "one of ";
  for (std::size_t i = 0; i < choices.size(); ++i) out += (i ? ", " : "") + std::string(choices[i]);
  return out;
}

std::string describe_range(const NumberRange& range) {
  std::string out = range.zero_too ? "0 or " : "";
  out += range.whole ? "a whole number from " : "a number from ";
  return out + shortest_number(range.min) + " to " + shortest_number(range.max);
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

// [SECTION] Text helpers

std::string shortest_number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return "0";  // also -0
  char buffer[64];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
    return buffer;
  }
  // The first precision that reads back exactly; 17 significant digits always do.
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  std::string text = buffer;
  const std::size_t e = text.find('e');
  if (e != std::string::npos) {  // "1e-07" -> "1e-7", "1.5e+20" -> "1.5e20"
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
    text = text.substr(0, e + 1) + (negative ? "-" : "") + exponent;
  }
  return text;
}

std::optional<double> read_number(std::string_view text) {
  // Our own grammar check first: strtod would also take "inf", "nan", "0x1p3" and spaces.
  if (text.empty() || text.size() > 100) return std::nullopt;
  std::size_t i = 0;
  if (text[i] == '-') ++i;
  std::size_t digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    std::size_t exponent_digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++exponent_digits;
    if (exponent_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  const std::string copy(text);
  const double value = std::strtod(copy.c_str(), nullptr);
  if (!std::isfinite(value)) return std::nullopt;  // 1e999
  return value == 0 ? 0.0 : value;                  // no -0
}

bool clean_utf8(std::string& text) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7f) {
        changed = true;  // control characters have no place in a search or a filter
      } else {
        out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    std::size_t length = 0;
    std::uint32_t code = 0, smallest = 0;
    if (c >= 0xC2 && c <= 0xDF) length = 2, code = c & 0x1F, smallest = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) length = 3, code = c & 0x0F, smallest = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) length = 4, code = c & 0x07, smallest = 0x10000;
    bool valid = length > 0 && i + length <= n;
    for (std::size_t k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) valid = false;
      code = (code << 6) | (next & 0x3F);
    }
    valid = valid && code >= smallest && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
    if (valid && code >= 0x80 && code <= 0x9F) {  // C1 controls
      changed = true;
      i += length;
    } else if (valid) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD for each bad byte
      changed = true;
      ++i;
    }
  }
  text.swap(out);
  return changed;
}

bool cut_to_chars(std::string& text, int max_chars) {
  int chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // continuation byte
    if (chars == max_chars) {
      text.resize(i);
      return true;
    }
    ++chars;
  }
  return false;
}

std::string in_quotes(std::string_view text) {
  std::string out(text.substr(0, 400));
  clean_utf8(out);
  if (cut_to_chars(out, 40)) out += "...";
  return "'" + out + "'";
}

// [SECTION] Notices

void Notices::add(std::string text) {
  if (static_cast<int>(lines_.size()) < kMax) {
    lines_.push_back(std::move(text));
  } else {
    ++dropped_;
  }
}

std::vector<std::string> Notices::take() {
  std::vector<std::string> out = std::move(lines_);
  if (dropped_ > 0) out.push_back("... and " + std::to_string(dropped_) + " more problems");
  lines_.clear();
  dropped_ = 0;
  return out;
}

// [SECTION] FieldApplier

FieldApplier::FieldApplier(ViewState& state, const std::vector<std::string>* known_gpu_ids, bool link_names,
                           Notices& notices)
    : state_(state), known_gpu_ids_(known_gpu_ids), link_names_(link_names), notices_(notices) {}

std::string FieldApplier::name(const ViewField& field) const {
  if (link_names_) return field.link_key;
  return field.section[0] ? std::string(field.section) + "." + field.name : std::string(field.name);
}

std::string FieldApplier::expected(const ViewField& field) const {
  switch (field.kind) {
    case FieldKind::tab: {
      std::vector<const char*> keys;
      for (int i = 0; i < kTabCount; ++i) keys.push_back(tab_key(static_cast<Tab>(i)));
      return join_choices(keys);
    }
    case FieldKind::number:
    case FieldKind::whole:
      return describe_range(field.range);
    case FieldKind::optional_number:
      return std::string(link_names_ ? "empty" : "null") + " or " + describe_range(field.range);
    case FieldKind::flag:
    case FieldKind::sort_descending:
      return link_names_ ? "0 or 1" : "true or false";
    case FieldKind::list:
      return field.rule == TextRule::card_id ? "a list of card ids" : "a list of text";
    case FieldKind::hidden_columns:
      return "null or a list of column keys";
    case FieldKind::weights:
      return link_names_ ? "a list of metric:weight" : "a list of {\"metric\", \"weight\"}";
    case FieldKind::text:
    case FieldKind::sort_column:
      break;
  }
  return expected_text(field);
}

std::string FieldApplier::expected_text(const ViewField& field) const {
  const std::string or_empty = field.empty_ok ? " or empty" : "";
  switch (field.rule) {
    case TextRule::choice: return join_choices(field.choices);
    case TextRule::metric_key: return "a metric key like fp32_tflops" + or_empty;
    case TextRule::preset: return "a model preset like llama-3-8b, or custom";
    case TextRule::version: return "a version like 12.1" + or_empty;
    case TextRule::column_key: return "a column key like fp32_tflops";
    case TextRule::card_id: return "a card id like rtx-3090" + or_empty;
    case TextRule::any: break;
  }
  return "text";
}

std::string FieldApplier::current(const ViewField& field) const {
  ViewState& s = state_;
  switch (field.kind) {
    case FieldKind::tab: return tab_key(s.tab);
    case FieldKind::number: return shortest_number(field.number(s));
    case FieldKind::whole: return std::to_string(field.whole(s));
    case FieldKind::optional_number: {
      const auto& value = field.optional_number(s);
      return value ? shortest_number(*value) : "none";
    }
    case FieldKind::flag:
    case FieldKind::sort_descending:
      return field.flag(s) ? (link_names_ ? "1" : "true") : (link_names_ ? "0" : "false");
    case FieldKind::sort_column:
      if (link_names_) return (s.catalog.sort_descending ? "-" : "") + s.catalog.sort_column;
      break;
    case FieldKind::text: break;
    case FieldKind::list:
    case FieldKind::hidden_columns:
    case FieldKind::weights:
      return "the default";
  }
  const std::string& text = field.text(s);
  return text.empty() ? "(empty)" : text;
}

void FieldApplier::refuse(const ViewField& field) {
  notices_.add("'" + name(field) + "' must be " + expected(field) + "; kept " + current(field));
}

bool FieldApplier::is_known_card(const std::string& id) const {
  if (!known_gpu_ids_) return true;  // no catalog to check against: keep the id
  for (const auto& known : *known_gpu_ids_) {
    if (known == id) return true;
  }
  return false;
}

bool FieldApplier::check_text(const ViewField& field, std::string& value, bool in_list) {
  const std::string where = " from '" + name(field) + "'";
  if (field.rule == TextRule::any) {
    if (clean_utf8(value)) notices_.add("'" + name(field) + "' had invalid characters; replaced them");
    if (cut_to_chars(value, field.max_chars)) {
      notices_.add("'" + name(field) + "' was longer than " + std::to_string(field.max_chars) +
                   " characters; cut it");
    }
    if (in_list && value.empty()) {
      notices_.add("dropped an empty value" + where);
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
        if (in_list) notices_.add("dropped unknown column " + in_quotes(value) + where);
        else refuse(field);
        return false;
      }
      break;
    case TextRule::card_id:
      ok = ok && is_slug(value);
      if (ok && !is_known_card(value)) {
        notices_.add("dropped unknown card " + in_quotes(value) + where);
        return false;
      }
      break;
    case TextRule::any: break;
  }
  if (!ok) {
    if (in_list) notices_.add("dropped " + in_quotes(value) + where + ": not " + expected_text(field));
    else refuse(field);
  }
  return ok;
}

void FieldApplier::set_tab(const ViewField& field, const std::optional<std::string>& key) {
  if (!key || !tab_from_key(*key, state_.tab)) refuse(field);
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
      notices_.add("dropped repeated " + in_quotes(value) + " from '" + name(field) + "'");
      continue;
    }
    kept.push_back(std::move(value));
  }
  if (beyond > 0) {
    const std::string what = field.rule == TextRule::card_id ? " cards" : " values";
    notices_.add("'" + name(field) + "' has more than " + std::to_string(field.max_count) + what + "; kept the first " +
                 std::to_string(field.max_count));
  }
  field.list(state_) = std::move(kept);
}

void FieldApplier::set_hidden_columns(const ViewField& field, bool is_set, const std::vector<std::string>& values) {
  if (!is_set) {
    state_.catalog.hidden_columns_set = false;
    state_.catalog.hidden_columns.clear();  // unused when not set; cleared so states compare equal
    return;
  }
  set_list(field, values);
  state_.catalog.hidden_columns_set = true;
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
  state_.catalog.sort_column = checked;
  state_.catalog.sort_descending = descending;
}

void FieldApplier::set_weights(const ViewField& field, std::optional<std::vector<WeightCandidate>> weights) {
  if (!weights) return refuse(field);
  std::vector<MetricWeight> kept;
  std::size_t beyond = 0;
  const std::string where = " from '" + name(field) + "'";
  for (auto& candidate : *weights) {
    if (static_cast<int>(kept.size()) == field.max_count) {
      ++beyond;
      continue;
    }
    if (!candidate.metric.empty() && find_ranking_metric(candidate.metric) == nullptr) {
      notices_.add("dropped unknown metric " + in_quotes(candidate.metric) + where);
      continue;
    }
    if (candidate.metric.empty() || !candidate.weight || !field.range.contains(*candidate.weight)) {
      notices_.add("dropped weight " + in_quotes(candidate.raw) + where + ": not a metric key with a weight from " +
                   shortest_number(field.range.min) + " to " + shortest_number(field.range.max));
      continue;
    }
    bool repeated = false;
    for (const auto& earlier : kept) repeated = repeated || earlier.metric == candidate.metric;
    if (repeated) {
      notices_.add("dropped repeated weight for " + in_quotes(candidate.metric) + where);
      continue;
    }
    kept.push_back({candidate.metric, *candidate.weight == 0 ? 0.0 : *candidate.weight});
  }
  if (beyond > 0) {
    notices_.add("'" + name(field) + "' has more than " + std::to_string(field.max_count) + " weights; kept the first " +
                 std::to_string(field.max_count));
  }
  state_.ranking.custom_weights = std::move(kept);
}

}  // namespace gpuwise
