// The cost of a batch of images (issue 29): the Price & ROI tab's "Cost of a job" with the
// kind "Images". The model, precision, size and steps are the Images tab's; core's
// image_job_cost() prices every card it fits, owned (the buy-or-rent view's assumptions) or
// rented, per 1,000 images, with the cards current software cannot run listed apart.
#include <cstdio>
#include <string>

#include "i18n.h"
#include "imgui.h"
#include "money.h"
#include "money/image_job.h"
#include "panels.h"
#include "software_widgets.h"
#include "text/format.h"
#include "view/view_fields.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

constexpr float kLabelColumn = 190;
void LabelFor(const char* link_key) { FormLabel(FieldLabel(link_key), kLabelColumn, kNarrowWidth); }

const ImageJobResult* CurrentImageJob(const ViewState& view, UiState& ui) {
  WantImageModel(ui);  // the calibration (and the measured runs) are fetched on first use
  ui.prices_wanted = true;  // every option is priced (prices.json is fetched once something shows a price)
  const SoftwareTable* software = WantSoftware(ui);
  if (ui.image.calibration_state != LoadState::ready || !software || ui.prices_state != LoadState::ready) return nullptr;
  JobCostCache& cache = ui.job_cost;
  if (!cache.image_valid || cache.image_view != view.image || cache.image_job != view.job ||
      !(cache.image_roi == view.roi) || !SameBuyer(cache.image_buyer, view.buyer) ||
      cache.image_prices_state != ui.prices_state) {
    cache.image = image_job_cost(ui.catalog, ui.prices, ui.image.calibration, view.image, view.job.images, view.roi,
                                 software, ui.compat_state == LoadState::ready ? &ui.compat : nullptr, view.buyer);
    cache.image_view = view.image;
    cache.image_job = view.job;
    cache.image_roi = view.roi;
    cache.image_buyer = view.buyer;
    cache.image_prices_state = ui.prices_state;
    cache.image_valid = true;
  }
  return &cache.image;
}

// "0.21 (0.15 to 0.29)": the cost with the speed's band.
void CostCell(const ImageJobOption& o, const std::optional<double>& usd, const TemplateText& missing,
              const ViewState& view, UiState& ui) {
  if (usd) {
    const std::string text = Money(*usd, view, ui, 2) + " (" + Money(o.cost_low(*usd), view, ui, 2) + " " + tr("to") +
                             " " + Money(o.cost_high(*usd), view, ui, 2) + ")";
    ImGui::TextUnformatted(text.c_str());
    return;
  }
  ImGui::TextDisabled("%s", kMissing);
  if (ImGui::IsItemHovered() && !missing.pattern.empty()) ImGui::SetTooltip("%s", render_template(missing, tr).c_str());
}

void DrawOptions(const ViewState& view, UiState& ui, const ImageJobResult& result, PlatformRequests& requests) {
  if (ImGui::Button(tr("Export CSV"))) {
    requests.download_name = "gpuwise-image-cost.csv";
    requests.download_mime = "text/csv";
    requests.download_content = image_job_csv(result);
  }
  RecordTarget(ui, "image-job-csv");
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float height = std::max(200.0f, std::min(420.0f, ImGui::GetContentRegionAvail().y - 8));
  if (!ImGui::BeginTable("image-job", 6, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(tr("Card"));
  ImGui::TableSetupColumn(tr("Seconds an image"));
  ImGui::TableSetupColumn(tr("Hours"));
  ImGui::TableSetupColumn(tr("Own per 1,000 images"));
  ImGui::TableSetupColumn(tr("Rent per 1,000 images"));
  ImGui::TableSetupColumn(tr("Provider"));
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(result.options.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ImageJobOption& o = result.options[static_cast<std::size_t>(i)];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(o.gpu_name.c_str());
      RecordTarget(ui, "image-job-row:" + o.gpu_id);
      SupportMark(result.gate, o.gpu_id, ui);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(gpuwise::format_number(o.estimate.seconds_per_image, 2).c_str());
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(gpuwise::format_number(o.hours, o.hours < 10 ? 2 : 1).c_str());
      ImGui::TableSetColumnIndex(3);
      CostCell(o, o.own_usd_per_1000, o.own_missing, view, ui);
      ImGui::TableSetColumnIndex(4);
      CostCell(o, o.rent_usd_per_1000, o.rent_missing, view, ui);
      ImGui::TableSetColumnIndex(5);
      if (o.rate) {
        ImGui::Text("%s, %s", o.rate->provider.c_str(), o.rate->date_seen.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", o.rate->source.c_str());
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawImageJobView(ViewState& view, UiState& ui, PlatformRequests& requests) {
  DrawJobKind(view, ui);
  const ImageModel* model = find_image_model(view.image.model);
  const ImagePrecision* precision = find_image_precision(view.image.precision);
  char what[240];
  std::snprintf(what, sizeof what, tr("%s, %s, %d x %d, %d steps (the Images tab's)"),
                model ? model->name : view.image.model.c_str(), precision ? tr(precision->label) : view.image.precision.c_str(),
                view.image.width, view.image.height, view.image.steps);
  TextDim(what);
  if (ImGui::SmallButton(tr("Change them (Images tab)"))) view.tab = Tab::image;
  RecordTarget(ui, "image-job-change");
  LabelFor("job.imgs");
  InputField("image-job-images", "job.imgs", view, ui, "%.0f", 150);
  LabelFor("roi.hpd");
  InputField("image-job-hpd", "roi.hpd", view, ui, "%.1f");
  LabelFor("roi.kwh");
  InputField("image-job-kwh", "roi.kwh", view, ui, "%.3f");
  ImGui::Spacing();
  const ImageJobResult* result = CurrentImageJob(view, ui);
  if (!result) {
    if (ui.image.calibration_state == LoadState::failed) TextDim(ui.image.error.c_str());
    else if (SoftwareReady(ui)) TextDim(tr("Loading the prices..."));
    return;
  }
  if (result->problem) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s", render_template(*result->problem, tr).c_str());
    ImGui::PopStyleColor();
    RecordTarget(ui, "image-job-error");
    return;
  }
  if (!result->options.empty()) {
    const ImageJobOption& best = result->options.front();
    if (const auto per_1000 = best.cheapest_per_1000()) {
      char line[300];
      const bool own = best.own_usd_per_1000 && *best.own_usd_per_1000 == *per_1000;
      std::snprintf(line, sizeof line, tr("Cheapest: %s (%s to %s) per 1,000 images on a %s, %s (%s s an image)."),
                    Money(*per_1000, view, ui, 2).c_str(), Money(best.cost_low(*per_1000), view, ui, 2).c_str(),
                    Money(best.cost_high(*per_1000), view, ui, 2).c_str(), best.gpu_name.c_str(),
                    own ? tr("owned") : tr("rented"),
                    gpuwise::format_number(best.estimate.seconds_per_image, 2).c_str());
      ImGui::TextWrapped("%s", line);
      RecordTarget(ui, "image-job-headline");
    }
  }
  TextDim(tr("Owning: the buy-or-rent view's amortised cost per GPU-hour (price less resale over its months, power, "
             "host); renting: the cheapest dated on-demand rate. Speeds are the Images tab's estimates with their "
             "band; a new prompt with offloaded text encoders adds a little."));
  DrawOptions(view, ui, *result, requests);
  DrawLeftOut(result->gate, "image-job", ui);
}

}  // namespace gpuwise::ui
