// A calm theme: ImGui's defaults are made for tools; a public site wants more air and
// softer contrast. Both themes share the spacing.
#include "theme.h"

#include "imgui.h"

namespace gpuwise::ui {

void ApplyTheme(bool dark, bool touch) {
  ImGuiStyle style;
  if (dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  style.WindowPadding = ImVec2(14, 10);
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(10, 7);
  style.CellPadding = ImVec2(8, 4);
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.TabRounding = 4;
  style.GrabRounding = 4;
  style.ScrollbarSize = 14;
  style.WindowBorderSize = 0;
  if (touch) {
    // With the 16 px font of touch screens: buttons and fields 40 px, table rows 38 px.
    style.FramePadding = ImVec2(12, 12);
    style.ItemSpacing = ImVec2(10, 10);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.CellPadding = ImVec2(8, 11);
    style.TouchExtraPadding = ImVec2(4, 4);
    style.GrabMinSize = 28;
    style.ScrollbarSize = 8;  // a position indicator: a finger drags the content itself
  }
  ImVec4* c = style.Colors;
  const ImVec4 accent = dark ? ImVec4(0.33f, 0.62f, 0.98f, 1) : ImVec4(0.10f, 0.42f, 0.85f, 1);
  c[ImGuiCol_WindowBg] = dark ? ImVec4(0.09f, 0.10f, 0.12f, 1) : ImVec4(0.97f, 0.97f, 0.98f, 1);
  c[ImGuiCol_ChildBg] = dark ? ImVec4(0.11f, 0.12f, 0.14f, 1) : ImVec4(1, 1, 1, 1);
  c[ImGuiCol_TabActive] = accent;
  c[ImGuiCol_ButtonActive] = accent;
  c[ImGuiCol_HeaderActive] = accent;
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_PlotHistogram] = accent;
  ImGui::GetStyle() = style;
}

}  // namespace gpuwise::ui
