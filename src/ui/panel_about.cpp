// About: what the site is, where its data comes from, how to check it.
#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "text/format.h"
#include "text/version.h"
#include "widgets.h"

namespace gpuwise::ui {

namespace {

// Why the overall figure cannot be computed: a file that failed to download or parse, or
// a benchmarks.json that loaded without a single run (a truncated file). Empty: none.
std::string OverallCheckProblem(const UiState& ui) {
  if (ui.speed.benchmarks_state == LoadState::failed || ui.speed.calibration_state == LoadState::failed) {
    return ui.speed.error;
  }
  if (ui.image.calibration_state == LoadState::failed && !ui.image.error.empty()) return ui.image.error;
  if (ui.speed.benchmarks_state == LoadState::ready && ui.speed.benchmarks.results.empty()) {
    return "benchmarks.json: " + (ui.speed.benchmarks.issues.empty() ? std::string("no measured runs")
                                                                      : ui.speed.benchmarks.issues.front().to_string());
  }
  return "";
}

// "Estimated ÷ measured: median 1.00 over 1,306 runs": the figure peers print, computed
// here from the same estimates the other tabs show (gpuwise check, docs/speed.md).
void DrawOverallCheck(UiState& ui) {
  ImGui::TextUnformatted(tr("How close the estimates are"));
  ImGui::Separator();
  WantSpeedModel(ui);
  WantImageModel(ui);
  const std::string problem = OverallCheckProblem(ui);
  if (!ui.overall_check && problem.empty() && ui.catalog_loaded && ui.speed.benchmarks_state == LoadState::ready &&
      ui.speed.calibration_state == LoadState::ready && ui.image.calibration_state == LoadState::ready) {
    const ConsistencyReport report =
        check_consistency(ui.catalog, ui.speed.benchmarks, ui.speed.calibration, ui.image.calibration);
    if (!report.classes.empty() && report.classes.back().key == "all") {
      ui.overall_check = report.classes.back();
      ui.overall_not_compared = static_cast<int>(report.not_compared.size());
    }
  }
  char line[700];
  if (ui.overall_check) {
    const ConsistencyClass& all = *ui.overall_check;
    std::snprintf(line, sizeof line,
                  tr("Estimated ÷ measured: median %s over %s measured runs, %s %% of them within the estimate's "
                     "band. %d more runs have no estimate of this site to compare with (whole-benchmark scores, "
                     "tuned software). This is in sample: a card with its own runs is estimated from them. With a "
                     "card's own runs left out, the errors are larger; the Speed and Images tabs give them under "
                     "\"How good are these estimates?\"."),
                  format_number(all.median_ratio, 2).c_str(), format_number(all.n, 0).c_str(),
                  format_number(all.within_band * 100, 0).c_str(), ui.overall_not_compared);
    ImGui::TextWrapped("%s", line);
  } else if (!problem.empty()) {
    std::snprintf(line, sizeof line, tr("— (the measured runs could not be loaded: %s)"), problem.c_str());
    ImGui::TextWrapped("%s", line);
  } else {
    TextDim(tr("Loading the measured runs..."));
  }
}

}  // namespace

json AboutInfo(const ViewState&, const UiState& ui) {
  if (ui.overall_check) {
    return {{"median_ratio", ui.overall_check->median_ratio},
            {"n", ui.overall_check->n},
            {"within_band", ui.overall_check->within_band},
            {"not_compared", ui.overall_not_compared}};
  }
  const std::string problem = OverallCheckProblem(ui);
  if (!problem.empty()) return {{"error", problem}};
  return nullptr;
}

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
  DrawOverallCheck(ui);
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("Prices and rental rates move quickly: each one shows the date it was seen and its "
                              "source on the Price & ROI tab. Enter your own under My prices."));
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("This site runs entirely in your browser: no account, no tracking, no server."));
  ImGui::PopTextWrapPos();
}

}  // namespace gpuwise::ui
