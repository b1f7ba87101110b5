// The app frame: a header with the tabs, then the selected tab's panel.
#include "app.h"

#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

struct TabInfo {
  Tab tab;
  const char* label;
};
const TabInfo kTabs[] = {
    {Tab::catalog, "Catalog"}, {Tab::ranking, "Ranking"},       {Tab::compare, "Compare"},
    {Tab::advisor, "Advisor"}, {Tab::roi, "Price & ROI"},       {Tab::about, "About"},
};

}  // namespace

void App::set_catalog_text(const std::string& json_text) {
  ui_.catalog = load_catalog(json_text);
  ui_.catalog_loaded = true;
  ui_.catalog_error.clear();
  // A file that failed as a whole (bad JSON) is an error for the whole catalog.
  if (ui_.catalog.gpus.empty() && ui_.catalog.error_count() > 0) {
    ui_.catalog_error = ui_.catalog.issues.front().to_string();
  }
  ui_.catalog_cache.valid = false;
}

void App::set_catalog_error(const std::string& message) {
  ui_.catalog_error = message;
  ui_.catalog_loaded = false;
}

void App::draw(float width, float height, PlatformRequests& requests) {
  set_language(view_.language);
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gpuwise", nullptr, flags);

  ImGui::TextUnformatted("gpuwise");
  ImGui::SameLine();
  ImGui::TextDisabled("%s", tr("GPUs for deep learning: specs, rankings, buy or rent"));

  // Tab buttons rather than ImGui's own tab selection: the view state decides which tab
  // shows, so a link or a script that sets view.tab is obeyed on the very next frame.
  ui_.targets.clear();
  if (ImGui::BeginTabBar("tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
    const ImGuiStyle& style = ImGui::GetStyle();
    for (const TabInfo& info : kTabs) {
      const bool current = view_.tab == info.tab;
      if (current) {
        ImGui::PushStyleColor(ImGuiCol_Tab, style.Colors[ImGuiCol_TabActive]);
        ImGui::PushStyleColor(ImGuiCol_TabHovered, style.Colors[ImGuiCol_TabActive]);
      }
      const std::string label = std::string(tr(info.label)) + "###" + tab_key(info.tab);
      if (ImGui::TabItemButton(label.c_str())) view_.tab = info.tab;
      if (current) ImGui::PopStyleColor(2);
      RecordTarget(ui_, std::string("tab:") + tab_key(info.tab));
    }
    ImGui::EndTabBar();
  }
  ImGui::Spacing();
  switch (view_.tab) {
    case Tab::catalog: DrawCatalogPanel(view_, ui_, requests); break;
    case Tab::about: DrawAboutPanel(ui_, requests); break;
    default: TextDim(tr("This section is being built.")); break;
  }
  ImGui::End();
  ui_.first_frame = false;
}

}  // namespace gpuwise::ui
