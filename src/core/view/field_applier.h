// Candidate values from a link, a saved state or a flag, checked against the field
// table before they reach a ViewState: a bad one leaves the field as it was and adds one
// notice naming the field ("'roi.hpd' must be a number from 0 to 24; kept 8").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "text/template_text.h"
#include "view/notices.h"
#include "view/view_fields.h"

namespace gpuwise {

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
