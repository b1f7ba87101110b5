// What a job costs on every card and count: hours from training.h (training) or
// serving.h (serving, batch), owning from roi.h's amortised cost per GPU-hour, renting from
// prices.h's cheapest on-demand rate. JSON and CSV: job_cost_json.cpp.
#include "money/job_cost.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "estimate/serving.h"
#include "estimate/training.h"
#include "estimate/vram_fit.h"
#include "money/price_memo.h"
#include "money/roi.h"
#include "text/limits.h"
#include "text/stable_sort.h"
#include "text/template_text.h"

namespace gpuwise {
namespace {

constexpr int kJobGpuCounts[] = {1, 2, 4, 8};
constexpr double kHoursPerDay = 24;
constexpr double kSecondsPerHour = 3600;

bool in_range(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }
std::string num(double v) { return format_number(v, 3); }

// "tokens_b 0 must be a number from 1e-6 to 1000000": the range in limits.h's words
// (describe_range), so the message follows the range the page's field has.
TemplateText out_of_range(const char* field, const std::string& value, const NumberRange& range) {
  TemplateText want = describe_range(range);
  return {I18N("{0} {1} must be {2}"), {field, value, want.text()}, {TemplateText{}, TemplateText{}, want}};
}

// The model's shape: a preset's own, or the nearest preset's for a custom size.
SpeedModel job_shape(const JobModel& model) {
  if (model.preset != "custom") {
    if (auto preset = speed_model_from_preset(model.preset)) return *preset;
  }
  return speed_model_from_size(model.params_b, model.active_params_b);
}

FitView training_fit_view(const JobInput& input, const JobModel& model) {
  const SpeedModel shape = job_shape(model);
  FitView view;
  view.preset = "custom";
  view.params_b = model.params_b;
  view.precision = "bf16";
  view.mode = "full";
  view.batch_size = 1;
  view.context = input.train_context;
  view.layers = shape.layers;
  view.kv_heads = shape.kv_heads;
  view.head_dim = shape.head_dim;
  view.hidden_size = shape.hidden_size;
  return view;
}

// One request of the serving or batch job on `gpus` GPUs (the batch is serve_capacity's).
SpeedInput generation_input(const JobInput& input, const JobModel& model, int gpus) {
  SpeedInput in;
  // A custom size borrows the nearest preset's shape, as `gpuwise speed --params-b` does.
  in.model = model.preset == "custom" ? speed_model_from_size(model.params_b, model.active_params_b)
                                      : speed_model_from_preset(model.preset).value_or(SpeedModel{});
  in.quant = input.job.quant;
  in.context = input.context;
  in.concurrent = 1;
  in.gpu_count = gpus;
  return in;
}

TrainInput training_input(const JobInput& input, const JobModel& model, int gpus) {
  const SpeedModel shape = job_shape(model);
  TrainInput train;
  train.params_b = model.params_b;
  train.active_params_b = model.active_params_b.value_or(model.params_b);
  train.layers = shape.layers;
  train.hidden_size = shape.hidden_size;
  train.sequence_tokens = input.train_context;
  train.recompute = input.recompute;
  train.gpus = gpus;
  return train;
}

// Owning: compute_roi()'s amortised cost per GPU-hour (purchase − resale at the horizon,
// power at the kWh price, host and maintenance, over months × hours a day). Serving buys
// the cards for the endpoint: they work its hours up a day.
void price_owning(const Catalog& catalog, const PriceBook& book, const JobInput& input, const JobModel& model,
                  const Gpu& gpu, JobOption& option) {
  RoiView view = input.ownership;
  view.gpu_id = gpu.id;
  view.gpu_count = option.gpus;
  if (model.kind == JobKind::serve) view.hours_per_day = input.job.up_hours_per_day;
  // The amortised own cost does not depend on the rate; an explicit one keeps compute_roi
  // from refusing a card the data has no rate for (renting is priced below, on its own).
  view.rate_usd_per_hour = option.rate ? option.rate->usd_per_gpu_hour : 0.0;
  const RoiResult roi = compute_roi_costs(catalog, book, view, input.buyer);
  option.price = roi.defaults.price;
  const double days_owned = view.hours_per_day > 0 ? option.hours / view.hours_per_day : 0;
  if (std::count(roi.missing.begin(), roi.missing.end(), "price") > 0) {
    option.own_missing_text = {I18N("no purchase price for {0} in the data"), {gpu.name}};
  } else if (!roi.ok) {
    option.own_missing_text = roi.error_text;
  } else if (!roi.own_cost_per_gpu_hour) {
    option.own_missing_text = {I18N("no amortised cost per GPU-hour at {0} hours a day"), {num(view.hours_per_day)}};
  } else if (!std::isfinite(*roi.own_cost_per_gpu_hour * option.gpu_hours)) {
    // A card used for a split second a day amortises its price over almost no hours: the
    // product overflows (found by fuzz_job_cost with hours_per_day ~1e-323).
    option.own_missing_text = {I18N("the owned cost at {0} hours a day is too large to compute"),
                               {num(view.hours_per_day)}};
  } else if (model.kind == JobKind::train && input.job.within_days > 0 && days_owned > input.job.within_days) {
    // Owned cards work the buy-or-rent view's hours a day: a long job runs past the deadline.
    option.own_missing_text = {I18N("owned cards working {0} h a day would take {1} days, more than the {2} allowed"),
                               {num(view.hours_per_day), format_number(days_owned, 0), std::to_string(input.job.within_days)}};
  }
  option.own_missing = option.own_missing_text.text();
  if (!option.own_missing.empty()) return;
  option.own_usd_per_gpu_hour = roi.own_cost_per_gpu_hour;
  option.own.usd = *roi.own_cost_per_gpu_hour * option.gpu_hours;
}

void price_renting(const PriceBook& book, const JobModel& model, const Gpu& gpu, JobOption& option) {
  option.rate = cheapest_on_demand_rate(book, gpu.id, model.provider_kinds);
  if (!option.rate) {
    // None at all, or none from the providers the reader (or the market) rents from.
    const bool elsewhere = cheapest_on_demand_rate(book, gpu.id).has_value();
    option.rent_missing_text = {!elsewhere ? I18N("no on-demand rental rate for {0} in the data")
                                : model.provider_kinds_chosen
                                    ? I18N("no on-demand rental rate for {0} in the data from the chosen providers")
                                    : I18N("no on-demand rental rate for {0} from your market's providers"),
                                {gpu.name}};
    option.rent_missing = option.rent_missing_text.text();
    return;
  }
  option.rate_age = rate_age(book, *option.rate);
  option.rent.usd = option.rate->usd_per_gpu_hour * option.gpu_hours;
}

// The cost at the band's ends (`low_share` and `high_share` of the estimate's cost) and
// per million tokens.
void finish_cost(JobCost& cost, double low_share, double high_share, double tokens) {
  if (!cost.usd) return;
  cost.low_usd = *cost.usd * low_share;
  cost.high_usd = *cost.usd * high_share;
  if (tokens > 0) cost.usd_per_million_tokens = *cost.usd / (tokens / 1e6);
}

TemplateText counts_text(const JobInput& input) {
  if (input.job.gpu_count > 0) return {I18N("{0} GPU(s)"), {std::to_string(input.job.gpu_count)}};
  return {I18N("1, 2, 4 or 8 GPUs")};
}

// A pattern whose argument `index` is a phrase of its own (translated the same way).
TemplateText with_phrase(const char* pattern, std::vector<std::string> args, std::size_t index, TemplateText phrase) {
  args[index] = phrase.text();
  std::vector<TemplateText> nested(index + 1);
  nested[index] = std::move(phrase);
  return {pattern, std::move(args), std::move(nested)};
}

// Replicas an endpoint needs: one request in flight per user, and the day's tokens in the
// hours it is up at `tokens_per_s` a replica.
int replicas_needed(int users, int users_per_replica, double tokens_per_day, double up_hours, double tokens_per_s) {
  if (users_per_replica < 1 || !(tokens_per_s > 0) || !(up_hours > 0)) return 0;
  const double for_users = std::ceil(static_cast<double>(users) / users_per_replica);
  const double for_tokens = std::ceil(tokens_per_day / (up_hours * kSecondsPerHour * tokens_per_s) - 1e-9);
  const double replicas = std::max({1.0, for_users, for_tokens});
  return std::isfinite(replicas) && replicas <= kJobMaxReplicas ? static_cast<int>(replicas) : 0;
}

// What one card × count does for the job: fills the option's speed, hours, band and
// replicas; false when the job cannot run on it (`fits` says whether it held the model).
bool run_option(const Gpu& gpu, const JobInput& input, const JobModel& model, const FitResult& train_fit,
                const SpeedCalibration& cal, double tokens, JobOption& o, bool& fits) {
  const JobView& job = input.job;
  if (model.kind == JobKind::train) {
    o.needed_gb = per_gpu_need_gb(train_fit, o.gpus);
    fits = gpuwise::fits(gpu, train_fit, o.gpus);
    // The fit keeps one input per layer and recomputes the rest (checkpointing on); where
    // the card holds every layer's activations the run keeps them and skips the recompute.
    // Each GPU computes its own micro-batch, so each keeps that batch's activations whole
    // (the fit's share of them per GPU is smaller; this errs toward recomputing).
    const bool holds_activations =
        o.needed_gb + checkpointing_off_extra_gb(train_fit) <= usable_vram_gb(gpu, train_fit.usable_share);
    TrainInput train = training_input(input, model, o.gpus);
    train.recompute = input.recompute || !holds_activations;
    o.recompute = train.recompute;
    const TrainEstimate e = estimate_training(gpu, train, cal);
    o.tokens_per_s = e.tokens_per_s;
    o.band = e.band;
    o.efficiency_source = e.source;
    o.mfu = e.achieved_mfu;
    o.scaling = e.scaling;
    o.link = e.link;
    o.lacks_bf16_flash = e.lacks_bf16_flash;
  } else {
    const SpeedInput one = generation_input(input, model, o.gpus);
    const bool serve = model.kind == JobKind::serve;
    const ServeCapacity c = serve ? serve_capacity(gpu, one, cal) : serve_capacity(gpu, one, cal, job.concurrent, 0);
    o.needed_gb = c.needed_gb;
    fits = c.fits;
    o.tokens_per_s = c.tokens_per_s;
    o.users_per_replica = c.concurrent;
    o.tokens_per_s_per_user = c.tokens_per_s_per_request;
    o.band = serve_band(gpu, job.quant, cal);
    if (serve && c.too_slow) return false;  // not one user at the floor's speed
  }
  if (!fits || !(o.tokens_per_s > 0)) return false;  // a card lacking a figure the model needs
  if (model.kind == JobKind::serve) {
    o.hours = o.hours_low = o.hours_high = job.up_hours_per_day;
    const double up = job.up_hours_per_day;
    o.replicas = replicas_needed(job.users, o.users_per_replica, tokens, up, o.tokens_per_s);
    o.replicas_low = replicas_needed(job.users, o.users_per_replica, tokens, up, o.tokens_per_s * o.band.high_ratio);
    o.replicas_high = replicas_needed(job.users, o.users_per_replica, tokens, up, o.tokens_per_s * o.band.low_ratio);
    if (o.replicas == 0 || o.replicas_high == 0) return false;  // beyond kJobMaxReplicas
    o.gpu_hours = up * o.gpus * o.replicas;
    o.busy_pct = 100 * tokens / (o.replicas * o.tokens_per_s * up * kSecondsPerHour);
    return true;
  }
  o.hours = tokens / o.tokens_per_s / kSecondsPerHour;
  o.hours_low = o.hours / o.band.high_ratio;
  o.hours_high = o.hours / o.band.low_ratio;
  o.gpu_hours = o.hours * o.gpus;
  return std::isfinite(o.hours) && o.hours > 0;
}

}  // namespace

const char* job_kind_key(JobKind kind) {
  switch (kind) {
    case JobKind::serve: return "serve";
    case JobKind::batch: return "batch";
    case JobKind::train: break;
  }
  return "train";
}

JobModel job_model(const JobInput& input) {
  JobModel model;
  const JobView& job = input.job;
  model.kind = job.kind == "serve" ? JobKind::serve : job.kind == "batch" ? JobKind::batch : JobKind::train;
  const ModelPreset* preset = job.preset == "custom" ? nullptr : find_preset(job.preset);
  model.preset = job.preset;
  model.params_b = preset ? preset->params_b : job.params_b;
  if (input.active_params_b) {
    model.active_params_b = input.active_params_b;
  } else if (preset && preset->active_params_b > 0 && preset->active_params_b < preset->params_b) {
    model.active_params_b = preset->active_params_b;  // a mixture of experts: FLOPs follow the active part
  }
  // Renting follows the reader's choice of providers on the buy-or-rent view (roi.kinds).
  model.provider_kinds = rate_kinds(input.ownership.provider_kinds, input.buyer);
  model.provider_kinds_chosen = !input.ownership.provider_kinds.empty();
  return model;
}

TemplateText check_job_input_text(const JobInput& input) {
  using namespace limits;
  const JobView& job = input.job;
  const JobModel model = job_model(input);
  if (!kJobGpuCount.contains(job.gpu_count)) {
    return out_of_range("gpus", std::to_string(job.gpu_count), kJobGpuCount);
  }
  const bool custom = model.preset == "custom";
  if (!custom && !find_preset(model.preset)) {
    std::string list;
    for (const auto& p : model_presets()) list += std::string(list.empty() ? "" : ", ") + p.id;
    return {I18N("unknown preset '{0}'; one of {1}"), {model.preset, list}};
  }
  if (custom && !in_range(model.params_b, kParamsB.min, kParamsB.max)) {
    return out_of_range("params_b", num(model.params_b), kParamsB);
  }
  if (model.active_params_b && !in_range(*model.active_params_b, kParamsB.min, model.params_b)) {
    return {I18N("active_params_b {0} must be from 0.01 to params_b ({1})"),
            {num(*model.active_params_b), num(model.params_b)}};
  }
  if (model.kind != JobKind::serve && !in_range(job.tokens_b, kJobTokensB.min, kJobTokensB.max)) {
    return out_of_range("tokens_b", num(job.tokens_b), kJobTokensB);
  }
  if (model.kind == JobKind::train) {
    if (!kContextTokens.contains(input.train_context)) {
      return out_of_range("train_context", std::to_string(input.train_context), kContextTokens);
    }
    if (!kWithinDays.contains(job.within_days)) return out_of_range("within_days", std::to_string(job.within_days), kWithinDays);
    return {};
  }
  if (model.kind == JobKind::serve) {
    if (!in_range(job.tokens_per_day, kJobTokensPerDay.min, kJobTokensPerDay.max)) {
      return out_of_range("tokens_per_day", num(job.tokens_per_day), kJobTokensPerDay);
    }
    if (!kJobUsers.contains(job.users)) return out_of_range("users", std::to_string(job.users), kJobUsers);
    if (!kUpHoursPerDay.contains(job.up_hours_per_day)) {
      return out_of_range("up_hours_per_day", num(job.up_hours_per_day), kUpHoursPerDay);
    }
  }
  // The speed model's own checks: quantisation, context within the model's limit, concurrency.
  SpeedInput speed = generation_input(input, model, 1);
  speed.concurrent = model.kind == JobKind::batch ? job.concurrent : 1;
  if (speed.model.max_context > 0 && input.context > speed.model.max_context && input.context >= 1) {
    const ModelPreset* preset = find_preset(model.preset);
    return {I18N("context {0} is beyond {1}'s limit of {2} tokens"),
            {std::to_string(input.context), preset ? preset->name : model.preset, std::to_string(speed.model.max_context)}};
  }
  if (auto problem = speed_input_problem(speed)) return *problem;  // translatable, as the Speed tab's
  return {};
}

std::string check_job_input(const JobInput& input) { return check_job_input_text(input).text(); }

JobInput job_input_from_view(const JobView& job, const RoiView& ownership, const BuyerView& buyer) {
  JobInput input;
  input.job = job;
  input.buyer = buyer;
  // Owning follows the buy-or-rent view's assumptions, not its one card's or machine's figures.
  input.ownership = buyer_assumptions(ownership);
  return input;
}

std::optional<double> JobOption::cheapest_usd() const {
  if (own.usd && rent.usd) return std::fmin(*own.usd, *rent.usd);
  return own.usd ? own.usd : rent.usd;
}

JobCostResult job_cost(const Catalog& catalog, const PriceBook& book, const SpeedCalibration& calibration,
                       const JobInput& input) {
  JobCostResult result;
  result.input = input;
  result.model = job_model(input);
  const JobModel& model = result.model;
  result.error_text = check_job_input_text(input);
  result.error = result.error_text.text();
  if (!result.error.empty()) return result;
  const bool train = model.kind == JobKind::train;
  const bool serve = model.kind == JobKind::serve;
  result.tokens = serve ? input.job.tokens_per_day : input.job.tokens_b * 1e9;
  result.per = serve ? "day" : "job";

  std::vector<int> counts(std::begin(kJobGpuCounts), std::end(kJobGpuCounts));
  if (input.job.gpu_count > 0) counts = {input.job.gpu_count};
  const FitResult train_fit = train ? fit_model(training_fit_view(input, model)) : FitResult{};
  const PriceMemo prices;  // owning reads each card's price at every count

  // For the message when nothing fits: the least any count still needs, the most a card holds.
  double least_needed_gb = 0, most_usable_gb = 0;
  int fitting = 0;
  result.options.reserve(catalog.gpus.size() * counts.size());  // an option moved is ~1 KB
  for (const Gpu& gpu : catalog.gpus) {
    for (int gpus : counts) {
      if (input.max_card_gpus > 0 && gpus > input.max_card_gpus && gpu.kind == "card") continue;
      JobOption option;
      option.gpu_id = gpu.id;
      option.gpu_name = gpu.name;
      option.gpus = gpus;
      bool fits = false;
      const bool runs = run_option(gpu, input, model, train_fit, calibration, result.tokens, option, fits);
      if (least_needed_gb == 0 || option.needed_gb < least_needed_gb) least_needed_gb = option.needed_gb;
      most_usable_gb = std::fmax(most_usable_gb, usable_vram_gb(gpu));
      if (!fits) continue;
      ++fitting;
      if (!runs) {
        if (option.tokens_per_s > 0) ++result.counts_too_slow;  // too slow, or too many replicas
        continue;
      }
      if (train && input.job.within_days > 0 && option.hours / kHoursPerDay > input.job.within_days) {
        ++result.counts_too_slow;  // even around the clock it would not finish in time
        continue;
      }
      price_renting(book, model, gpu, option);
      price_owning(catalog, book, input, model, gpu, option);
      const double low_share = serve ? static_cast<double>(option.replicas_low) / option.replicas
                                     : option.hours_low / option.hours;
      const double high_share = serve ? static_cast<double>(option.replicas_high) / option.replicas
                                      : option.hours_high / option.hours;
      finish_cost(option.own, low_share, high_share, result.tokens);
      finish_cost(option.rent, low_share, high_share, result.tokens);
      result.options.push_back(std::move(option));
    }
  }
  if (fitting == 0) {
    const std::string needed = format_number(least_needed_gb, 1), largest = format_number(most_usable_gb, 1);
    result.error_text =
        train ? with_phrase(I18N("training a {0}B-parameter model fits no card at {1}: it still needs {2} GB per GPU "
                                 "and the largest card holds {3} GB"),
                            {num(model.params_b), "", needed, largest}, 1, counts_text(input))
              : with_phrase(I18N("{0} at {1} fits no card at {2}: it still needs {3} GB per GPU and the largest card "
                                 "holds {4} GB"),
                            {model.preset, input.job.quant, "", needed, largest}, 2, counts_text(input));
    result.error = result.error_text.text();
    return result;
  }
  if (result.options.empty()) {
    result.error_text =
        train ? (input.job.within_days > 0 && result.counts_too_slow > 0
                     ? with_phrase(I18N("no card finishes it within {0} days at {1}; allow more days or more GPUs"),
                                   {std::to_string(input.job.within_days), ""}, 1, counts_text(input))
                     : TemplateText{I18N("no card that fits has the figures the speed model needs")})
        : serve ? with_phrase(I18N("no card serves {0} users and {1} tokens a day at {2} with {3} tokens/s for each "
                                   "user (try more GPUs or a smaller quantisation)"),
                              {std::to_string(input.job.users), num(input.job.tokens_per_day), "",
                               format_number(kServeMinTokensPerRequest, 0)},
                              2, counts_text(input))
                : TemplateText{I18N("no card that fits has the figures the speed model needs")};
    result.error = result.error_text.text();
    return result;
  }
  result.ok = true;

  stable_sort_rows(result.options, [](const JobOption& a, const JobOption& b) {
    const auto ca = a.cheapest_usd(), cb = b.cheapest_usd();
    if (ca.has_value() != cb.has_value()) return ca.has_value();
    if (ca && *ca != *cb) return *ca < *cb;
    return std::tie(a.hours, a.gpu_id, a.gpus) < std::tie(b.hours, b.gpu_id, b.gpus);
  });
  for (const JobOption& o : result.options) {
    const bool price_stale = o.price.age.stale &&
                             (o.price.kind == PriceKind::street_new || o.price.kind == PriceKind::street_used);
    if (o.own.usd) {
      result.cheapest.push_back({o.gpu_id, o.gpus, true, "", *o.own.usd, *o.own.low_usd, *o.own.high_usd, o.hours,
                                 o.own.usd_per_million_tokens.value_or(0), o.replicas, price_stale});
    }
    if (o.rent.usd) {
      result.cheapest.push_back({o.gpu_id, o.gpus, false, o.rate->provider, *o.rent.usd, *o.rent.low_usd,
                                 *o.rent.high_usd, o.hours, o.rent.usd_per_million_tokens.value_or(0), o.replicas,
                                 o.rate_age.stale});
    }
  }
  stable_sort_rows(result.cheapest, [](const JobWay& a, const JobWay& b) {
    return std::tie(a.cost_usd, a.hours, a.gpu_id, a.gpus) < std::tie(b.cost_usd, b.hours, b.gpu_id, b.gpus);
  });
  return result;
}

}  // namespace gpuwise
