// The Price & ROI tab, second half: performance per dollar and per watt under the
// ranking tab's profile, every dated price and rental rate of the chosen card, and the
// reader's own prices (kept on this device, applied everywhere).
#include <algorithm>
#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "money.h"
#include "panels.h"
#include "money/price_notes.h"
#include "price_widgets.h"
#include "money/prices.h"
#include "view/view_money.h"
#include "money/value.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

void DrawValue(ViewState& view, UiState& ui) {
  const RankedList& ranking = CurrentRanking(view, ui);
  const RankingProfile* profile = find_ranking_profile(ranking.profile);
  ImGui::TextDisabled(tr("Scores from the Ranking tab: %s. Your own prices apply."),
                      profile ? tr(profile->label) : MetricLabel(ranking.metric).c_str());
  std::vector<std::pair<int, double>> scores;
  for (const RankedGpu& row : ranking.rows) {
    if (row.score) scores.push_back({row.gpu_index, *row.score});
  }
  std::vector<ValueRow> rows =
      value_table(ui.catalog, ui.prices, scores, view.buyer, ui.overrides, rate_kinds(view.roi.provider_kinds, view.buyer));
  // Which ratio to sort by is a UI choice only (not in the link).
  static const std::pair<ValueMetric, const char*> kMetrics[] = {
      {ValueMetric::per_1000_usd, N_("Score per 1,000 of purchase price")},
      {ValueMetric::per_usd_per_hour, N_("Score per 1 of rent per hour")},
      {ValueMetric::per_watt, N_("Score per watt")}};
  int& chosen = ui.value_metric;
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine();
    if (ImGui::RadioButton(tr(kMetrics[i].second), chosen == i)) chosen = i;
    RecordTarget(ui, "value-metric:" + std::to_string(i));
  }
  sort_value_table(rows, kMetrics[chosen].first);
  const double per_usd = display_currency(view, ui.prices).per_usd;
  std::vector<Bar> bars;
  int stale_bars = 0;
  for (const ValueRow& row : rows) {
    if (static_cast<int>(bars.size()) >= view.ranking.top_n) break;
    std::optional<double> value = chosen == 0 ? row.score_per_1000_usd
                                  : chosen == 1 ? row.score_per_usd_per_hour : row.score_per_watt;
    if (!value) continue;
    // Per 1,000 / per 1 of the reader's currency: a yuan buys less score than a dollar.
    if (chosen < 2) value = *value / per_usd;
    const Gpu& gpu = ui.catalog.gpus[row.gpu_index];
    Bar bar;
    bar.label = gpu.name;
    bar.value = *value;
    bar.value_text = gpuwise::format_number(*value, *value < 10 ? 2 : 1);
    bar.tooltip = gpu.name + "\n" + tr("score") + " " + gpuwise::format_number(row.score, 1);
    if (row.price_usd) bar.tooltip += std::string("\n") + tr("price per GPU") + " " + Money(*row.price_usd, view, ui);
    if (row.rate_usd_per_hour) bar.tooltip += std::string("\n") + tr("rent per GPU-hour") + " " + Money(*row.rate_usd_per_hour, view, ui, 2);
    bar.tooltip += std::string("\n") + tr("power per GPU") + " " + gpuwise::format_number(row.power_w, 0) + " W";
    bar.target = "value-bar:" + std::to_string(bars.size());
    // A ratio over a price or rate older than 12 months says so on the bar.
    const bool stale = chosen < 2 && row.uses_stale_price();
    if (stale) {
      bar.value_text += std::string(" · ") + tr(stale_mark(PriceAge{true, 13, true}));
      bar.tooltip += std::string("\n") + tr("Seen more than 12 months ago: the price may have changed since.");
      stale_bars += 1;
    }
    bars.push_back(bar);
  }
  if (bars.empty()) {
    TextDim(tr("No card in the ranking has this figure (a price, a rental rate or a power figure)."));
    return;
  }
  const int clicked = BarChart("value", bars, ui);
  if (stale_bars > 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, StaleColour());
    ImGui::TextWrapped("%s", tr(value_stale_notice(stale_bars)).c_str());
    ImGui::PopStyleColor();
    ui.stale_marks_drawn += stale_bars;
    RecordTarget(ui, "value-stale-notice");
  }
  if (clicked >= 0) {
    for (const ValueRow& row : rows) {
      if (ui.catalog.gpus[row.gpu_index].name == bars[clicked].label) ui.popup_card_id = row.gpu_id;
    }
  }
}

void DrawPriceList(ViewState& view, UiState& ui, PlatformRequests& requests) {
  const int index = ui.catalog.find(view.roi.gpu_id);
  if (index < 0) return;
  const Gpu& gpu = ui.catalog.gpus[index];
  ImGui::Text(tr("Prices seen for %s"), gpu.name.c_str());
  if (gpu.launch_price_usd) {
    ImGui::BulletText("%s: %s", tr("Launch price"), Money(*gpu.launch_price_usd, view, ui).c_str());
  }
  int n = 0;
  for (const StreetPrice& price : street_prices_for(ui.prices, gpu.id)) {
    ImGui::PushID(n++);
    const PriceAge age = price_age(price.date_seen, ui.prices.today);
    ImGui::BulletText("%s %s, %s %s", tr(price.condition.c_str()), Money(price.usd, view, ui).c_str(), tr("seen"),
                      price.date_seen.c_str());
    const TemplateText age_text = price_age_text(age);
    if (!age_text.pattern.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(%s)", tr(age_text).c_str());
    }
    StaleMark(age, ui, "stale:price-list:" + std::to_string(n - 1));
    if (DetailsLoaded(ui, false)) {  // the link and its notes arrive with the details
      ImGui::SameLine();
      Link(tr("source"), price.source, requests);
      if (!price.notes.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", price.notes.c_str());
    }
    ImGui::PopID();
  }
  const std::vector<CloudRate> rates = rates_for(ui.prices, gpu.id);
  if (rates.empty()) {
    TextDim(tr("No rental rate in the data for this card."));
    return;
  }
  if (ImGui::BeginTable("rates", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn(tr("Provider"));
    ImGui::TableSetupColumn(tr("Pricing"));
    ImGui::TableSetupColumn(tr("Per GPU-hour"));
    ImGui::TableSetupColumn(tr("Seen"));
    ImGui::TableSetupColumn(tr("Source"));
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < rates.size(); ++i) {
      const CloudRate& rate = rates[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(rate.provider.c_str());
      if (ImGui::IsItemHovered() && !rate.notes.empty()) ImGui::SetTooltip("%s", rate.notes.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%s, %s", tr(rate.pricing.c_str()), tr(rate.provider_kind.c_str()));
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(Money(rate.usd_per_gpu_hour, view, ui, 2).c_str());
      ImGui::TableSetColumnIndex(3);
      ImGui::TextUnformatted(rate.date_seen.c_str());
      StaleMark(rate_age(ui.prices, rate), ui, "stale:rate-list:" + std::to_string(i));
      ImGui::TableSetColumnIndex(4);
      if (DetailsLoaded(ui, false)) Link(tr("link"), rate.source, requests);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
}

void DrawMyPrices(ViewState& view, UiState& ui) {
  TextDim(tr("Your own price and rental rate for a card replace the data's everywhere on this device "
             "(they are never put in a shared link)."));
  const std::string& id = view.roi.gpu_id;
  if (ui.catalog.find(id) >= 0) {
    double price = 0, rate = 0;
    auto p = ui.overrides.price_usd.find(id);
    auto r = ui.overrides.rate_usd_per_hour.find(id);
    if (p != ui.overrides.price_usd.end()) price = p->second;
    if (r != ui.overrides.rate_usd_per_hour.end()) rate = r->second;
    ImGui::Text("%s", ui.catalog.gpus[ui.catalog.find(id)].name.c_str());
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("My price per GPU"));
    ImGui::SameLine(170);
    // The same ranges as the ROI inputs these figures stand in for (roi.price, roi.rate).
    if (InputFieldValue("my-price", "roi.price", price, view, ui)) {
      if (price > 0) ui.overrides.price_usd[id] = price;
      else ui.overrides.price_usd.erase(id);
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("My rate"));
    ImGui::SameLine(170);
    if (InputFieldValue("my-rate", "roi.rate", rate, view, ui)) {
      if (rate > 0) ui.overrides.rate_usd_per_hour[id] = rate;
      else ui.overrides.rate_usd_per_hour.erase(id);
    }
  }
  std::string remove;
  for (const auto& [gpu_id, usd] : ui.overrides.price_usd) {
    ImGui::PushID(gpu_id.c_str());
    ImGui::BulletText("%s: %s", gpu_id.c_str(), Money(usd, view, ui).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("forget"))) remove = gpu_id;
    ImGui::PopID();
  }
  if (!remove.empty()) ui.overrides.price_usd.erase(remove);
  remove.clear();
  for (const auto& [gpu_id, usd] : ui.overrides.rate_usd_per_hour) {
    ImGui::PushID(("rate-" + gpu_id).c_str());
    ImGui::BulletText("%s: %s %s", gpu_id.c_str(), Money(usd, view, ui, 2).c_str(), tr("/GPU-hour"));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("forget"))) remove = gpu_id;
    ImGui::PopID();
  }
  if (!remove.empty()) ui.overrides.rate_usd_per_hour.erase(remove);
}

}  // namespace

void DrawValueSections(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (ImGui::CollapsingHeader(tr("Performance per dollar and per watt"))) DrawValue(view, ui);
  RecordTarget(ui, "section:value");
  if (ImGui::CollapsingHeader(tr("Prices and rental rates"))) DrawPriceList(view, ui, requests);
  if (ImGui::CollapsingHeader(tr("My prices"))) DrawMyPrices(view, ui);
}

}  // namespace gpuwise::ui
