// The header: the site's name, presets, "Copy link", language, theme and reset; under
// it, notices about what a link or saved data could not restore.
#include <string>

#include "i18n.h"
#include "imgui.h"
#include "panels.h"
#include "money/market.h"
#include "view/presets.h"
#include "view/view_money.h"
#include "view/session.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

void DrawPresetsMenu(ViewState& view, UiState& ui) {
  if (ImGui::Button((std::string(tr("Presets")) + " ▾###presets").c_str())) ImGui::OpenPopup("presets-menu");
  RecordTarget(ui, "presets");
  if (ImGui::BeginPopup("presets-menu")) {
    for (const ViewPreset& preset : view_presets()) {
      if (ImGui::Selectable(tr(preset.label.c_str()))) {
        const std::string language = view.language;
        view = preset.view;
        view.language = language;  // a preset does not switch the reader's language
      }
      RecordTarget(ui, "preset:" + preset.id);
    }
    ImGui::EndPopup();
  }
}

// The buyer's market (prices, electricity, cloud providers) and the currency money is
// shown in: "auto" follows the market; the rates default to prices.json's, dated.
std::string MarketButtonLabel(const ViewState& view) {
  return std::string(tr(market_info(view.buyer.market).label)) + " ▾";
}

void DrawMarketMenu(ViewState& view, UiState& ui) {
  if (ImGui::Button((MarketButtonLabel(view) + "###market").c_str())) ImGui::OpenPopup("market-menu");
  RecordTarget(ui, "market");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Your market: its prices, electricity and cloud providers"));
  if (!ImGui::BeginPopup("market-menu")) return;
  ImGui::TextDisabled("%s", tr("Market"));
  for (const MarketInfo& market : kMarkets) {
    if (ImGui::RadioButton(tr(market.label), view.buyer.market == market.key)) {
      view.buyer.market = market.key;
      view.roi.provider_kinds.clear();  // the new market's providers, unless the reader picks again
    }
    RecordTarget(ui, std::string("market:") + market.key);
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("Currency"));
  const std::pair<const char*, const char*> currencies[] = {
      {"auto", N_("The market's")}, {"USD", N_("USD")}, {"EUR", N_("EUR")}, {"CNY", N_("CNY")}};
  for (const auto& [code, label] : currencies) {
    if (ImGui::RadioButton(tr(label), view.currency == code)) view.currency = code;
    RecordTarget(ui, std::string("currency:") + code);
    if (code != currencies[0].first && code != currencies[3].first) ImGui::SameLine();
  }
  const DisplayCurrency shown = display_currency(view, ui.prices);
  if (shown.code != "USD") {
    const bool yuan = shown.code == "CNY";
    double rate = shown.per_usd;
    ImGui::TextUnformatted(("1 USD = " + shown.code).c_str());
    ImGui::SameLine();
    if (InputFieldValue("currency-rate", yuan ? "cny" : "eur", rate, view, ui, "%.4f", 90)) {
      (yuan ? view.cny_per_usd : view.eur_per_usd) = rate;
    }
    if (!shown.rate_date.empty()) ImGui::TextDisabled(tr("(rate of %s)"), shown.rate_date.c_str());
  }
  ImGui::EndPopup();
}

void DrawResetButton(ViewState& view, UiState& ui, PlatformRequests& requests) {
  if (ImGui::Button(tr("Reset"))) ImGui::OpenPopup("reset-confirm");
  RecordTarget(ui, "reset");
  if (ImGui::BeginPopup("reset-confirm")) {
    ImGui::TextUnformatted(tr("Put every setting back to its default and forget your own prices?"));
    if (ImGui::Button(tr("Reset everything"))) {
      view = reset_view(view);
      ui.overrides = {};
      ui.notices.clear();
      requests.clear_saved = true;
      ImGui::CloseCurrentPopup();
    }
    RecordTarget(ui, "reset-confirm");
    ImGui::SameLine();
    if (ImGui::Button(tr("Cancel"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

}  // namespace

static void DrawHeaderMessages(ViewState& view, UiState& ui);

void DrawThemeButton(ViewState& view, UiState& ui, const std::string& theme_button) {
  if (ImGui::Button(theme_button.c_str())) {
    view.theme = view.theme == "auto" ? "light" : view.theme == "light" ? "dark" : "auto";
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Auto follows your system's light or dark setting"));
  RecordTarget(ui, "theme");
}

void DrawLanguageButton(ViewState& view, UiState& ui) {
  // The other language's name, in that language: what a reader looks for.
  if (ImGui::Button(view.language == "zh" ? "English###lang" : "中文###lang")) {
    view.language = view.language == "zh" ? "en" : "zh";
  }
  RecordTarget(ui, "language");
}

void DrawCopyLinkButton(UiState& ui, PlatformRequests& requests) {
  if (ImGui::Button(tr("Copy link"))) {
    requests.copy_link = true;
    ui.clipboard_message.clear();
  }
  RecordTarget(ui, "copy-link");
}

// On a phone the header is one line (issue 30: header and tabs take at most a fifth of the
// screen): the name, the language, "Copy link", and the rest under "More".
void DrawPhoneHeader(ViewState& view, UiState& ui, PlatformRequests& requests, const std::string& theme_button) {
  ImGui::SameLine();
  DrawLanguageButton(view, ui);
  ImGui::SameLine();
  DrawCopyLinkButton(ui, requests);
  ImGui::SameLine();
  if (ImGui::Button((std::string(tr("More")) + " ▾###more").c_str())) ImGui::OpenPopup("header-more");
  RecordTarget(ui, "header-more");
  if (ImGui::BeginPopup("header-more")) {
    DrawMarketMenu(view, ui);
    DrawPresetsMenu(view, ui);
    DrawThemeButton(view, ui, theme_button);
    DrawResetButton(view, ui, requests);
    ImGui::EndPopup();
  }
}

void DrawHeader(ViewState& view, UiState& ui, PlatformRequests& requests) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("gpuwise");
  if (ImGui::GetContentRegionAvail().x < 560) {
    const char* theme = view.theme == "light" ? tr("Light") : view.theme == "dark" ? tr("Dark") : tr("Auto");
    DrawPhoneHeader(view, ui, requests, std::string(tr("Theme")) + ": " + theme + "###theme");
    DrawHeaderMessages(view, ui);
    return;
  }
  if (ImGui::GetContentRegionAvail().x > 900) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("GPUs for deep learning: specs, rankings, buy or rent"));
  }
  // Right-aligned controls, wrapping under the title on a narrow screen.
  ImGui::SameLine();
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* theme_name = view.theme == "light" ? tr("Light") : view.theme == "dark" ? tr("Dark") : tr("Auto");
  float controls_width = 4 * style.ItemSpacing.x + 8;  // + slack for rounding
  const std::string market_label = MarketButtonLabel(view);
  controls_width += ImGui::CalcTextSize(market_label.c_str()).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
  for (const std::string& label : {std::string(tr("Presets")) + " ▾", std::string(tr("Copy link")), std::string("English"),
                                   std::string(tr("Theme")) + ": " + theme_name, std::string(tr("Reset"))}) {
    controls_width += ImGui::CalcTextSize(label.c_str()).x + style.FramePadding.x * 2;
  }
  const float right = ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetCursorPosX() + controls_width < right) ImGui::SetCursorPosX(right - controls_width);
  else ImGui::NewLine();

  // On a narrow screen the buttons wrap instead of running off the edge.
  auto next = [](const char* label) {
    SameLineIfFits(ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2);
  };
  DrawMarketMenu(view, ui);
  next((tr("Presets") + std::string(" ▾")).c_str());
  DrawPresetsMenu(view, ui);
  next(tr("Copy link"));
  DrawCopyLinkButton(ui, requests);
  next("English");
  DrawLanguageButton(view, ui);
  const std::string theme_button = std::string(tr("Theme")) + ": " + theme_name + "###theme";
  next(theme_button.c_str());
  DrawThemeButton(view, ui, theme_button);
  next(tr("Reset"));
  DrawResetButton(view, ui, requests);
  DrawHeaderMessages(view, ui);
}

// Under the header: the clipboard's answer and what a link or saved data could not restore.
static void DrawHeaderMessages(ViewState& view, UiState& ui) {
  (void)view;
  if (!ui.clipboard_message.empty()) {
    ImGui::TextDisabled("%s", tr(ui.clipboard_message.c_str()));
    if (!ui.copied_link.empty()) {
      // The clipboard refused: the link is still there to select and copy by hand.
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-1);
      ImGui::InputText("##link", ui.copied_link.data(), ui.copied_link.size() + 1, ImGuiInputTextFlags_ReadOnly);
    }
  }
  if (!ui.notices.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.25f, 1));
    std::string joined;
    for (const auto& notice : ui.notices) joined += (joined.empty() ? "" : "; ") + render_template(notice, tr);
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - 80);
    ImGui::TextWrapped("%s %s", tr("Note:"), joined.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("Dismiss"))) ui.notices.clear();
    RecordTarget(ui, "dismiss-notices");
  }
}

}  // namespace gpuwise::ui
