// Every field of ViewState once: its share-link key, its JSON name, what a valid value
// is (type, range), its unit, English label and command-line flag. Everything that
// handles inputs walks this table: operator== and view_state_to_json (view_state.cpp),
// the share link (share_link.cpp), the saved state (state_json.cpp), clamping
// (clamp_view_state), the UI's input widgets (src/ui/widgets.h InputField) and the
// CLI's value flags (cli_field). A field's default is its value in ViewState{}.
// docs/CONTRIBUTING.md: how to add a field.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "rank/ranking_view.h"
#include "text/json_util.h"
#include "text/limits.h"
#include "text/template_text.h"
#include "view/view_state.h"
#include "text/number_text.h"
#include "text/utf8.h"

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
  // A ranking filter on a card's text field (rank/ranking_view.h's table): rank() filters
  // by it and the page's menu offers its catalog column's values.
  const RankingListFilter* ranking_list = nullptr;
  // The field inside a state; the one that matches `kind` is set. hidden_columns also
  // sets `flag` (hidden_columns_set), sort_column sets `flag` (sort_descending).
  Tab& (*tab)(ViewState&) = nullptr;
  std::vector<MetricWeight>& (*weights)(ViewState&) = nullptr;
  std::string& (*text)(ViewState&) = nullptr;
  std::vector<std::string>& (*list_ref)(ViewState&) = nullptr;
  double& (*number)(ViewState&) = nullptr;
  int& (*whole)(ViewState&) = nullptr;
  std::optional<double>& (*optional_number)(ViewState&) = nullptr;
  bool& (*flag)(ViewState&) = nullptr;

  // The list of a list or hidden_columns field (a ranking list filter's too).
  std::vector<std::string>& list(ViewState& state) const {
    return ranking_list ? state.ranking.*ranking_list->values : list_ref(state);
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

// [SECTION] Generic operations, by the table
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
// [SECTION] The command line: one parser for flags and links
// Reads `text` as the value of `field` (a number, a whole number, a word of its
// choices, a version, a comma-separated list ...) into `state` with the same checks as a link. Returns the
// problem in the words a link's notice uses ("'--price' must be a number from 0 to
// 10000000 (got '0x10')"), or nullopt when the value was applied.
std::optional<TemplateText> apply_cli_value(const ViewField& field, const std::string& text, ViewState& state);

// [SECTION] Notices: each problem is one short line; a garbage link cannot flood them.
class Notices {
 public:
  static constexpr int kMax = 20;
  void add(TemplateText text);
  std::vector<TemplateText> take();  // the notices, plus "... and N more" when capped

 private:
  std::vector<TemplateText> lines_;
  int dropped_ = 0;
};

struct WeightCandidate {
  std::string metric;
  std::optional<double> weight;  // nullopt: not a number
  std::string raw;               // the entry as written, for the notice
};

// Checks candidate values and writes the good ones into `state`; a bad one leaves the
// field as it was (the defaults) and adds one notice naming the field.
class FieldApplier {
 public:
  // link_names: notices name fields by link key ('roi.hpd'), else by JSON path.
  FieldApplier(ViewState& state, const std::vector<std::string>* known_gpu_ids, bool link_names,
               Notices& notices);

  std::string name(const ViewField& field) const;
  void set_tab(const ViewField& field, const std::optional<std::string>& key);
  void set_text(const ViewField& field, std::optional<std::string> value);
  // nullopt: not a list at all.
  void set_list(const ViewField& field, std::optional<std::vector<std::string>> values);
  // is_set false: "each column's default"; values then ignored.
  void set_hidden_columns(const ViewField& field, bool is_set, const std::vector<std::string>& values);
  void set_number(const ViewField& field, std::optional<double> value);
  // outer nullopt: not a number; inner nullopt: absent (use the figure from data).
  void set_optional_number(const ViewField& field, std::optional<std::optional<double>> value);
  void set_flag(const ViewField& field, std::optional<bool> value);
  // In a link: `sort=-fp32_tflops`; column empty or unknown keeps both parts.
  void set_sort(const ViewField& column_field, const std::string& column, bool descending);
  void set_weights(const ViewField& field, std::optional<std::vector<WeightCandidate>> weights);
  void notice(TemplateText text) { notices_.add(std::move(text)); }
  // Notices name the field `name` instead (the CLI: '--price').
  void set_name_override(std::string name) { name_override_ = std::move(name); }

 private:
  TemplateText expected(const ViewField& field) const;       // "a number from 0 to 24"
  TemplateText expected_text(const ViewField& field) const;  // one text value: "a card id like rtx-3090"
  TemplateText current(const ViewField& field) const;        // "8", "none"
  void refuse(const ViewField& field);                       // "'x' must be ...; kept ..."
  void add(const char* pattern, std::vector<std::string> args, std::vector<TemplateText> nested = {});
  // Checks one text value by the field's rule; on failure adds a notice and returns false.
  bool check_text(const ViewField& field, std::string& value, bool in_list);
  bool is_known_card(const std::string& id) const;

  ViewState& state_;
  const std::vector<std::string>* known_gpu_ids_;
  bool link_names_;
  Notices& notices_;
  std::string name_override_;
};

}  // namespace gpuwise
