// FieldApplier: checks a candidate value by its field's kind and rule (range, choices,
// version, card id, list caps) and either writes it or says, in one notice, what was
// expected and what was kept. Links, the saved state and the CLI all go through it.
#include "view/field_applier.h"

#include <cmath>
#include <utility>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/compat.h"
#include "catalog/metrics.h"
#include "estimate/vram_fit.h"
#include "text/number_text.h"
#include "text/utf8.h"

namespace gpuwise {
namespace {

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
  const ViewState& s = state_;
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

}  // namespace gpuwise
