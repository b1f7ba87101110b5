// One card, every field: opened from any table row. Sources open in a new tab.
#include <algorithm>

#include "catalog/columns.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "price_widgets.h"
#include "estimate/vram_fit.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

// The guide's question from the card's side: which CUDA toolkits and PyTorch builds.
void DrawCompatibility(const Gpu& gpu, UiState& ui) {
  if (ui.compat_state != LoadState::ready) return;
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("CUDA and PyTorch"));
  const TemplateText no_cuda = ui.compat.no_cuda_why(gpu);
  ImGui::PushTextWrapPos(0);
  if (!no_cuda.pattern.empty()) {
    ImGui::TextDisabled("%s", tr(no_cuda).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const std::vector<std::string> toolkits = ui.compat.cuda_versions_for(gpu);
  if (!toolkits.empty()) {
    ImGui::TextDisabled(tr("CUDA toolkits %s to %s (compute capability %s)"), toolkits.front().c_str(),
                        toolkits.back().c_str(), gpu.compute_capability.c_str());
  }
  const auto releases = ui.compat.pytorch_for(gpu);
  if (!releases.empty()) {
    std::string wheels;
    for (const auto& wheel : releases.back().wheels) wheels += (wheels.empty() ? "cu" : ", cu") + wheel.cuda;
    ImGui::TextDisabled(tr("PyTorch %s to %s; the newest with wheels for CUDA %s"), releases.front().version.c_str(),
                        releases.back().version.c_str(), wheels.c_str());
  } else {
    ImGui::TextDisabled("%s", tr("No official PyTorch wheel runs on this card."));
  }
  ImGui::PopTextWrapPos();
}

// What runs on it and what to expect, from cuda.json "stacks" (each line with its source).
void DrawSoftware(const Gpu& gpu, UiState& ui, PlatformRequests& requests) {
  if (ui.compat_state != LoadState::ready) return;
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Software: what to expect"));
  ImGui::PushTextWrapPos(0);
  if (price_is_for_machine(gpu)) ImGui::TextDisabled("%s", tr(machine_price_note()));
  const TemplateText usable = usable_memory_note(gpu);
  if (!usable.pattern.empty()) ImGui::TextDisabled("%s", tr(usable).c_str());
  for (const SoftwareStack* stack : ui.compat.stacks_for(gpu)) {
    if (stack->expect.empty()) continue;
    ImGui::PushID(stack->key.c_str());
    ImGui::Bullet();
    ImGui::TextDisabled("%s", (language() == "zh" ? stack->expect_zh : stack->expect).c_str());
    RecordTarget(ui, "expect:" + stack->key);
    if (!stack->sources.empty()) {
      ImGui::SameLine();
      Link(tr("source"), stack->sources.front(), requests);
    }
    ImGui::PopID();
  }
  ImGui::PopTextWrapPos();
}

// The software row names the stacks as cuda.json does ("PyTorch (MPS)"), not by key.
std::string SoftwareNames(const Gpu& gpu, const UiState& ui) {
  std::string out;
  for (const std::string& key : gpu.software) {
    const SoftwareStack* stack = ui.compat_state == LoadState::ready ? ui.compat.find_stack(key) : nullptr;
    out += (out.empty() ? "" : ", ") + (stack ? stack->name : key);
  }
  return out;
}

}  // namespace

void DrawCardPopup(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (ui.popup_card_id.empty()) return;
  const int index = ui.catalog.find(ui.popup_card_id);
  if (index < 0) {
    ui.popup_card_id.clear();
    return;
  }
  if (!ImGui::IsPopupOpen("card-popup")) ImGui::OpenPopup("card-popup");
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(520.0f, display.x - 20), std::min(640.0f, display.y - 40)), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  bool open = true;
  if (ImGui::BeginPopupModal("card-popup", &open, ImGuiWindowFlags_NoTitleBar)) {
    const Gpu& gpu = ui.catalog.gpus[index];
    auto& compare = view.compare_ids;
    const bool compared = std::find(compare.begin(), compare.end(), gpu.id) != compare.end();
    if (compared) {
      if (ImGui::Button(tr("Remove from compare"))) compare.erase(std::find(compare.begin(), compare.end(), gpu.id));
    } else if (compare.size() < 4) {
      if (ImGui::Button(tr("Add to compare"))) compare.push_back(gpu.id);
    } else {
      ImGui::TextDisabled("%s", tr("Compare holds 4 cards; remove one first."));
    }
    RecordTarget(ui, "popup-compare");
    ImGui::SameLine();
    if (ImGui::Button(tr("Price & ROI"))) {
      view.roi.gpu_id = gpu.id;
      view.roi.price_usd.reset();
      view.roi.rate_usd_per_hour.reset();
      view.roi.power_w.reset();
      view.tab = Tab::roi;
      ui.popup_card_id.clear();
    }
    ImGui::Separator();
    if (DrawCardDetails(gpu, view, ui, requests)) ui.popup_card_id.clear();
    if (ui.popup_card_id.empty()) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  if (!open) ui.popup_card_id.clear();
}

bool DrawCardDetails(const Gpu& gpu, const ViewState& view, UiState& ui, PlatformRequests& requests) {
  bool close = false;
  // Close at the top right, the name wrapped in the width left of it: a long name
  // ("GeForce RTX 4090 48 GB (memory-modified, unofficial)") ran under the button.
  const ImVec2 start = ImGui::GetCursorPos();
  const float close_w = ImGui::CalcTextSize(tr("Close")).x + ImGui::GetStyle().FramePadding.x * 2;
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::SetCursorPosX(start.x + avail - close_w);
  if (ImGui::SmallButton(tr("Close"))) close = true;
  RecordTarget(ui, "details-close");
  const float below_button = ImGui::GetCursorPosY();
  ImGui::SetCursorPos(start);
  ImGui::PushTextWrapPos(start.x + avail - close_w - ImGui::GetStyle().ItemSpacing.x);
  ImGui::TextUnformatted(gpu.name.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::GetCursorPosY() < below_button) ImGui::SetCursorPosY(below_button);
  ImGui::TextDisabled("%s  ·  %s  ·  %s", gpu.vendor.c_str(), gpu.series.c_str(), gpu.id.c_str());
  if (gpu.gpus_per_board > 1) {
    ImGui::TextWrapped(tr("%d GPUs on one board: figures are per GPU; TDP and price are per board."),
                       gpu.gpus_per_board);
  }
  // What it costs, every figure with its age (the ROI tab's provider kinds pick the rate).
  ImGui::PushTextWrapPos(0);
  ui.prices_wanted = true;
  DrawCardPriceLines(card_prices(ui.catalog, ui.prices, gpu.id, view.buyer, rate_kinds(view.roi.provider_kinds, view.buyer)),
                     view, ui, "stale:details");
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  if (ImGui::BeginTable("details", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    for (const Column& column : catalog_columns()) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("%s", tr(column.label));
      ImGui::TableSetColumnIndex(1);
      const bool software = std::string(column.key) == "software";
      const std::string text = software ? SoftwareNames(gpu, ui) : CellText(column, gpu);
      ImGui::PushTextWrapPos(0);
      if (*column.unit && text != kMissing) ImGui::Text("%s %s", text.c_str(), column.unit);
      else ImGui::TextUnformatted(text.c_str());
      ImGui::PopTextWrapPos();
      if (software) RecordTarget(ui, "card-software");
    }
    ImGui::EndTable();
  }
  const bool details = DetailsLoaded(ui, false);  // notes and sources: fetched on first use
  if (details && !gpu.notes.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Notes"));
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", gpu.notes.c_str());
    ImGui::PopTextWrapPos();
  }
  DrawSoftware(gpu, ui, requests);
  DrawCompatibility(gpu, ui);
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Sources"));
  if (!details) DetailsLoaded(ui);  // says they are loading, or why they are missing
  for (std::size_t i = 0; i < gpu.sources.size(); ++i) {
    const std::string& url = gpu.sources[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Bullet();
    Link(url.c_str(), url, requests);
    RecordTarget(ui, "source:" + std::to_string(i));
    ImGui::PopID();
  }
  return close;
}

}  // namespace gpuwise::ui
