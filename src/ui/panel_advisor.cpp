// The Advisor tab: will my model fit (VRAM breakdown, cards that hold it on 1, 2, 4 or
// 8 GPUs), and the rest of the machine for a card (the guide's RAM, CPU, disk advice,
// plus the power supply). Everything computed by core's fit_model() and advise().
#include <algorithm>
#include <cstdio>

#include "estimate/advisor.h"
#include "catalog/catalog_query.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "text/template_text.h"
#include "estimate/vram_fit.h"
#include "view/view_fields.h"
#include "software_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

// `translate`: the options are words (fit_modes()) rather than names such as bf16.
bool StringCombo(const char* id, std::string& value, const std::vector<std::string>& options, bool translate,
                 float width = 130) {
  bool changed = false;
  auto shown = [translate](const std::string& option) { return translate ? tr(option.c_str()) : option.c_str(); };
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id, shown(value))) {
    for (const std::string& option : options) {
      if (ImGui::Selectable(shown(option), value == option)) {
        changed = value != option;
        value = option;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

void Label(const char* text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr(text));
  ImGui::SameLine(150);
}

// [SECTION] VRAM fit
void DrawFitInputs(ViewState& view, UiState& ui) {
  FitView& f = view.fit;
  Label("Model");
  const ModelPreset* preset = find_preset(f.preset);
  ImGui::SetNextItemWidth(260);
  if (ImGui::BeginCombo("##model", preset ? preset->name : tr("custom"), ImGuiComboFlags_HeightLarge)) {
    for (const ModelPreset& p : model_presets()) {
      char label[120];
      std::snprintf(label, sizeof label, "%s  (%sB)", p.name, gpuwise::format_number(p.params_b, 2).c_str());
      if (ImGui::Selectable(label, f.preset == p.id)) f = apply_preset(f, p.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "fit-model");
  bool shape_edited = false;
  Label(view_field("fit.p").label);
  shape_edited |= InputField("fit-params", "fit.p", view, ui, "%.2f");
  Label("Precision");
  StringCombo("##precision", f.precision, fit_precisions(), false);
  RecordTarget(ui, "fit-precision");
  Label("Mode");
  StringCombo("##mode", f.mode, fit_modes(), true, 260);
  Label(view_field("fit.batch").label);
  InputField("fit-batch", "fit.batch", view, ui);
  Label(view_field("fit.ctx").label);
  InputField("fit-context", "fit.ctx", view, ui);
  if (ImGui::TreeNode(tr("Model shape (drives the KV cache)"))) {
    Label(view_field("fit.layers").label);
    shape_edited |= InputField("fit-layers", "fit.layers", view, ui);
    Label(view_field("fit.kvh").label);
    shape_edited |= InputField("fit-kv-heads", "fit.kvh", view, ui);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Grouped-query attention keeps fewer KV heads than attention heads"));
    Label(view_field("fit.hdim").label);
    shape_edited |= InputField("fit-head-dim", "fit.hdim", view, ui);
    Label(view_field("fit.hidden").label);
    shape_edited |= InputField("fit-hidden", "fit.hidden", view, ui);
    ImGui::TreePop();
  }
  if (shape_edited) f.preset = "custom";  // no longer the named model
}

void DrawFitResult(ViewState& view, UiState& ui) {
  const FitResult fit = fit_model(view.fit);
  char total[160];
  std::snprintf(total, sizeof total, tr("Needs about %s GB (range %s to %s GB)"),
                gpuwise::format_number(fit.total_gb, 1).c_str(), gpuwise::format_number(fit.total_low_gb, 1).c_str(),
                gpuwise::format_number(fit.total_high_gb, 1).c_str());
  ImGui::TextUnformatted(total);
  for (const auto& notice : fit.notices) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.25f, 1));
    ImGui::TextWrapped("%s", tr(notice).c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::BeginTable("fit-parts", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn(tr("Part"), ImGuiTableColumnFlags_WidthFixed, 150);
    ImGui::TableSetupColumn("GB", ImGuiTableColumnFlags_WidthFixed, 120);
    ImGui::TableSetupColumn(tr("Formula"));
    ImGui::TableHeadersRow();
    for (const MemoryPart& part : fit.parts) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr(part.key.c_str()));
      ImGui::TableSetColumnIndex(1);
      if (part.low_gb != part.high_gb) {
        ImGui::Text("%s (%s–%s)", gpuwise::format_number(part.gb, 2).c_str(), gpuwise::format_number(part.low_gb, 1).c_str(),
                    gpuwise::format_number(part.high_gb, 1).c_str());
      } else {
        ImGui::TextUnformatted(gpuwise::format_number(part.gb, 2).c_str());
      }
      ImGui::TableSetColumnIndex(2);
      ImGui::PushTextWrapPos(0);
      ImGui::TextDisabled("%s", part.formula.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Cards that hold it"));
  auto fitting = cards_that_fit(ui.catalog, fit);
  // The cards current software cannot run for this model's workload leave the lists (issue 29).
  SoftwareGate gate;
  if (WantSoftware(ui)) {
    gate = gate_fit_lists(fitting, ui.catalog, ui.software.table, ui.compat_state == LoadState::ready ? &ui.compat : nullptr,
                          fit.input);
  }
  for (const auto& [count, ids] : fitting) {
    char heading[80];
    std::snprintf(heading, sizeof heading, tr("on %d GPU(s): %d cards"), count, static_cast<int>(ids.size()));
    ImGui::PushID(count);
    if (ImGui::TreeNode(heading)) {
      std::string line;
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const int index = ui.catalog.find(ids[i]);
        if (index < 0) continue;
        if (ImGui::SmallButton(ui.catalog.gpus[index].name.c_str())) ui.popup_card_id = ids[i];
        if (i + 1 < ids.size()) SameLineIfFits(ImGui::CalcTextSize(ui.catalog.gpus[ui.catalog.find(ids[i + 1])].name.c_str()).x + 20);
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  DrawLeftOut(gate, "fit", ui);
  TextDim(tr(unified_memory_fit_rule()));
  if (ImGui::Button(tr("Rank the cards that fit"))) {
    view.ranking.fits_model = true;
    view.tab = Tab::ranking;
  }
  RecordTarget(ui, "fit-rank");
}

// [SECTION] The rest of the machine
void DrawSystem(ViewState& view, UiState& ui) {
  AdvisorView& a = view.advisor;
  Label("Card");
  const int index = ui.catalog.find(a.gpu_id);
  ImGui::SetNextItemWidth(280);
  if (ImGui::BeginCombo("##advisor-card", index >= 0 ? ui.catalog.gpus[index].name.c_str() : a.gpu_id.c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (int i : query_catalog(ui.catalog, CatalogView{})) {
      if (ImGui::Selectable(ui.catalog.gpus[i].name.c_str(), i == index)) a.gpu_id = ui.catalog.gpus[i].id;
    }
    ImGui::EndCombo();
  }
  Label(view_field("adv.n").label);
  InputField("advisor-count", "adv.n", view, ui);
  Label(view_field("adv.read").label);
  InputField("advisor-read", "adv.read", view, ui);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("How fast one GPU's training job reads its data set from disk"));
  if (index < 0) {
    TextDim(tr("Pick a card."));
    return;
  }
  const AdvisorResult advice = advise(ui.catalog.gpus[index], a);
  for (const auto& notice : advice.notices) TextDim(tr(notice).c_str());
  if (ImGui::BeginTable("advice", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn(tr("Buy"), ImGuiTableColumnFlags_WidthFixed, 240);
    ImGui::TableSetupColumn(tr("Why"));
    for (const Advice* item : {&advice.ram, &advice.cpu_cores, &advice.num_workers, &advice.disk, &advice.power_supply}) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr(item->key.c_str()));
      ImGui::SameLine();
      if (!item->choice.empty()) ImGui::Text("%s", tr(item->choice.c_str()));
      else ImGui::Text("%s %s", gpuwise::format_number(item->value, 0).c_str(), tr(item->unit.c_str()));
      ImGui::TableSetColumnIndex(1);
      ImGui::PushTextWrapPos(0);
      ImGui::TextDisabled("%s", tr(item->why).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  for (const auto& warning : advice.warnings) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.25f, 1));
    ImGui::TextWrapped("%s", tr(warning).c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace

void DrawAdvisorPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  (void)requests;
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  const bool two_columns = width >= 1100;
  ImGui::BeginChild("advisor-fit", ImVec2(two_columns ? width * 0.55f : 0, 0), false);
  ImGui::TextUnformatted(tr("Will my model fit?"));
  ImGui::Separator();
  DrawFitInputs(view, ui);
  ImGui::Spacing();
  DrawFitResult(view, ui);
  if (!two_columns) {
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("The rest of the machine"));
    ImGui::Separator();
    DrawSystem(view, ui);
  }
  ImGui::EndChild();
  if (two_columns) {
    ImGui::SameLine();
    ImGui::BeginChild("advisor-system");
    ImGui::TextUnformatted(tr("The rest of the machine"));
    ImGui::Separator();
    DrawSystem(view, ui);
    ImGui::EndChild();
  }
}

}  // namespace gpuwise::ui
