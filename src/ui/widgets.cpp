#include "widgets.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "catalog/catalog_query.h"
#include "catalog/metrics.h"
#include "money.h"
#include "money/market.h"
#include "money/roi.h"
#include "text/json_util.h"
#include "text/limits.h"
#include "text/stable_sort.h"
#include "text/template_text.h"
#include "view/view_fields.h"

#include "i18n.h"
#include "imgui.h"

namespace gpuwise::ui {

void HelpMarker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void Link(const char* label, const std::string& url, PlatformRequests& requests) {
  const ImVec4 link_colour = ImGui::GetStyle().Colors[ImGuiCol_ButtonActive];
  ImGui::PushStyleColor(ImGuiCol_Text, link_colour);
  ImGui::TextUnformatted(label);
  ImGui::PopStyleColor();
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  if (ImGui::IsItemHovered()) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, max.y), max, ImGui::GetColorU32(link_colour));
    ImGui::SetTooltip("%s", url.c_str());
  }
  if (ImGui::IsItemClicked()) requests.open_url = url;
}

void SameLineIfFits(float next_width) {
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float after = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + next_width;
  if (after < right_edge) ImGui::SameLine();
}

std::vector<std::string> CatalogValues(UiState& ui, std::string_view column_key) {
  auto& kept = ui.catalog_cache.column_values;
  for (const auto& [key, values] : kept) {
    if (key == column_key) return values;
  }
  kept.emplace_back(std::string(column_key), distinct_values(ui.catalog, column_key));
  return kept.back().second;
}

bool MultiSelectFilter(const char* label, const std::vector<std::string>& values,
                       std::vector<std::string>& selected, const char* (*shown)(std::string_view)) {
  auto name = [&](const std::string& value) { return shown ? std::string(tr(shown(value))) : value; };
  std::string button = std::string(tr(label)) + ": ";
  if (selected.empty()) button += tr("All");
  else if (selected.size() == 1) button += name(selected.front());
  else button += std::to_string(selected.size()) + " " + tr("selected");
  button += " ▾###";  // a stable id whatever the text shows
  button += label;
  SameLineIfFits(ImGui::CalcTextSize(button.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2);
  const std::string popup = std::string("filter-") + label;
  if (ImGui::Button(button.c_str())) ImGui::OpenPopup(popup.c_str());
  bool changed = false;
  if (ImGui::BeginPopup(popup.c_str())) {
    if (ImGui::Selectable(tr("All"), selected.empty(), ImGuiSelectableFlags_DontClosePopups)) {
      changed = !selected.empty();
      selected.clear();
    }
    ImGui::Separator();
    for (const std::string& value : values) {
      auto it = std::find(selected.begin(), selected.end(), value);
      bool on = it != selected.end();
      if (ImGui::Checkbox(name(value).c_str(), &on)) {
        if (on) selected.push_back(value);
        else selected.erase(it);
        stable_sort_rows(selected);
        changed = true;
      }
    }
    ImGui::EndPopup();
  }
  return changed;
}

void RecordTarget(UiState& ui, const std::string& key) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  ui.targets.push_back({key, min.x, min.y, max.x - min.x, max.y - min.y});
}

std::string CellText(const Column& column, const Gpu& gpu) {
  const std::string text = column_text(column, gpu);
  const bool word =
      column.cell == CellKind::line_name || column.cell == CellKind::kind_name || column.cell == CellKind::yes_no;
  return word ? std::string(tr(text.c_str())) : text;
}

std::string MetricLabel(const std::string& metric_key) {
  const RankingMetric* metric = find_ranking_metric(metric_key);
  if (!metric) return metric_key;
  std::string label = tr(metric->label);
  if (*metric->unit) label += std::string(" (") + metric->unit + ")";
  return label;
}

void SoftwareFilters(const char* prefix, std::string& pytorch_any, bool& cuda_only, bool& unified_only, UiState& ui) {
  ImGui::PushID(prefix);
  SameLineIfFits(300);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Runs PyTorch (any backend)"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + 40);
  if (ImGui::BeginCombo("##torch-any", pytorch_any.empty() ? tr("any") : pytorch_any.c_str())) {
    if (ImGui::Selectable(tr("any"), pytorch_any.empty())) pytorch_any.clear();
    for (auto it = ui.compat.pytorch.rbegin(); it != ui.compat.pytorch.rend(); ++it) {
      if (ImGui::Selectable(it->version.c_str(), pytorch_any == it->version)) pytorch_any = it->version;
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, std::string(prefix) + "-torch-any");
  SameLineIfFits(ImGui::CalcTextSize(tr("Runs on CUDA")).x + 40);
  ImGui::Checkbox(tr("Runs on CUDA"), &cuda_only);
  RecordTarget(ui, std::string(prefix) + "-on-cuda");
  SameLineIfFits(ImGui::CalcTextSize(tr("Unified memory")).x + 40);
  ImGui::Checkbox(tr("Unified memory"), &unified_only);
  RecordTarget(ui, std::string(prefix) + "-unified");
  ImGui::PopID();
}

// The screen, not the region: a desktop's 380 px ranking column is no phone.
bool IsNarrow() { return ImGui::GetIO().DisplaySize.x < kNarrowWidth; }

FoldLine::FoldLine(const char* title, bool fit)
    : text_(title),
      // Room is kept for " · 3 more ▾".
      room_(fit ? ImGui::GetContentRegionAvail().x - ImGui::GetStyle().FramePadding.x * 2 -
                      ImGui::CalcTextSize(" · 00 more ▾").x
                : FLT_MAX) {
  const std::size_t n = text_.size();  // no space after a full-width colon (筛选：无)
  if (n && (n < 3 || text_.compare(n - 3, 3, "：") != 0)) text_ += ' ';
}

void FoldLine::add(const char* a, const char* b, const char* c) {
  std::string next = text_;
  if (items_++) next += ", ";
  ((next += a) += b) += c;
  if (hidden_ || (items_ > 1 && room_ < FLT_MAX && ImGui::CalcTextSize(next.c_str()).x > room_)) ++hidden_;
  else text_ = next;
}

void FoldLine::add_values(const std::vector<std::string>& values, bool lines) {
  for (const std::string& value : values) add(lines ? tr(line_label(value)) : value.c_str());
}

void FoldLine::add_shared_filters(double min_vram_gb, const std::string& pytorch_any, bool cuda_only,
                                  bool unified_only) {
  if (min_vram_gb > 0) add("≥ ", format_number(min_vram_gb, 1).c_str(), " GB");
  if (!pytorch_any.empty()) add("PyTorch ", pytorch_any.c_str());
  if (cuda_only) add(tr("Runs on CUDA"));
  if (unified_only) add(tr("Unified memory"));
}

std::string FoldLine::text() const {
  if (!items_) return text_ + tr("none");
  if (!hidden_) return text_;
  char more[64];
  std::snprintf(more, sizeof more, tr(" · %d more"), hidden_);
  return text_ + more;
}

bool FoldOnNarrow(const char* id, const FoldLine& summary, UiState& ui) {
  if (!IsNarrow()) return true;
  // A button, not a tree node: a tree node opens when its arrow is pressed, so a finger
  // starting a scroll there would unfold it. A button acts on release, which a drag cancels.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID(id);
  const bool open = storage->GetBool(key);
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0, 0.5f));
  const bool clicked = ImGui::Button((summary.text() + (open ? " ▴###" : " ▾###") + id).c_str(), ImVec2(-FLT_MIN, 0));
  ImGui::PopStyleVar();
  RecordTarget(ui, std::string("fold:") + id);
  if (clicked) storage->SetBool(key, !open);
  return open != clicked;
}

void TextDim(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void CardListFilter(const char* id, std::string& filter, UiState& ui) {
  if (ImGui::IsWindowAppearing()) filter.clear();
  char text[64];
  std::snprintf(text, sizeof text, "%s", filter.c_str());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint(id, tr("Filter: 3090, h100..."), text, sizeof text)) filter = text;
  RecordTarget(ui, std::string("input:") + (id + 2));
}

bool DetailsLoaded(UiState& ui, bool say) {
  if (ui.details == LoadState::ready) return true;
  ui.details_wanted = true;
  if (!say) return false;
  if (ui.details == LoadState::pending) {
    TextDim(tr("Loading the notes and sources..."));
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s %s", tr("The notes and sources could not be loaded (the plain catalog page has them):"),
                       ui.details_error.c_str());
    ImGui::PopStyleColor();
  }
  return false;
}

}  // namespace gpuwise::ui

namespace gpuwise::ui {

// [SECTION] Charts
int BarChart(const char* id, const std::vector<Bar>& bars, UiState& ui) {
  int clicked = -1;
  if (bars.empty()) return clicked;
  double max_value = 0;
  for (const Bar& bar : bars) max_value = std::max(max_value, bar.value);
  if (max_value <= 0) max_value = 1;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x;
  const float row_height = ImGui::GetTextLineHeight() + 6;
  const float label_width = std::min(width * 0.42f, 280.0f);
  const float bar_space = std::max(40.0f, width - label_width - 8);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 bar_colour = ImGui::GetColorU32(ImGuiCol_PlotHistogram);
  const ImU32 marked_colour = ImGui::GetColorU32(ImVec4(0.85f, 0.55f, 0.20f, 1));
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  ImGui::PushID(id);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& bar = bars[i];
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::PushID(static_cast<int>(i));
    ImGui::InvisibleButton("bar", ImVec2(width, row_height));
    const bool hovered = ImGui::IsItemHovered();
    if (ImGui::IsItemClicked()) clicked = static_cast<int>(i);
    if (!bar.target.empty()) RecordTarget(ui, bar.target);
    ImGui::PopID();
    if (hovered) {
      draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + row_height),
                          ImGui::GetColorU32(ImGuiCol_HeaderHovered));
      if (!bar.tooltip.empty()) ImGui::SetTooltip("%s", bar.tooltip.c_str());
    }
    // The label, cut to its column with an ellipsis.
    std::string label = bar.label;
    while (label.size() > 3 && ImGui::CalcTextSize(label.c_str()).x > label_width - 8) {
      label.erase(label.size() - 4);
      label += "...";
    }
    draw->AddText(ImVec2(origin.x, origin.y + 3), text_colour, label.c_str());
    const float length = static_cast<float>(std::max(0.0, bar.value) / max_value) * bar_space;
    const ImVec2 bar_min(origin.x + label_width, origin.y + 2);
    const ImVec2 bar_max(bar_min.x + std::max(length, 1.0f), origin.y + row_height - 2);
    draw->AddRectFilled(bar_min, bar_max, bar.marked ? marked_colour : bar_colour, 2);
    // The value on the bar when it fits, else just after it.
    const std::string text = bar.value_text + (bar.marked ? " *" : "");
    const float text_width = ImGui::CalcTextSize(text.c_str()).x;
    const bool inside = length > text_width + 10;
    const ImVec2 text_pos(inside ? bar_max.x - text_width - 5 : bar_max.x + 5, origin.y + 3);
    draw->AddText(text_pos, inside ? IM_COL32(255, 255, 255, 255) : text_colour, text.c_str());
  }
  ImGui::PopID();
  (void)style;
  return clicked;
}

void LineChart(const char* id, const std::vector<LineSeries>& series, const char* x_label, const char* y_prefix,
               int marker_x, const std::string& marker_label, float height) {
  static const ImU32 kDefaultColours[] = {IM_COL32(84, 153, 248, 255), IM_COL32(240, 140, 60, 255),
                                          IM_COL32(90, 190, 110, 255), IM_COL32(200, 90, 200, 255)};
  std::size_t points = 0;
  double y_min = 0, y_max = 0;
  for (const auto& s : series) {
    points = std::max(points, s.values.size());
    for (double v : s.values) {
      y_min = std::min(y_min, v);
      y_max = std::max(y_max, v);
    }
  }
  if (points < 2) return;
  if (y_max <= y_min) y_max = y_min + 1;
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float axis_left = 78, axis_bottom = 36, legend_top = 4;
  const ImVec2 plot_min(origin.x + axis_left, origin.y + legend_top + 20);
  const ImVec2 plot_max(origin.x + width - 12, origin.y + height - axis_bottom);
  const ImU32 axis_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid_colour = ImGui::GetColorU32(ImGuiCol_Separator, 0.35f);
  auto x_at = [&](double x) {
    return plot_min.x + static_cast<float>((x - 1) / static_cast<double>(points - 1)) * (plot_max.x - plot_min.x);
  };
  auto y_at = [&](double y) {
    return plot_max.y - static_cast<float>((y - y_min) / (y_max - y_min)) * (plot_max.y - plot_min.y);
  };
  // Grid and y labels: five steps.
  char text[64];
  for (int i = 0; i <= 4; ++i) {
    const double y = y_min + (y_max - y_min) * i / 4.0;
    const float py = y_at(y);
    draw->AddLine(ImVec2(plot_min.x, py), ImVec2(plot_max.x, py), grid_colour);
    std::snprintf(text, sizeof text, "%s%s", y_prefix, gpuwise::format_number(y, y_max - y_min < 10 ? 2 : 0).c_str());
    draw->AddText(ImVec2(origin.x, py - 7), axis_colour, text);
  }
  // X labels at about six places.
  const int step = std::max<int>(1, static_cast<int>(points) / 6);
  for (int x = 1; x <= static_cast<int>(points); x += step) {
    std::snprintf(text, sizeof text, "%d", x);
    draw->AddText(ImVec2(x_at(x) - 6, plot_max.y + 4), axis_colour, text);
  }
  draw->AddText(ImVec2(plot_min.x + (plot_max.x - plot_min.x) / 2 - 30, plot_max.y + 18), axis_colour, x_label);
  // Series and legend.
  float legend_x = plot_min.x;
  for (std::size_t s = 0; s < series.size(); ++s) {
    const ImU32 colour = series[s].colour ? series[s].colour : kDefaultColours[s % 4];
    std::vector<ImVec2> line;
    for (std::size_t i = 0; i < series[s].values.size(); ++i) line.push_back(ImVec2(x_at(static_cast<double>(i) + 1.0), y_at(series[s].values[i])));
    draw->AddPolyline(line.data(), static_cast<int>(line.size()), colour, 0, 2.0f);
    draw->AddRectFilled(ImVec2(legend_x, origin.y + legend_top + 4), ImVec2(legend_x + 14, origin.y + legend_top + 14), colour);
    draw->AddText(ImVec2(legend_x + 18, origin.y + legend_top), ImGui::GetColorU32(ImGuiCol_Text), series[s].label.c_str());
    legend_x += 30 + ImGui::CalcTextSize(series[s].label.c_str()).x;
  }
  if (marker_x >= 1 && marker_x <= static_cast<int>(points)) {
    const float px = x_at(marker_x);
    draw->AddLine(ImVec2(px, plot_min.y), ImVec2(px, plot_max.y), IM_COL32(230, 80, 80, 255), 2.0f);
    draw->AddText(ImVec2(px + 4, plot_min.y), IM_COL32(230, 80, 80, 255), marker_label.c_str());
  }
  if (hovered) {
    const float mx = ImGui::GetIO().MousePos.x;
    const int x = std::clamp(static_cast<int>(std::lround(1 + (mx - plot_min.x) / (plot_max.x - plot_min.x) * static_cast<float>(points - 1))), 1,
                             static_cast<int>(points));
    draw->AddLine(ImVec2(x_at(x), plot_min.y), ImVec2(x_at(x), plot_max.y), axis_colour);
    std::string tip = std::string(x_label) + " " + std::to_string(x);
    for (const auto& s : series) {
      if (x - 1 < static_cast<int>(s.values.size())) {
        tip += "\n" + s.label + ": " + y_prefix + gpuwise::format_number(s.values[x - 1], 0);
      }
    }
    ImGui::SetTooltip("%s", tip.c_str());
  }
}

// [SECTION] Inputs
namespace {
void ShowHint(UiState& ui, const char* label) {
  auto it = ui.input_hints.find(label);
  if (it == ui.input_hints.end()) return;
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.25f, 1));
  ImGui::TextUnformatted(it->second.c_str());
  ImGui::PopStyleColor();
}
}  // namespace

// The shared part of InputNumber and InputCount: draw the field with `draw`, clamp what
// was typed with the core's one clamp (text/limits.h RangeClamp: the nearest value in
// range, "inf" or "nan" typed keeps what was there), its sentence as the hint, then the
// unit and any standing hint.
template <typename T, typename Draw>
bool InputClamped(const char* label, T& value, T min, T max, const char* unit, const char* name, UiState& ui,
                  float width, Draw draw) {
  ImGui::SetNextItemWidth(width);
  T typed = value;
  const std::string id = std::string("##") + label;
  bool changed = false;
  const bool edited = draw(id.c_str(), &typed);
  RecordTarget(ui, std::string("input:") + label);
  if (edited) {
    ui.input_hints.erase(label);
    const NumberRange range{static_cast<double>(min), static_cast<double>(max), std::is_integral_v<T>, false};
    RangeClamp clamp;
    typed = static_cast<T>(clamp.number(name, static_cast<double>(typed), range, static_cast<double>(value)));
    const std::vector<TemplateText> said = clamp.texts();
    if (!said.empty() && said.front().pattern == std::string(kNoticeClamped)) {
      const TemplateText& notice = said.front();
      std::string hint = tr(notice);
      if (!*name) hint.erase(0, hint.find_first_not_of(' '));  // no name to put first
      ui.input_hints[label] = hint;
    }
    changed = typed != value;
    value = typed;
  }
  if (*unit) {
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(unit);
  }
  ShowHint(ui, label);
  return changed;
}

bool InputNumber(const char* label, double& value, double min, double max, const char* unit, const char* format,
                 UiState& ui, float width, const char* name) {
  return InputClamped(label, value, min, max, unit, name, ui, width,
                      [format](const char* id, double* v) { return ImGui::InputDouble(id, v, 0, 0, format); });
}

bool InputCount(const char* label, int& value, int min, int max, const char* unit, UiState& ui, float width,
                const char* name) {
  return InputClamped(label, value, min, max, unit, name, ui, width,
                      [](const char* id, int* v) { return ImGui::InputInt(id, v, 1, 10); });
}

namespace {
// "USD/GPU-hour" -> "/GPU-hour"; nullptr when the unit is not money.
const char* money_per(const char* unit) {
  return std::strncmp(unit, "USD", 3) == 0 ? unit + 3 : nullptr;
}
}  // namespace

bool InputFieldValue(const char* id, const char* link_key, double& value, ViewState& view, UiState& ui,
                     const char* format, float width) {
  const ViewField& field = view_field(link_key);
  if (const char* per = money_per(field.unit)) {
    return InputMoney(id, value, field.range.max, view, ui, *per ? tr(per) : "", width);
  }
  return InputNumber(id, value, field.range.min, field.range.max, tr(field.unit), format, ui, width,
                     FieldLabel(link_key));
}

bool InputRoiOptional(const char* id, const char* link_key, const RoiResult& used, ViewState& view, UiState& ui,
                      const char* format) {
  const ViewField& field = view_field(link_key);
  // Empty means "the default": shown as the figure the model used, set only once edited.
  std::optional<double>& set = field.optional_number(view);
  double value = set ? *set : resolved_figure(used, field.name).value_or(field.range.min);
  const bool changed = InputFieldValue(id, link_key, value, view, ui, format);
  if (changed) set = value;
  return changed;
}

void DrawMoreFields(const char* section, ViewState& view, UiState& ui, float input_x, float fold_below,
                    const RoiResult* used) {
  for (const ViewField& field : view_fields()) {
    if (!field.more || std::string_view(field.section) != section) continue;
    std::string id = field.link_key;
    std::replace(id.begin(), id.end(), '.', '-');
    FormLabel(FieldLabel(field.link_key), input_x, fold_below);
    if (field.kind == FieldKind::flag) {
      ImGui::Checkbox(("##" + id).c_str(), &field.flag(view));
      RecordTarget(ui, "input:" + id);
    } else if (field.kind == FieldKind::optional_number && used) {
      InputRoiOptional(id.c_str(), field.link_key, *used, view, ui, "%.4g");
    } else {
      InputField(id.c_str(), field.link_key, view, ui, "%.4g");
    }
  }
}

std::string MoreFieldsSummary(const char* section, const ViewState& view) {
  static const ViewState defaults;
  std::string out;
  for (const ViewField& field : view_fields()) {
    if (!field.more || std::string_view(field.section) != section || field_equal(field, view, defaults)) continue;
    const json value = field_to_json(field, view);
    out += std::string(", ") + FieldLabel(field.link_key) + " ";
    out += value.is_number() ? shortest_number(value.get<double>()) : value.is_boolean() ? "✓" : value.dump();
    if (*field.unit) out += std::string(" ") + tr(field.unit);
  }
  return out;
}

bool InputField(const char* id, const char* link_key, ViewState& view, UiState& ui, const char* format, float width) {
  const ViewField& field = view_field(link_key);
  if (field.kind == FieldKind::optional_number) {
    // Reading it as a plain number would be a bad optional access: the range's floor until edited.
    std::optional<double>& set = field.optional_number(view);
    double value = set.value_or(field.range.min);
    const bool changed = InputFieldValue(id, link_key, value, view, ui, format, width);
    if (changed) set = value;
    return changed;
  }
  if (field.kind == FieldKind::whole) {
    return InputCount(id, field.whole(view), static_cast<int>(field.range.min), static_cast<int>(field.range.max),
                      tr(field.unit), ui, width, FieldLabel(link_key));
  }
  return InputFieldValue(id, link_key, field.number(view), view, ui, format, width);
}

const char* FieldLabel(const char* link_key) { return tr(view_field(link_key).label); }

void FormLabel(const char* text, float input_x, float fold_below) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  if (ImGui::GetContentRegionAvail().x >= fold_below) ImGui::SameLine(input_x);
}

}  // namespace gpuwise::ui
