// Software support on the page: the matrix, Compare's rows, list marks, left-out lists and
// the "runs vLLM" filter (software_widgets.h).
#include "software_widgets.h"

#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

ImVec4 GradeColour(Grade grade) {
  switch (grade) {
    case Grade::first_class: return {0.35f, 0.80f, 0.45f, 1};
    case Grade::works: return {0.65f, 0.80f, 0.35f, 1};
    case Grade::community: return {0.95f, 0.65f, 0.25f, 1};
    case Grade::no: return {0.95f, 0.40f, 0.35f, 1};
    case Grade::unknown: break;
  }
  return ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
}

bool Chinese() { return language() == "zh"; }

// The groups of the matrix, in the file's order of stacks.
const char* GroupLabel(const std::string& group) {
  if (group == "pytorch") return N_("PyTorch");
  if (group == "llamacpp") return N_("llama.cpp");
  if (group == "serving") return N_("Serving");
  if (group == "quantisation") return N_("Quantisation");
  if (group == "attention") return N_("Attention kernels");
  if (group == "mlx") return N_("MLX");
  return N_("Number formats in hardware");
}

const char* FilterLabel(std::string_view key) {
  for (const SupportFilter& f : support_filters()) {
    if (key == f.key) return f.label;
  }
  return "?";
}

// The tooltip of one cell: why, the end of support, where it says so.
std::string CellTooltip(const Support& s, const UiState& ui) {
  std::string tip = StackName(s.stack) + ": " + tr(grade_label(s.grade));
  const std::string why = SupportWhyText(s);
  if (!why.empty()) tip += "\n" + why;
  if (s.until) {
    const bool soon = ends_within_a_year(s.until->until, Today(ui));
    tip += "\n" + std::string(soon ? tr("Support ends") : tr("Support is announced to end")) + " " + s.until->until +
           ": " + (Chinese() ? s.until->until_what_zh : s.until->until_what);
  }
  if (s.cell) {
    tip += "\n" + std::string(tr("Source")) + ": " + s.cell->source;
    if (!s.cell->source_date.empty()) tip += " (" + s.cell->source_date + ")";
    else if (!s.cell->commit.empty()) tip += " (" + std::string(tr("at commit")) + " " + s.cell->commit.substr(0, 10) + ")";
    tip += "\n" + std::string(tr("Click to open the source."));
  }
  return tip;
}

// One grade, coloured, with its tooltip; a click opens the source.
void GradeCell(const Support& s, UiState& ui, PlatformRequests* requests, const std::string& target) {
  std::string word = tr(grade_label(s.grade));
  if (s.until && ends_within_a_year(s.until->until, Today(ui))) word += " *";
  ImGui::PushStyleColor(ImGuiCol_Text, GradeColour(s.grade));
  ImGui::TextUnformatted(word.c_str());
  ImGui::PopStyleColor();
  if (!target.empty()) RecordTarget(ui, target);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", CellTooltip(s, ui).c_str());
  if (requests && s.cell && ImGui::IsItemClicked()) requests->open_url = s.cell->source;
}

}  // namespace

const SoftwareTable* WantSoftware(UiState& ui) {
  SoftwareData& software = ui.software;
  software.wanted = true;
  if (software.file.arrived) {
    // Read here, not on arrival, so that the parser is in the code of the views that use it
    // (index.later.wasm, later.h).
    const std::string text = std::move(software.file.text);
    const bool ok = software.file.ok;
    software.file = {};
    software.state = LoadState::failed;
    if (!ok) {
      software.error = text;
    } else {
      software.table = load_software(text);
      // A file with errors would grade cards on half the data: say so instead of gating with it.
      if (software.table.error_count() > 0) {
        software.error = "data/software.json: " + software.table.issues.front().to_string();
      } else {
        software.state = LoadState::ready;
      }
    }
    ui.catalog_cache = {};
  }
  return software.state == LoadState::ready ? &software.table : nullptr;
}

bool SoftwareReady(UiState& ui) {
  if (WantSoftware(ui)) return true;
  if (ui.software.state == LoadState::failed) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s %s", tr("Software support could not be loaded:"), ui.software.error.c_str());
    ImGui::PopStyleColor();
  } else {
    TextDim(tr("Loading software support..."));
  }
  return false;
}

std::string Today(const UiState& ui) {
  return ui.prices.today.empty() ? ui.software.table.checked : ui.prices.today;
}

std::string StackName(const SupportStack* stack) {
  if (!stack) return "?";
  return Chinese() ? stack->name_zh : stack->name;
}

std::string SupportWhyText(const Support& s) {
  if (s.derived.pattern.empty() && s.cell && !s.cell->gaps.empty()) return Chinese() ? s.cell->gaps_zh : s.cell->gaps;
  const TemplateText why = support_why(s);
  return why.pattern.empty() ? "" : tr(why);
}

std::string WorkloadWhyText(const WorkloadSupport& support) {
  std::string out;
  for (const Support* need : limiting_needs(support)) {
    if (need->whole_group) {  // "llama.cpp does not run on it", not its first backend's grade
      out += (out.empty() ? "" : "\n") + SupportWhyText(*need);
      continue;
    }
    out += (out.empty() ? "" : "\n") + StackName(need->stack) + ": " + tr(grade_label(need->grade));
    const std::string why = SupportWhyText(*need);
    if (!why.empty()) out += " (" + why + ")";
  }
  return out;
}

std::string SupportMarkText(const WorkloadSupport* support, const UiState& ui) {
  if (!support) return "";
  std::string out;
  if (support->grade == Grade::community) out = tr("community");
  if (support->grade == Grade::unknown) out = tr("support unknown");
  if (!support->until.empty() && ends_within_a_year(support->until, Today(ui))) {
    out += (out.empty() ? "" : ", ") + std::string(tr("support ends")) + " " + support->until;
  }
  return out;
}

void SupportMark(const SoftwareGate& gate, const std::string& gpu_id, UiState& ui) {
  const WorkloadSupport* support = gate.mark(gpu_id);
  const std::string text = SupportMarkText(support, ui);
  if (text.empty()) return;
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, GradeColour(support->grade == Grade::works || support->grade == Grade::first_class
                                                       ? Grade::community
                                                       : support->grade));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  RecordTarget(ui, "software-mark:" + gpu_id);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", WorkloadWhyText(*support).c_str());
}

void DrawLeftOut(const SoftwareGate& gate, const char* id, UiState& ui) {
  if (gate.left_out.empty()) return;
  const Workload* workload = find_workload(gate.workload);
  char title[240];
  std::snprintf(title, sizeof title, tr("%d cards left out: current software cannot run %s"),
                static_cast<int>(gate.left_out.size()), workload ? tr(workload->label) : gate.workload.c_str());
  ImGui::PushID(id);
  const bool open = ImGui::TreeNode("left-out", "%s", title);
  RecordTarget(ui, std::string("left-out:") + id);
  if (open) {
    ImGui::PushTextWrapPos(0);
    for (const LeftOut& left : gate.left_out) {
      ImGui::Bullet();
      ImGui::TextDisabled("%s: %s", left.name.c_str(), WorkloadWhyText(left.support).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void DrawSupportMatrix(const Gpu& gpu, UiState& ui, PlatformRequests& requests) {
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Software support"));
  if (!SoftwareReady(ui)) return;
  const SoftwareTable& table = ui.software.table;
  const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
  TextDim(tr("first-class: official and tested; works: official, with gaps; community: forks, plug-ins or unofficial "
             "builds; * support ends within a year. Hover for why, click for the source."));
  if (!ImGui::BeginTable("support-matrix", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  std::string group;
  for (const SupportStack& stack : table.stacks) {
    if (stack.group != group) {
      group = stack.group;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr(GroupLabel(group)));
    }
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("  %s", StackName(&stack).c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::PushID(stack.key.c_str());
    GradeCell(stack_support(table, compat, gpu, stack.key), ui, &requests, "support:" + stack.key);
    ImGui::PopID();
  }
  ImGui::EndTable();
  ImGui::TextDisabled(tr("Checked %s against each row's source (data/software.json)."), table.checked.c_str());
}

void DrawCompareSupport(const std::vector<int>& cards, UiState& ui) {
  const SoftwareTable* table = WantSoftware(ui);
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(tr("Software support"));
  if (!table) {
    ImGui::TableSetColumnIndex(1);
    TextDim(ui.software.state == LoadState::failed ? ui.software.error.c_str() : tr("Loading software support..."));
    return;
  }
  const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
  for (const SupportStack& stack : table->stacks) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("  %s", StackName(&stack).c_str());
    for (std::size_t c = 0; c < cards.size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
      ImGui::PushID(static_cast<int>(c));
      ImGui::PushID(stack.key.c_str());
      const Gpu& gpu = ui.catalog.gpus[static_cast<std::size_t>(cards[c])];
      GradeCell(stack_support(*table, compat, gpu, stack.key), ui, nullptr,
                "compare-support:" + std::to_string(c) + ":" + stack.key);
      ImGui::PopID();
      ImGui::PopID();
    }
  }
}

void RunsFilter(const char* prefix, std::vector<std::string>& runs, UiState& ui) {
  std::vector<std::string> keys;
  for (const SupportFilter& f : support_filters()) keys.push_back(f.key);
  ImGui::PushID(prefix);
  MultiSelectFilter("Runs", keys, runs, FilterLabel);
  RecordTarget(ui, std::string(prefix) + "-runs");
  ImGui::PopID();
  // Only asked for here: this filter is drawn by the first view too, whose code must not
  // reach the file's parser (the table reads it through WantSoftwareLater).
  if (!runs.empty()) ui.software.wanted = true;
}

}  // namespace gpuwise::ui
