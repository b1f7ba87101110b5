// What a screen reader announces for each tab: the figures the panels draw, read from
// the same caches and core results, in the reader's language.
#include "live_text.h"

#include <cmath>
#include <cstdio>

#include "i18n.h"
#include "text/format.h"
#include "estimate/vram_fit.h"
#include "panels.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

std::string Format(const char* pattern, int a, int b = 0) {
  char text[300];
  std::snprintf(text, sizeof text, pattern, a, b);
  return text;
}

std::string GpuName(const UiState& ui, int index) {
  return index >= 0 && index < static_cast<int>(ui.catalog.gpus.size()) ? ui.catalog.gpus[index].name : "";
}

}  // namespace

std::string CatalogLiveText(const ViewState& view, const UiState& ui) {
  std::string text = Format(tr("%d of %d GPUs match the filters."), static_cast<int>(ui.catalog_cache.rows.size()),
                            static_cast<int>(ui.catalog.gpus.size()));
  // Which filters: a phone folds them out of sight (panel_catalog.cpp).
  FoldLine filters(tr("Filters:"), false);
  AddCatalogFilters(view.catalog, filters);
  if (!filters.empty()) text += " " + filters.text();
  const int selected = ui.catalog.find(view.catalog.selected_id);
  if (selected >= 0) text += " " + std::string(tr("Selected:")) + " " + GpuName(ui, selected) + ".";
  return text;
}

std::string RankingLiveText(const ViewState&, const UiState& ui) {
  if (!ui.ranking_cache.valid) return "";
  const RankedList& list = ui.ranking_cache.ranked.list;
  if (!list.error.empty()) return list.error;
  if (list.rows.empty()) return tr("No GPU matches the filters.");
  std::string text = tr("Top of the ranking:");
  for (std::size_t i = 0; i < list.rows.size() && i < 3; ++i) {
    const RankedGpu& row = list.rows[i];
    text += " " + std::to_string(i + 1) + ". " + GpuName(ui, row.gpu_index);
    if (row.score) text += " (" + std::to_string(std::lround(*row.score)) + ")";
    text += i + 1 < list.rows.size() && i < 2 ? ";" : ".";
  }
  return text;
}

std::string CompareLiveText(const ViewState& view, const UiState& ui) {
  std::string text;
  // With each card's decode speed for the model once computed (money/compare_speed.h).
  const bool speeds = ui.compare.valid && ui.compare.ids == view.compare_ids;
  for (const std::string& id : view.compare_ids) {
    const int index = ui.catalog.find(id);
    if (index < 0) continue;
    text += (text.empty() ? "" : ", ") + GpuName(ui, index);
    for (const CompareSpeedRow& row : ui.compare.result.rows) {
      if (speeds && row.gpu_id == id && row.decode_tokens_per_s) {
        text += " " + gpuwise::format_number(*row.decode_tokens_per_s, 0) + " " + tr("tokens/s");
      }
    }
  }
  return text.empty() ? "" : std::string(tr("Comparing:")) + " " + text + ".";
}

std::string AdvisorLiveText(const ViewState& view, const UiState&) {
  const FitResult fit = fit_model(view.fit);
  char text[200];
  std::snprintf(text, sizeof text, tr("Memory needed: about %.1f GB (%.1f to %.1f GB)."), fit.total_gb,
                fit.total_low_gb, fit.total_high_gb);
  return text;
}

std::string SpeedLiveText(const ViewState&, const UiState& ui) {
  if (!ui.speed.table_valid) return "";
  const SpeedTable& table = ui.speed.table;
  if (table.problem) return render_template(*table.problem, tr);
  if (table.rows.empty()) return "";
  std::string text = tr("Fastest:");
  for (std::size_t i = 0; i < table.rows.size() && i < 3; ++i) {
    const SpeedRow& row = table.rows[i];
    char figure[160];
    std::snprintf(figure, sizeof figure, tr("%d. %s, %.0f tokens/s"), static_cast<int>(i + 1), row.name.c_str(),
                  row.estimate.decode_tokens_per_s);
    text += std::string(" ") + figure + (i + 1 < table.rows.size() && i < 2 ? ";" : ".");
  }
  return text;
}

// The Images tab: the fastest cards for the chosen model (issue 29).
std::string ImageLiveText(const ViewState&, const UiState& ui) {
  if (!ui.image.table_valid) return "";
  const ImageTable& table = ui.image.table.table;
  if (table.problem) return render_template(*table.problem, tr);
  if (table.rows.empty()) return "";
  std::string text = tr("Fastest:");
  for (std::size_t i = 0; i < table.rows.size() && i < 3; ++i) {
    const ImageRow& row = table.rows[i];
    char figure[160];
    std::snprintf(figure, sizeof figure, tr("%d. %s, %.1f s an image"), static_cast<int>(i + 1), row.name.c_str(),
                  row.estimate.seconds_per_image);
    text += std::string(" ") + figure + (i + 1 < table.rows.size() && i < 2 ? ";" : ".");
  }
  return text;
}

std::string RoiLiveText(const ViewState& view, const UiState& ui) {
  if (!ui.roi.ok) return "";
  std::string text = ui.roi.break_even_month > 0
                         ? Format(tr("Owning pays off in month %d."), ui.roi.break_even_month)
                         : Format(tr("Owning does not pay off within %d months."), view.roi.months);
  if (ui.roi.uses_stale_price) text += std::string(" ") + tr("It uses a price older than 12 months.");
  return text;
}

std::string AboutLiveText(const ViewState&, const UiState&) { return ""; }

std::string LiveText(const ViewState& view, const UiState& ui) {
  if (!ui.catalog_loaded) return "";
  const TabPanel& panel = kTabPanels[static_cast<int>(view.tab)];
  if (panel.later && !LaterCodeReady(ui)) return "";
  return panel.live_text(view, ui);
}

}  // namespace gpuwise::ui
