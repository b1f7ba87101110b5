// Every field of ViewState once: its share-link key, its JSON name and what a valid
// value is. The share link (share_link.cpp) and the saved state (state_json.cpp) both
// walk this table and hand candidate values to one FieldApplier, so both read values
// the same way and a bad value gives the same notice. Internal to core.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "limits.h"
#include "view_state.h"

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
  // The field inside a state; the one that matches `kind` is set.
  std::string& (*text)(ViewState&) = nullptr;
  std::vector<std::string>& (*list)(ViewState&) = nullptr;
  double& (*number)(ViewState&) = nullptr;
  int& (*whole)(ViewState&) = nullptr;
  std::optional<double>& (*optional_number)(ViewState&) = nullptr;
  bool& (*flag)(ViewState&) = nullptr;
};

// Every field, in ViewState order (which is also the order keys are written in a link).
const std::vector<ViewField>& view_fields();
const ViewField* find_field_by_link_key(std::string_view key);

// [SECTION] Small text helpers shared by the codecs

// Shortest decimal text that reads back to exactly `value`: 8.03 -> "8.03", 24 -> "24",
// 1e-7 -> "1e-7". No '+' anywhere (it would read as a space in a link).
std::string shortest_number(double value);
// Reads "70.6", "-1", "1e3", ".5"; nullopt for anything else, inf or NaN.
std::optional<double> read_number(std::string_view text);
// Replaces invalid UTF-8 with U+FFFD and drops control characters; true if it changed.
bool clean_utf8(std::string& text);
// Cuts at max_chars code points; true if it cut. Expects valid UTF-8.
bool cut_to_chars(std::string& text, int max_chars);
// 'text' for a notice: cleaned, at most 40 characters, in single quotes.
std::string in_quotes(std::string_view text);

// [SECTION] Notices: each problem is one short line; a garbage link cannot flood them.
class Notices {
 public:
  static constexpr int kMax = 20;
  void add(std::string text);
  std::vector<std::string> take();  // the notices, plus "... and N more" when capped

 private:
  std::vector<std::string> lines_;
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
  void notice(std::string text) { notices_.add(std::move(text)); }

 private:
  std::string expected(const ViewField& field) const;  // "a number from 0 to 24"
  std::string expected_text(const ViewField& field) const;  // one text value: "a card id like rtx-3090"
  std::string current(const ViewField& field) const;   // "8"
  void refuse(const ViewField& field);                 // "'x' must be ...; kept ..."
  // Checks one text value by the field's rule; on failure adds a notice and returns false.
  bool check_text(const ViewField& field, std::string& value, bool in_list);
  bool is_known_card(const std::string& id) const;

  ViewState& state_;
  const std::vector<std::string>* known_gpu_ids_;
  bool link_names_;
  Notices& notices_;
};

}  // namespace gpuwise
