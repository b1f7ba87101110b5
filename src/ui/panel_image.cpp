// The Images tab (issue 29): whether SD 1.5, SDXL or FLUX.1 fits each card and how fast it
// runs, the measured run beside the estimate, the cards current software cannot run listed
// apart, and "How good are these estimates?". Inputs are the view's image.* fields; rows,
// order, bands and the check come from core (estimate/image.h, estimate/gates.h).
//
// [SECTION] Inputs
// [SECTION] The table
// [SECTION] How good are these estimates?
// [SECTION] The panel
#include <algorithm>
#include <cstdio>
#include <string>

#include "estimate/gates.h"
#include "estimate/image.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "software_widgets.h"
#include "text/format.h"
#include "view/view_fields.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

constexpr float kLabelColumn = 170;
const ImVec4 kWarning(0.95f, 0.65f, 0.25f, 1);

void LabelFor(const char* link_key) { FormLabel(FieldLabel(link_key), kLabelColumn, kNarrowWidth); }
float ComboWidth() { return std::min(290.0f, ImGui::GetContentRegionAvail().x - 8); }
std::string Figure(double v) { return gpuwise::format_number(v, v >= 100 ? 0 : v >= 10 ? 1 : 2); }

// Sizes people pick for each model (its native size and the usual portrait/landscape ones).
struct Size {
  const char* model;
  int width, height;
};
constexpr Size kSizes[] = {
    {"sd15", 512, 512},        {"sd15", 512, 768},        {"sd15", 768, 768},        {"sdxl", 1024, 1024},
    {"sdxl", 832, 1216},       {"sdxl", 1216, 832},       {"sdxl", 896, 1152},       {"flux1-dev", 1024, 1024},
    {"flux1-dev", 832, 1216},  {"flux1-dev", 1344, 768},  {"flux1-dev", 1440, 1440}, {"flux1-schnell", 1024, 1024},
    {"flux1-schnell", 832, 1216},
};

// [SECTION] Inputs
void ModelCombo(ImageView& v, UiState& ui) {
  LabelFor("image.model");
  const ImageModel* current = find_image_model(v.model);
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##image-model", current ? current->name : v.model.c_str())) {
    for (const ImageModel& m : image_models()) {
      char label[120];
      std::snprintf(label, sizeof label, tr("%s  (usually %d steps)"), m.name, m.typical_steps);
      if (ImGui::Selectable(label, v.model == m.id)) {
        v.model = m.id;
        v.steps = m.typical_steps;
        v.width = m.native_width;
        v.height = m.native_height;
        if (find_image_precision(v.precision)->flux_only && !m.transformer) v.precision = "fp16";
      }
      RecordTarget(ui, std::string("image-model:") + m.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "image-model");
}

void PrecisionCombo(ImageView& v, UiState& ui) {
  LabelFor("image.prec");
  const ImageModel* model = find_image_model(v.model);
  const ImagePrecision* current = find_image_precision(v.precision);
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##image-prec", current ? tr(current->label) : v.precision.c_str())) {
    for (const ImagePrecision& p : image_precisions()) {
      if (p.flux_only && model && !model->transformer) continue;
      if (ImGui::Selectable(tr(p.label), v.precision == p.id)) v.precision = p.id;
      RecordTarget(ui, std::string("image-prec:") + p.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "image-prec");
}

// Which software the figures are for: the PyTorch pipelines, or the SD WebUI family as
// readers run it (about 1.5 times slower, measured by its crowd).
void SoftwareCombo(ImageView& v, UiState& ui) {
  LabelFor("image.sw");
  ImGui::SetNextItemWidth(ComboWidth());
  if (ImGui::BeginCombo("##image-sw", tr(image_software_label(v.software)))) {
    for (const char* key : image_software_keys()) {
      if (ImGui::Selectable(tr(image_software_label(key)), v.software == key)) v.software = key;
      RecordTarget(ui, std::string("image-sw:") + key);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "image-sw");
}

// A whole-number box's width with its - and + buttons: 60 px of text plus the buttons,
// which are as wide as a frame is high (40 px on a touch screen, where a fixed 90 px
// left the text about 10 px and a tap meant for it hit the minus button).
float CountWidth() {
  return 60 + 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
}

void SizeInputs(ViewState& view, UiState& ui) {
  ImageView& v = view.image;
  LabelFor("image.w");
  InputField("image-width", "image.w", view, ui, "%.0f", CountWidth());
  ImGui::SameLine();
  ImGui::TextUnformatted("x");
  ImGui::SameLine();
  InputField("image-height", "image.h", view, ui, "%.0f", CountWidth());
  SameLineIfFits(140);
  ImGui::SetNextItemWidth(130);
  if (ImGui::BeginCombo("##image-size", tr("Common sizes"))) {
    for (const Size& s : kSizes) {
      if (v.model != s.model) continue;
      char label[40];
      std::snprintf(label, sizeof label, "%d x %d", s.width, s.height);
      if (ImGui::Selectable(label, v.width == s.width && v.height == s.height)) {
        v.width = s.width;
        v.height = s.height;
      }
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "image-sizes");
  LabelFor("image.steps");
  InputField("image-steps", "image.steps", view, ui, "%.0f", CountWidth());
}

void DrawInputs(ViewState& view, UiState& ui, PlatformRequests& requests) {
  ImageView& v = view.image;
  ModelCombo(v, ui);
  PrecisionCombo(v, ui);
  SoftwareCombo(v, ui);
  SizeInputs(view, ui);
  ImGui::Checkbox(FieldLabel("image.fits"), &v.fits_only);
  RecordTarget(ui, "image-fits");
  SameLineIfFits(ImGui::CalcTextSize(FieldLabel("image.top")).x + CountWidth() + 16);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(FieldLabel("image.top"));
  ImGui::SameLine();
  InputField("image-top", "image.top", view, ui, "%.0f", CountWidth());
  SameLineIfFits(ImGui::CalcTextSize(tr("Export CSV")).x + 16);
  if (ImGui::Button(tr("Export CSV")) && ui.image.table_valid) {
    requests.download_name = "gpuwise-images.csv";
    requests.download_mime = "text/csv";
    requests.download_content = image_table_csv(ui.image.table.table);
  }
  RecordTarget(ui, "image-csv");
  SameLineIfFits(ImGui::CalcTextSize(tr("Cost per 1,000 images")).x + 16);
  if (ImGui::Button(tr("Cost per 1,000 images"))) {
    view.tab = Tab::roi;
    view.roi.calculator = "job";
    view.job.kind = "image";
  }
  RecordTarget(ui, "image-cost");
}

// [SECTION] The table
void FitsCell(const ImageEstimate& e, UiState& ui, const std::string& id) {
  std::string text;
  if (!e.fits) {
    char lacks[80];
    std::snprintf(lacks, sizeof lacks, tr("lacks %s GB"), gpuwise::format_number(e.lacks_gb, 1).c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
    ImGui::TextUnformatted(lacks);
    ImGui::PopStyleColor();
  } else {
    ImGui::Text("%s GB%s", gpuwise::format_number(e.needed_gb, 1).c_str(), e.offload ? tr(", text encoders offloaded") : "");
  }
  RecordTarget(ui, "image-fit:" + id);
  if (!ImGui::IsItemHovered()) return;
  const ImageMemory& m = e.memory;
  char tip[900];
  std::snprintf(tip, sizeof tip,
                tr("Weights: %s GB denoiser, %s GB text encoders, %s GB VAE; activations %s GB; decoding the picture %s "
                   "GB; %s GB fixed.\nAll on the GPU: %s GB. Text encoders offloaded: %s GB. Usable here: %s GB.%s%s%s"),
                Figure(m.denoiser_gb).c_str(), Figure(m.text_gb).c_str(), Figure(m.vae_gb).c_str(),
                Figure(m.activations_gb).c_str(), Figure(m.vae_decode_gb).c_str(), Figure(m.overhead_gb).c_str(),
                Figure(m.all_gb).c_str(), Figure(m.offload_gb).c_str(), Figure(e.usable_gb).c_str(),
                e.tiled_vae ? tr("\nThe picture is decoded in tiles.") : "",
                e.offload_s_per_prompt > 0 ? tr("\nA new prompt moves the text encoders in and out.") : "",
                e.fits ? "" : tr("\nComfyUI's low-VRAM mode may still run it, streaming the weights that do not fit "
                                 "from system RAM every step: slower, and not estimated here."));
  ImGui::SetTooltip("%s", tip);
}

// "3.3 (2.4 to 4.5)": a figure with its band.
std::string Banded(double value, double low, double high) {
  return Figure(value) + " (" + Figure(low) + " " + tr("to") + " " + Figure(high) + ")";
}

// The run beside the estimate; where its size or steps differ from the view's, the cell says
// them (a 20-step run's 10 s beside a 28-step estimate would read as the same job).
void MeasuredCell(const ImageRow& row, const ImageView& view, UiState& ui, PlatformRequests& requests) {
  if (!row.measured) {
    TextDim(kMissing);
    return;
  }
  const MeasuredResult& m = *row.measured;
  const bool per_image = m.unit == "seconds_per_image", mlperf = m.unit == "samples_per_s";
  std::string text = Figure(m.value) + " " + (per_image ? tr("s an image") : mlperf ? tr("images/s") : tr("it/s"));
  if (m.width && m.height && (*m.width != view.width || *m.height != view.height)) {
    text += " " + std::to_string(*m.width) + "x" + std::to_string(*m.height);
  }
  if (per_image && m.steps && *m.steps != view.steps) {
    char steps[48];
    std::snprintf(steps, sizeof steps, tr("%d steps"), *m.steps);
    text += std::string(" ") + steps;
  }
  if (m.optimised || mlperf) text += std::string(" ") + tr("(optimised)");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  RecordTarget(ui, "image-measured:" + row.gpu_id);
  if (ImGui::IsItemHovered()) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    char tip[900];
    std::snprintf(tip, sizeof tip, tr("Measured: %s, %s x %s, %s steps, %s\n%s\n%s\nClick to open the source."),
                  m.precision.c_str(), m.width ? std::to_string(*m.width).c_str() : kMissing,
                  m.height ? std::to_string(*m.height).c_str() : kMissing,
                  m.steps ? std::to_string(*m.steps).c_str() : kMissing, m.date.c_str(), m.software.c_str(),
                  m.source.c_str());
    ImGui::SetTooltip("%s", tip);
  }
  if (ImGui::IsItemClicked()) requests.open_url = m.source;
}

void DrawTable(const GatedImageTable& gated, const ImageView& view, UiState& ui, PlatformRequests& requests) {
  const ImageTable& table = gated.table;
  const float row_height = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y + 4;
  const ImVec2 size(0, row_height * static_cast<float>(table.rows.size() + 1) + 24);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("image-rows", 6, flags, size)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  const bool narrow = IsNarrow();
  ImGui::TableSetupColumn(tr("Card"), ImGuiTableColumnFlags_WidthFixed, narrow ? 130.0f : 240.0f);
  // On a phone the speed has to be on the first screen beside the card: the memory column
  // keeps only the figure's width ("13.3 GB"; the tooltip says the rest).
  ImGui::TableSetupColumn(tr("Memory"), ImGuiTableColumnFlags_WidthFixed, narrow ? 70.0f : 200.0f);
  ImGui::TableSetupColumn(tr("Steps a second"), ImGuiTableColumnFlags_WidthFixed, narrow ? 150.0f : 170.0f);
  ImGui::TableSetupColumn(tr("Seconds an image"), ImGuiTableColumnFlags_WidthFixed, 170);
  ImGui::TableSetupColumn(tr("Images an hour"), ImGuiTableColumnFlags_WidthFixed, 110);
  ImGui::TableSetupColumn(tr("Measured"), ImGuiTableColumnFlags_WidthFixed, 280);
  ImGui::TableHeadersRow();
  for (const ImageRow& row : table.rows) {
    const ImageEstimate& e = row.estimate;
    ImGui::PushID(row.gpu_id.c_str());
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    if (ImGui::Selectable(row.name.c_str(), false)) ui.popup_card_id = row.gpu_id;
    RecordTarget(ui, "image-row:" + row.gpu_id);
    SupportMark(gated.gate, row.gpu_id, ui);
    ImGui::TableSetColumnIndex(1);
    FitsCell(e, ui, row.gpu_id);
    const bool speed = e.fits && e.iterations_per_s > 0;
    const Band& b = e.band;
    ImGui::TableSetColumnIndex(2);
    ImGui::TextUnformatted(speed ? Banded(e.iterations_per_s, b.low(e.iterations_per_s), b.high(e.iterations_per_s)).c_str()
                                 : kMissing);
    if (speed && ImGui::IsItemHovered()) {
      // A WebUI figure of a model its crowd did not run: the share measured on other models.
      const bool carried = !b.measured() && b.class_key.rfind("webui/", 0) == 0;
      ImGui::SetTooltip(b.measured() ? tr("Nine runs in ten of %s fell in this range (held out, %d measured runs).")
                        : carried    ? tr("%s: the SD WebUI share and spread measured on other models, carried over to this one.")
                                     : tr("%s: not measured; a wide band of our own choosing."),
                        b.class_key.c_str(), b.samples);
    }
    ImGui::TableSetColumnIndex(3);
    ImGui::TextUnformatted(speed ? Banded(e.seconds_per_image, e.seconds_per_image / b.high_ratio,
                                          e.seconds_per_image / b.low_ratio).c_str()
                                 : kMissing);
    ImGui::TableSetColumnIndex(4);
    ImGui::TextUnformatted(speed ? gpuwise::format_number(e.images_per_hour, 0).c_str() : kMissing);
    ImGui::TableSetColumnIndex(5);
    MeasuredCell(row, view, ui, requests);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

const GatedImageTable& CurrentImageTable(const ViewState& view, UiState& ui) {
  ImageData& image = ui.image;
  if (!image.table_valid || !(image.table_view == view.image)) {
    const Compat* compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
    image.table = gated_image_table(ui.catalog, ui.speed.benchmarks, image.calibration, ui.software.table, compat,
                                    view.image);
    image.table_view = view.image;
    image.table_valid = true;
  }
  return image.table;
}

// [SECTION] How good are these estimates?
void DrawImageCheck(UiState& ui) {
  const bool open = ImGui::CollapsingHeader(tr("How good are these estimates?"));
  RecordTarget(ui, "image-check");
  if (!open) return;
  ImageData& image = ui.image;
  if (!image.checks_done) {
    image.checks = check_image(ui.catalog, ui.speed.benchmarks);
    image.checks_done = true;
  }
  ImGui::PushTextWrapPos(0);
  TextDim(tr("Each measured run (plain PyTorch: no torch.compile or TensorRT, one image at a time) against the "
             "estimate, in sample and with its card held out of the fit. Spearman orders the cards within each "
             "workload with three or more of them; the aim is 0.9 or more and a median error of 25 % or less."));
  ImGui::PopTextWrapPos();
  if (ImGui::BeginTable("image-checks", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn(tr("Held out"));
    ImGui::TableSetupColumn(tr("Rows"));
    ImGui::TableSetupColumn(tr("Spearman"));
    ImGui::TableSetupColumn(tr("Lowest"));
    ImGui::TableSetupColumn(tr("Median error"));
    ImGui::TableHeadersRow();
    for (const ImageCheck& c : image.checks) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(c.held_out == "in-sample" ? tr("in sample") : tr("leave one card out"));
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%d", c.n);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%.3f", c.spearman);
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("%.3f", c.spearman_min);
      ImGui::TableSetColumnIndex(4);
      ImGui::Text("%.1f %%", c.median_abs_error_pct);
    }
    ImGui::EndTable();
  }
  RecordTarget(ui, "image-check-table");
  for (const auto& [vendor, band] : image.calibration.bands) {
    if (vendor == "default") continue;
    ImGui::TextDisabled(band.samples >= 5 ? tr("%s: %d measured runs; nine in ten within %s to %s of the estimate")
                                          : tr("%s: %d measured runs, too few for a band: %s to %s"),
                        vendor.c_str(), band.samples, gpuwise::format_number(band.low_ratio, 2).c_str(),
                        gpuwise::format_number(band.high_ratio, 2).c_str());
  }
}

}  // namespace

// [SECTION] The panel
void DrawImagePanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  ImageData& image = ui.image;
  WantImageModel(ui);  // the platform fetches the measured runs and the calibration; they are read here
  const bool software = SoftwareReady(ui);
  if (ui.speed.benchmarks_state == LoadState::failed || image.calibration_state == LoadState::failed) {
    ImGui::TextWrapped("%s %s", tr("The image data could not be loaded:"),
                       image.error.empty() ? ui.speed.error.c_str() : image.error.c_str());
    return;
  }
  if (ui.speed.benchmarks_state != LoadState::ready || image.calibration_state != LoadState::ready) {
    TextDim(tr("Loading the measured results..."));
    return;
  }
  if (!software) return;
  const char* about = tr("Whether a diffusion model fits each card (with and without its text encoders offloaded to "
                         "system RAM) and how fast it draws: an estimate from the card's compute, calibrated on public "
                         "measurements, with the measured figure beside it where one exists.");
  if (IsNarrow()) {
    const ImageModel* model = find_image_model(view.image.model);
    char summary[200];
    std::snprintf(summary, sizeof summary, tr("%s, %s, %d x %d, %d steps"), model ? model->name : view.image.model.c_str(),
                  view.image.precision.c_str(), view.image.width, view.image.height, view.image.steps);
    const bool open = ImGui::TreeNode("image-inputs", "%s", summary);
    RecordTarget(ui, "image-inputs");
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
  const GatedImageTable& gated = CurrentImageTable(view, ui);
  if (gated.table.problem) {
    ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
    ImGui::TextWrapped("%s", render_template(*gated.table.problem, tr).c_str());
    ImGui::PopStyleColor();
    RecordTarget(ui, "image-problem");
  }
  if (!gated.table.rows.empty()) {
    char summary[200];
    std::snprintf(summary, sizeof summary, tr("Fits on %d of %d cards; showing %d."), gated.table.cards_fit,
                  gated.table.cards_estimated, static_cast<int>(gated.table.rows.size()));
    TextDim(summary);
    // What software the figures are for: a reader's own UI (the SD WebUI family) may be slower.
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s %s", tr("Assumes"), tr(image_software_assumed(view.image.software)));
    ImGui::PopTextWrapPos();
    DrawTable(gated, view.image, ui, requests);
  }
  DrawLeftOut(gated.gate, "image", ui);
  ImGui::Spacing();
  DrawImageCheck(ui);
}

// window.gpuwise.image: the cached table with its software gate, null until one is computed.
json ImageInfo(const ViewState&, const UiState& ui) {
  if (!ui.image.table_valid) return nullptr;
  json out = image_table_to_json(ui.image.table.table);
  add_gate_json(ui.image.table.gate, out);
  return out;
}

}  // namespace gpuwise::ui
