// About: what the site is, where its data comes from, how to check it.
#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "text/version.h"
#include "widgets.h"

namespace gpuwise::ui {

void DrawAboutPanel(ViewState&, UiState& ui, PlatformRequests& requests) {
  ImGui::PushTextWrapPos(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48));
  ImGui::Text("gpuwise %s", version());
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("gpuwise helps you buy GPUs for deep learning: the whole catalog with sourced "
                              "figures, rankings for your workload, and what a card costs to own or to rent."));
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Where the data comes from"));
  ImGui::Separator();
  ImGui::TextWrapped("%s", tr("Every figure comes from the vendor's datasheet or product page, or from a public "
                              "database where the vendor publishes none; each card lists its sources. The "
                              "starting point was a Chinese GPU-buying guide by a GPU-cloud platform; where "
                              "the guide and the vendor disagree, the vendor's figure is shown and the card's "
                              "notes say what the guide printed."));
  ImGui::Spacing();
  char count[128];
  std::snprintf(count, sizeof count, tr("%d GPUs in this catalog."), static_cast<int>(ui.catalog.gpus.size()));
  ImGui::TextUnformatted(count);
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("All figures are per GPU as the operating system sees it, dense (no sparsity), "
                              "at the vendor's boost clock. A dash means the vendor publishes no figure; it "
                              "is never counted as zero."));
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("The data files"));
  ImGui::Separator();
  Link(tr("The whole catalog as a plain page, with sources (catalog.html)"), "catalog.html", requests);
  Link("data/gpus.json", "data/gpus.json", requests);
  Link("data/prices.json", "data/prices.json", requests);
  Link("data/cuda.json", "data/cuda.json", requests);
  Link("data/benchmarks.json", "data/benchmarks.json", requests);
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("The Speed tab's measured figures are public benchmark runs (llama.cpp, Lambda's PyTorch "
                              "training), each with its date and source; its estimates are checked against them "
                              "under \"How good are these estimates?\"."));
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("Prices and rental rates move quickly: each one shows the date it was seen and its "
                              "source on the Price & ROI tab. Enter your own under My prices."));
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("This site runs entirely in your browser: no account, no tracking, no server."));
  ImGui::PopTextWrapPos();
}

}  // namespace gpuwise::ui
