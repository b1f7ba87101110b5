#include "view/state_json.h"

#include <cmath>
#include <cstring>

#include "text/number_text.h"
#include "text/utf8.h"
#include "view/field_applier.h"
#include "view/view_fields.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

// A section is any non-empty `section` of the field table.
bool is_section(const std::string& key) {
  for (const ViewField& field : view_fields()) {
    if (field.section[0] && key == field.section) return true;
  }
  return false;
}

// True when `name` is a field of `section` ("" for the top level).
bool is_field(const char* section, const std::string& name) {
  for (const ViewField& field : view_fields()) {
    if (!std::strcmp(field.section, section) && name == field.name) return true;
  }
  return false;
}

std::optional<std::string> as_text(const json& value) {
  if (!value.is_string()) return std::nullopt;
  return value.get<std::string>();
}

std::optional<double> as_number(const json& value) {
  if (!value.is_number()) return std::nullopt;
  return value.get<double>();  // the applier refuses NaN and inf
}

std::optional<std::vector<std::string>> as_text_list(const json& value, FieldApplier& applier,
                                                     const ViewField& field) {
  if (!value.is_array()) return std::nullopt;
  std::vector<std::string> items;
  for (const json& item : value) {
    if (item.is_string()) {
      items.push_back(item.get<std::string>());
    } else {
      applier.notice({I18N("dropped {0} from '{1}': not text"), {in_quotes(dump_json(item)), applier.name(field)}});
    }
  }
  return items;
}

std::optional<std::vector<WeightCandidate>> as_weights(const json& value) {
  if (!value.is_array()) return std::nullopt;
  std::vector<WeightCandidate> weights;
  for (const json& item : value) {
    WeightCandidate candidate;
    candidate.raw = dump_json(item);
    if (item.is_object() && item.contains("metric") && item["metric"].is_string()) {
      candidate.metric = item["metric"].get<std::string>();
      if (item.contains("weight")) candidate.weight = as_number(item["weight"]);
    }
    weights.push_back(std::move(candidate));
  }
  return weights;
}

void read_field(const ViewField& field, const json& value, FieldApplier& applier) {
  using NumberOrNone = std::optional<std::optional<double>>;
  switch (field.kind) {
    case FieldKind::tab: applier.set_tab(field, as_text(value)); break;
    case FieldKind::text:
    case FieldKind::sort_column: applier.set_text(field, as_text(value)); break;
    case FieldKind::list: applier.set_list(field, as_text_list(value, applier, field)); break;
    case FieldKind::hidden_columns:
      if (value.is_null()) {
        applier.set_hidden_columns(field, false, {});
      } else if (auto columns = as_text_list(value, applier, field)) {
        applier.set_hidden_columns(field, true, *columns);
      } else {
        applier.set_list(field, std::nullopt);  // the "must be null or a list" notice
      }
      break;
    case FieldKind::number:
    case FieldKind::whole: applier.set_number(field, as_number(value)); break;
    case FieldKind::optional_number:
      if (value.is_null()) {
        applier.set_optional_number(field, NumberOrNone(std::in_place, std::nullopt));
      } else if (auto number = as_number(value)) {
        applier.set_optional_number(field, NumberOrNone(std::in_place, *number));
      } else {
        applier.set_optional_number(field, std::nullopt);
      }
      break;
    case FieldKind::flag:
    case FieldKind::sort_descending:
      applier.set_flag(field, value.is_boolean() ? std::optional<bool>(value.get<bool>()) : std::nullopt);
      break;
    case FieldKind::weights: applier.set_weights(field, as_weights(value)); break;
  }
}

// The state's `v`: 1 when absent (states saved before the field existed).
int read_version(const json& state_json, Notices& notices) {
  if (!state_json.contains("v")) return 1;
  const json& v = state_json["v"];
  const double number = v.is_number() ? v.get<double>() : 0;
  if (!(number >= 1 && number <= 1e6) || number != std::floor(number)) {  // also NaN
    notices.add({I18N("'v' must be a whole number like 1; read the state as v=1")});
    return 1;
  }
  return static_cast<int>(number);
}

}  // namespace

LinkDecode view_state_from_json(const json& state_json, const ViewState& defaults,
                                const std::vector<std::string>* known_gpu_ids) {
  LinkDecode out{defaults, {}, {}};
  Notices notices;
  if (!state_json.is_object()) {
    notices.add({I18N("the state is not a JSON object; used the defaults")});
    out.notice_texts = notices.take();
    out.notices = english(out.notice_texts);
    return out;
  }
  const int version = read_version(state_json, notices);
  const bool newer = version > kLinkVersion;
  if (newer) {
    notices.add({I18N("this state is from a newer version of gpuwise (v={0}); some settings may be missing"),
                 {std::to_string(version)}});
  }

  // Unknown keys and broken sections first (in key order: nlohmann sorts object keys).
  for (const auto& item : state_json.items()) {
    const std::string& key = item.key();
    if (key == "v" || is_field("", key)) continue;
    if (!is_section(key)) {
      if (!newer) notices.add({I18N("ignored unknown key {0}"), {in_quotes(key)}});
      continue;
    }
    if (!item.value().is_object()) {
      notices.add({I18N("'{0}' must be an object; kept its defaults"), {key}});
      continue;
    }
    for (const auto& inner : item.value().items()) {
      if (!newer && !is_field(key.c_str(), inner.key())) {
        notices.add({I18N("ignored unknown key {0}"), {in_quotes(key + "." + inner.key())}});
      }
    }
  }

  FieldApplier applier(out.state, known_gpu_ids, /*link_names=*/false, notices);
  for (const ViewField& field : view_fields()) {
    const json* holder = &state_json;
    if (field.section[0]) {
      auto section = state_json.find(field.section);
      if (section == state_json.end() || !section->is_object()) continue;
      holder = &*section;
    }
    auto value = holder->find(field.name);
    if (value == holder->end()) continue;  // missing: keep the default
    read_field(field, *value, applier);
  }
  out.notice_texts = notices.take();
  out.notices = english(out.notice_texts);
  return out;
}

}  // namespace gpuwise
