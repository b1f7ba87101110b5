// Every field of ViewState once: its share-link key, its JSON name, what a valid value
// is (type, range), its unit, English label and command-line flag. Everything that
// handles inputs walks this table: operator== and view_state_to_json (view_state.cpp),
// the share link (share_link.cpp), the saved state (state_json.cpp), clamping
// (clamp_view_state), the UI's input widgets (src/ui/widgets.h InputField) and the
// CLI's value flags (cli_values.h). A field's default is its value in ViewState{}.
// The table is view_fields.cpp; what reads it: field_ops.cpp (compare, JSON, clamp),
// field_applier.h (checks a candidate value), notices.h, cli_values.h.
// docs/CONTRIBUTING.md: how to add a field.
#pragma once
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rank/ranking_view.h"
#include "text/json_fwd.h"
#include "text/limits.h"
#include "text/number_text.h"  // read_number, shortest_number: what the users of the table parse and print
#include "text/utf8.h"
#include "view/view_state.h"

namespace gpuwise {

enum class FieldKind {
  tab,              // Tab, by tab_key()
  text,             // one string, checked by `rule`
  list,             // strings, each checked by `rule`
  hidden_columns,   // catalog.hidden_columns + hidden_columns_set (JSON null: not set)
  number,           // double in `range`
  whole,            // int in `range`
  optional_number,  // std::optional<double>; empty / null: absent
  flag,             // bool
  sort_column,      // catalog.sort_column; in a link one `sort` key with the direction
  sort_descending,  // catalog.sort_descending; in a link the '-' in front of `sort`
  weights,          // ranking.custom_weights
};

enum class TextRule {
  any,         // free text: valid UTF-8, no control characters, at most max_chars
  choice,      // one of `choices`
  metric_key,  // a key of ranking_metrics(): fp32_tflops
  preset,      // a model_presets() id (llama-3-8b) or "custom"
  version,     // 12.1: digits and dots
  column_key,  // a key of catalog_columns()
  card_id,     // a slug (is_slug); checked against the catalog when known
};

// One member of a ViewState, to write (get) and to read (read). REF(type, path) in
// view_fields.cpp makes one from the member's path.
template <class T>
struct StateRef {
  T& (*get)(ViewState&);
  const T& (*read)(const ViewState&);
};
// sort_column: the column and its direction, written as one link key (`sort=-vram_gb`).
struct SortRef {
  StateRef<std::string> column;
  StateRef<bool> descending;
};
// hidden_columns: the list, and whether it was set at all (JSON null: each default).
struct HiddenColumnsRef {
  StateRef<std::vector<std::string>> columns;
  StateRef<bool> is_set;
};
// monostate: the ranking's list filters, found through `ranking_list` instead.
using FieldRef =
    std::variant<std::monostate, StateRef<Tab>, StateRef<std::string>, StateRef<std::vector<std::string>>,
                 StateRef<double>, StateRef<int>, StateRef<std::optional<double>>, StateRef<bool>,
                 StateRef<std::vector<MetricWeight>>, SortRef, HiddenColumnsRef>;

struct ViewField {
  const char* link_key = "";  // "roi.hpd"
  const char* section = "";   // "roi"; "" for top-level fields
  const char* name = "";      // "hours_per_day": the view_state_to_json name
  FieldKind kind = FieldKind::text;
  TextRule rule = TextRule::any;
  std::vector<const char*> choices;  // TextRule::choice
  NumberRange range{0, 0, false, false};
  int max_chars = 0;     // text and list values
  int max_count = 0;     // list values
  bool empty_ok = false; // text: "" is a valid value (no filter, nothing selected)
  const char* label = "";     // English, I18N-marked: what the page calls it ("Use per day")
  const char* unit = "";      // "GB", "W", "%", "h"; money: "USD", "USD/GPU-hour"; "" for counts
  const char* cli_flag = "";  // "--hours-per-day": the flag gpuwise reads it from; "" for none
  // Laid out by no panel by hand: its section's panel draws it in its "More" list
  // (ui/widgets.h DrawMoreFields) and its command lists its flag. How a new input reaches
  // the page from this row alone. A number, whole number, optional number or flag.
  bool more = false;
  // A ranking filter on a card's text field (rank/ranking_view.h's table): rank() filters
  // by it and the page's menu offers its catalog column's values.
  const RankingListFilter* ranking_list = nullptr;
  // Where the field lives in a state, typed by its kind (the tests read and write every
  // row through its kind's accessor): use the accessors below, which read a const state
  // and write a mutable one.
  FieldRef ref;

  Tab& tab(ViewState& s) const { return as<Tab>().get(s); }
  const Tab& tab(const ViewState& s) const { return as<Tab>().read(s); }
  std::string& text(ViewState& s) const;  // text and sort_column (its column)
  const std::string& text(const ViewState& s) const;
  // list, hidden_columns and the ranking's list filters.
  std::vector<std::string>& list(ViewState& s) const;
  const std::vector<std::string>& list(const ViewState& s) const;
  double& number(ViewState& s) const { return as<double>().get(s); }
  const double& number(const ViewState& s) const { return as<double>().read(s); }
  int& whole(ViewState& s) const { return as<int>().get(s); }
  const int& whole(const ViewState& s) const { return as<int>().read(s); }
  std::optional<double>& optional_number(ViewState& s) const { return as<std::optional<double>>().get(s); }
  const std::optional<double>& optional_number(const ViewState& s) const {
    return as<std::optional<double>>().read(s);
  }
  // flag and sort_descending; sort_column's direction and hidden_columns' "is set".
  bool& flag(ViewState& s) const;
  const bool& flag(const ViewState& s) const;
  std::vector<MetricWeight>& weights(ViewState& s) const { return as<std::vector<MetricWeight>>().get(s); }
  const std::vector<MetricWeight>& weights(const ViewState& s) const {
    return as<std::vector<MetricWeight>>().read(s);
  }

 private:
  // The ref of type T; a row whose kind and ref disagree is a programming error.
  template <class T>
  const StateRef<T>& as() const {
    const StateRef<T>* found = std::get_if<StateRef<T>>(&ref);
    if (!found) std::abort();
    return *found;
  }
};

// Every field, in ViewState order (which is also the order keys are written in a link).
const std::vector<ViewField>& view_fields();
const ViewField* find_field_by_link_key(std::string_view key);
// The field named by its link key; the key must exist (a typo is a programming error,
// caught by the tests that call every user of it).
const ViewField& view_field(std::string_view link_key);
// The field a command reads from `flag` among `sections` ("roi", "fit"); nullptr if none.
const ViewField* find_field_by_cli_flag(std::string_view flag, const std::vector<std::string>& sections);

// [SECTION] Generic operations, by the table (field_ops.cpp)
// The field's value in `a` equals the one in `b` (sort_descending and
// hidden_columns_set included in their fields).
bool field_equal(const ViewField& field, const ViewState& a, const ViewState& b);
// The field's value as view_state_to_json writes it.
json field_to_json(const ViewField& field, const ViewState& state);
// The nearest value in the field's range (0 stays 0 where the range allows it; NaN
// becomes the default); true when it changed. Only number kinds change.
bool clamp_field(const ViewField& field, ViewState& state);
// Every number of the state clamped to the table's ranges.
void clamp_view_state(ViewState& state);
}  // namespace gpuwise
