// One card, every field: opened from any table row. Sources open in a new tab.
#include "columns.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "widgets.h"

namespace gpuwise::ui {

void DrawCardDetails(const Gpu& gpu, ViewState& view, UiState& ui, PlatformRequests& requests) {
  ImGui::TextUnformatted(gpu.name.c_str());
  ImGui::SameLine(ImGui::GetContentRegionAvail().x + ImGui::GetCursorPosX() -
                  ImGui::CalcTextSize(tr("Close")).x - ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton(tr("Close"))) view.catalog.selected_id.clear();
  ImGui::TextDisabled("%s  ·  %s  ·  %s", gpu.vendor.c_str(), gpu.series.c_str(), gpu.id.c_str());
  if (gpu.gpus_per_board > 1) {
    ImGui::TextWrapped(tr("%d GPUs on one board: figures are per GPU; TDP and price are per board."),
                       gpu.gpus_per_board);
  }
  ImGui::Separator();
  if (ImGui::BeginTable("details", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    for (const Column& column : catalog_columns()) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("%s", tr(column.label));
      ImGui::TableSetColumnIndex(1);
      const std::string text = column_text(column, gpu);
      if (*column.unit && text != kMissing) ImGui::Text("%s %s", text.c_str(), column.unit);
      else ImGui::TextUnformatted(text.c_str());
    }
    ImGui::EndTable();
  }
  if (!gpu.notes.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Notes"));
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", gpu.notes.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Sources"));
  for (std::size_t i = 0; i < gpu.sources.size(); ++i) {
    const std::string& url = gpu.sources[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Bullet();
    Link(url.c_str(), url, requests);
    RecordTarget(ui, "source:" + std::to_string(i));
    ImGui::PopID();
  }
}

}  // namespace gpuwise::ui
