// The Ask tab (issue 30), the site's first view: the buyer's question in three inputs
// (what, which model, budget or rent) with the refinements folded under them, and the
// answer: three to five ways that differ in kind, each a card saying what to get, what it
// costs in all, how fast it runs (with its band, measured or estimated), that it fits and
// with how much room, its software grade and its main caveat, and a button that opens the
// detailed tab with the same inputs. core's plan_ask() (src/core/ask/ask.h) computes it all.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "later.h"
#include "money.h"
#include "panels.h"
#include "price_widgets.h"
#include "software_widgets.h"
#include "catalog/catalog_query.h"
#include "text/format.h"
#include "text/limits.h"
#include "text/template_text.h"
#include "view/view_fields.h"
#include "widgets.h"

namespace gpuwise::ui {
namespace {

bool IsJobGoal(const std::string& goal) { return goal == "train" || goal == "finetune"; }

const char* GoalLabel(const std::string& goal) {
  for (const AskGoal& g : kAskGoals) {
    if (goal == g.key) return tr(g.label);
  }
  return goal.c_str();
}

std::string ModelLabel(const AskView& ask) {
  if (ask.goal == "image") {
    const ImageModel* m = find_image_model(ask.model);
    return m ? m->name : ask.model;
  }
  if (ask.model == "custom") return tr("A size of my own");
  const ModelPreset* p = find_preset(ask.model);
  return p ? p->name : ask.model;
}

// The card one has: any card of the catalog (its filter on top, as "Add a card" has).
void HaveCombo(AskView& ask, float width, UiState& ui) {
  const int index = ask.have.empty() ? -1 : ui.catalog.find(ask.have);
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##ask-have", index >= 0 ? ui.catalog.gpus[static_cast<std::size_t>(index)].name.c_str()
                                                 : tr("none"), ImGuiComboFlags_HeightLarge)) {
    CardListFilter("##ask-have-filter", ui.ask.card_filter, ui);
    if (ImGui::Selectable(tr("none"), ask.have.empty())) ask.have.clear();
    for (const Gpu& gpu : ui.catalog.gpus) {
      if (!matches_search(gpu, ui.ask.card_filter)) continue;
      if (ask.goal != "own" && gpu.kind != "card") continue;  // run / image: a card in one's own machine
      if (ImGui::Selectable(gpu.name.c_str(), ask.have == gpu.id)) ask.have = gpu.id;
      RecordTarget(ui, "ask-have:" + gpu.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "ask-have");
}

// Only these cards (ask.cards): the chosen ones as buttons that remove them, and a list to add one.
void CardsPicker(AskView& ask, UiState& ui) {
  for (std::size_t i = 0; i < ask.cards.size(); ++i) {
    const int index = ui.catalog.find(ask.cards[i]);
    const std::string name = (index >= 0 ? ui.catalog.gpus[static_cast<std::size_t>(index)].name : ask.cards[i]) + " x";
    ImGui::PushID(static_cast<int>(i));
    if (i > 0) SameLineIfFits(ImGui::CalcTextSize(name.c_str()).x + 12);
    const bool remove = ImGui::SmallButton(name.c_str());
    RecordTarget(ui, "ask-card-remove:" + std::to_string(i));
    ImGui::PopID();
    if (remove) {
      ask.cards.erase(ask.cards.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
  if (static_cast<int>(ask.cards.size()) >= limits::kCompareMaxCards) return;
  if (!ask.cards.empty()) SameLineIfFits(160);
  ImGui::SetNextItemWidth(std::min(200.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##ask-add-card", ask.cards.empty() ? tr("every card") : tr("Add a card"),
                        ImGuiComboFlags_HeightLarge)) {
    CardListFilter("##ask-card-filter", ui.ask.card_filter, ui);
    for (const Gpu& gpu : ui.catalog.gpus) {
      if (!matches_search(gpu, ui.ask.card_filter)) continue;
      if (std::find(ask.cards.begin(), ask.cards.end(), gpu.id) != ask.cards.end()) continue;
      if (ImGui::Selectable(gpu.name.c_str(), false)) ask.cards.push_back(gpu.id);
      RecordTarget(ui, "ask-add-card:" + gpu.id);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "ask-add-card");
}

// [SECTION] The question
void DrawQuestion(ViewState& view, UiState& ui) {
  AskView& ask = view.ask;
  const float width = std::min(260.0f, ImGui::GetContentRegionAvail().x);
  FormLabel(tr("What"), 130, 330);
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##ask-goal", GoalLabel(ask.goal))) {
    for (const AskGoal& g : kAskGoals) {
      if (ImGui::Selectable(tr(g.label), ask.goal == g.key)) {
        const bool was_image = ask.goal == "image";
        const bool was_own = ask.goal == "own";
        ask.goal = g.key;
        // The idle cards one owns are not the card one runs a model on (an SXM module is
        // no upgrade path): either way the card and its count start afresh.
        if ((ask.goal == "own") != was_own) {
          ask.have.clear();
          ask.count = 1;
        }
        // Images and language models have their own lists of models.
        if ((ask.goal == "image") != was_image) ask.model = ask.goal == "image" ? "sdxl" : "llama-3-8b";
      }
      RecordTarget(ui, std::string("ask-goal:") + g.key);
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "ask-goal");
  if (ask.goal == "own") {
    // The owner's question: which cards and how many; no model, no budget.
    FormLabel(tr("The cards I have"), 130, 330);
    HaveCombo(ask, width, ui);
    FormLabel(FieldLabel("ask.n"), 130, 330);
    InputField("ask-count", "ask.n", view, ui, "%.0f", 120);  // target input:ask-count
    return;
  }

  FormLabel(tr("Which model"), 130, 330);
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##ask-model", ModelLabel(ask).c_str(), ImGuiComboFlags_HeightLarge)) {
    if (ask.goal == "image") {
      for (const ImageModel& m : image_models()) {
        if (ImGui::Selectable(m.name, ask.model == m.id)) ask.model = m.id;
        RecordTarget(ui, std::string("ask-model:") + m.id);
      }
    } else {
      for (const ModelPreset& p : model_presets()) {
        char label[120];
        std::snprintf(label, sizeof label, "%s  (%sB)", p.name, format_number(p.params_b, 1).c_str());
        if (ImGui::Selectable(label, ask.model == p.id)) ask.model = p.id;
        RecordTarget(ui, std::string("ask-model:") + p.id);
      }
      if (ImGui::Selectable(tr("A size of my own"), ask.model == "custom")) ask.model = "custom";
      RecordTarget(ui, "ask-model:custom");
    }
    ImGui::EndCombo();
  }
  RecordTarget(ui, "ask-model");
  if (ask.model == "custom" && ask.goal != "image") {
    FormLabel(tr("Parameters"), 130, 330);
    InputField("ask-params", "ask.p", view, ui, "%.1f", 120);  // target input:ask-params
  }

  FormLabel(tr("Budget"), 130, 330);
  if (!ask.rent) {
    const double before = view.buyer.budget_usd;
    // Target input:ask-budget. A negative budget is a slip: keep the one there was.
    if (InputField("ask-budget", "budget", view, ui, "%.0f", 120) && view.buyer.budget_usd == 0 &&
        ui.input_hints.count("ask-budget")) {
      view.buyer.budget_usd = before;
      ui.input_hints["ask-budget"] = tr("A budget cannot be negative; the one you had is kept.");
    }
    SameLineIfFits(120);
  }
  ImGui::Checkbox(tr("Rent instead"), &ask.rent);
  RecordTarget(ui, "ask-rent");
}

// The refinements, folded: speed wanted, new or used, deadline, tokens, users, hours, engine, a card one has.
void DrawRefinements(ViewState& view, UiState& ui) {
  AskView& ask = view.ask;
  // Framed: as tall as a button, a finger's target on a phone.
  if (ask.goal == "own") return;  // the owner's question has the ROI tab's assumptions
  if (!ImGui::TreeNodeEx(tr("Refine: speed, new or used, maker, cards"),
                         ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_FramePadding)) {
    RecordTarget(ui, "ask-refine");
    return;
  }
  RecordTarget(ui, "ask-refine");
  auto choice = [&](const char* id, const char* label, std::string& value,
                    std::initializer_list<std::pair<const char*, const char*>> options) {
    FormLabel(label, 170, 360);
    const char* shown = value.c_str();
    for (const auto& option : options) {
      if (value == option.first) shown = tr(option.second);
    }
    ImGui::SetNextItemWidth(std::min(200.0f, ImGui::GetContentRegionAvail().x));
    if (ImGui::BeginCombo(id, shown)) {
      for (const auto& option : options) {
        if (ImGui::Selectable(tr(option.second), value == option.first)) value = option.first;
        RecordTarget(ui, std::string(id + 2) + ":" + option.first);
      }
      ImGui::EndCombo();
    }
    RecordTarget(ui, id + 2);
  };
  auto number = [&](const char* id, const char* link_key, const char* format) {  // target "input:" + id
    FormLabel(FieldLabel(link_key), 170, 360);
    InputField(id, link_key, view, ui, format, 120);
  };
  if (!ask.rent) {
    choice("##ask-cond", tr("New or used"), ask.condition,
           {{"any", N_("either")}, {"new", N_("new only")}, {"used", N_("used only")}});
  }
  if (ask.goal == "run" || ask.goal == "serve") number("ask-tps", "ask.tps", "%.0f");
  if (ask.goal == "image") number("ask-ipm", "ask.ipm", "%.1f");
  if (IsJobGoal(ask.goal)) {
    number("ask-days", "ask.days", "%.0f");
    number("ask-tok", "ask.tok", "%.3g");
  }
  if (ask.goal == "finetune") {
    choice("##ask-method", tr("Fine-tuning"), ask.method,
           {{"lora", N_("LoRA (QLoRA when needed)")}, {"full", N_("every weight")}});
  }
  if (ask.goal == "serve") {
    number("ask-users", "ask.users", "%.0f");
    number("ask-tpd", "ask.tpd", "%.0f");
  }
  if (ask.goal != "train" && ask.goal != "finetune") number("ask-hours", "ask.hours", "%.1f");
  if (ask.goal == "run") {
    choice("##ask-engine", tr("Engine"), ask.engine,
           {{"auto", N_("either: llama.cpp or vLLM")}, {"llamacpp", N_("llama.cpp (GGUF Q4_K_M)")},
            {"vllm", N_("vLLM (INT4 AWQ)")}});
  }
  if (ask.goal == "run" || ask.goal == "image") {
    FormLabel(tr("The card I have"), 170, 360);
    HaveCombo(ask, std::min(220.0f, ImGui::GetContentRegionAvail().x), ui);
  }
  choice("##ask-vendor", tr("Maker"), ask.vendor,
         {{"any", N_("any maker")}, {"nvidia", N_("NVIDIA")}, {"amd", N_("AMD")}, {"intel", N_("Intel")},
          {"apple", N_("Apple")}, {"not-nvidia", N_("not NVIDIA (no CUDA)")}});
  FormLabel(tr("Only these cards"), 170, 360);
  CardsPicker(ask, ui);
  ImGui::TreePop();
}

// [SECTION] The answer (index.later.wasm once Ask is not the only code of the first view)

const AskResult* CurrentAsk(const ViewState& view, UiState& ui) {
  // What the planner reads: prices, software, and the model of the goal.
  const SoftwareTable* software = WantSoftware(ui);
  const bool image = view.ask.goal == "image";
  if (image) {
    WantImageModel(ui);
  } else {
    WantSpeedCalibration(ui);
  }
  const bool speed_ready = ui.speed.calibration_state == LoadState::ready;
  const bool image_ready = ui.image.calibration_state == LoadState::ready;
  const bool benchmarks_ready = ui.speed.benchmarks_state == LoadState::ready;
  if (ui.prices_state == LoadState::pending) return nullptr;
  if (!software && ui.software.state == LoadState::pending) return nullptr;
  // cuda.json (a first-view file) grades and warns: the plan waits for it, as gpuwise ask reads it.
  if (ui.compat_state == LoadState::pending) return nullptr;
  if (image ? ui.image.calibration_state == LoadState::pending : ui.speed.calibration_state == LoadState::pending) {
    return nullptr;
  }
  auto& cache = ui.ask;
  if (!(cache.valid && cache.ask == view.ask && SameBuyer(cache.buyer, view.buyer) && cache.roi == view.roi &&
        cache.prices == ui.prices_state && cache.software_ready == (software != nullptr) &&
        cache.speed_ready == speed_ready && cache.image_ready == image_ready && cache.benchmarks_ready == benchmarks_ready)) {
    AskData data;
    data.catalog = &ui.catalog;
    data.book = &ui.prices;
    data.speed = speed_ready ? &ui.speed.calibration : nullptr;
    data.image = image_ready ? &ui.image.calibration : nullptr;
    data.benchmarks = benchmarks_ready ? &ui.speed.benchmarks : nullptr;
    data.software = software;
    data.compat = ui.compat_state == LoadState::ready ? &ui.compat : nullptr;
    cache.result = plan_ask(data, view.ask, view.buyer, EffectiveRoiView(view, ui));
    cache.valid = true;
    cache.ask = view.ask;
    cache.buyer = view.buyer;
    cache.roi = view.roi;
    cache.prices = ui.prices_state;
    cache.software_ready = software != nullptr;
    cache.speed_ready = speed_ready;
    cache.image_ready = image_ready;
    cache.benchmarks_ready = benchmarks_ready;
  }
  return &cache.result;
}

// "2x used GeForce RTX 3090" / "rent 1x H100 SXM5 at RunPod, $2.39/h" / "add a used RTX 3060 beside your ..."
std::string WhatToGet(const AskAnswer& a, const ViewState& view, const UiState& ui) {
  std::string text;
  for (const AskGpu& g : a.gpus) {
    if (g.condition == "yours") continue;
    char part[200];
    const char* condition = g.condition == "used" ? tr("used") : g.condition == "new" ? tr("new") : "";
    std::snprintf(part, sizeof part, "%dx %s%s%s", g.count, condition, *condition ? " " : "", g.name.c_str());
    text += (text.empty() ? "" : " + ") + std::string(part);
  }
  char line[400];
  const AskGpu& first = a.gpus.front();
  switch (a.way) {
    case AskWay::sell:
      std::snprintf(line, sizeof line, tr("Sell your %dx %s now"), first.count, first.name.c_str());
      return line;
    case AskWay::keep:
      std::snprintf(line, sizeof line, tr("Keep your %dx %s, idle"), first.count, first.name.c_str());
      return line;
    case AskWay::rent_out:
      std::snprintf(line, sizeof line, tr("Rent your %dx %s out on a GPU cloud"), first.count, first.name.c_str());
      return line;
    case AskWay::rent:
      std::snprintf(line, sizeof line, tr("Rent %s at %s, %s/h"), text.c_str(), a.rate ? a.rate->provider.c_str() : "?",
                    a.rate ? Money(a.rate->usd_per_gpu_hour * a.gpus.front().count, view, ui, 2).c_str() : "—");
      return line;
    case AskWay::upgrade_add:
      std::snprintf(line, sizeof line, tr("Add %s beside your card"), text.c_str());
      return line;
    case AskWay::upgrade_replace:
      std::snprintf(line, sizeof line, tr("Replace your card with %s"), text.c_str());
      return line;
    case AskWay::unified:
      std::snprintf(line, sizeof line, tr("Buy %s (unified memory)"), text.c_str());
      return line;
    case AskWay::yours:
      std::snprintf(line, sizeof line, tr("Your %s, as it is"), a.gpus.front().name.c_str());
      return line;
    default: break;
  }
  const std::string& machine = a.outlay.machine;
  const char* in = machine == "desktop" ? tr("in a desktop") : machine == "workstation" ? tr("in a workstation")
                   : machine == "server"  ? tr("in a server") : "";
  std::snprintf(line, sizeof line, tr("Buy %s %s"), text.c_str(), in);
  return line;
}

std::string CostLine(const AskAnswer& a, const ViewState& view, const UiState& ui) {
  char line[300];
  if (a.way == AskWay::yours) return tr("Nothing to buy");
  if (a.way == AskWay::sell) {
    std::snprintf(line, sizeof line, tr("%s in hand now"), Money(a.value, view, ui).c_str());
    return line;
  }
  if (is_owner_way(a.way)) {
    const double month = a.per_month_usd.value_or(0);
    std::snprintf(line, sizeof line,
                  a.way == AskWay::keep ? tr("costs %s a month: power at idle, space, upkeep")
                  : month >= 0          ? tr("nets %s a month after the fee, power, space and upkeep")
                                        : tr("loses %s a month: the rent does not cover the power, space and upkeep"),
                  Money(std::fabs(month), view, ui).c_str());
    return line;
  }
  if (a.rent && a.per_job_usd) {
    std::snprintf(line, sizeof line, tr("%s for the job"), Money(*a.per_job_usd, view, ui).c_str());
  } else if (a.rent && a.per_month_usd) {
    std::snprintf(line, sizeof line, tr("%s a month"), Money(*a.per_month_usd, view, ui).c_str());
  } else if (a.outlay_usd) {
    std::snprintf(line, sizeof line, a.way == AskWay::upgrade_add || a.way == AskWay::upgrade_replace
                                         ? tr("%s for the card") : tr("%s in all (cards and machine)"),
                  Money(*a.outlay_usd, view, ui).c_str());
  } else {
    return "—";
  }
  std::string text = line;
  if (!a.rent && a.outlay_usd && a.sales_tax_pct > 0) {  // the Price & ROI tab's sales tax, in the budget too
    std::snprintf(line, sizeof line, tr(", with %s %% sales tax or import duty"), format_number(a.sales_tax_pct, 2).c_str());
    text += line;
  }
  if (!a.rent && a.own_per_job_usd && IsJobGoal(view.ask.goal)) {
    std::snprintf(line, sizeof line, tr("; the job costs %s in power and wear"), Money(*a.own_per_job_usd, view, ui).c_str());
    text += line;
  }
  return text;
}

std::string SpeedLine(const AskAnswer& a, const ViewState& view, const UiState& ui) {
  char line[300];
  if (a.figure == AskFigure::held_usd) {
    std::snprintf(line, sizeof line, tr("You hold %s after %d months (cash and what the hardware still sells for)"),
                  Money(a.value, view, ui).c_str(), view.roi.months);
    return line;
  }
  const char* source = a.band_measured ? tr("estimate, band from measured runs") : tr("estimate, not measured for this kind of card");
  switch (a.figure) {
    case AskFigure::tokens_per_s:
      // Which engine: the planner weighs llama.cpp and vLLM's tensor parallel side by side.
      std::snprintf(line, sizeof line, tr("%s tokens/s with %s, %s to %s (%s)"), format_number(a.value, 1).c_str(),
                    a.engine == "vllm" ? "vLLM" : a.engine == "llamacpp" ? "llama.cpp" : a.engine.c_str(),
                    format_number(a.low, 1).c_str(),
                    format_number(a.high, 1).c_str(), source);
      break;
    case AskFigure::hours:
      std::snprintf(line, sizeof line, tr("%s hours, %s to %s (%s)"), format_number(a.value, 1).c_str(),
                    format_number(a.low, 1).c_str(), format_number(a.high, 1).c_str(), source);
      break;
    case AskFigure::seconds_per_image:
      std::snprintf(line, sizeof line, tr("%s s per image, %s to %s (%s)"), format_number(a.value, 2).c_str(),
                    format_number(a.low, 2).c_str(), format_number(a.high, 2).c_str(), source);
      break;
    case AskFigure::held_usd: break;  // above
  }
  std::string text = line;
  if (a.measured) {
    std::snprintf(line, sizeof line, a.measured_older_build ? tr("; measured: %s (a 2024 build, slower per layer)") : tr("; measured: %s"),
                  format_number(*a.measured, 1).c_str());
    text += line;
  }
  return text;
}

std::string FitLine(const AskAnswer& a) {
  char line[200];
  std::snprintf(line, sizeof line, tr("Fits: %s GB to spare · software: %s"), format_number(a.free_gb, 1).c_str(),
                tr(grade_label(a.software)));
  return line;
}

// The detailed tab with the same inputs, to check the working.
void OpenWorking(const AskAnswer& a, ViewState& view) {
  const AskView& ask = view.ask;
  if (ask.goal == "own") {
    // The owner comparison of the Price & ROI tab, for these cards.
    view.tab = Tab::roi;
    view.roi.calculator = "buy";
    view.roi.gpu_id = a.gpus.front().id;
    view.roi.gpu_count = a.gpus.front().count;
  } else if (ask.goal == "run") {
    view.tab = Tab::speed;
    view.speed.preset = ask.model == "custom" ? "llama-3-8b" : ask.model;
    view.speed.params_b = ask.model == "custom" ? ask.params_b : 0;
    view.speed.quant = a.quant.empty() ? "q4_k_m" : a.quant;
    view.speed.engine = a.engine.empty() ? "auto" : a.engine;
    view.speed.cards.clear();
    for (const AskGpu& g : a.gpus) view.speed.cards.push_back(g.id);
    view.speed.gpu_count = a.gpus.size() == 1 ? a.gpus.front().count : 1;
  } else if (ask.goal == "image") {
    view.tab = Tab::image;
    view.image.model = ask.model;
  } else {
    view.tab = Tab::roi;
    view.roi.calculator = "job";
    view.job.kind = ask.goal;
    view.job.preset = ask.model;
    if (ask.model == "custom") view.job.params_b = ask.params_b;
    if (ask.goal == "serve") {
      view.job.users = ask.users;
      if (ask.tokens_per_day > 0) view.job.tokens_per_day = ask.tokens_per_day;
      else view.job.tokens_per_day = kAskServeTokensPerUser * ask.users;
    } else {
      view.job.tokens_b = ask.tokens_b > 0 ? ask.tokens_b : ask.goal == "train" ? kAskTrainTokensB : kAskFinetuneTokensB;
      view.job.within_days = ask.days > 0 ? ask.days : ask.goal == "train" ? kAskTrainDays : 0;
    }
    view.job.gpu_count = a.gpus.front().count;
  }
}

void DrawAnswer(const AskAnswer& a, int index, ViewState& view, UiState& ui) {
  ImGui::PushID(index);
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  const std::string what = std::to_string(index + 1) + ". " + WhatToGet(a, view, ui);
  ImGui::TextUnformatted(what.c_str());
  RecordTarget(ui, "ask-answer:" + std::to_string(index));
  ImGui::TextUnformatted(CostLine(a, view, ui).c_str());
  ImGui::TextUnformatted(SpeedLine(a, view, ui).c_str());
  if (!is_owner_way(a.way)) TextDim(FitLine(a).c_str());
  if (!a.caveats.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(StaleColour()), "%s", render_template(a.caveats.front(), tr).c_str());
    for (std::size_t i = 1; i < a.caveats.size() && i < 3; ++i) TextDim(render_template(a.caveats[i], tr).c_str());
  }
  ImGui::PopTextWrapPos();
  if (ImGui::Button(tr("Check the working"))) OpenWorking(a, view);
  RecordTarget(ui, "ask-open:" + std::to_string(index));
  ImGui::PopID();
}

void DrawAskAnswers(ViewState& view, UiState& ui, PlatformRequests& requests) {
  (void)requests;
  const AskResult* result = CurrentAsk(view, ui);
  if (!result) {
    TextDim(tr("Working out the answer..."));
    return;
  }
  if (result->problem) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(StaleColour()), "%s", render_template(*result->problem, tr).c_str());
    ImGui::PopTextWrapPos();
    RecordTarget(ui, "ask-problem");
    return;
  }
  for (std::size_t i = 0; i < result->answers.size(); ++i) DrawAnswer(result->answers[i], static_cast<int>(i), view, ui);
  if (view.ask.cards.size() > 1) {
    // Side by side: the cards' specifications, speed and value on the Compare tab.
    ImGui::Separator();
    if (ImGui::Button(tr("Compare these cards"))) {
      view.compare_ids = view.ask.cards;
      view.tab = Tab::compare;
    }
    RecordTarget(ui, "ask-compare");
  }
  ImGui::PushTextWrapPos(0);
  if (result->nearest) {
    ImGui::Separator();
    ImGui::TextUnformatted(tr("Nothing does it as asked. The closest:"));
    RecordTarget(ui, "ask-nearest");
    if (result->nearest->within_budget) DrawAnswer(*result->nearest->within_budget, 10, view, ui);
    if (result->nearest->meets_speed) {
      TextDim(tr("What it would take:"));
      DrawAnswer(*result->nearest->meets_speed, 11, view, ui);
    }
  }
  if (result->faster_over_budget) {
    const AskAnswer& up = *result->faster_over_budget;
    char line[400];
    std::snprintf(line, sizeof line, tr("Faster, over budget: %s for %s (%s)"), WhatToGet(up, view, ui).c_str(),
                  up.outlay_usd ? Money(*up.outlay_usd, view, ui).c_str() : "—", SpeedLine(up, view, ui).c_str());
    ImGui::Separator();
    TextDim(line);
    RecordTarget(ui, "ask-faster");
  }
  ImGui::Separator();
  std::string assumed = tr("Assumed:");
  for (const TemplateText& t : result->assumptions) assumed += " " + render_template(t, tr) + ";";
  if (result->left_out_software > 0) {
    char line[160];
    std::snprintf(line, sizeof line, tr(" %d cards left out: current software cannot run this on them."),
                  result->left_out_software);
    assumed += line;
  }
  TextDim(assumed.c_str());
  RecordTarget(ui, "ask-assumed");
  ImGui::PopTextWrapPos();
}

}  // namespace

void DrawAskPanel(ViewState& view, UiState& ui, PlatformRequests& requests) {
  DrawQuestion(view, ui);
  DrawRefinements(view, ui);
  // The planner and what it calls (every estimate, the cost of a job, the software table)
  // are index.later.wasm's: the question is on the first frame, the answer a moment after.
  if (LaterCodeReady(ui)) {
    Later<DrawAskAnswers>::pointer(view, ui, requests);
  } else {
    DrawLaterCodePending(ui, requests);
  }
}

std::string AskLiveText(const ViewState& view, const UiState& ui) {
  if (!ui.ask.valid) return "";
  const AskResult& result = ui.ask.result;
  if (result.problem) return render_template(*result.problem, tr);
  if (result.answers.empty()) return tr("Nothing does it as asked.");
  const AskAnswer& first = result.answers.front();
  return WhatToGet(first, view, ui) + ": " + CostLine(first, view, ui) + "; " + SpeedLine(first, view, ui);
}

json AskInfo(const ViewState& view, const UiState& ui) {
  if (!ui.ask.valid || !(ui.ask.ask == view.ask)) return nullptr;
  return ask_to_json(ui.ask.result);
}

}  // namespace gpuwise::ui
