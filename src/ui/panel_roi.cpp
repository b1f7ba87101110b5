// The Price & ROI tab, first half: buy or rent. Inputs default from data (price, cloud
// rate, TDP) and every one is editable; core's compute_roi() gives the month-by-month
// costs, the break-even month and the formulas. Then the owner of idle cards: sell now,
// keep idle, or rent out (the guide's closing argument).
#include <algorithm>
#include <cstdio>

#include "catalog/catalog_query.h"
#include "i18n.h"
#include "imgui.h"
#include "money.h"
#include "panels.h"
#include "money/price_notes.h"
#include "price_widgets.h"
#include "money/prices.h"
#include "view/view_money.h"
#include "money/roi.h"
#include "money/roi_formulas.h"
#include "view/view_fields.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

constexpr float kInputColumnX = 190;  // where the inputs start, right of their labels

void Label(const char* text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr(text));
  ImGui::SameLine(kInputColumnX);
}

// An input that is either "the default from data or our assumption" (the optional is
// empty) or the reader's own figure, with a button to go back to the default. The field's
// unit (view_fields) decides money or not; `format` its digits.
void OptionalNumber(const char* id, const char* link_key, std::optional<double>& figure, double default_figure,
                    const std::string& provenance, ViewState& view, UiState& ui, const PriceAge& age = {},
                    const char* format = "%.0f") {
  Label(view_field(link_key).label);
  double value = figure.value_or(default_figure);
  if (InputFieldValue(id, link_key, value, view, ui, format)) figure = value;
  ImGui::SameLine();
  // The button or the note beside the input, or under it when the line is too narrow (a phone).
  auto under_when_wider = [](float width) {
    if (width < ImGui::GetContentRegionAvail().x) return;
    ImGui::NewLine();
    ImGui::SetCursorPosX(kInputColumnX);
  };
  if (figure) {
    under_when_wider(ImGui::CalcTextSize(tr("use default")).x + 2 * ImGui::GetStyle().FramePadding.x);
    ImGui::PushID(id);  // several of these are open at once: one "use default" each
    if (ImGui::SmallButton(tr("use default"))) figure.reset();
    ImGui::PopID();
  } else if (!provenance.empty()) {
    // Where the default comes from, with its age.
    under_when_wider(ImGui::CalcTextSize(provenance.c_str()).x);
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", provenance.c_str());
    ImGui::PopTextWrapPos();
    StaleMark(age, ui, std::string("stale:") + id);
  }
}

// Where the default came from, with its date and age (price_notes.h).
std::string PriceProvenance(const PriceChoice& price) {
  return price.found() ? tr(price_source_text(price)) : std::string(tr("no price in data: enter one"));
}

// [SECTION] Provider kinds: which kinds of cloud the default rent rate comes from
void DrawProviderKinds(ViewState& view, UiState& ui) {
  Label(view_field("roi.kinds").label);
  ProviderKindSet kinds = rate_kinds(view.roi.provider_kinds, view.buyer);
  bool changed = false;
  for (std::size_t i = 0; i < kProviderKinds.size(); ++i) {
    const ProviderKind kind = kProviderKinds[i];
    const char* label = tr(provider_kind_label(kind));
    if (i > 0) {  // the next box on this line if it fits, else under the first one
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x + ImGui::GetFrameHeight() * 2) {
        ImGui::NewLine();
        ImGui::SetCursorPosX(kInputColumnX);
      }
    }
    bool on = (kinds & provider_kind_bit(kind)) != 0;
    // At least one kind stays chosen: none would leave no default rate at all.
    if (ImGui::Checkbox(label, &on) && (on || (kinds & ~provider_kind_bit(kind)))) {
      kinds = on ? (kinds | provider_kind_bit(kind)) : (kinds & ~provider_kind_bit(kind));
      changed = true;
    }
    RecordTarget(ui, std::string("roi-kind:") + provider_kind_key(kind));
  }
  if (!changed) return;
  view.roi.provider_kinds.clear();  // the market's kinds are written as none: the default
  if (kinds != market_info(view.buyer.market).kinds) {
    for (ProviderKind kind : kProviderKinds) {
      if (kinds & provider_kind_bit(kind)) view.roi.provider_kinds.push_back(provider_kind_key(kind));
    }
  }
}

// The tab's two views as a segmented choice (roi.view, in the link): one card bought or
// rented, or the cost of a job on every card (panel_job_cost.cpp).
void DrawViewChoice(ViewState& view, UiState& ui) {
  const std::pair<const char*, const char*> views[] = {{"buy", N_("Buy or rent")}, {"job", N_("Cost of a job")}};
  const ImGuiStyle& style = ImGui::GetStyle();
  for (const auto& [key, label] : views) {
    if (key != views[0].first) ImGui::SameLine(0, 2);
    const bool on = view.roi.calculator == key;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, style.Colors[ImGuiCol_ButtonActive]);
    if (ImGui::Button(tr(label))) view.roi.calculator = key;
    if (on) ImGui::PopStyleColor();
    RecordTarget(ui, std::string("roi-view:") + key);
  }
}

// [SECTION] Inputs
void DrawInputs(ViewState& view, UiState& ui, const RoiResult& result) {
  RoiView& r = view.roi;
  Label("Card");
  const int index = ui.catalog.find(r.gpu_id);
  ImGui::SetNextItemWidth(260);
  if (ImGui::BeginCombo("##roi-card", index >= 0 ? ui.catalog.gpus[index].name.c_str() : r.gpu_id.c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (int i : query_catalog(ui.catalog, CatalogView{})) {
      if (ImGui::Selectable(ui.catalog.gpus[i].name.c_str(), i == index)) {
        r = roi_view_for(r, ui.catalog.gpus[i].id, r.gpu_count);  // a new card's defaults, not the old card's figures
      }
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "roi-card");
  if (index >= 0 && price_is_for_machine(ui.catalog.gpus[static_cast<std::size_t>(index)])) {
    TextDim(tr(machine_price_note()));
    RecordTarget(ui, "roi-machine-price");
  }
  Label(view_field("roi.n").label);
  InputField("roi-count", "roi.n", view, ui);

  const RoiDefaults& d = result.defaults;
  OptionalNumber("roi-price", "roi.price", r.price_usd, d.price.usd_per_gpu, PriceProvenance(d.price), view, ui,
                d.price.kind == PriceKind::launch_msrp ? PriceAge{} : d.price.age);
  if (!r.price_usd) DrawPriceFlags(d.price, ui, "roi-price-flag");
  std::string rate_from = d.rate ? tr(rate_source_text(*d.rate, d.rate_age)) : std::string(tr("no rate in data: enter one"));
  OptionalNumber("roi-rate", "roi.rate", r.rate_usd_per_hour, d.rate ? d.rate->usd_per_gpu_hour : 0, rate_from, view,
                ui, d.rate ? d.rate_age : PriceAge{});
  DrawProviderKinds(view, ui);
  Label(view_field("roi.power").label);
  double power = r.power_w.value_or(d.tdp_w_per_gpu);
  if (InputFieldValue("roi-power", "roi.power", power, view, ui)) r.power_w = power;
  if (r.power_w) {
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("use TDP"))) r.power_w.reset();
  }
  // The machine around the cards: by default the one the outlay prices (outlay.h).
  const Outlay& o = d.outlay;
  const std::string machine_from =
      o.machine == "included" ? std::string(tr("the price is the whole machine's"))
      : o.machine_usd && o.machine_row ? std::string(tr(o.machine.c_str())) + ", " + o.machine_row->date_seen
                                       : tr(o.missing);
  OptionalNumber("roi-host", "roi.host", r.host_cost_usd, result.figures.host_cost_usd, machine_from, view, ui);
  Label(view_field("roi.tax").label);
  InputField("roi-tax", "roi.tax", view, ui, "%.2f");
  OptionalNumber("roi-host-power", "roi.hostw", r.host_power_w, result.figures.host_power_w,
                 o.host_power_assumed ? tr("our assumption") : tr("the machine's, from data"), view, ui);
  const std::string kwh_from =
      d.tariff ? std::string(tr(market_info(d.tariff->market).label)) + ", " + d.tariff->date_seen : tr("our assumption");
  OptionalNumber("roi-kwh", "roi.kwh", r.kwh_price_usd, result.figures.kwh_price_usd, kwh_from, view, ui,
                d.tariff ? price_age(d.tariff->date_seen, ui.prices.today) : PriceAge{});
  Label(view_field("roi.hpd").label);
  ImGui::SetNextItemWidth(160);
  const NumberRange& hours_range = view_field("roi.hpd").range;
  float hours = static_cast<float>(r.hours_per_day);
  if (ImGui::SliderFloat("##roi-hours", &hours, static_cast<float>(hours_range.min), static_cast<float>(hours_range.max),
                         tr("%.1f h"))) {
    r.hours_per_day = clamp_to_range(hours_range, hours, r.hours_per_day);
  }
  RecordTarget(ui, "input:roi-hours");
  Label(view_field("roi.months").label);
  InputField("roi-months", "roi.months", view, ui);
  Label(view_field("roi.dep").label);
  InputField("roi-depreciation", "roi.dep", view, ui);
  // Empty: what the model takes at the horizon, from the resale share when one is set.
  const bool from_share = r.resale_pct && result.ok;
  OptionalNumber("roi-resale", "roi.resale", r.resale_usd,
                 from_share ? RoiModel{result.view, result.figures}.resale_at_horizon().value_or(0)
                            : result.figures.resale_now_usd * std::pow(1 - r.depreciation_pct_per_year / 100, r.months / 12.0),
                 from_share ? tr("from the resale share") : tr("from depreciation"), view, ui);
  Label(view_field("roi.maint").label);
  InputField("roi-maintenance", "roi.maint", view, ui);
  Label(view_field("roi.colo").label);
  InputField("roi-colo", "roi.colo", view, ui);
  DrawMoreFields("roi", view, ui, kInputColumnX, 0, &result);  // never folded, as Label()
}

// The whole outlay: cards, machine, total (outlay.h), as the ranking and the speed tab show it.
void DrawOutlayLine(const ViewState& view, UiState& ui, const RoiResult& result) {
  ImGui::TextUnformatted(tr("Outlay"));
  ImGui::SameLine();
  const RoiFigures& f = result.figures;
  const double cards = f.price_usd * result.view.gpu_count;
  ImGui::Text("%s: %s + %s: %s = %s", tr("cards"), Money(cards, view, ui).c_str(), tr("machine"),
              Money(f.host_cost_usd, view, ui).c_str(), Money(cards + f.host_cost_usd, view, ui).c_str());
  OutlayTooltip(result.defaults.outlay, view, ui);
  RecordTarget(ui, "roi-outlay");
}

// [SECTION] Outputs
// Which rate the calculation rents at, and a notice per stale figure it used (with its date).
void DrawPriceNotes(UiState& ui, const RoiResult& result) {
  const TemplateText rate_note = roi_rate_note(result);
  if (!rate_note.pattern.empty()) TextDim(tr(rate_note).c_str());
  for (const TemplateText& notice : roi_stale_notices(result)) {
    ImGui::PushStyleColor(ImGuiCol_Text, StaleColour());
    ImGui::TextWrapped("%s", tr(notice).c_str());
    ImGui::PopStyleColor();
    RecordTarget(ui, "roi-stale-notice");
  }
}

void DrawOutcome(const ViewState& view, UiState& ui, const RoiResult& result) {
  if (!result.ok) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1));
    ImGui::TextWrapped("%s", tr(result.error_text).c_str());
    ImGui::PopStyleColor();
    return;
  }
  char headline[200];
  if (result.break_even_month) {
    std::snprintf(headline, sizeof headline, tr("Owning pays off in month %d."), *result.break_even_month);
  } else {
    std::snprintf(headline, sizeof headline, tr("Owning does not pay off within %d months."), result.view.months);
  }
  ImGui::TextUnformatted(headline);
  RecordTarget(ui, "roi-headline");
  DrawOutlayLine(view, ui, result);
  const DisplayCurrency currency = display_currency(view, ui.prices);
  if (!result.break_even_month) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr(roi_never_reason(result, currency.code, currency.per_usd)).c_str());
    ImGui::PopTextWrapPos();
  }
  if (result.own_cost_per_gpu_hour && result.rent_cost_per_gpu_hour) {
    ImGui::Text(tr("Per delivered GPU-hour: owning %s, renting %s."),
                Money(*result.own_cost_per_gpu_hour, view, ui, 3).c_str(),
                Money(*result.rent_cost_per_gpu_hour, view, ui, 3).c_str());
  }
  ImGui::Text(result.owning_saves_usd >= 0 ? tr("After %d months owning saves %s.") : tr("After %d months renting saves %s."),
              result.view.months, Money(std::fabs(result.owning_saves_usd), view, ui).c_str());
  for (const RoiNotice& notice : result.notices) TextDim(tr(notice.text).c_str());
  DrawPriceNotes(ui, result);

  std::vector<LineSeries> series(2);
  series[0].label = tr("Own (net of resale)");
  series[1].label = tr("Rent");
  for (const RoiMonth& month : result.months) {
    series[0].values.push_back(month.own_usd * currency.per_usd);
    series[1].values.push_back(month.rent_usd * currency.per_usd);
  }
  const std::string symbol = currency.symbol;
  LineChart("roi-chart", series, tr("month"), symbol.c_str(), result.break_even_month.value_or(0), tr("break-even"), 260);

  if (ImGui::Button(tr("Show the formulas"))) ImGui::OpenPopup("roi-formulas");
  RecordTarget(ui, "roi-formulas");
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(1180.0f, display.x - 24), std::min(620.0f, display.y - 60)));
  if (ImGui::BeginPopup("roi-formulas")) {
    const ImVec2 table_size(0, ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() - 4);
    if (ImGui::BeginTable("formulas", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                             ImGuiTableFlags_ScrollY, table_size)) {
      ImGui::TableSetupScrollFreeze(1, 0);
      for (const FormulaLine& line : roi_formulas(result, currency.code, currency.per_usd)) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(tr(line.label_text).c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(tr(line.formula_text).c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextDisabled("%s", tr(line.numbers_text).c_str());
        ImGui::TableSetColumnIndex(3);
        ImGui::TextUnformatted(tr(line.result_text).c_str());
      }
      ImGui::EndTable();
    }
    ImGui::TextDisabled("%s", tr("Every formula, with a worked example: docs/roi.md in the source."));
    ImGui::EndPopup();
  }
}

void DrawOwner(ViewState& view, UiState& ui, const RoiResult& result) {
  RoiView& r = view.roi;
  TextDim(tr("The guide's case: your cards sit idle. Sell them now, keep them (they keep losing value), "
             "or rent them out on a GPU cloud?"));
  Label(view_field("roi.rent").label);
  double rent_out = r.rent_out_rate_usd_per_hour.value_or(result.figures.rent_out_rate_usd_per_hour);
  if (InputFieldValue("roi-rent-out", "roi.rent", rent_out, view, ui)) r.rent_out_rate_usd_per_hour = rent_out;
  if (r.rent_out_rate_usd_per_hour) {
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("use cloud rate"))) r.rent_out_rate_usd_per_hour.reset();
  }
  Label(view_field("roi.occ").label);
  InputField("roi-occupancy", "roi.occ", view, ui);
  Label(view_field("roi.fee").label);
  InputField("roi-fee", "roi.fee", view, ui);
  // Rates fall over the years (and cycle): the default is the rental history's median.
  char from[200];
  std::snprintf(from, sizeof from, tr("median of %d rate histories; rates also rise for a while (they cycle)"),
                result.defaults.decline_series);
  OptionalNumber("roi-decline", "roi.decline", r.rent_decline_pct_per_year, result.figures.rent_decline_pct_per_year, from,
                 view, ui, {}, "%.1f");
  if (result.defaults.idle_basis == "card") {
    std::snprintf(from, sizeof from, "%s", tr("measured, from the catalog"));
  } else {
    std::snprintf(from, sizeof from, tr("our assumption for this kind: %.0f%% of the board power"),
                  result.defaults.idle_share * 100);
  }
  OptionalNumber("roi-idle", "roi.idlew", r.idle_w, result.figures.idle_w, from, view, ui);
  // Idle, the host draws a share of its working power (roi.h kHostIdleShare).
  std::snprintf(from, sizeof from, tr("our assumption: %.0f%% of the host power"), kHostIdleShare * 100);
  OptionalNumber("roi-host-idle", "roi.hostidlew", r.host_idle_w, result.figures.host_idle_w, from, view, ui);
  Label(view_field("roi.colo").label);
  InputField("roi-owner-colo", "roi.colo", view, ui);
  // Software support: when CUDA and PyTorch drop the card, its rental value goes too.
  const int gpu_index = ui.catalog.find(r.gpu_id);
  if (ui.compat_state == LoadState::ready && gpu_index >= 0) {
    for (const TemplateText& warning : support_end_warnings(ui.catalog.gpus[static_cast<std::size_t>(gpu_index)], ui.compat)) {
      ImGui::PushStyleColor(ImGuiCol_Text, StaleColour());
      ImGui::TextWrapped("%s", tr(warning).c_str());
      ImGui::PopStyleColor();
      RecordTarget(ui, "roi-support-warning");
    }
  }
  if (!result.ok || result.owner.empty()) return;
  if (ImGui::BeginTable("owner", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn(tr("After"));
    ImGui::TableSetupColumn(tr("Sell now"));
    ImGui::TableSetupColumn(tr("Keep idle"));
    ImGui::TableSetupColumn(tr("Rent out"));
    ImGui::TableHeadersRow();
    for (const OwnerHorizon& h : result.owner) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::Text(tr("%d months"), h.months);
      const std::pair<const char*, double> options[] = {
          {"sell_now", h.sell_now_usd}, {"keep_idle", h.keep_idle_usd}, {"rent_out", h.rent_out_usd}};
      for (int i = 0; i < 3; ++i) {
        ImGui::TableSetColumnIndex(i + 1);
        const bool best = h.best == options[i].first;
        if (best) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.35f, 0.80f, 0.45f, 1));
        ImGui::TextUnformatted(Money(options[i].second, view, ui).c_str());
        if (best) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  TextDim(tr("What you hold at that time: cash plus what the hardware would sell for. Best in green."));
  TextDim(tr("Kept idle, the machine stays on and ready: its cards and host draw their idle power around the clock."));
}

}  // namespace

RoiView EffectiveRoiView(const ViewState& view, const UiState& ui) {
  RoiView r = view.roi;
  // The reader's own saved prices stand in for the data's defaults.
  if (!r.price_usd) {
    auto it = ui.overrides.price_usd.find(r.gpu_id);
    if (it != ui.overrides.price_usd.end()) r.price_usd = it->second;
  }
  if (!r.rate_usd_per_hour) {
    auto it = ui.overrides.rate_usd_per_hour.find(r.gpu_id);
    if (it != ui.overrides.rate_usd_per_hour.end()) r.rate_usd_per_hour = it->second;
  }
  return r;
}

void DrawRoiPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (!ui.catalog_loaded) {
    TextDim(ui.catalog_error.empty() ? tr("Loading the GPU catalog...") : ui.catalog_error.c_str());
    return;
  }
  ui.prices_wanted = true;
  if (ui.prices_state == LoadState::failed) TextDim(ui.prices_error.c_str());
  DrawViewChoice(view, ui);
  // Every money figure below is the market's (the header's picker) in its currency.
  DrawBuyerChoices(view, ui, view.roi.calculator == "job", false);

  if (view.roi.calculator == "job") return DrawJobCostView(view, ui, requests);

  const RoiResult result = compute_roi(ui.catalog, ui.prices, EffectiveRoiView(view, ui), view.buyer);
  ui.roi.ok = result.ok;
  ui.roi.break_even_month = result.break_even_month.value_or(0);
  ui.roi.rate_usd_per_hour = result.figures.rate_usd_per_hour;
  ui.roi.rate_provider_kind = result.defaults.rate ? result.defaults.rate->provider_kind : "";
  ui.roi.uses_stale_price = result.defaults.uses_stale_price();
  if (ImGui::CollapsingHeader(tr("Buy or rent"), ImGuiTreeNodeFlags_DefaultOpen)) {
    const float width = ImGui::GetContentRegionAvail().x;
    const bool two_columns = width >= 1000;
    if (two_columns) {
      ImGui::BeginChild("roi-inputs", ImVec2(520, 540));
      DrawInputs(view, ui, result);
      ImGui::EndChild();
      ImGui::SameLine();
      ImGui::BeginChild("roi-outcome", ImVec2(0, 540));
      DrawOutcome(view, ui, result);
      ImGui::EndChild();
    } else {
      // A phone: the inputs fold under the figures they hold, so the answer is in sight.
      const RoiFigures& f = result.figures;
      char count[32], hours[32];
      std::snprintf(count, sizeof count, " × %d", view.roi.gpu_count);
      std::snprintf(hours, sizeof hours, tr("%.1f h"), view.roi.hours_per_day);
      FoldLine summary("");
      summary.add(f.gpu_name.c_str(), count);
      summary.add(Money(f.price_usd, view, ui));
      summary.add(Money(f.rate_usd_per_hour, view, ui, 2).c_str(), tr("/GPU-hour"));
      summary.add(hours);
      if (FoldOnNarrow("roi-inputs", summary, ui)) DrawInputs(view, ui, result);
      DrawOutcome(view, ui, result);
    }
  }
  if (ImGui::CollapsingHeader(tr("Owner of idle cards"))) DrawOwner(view, ui, result);
  DrawValueSections(view, ui, requests);
}

// window.gpuwise.roi: what the last drawn ROI used and found.
json RoiInfo(const ViewState&, const UiState& ui) {
  return {{"ok", ui.roi.ok},
          {"break_even_month", ui.roi.break_even_month},
          {"rate_usd_per_hour", ui.roi.rate_usd_per_hour},
          {"rate_provider_kind", ui.roi.rate_provider_kind},
          {"uses_stale_price", ui.roi.uses_stale_price}};
}


}  // namespace gpuwise::ui
