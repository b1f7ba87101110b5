// The Catalog tab: filters, a sortable table of every GPU (sorting in core), and the
// selected card's details beside or below the table.
#include <algorithm>
#include <cstdio>

#include "catalog/catalog_query.h"
#include "catalog/columns.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // TableFindByID: whether the table is set up already
#include "panels.h"
#include "price_widgets.h"
#include "view/view_fields.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

// [SECTION] Which columns show
bool column_visible(const CatalogView& view, const Column& column) {
  if (std::string(column.key) == "name") return true;  // the row's identity never hides
  if (!view.hidden_columns_set) return column.shown_by_default;
  return std::find(view.hidden_columns.begin(), view.hidden_columns.end(), column.key) ==
         view.hidden_columns.end();
}

void set_column_visible(CatalogView& view, const Column& column, bool visible) {
  if (!view.hidden_columns_set) {
    view.hidden_columns.clear();
    for (const Column& c : catalog_columns()) {
      if (!c.shown_by_default) view.hidden_columns.push_back(c.key);
    }
    view.hidden_columns_set = true;
  }
  auto it = std::find(view.hidden_columns.begin(), view.hidden_columns.end(), column.key);
  if (visible && it != view.hidden_columns.end()) view.hidden_columns.erase(it);
  if (!visible && it == view.hidden_columns.end()) view.hidden_columns.push_back(column.key);
}

std::string header_label(const Column& column) {
  std::string label = tr(column.label);
  if (*column.unit) label += std::string(" (") + column.unit + ")";
  return label;
}

// [SECTION] Filters row
void DrawFilters(ViewState& view, UiState& ui, PlatformRequests& requests) {
  CatalogView& c = view.catalog;
  const Catalog& catalog = ui.catalog;
  ImGui::SetNextItemWidth(std::min(280.0f, ImGui::GetContentRegionAvail().x));
  char search[128];
  std::snprintf(search, sizeof search, "%s", c.search.c_str());
  if (ImGui::InputTextWithHint("##search", tr("Search: 3090, rtx3090, A100 80GB..."), search, sizeof search)) {
    c.search = search;
  }
  RecordTarget(ui, "search");
  MultiSelectFilter("Vendor", CatalogValues(ui, "vendor"), c.vendors);
  MultiSelectFilter("Line", line_keys(), c.lines, line_label);
  MultiSelectFilter("Architecture", CatalogValues(ui, "architecture"), c.architectures);
  MultiSelectFilter("Series", CatalogValues(ui, "series"), c.series);

  SameLineIfFits(230);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(FieldLabel("cat.vram"));
  ImGui::SameLine();
  InputField("catalog-min-vram", "cat.vram", view, ui);

  // Release years as two menus ("any" or a year the catalog has): no invalid year to type.
  std::vector<std::string> years = CatalogValues(ui, "release_year");
  std::reverse(years.begin(), years.end());
  auto year_combo = [&](const char* id, int& year) {
    const std::string shown = year ? std::to_string(year) : std::string(tr("any"));
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + 40);
    if (ImGui::BeginCombo(id, shown.c_str())) {
      if (ImGui::Selectable(tr("any"), year == 0)) year = 0;
      for (const std::string& y : years) {
        if (ImGui::Selectable(y.c_str(), std::to_string(year) == y)) year = std::stoi(y);
      }
      ImGui::EndCombo();
    }
  };
  SameLineIfFits(240);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Year"));
  ImGui::SameLine();
  year_combo("##year-from", c.year_min);
  ImGui::SameLine();
  ImGui::TextUnformatted("–");
  ImGui::SameLine();
  year_combo("##year-to", c.year_max);
  SoftwareFilters("catalog", c.pytorch_any, c.cuda_only, c.unified_only, ui);

  SameLineIfFits(120);
  if (ImGui::Button(tr("Columns"))) ImGui::OpenPopup("columns");
  if (ImGui::BeginPopup("columns")) {
    for (const Column& column : catalog_columns()) {
      if (std::string(column.key) == "name") continue;
      bool visible = column_visible(c, column);
      if (ImGui::Checkbox(header_label(column).c_str(), &visible)) set_column_visible(c, column, visible);
    }
    ImGui::EndPopup();
  }
  SameLineIfFits(120);
  if (ImGui::Button(tr("Export CSV"))) {
    std::vector<int> columns;
    for (std::size_t i = 0; i < catalog_columns().size(); ++i) {
      if (column_visible(c, catalog_columns()[i])) columns.push_back(static_cast<int>(i));
    }
    requests.download_name = "gpuwise-catalog.csv";
    requests.download_mime = "text/csv";
    requests.download_content = catalog_csv(catalog, query_catalog(catalog, c, &ui.compat), columns);
  }
  RecordTarget(ui, "catalog-csv");
  SameLineIfFits(120);
  if (ImGui::Button(tr("Reset filters"))) {
    const CatalogView defaults;
    c.search = defaults.search;
    c.vendors.clear();
    c.lines.clear();
    c.series.clear();
    c.architectures.clear();
    c.min_vram_gb = 0;
    c.year_min = c.year_max = 0;
    c.pytorch_any.clear();
    c.cuda_only = c.unified_only = false;
  }
}

// [SECTION] The table
const std::vector<int>& CachedRows(const ViewState& view, UiState& ui) {
  CatalogCache& cache = ui.catalog_cache;
  const bool compat_ready = ui.compat_state == LoadState::ready;
  if (!cache.valid || !(cache.view == view.catalog) || cache.compat_ready != compat_ready) {
    cache.rows = query_catalog(ui.catalog, view.catalog, compat_ready ? &ui.compat : nullptr);
    cache.view = view.catalog;
    cache.compat_ready = compat_ready;
    cache.valid = true;
  }
  return cache.rows;
}

// Headers drawn by hand rather than with ImGui's sort specs: the view state is the one
// truth for the sort (a link restores it), and a header click only changes the state.
void DrawHeaders(CatalogView& view, UiState& ui, const std::vector<int>& visible_columns) {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (std::size_t n = 0; n < visible_columns.size(); ++n) {
    ImGui::TableSetColumnIndex(static_cast<int>(n));
    const Column& column = catalog_columns()[visible_columns[n]];
    const bool sorted = view.sort_column == column.key;
    std::string label = header_label(column);
    if (sorted) label += view.sort_descending ? " ▼" : " ▲";
    ImGui::PushID(column.key);
    ImGui::TableHeader(label.c_str());
    RecordTarget(ui, std::string("header:") + column.key);
    if (ImGui::IsItemClicked()) {
      if (sorted) {
        view.sort_descending = !view.sort_descending;
      } else {
        view.sort_column = column.key;
        view.sort_descending = column.numeric;  // biggest figures first, names A to Z
      }
    }
    ImGui::PopID();
  }
}

void RowTooltip(const Gpu& gpu, const ViewState& view, UiState& ui) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::TextUnformatted(gpu.name.c_str());
  ImGui::Separator();
  for (const char* key : {"architecture", "vram_gb", "memory_bandwidth_gbs", "fp32_tflops",
                          "fp16_tensor_tflops", "tdp_w", "launch_price_usd"}) {
    const Column& column = catalog_columns()[find_column(key)];
    ImGui::Text("%s: %s %s", tr(column.label), CellText(column, gpu).c_str(), column.unit);
  }
  // The price a buyer would pay today in their market, with its age; marked when older
  // than 12 months. prices.json is fetched the first time a tooltip wants it.
  ui.prices_wanted = true;
  const PriceChoice price = buyer_price(ui.catalog, ui.prices, gpu.id, view.buyer);
  if (price.found()) {
    ImGui::Text("%s: %s", tr("Price"), PriceSummary(price, view, ui).c_str());
    if (price.kind != PriceKind::launch_msrp) StaleMark(price.age, ui, "stale:tooltip");
  } else if (ui.prices_state == LoadState::pending) {
    ImGui::TextDisabled("%s", tr("Loading prices..."));
  }
  if (price_is_for_machine(gpu)) ImGui::TextDisabled("%s", tr(machine_price_note()));
  if (!DetailsLoaded(ui, false)) {
    ImGui::Separator();
    DetailsLoaded(ui);  // the notes are on their way (or say why not)
  } else if (!gpu.notes.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted(gpu.notes.c_str());
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("Click for every field and the sources"));
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// Widest a text column starts, in font heights (the first column: the card's name).
constexpr float kNameColumnEm = 19;
constexpr float kTextColumnEm = 9;

void DrawTable(ViewState& view, UiState& ui, ImVec2 size) {
  const std::vector<int>& rows = CachedRows(view, ui);
  std::vector<int> visible;
  for (std::size_t i = 0; i < catalog_columns().size(); ++i) {
    if (column_visible(view.catalog, catalog_columns()[i])) visible.push_back(static_cast<int>(i));
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  // One table per language: column widths are measured when a table is created.
  const std::string table_id = "catalog-table-" + view.language;
  // ImGui reads a column's starting width only while it sets a table up (a new table, or a
  // new number of columns); measuring 205 rows for nothing took 2-6 ms of every frame.
  const ImGuiTable* known = ImGui::TableFindByID(ImGui::GetID(table_id.c_str()));
  const bool measure = !known || known->ColumnsCount != static_cast<int>(visible.size());
  if (!ImGui::BeginTable(table_id.c_str(), static_cast<int>(visible.size()), flags, size)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (std::size_t n = 0; n < visible.size(); ++n) {
    const Column& column = catalog_columns()[visible[n]];
    // Each column is as wide as its widest cell or its header with a sort arrow, so
    // numbers are never cut and the column does not jump when the arrow appears. Text
    // columns stop at a cap: one long name ("GeForce RTX 2080 Ti 22 GB (memory-modified,
    // unofficial)") would otherwise push FP32 off a 1280 px screen and fill a phone with the
    // frozen first column. The row's tooltip and card view show the whole text; the
    // column can be dragged wider.
    const float header = ImGui::CalcTextSize((header_label(column) + " ▼").c_str()).x;
    float width = header;
    if (measure) {
      for (int row : rows) width = std::max(width, ImGui::CalcTextSize(CellText(column, ui.catalog.gpus[row]).c_str()).x);
    }
    if (!column.numeric) {
      const float cap = ImGui::GetFontSize() * (n == 0 ? kNameColumnEm : kTextColumnEm);
      width = std::max(header, std::min(width, cap));
    }
    ImGui::TableSetupColumn(header_label(column).c_str(), ImGuiTableColumnFlags_WidthFixed, width);
  }
  DrawHeaders(view.catalog, ui, visible);

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const Gpu& gpu = ui.catalog.gpus[rows[r]];
      ImGui::TableNextRow();
      ImGui::PushID(rows[r]);
      for (std::size_t n = 0; n < visible.size(); ++n) {
        ImGui::TableSetColumnIndex(static_cast<int>(n));
        const Column& column = catalog_columns()[visible[n]];
        const std::string text = CellText(column, gpu);
        if (n == 0) {
          const bool selected = view.catalog.selected_id == gpu.id;
          if (ImGui::Selectable(text.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns)) {
            view.catalog.selected_id = selected ? std::string() : gpu.id;
          }
          if (r - clipper.DisplayStart < 3) RecordTarget(ui, "row:" + std::to_string(r));
          if (ImGui::IsItemHovered()) RowTooltip(gpu, view, ui);
        } else if (column.numeric) {
          // Right-align numbers so magnitudes line up.
          const float w = ImGui::CalcTextSize(text.c_str()).x;
          ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - w -
                               ImGui::GetStyle().CellPadding.x);
          ImGui::TextUnformatted(text.c_str());
        } else {
          ImGui::TextUnformatted(text.c_str());
        }
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

// [SECTION] The panel
void DrawCatalogPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s %s", tr("The GPU catalog could not be loaded:"), ui.catalog_error.c_str());
    ImGui::PopStyleColor();
  }
  if (!ui.catalog_loaded && ui.catalog_error.empty()) {
    ImGui::TextUnformatted(tr("Loading the GPU catalog..."));
    return;
  }
  if (!ui.catalog.issues.empty()) {
    char summary[160];
    std::snprintf(summary, sizeof summary, tr("%d problems in data/gpus.json (rows with errors are left out)"),
                  static_cast<int>(ui.catalog.issues.size()));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.25f, 1));
    if (ImGui::SmallButton(summary)) ui.show_catalog_issues = !ui.show_catalog_issues;
    ImGui::PopStyleColor();
    if (ui.show_catalog_issues) {
      ImGui::BeginChild("catalog-issues", ImVec2(0, std::min(160.0f, 22.0f * static_cast<float>(ui.catalog.issues.size()) + 10)), true);
      for (const auto& issue : ui.catalog.issues) ImGui::TextWrapped("%s", issue.to_string().c_str());
      ImGui::EndChild();
    }
  }

  DrawFilters(view, ui, requests);
  const std::vector<int>& rows = CachedRows(view, ui);
  ImGui::TextDisabled(tr("%d of %d GPUs. Figures per GPU, dense, at boost clock. Click a row for details."),
                      static_cast<int>(rows.size()), static_cast<int>(ui.catalog.gpus.size()));

  const int selected = ui.catalog.find(view.catalog.selected_id);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (selected < 0) {
    DrawTable(view, ui, avail);
    return;
  }
  // Details beside the table on a wide screen, below it on a narrow one.
  const bool side_by_side = avail.x >= 900;
  const ImVec2 table_size = side_by_side ? ImVec2(avail.x - 400, avail.y) : ImVec2(avail.x, avail.y * 0.45f);
  DrawTable(view, ui, table_size);
  if (side_by_side) ImGui::SameLine();
  ImGui::BeginChild("card-details", ImVec2(0, 0), true);
  if (!LaterCodeReady(ui)) {
    DrawLaterCodePending(ui, requests);
  } else if (CardDetailsLater(ui.catalog.gpus[selected], view, ui, requests)) {
    view.catalog.selected_id.clear();
  }
  ImGui::EndChild();
}

// window.gpuwise.table: the rows the table shows (its cache), by card id.
json CatalogTableInfo(const ViewState&, const UiState& ui) {
  json ids = json::array();
  for (int row : ui.catalog_cache.rows) ids.push_back(ui.catalog.gpus[row].id);
  return {{"rows", ids.size()}, {"ids", ids}};
}


bool ViewReadsPricesAndCuda(const ViewState& view) {
  return view.tab != Tab::catalog || !view.catalog.selected_id.empty() || !view.catalog.pytorch_any.empty();
}

}  // namespace gpuwise::ui
