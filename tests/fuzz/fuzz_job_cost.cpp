// Fuzzes the cost of a job (job_cost.h) with a JobInput built from the bytes: any kind
// (train, serve users, batch), size, token count, days allowed, users, hours up,
// preset, quantisation, GPU count, provider kinds and ownership figures, NaN and
// infinities included (the page's inputs and a share link can hold anything), on the
// fixture catalog or one of its cards (fuzz_support.h). Either a clear error, or options
// whose hours, bands, replicas and costs are finite and in order, serving within its
// hours up, and the ways sorted cheapest first.
#include <cstddef>
#include <cstdint>

#include "fuzz_numbers.h"
#include "fuzz_support.h"
#include "money/job_cost.h"
#include "estimate/speed.h"

using namespace gpuwise;

namespace {


bool money_ok(const JobCost& cost, const std::string& missing) {
  if (!cost.usd) return !missing.empty() && !cost.low_usd && !cost.high_usd;
  return fuzz::finite(*cost.usd) && *cost.usd >= 0 && missing.empty() && cost.low_usd && cost.high_usd &&
         *cost.low_usd <= *cost.usd * (1 + 1e-9) && *cost.usd <= *cost.high_usd * (1 + 1e-9);
}

void check_result(const JobCostResult& r) {
  if (!r.ok) {
    FUZZ_CHECK(!r.error.empty());
    FUZZ_CHECK(r.options.empty() && r.cheapest.empty());
    return;
  }
  FUZZ_CHECK(r.error.empty() && !r.options.empty());
  FUZZ_CHECK(fuzz::finite(r.tokens) && r.tokens > 0);
  const bool serve = r.model.kind == JobKind::serve;
  for (const JobOption& o : r.options) {
    FUZZ_CHECK(fuzz::finite(o.hours) && o.hours > 0);
    FUZZ_CHECK(fuzz::finite(o.hours_low) && o.hours_low <= o.hours * (1 + 1e-9) && o.hours <= o.hours_high * (1 + 1e-9));
    FUZZ_CHECK(fuzz::finite(o.gpu_hours) && o.gpu_hours > 0);
    FUZZ_CHECK(fuzz::finite(o.tokens_per_s) && o.tokens_per_s > 0);
    FUZZ_CHECK(o.gpus >= 1 && o.gpus <= kJobMaxGpus);
    FUZZ_CHECK(o.band.low_ratio <= 1 && o.band.high_ratio >= 1);
    if (serve) {
      FUZZ_CHECK(o.hours <= 24);
      FUZZ_CHECK(o.replicas >= 1 && o.replicas <= kJobMaxReplicas);
      FUZZ_CHECK(o.replicas_low <= o.replicas && o.replicas <= o.replicas_high);
      FUZZ_CHECK(o.users_per_replica >= 1);
      FUZZ_CHECK(fuzz::finite(o.busy_pct) && o.busy_pct >= 0);
    }
    if (r.model.kind == JobKind::train) FUZZ_CHECK(fuzz::finite(o.mfu) && o.scaling > 0 && o.scaling <= 1);
    FUZZ_CHECK(money_ok(o.own, o.own_missing));
    FUZZ_CHECK(money_ok(o.rent, o.rent_missing));
    FUZZ_CHECK(o.rent.usd.has_value() == o.rate.has_value());
  }
  for (std::size_t i = 0; i < r.cheapest.size(); ++i) {
    FUZZ_CHECK(fuzz::finite(r.cheapest[i].cost_usd) && r.cheapest[i].cost_usd >= 0);
    if (i > 0) FUZZ_CHECK(r.cheapest[i - 1].cost_usd <= r.cheapest[i].cost_usd);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  JobInput job;
  static const std::vector<std::string> kinds = {"train", "finetune", "serve", "batch"};
  job.job.kind = fuzz::any_key(in, kinds);
  job.job.params_b = fuzz::any_number(in, 2000);
  if (in.ConsumeBool()) job.active_params_b = fuzz::any_number(in, 2000);
  job.job.tokens_b = fuzz::any_number(in, 1000);
  job.job.within_days = fuzz::any_whole(in, 400);
  job.recompute = in.ConsumeBool();
  job.train_context = fuzz::any_whole(in, 32768);
  job.job.preset = fuzz::any_key(in, fuzz::preset_ids());
  job.job.quant = fuzz::any_key(in, fuzz::quant_ids());
  job.job.tokens_per_day = fuzz::any_number(in, 1e9);
  job.job.users = fuzz::any_whole(in, 500);
  job.job.up_hours_per_day = fuzz::any_number(in, 24);
  job.context = fuzz::any_whole(in, 131072);
  job.job.concurrent = fuzz::any_whole(in, 64);
  // 0 prices every card at 1, 2, 4 and 8 GPUs, four times the work: kept for one input in
  // four (its path is the same as a fixed count's, repeated), so the target stays above
  // 1,000 inputs a second as its corpus grows (docs/TRUST.md: 971/s over 120 s before).
  const int count = fuzz::any_whole(in, 8);
  job.job.gpu_count = count == 0 && in.ConsumeIntegralInRange<int>(0, 3) != 0 ? 1 + in.ConsumeIntegralInRange<int>(0, 7) : count;
  const unsigned kind_bits = in.ConsumeIntegral<unsigned>();
  for (ProviderKind kind : kProviderKinds) {
    if (kind_bits & provider_kind_bit(kind)) job.ownership.provider_kinds.push_back(provider_kind_key(kind));
  }
  job.ownership.kwh_price_usd = fuzz::any_number(in, 1);
  job.ownership.hours_per_day = fuzz::any_number(in, 24);
  job.ownership.months = fuzz::any_whole(in, 150);
  job.ownership.host_cost_usd = fuzz::any_number(in, 20000);
  job.ownership.host_power_w = fuzz::any_number(in, 2000);
  job.ownership.depreciation_pct_per_year = fuzz::any_number(in, 100);

  const Catalog& catalog = fuzz::fixture_catalog_or_card(in.ConsumeIntegral<std::uint8_t>());
  const JobCostResult result = job_cost(catalog, fuzz::fixture_prices(), fuzz::shipped_calibration(), job);
  check_result(result);
  FUZZ_CHECK(check_job_input(job).empty() || !result.ok);
  // What `gpuwise job --json` prints and the page's CSV.
  FUZZ_CHECK(!dump_json(job_cost_to_json(result)).empty());
  if (result.ok) FUZZ_CHECK(!job_cost_csv(result).empty());
  return 0;
}
