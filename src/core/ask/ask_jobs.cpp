// Jobs: train or fully fine-tune a model on N tokens within a deadline, or serve it to
// users (the cost of a job's own functions: gated_job_cost, job_cost_for_buyer), and
// fine-tune it with LoRA or QLoRA on one card (the VRAM fit's LoRA memory and the training
// estimate's speed at LoRA's FLOPs, our assumption).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "ask/ask_plan.h"
#include "catalog/support_memo.h"
#include "estimate/training.h"
#include "estimate/vram_fit.h"
#include "money/job_gate.h"
#include "money/job_outlay.h"
#include "money/price_memo.h"
#include "text/format.h"

namespace gpuwise::ask_plan {
namespace {

double job_tokens_b(const AskView& ask) {
  if (ask.tokens_b > 0) return ask.tokens_b;
  return ask.goal == "train" ? kAskTrainTokensB : kAskFinetuneTokensB;
}

JobView job_view(const AskView& ask) {
  JobView job;
  job.kind = ask.goal == "serve" ? "serve" : ask.goal == "finetune" ? "finetune" : "train";
  job.preset = ask.model;
  job.params_b = ask.params_b;
  job.tokens_b = job_tokens_b(ask);
  job.within_days = ask.days > 0 ? ask.days : ask.goal == "train" ? kAskTrainDays : 0;
  job.users = std::max(1, ask.users);
  job.tokens_per_day = ask.tokens_per_day > 0 ? ask.tokens_per_day : kAskServeTokensPerUser * job.users;
  job.up_hours_per_day = ask.hours_per_day > 0 ? std::min(24.0, ask.hours_per_day) : 24;
  job.gpu_count = 0;  // 1, 2, 4 and 8
  return job;
}

void option_caveats(const JobOption& option, AskAnswer& answer) {
  if (option.lacks_bf16_flash) answer.caveats.push_back({I18N("no BF16 tensor cores or FlashAttention-2: slow and memory-hungry")});
  if (option.recompute) answer.caveats.push_back({I18N("activations recomputed to fit the memory: a third more FLOPs a token")});
  if (option.gpus > 1 && option.link.find("PCIe") != std::string::npos) {
    answer.caveats.push_back({I18N("the GPUs talk over {0}: each keeps {1} % of its speed"),
                              {option.link, format_number(option.scaling * 100, 0)}});
  }
  if (!option.efficiency_source.pattern.empty() && !answer.band_measured) answer.caveats.push_back(option.efficiency_source);
}

void option_figures(const JobOption& option, bool serve, AskAnswer& answer) {
  answer.band_measured = option.band.measured();
  answer.needed_gb = option.needed_gb * option.gpus;
  answer.fits = true;
  if (serve) {
    answer.figure = AskFigure::tokens_per_s;
    answer.value = option.tokens_per_s_per_user;
    answer.low = option.band.low(answer.value);
    answer.high = option.band.high(answer.value);
    answer.replicas = option.replicas;
    answer.engine = "vllm";  // the cost of a job serves BF16 on vLLM
  } else {
    answer.figure = AskFigure::hours;
    answer.value = option.hours;
    answer.low = option.hours_low;
    answer.high = option.hours_high;
  }
}

}  // namespace

std::vector<Candidate> job_candidates(const Question& q, AskResult& result) {
  std::vector<Candidate> out;
  if (!q.data.speed) {
    result.problem = TemplateText{I18N("the speed calibration is not loaded")};
    return out;
  }
  const bool serve = q.ask.goal == "serve";
  const JobView job = job_view(q.ask);
  if (serve) {
    result.assumptions.push_back({I18N("{0} users, {1} tokens a day, up {2} hours a day, BF16 on vLLM"),
                                  {std::to_string(job.users), format_number(job.tokens_per_day, 0),
                                   format_number(job.up_hours_per_day, 1)}});
    if (q.ask.tokens_per_s > 0) result.speed_wanted = q.ask.tokens_per_s;
  } else {
    result.assumptions.push_back({job.within_days > 0 ? I18N("{0} billion tokens, within {1} days, every weight trained")
                                                      : I18N("{0} billion tokens, every weight trained"),
                                  {format_number(job.tokens_b, 3), std::to_string(job.within_days)}});
  }
  // The cost of a job's options once (the estimate is the same whoever buys), then their
  // outlays for a buyer of new cards and of used ones. Owning a job's cost per job is the
  // new price's (the used outlay is what differs; a second job_cost() doubled the time).
  // The cost of the job and both buyers' outlays read each card's prices once, and its
  // software gate and the grades below grade each card once.
  const PriceMemo prices;
  const SupportMemo grades;
  BuyerView new_buyer = q.buyer;
  new_buyer.used = false;
  JobInput input = job_input_from_view(job, q.ownership, new_buyer);
  input.max_card_gpus = kAskMaxPcieCards;  // the options below leave out more cards (a quarter of the work)
  const GatedJobCost gated = gated_job_cost(*q.data.catalog, *q.data.book, *q.data.speed, input, q.data.software, q.data.compat);
  if (!gated.result.ok) {
    result.problem = gated.result.error_text;
    return out;
  }
  result.left_out_software = static_cast<int>(gated.gate.left_out.size());
  // Each card found and graded once: it is an option at up to four counts, weighed for a
  // buyer of new cards and of used ones (grading every time was a tenth of the serve plan).
  const Catalog& catalog = *q.data.catalog;
  const std::string workload = job_workload(input);
  std::unordered_map<std::string_view, std::size_t> index_of;
  for (std::size_t i = catalog.gpus.size(); i-- > 0;) index_of[catalog.gpus[i].id] = i;  // the first of an id wins
  std::vector<std::optional<AskAnswer>> graded(catalog.gpus.size());
  std::vector<bool> grades_ok(catalog.gpus.size(), false);
  for (const bool used : {false, true}) {
    BuyerView buyer = q.buyer;
    buyer.used = used;
    const JobBuyerResult priced = job_cost_for_buyer(*q.data.catalog, *q.data.book, gated.result, buyer);
    for (std::size_t i = 0; i < gated.result.options.size(); ++i) {
      const JobOption& option = gated.result.options[i];
      const auto found = index_of.find(option.gpu_id);
      if (found == index_of.end()) continue;
      const std::size_t index = found->second;
      const Gpu& gpu = catalog.gpus[index];
      if (!graded[index]) {
        graded[index].emplace();
        grades_ok[index] = grade_card(q, gpu, workload, *graded[index]);
      }
      if (!grades_ok[index]) continue;
      // A replica of PCIe cards beyond kAskMaxPcieCards splits every layer over more cards
      // than a desktop or workstation holds at x8: left to the server modules.
      if (gpu.kind == "card" && option.gpus > kAskMaxPcieCards) continue;
      const JobOutlay& outlay = priced.outlays[i];
      const bool buy = option.own.usd && outlay.outlay.budget_usd(q.buyer.budget_covers) && buyable(gpu, outlay.outlay) &&
                       used == (outlay.outlay.card_price.kind == PriceKind::street_used);
      const bool rent = !used && option.rent.usd && option.rate;  // once (the same for either condition)
      if (!buy && !rent) continue;  // the answer below is copied only for a way it becomes
      AskAnswer base = *graded[index];
      option_figures(option, serve, base);
      const int gpus = serve ? option.gpus * std::max(1, option.replicas) : option.gpus;
      base.needed_gb = option.needed_gb * gpus;
      base.usable_gb = usable_vram_gb(gpu) * gpus;
      base.free_gb = std::max(0.0, base.usable_gb - base.needed_gb);
      const bool meets = !serve || !(q.ask.tokens_per_s > 0) || option.tokens_per_s_per_user >= q.ask.tokens_per_s;
      const double goodness = serve ? option.tokens_per_s_per_user : -option.hours;
      // Owning: the whole outlay (a machine per replica when serving).
      if (buy) {
        Candidate c;
        c.answer = base;
        c.answer.way = buy_way(gpu, outlay.outlay);
        c.answer.outlay = outlay.outlay;
        c.within_budget = set_outlay(q, outlay.outlay.budget_usd(q.buyer.budget_covers), c.answer);
        if (!used) c.answer.own_per_job_usd = serve ? std::optional<double>(*option.own.usd * kDaysPerMonth) : option.own.usd;
        c.answer.gpus = {{gpu.id, gpu.name, gpus, used ? "used" : "new"}};
        option_caveats(option, c.answer);
        add_price_caveats(outlay.outlay.card_price, c.answer);
        if (outlay.outlay.passive_cooling) c.answer.caveats.push_back({I18N("a data-centre card without a fan: it needs a server's airflow")});
        c.goodness = goodness;
        c.meets = meets;
        out.push_back(std::move(c));
      }
      // Renting.
      if (rent) {
        Candidate c;
        c.answer = std::move(base);
        c.answer.way = AskWay::rent;
        c.answer.rent = true;
        c.answer.rate = option.rate;
        if (serve) {
          c.answer.per_month_usd = *option.rent.usd * kDaysPerMonth;
        } else {
          c.answer.per_job_usd = option.rent.usd;
        }
        c.answer.gpus = {{gpu.id, gpu.name, gpus, ""}};
        option_caveats(option, c.answer);
        if (option.rate_age.known && option.rate_age.stale) {
          c.answer.caveats.push_back({I18N("rate seen {0} months ago"), {std::to_string(option.rate_age.months)}});
        }
        c.goodness = goodness;
        c.meets = meets;
        out.push_back(std::move(c));
      }
    }
  }
  return out;
}

std::vector<Candidate> lora_candidates(const Question& q, AskResult& result) {
  const SupportMemo grades;  // every card's grade reads only its stacks' cells
  std::vector<Candidate> out;
  if (!q.data.speed) {
    result.problem = TemplateText{I18N("the speed calibration is not loaded")};
    return out;
  }
  const double tokens_b = job_tokens_b(q.ask);
  const int days = q.ask.days;
  result.assumptions.push_back({I18N("LoRA adapters on one card, {0} billion tokens, sequences of 2,048 tokens"),
                                {format_number(tokens_b, 3)}});
  result.assumptions.push_back({I18N("LoRA's speed is our assumption (4 of full training's 6 FLOPs per parameter; QLoRA 0.7 times that), not checked against measured runs")});
  FitView fit;
  fit = apply_preset(fit, q.ask.model == "custom" ? "custom" : q.ask.model);
  if (q.ask.model == "custom") {
    fit.params_b = q.ask.params_b;
    fit = shape_from_nearest_preset(fit);
  }
  fit.mode = "lora";
  fit.context = 2048;
  fit.batch_size = 1;
  FitView bf16 = fit;
  bf16.precision = "bf16";
  FitView int4 = fit;
  int4.precision = "int4";
  const double lora_gb = fit_model(bf16).total_gb;
  const double qlora_gb = fit_model(int4).total_gb;
  TrainInput train;
  const ModelPreset& shape = q.ask.model == "custom" ? nearest_preset(q.ask.params_b) : *find_preset(q.ask.model);
  train.params_b = q.ask.model == "custom" ? q.ask.params_b : shape.params_b;
  train.active_params_b = shape.active_params_b > 0 && q.ask.model != "custom" ? shape.active_params_b : train.params_b;
  train.layers = shape.layers;
  train.hidden_size = shape.hidden_size;
  train.sequence_tokens = 2048;
  train.gpus = 1;
  for (const Gpu& gpu : q.data.catalog->gpus) {
    const double usable = usable_vram_gb(gpu);
    const bool lora = lora_gb <= usable;
    const bool qlora = !lora && qlora_gb <= usable;
    if (!lora && !qlora) continue;
    AskAnswer base;
    if (!grade_card(q, gpu, lora ? "lora-bf16" : "qlora", base)) {
      ++result.left_out_software;
      continue;
    }
    const TrainEstimate estimate = estimate_training(gpu, train, *q.data.speed);
    if (!(estimate.tokens_per_s > 0)) continue;
    const double tokens_per_s = estimate.tokens_per_s * kLoraSpeedup * (qlora ? kQloraSlowdown : 1.0);
    const double hours = tokens_b * 1e9 / tokens_per_s / 3600;
    base.figure = AskFigure::hours;
    base.value = hours;
    base.low = hours / estimate.band.high_ratio;
    base.high = hours / estimate.band.low_ratio;
    base.band_measured = false;  // LoRA itself is not measured
    base.engine = "pytorch";
    base.quant = qlora ? "qlora" : "lora";
    base.needed_gb = qlora ? qlora_gb : lora_gb;
    base.usable_gb = usable;
    base.free_gb = std::max(0.0, usable - base.needed_gb);
    if (qlora) base.caveats.push_back({I18N("QLoRA: the model's weights in 4 bits, slower than LoRA in BF16")});
    if (estimate.lacks_bf16_flash) base.caveats.push_back({I18N("no BF16 tensor cores or FlashAttention-2: slow and memory-hungry")});
    const bool meets = days <= 0 || hours <= days * 24.0;
    add_purchases(q, gpu, 1, kTensorParallelLanes, base, -hours, meets, out);
    if (const auto rate = market_rate(q, gpu)) {
      Candidate c = rental(gpu, 1, *rate, base, -hours, meets);
      c.answer.per_job_usd = rate->usd_per_gpu_hour * hours;
      out.push_back(std::move(c));
    }
  }
  if (out.empty()) {
    result.problem = TemplateText{I18N("LoRA of this model fits no single card (QLoRA needs {0} GB)"), {format_number(qlora_gb, 0)}};
  }
  return out;
}

}  // namespace gpuwise::ask_plan
