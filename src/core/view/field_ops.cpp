// The generic operations on a field, by its kind: compare two states, write the JSON of
// view_state_to_json, clamp to the field's range. operator==, the saved state, links and
// clamp_view_state are these in a loop over view_fields().
#include <cmath>

#include "text/json_util.h"
#include "view/view_fields.h"

namespace gpuwise {
namespace {
json optional_json(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

bool field_equal(const ViewField& field, const ViewState& a, const ViewState& b) {
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

json field_to_json(const ViewField& field, const ViewState& s) {
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
  switch (field.kind) {
    case FieldKind::number: {
      double& value = field.number(state);
      const double clamped = clamp_to_range(field.range, value, field.number(defaults));
      const bool changed = !(clamped == value);
      value = clamped;
      return changed;
    }
    case FieldKind::whole: {
      int& value = field.whole(state);
      const int clamped = static_cast<int>(clamp_to_range(field.range, value, field.whole(defaults)));
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

}  // namespace gpuwise
