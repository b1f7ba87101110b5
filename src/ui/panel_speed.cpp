// The Speed tab: how fast a language model runs on each card. The inputs are the view's
// `speed.*` fields; the rows, their order and the measured figures come from core's
// speed_table() (speed_view.h), the check from check_speed() (panel_speed_check.cpp).
//
// [SECTION] Inputs
// [SECTION] The table: fit, decode, prefill and first-token bars, measured figures
// [SECTION] The panel
#include <algorithm>
#include <cstdio>
#include <string>

#include "text/format.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "price_widgets.h"
#include "speed_check.h"
#include "catalog/catalog_query.h"
#include "estimate/speed_view.h"
#include "text/limits.h"
#include "text/template_text.h"
#include "view/view_fields.h"
#include "estimate/vram_fit.h"
#include "software_widgets.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

constexpr float kLabelColumn = 170;
const ImVec4 kWarning(0.95f, 0.65f, 0.25f, 1);

// A field's label left of its input, or above it when both do not fit in one line.
void LabelFor(const char* link_key) { FormLabel(FieldLabel(link_key), kLabelColumn, kNarrowWidth); }

float ComboWidth() { return std::min(290.0f, ImGui::GetContentRegionAvail().x - 8); }

// [SECTION] Inputs
void ModelCombo(SpeedView& s, UiState& ui) {
  LabelFor("speed.model");
  // A link may name the model by its size (speed.p): the combo says so, and picking a
  // preset goes back to the presets.
  const bool sized = s.params_b > 0;
  const ModelPreset* preset = sized ? nullptr : find_preset(s.preset);
  char sized_label[120] = "";
  if (sized) {
    std::snprintf(sized_label, sizeof sized_label, tr("%sB parameters, the shape of the nearest preset"),
                  gpuwise::format_number(s.params_b, 2).c_str());
  }
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##speed-model", sized ? sized_label : preset ? preset->name : s.preset.c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (const ModelPreset& p : model_presets()) {
      char label[160];
      if (p.active_params_b < p.params_b) {
        std::snprintf(label, sizeof label, tr("%s  (%sB, %sB active)"), p.name,
                      gpuwise::format_number(p.params_b, 1).c_str(), gpuwise::format_number(p.active_params_b, 1).c_str());
      } else {
        std::snprintf(label, sizeof label, "%s  (%sB)", p.name, gpuwise::format_number(p.params_b, 2).c_str());
      }
      if (ImGui::Selectable(label, !sized && s.preset == p.id)) {
        s.preset = p.id;
        s.params_b = 0;
        s.active_params_b = 0;
      }
      RecordTarget(ui, std::string("speed-model:") + p.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "speed-model");
  if (s.active_params_b > 0) {
    char active[80];
    std::snprintf(active, sizeof active, tr("%sB active per token"), gpuwise::format_number(s.active_params_b, 2).c_str());
    SameLineIfFits(ImGui::CalcTextSize(active).x);
    TextDim(active);
  }
  if (preset) {
    char limit[80];
    std::snprintf(limit, sizeof limit, tr("up to %d tokens"), preset->max_context);
    SameLineIfFits(ImGui::CalcTextSize(limit).x);
    TextDim(limit);
  }
}

void QuantCombo(SpeedView& s, UiState& ui) {
  LabelFor("speed.quant");
  const Quantisation* current = find_quantisation(s.quant);
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##speed-quant", current ? current->label.c_str() : s.quant.c_str())) {
    for (const Quantisation& q : quantisations()) {
      char label[120];
      std::snprintf(label, sizeof label, tr("%s  (%s bits per weight)"), q.label.c_str(),
                    gpuwise::format_number(q.bits_per_weight, 2).c_str());
      if (ImGui::Selectable(label, s.quant == q.id)) s.quant = q.id;
      RecordTarget(ui, "speed-quant:" + q.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "speed-quant");
}

const char* EngineChoice(const std::string& key) {
  const std::optional<Engine> engine = find_engine(key);
  return engine ? engine_label(*engine) : tr("Automatic (from the quantisation)");
}

void EngineCombo(SpeedView& s, UiState& ui) {
  LabelFor("speed.engine");
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##speed-engine", EngineChoice(s.engine))) {
    for (const std::string& key : speed_engine_keys()) {
      if (ImGui::Selectable(EngineChoice(key), s.engine == key)) s.engine = key;
      RecordTarget(ui, "speed-engine:" + key);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "speed-engine");
}

// One machine of chosen cards (speed.cards): each a button that takes it out, a menu that
// adds one, and the way back to every card of the catalog.
void MachineInputs(SpeedView& s, UiState& ui) {
  LabelFor("speed.cards");
  if (s.cards.empty()) {
    TextDim(tr("Every card of the catalog"));
    ImGui::SameLine();
  }
  for (std::size_t i = 0; i < s.cards.size(); ++i) {
    const int index = ui.catalog.find(s.cards[i]);
    const std::string name = (index >= 0 ? ui.catalog.gpus[static_cast<std::size_t>(index)].name : s.cards[i]) + " x";
    ImGui::PushID(static_cast<int>(i));
    SameLineIfFits(ImGui::CalcTextSize(name.c_str()).x + 12);
    const bool remove = ImGui::SmallButton(name.c_str());
    RecordTarget(ui, "speed-card-remove:" + std::to_string(i));
    ImGui::PopID();
    if (remove) {
      s.cards.erase(s.cards.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
  if (static_cast<int>(s.cards.size()) < limits::kMachineMaxCards) {
    SameLineIfFits(160);
    ImGui::SetNextItemWidth(std::min(160.0f, ComboWidth()));
    if (ImGui::BeginCombo("##speed-add-card", tr("Add a card"), ImGuiComboFlags_HeightLarge)) {
      CardListFilter("##speed-card-filter", ui.speed.card_filter, ui);
      for (const Gpu& gpu : ui.catalog.gpus) {
        if (!matches_search(gpu, ui.speed.card_filter)) continue;
        if (ImGui::Selectable(gpu.name.c_str(), false)) s.cards.push_back(gpu.id);
        RecordTarget(ui, "speed-add-card:" + gpu.id);
      }
      ImGui::EndCombo();
    }
    RecordTarget(ui, "speed-add-card");
  }
  if (!s.cards.empty()) {
    SameLineIfFits(ImGui::CalcTextSize(tr("Every card")).x + 12);
    if (ImGui::SmallButton(tr("Every card"))) s.cards.clear();
    RecordTarget(ui, "speed-cards-clear");
  }
}

// Layers kept in system RAM (llama.cpp): the host's RAM, its bandwidth and how many layers
// (the last two once RAM is set).
void RamInputs(ViewState& view, UiState& ui) {
  const char* const fields[][2] = {{"speed.ram", "speed-ram"}, {"speed.rambw", "speed-ram-bw"},
                                   {"speed.ramlayers", "speed-ram-layers"}};
  for (const auto& field : fields) {
    LabelFor(field[0]);
    InputField(field[1], field[0], view, ui, "%.4g");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", tr("System RAM llama.cpp may keep the layers the GPUs cannot hold in (0: none); its "
                                 "bandwidth, 89.6 GB/s by default, is dual-channel DDR5-5600; layers in RAM 0: as many "
                                 "as needed, as Ollama does"));
    }
    if (!(view.speed.host_ram_gb > 0)) return;
  }
}

void DrawInputs(ViewState& view, UiState& ui, PlatformRequests& requests) {
  SpeedView& s = view.speed;
  ModelCombo(s, ui);
  QuantCombo(s, ui);
  EngineCombo(s, ui);
  MachineInputs(s, ui);
  LabelFor("speed.ctx");
  InputField("speed-context", "speed.ctx", view, ui);
  LabelFor("speed.prompt");
  // 0 is allowed here (the whole context), which InputField's range start (1) would clamp.
  InputCount("speed-prompt", s.prompt_tokens, 0, static_cast<int>(view_field("speed.prompt").range.max), tr("tokens"), ui);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The prompt whose time to first token is shown; 0: the whole context"));
  LabelFor("speed.conc");
  InputField("speed-concurrent", "speed.conc", view, ui);
  LabelFor("speed.n");
  InputField("speed-gpus", "speed.n", view, ui);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("This many of each card in one machine: llama.cpp shares the layers out, vLLM splits "
                               "every layer (tensor parallel)"));
  }
  // A unified-memory machine's RAM comes only from a link (speed.umem) or the CLI: shown
  // while it is set, with the way back to the card's own VRAM.
  if (s.unified_memory_gb > 0) {
    char umem[120];
    std::snprintf(umem, sizeof umem, tr("Unified memory: %s GB, of which the GPU may use %s%%"),
                  gpuwise::format_number(s.unified_memory_gb, 1).c_str(),
                  gpuwise::format_number(kUnifiedGpuShare * 100, 0).c_str());
    TextDim(umem);
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("Use the card's VRAM"))) s.unified_memory_gb = 0;
    RecordTarget(ui, "speed-umem-off");
  }
  RamInputs(view, ui);
  DrawMoreFields("speed", view, ui, kLabelColumn, kNarrowWidth);  // folded as LabelFor()

  LabelFor("speed.sort");
  ImGui::SetNextItemWidth(200);
  if (ImGui::BeginCombo("##speed-sort", tr(speed_sort_label(s.sort)))) {
    for (const std::string& key : speed_sort_keys()) {
      if (ImGui::Selectable(tr(speed_sort_label(key)), s.sort == key)) s.sort = key;
      RecordTarget(ui, "speed-sort:" + key);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "speed-sort");
  ImGui::Checkbox(FieldLabel("speed.fits"), &s.fits_only);
  RecordTarget(ui, "speed-fits");
  SameLineIfFits(ImGui::CalcTextSize(FieldLabel("speed.top")).x + 150);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(FieldLabel("speed.top"));
  ImGui::SameLine();
  InputField("speed-top", "speed.top", view, ui, "%.0f", 90);
  SameLineIfFits(ImGui::CalcTextSize(tr("Export CSV")).x + 16);
  if (ImGui::Button(tr("Export CSV")) && ui.speed.table_valid) {
    requests.download_name = "gpuwise-speed.csv";
    requests.download_mime = "text/csv";
    requests.download_content = speed_buyer_csv({ui.speed.table, ui.speed.outlays, ui.speed.over_budget, 0, ui.speed.gate});
  }
  RecordTarget(ui, "speed-csv");
}

// [SECTION] The table
// A bar filling `share` of the cell with its figure written on or after it.
void CellBar(double share, const std::string& text, bool dim, UiState& ui, const std::string& target) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, 40.0f);
  const float height = ImGui::GetTextLineHeight() + 4;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  if (!target.empty()) RecordTarget(ui, target);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float length = share > 0 ? std::max(2.0f, static_cast<float>(std::min(share, 1.0)) * width) : 0.0f;
  const ImU32 colour = dim ? ImGui::GetColorU32(ImGuiCol_TextDisabled) : ImGui::GetColorU32(ImGuiCol_PlotHistogram);
  if (length > 0) draw->AddRectFilled(origin, ImVec2(origin.x + length, origin.y + height), colour, 2);
  const float text_width = ImGui::CalcTextSize(text.c_str()).x;
  const bool inside = length > text_width + 8;
  const ImVec2 at(inside ? origin.x + 4 : origin.x + length + 4, origin.y + 2);
  draw->AddText(at, inside ? IM_COL32(255, 255, 255, 255) : ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
}

std::string Figure(double value, int decimals) {
  return value > 0 ? gpuwise::format_number(value, value >= 100 ? 0 : decimals) : kMissing;
}

}  // namespace

// "114, 95 to 130": a figure and its band; a class without measured runs is marked "*".
std::string Banded(double value, const Band& band, int decimals) {
  if (!(value > 0)) return kMissing;
  char text[120];
  std::snprintf(text, sizeof text, tr("%s, %s to %s"), Figure(value, decimals).c_str(),
                Figure(band.low(value), decimals).c_str(), Figure(band.high(value), decimals).c_str());
  return std::string(text) + (band.measured() ? "" : " *");
}

// The hover text of a figure: why it is missing, or how sure it is.
void FigureTooltip(double value, const Band& band, const TemplateText& why) {
  if (!ImGui::IsItemHovered()) return;
  if (!(value > 0)) {
    if (!why.pattern.empty()) ImGui::SetTooltip("%s", render_template(why, tr).c_str());
    return;
  }
  if (band.measured()) {
    ImGui::SetTooltip(tr("Nine in ten measured runs of this kind (%s, %d runs) fell in this range"),
                      band.class_key.c_str(), band.samples);
  } else {
    ImGui::SetTooltip(tr("Not measured for this vendor (%s): a wide range of our own, half to 1.5 times"),
                      band.class_key.c_str());
  }
}

namespace {

// `phase`: the translated word for the phase.
std::string MeasuredTooltip(const MeasuredResult& m, const char* phase) {
  char text[900];
  std::snprintf(text, sizeof text, tr("Measured %s: %s tokens/s at %s tokens, %s\n%s\n%s\nClick to open the source."),
                phase, gpuwise::format_number(m.value, 1).c_str(),
                m.context ? std::to_string(*m.context).c_str() : kMissing, m.date.c_str(), m.software.c_str(),
                m.source.c_str());
  std::string out = text;
  if (m.outlier) out += std::string("\n") + tr("The source itself calls this figure suspect.");
  if (gpuwise::older_build_run(m)) {
    out += std::string("\n") + tr("A llama.cpp build of 2024 or earlier: today's builds spend less time on each layer, "
                                  "so today's estimate is faster than this run.");
  }
  return out;
}

// "130.6 · 9,563 (2024-05-12)": the measured decode and prefill figures, opening the source.
void MeasuredCell(const SpeedRow& row, UiState& ui, PlatformRequests& requests) {
  const MeasuredResult* first = row.measured_decode ? &*row.measured_decode
                                : row.measured_prefill ? &*row.measured_prefill : nullptr;
  if (!first) {
    TextDim(kMissing);
    return;
  }
  const std::string decode = row.measured_decode ? gpuwise::format_number(row.measured_decode->value, 1) : kMissing;
  const std::string prefill = row.measured_prefill ? gpuwise::format_number(row.measured_prefill->value, 0) : kMissing;
  const std::string text = decode + " / " + prefill + "  (" + first->date + ")";
  const ImVec4 link_colour = ImGui::GetStyle().Colors[ImGuiCol_ButtonActive];
  ImGui::PushStyleColor(ImGuiCol_Text, link_colour);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  RecordTarget(ui, "speed-measured:" + row.gpu_id);
  if (ImGui::IsItemHovered()) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    std::string tip;
    if (row.measured_decode) tip += MeasuredTooltip(*row.measured_decode, tr("decode"));
    if (row.measured_prefill) tip += (tip.empty() ? "" : "\n\n") + MeasuredTooltip(*row.measured_prefill, tr("prefill"));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  if (ImGui::IsItemClicked()) requests.open_url = first->source;
}

void DrawTable(const SpeedTable& table, ViewState& view, UiState& ui, PlatformRequests& requests) {
  double max_decode = 0, max_prefill = 0, max_ttft = 0;
  for (const SpeedRow& row : table.rows) {
    max_decode = std::max(max_decode, row.estimate.decode_tokens_per_s);
    max_prefill = std::max(max_prefill, row.estimate.prefill_tokens_per_s);
    max_ttft = std::max(max_ttft, row.estimate.time_to_first_token_s);
  }
  const float row_height = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y + 4;
  const ImVec2 size(0, row_height * static_cast<float>(table.rows.size() + 1) + 24);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("speed-rows", 7, flags, size)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  const bool narrow = IsNarrow();  // a phone: the first bar in sight
  ImGui::TableSetupColumn(tr("Card"), ImGuiTableColumnFlags_WidthFixed, narrow ? 120.0f : 180.0f);
  ImGui::TableSetupColumn(tr("Fits"), ImGuiTableColumnFlags_WidthFixed, narrow ? 80.0f : 120.0f);
  ImGui::TableSetupColumn(tr("Decode tokens/s"), ImGuiTableColumnFlags_WidthFixed, 210);
  ImGui::TableSetupColumn(tr("Prefill tokens/s"), ImGuiTableColumnFlags_WidthFixed, 210);
  ImGui::TableSetupColumn(tr("First token (s)"), ImGuiTableColumnFlags_WidthFixed, 140);
  ImGui::TableSetupColumn(tr("Measured decode / prefill"), ImGuiTableColumnFlags_WidthFixed, 230);
  ImGui::TableSetupColumn(tr("Outlay"), ImGuiTableColumnFlags_WidthFixed, 260);  // issue 28: what it costs
  ImGui::TableHeadersRow();
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const SpeedRow& row = table.rows[r];
    const SpeedEstimate& e = row.estimate;
    ImGui::PushID(row.gpu_id.c_str());
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    if (ImGui::Selectable(row.name.c_str(), false)) ui.popup_card_id = row.gpu_id;
    RecordTarget(ui, "speed-row:" + row.gpu_id);
    SupportMark(ui.speed.gate, row.gpu_id, ui);
    if (ImGui::IsItemHovered()) {
      const std::optional<Engine> engine = find_engine(e.engine);
      ImGui::SetTooltip(tr("%s on %s: %s GB needed, %s GB usable; efficiency of %s%s"), row.name.c_str(),
                        engine ? engine_label(*engine) : kMissing, gpuwise::format_number(e.needed_gb, 1).c_str(),
                        gpuwise::format_number(e.usable_gb, 1).c_str(), e.family.c_str(),
                        e.family_calibrated ? "" : tr(" (default factors: no measured cards of it)"));
    }
    ImGui::TableSetColumnIndex(1);
    const TemplateText why = speed_missing_text(e);
    if (!e.reason.pattern.empty()) {
      TextDim(kMissing);
      RecordTarget(ui, "speed-reason:" + row.gpu_id);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", render_template(e.reason, tr).c_str());
    } else if (e.fits && e.layers_in_ram > 0) {
      char ram[80];
      std::snprintf(ram, sizeof ram, tr("fits, %d layers in RAM"), e.layers_in_ram);
      ImGui::TextUnformatted(ram);
      RecordTarget(ui, "speed-ram-layers:" + row.gpu_id);
    } else if (e.fits) {
      ImGui::TextUnformatted(tr("fits"));
    } else {
      char lacks[80];
      std::snprintf(lacks, sizeof lacks, tr("lacks %s GB"), gpuwise::format_number(e.lacks_gb, 1).c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
      ImGui::TextUnformatted(lacks);
      ImGui::PopStyleColor();
      RecordTarget(ui, "speed-lacks:" + row.gpu_id);
    }
    const bool dim = !e.fits;
    ImGui::TableSetColumnIndex(2);
    std::string decode = Banded(e.decode_tokens_per_s, e.decode_band, 1);
    if (view.speed.concurrent > 1 && e.decode_total_tokens_per_s > 0) {
      decode += " (" + Figure(e.decode_total_tokens_per_s, 0) + " " + tr("all") + ")";
    }
    CellBar(max_decode > 0 ? e.decode_tokens_per_s / max_decode : 0, decode, dim, ui, "speed-bar:" + row.gpu_id);
    FigureTooltip(e.decode_tokens_per_s, e.decode_band, why);
    ImGui::TableSetColumnIndex(3);
    CellBar(max_prefill > 0 ? e.prefill_tokens_per_s / max_prefill : 0, Banded(e.prefill_tokens_per_s, e.prefill_band, 0),
            dim, ui, "speed-prefill:" + row.gpu_id);
    FigureTooltip(e.prefill_tokens_per_s, e.prefill_band, why);
    ImGui::TableSetColumnIndex(4);
    CellBar(max_ttft > 0 ? e.time_to_first_token_s / max_ttft : 0, Figure(e.time_to_first_token_s, 2), dim, ui, "");
    FigureTooltip(e.time_to_first_token_s, e.prefill_band, why);
    ImGui::TableSetColumnIndex(5);
    MeasuredCell(row, ui, requests);
    ImGui::TableSetColumnIndex(6);
    if (r < ui.speed.outlays.size()) DrawOutlayCell(ui.speed.outlays[r].outlay, ui.speed.outlays[r].per_1000_usd, view, ui);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

const SpeedTable& CurrentSpeedTable(const ViewState& view, UiState& ui) {
  SpeedData& speed = ui.speed;
  // The software gate (issue 29, estimate/gates.h): the cards current software cannot run for
  // the format's engine set apart, before the buyer's budget applies.
  const SoftwareTable* software = WantSoftware(ui);
  if (!speed.table_valid || !(speed.table_view == view.speed) || !SameBuyer(speed.table_buyer, view.buyer) ||
      speed.table_prices != ui.prices_state || speed.software_ready != (software != nullptr)) {
    // speed_table()'s rows with what each costs the buyer (money/speed_outlay.h).
    const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
    SpeedBuyerTable priced = speed_table_for_buyer(ui.catalog, speed.benchmarks, speed.calibration, view.speed,
                                                   ui.prices, view.buyer, software, compat);
    speed.table = std::move(priced.table);
    speed.outlays = std::move(priced.outlays);
    speed.over_budget = priced.over_budget;
    speed.gate = std::move(priced.gate);
    speed.table_view = view.speed;
    speed.table_buyer = view.buyer;
    speed.table_prices = ui.prices_state;
    speed.software_ready = software != nullptr;
    speed.table_valid = true;
  }
  return speed.table;
}

}  // namespace

// The model and its format, shared with the Compare tab (panels.h).
void SpeedModelInputs(SpeedView& speed, UiState& ui) {
  ModelCombo(speed, ui);
  QuantCombo(speed, ui);
}

// [SECTION] The panel
void DrawSpeedPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  SpeedData& speed = ui.speed;
  WantSpeedModel(ui);  // the platform fetches the measured results and the calibration
  if (speed.benchmarks_state == LoadState::failed || speed.calibration_state == LoadState::failed) {
    ImGui::TextWrapped("%s %s", tr("The speed data could not be loaded:"), speed.error.c_str());
    return;
  }
  if (speed.benchmarks_state != LoadState::ready || speed.calibration_state != LoadState::ready) {
    TextDim(tr("Loading the measured results..."));
    return;
  }
  if (!SoftwareReady(ui)) return;
  const char* about = tr("How many tokens per second a language model gives on each card: an estimate from the "
                         "card's memory bandwidth and compute, calibrated on public measurements, with the "
                         "measured figure beside it where one exists.");
  // A phone: the explanation behind a "(?)" and the inputs folded under a summary line,
  // so the bars are on the first screen.
  if (IsNarrow()) {
    const ModelPreset* preset = find_preset(view.speed.preset);
    const Quantisation* quant = find_quantisation(view.speed.quant);
    char summary[200];
    std::snprintf(summary, sizeof summary, tr("%s, %s, %d tokens, %d GPU(s)"),
                  preset ? preset->name : view.speed.preset.c_str(),
                  quant ? quant->label.c_str() : view.speed.quant.c_str(), view.speed.context, view.speed.gpu_count);
    const std::string more = MoreFieldsSummary("speed", view);  // the settings the list above leaves out
    const bool open = ImGui::TreeNode("speed-inputs", "%s%s", summary, more.c_str());
    RecordTarget(ui, "speed-inputs");
    ImGui::SameLine();
    HelpMarker(about);
    if (open) {
      DrawInputs(view, ui, requests);
      ImGui::TreePop();
    }
  } else {
    ImGui::TextWrapped("%s", about);
    DrawInputs(view, ui, requests);
  }
  ImGui::Spacing();
  ui.prices_wanted = true;
  DrawBuyerChoices(view, ui, true);
  const SpeedTable& table = CurrentSpeedTable(view, ui);
  if (table.problem) {
    ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
    ImGui::TextWrapped("%s", render_template(*table.problem, tr).c_str());
    ImGui::PopStyleColor();
    RecordTarget(ui, "speed-problem");
  }
  if (!table.rows.empty()) {
    char summary[300];
    const std::optional<Engine> engine = find_engine(table.rows.front().estimate.engine);
    if (!view.speed.cards.empty()) {
      std::snprintf(summary, sizeof summary, tr("One machine: %s, on %s."), table.rows.front().name.c_str(),
                    engine ? engine_label(*engine) : kMissing);
    } else {
      std::snprintf(summary, sizeof summary, tr("Fits on %d of %d cards at %d GPU(s) each, on %s; showing %d."),
                    table.cards_fit, table.cards_estimated, view.speed.gpu_count, engine ? engine_label(*engine) : kMissing,
                    static_cast<int>(table.rows.size()));
    }
    TextDim(summary);
    if (view.buyer.budget_usd > 0) DrawOverBudget(ui.speed.over_budget, view, ui);
    DrawTable(table, view, ui, requests);
    TextDim(tr("Decode: one request's generation speed; beside each figure the range nine in ten measured runs of its "
               "kind fell in (* not measured for this vendor: a wide range of ours). Measured: llama.cpp runs, one "
               "request, the context nearest yours (hover for the run, click for the source)."));
  }
  DrawLeftOut(ui.speed.gate, "speed", ui);
  ImGui::Spacing();
  DrawSpeedCheck(ui);
}

// window.gpuwise.speed: the cached table, null until one is computed.
json SpeedInfo(const ViewState&, const UiState& ui) {
  if (!ui.speed.table_valid) return nullptr;
  json out = speed_table_to_json(ui.speed.table);
  add_gate_json(ui.speed.gate, out);
  return out;
}


}  // namespace gpuwise::ui
