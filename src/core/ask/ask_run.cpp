// Run a model locally (one user, llama.cpp GGUF Q4_K_M unless the buyer picks vLLM): every
// card at the fewest GPUs that hold the model, bought new or used or as a unified-memory
// computer, or rented by the hour; with a card the buyer has, a card added beside it or
// one in its place.
#include <algorithm>
#include <cmath>

#include "ask/ask_plan.h"
#include "catalog/support_memo.h"
#include "estimate/gates.h"
#include "estimate/speed_view.h"
#include "text/format.h"

namespace gpuwise::ask_plan {
namespace {

// `engine`: "llamacpp" (GGUF Q4_K_M) or "vllm" (INT4 AWQ).
SpeedInput run_input(const AskView& ask, const std::string& engine) {
  SpeedInput input;
  if (ask.model == "custom") {
    input.model = speed_model_from_size(ask.params_b, std::nullopt);
  } else if (auto model = speed_model_from_preset(ask.model)) {
    input.model = *model;
  }
  input.quant = engine == "vllm" ? "int4-awq" : "q4_k_m";
  input.engine = engine == "vllm" ? "vllm" : "llamacpp";
  input.context = std::min(4096, input.model.max_context > 0 ? input.model.max_context : 4096);
  input.concurrent = 1;
  return input;
}

// The speed figures of an estimate into an answer, and whether it reaches the speed wanted.
void set_speed(const SpeedEstimate& estimate, AskAnswer& answer) {
  answer.figure = AskFigure::tokens_per_s;
  answer.value = estimate.decode_tokens_per_s;
  answer.low = estimate.decode_band.low(answer.value);
  answer.high = estimate.decode_band.high(answer.value);
  answer.band_measured = estimate.decode_band.measured();
  answer.engine = estimate.engine;
  answer.fits = estimate.fits;
  const int gpus = estimate.mixed ? 1 : estimate.gpus;
  answer.needed_gb = estimate.needed_gb * gpus;
  answer.usable_gb = estimate.usable_gb * gpus;
  answer.free_gb = std::max(0.0, answer.usable_gb - answer.needed_gb);
}

void add_speed_caveats(const Gpu& gpu, int gpus, const AskAnswer& base, AskAnswer& answer) {
  (void)base;
  if (gpus > 1 && answer.engine == "llamacpp") {
    answer.caveats.insert(answer.caveats.begin(),
                          {I18N("layers split across {0} cards: they work one after another, no faster than one"),
                           {std::to_string(gpus)}});
  } else if (gpus > 1) {
    answer.caveats.push_back({I18N("tensor parallel over {0} cards: each needs 8 PCIe lanes or more"), {std::to_string(gpus)}});
  }
  if (answer.free_gb < 0.1 * answer.needed_gb) {
    answer.caveats.push_back({I18N("little memory left ({0} GB): a longer context may not fit"), {format_number(answer.free_gb, 1)}});
  }
  if (answer.value < kAskReadingTokensPerS) {
    answer.caveats.insert(answer.caveats.begin(), {I18N("slower than reading speed ({0} tokens/s)"),
                                                   {format_number(kAskReadingTokensPerS, 0)}});
  }
  (void)gpu;
}

// What run adds to a purchase's caveats (add_purchases gives the price's and passive
// cooling's): a machine priced from cards alone or from another market.
void add_machine_caveats(const Outlay& outlay, AskAnswer& answer) {
  if (!outlay.total_usd) answer.caveats.push_back({I18N("the machine around the cards has no sourced price: cards only")});
  if (outlay.machine_other_market) answer.caveats.push_back({I18N("machine price from the US market")});
}

// The measured run beside an answer, and whether its build is older than the estimate's.
void set_measured_decode(const Question& q, const Gpu& gpu, const SpeedInput& input, int gpus, AskAnswer& answer) {
  answer.measured.reset();
  answer.measured_older_build = false;
  if (!q.data.benchmarks || gpus != 1 || q.ask.model == "custom") return;
  SpeedView view;
  view.preset = q.ask.model;
  view.quant = input.quant;
  view.context = input.context;
  const auto row = matching_measurement(*q.data.benchmarks, gpu.id, view, "decode");
  if (!row) return;
  answer.measured = row->value;
  answer.measured_older_build = older_build_run(*row);
}

// `gpus` of the card bought (new, used or as a computer), one candidate per price there is.
void add_purchases_run(const Question& q, const Gpu& gpu, int gpus, const AskAnswer& base, double wanted,
                       std::vector<Candidate>& out) {
  const int lanes = base.engine == "llamacpp" ? kLayerSplitLanes : kTensorParallelLanes;
  const std::size_t first = out.size();
  add_purchases(q, gpu, gpus, lanes, base, base.value, base.value >= wanted, out);
  for (std::size_t i = first; i < out.size(); ++i) add_machine_caveats(out[i].answer.outlay, out[i].answer);
}

void add_rental(const Question& q, const Gpu& gpu, int gpus, const AskAnswer& base, double wanted, double hours_per_day,
                std::vector<Candidate>& out) {
  const auto rate = market_rate(q, gpu);
  if (!rate) return;
  // Renting has no budget to spend: without a speed asked, at least reading speed.
  Candidate c = rental(gpu, gpus, *rate, base, base.value, base.value >= std::max(wanted, kAskReadingTokensPerS));
  c.answer.per_month_usd = rate->usd_per_gpu_hour * gpus * hours_per_day * kDaysPerMonth;
  const PriceAge age = rate_age(*q.data.book, *rate);
  if (age.known && age.stale) c.answer.caveats.push_back({I18N("rate seen {0} months ago"), {std::to_string(age.months)}});
  out.push_back(std::move(c));
}

}  // namespace

// The buyer's own card as it is: no outlay.
Candidate yours(const Gpu& gpu, const AskAnswer& base, double wanted) {
  Candidate c;
  c.answer = base;
  c.answer.way = AskWay::yours;
  c.answer.outlay.gpus = 1;
  c.answer.outlay.boards = 1;
  c.answer.outlay.cards_usd = 0;
  c.answer.outlay.total_usd = 0;
  c.answer.outlay.machine = "yours";
  c.answer.outlay_usd = 0;
  c.answer.gpus = {{gpu.id, gpu.name, 1, "yours"}};
  c.goodness = c.answer.value;
  c.meets = wanted <= 0 || c.answer.value >= wanted;
  return c;
}

void say_upgrade_speedup(const Gpu& have, AskResult& result) {
  result.assumptions.push_back({I18N("another card is an answer only when it is at least {0} times as fast as your {1}"),
                                {format_number(kAskUpgradeSpeedup, 2), have.name}});
}

// A card's price alone, for an upgrade (the buyer's machine is already there).
std::optional<Candidate> upgrade(const Question& q, const Gpu& gpu, const Gpu& have, const AskAnswer& base, AskWay way,
                                 double wanted) {
  BuyerView buyer = q.buyer;
  buyer.used = q.ask.condition != "new";
  PriceChoice price = buyer_price(*q.data.catalog, *q.data.book, gpu.id, buyer);
  if (!price.found()) return std::nullopt;
  Candidate c;
  c.answer = base;
  c.answer.way = way;
  c.answer.outlay.gpus = 1;
  c.answer.outlay.boards = 1;
  c.answer.outlay.card_price = price;
  c.answer.outlay.cards_usd = price.usd_per_board;
  c.answer.outlay.total_usd = price.usd_per_board;
  c.answer.outlay.machine = "yours";
  c.within_budget = set_outlay(q, price.usd_per_board, c.answer);
  const bool used = price.kind == PriceKind::street_used;
  c.answer.gpus = {{gpu.id, gpu.name, 1, used ? "used" : "new"}};
  add_price_caveats(price, c.answer);
  if (passively_cooled(gpu)) c.answer.caveats.push_back({I18N("a data-centre card without a fan: it needs a server's airflow")});
  c.goodness = c.answer.value;
  c.meets = c.answer.value >= wanted;
  // Where it goes, the first thing said.
  if (way == AskWay::upgrade_replace) {
    c.answer.caveats.insert(c.answer.caveats.begin(), {I18N("in place of your {0}"), {have.name}});
  } else if (way == AskWay::upgrade_add) {
    c.answer.caveats.insert(c.answer.caveats.begin(),
                            {I18N("beside your {0}: your machine needs a second slot and the power for it"), {have.name}});
    c.answer.gpus.insert(c.answer.gpus.begin(), {have.id, have.name, 1, "yours"});
  }
  return c;
}

namespace {

// Every way to run it on `gpu` with `input`'s engine: llama.cpp at the fewest GPUs that hold
// the model (more only split the layers: no faster); vLLM at each of 1, 2, 4 or 8 GPUs that
// holds it (tensor parallel splits the attention heads, so more GPUs are faster) up to the
// first that reaches the speed wanted. False: the engine cannot run it on this card.
bool add_machines(const Question& q, const Gpu& gpu, const SpeedInput& input, const AskAnswer& base, double wanted,
                  double hours, std::vector<Candidate>& out) {
  const bool tensor_parallel = input.engine == "vllm";
  // Tensor parallel over PCIe cards: at most kAskMaxPcieCards, each with 8 lanes or more
  // (the machines and rentals one finds); modules (SXM, OAM) up to a full server.
  const int max_gpus = priced_as_machine(gpu)                        ? 1
                       : tensor_parallel && gpu.kind == "card" ? kAskMaxPcieCards
                                                               : kBudgetMaxGpusForAsk;
  for (int gpus = 1; gpus <= max_gpus; ++gpus) {
    if (tensor_parallel && (gpus & (gpus - 1)) != 0) continue;
    SpeedInput at = input;
    at.gpu_count = gpus;
    const SpeedEstimate estimate = estimate_speed(gpu, at, *q.data.speed);
    if (!estimate.reason.pattern.empty()) return false;  // the engine cannot run it on this card
    if (!estimate.fits) continue;
    if (!(estimate.decode_tokens_per_s > 0)) return true;  // no bandwidth figure: no speed
    AskAnswer answer = base;
    set_speed(estimate, answer);
    answer.quant = input.quant;
    set_measured_decode(q, gpu, input, gpus, answer);
    add_speed_caveats(gpu, gpus, base, answer);
    add_purchases_run(q, gpu, gpus, answer, wanted, out);
    add_rental(q, gpu, gpus, answer, wanted, hours, out);
    if (!tensor_parallel || answer.value >= wanted) return true;
  }
  return true;
}

}  // namespace

std::vector<Candidate> run_candidates(const Question& q, AskResult& result) {
  const SupportMemo grades;  // every card's grade reads only its stacks' cells
  std::vector<Candidate> out;
  if (!q.data.speed) {
    result.problem = TemplateText{I18N("the speed calibration is not loaded")};
    return out;
  }
  // The engine asked, or both: llama.cpp is what one user runs at home, and vLLM's tensor
  // parallel is what makes two or more cards faster than one (an expert weighs both).
  std::vector<std::string> engines = {"llamacpp", "vllm"};
  if (q.ask.engine == "llamacpp" || q.ask.engine == "vllm") engines = {q.ask.engine};
  std::vector<SpeedInput> inputs;
  for (const std::string& engine : engines) inputs.push_back(run_input(q.ask, engine));
  const SpeedInput& input = inputs.front();  // the buyer's own card and its upgrades: the first
  if (auto problem = speed_input_problem(input)) {
    result.problem = problem;
    return out;
  }
  // Without a speed asked, at least reading speed: slower "runs" it only on paper (the
  // nearest answer says what a budget too small buys).
  double wanted = q.ask.tokens_per_s;
  if (!(wanted > 0)) {
    wanted = kAskReadingTokensPerS;
    result.speed_assumed = true;
  }
  result.speed_wanted = wanted;
  const double hours = q.ask.hours_per_day > 0 ? q.ask.hours_per_day : kAskRunHoursPerDay;
  for (const SpeedInput& each : inputs) {
    result.assumptions.push_back({each.engine == "vllm"
                                      ? I18N("vLLM, INT4 AWQ weights, tensor parallel over 1, 2, 4 or 8 cards, {0} tokens of context, one user")
                                      : I18N("llama.cpp, Q4_K_M weights, {0} tokens of context, one user"),
                                  {std::to_string(each.context)}});
  }
  if (result.speed_assumed) {
    result.assumptions.push_back({I18N("at least {0} tokens/s (reading speed) when no speed is given"),
                                  {format_number(kAskReadingTokensPerS, 0)}});
  }
  result.assumptions.push_back({I18N("renting: {0} hours a day, {1} days a month"),
                                {format_number(hours, 1), format_number(kDaysPerMonth, 1)}});
  const Catalog& catalog = *q.data.catalog;
  const int have_index = q.ask.have.empty() ? -1 : catalog.find(q.ask.have);
  if (!q.ask.have.empty() && have_index < 0) {
    result.problem = TemplateText{I18N("unknown card '{0}'"), {q.ask.have}};
    return out;
  }
  // The buyer's card, when it runs the model: an upgrade must be kAskUpgradeSpeedup faster.
  double yours_tokens_per_s = 0;
  if (have_index >= 0) {
    const Gpu& have = catalog.gpus[static_cast<std::size_t>(have_index)];
    SpeedInput one = input;
    one.gpu_count = 1;
    const SpeedEstimate alone = estimate_speed(have, one, *q.data.speed);
    AskAnswer mine;
    if (alone.fits && alone.decode_tokens_per_s > 0 && grade_card(q, have, quant_workload(input.quant), mine)) {
      set_speed(alone, mine);
      mine.quant = input.quant;
      set_measured_decode(q, have, input, 1, mine);
      yours_tokens_per_s = mine.value;
      out.push_back(yours(have, mine, wanted));
      say_upgrade_speedup(have, result);
    }
  }
  const auto faster_than_yours = [&](const AskAnswer& a) { return a.value >= kAskUpgradeSpeedup * yours_tokens_per_s; };
  for (const Gpu& gpu : catalog.gpus) {
    if (have_index >= 0) {
      AskAnswer base;
      if (!grade_card(q, gpu, quant_workload(input.quant), base)) {
        ++result.left_out_software;
        continue;
      }
      if (priced_as_machine(gpu) || gpu.kind != "card") continue;  // it goes into the buyer's own machine
      const Gpu& have = catalog.gpus[static_cast<std::size_t>(have_index)];
      SpeedInput one = input;
      one.gpu_count = 1;
      const SpeedEstimate replaced = estimate_speed(gpu, one, *q.data.speed);
      if (replaced.fits && replaced.decode_tokens_per_s > 0 && gpu.id != have.id) {
        AskAnswer answer = base;
        set_speed(replaced, answer);
        answer.quant = input.quant;
        set_measured_decode(q, gpu, input, 1, answer);
        auto c = faster_than_yours(answer) ? upgrade(q, gpu, have, answer, AskWay::upgrade_replace, wanted) : std::nullopt;
        if (c) out.push_back(std::move(*c));
      }
      // Beside it: the same vendor only (one llama.cpp backend drives both cards).
      const SpeedEstimate added = gpu.vendor == have.vendor ? estimate_machine({{&have, 1}, {&gpu, 1}}, one, *q.data.speed)
                                                           : SpeedEstimate{};
      if (added.fits && added.decode_tokens_per_s > 0) {
        AskAnswer answer = base;
        set_speed(added, answer);
        // Layers split over two cards run no faster than one: beside a card that already holds
        // the model, a second one buys nothing; and a card that holds it alone at least as fast
        // goes in place of the buyer's, not beside it (an H100 NVL beside a 4090 for 8B).
        if (!faster_than_yours(answer)) continue;
        if (replaced.fits && replaced.decode_tokens_per_s >= added.decode_tokens_per_s) continue;
        answer.quant = input.quant;
        add_speed_caveats(gpu, 2, base, answer);
        if (auto c = upgrade(q, gpu, have, answer, AskWay::upgrade_add, wanted)) out.push_back(std::move(*c));
      }
      continue;
    }
    // A card is left out when no engine weighed can run the model on it.
    bool runs = false;
    for (const SpeedInput& each : inputs) {
      AskAnswer base;
      if (!grade_card(q, gpu, quant_workload(each.quant), base)) continue;
      runs = add_machines(q, gpu, each, base, wanted, hours, out) || runs;
    }
    if (!runs) ++result.left_out_software;
  }
  return out;
}

}  // namespace gpuwise::ask_plan
