// What a job costs on every card and count: hours from speed.h, owning from roi.h's
// amortised cost per GPU-hour, renting from prices.h's cheapest on-demand rate.
#include "money/job_cost.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "text/csv.h"
#include "text/limits.h"
#include "money/roi.h"
#include "text/stable_sort.h"
#include "text/template_text.h"
#include "estimate/training.h"
#include "estimate/vram_fit.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

constexpr int kJobGpuCounts[] = {1, 2, 4, 8};
constexpr double kHoursPerDay = 24;

bool in_range(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }
std::string num(double v) { return format_number(v, 3); }

// "tokens_b 0 must be a number from 1e-6 to 1000000": the range in limits.h's words
// (describe_range), so the message follows the range the page's field has.
TemplateText out_of_range(const char* field, const std::string& value, const NumberRange& range) {
  TemplateText want = describe_range(range);
  return {I18N("{0} {1} must be {2}"), {field, value, want.text()}, {TemplateText{}, TemplateText{}, want}};
}

// Speed and memory of one card × count, or nothing when it does not fit or has no figure.
struct Run {
  bool fits = false;
  double needed_gb = 0;   // per GPU
  double usable_gb = 0;   // per GPU
  double tokens_per_s = 0;
};

FitView training_fit_view(const JobInput& input, const JobModel& model) {
  const SpeedModel shape = speed_model_from_size(model.params_b, model.active_params_b);
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

SpeedInput serving_speed_input(const JobInput& input, const JobModel& model, int gpus) {
  SpeedInput in;
  // A custom size borrows the nearest preset's shape, as `gpuwise speed --params-b` does.
  in.model = model.preset == "custom" ? speed_model_from_size(model.params_b, model.active_params_b)
                                      : speed_model_from_preset(model.preset).value_or(SpeedModel{});
  in.quant = input.job.quant;
  in.context = input.context;
  in.concurrent = input.job.concurrent;
  in.gpus = gpus;
  return in;
}

Run run_on(const Gpu& gpu, const JobInput& input, const JobModel& model, const FitResult& train_fit,
           const SpeedCalibration& cal, int gpus) {
  Run run;
  if (model.kind == JobKind::train) {
    run.needed_gb = per_gpu_need_gb(train_fit, gpus);
    run.usable_gb = usable_vram_gb(gpu);
    run.fits = fits(gpu, train_fit, gpus);
    TrainInput train;
    train.params_b = model.params_b;
    train.active_params_b = model.active_params_b.value_or(model.params_b);
    train.recompute = input.recompute;
    train.gpus = gpus;
    run.tokens_per_s = train_tokens_per_s(gpu, train, cal);
  } else {
    const SpeedEstimate e = estimate_speed(gpu, serving_speed_input(input, model, gpus), cal);
    run.needed_gb = e.needed_gb;
    run.usable_gb = e.usable_gb;
    run.fits = e.fits;
    run.tokens_per_s = e.decode_total_tokens_per_s;  // every concurrent request together
  }
  return run;
}

// Owning: compute_roi()'s amortised cost per GPU-hour (purchase − resale at the horizon,
// power at the kWh price, host and maintenance, over months × hours_per_day).
void price_owning(const Catalog& catalog, const PriceBook& book, const JobInput& input, const JobModel& model,
                  const Gpu& gpu, JobOption& option) {
  RoiView view = input.ownership;
  view.gpu_id = gpu.id;
  view.gpu_count = option.gpus;
  if (model.kind == JobKind::serve) view.hours_per_day = std::fmin(option.hours, kHoursPerDay);
  // The amortised own cost does not depend on the rate; an explicit one keeps compute_roi
  // from refusing a card the data has no rate for (renting is priced below, on its own).
  view.rate_usd_per_hour = option.rate ? option.rate->usd_per_gpu_hour : 0.0;
  const RoiResult roi = compute_roi(catalog, book, view);
  option.price = roi.defaults.price;
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
  }
  option.own_missing = option.own_missing_text.text();
  if (!option.own_missing.empty()) return;
  option.own_usd_per_gpu_hour = roi.own_cost_per_gpu_hour;
  option.own_cost_usd = *roi.own_cost_per_gpu_hour * option.gpu_hours;
}

void price_renting(const PriceBook& book, const JobModel& model, const Gpu& gpu, JobOption& option) {
  option.rate = cheapest_on_demand_rate(book, gpu.id, model.provider_kinds);
  if (!option.rate) {
    const bool all_kinds = (model.provider_kinds & kAllProviderKinds) == kAllProviderKinds;
    option.rent_missing_text = {all_kinds ? I18N("no on-demand rental rate for {0} in the data")
                                          : I18N("no on-demand rental rate for {0} in the data from the chosen providers"),
                                {gpu.name}};
    option.rent_missing = option.rent_missing_text.text();
    return;
  }
  option.rate_age = rate_age(book, *option.rate);
  option.rent_cost_usd = option.rate->usd_per_gpu_hour * option.gpu_hours;
}

std::optional<double> per_million(const std::optional<double>& cost, double tokens) {
  if (!cost || tokens <= 0) return std::nullopt;
  return *cost / (tokens / 1e6);
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

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}
json optional_money(const std::optional<double>& v) { return v ? json(rounded(*v, 2)) : json(nullptr); }

}  // namespace

const char* job_kind_key(JobKind kind) { return kind == JobKind::serve ? "serve" : "train"; }

JobModel job_model(const JobInput& input) {
  JobModel model;
  const JobView& job = input.job;
  model.kind = job.kind == "serve" ? JobKind::serve : JobKind::train;
  const ModelPreset* preset = job.preset == "custom" ? nullptr : find_preset(job.preset);
  model.preset = job.preset;
  model.params_b = preset ? preset->params_b : job.params_b;
  if (input.active_params_b) {
    model.active_params_b = input.active_params_b;
  } else if (preset && preset->active_params_b > 0 && preset->active_params_b < preset->params_b) {
    model.active_params_b = preset->active_params_b;  // a mixture of experts: FLOPs follow the active part
  }
  // Renting follows the reader's choice of providers on the buy-or-rent view (roi.kinds).
  model.provider_kinds = provider_kind_set(input.ownership.provider_kinds);
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
  if (model.kind == JobKind::train) {
    if (!in_range(job.tokens_b, kJobTokensB.min, kJobTokensB.max)) return out_of_range("tokens_b", num(job.tokens_b), kJobTokensB);
    if (!kContextTokens.contains(input.train_context)) {
      return out_of_range("train_context", std::to_string(input.train_context), kContextTokens);
    }
    return {};
  }
  if (!in_range(job.tokens_per_day, kJobTokensPerDay.min, kJobTokensPerDay.max)) {
    return out_of_range("tokens_per_day", num(job.tokens_per_day), kJobTokensPerDay);
  }
  // The speed model's own checks: quantisation, context within the model's limit, concurrency.
  const SpeedInput speed = serving_speed_input(input, model, 1);
  if (speed.model.max_context > 0 && input.context > speed.model.max_context && input.context >= 1) {
    const ModelPreset* preset = find_preset(model.preset);
    return {I18N("context {0} is beyond {1}'s limit of {2} tokens"),
            {std::to_string(input.context), preset ? preset->name : model.preset, std::to_string(speed.model.max_context)}};
  }
  if (auto problem = speed_input_problem(speed)) return *problem;  // translatable, as the Speed tab's
  return {};
}

std::string check_job_input(const JobInput& input) { return check_job_input_text(input).text(); }

JobInput job_input_from_view(const JobView& job, const RoiView& ownership) {
  JobInput input;
  input.job = job;
  // Owning follows the buy-or-rent view's assumptions, but not its one card's figures.
  input.ownership = ownership;
  input.ownership.price_usd.reset();
  input.ownership.rate_usd_per_hour.reset();
  input.ownership.power_w.reset();
  input.ownership.resale_usd.reset();
  input.ownership.rent_out_rate_usd_per_hour.reset();
  return input;
}

std::optional<double> JobOption::cheapest_usd() const {
  if (own_cost_usd && rent_cost_usd) return std::fmin(*own_cost_usd, *rent_cost_usd);
  return own_cost_usd ? own_cost_usd : rent_cost_usd;
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
  result.tokens = train ? input.job.tokens_b * 1e9 : input.job.tokens_per_day;
  result.per = train ? "job" : "day";

  std::vector<int> counts(std::begin(kJobGpuCounts), std::end(kJobGpuCounts));
  if (input.job.gpu_count > 0) counts = {input.job.gpu_count};
  const FitResult train_fit = train ? fit_model(training_fit_view(input, model)) : FitResult{};

  // For the message when nothing fits: the least any count still needs, the most a card holds.
  double least_needed_gb = 0, most_usable_gb = 0, fastest_tokens_per_day = 0;
  int fitting = 0;
  for (const Gpu& gpu : catalog.gpus) {
    for (int gpus : counts) {
      const Run run = run_on(gpu, input, model, train_fit, calibration, gpus);
      if (least_needed_gb == 0 || run.needed_gb < least_needed_gb) least_needed_gb = run.needed_gb;
      most_usable_gb = std::fmax(most_usable_gb, run.usable_gb);
      if (!run.fits) continue;
      ++fitting;
      if (run.tokens_per_s <= 0) continue;  // the card lacks the figure the speed model needs
      JobOption option;
      option.gpu_id = gpu.id;
      option.gpu_name = gpu.name;
      option.gpus = gpus;
      option.needed_gb = run.needed_gb;
      option.tokens_per_s = run.tokens_per_s;
      option.hours = result.tokens / run.tokens_per_s / 3600;
      fastest_tokens_per_day = std::fmax(fastest_tokens_per_day, run.tokens_per_s * 3600 * kHoursPerDay);
      if (!train && option.hours > kHoursPerDay) {
        ++result.counts_too_slow;  // cannot keep up with the day's tokens
        continue;
      }
      option.gpu_hours = option.hours * gpus;
      price_renting(book, model, gpu, option);
      price_owning(catalog, book, input, model, gpu, option);
      option.own_usd_per_million_tokens = per_million(option.own_cost_usd, result.tokens);
      option.rent_usd_per_million_tokens = per_million(option.rent_cost_usd, result.tokens);
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
    const std::string fastest = format_number(std::floor(fastest_tokens_per_day), 0);
    result.error_text =
        train ? TemplateText{I18N("no card that fits has the figures the speed model needs")}
              : with_phrase(I18N("no card keeps up with {0} tokens a day at {1}; the fastest serves {2} tokens a day "
                                 "(try more GPUs or more concurrent requests)"),
                            {num(input.job.tokens_per_day), "", fastest}, 1, counts_text(input));
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
    if (o.own_cost_usd) {
      result.cheapest.push_back({o.gpu_id, o.gpus, true, "", *o.own_cost_usd, o.hours,
                                 o.own_usd_per_million_tokens.value_or(0), price_stale});
    }
    if (o.rent_cost_usd) {
      result.cheapest.push_back({o.gpu_id, o.gpus, false, o.rate->provider, *o.rent_cost_usd, o.hours,
                                 o.rent_usd_per_million_tokens.value_or(0), o.rate_age.stale});
    }
  }
  stable_sort_rows(result.cheapest, [](const JobWay& a, const JobWay& b) {
    return std::tie(a.cost_usd, a.hours, a.gpu_id, a.gpus) < std::tie(b.cost_usd, b.hours, b.gpu_id, b.gpus);
  });
  return result;
}

json job_cost_to_json(const JobCostResult& r, std::size_t max_cheapest) {
  json out = {{"kind", job_kind_key(r.model.kind)}, {"per", r.per}, {"tokens", r.tokens}};
  if (!r.ok) {
    out["error"] = r.error;
    return out;
  }
  json results = json::array();
  for (const JobOption& o : r.options) {
    json row = {{"id", o.gpu_id},
                {"name", o.gpu_name},
                {"gpus", o.gpus},
                {"hours", rounded(o.hours, 3)},
                {"gpu_hours", rounded(o.gpu_hours, 3)},
                {"tokens_per_s", rounded(o.tokens_per_s, 1)},
                {"needed_gb", rounded(o.needed_gb, 2)},
                {"own_cost_usd", optional_money(o.own_cost_usd)},
                {"rent_cost_usd", optional_money(o.rent_cost_usd)},
                {"provider", o.rate ? json(o.rate->provider) : json(nullptr)},
                {"own_usd_per_million_tokens", o.own_usd_per_million_tokens
                                                   ? json(rounded(*o.own_usd_per_million_tokens, 4)) : json(nullptr)},
                {"rent_usd_per_million_tokens", o.rent_usd_per_million_tokens
                                                    ? json(rounded(*o.rent_usd_per_million_tokens, 4)) : json(nullptr)}};
    if (o.own_cost_usd) {
      row["own_usd_per_gpu_hour"] = rounded(*o.own_usd_per_gpu_hour, 4);
      row["price_usd_per_gpu"] = rounded(o.price.usd_per_gpu, 2);
      row["price_kind"] = price_kind_key(o.price.kind);
      row["price_date"] = o.price.date_seen;
      row["price_stale"] = o.price.age.stale;
      row["price_source"] = o.price.source;
    } else {
      row["own_missing"] = o.own_missing;
    }
    if (o.rate) {
      row["provider_kind"] = o.rate->provider_kind;
      row["rate_usd_per_gpu_hour"] = o.rate->usd_per_gpu_hour;
      row["rate_date"] = o.rate->date_seen;
      row["rate_stale"] = o.rate_age.stale;
      row["rate_source"] = o.rate->source;
    } else {
      row["rent_missing"] = o.rent_missing;
    }
    results.push_back(row);
  }
  json cheapest = json::array();
  for (std::size_t i = 0; i < r.cheapest.size() && i < max_cheapest; ++i) {
    const JobWay& w = r.cheapest[i];
    cheapest.push_back({{"id", w.gpu_id},
                        {"gpus", w.gpus},
                        {"how", w.own ? "own" : "rent"},
                        {"provider", w.own ? json(nullptr) : json(w.provider)},
                        {"cost_usd", rounded(w.cost_usd, 2)},
                        {"hours", rounded(w.hours, 3)},
                        {"usd_per_million_tokens", rounded(w.usd_per_million_tokens, 4)},
                        {"stale", w.stale}});
  }
  out["results"] = results;
  out["cheapest"] = cheapest;
  if (r.counts_too_slow > 0) out["counts_too_slow"] = r.counts_too_slow;
  return out;
}

std::string job_cost_csv(const JobCostResult& r) {
  const bool per_day = r.per == "day";
  const CsvRow header = {"id", "name", "gpus", per_day ? "busy_hours_per_day" : "hours", "gpu_hours", "tokens_per_s",
                         "needed_gb_per_gpu", per_day ? "own_usd_per_day" : "own_usd", "own_usd_per_million_tokens",
                         "price_usd_per_gpu", "price_kind", "price_date", per_day ? "rent_usd_per_day" : "rent_usd",
                         "rent_usd_per_million_tokens", "provider", "rate_usd_per_gpu_hour", "rate_date", "rate_source",
                         "missing"};
  auto figure = [](const std::optional<double>& v, int decimals) { return v ? format_fixed(*v, decimals) : ""; };
  std::vector<CsvRow> rows;
  for (const JobOption& o : r.options) {
    std::string missing = o.own_missing;
    if (!o.rent_missing.empty()) missing += (missing.empty() ? "" : "; ") + o.rent_missing;
    const bool priced = o.own_cost_usd.has_value();
    rows.push_back({o.gpu_id, o.gpu_name, std::to_string(o.gpus), format_fixed(o.hours, 3), format_fixed(o.gpu_hours, 3),
                    format_fixed(o.tokens_per_s, 1), format_fixed(o.needed_gb, 2), figure(o.own_cost_usd, 2),
                    figure(o.own_usd_per_million_tokens, 4), priced ? format_fixed(o.price.usd_per_gpu, 2) : "",
                    priced ? price_kind_key(o.price.kind) : "", priced ? o.price.date_seen : "",
                    figure(o.rent_cost_usd, 2), figure(o.rent_usd_per_million_tokens, 4),
                    o.rate ? o.rate->provider : "", o.rate ? format_fixed(o.rate->usd_per_gpu_hour, 4) : "",
                    o.rate ? o.rate->date_seen : "", o.rate ? o.rate->source : "", missing});
  }
  return to_csv(header, rows);
}

}  // namespace gpuwise
