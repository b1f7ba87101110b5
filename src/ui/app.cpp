// The app frame: a header with the tabs, then the selected tab's panel.
#include "app.h"

#include "catalog/catalog_binary.h"
#include "catalog/data_details.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "widgets.h"

namespace gpuwise::ui {

void App::set_catalog_file(const std::string& bytes) {
  ui_.catalog = is_catalog_binary(bytes) ? catalog_from_binary(bytes) : load_catalog(bytes);
  if (ui_.catalog.details_elsewhere && ui_.details == LoadState::ready) ui_.details = LoadState::pending;
  ui_.catalog_loaded = true;
  ui_.catalog_error.clear();
  // A file that failed as a whole (bad JSON, damaged bytes) is an error for the whole catalog.
  if (ui_.catalog.gpus.empty() && ui_.catalog.error_count() > 0) {
    ui_.catalog_error = ui_.catalog.issues.front().to_string();
  }
  ui_.catalog_cache = {};
}

void App::set_catalog_error(const std::string& message) {
  ui_.catalog_error = message;
  ui_.catalog_loaded = false;
}

void App::set_prices_text(const std::string& json_text) {
  prices_text_ = json_text;
  // Notes and sources that arrived before the prices (details.json) go in now.
  const auto part = details_.is_object() ? details_.find("prices.json") : details_.end();
  const std::string text = part != details_.end()
                               ? dump_json(merge_details(parse_json(json_text).value, *part))
                               : json_text;
  const std::string today = ui_.prices.today;  // the platform sets the date once
  ui_.prices = load_prices(text, ui_.catalog);
  if (ui_.prices.today.empty()) ui_.prices.today = today;
  ui_.prices_state = LoadState::ready;
}

void App::set_prices_error(const std::string& message) {
  ui_.prices_error = message;
  ui_.prices_state = LoadState::failed;
}

void App::set_cuda_text(const std::string& json_text) {
  cuda_text_ = json_text;
  ui_.compat = load_compat(json_text);
  ui_.compat_state = LoadState::ready;
}

void App::set_cuda_error(const std::string& message) {
  ui_.compat_error = message;
  ui_.compat_state = LoadState::failed;
}

void App::set_speed_file(const std::string& name, bool ok, const std::string& text) {
  SpeedData::Arrived& file = name == "speed_check.json" ? ui_.speed.checks_file
                             : name == "benchmarks.json"  ? ui_.speed.benchmarks_file
                                                          : ui_.speed.calibration_file;
  file = {true, ok, text};
}

void WantSpeedChecks(UiState& ui) {
  SpeedData& speed = ui.speed;
  speed.checks_wanted = true;  // data/speed_check.json, fetched once wanted (main.cpp DataFiles)
  SpeedData::Arrived& file = speed.checks_file;
  if (!file.arrived) return;
  const std::string text = std::move(file.text);
  const bool ok = file.ok;
  file = {};
  std::vector<CatalogIssue> issues;
  if (ok) speed.checks = load_speed_checks(text, issues);
  speed.checks_state = ok && issues.empty() ? LoadState::ready : LoadState::failed;
  if (!ok || !issues.empty()) speed.checks_error = ok ? "speed_check.json: " + issues.front().to_string() : text;
}

namespace {

// One of the speed model's files once arrived: benchmarks.json or speed_calibration.json.
void ReadSpeedFile(UiState& ui, SpeedData::Arrived& file) {
  SpeedData& speed = ui.speed;
  if (!file.arrived) return;
  const bool benchmarks = &file == &speed.benchmarks_file;
  LoadState& state = benchmarks ? speed.benchmarks_state : speed.calibration_state;
  const std::string text = std::move(file.text);
  const bool ok = file.ok;
  file = {};
  state = ok ? LoadState::ready : LoadState::failed;
  speed.table_valid = false;
  ui.image.table_valid = false;  // the Images tab shows the measured runs too
  if (!ok) {
    speed.error = text;
    return;
  }
  if (benchmarks) {
    speed.benchmarks = load_benchmarks(text, ui.catalog);
    return;
  }
  std::vector<CatalogIssue> issues;
  speed.calibration = load_speed_calibration(text, issues);
  // A broken calibration file would make every estimate meaningless: say so instead.
  if (!issues.empty()) {
    speed.calibration_state = LoadState::failed;
    speed.error = "speed_calibration.json: " + issues.front().to_string();
  }
}

}  // namespace

void WantBenchmarks(UiState& ui) {
  ui.speed.benchmarks_wanted = true;
  ReadSpeedFile(ui, ui.speed.benchmarks_file);
}

void WantSpeedCalibration(UiState& ui) {
  ui.speed.calibration_wanted = true;
  ReadSpeedFile(ui, ui.speed.calibration_file);
  ReadSpeedFile(ui, ui.speed.benchmarks_file);  // if another view asked for it, it is read too
}

void WantSpeedModel(UiState& ui) {
  ui.speed.wanted = true;
  ReadSpeedFile(ui, ui.speed.benchmarks_file);
  ReadSpeedFile(ui, ui.speed.calibration_file);
}

void App::set_software_file(bool ok, const std::string& text) { ui_.software.file = {true, ok, text}; }

void App::set_image_calibration_file(bool ok, const std::string& text) { ui_.image.calibration_file = {true, ok, text}; }

void WantImageModel(UiState& ui) {
  ImageData& image = ui.image;
  image.wanted = true;
  WantBenchmarks(ui);  // the measured runs beside the estimates, and the check
  ArrivedFile& file = image.calibration_file;
  if (!file.arrived) return;
  const std::string text = std::move(file.text);
  const bool ok = file.ok;
  file = {};
  image.table_valid = false;
  image.calibration_state = LoadState::failed;
  if (!ok) {
    image.error = text;
    return;
  }
  std::vector<CatalogIssue> issues;
  image.calibration = load_image_calibration(text, issues);
  if (!issues.empty()) {
    image.error = "image_calibration.json: " + issues.front().to_string();
    return;
  }
  image.calibration_state = LoadState::ready;
}

void App::set_details_text(const std::string& json_text) {
  const ParsedJson details = parse_json(json_text);
  if (!details.ok() || !details.value.is_object()) {
    set_details_error("data/details.json is not a JSON object" + (details.ok() ? "" : ": " + details.error));
    return;
  }
  const auto merged = [&](const std::string& compact_text, const char* name) {
    const auto part = details.value.find(name);
    return dump_json(merge_details(parse_json(compact_text).value, part == details.value.end() ? json() : *part));
  };
  // The catalog first, as when the files arrived; a problem leaves every file as it was.
  if (ui_.catalog_loaded && ui_.catalog.details_elsewhere) {
    const auto part = details.value.find("gpus.json");
    const std::string problem = merge_catalog_details(ui_.catalog, part == details.value.end() ? json() : *part);
    if (!problem.empty()) {
      set_details_error(problem);
      return;
    }
    ui_.catalog_cache = {};
  }
  ui_.details = LoadState::ready;
  details_ = details.value;
  if (!prices_text_.empty()) set_prices_text(prices_text_);
  if (!cuda_text_.empty()) set_cuda_text(merged(cuda_text_, "cuda.json"));
}

void App::set_details_error(const std::string& message) {
  ui_.details_error = message;
  ui_.details = LoadState::failed;
}

void App::draw(float width, float height, PlatformRequests& requests) {
  set_language(view_.language);
  ui_.targets.clear();
  ui_.stale_marks_drawn = 0;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gpuwise", nullptr, flags);

  DrawHeader(view_, ui_, requests);

  // Tab buttons rather than ImGui's own tab selection: the view state decides which tab
  // shows, so a link or a script that sets view.tab is obeyed on the very next frame.
  // When they do not fit in one row (a phone), they wrap into more rows: every tab stays
  // in sight instead of behind scroll arrows.
  // On a phone the tabs keep their finger-sized height but narrower side padding, so the
  // nine fit in two rows and the header and tabs take at most a fifth of the screen (issue 30).
  const bool narrow_tabs = ImGui::GetContentRegionAvail().x < 560;
  if (narrow_tabs) {
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(std::min(padding.x, 5.0f), padding.y));
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  std::size_t first = 0;
  int row = 0;
  const std::size_t tab_count = static_cast<std::size_t>(kTabCount);
  while (first < tab_count) {
    std::size_t end = first;
    float used = 0;
    const float avail = ImGui::GetContentRegionAvail().x;
    while (end < tab_count) {
      const float w = ImGui::CalcTextSize(tr(kTabs[end].label)).x + style.FramePadding.x * 2 + style.ItemInnerSpacing.x;
      if (end > first && used + w > avail) break;
      used += w;
      ++end;
    }
    const std::string bar_id = "tabs" + std::to_string(row++);
    if (ImGui::BeginTabBar(bar_id.c_str(), ImGuiTabBarFlags_FittingPolicyScroll)) {
      for (std::size_t i = first; i < end; ++i) {
        const TabInfo& info = kTabs[i];
        const bool current = view_.tab == info.tab;
        if (current) {
          ImGui::PushStyleColor(ImGuiCol_Tab, style.Colors[ImGuiCol_TabActive]);
          ImGui::PushStyleColor(ImGuiCol_TabHovered, style.Colors[ImGuiCol_TabActive]);
        }
        const std::string label = std::string(tr(info.label)) + "###" + info.key;
        if (ImGui::TabItemButton(label.c_str())) view_.tab = info.tab;
        if (current) ImGui::PopStyleColor(2);
        RecordTarget(ui_, std::string("tab:") + info.key);
      }
      ImGui::EndTabBar();
    }
    first = end;
  }
  if (narrow_tabs) ImGui::PopStyleVar();
  ImGui::Spacing();
  const TabPanel& panel = kTabPanels[static_cast<int>(view_.tab)];
  if (!panel.later || LaterCodeReady(ui_)) {
    panel.draw(view_, ui_, requests);
    ui_.panel_drawn = kTabs[static_cast<int>(view_.tab)].key;
  } else {
    DrawLaterCodePending(ui_, requests);
    ui_.panel_drawn = "";
  }
  // A card's details over the tab: opened only from code of index.later.wasm so far.
  if (!ui_.popup_card_id.empty()) {
    if (LaterCodeReady(ui_)) CardPopupLater(view_, ui_, requests);
    else if (ui_.later_code == LoadState::pending) requests.later_code = true;
  }
  ImGui::End();
}

}  // namespace gpuwise::ui
