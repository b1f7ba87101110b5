// "How good are these estimates?": the figures come from core's check_speed(); this file
// only lays them out and draws the scatter plots with ImGui's draw list.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "text/format.h"
#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "speed_check.h"
#include "estimate/speed.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

const char* PhaseWord(const std::string& phase) {
  if (phase == "decode") return tr("decode");
  if (phase == "prefill") return tr("prefill");
  if (phase == "train") return tr("training");
  if (phase == "serve") return tr("serving");
  return phase.c_str();
}

const char* HeldOutWord(const std::string& held_out) {
  if (held_out == "in-sample") return tr("in sample");
  if (held_out == "leave-one-card-out") return tr("leave one card out");
  if (held_out == "leave-one-set-out") return tr("leave one set out");
  if (held_out == "not fitted") return tr("never fitted on");
  return held_out.c_str();
}

void DrawCheckTable(const std::vector<SpeedCheck>& checks) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
  const float row_height = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y + 2;
  const ImVec2 size(0, row_height * static_cast<float>(checks.size() + 1) + 24);
  if (!ImGui::BeginTable("speed-checks", 7, flags, size)) return;
  ImGui::TableSetupColumn(tr("Measured set"), ImGuiTableColumnFlags_WidthFixed, 240);
  ImGui::TableSetupColumn(tr("Phase"), ImGuiTableColumnFlags_WidthFixed, 70);
  ImGui::TableSetupColumn(tr("Held out"), ImGuiTableColumnFlags_WidthFixed, 140);
  ImGui::TableSetupColumn(tr("Rows"), ImGuiTableColumnFlags_WidthFixed, 50);
  ImGui::TableSetupColumn(tr("Spearman"), ImGuiTableColumnFlags_WidthFixed, 80);
  ImGui::TableSetupColumn(tr("Lowest"), ImGuiTableColumnFlags_WidthFixed, 70);
  ImGui::TableSetupColumn(tr("Median error"), ImGuiTableColumnFlags_WidthFixed, 100);
  ImGui::TableHeadersRow();
  for (const SpeedCheck& c : checks) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(c.set.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(PhaseWord(c.phase));
    ImGui::TableSetColumnIndex(2);
    ImGui::TextUnformatted(HeldOutWord(c.held_out));
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%d", c.n);
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%.3f", c.spearman);
    ImGui::TableSetColumnIndex(5);
    ImGui::Text("%.3f", c.spearman_min);
    ImGui::TableSetColumnIndex(6);
    ImGui::Text("%.1f %%", c.median_abs_error_pct);
  }
  ImGui::EndTable();
}

// The error band of each class (engine x vendor x phase): where nine in ten held-out runs
// fell, as measured / predicted; any other class is not measured and gets a wide range.
void DrawBandTable(const SpeedCalibration& calibration) {
  ImGui::TextWrapped("%s", tr("The range beside each figure: where nine in ten measured runs of its class fell (10th to "
                              "90th percentile of measured / predicted, each card held out of the fit)."));
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
  const float row_height = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y + 2;
  const ImVec2 size(0, row_height * static_cast<float>(calibration.bands.size() + 2) + 24);
  if (!ImGui::BeginTable("speed-bands", 3, flags, size)) return;
  ImGui::TableSetupColumn(tr("Class"), ImGuiTableColumnFlags_WidthFixed, 240);
  ImGui::TableSetupColumn(tr("Measured runs"), ImGuiTableColumnFlags_WidthFixed, 110);
  ImGui::TableSetupColumn(tr("Range"), ImGuiTableColumnFlags_WidthFixed, 200);
  ImGui::TableHeadersRow();
  auto row = [](const std::string& key, const std::string& runs, double low, double high) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(key.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(runs.c_str());
    ImGui::TableSetColumnIndex(2);
    ImGui::Text(tr("%s to %s times the estimate"), gpuwise::format_number(low, 2).c_str(),
                gpuwise::format_number(high, 2).c_str());
  };
  for (const auto& [key, band] : calibration.bands) row(key, std::to_string(band.samples), band.low_ratio, band.high_ratio);
  row(tr("any other: not measured for this vendor"), "0", kUnmeasuredBandLow, kUnmeasuredBandHigh);
  ImGui::EndTable();
}

// Predicted (y) against measured (x) on log axes, one dot per measured row, with the
// diagonal where prediction equals measurement. Hovering a dot names the card and run.
void Scatter(const char* id, const char* title, const std::vector<const SpeedCheckPoint*>& points, float side,
             UiState& ui) {
  ImGui::BeginGroup();
  ImGui::TextUnformatted(title);
  double lo = INFINITY, hi = 0;
  for (const SpeedCheckPoint* p : points) {
    if (p->predicted <= 0 || p->measured <= 0) continue;
    lo = std::min({lo, p->predicted, p->measured});
    hi = std::max({hi, p->predicted, p->measured});
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(side, side));
  RecordTarget(ui, std::string("speed-scatter:") + id);
  if (!(hi > lo)) {
    ImGui::EndGroup();
    return;
  }
  const double log_lo = std::log10(lo) - 0.05, log_hi = std::log10(hi) + 0.05;
  const float margin = 6;
  const float plot = side - 2 * margin;
  auto at = [&](double x, double y) {
    const float fx = static_cast<float>((std::log10(x) - log_lo) / (log_hi - log_lo));
    const float fy = static_cast<float>((std::log10(y) - log_lo) / (log_hi - log_lo));
    return ImVec2(origin.x + margin + fx * plot, origin.y + margin + (1 - fy) * plot);
  };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 frame = ImGui::GetColorU32(ImGuiCol_Border);
  draw->AddRect(origin, ImVec2(origin.x + side, origin.y + side), frame);
  // Decade grid lines, labelled on the left and bottom edges.
  const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  for (double decade = std::ceil(log_lo); decade <= log_hi; decade += 1) {
    const double v = std::pow(10.0, decade);
    const ImVec2 p = at(v, v);
    draw->AddLine(ImVec2(p.x, origin.y), ImVec2(p.x, origin.y + side), faint);
    draw->AddLine(ImVec2(origin.x, p.y), ImVec2(origin.x + side, p.y), faint);
    const std::string label = gpuwise::format_number(v, 2);
    draw->AddText(ImVec2(p.x + 2, origin.y + side - ImGui::GetTextLineHeight() - 1),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
  }
  draw->AddLine(at(std::pow(10.0, log_lo), std::pow(10.0, log_lo)), at(std::pow(10.0, log_hi), std::pow(10.0, log_hi)),
                ImGui::GetColorU32(ImGuiCol_Text, 0.6f), 1.5f);
  const ImU32 dot = ImGui::GetColorU32(ImGuiCol_PlotHistogram);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const SpeedCheckPoint* nearest = nullptr;
  float nearest_distance = 36;  // within 6 px
  for (const SpeedCheckPoint* p : points) {
    if (p->predicted <= 0 || p->measured <= 0) continue;
    const ImVec2 c = at(p->measured, p->predicted);
    draw->AddCircleFilled(c, 2.5f, dot);
    const float dx = c.x - mouse.x, dy = c.y - mouse.y;
    if (ImGui::IsItemHovered() && dx * dx + dy * dy < nearest_distance) {
      nearest_distance = dx * dx + dy * dy;
      nearest = p;
    }
  }
  if (nearest) {
    ImGui::SetTooltip(tr("%s, %s\npredicted %s, measured %s"), nearest->gpu_id.c_str(), nearest->group.c_str(),
                      gpuwise::format_number(nearest->predicted, 1).c_str(),
                      gpuwise::format_number(nearest->measured, 1).c_str());
  }
  ImGui::EndGroup();
}

}  // namespace

void DrawSpeedCheck(UiState& ui) {
  if (!ImGui::CollapsingHeader(tr("How good are these estimates?"))) {
    RecordTarget(ui, "speed-check");
    return;
  }
  RecordTarget(ui, "speed-check");
  SpeedData& speed = ui.speed;
  WantSpeedChecks(ui);
  if (speed.checks_state == LoadState::failed) {
    ImGui::TextWrapped("%s %s", tr("The speed data could not be loaded:"), speed.checks_error.c_str());
    return;
  }
  if (speed.checks_state != LoadState::ready) {
    TextDim(tr("Loading the measured results..."));
    return;
  }
  ImGui::TextWrapped("%s", tr("Each measured set against the model's prediction for the same card and run. Spearman: "
                              "how well the cards are put in order (1 = the measured order), the median over "
                              "workloads and the lowest one; median error: the typical |predicted / measured - 1|. "
                              "Held out: the factors refitted without the card (or set) being predicted."));
  DrawCheckTable(speed.checks);
  DrawBandTable(speed.calibration);
  const float width = ImGui::GetContentRegionAvail().x;
  const float side = std::clamp((width - 2 * ImGui::GetStyle().ItemSpacing.x) / 3, 180.0f, 320.0f);
  bool first = true;
  for (const char* phase : {"decode", "prefill", "train", "serve"}) {
    std::vector<const SpeedCheckPoint*> points;
    for (const SpeedCheck& c : speed.checks) {
      // Each run once: the LLM training and serving checks repeat their runs by family and class.
      if (c.phase != phase || !speed_check_plotted(c)) continue;
      for (const SpeedCheckPoint& p : c.points) points.push_back(&p);
    }
    if (points.empty()) continue;
    char title[120];
    std::snprintf(title, sizeof title, tr("%s: predicted (up) vs measured (across), %d rows"), PhaseWord(phase),
                  static_cast<int>(points.size()));
    if (!first) SameLineIfFits(side);
    first = false;
    Scatter(phase, title, points, side, ui);
  }
  TextDim(tr("Log axes; the line is predicted = measured. docs/speed.md has the formulas and limits."));
}

}  // namespace gpuwise::ui
