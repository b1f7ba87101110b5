// Small shared widgets: help markers, links, filter menus, layout helpers.
#pragma once
#include <string>
#include <vector>

#include "catalog/columns.h"
#include "money/roi.h"
#include "ui_state.h"

namespace gpuwise::ui {

// A "(?)" that shows `text` on hover.
void HelpMarker(const char* text);

// Underlined link text; a click asks the platform to open `url` in a new tab.
void Link(const char* label, const std::string& url, PlatformRequests& requests);

// Continues on the same line when `next_width` still fits, else starts a new line.
void SameLineIfFits(float next_width);

// A button "Label: All ▾" opening a checklist of `values`; `selected` empty means all.
// Returns true when the selection changed.
// `shown` turns a value into its on-screen name (nullptr: the value itself).
bool MultiSelectFilter(const char* label, const std::vector<std::string>& values,
                       std::vector<std::string>& selected, const char* (*shown)(std::string_view) = nullptr);

// The catalog's distinct values of a column (core's distinct_values), for the filter
// menus: computed once per catalog, not in every frame. A copy, so that asking for
// another column never leaves a caller holding a moved value.
std::vector<std::string> CatalogValues(UiState& ui, std::string_view column_key);

// Records the last item's rectangle under `key` in ui.targets.
void RecordTarget(UiState& ui, const std::string& key);

// A catalog cell as shown: column_text() with the words core writes (a line's name,
// yes / no) in the reader's language.
std::string CellText(const Column& column, const Gpu& gpu);
// "FP32 (TFLOPS)" translated: a ranking metric\'s label and unit; an unknown key as it is.
std::string MetricLabel(const std::string& metric_key);

// [SECTION] Folding on phones
// A screen narrower than this (a phone): blocks of inputs fold under a one-line summary
// so the results are on the first screen.
constexpr float kNarrowWidth = 640;
bool IsNarrow();  // the screen is narrower than kNarrowWidth
// A fold's line, "Filters: NVIDIA, ≥ 24 GB · 3 more": the title (translated), then as
// many items as fit in the fold's width (all of them with `fit` false: the live line),
// then how many did not; "Filters: none" without items. Items are given in parts, so the
// call sites need no string building (the download counts every byte of it).
class FoldLine {
 public:
  explicit FoldLine(const char* title, bool fit = true);
  void add(const char* a, const char* b = "", const char* c = "");
  void add(const std::string& a) { add(a.c_str()); }
  void add_values(const std::vector<std::string>& values, bool lines = false);  // a line key by its name
  // The filters the catalog and the ranking share: "≥ 24 GB", "PyTorch 2.5", "Runs on CUDA"...
  void add_shared_filters(double min_vram_gb, const std::string& pytorch_any, bool cuda_only, bool unified_only);
  bool empty() const { return items_ == 0; }
  std::string text() const;

 private:
  std::string text_;
  float room_;
  int items_ = 0, hidden_ = 0;
};
// On a narrow screen, a full-width button "`summary` ▾" that unfolds the block under it
// (folded at first; ImGui's window storage keeps the state, not the link); elsewhere
// nothing. True when the block is to be drawn. Target "fold:<id>".
bool FoldOnNarrow(const char* id, const FoldLine& summary, UiState& ui);

// Text in the theme's dimmed colour.
void TextDim(const char* text);
// Two hundred cards: the filter on top of a card list open in a combo (the catalog's search
// words: "3090", "h100", 英伟达). Each opening starts unfiltered (the last card's words would
// hide the rest). `id` is "##name"; its target is "input:name".
void CardListFilter(const char* id, std::string& filter, UiState& ui);
// Notes and sources (ui_state.h, details): true when they are loaded; otherwise asks
// for them and, with `say` set, says they are on the way or why they are not there.
bool DetailsLoaded(UiState& ui, bool say = true);

// The software filters the catalog and ranking tabs share (issue 13): "runs PyTorch (any
// backend) X.Y" (a menu of cuda.json's releases), "runs on CUDA", "unified memory".
// Targets: "<prefix>-torch-any", "<prefix>-on-cuda", "<prefix>-unified".
void SoftwareFilters(const char* prefix, std::string& pytorch_any, bool& cuda_only, bool& unified_only, UiState& ui);

}  // namespace gpuwise::ui

namespace gpuwise::ui {

// [SECTION] Charts drawn with ImDrawList (ImPlot is not available here)
struct Bar {
  std::string label;        // left of the bar
  double value = 0;         // bar length relative to the chart's max
  std::string value_text;   // printed on the bar
  bool marked = false;      // drawn with a marker (e.g. a missing figure)
  std::string tooltip;
  std::string target;       // published as a click target when not empty
};
// Horizontal bars, one row each; returns the index clicked, or -1.
int BarChart(const char* id, const std::vector<Bar>& bars, UiState& ui);

struct LineSeries {
  std::string label;
  std::vector<double> values;  // y per x = 1, 2, 3 ...
  unsigned int colour = 0;     // ImU32; 0: a default per series
};
// Lines over x = 1..N with axes and a legend; `marker_x` > 0 draws a vertical marker
// labelled `marker_label`. Hovering shows every series' value at that x.
void LineChart(const char* id, const std::vector<LineSeries>& series, const char* x_label,
               const char* y_prefix, int marker_x, const std::string& marker_label, float height);

// [SECTION] Inputs
// A number field with its unit after it. Values outside [min, max] are clamped and the
// field shows why until the next edit, in the core's words ("Use per day 30 is out of
// range; clamped to 24": `name` is the field's translated label, "" to leave it out).
// Returns true when the value changed.
bool InputNumber(const char* label, double& value, double min, double max, const char* unit,
                 const char* format, UiState& ui, float width = 110, const char* name = "");
bool InputCount(const char* label, int& value, int min, int max, const char* unit, UiState& ui,
                float width = 110, const char* name = "");

// An input for one field of the table (src/core/view/view_fields.h), named by its link key
// ("roi.hpd"): the range, unit and type come from the table, money ("USD..." units) is
// typed in the reader's currency. `id` names the widget ("input:ID" for the browser
// tests). Returns true when the value changed.
bool InputField(const char* id, const char* link_key, ViewState& view, UiState& ui, const char* format = "%.0f",
                float width = 110);
// An optional roi field (kRoiOptionals): empty shows the figure `used` resolved (the
// market's tariff for roi.kwh), and is set only once edited.
bool InputRoiOptional(const char* id, const char* link_key, const RoiResult& used, ViewState& view, UiState& ui,
                      const char* format = "%.0f");
// Every field of `section` the table marks `more` (ViewField::more): a label, its input at
// `input_x` (on the next line where the line is narrower than `fold_below`, as the panel's
// own labels fold) and "input:<link key with - for .>"; optional roi figures show the figure
// `used` resolved. A new input's row alone puts it here.
void DrawMoreFields(const char* section, ViewState& view, UiState& ui, float input_x, float fold_below,
                    const RoiResult* used = nullptr);
// The `more` fields of `section` that differ from their default, for a summary line:
// ", Draft model (speculative decoding) 1.24 billion"; "" when every one is the default.
std::string MoreFieldsSummary(const char* section, const ViewState& view);
// The same for a value held outside the state: an optional field's figure in use
// (the caller stores it back), or a number shown before it is stored.
bool InputFieldValue(const char* id, const char* link_key, double& value, ViewState& view, UiState& ui,
                     const char* format = "%.0f", float width = 110);
// The field's English label, translated: tr(view_field(key).label).
const char* FieldLabel(const char* link_key);
// A form row's label (`text` already translated): its inputs start at `input_x` on the
// same line, or, where the line is narrower than `fold_below` (a phone), on the next.
void FormLabel(const char* text, float input_x, float fold_below);

}  // namespace gpuwise::ui
