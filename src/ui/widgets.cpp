#include "widgets.h"

#include <algorithm>

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

bool MultiSelectFilter(const char* label, const std::vector<std::string>& values,
                       std::vector<std::string>& selected) {
  std::string button = std::string(tr(label)) + ": ";
  if (selected.empty()) button += tr("All");
  else if (selected.size() == 1) button += selected.front();
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
      if (ImGui::Checkbox(value.c_str(), &on)) {
        if (on) selected.push_back(value);
        else selected.erase(it);
        std::sort(selected.begin(), selected.end());
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

void TextDim(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace gpuwise::ui
