// Cost of a job: hand-worked hours and costs on one round-number card (to the cent), the
// bands, the provider-kind choice and stale rates, an endpoint's replicas, and the edge
// cases (no rate, no price, does not fit, too slow, bad input). docs/speed.md, "Cost of a
// job", has the formulas.
#include <catch2/catch.hpp>

#include <cmath>

#include "estimate/serving.h"
#include "estimate/training.h"
#include "money/job_cost.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::read_source_file;
using gpuwise::test::shipped_catalog;
using gpuwise::test::valid_row;

namespace {

// 80 GB, 1000 GB/s, 100 TFLOPS FP16 and BF16 tensor, 500 W, launch price 10 000 USD, a
// PCIe 4.0 card with an NVLink bridge.
json round_row(const std::string& id, std::optional<double> launch_price) {
  json row = valid_row(id);
  row["name"] = "Round " + id;
  row["line"] = "datacenter";
  row["vram_gb"] = 80;
  row["memory_bandwidth_gbs"] = 1000;
  row["fp16_tensor_tflops"] = 100;
  row["bf16_tensor_tflops"] = 100;
  row["tdp_w"] = 500;
  row.erase("launch_price_usd");
  if (launch_price) row["launch_price_usd"] = *launch_price;
  return row;
}
const Catalog& job_catalog() {
  static const Catalog c = load_catalog(catalog_text(
      json::array({round_row("job-card", 10000), round_row("no-rate", 10000), round_row("no-price", std::nullopt)})));
  return c;
}
json rate(const std::string& id, const std::string& provider, const std::string& kind, double usd,
          const std::string& pricing, const std::string& date) {
  return {{"gpu_id", id},         {"provider", provider}, {"provider_kind", kind},
          {"pricing", pricing},   {"usd_per_gpu_hour", usd}, {"date_seen", date},
          {"source", "https://example.com/" + kind}};
}
const PriceBook& job_book() {
  static const PriceBook b = [] {
    PriceBook book = load_prices(dump_json(json{
        {"schema_version", 1},
        {"cny_per_usd", 7},
        {"street_prices", json::array()},
        {"cloud_rates", json::array({rate("job-card", "Cloud A", "gpu-cloud", 2.0, "on-demand", "2026-09-20"),
                                     rate("job-card", "Spot C", "gpu-cloud", 1.0, "spot", "2026-09-20"),
                                     rate("job-card", "Hyper B", "hyperscaler", 3.0, "on-demand", "2025-01-01"),
                                     rate("no-price", "Cloud A", "gpu-cloud", 2.0, "on-demand", "2026-09-20")})}}));
    book.today = "2026-12-02";
    return book;
  }();
  return b;
}
// Own: bought at 10 000, worth 10 000 × 0.75 at once (no used price: one year's 25 %
// depreciation) and 10 000 × 0.75² = 5 625 after the 12-month horizon; 500 W, no host,
// 0.20 USD/kWh.
RoiView round_ownership() {
  RoiView v;
  v.months = 12;
  v.hours_per_day = 10;
  v.kwh_price_usd = 0.2;
  v.host_power_w = 0;
  v.host_cost_usd = 0;
  v.depreciation_pct_per_year = 25;
  return v;
}
JobInput worked_training() {
  JobInput in;
  in.job.kind = "train";
  in.job.preset = "custom";  // a size of its own, not a preset's
  in.job.params_b = 1;
  in.job.tokens_b = 0.36;
  in.job.gpu_count = 1;
  in.ownership = round_ownership();
  return in;
}
const JobOption* option_for(const JobCostResult& r, const std::string& id, int gpus) {
  for (const auto& o : r.options) {
    if (o.gpu_id == id && o.gpus == gpus) return &o;
  }
  return nullptr;
}
// The option points into the result: a temporary result would leave it dangling.
const JobOption* option_for(JobCostResult&& r, const std::string& id, int gpus) = delete;
double cents(double usd) { return std::round(usd * 100) / 100; }

}  // namespace

TEST_CASE("training: hours from the speed model, own from the ROI model, rent from the cheapest on-demand rate",
          "[job_cost]") {
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), worked_training());
  REQUIRE(r.ok);
  CHECK(r.per == "job");
  CHECK(r.tokens == Approx(3.6e8));
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  // FLOPs per token: 6 × 1e9 + 12 × 16 layers × 2048 hidden × 4096 tokens (the nearest
  // preset's shape, Llama 3.2 1B) = 7.6106e9; tokens/s = MFU 0.4 × 100e12 / 7.6106e9 =
  // 5 255.82; hours = 3.6e8 / 5 255.82 / 3 600 = 19.0265.
  CHECK(o->tokens_per_s == Approx(5255.8186));
  CHECK(o->hours == Approx(19.02653184));
  CHECK(o->gpu_hours == Approx(19.02653184));
  // No measured runs for the card's family in this calibration: the default with a wide
  // band (0.6 to 2.5 × the speed), so 19.03 h could be 7.6 to 31.7 h.
  CHECK(o->band.samples == 0);
  CHECK(o->hours_low == Approx(19.02653184 / 2.5));
  CHECK(o->hours_high == Approx(19.02653184 / 0.6));
  CHECK(o->efficiency_source.text().find("not measured") == 0);
  // Own per GPU-hour over 12 months at 10 h a day: (10 000 − 5 625 + 0.5 kW × 10 h × 365.25 d
  // × 0.20) / (10 × 365.25) = 4 740.25 / 3 652.5 = 1.29781; × 19.0265 h = 24.69.
  REQUIRE(o->own.usd);
  CHECK(*o->own_usd_per_gpu_hour == Approx(4740.25 / 3652.5));
  CHECK(cents(*o->own.usd) == Approx(24.69));
  CHECK(*o->own.low_usd == Approx(*o->own.usd / 2.5));
  CHECK(*o->own.high_usd == Approx(*o->own.usd / 0.6));
  CHECK(o->price.kind == PriceKind::launch_msrp);
  // Rent: Cloud A's 2.00 on-demand, not the 1.00 spot rate: 2 × 19.0265 = 38.05.
  REQUIRE(o->rent.usd);
  CHECK(cents(*o->rent.usd) == Approx(38.05));
  REQUIRE(o->rate);
  CHECK(o->rate->provider == "Cloud A");
  CHECK(o->rate->date_seen == "2026-09-20");
  CHECK_FALSE(o->rate_age.stale);
  // Per million tokens: 24.693 / 360 and 38.053 / 360.
  CHECK(*o->own.usd_per_million_tokens == Approx(24.69282 / 360).epsilon(1e-5));
  CHECK(*o->rent.usd_per_million_tokens == Approx(38.05306 / 360).epsilon(1e-5));
  // Owning (24.69, tied with the same card "no-rate") comes first, then renting at 38.05.
  REQUIRE(r.cheapest.size() == 4);  // job-card own + rent, no-rate own, no-price rent
  CHECK(r.cheapest[0].gpu_id == "job-card");
  CHECK(r.cheapest[0].own);
  CHECK(r.cheapest[0].cost_low_usd == Approx(r.cheapest[0].cost_usd / 2.5));
  CHECK(r.cheapest[1].gpu_id == "no-rate");
  CHECK_FALSE(r.cheapest[2].own);
  CHECK(r.cheapest[2].provider == "Cloud A");
  CHECK(cents(r.cheapest[2].cost_usd) == Approx(38.05));
}

TEST_CASE("a job recomputes activations only where the card cannot keep them or the reader asks", "[job_cost]") {
  JobInput in = worked_training();
  const JobCostResult kept = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  const JobOption* o = option_for(kept, "job-card", 1);
  REQUIRE(o);
  // 4096 tokens: every layer's activations take 34 × 16 × 4096 × 2048 B = 4.6 GB, which
  // 80 GB holds beside 16 GB of weights, gradients and Adam state: no recompute.
  CHECK_FALSE(o->recompute);
  // 131 072 tokens: 146 GB of activations do not fit; checkpointing keeps 17.7 GB and
  // recomputes the forward pass: 8 × 1e9 + 16 × 16 × 2048 × 131 072 FLOPs a token.
  in.train_context = 131072;
  const JobCostResult long_context = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  o = option_for(long_context, "job-card", 1);
  REQUIRE(o);
  CHECK(o->recompute);
  CHECK(o->tokens_per_s == Approx(0.4 * 100e12 / (8e9 + 16.0 * 16 * 2048 * 131072)));
  // Asked for at 4096 tokens: recomputed although it would fit.
  in.train_context = 4096;
  in.recompute = true;
  const JobCostResult asked = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  o = option_for(asked, "job-card", 1);
  REQUIRE(o);
  CHECK(o->recompute);
  CHECK(o->tokens_per_s == Approx(0.4 * 100e12 / (8e9 + 16.0 * 16 * 2048 * 4096)));
}

TEST_CASE("owning a job's cards pays the buy-or-rent view's sales tax on the purchase", "[job_cost]") {
  JobInput in = worked_training();
  in.ownership.sales_tax_pct = 20;
  const JobCostResult result = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  const JobOption* o = option_for(result, "job-card", 1);  // points into `result`: keep it alive
  REQUIRE(o);
  // (10 000 × 1.20 − 5 625 + 365.25) / 3 652.5 per GPU-hour × 19.0265 h = 35.11 (24.69 without the tax).
  CHECK(cents(*o->own.usd) == Approx(35.11));
  CHECK(cents(*o->rent.usd) == Approx(38.05));  // renting pays none
}

TEST_CASE("several GPUs keep the share their link leaves them and pay for every GPU-hour", "[job_cost]") {
  JobInput in = worked_training();
  in.job.gpu_count = 2;
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  REQUIRE(r.ok);
  const JobOption* o = option_for(r, "job-card", 2);
  REQUIRE(o);
  // Two bridged cards: communication / compute = 1/2 × 40e12 / (56e9 × 8192) = 0.0436,
  // 30 % of it exposed: each GPU keeps 98.71 %; 9.6377 h, 19.275 GPU-hours, rent 38.55.
  CHECK(o->link == "NVLink bridge");
  CHECK(o->scaling == Approx(0.98709))  ;
  CHECK(o->hours == Approx(9.637689564));
  CHECK(o->gpu_hours == Approx(19.27537913));
  CHECK(cents(*o->rent.usd) == Approx(38.55));
  // Without --gpus every count 1, 2, 4 and 8 is tried.
  in.job.gpu_count = 0;
  const JobCostResult all = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  for (int count : {1, 2, 4, 8}) CHECK(option_for(all, "job-card", count));
}

TEST_CASE("training finishes within the days allowed, owned cards at their hours a day", "[job_cost]") {
  JobInput in = worked_training();
  in.job.tokens_b = 36;  // 100 × the worked job: 1 902.7 h, 79.3 days around the clock
  in.job.within_days = 30;
  const JobCostResult late = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  CHECK_FALSE(late.ok);
  CHECK(late.error == "no card finishes it within 30 days at 1 GPU(s); allow more days or more GPUs");
  in.job.within_days = 0;  // no limit
  CHECK(job_cost(job_catalog(), job_book(), test::round_calibration(), in).ok);
  // 2.5 × the worked job: 47.6 h around the clock (2 days) fits 3 days when rented, but
  // owned cards working 10 h a day take 4.8 days: owning is absent with the reason.
  in.job.tokens_b = 0.9;
  in.job.within_days = 3;
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  REQUIRE(r.ok);
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  CHECK(o->rent.usd);
  CHECK_FALSE(o->own.usd);
  CHECK(o->own_missing == "owned cards working 10 h a day would take 5 days, more than the 3 allowed");
}

TEST_CASE("the provider-kind choice picks the rate, an old rate is flagged stale", "[job_cost]") {
  JobInput in = worked_training();
  in.ownership.provider_kinds = {"hyperscaler"};
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  REQUIRE(o->rate);
  CHECK(o->rate->provider == "Hyper B");
  CHECK(cents(*o->rent.usd) == Approx(57.08));  // 3.00 × 19.0265 h
  CHECK(o->rate_age.stale);                            // 2025-01-01 is 23 months before 2026-12-02
  // No marketplace rate: renting is absent with its reason, owning still priced.
  in.ownership.provider_kinds = {"marketplace"};
  const JobCostResult marketplace_only = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  const JobOption* none = option_for(marketplace_only, "job-card", 1);
  REQUIRE(none);
  CHECK_FALSE(none->rent.usd);
  CHECK(none->rent_missing.find("from the chosen providers") != std::string::npos);
  CHECK(none->own.usd);
}

TEST_CASE("a missing rate or price leaves that side absent with a reason, never 0", "[job_cost]") {
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), worked_training());
  const JobOption* no_rate = option_for(r, "no-rate", 1);
  REQUIRE(no_rate);
  CHECK_FALSE(no_rate->rent.usd);
  CHECK_FALSE(no_rate->rent.usd_per_million_tokens);
  CHECK_FALSE(no_rate->rent.low_usd);
  CHECK(no_rate->rent_missing == "no on-demand rental rate for Round no-rate in the data");
  REQUIRE(no_rate->own.usd);
  CHECK(cents(*no_rate->own.usd) == Approx(24.69));  // the rate plays no part in owning
  const JobOption* no_price = option_for(r, "no-price", 1);
  REQUIRE(no_price);
  CHECK_FALSE(no_price->own.usd);
  CHECK(no_price->own_missing == "no purchase price for Round no-price in the data");
  CHECK(cents(*no_price->rent.usd) == Approx(38.05));
  // Neither shows up as a 0-dollar way.
  for (const auto& way : r.cheapest) CHECK(way.cost_usd > 0);
  const json out = job_cost_to_json(r);
  bool saw_null = false;
  for (const auto& row : out["results"]) {
    if (row["id"] == "no-rate") {
      saw_null = row["rent_cost_usd"].is_null() && row["rent_cost_usd_low"].is_null() && row.contains("rent_missing");
    }
  }
  CHECK(saw_null);
}

TEST_CASE("serving: an endpoint up its hours a day, with the replicas the users and tokens need", "[job_cost]") {
  JobInput in;
  in.job.kind = "serve";
  in.job.preset = "llama-3-8b";
  in.job.quant = "bf16";
  in.context = 4096;
  in.job.users = 50;
  in.job.tokens_per_day = 1e7;
  in.job.up_hours_per_day = 24;
  in.job.gpu_count = 1;
  in.ownership = round_ownership();
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  REQUIRE(r.ok);
  CHECK(r.per == "day");
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  // One replica's capacity is serving.h's (the KV cache and the 10 tokens/s floor per user).
  const int card = job_catalog().find("job-card");
  SpeedInput one;
  one.model = *speed_model_from_preset("llama-3-8b");
  one.quant = "bf16";
  one.context = 4096;
  const ServeCapacity c = serve_capacity(job_catalog().gpus[static_cast<std::size_t>(card)], one, test::round_calibration());
  REQUIRE(c.concurrent > 0);
  CHECK(o->users_per_replica == c.concurrent);
  CHECK(o->tokens_per_s == Approx(c.tokens_per_s));
  // Replicas: enough for 50 users in flight and for 1e7 tokens in 24 h.
  const int want = std::max(static_cast<int>(std::ceil(50.0 / c.concurrent)),
                            static_cast<int>(std::ceil(1e7 / (24 * 3600 * c.tokens_per_s))));
  CHECK(o->replicas == std::max(1, want));
  // Billed for the hours up, busy or not: replicas × 1 GPU × 24 h × 2.00.
  CHECK(o->hours == 24);
  CHECK(o->gpu_hours == Approx(24.0 * o->replicas));
  CHECK(*o->rent.usd == Approx(2.0 * 24 * o->replicas));
  CHECK(*o->rent.usd_per_million_tokens == Approx(*o->rent.usd / 10));
  CHECK(o->busy_pct == Approx(100 * 1e7 / (o->replicas * c.tokens_per_s * 24 * 3600)));
  // Owned cards bought for it work its 24 h a day: 4 375 lost over 365.25 days plus 0.5 kW ×
  // 24 h × 0.20 a card.
  CHECK(*o->own.usd == Approx(o->replicas * (4375 / 365.25 + 0.5 * 24 * 0.2)));
  // Up 8 h a day: billed for 8 h, more replicas only if the tokens no longer fit.
  in.job.up_hours_per_day = 8;
  const JobCostResult eight = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  const JobOption* e = option_for(eight, "job-card", 1);
  REQUIRE(e);
  CHECK(e->hours == 8);
  CHECK(*e->rent.usd == Approx(2.0 * 8 * e->replicas));
  // The JSON names the users, the hours up and every replica count.
  const json out = job_cost_to_json(r);
  CHECK(out["users"] == 50);
  CHECK(out["hours_up_per_day"] == 24);
  CHECK(out["results"][0].contains("replicas"));
}

TEST_CASE("a batch has a fixed token count and no deadline: hours at its batch", "[job_cost]") {
  JobInput in;
  in.job.kind = "batch";
  in.job.preset = "llama-3-8b";
  in.job.quant = "bf16";
  in.job.tokens_b = 0.1;
  in.job.concurrent = 16;
  in.job.gpu_count = 1;
  in.ownership = round_ownership();
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  REQUIRE(r.ok);
  CHECK(r.per == "job");
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  CHECK(o->users_per_replica == 16);  // the batch asked for fits
  CHECK(o->hours == Approx(1e8 / o->tokens_per_s / 3600));
  CHECK(*o->rent.usd == Approx(2.0 * o->hours));
}

TEST_CASE("a job that fits no card, or that no card serves at a usable speed, is an error naming why", "[job_cost]") {
  JobInput in = worked_training();
  in.job.params_b = 2000;  // 32 TB of weights, gradients and optimizer state at 1 GPU
  const JobCostResult big = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  CHECK_FALSE(big.ok);
  CHECK(big.error.find("fits no card at 1 GPU(s)") != std::string::npos);
  CHECK(big.options.empty());

  JobInput serve;
  serve.job.kind = "serve";
  serve.job.preset = "llama-3-8b";
  serve.job.tokens_per_day = 1e13;  // more replicas than kJobMaxReplicas on any card
  const JobCostResult slow = job_cost(job_catalog(), job_book(), test::round_calibration(), serve);
  CHECK_FALSE(slow.ok);
  CHECK(slow.error.find("no card serves 10 users and") == 0);
  CHECK(slow.counts_too_slow > 0);
}

TEST_CASE("bad job input gets a message naming the field", "[job_cost]") {
  auto error_of = [](const JobInput& in) { return check_job_input(in); };
  JobInput in = worked_training();
  CHECK(error_of(in).empty());
  in.job.params_b = 5000;
  CHECK(error_of(in).find("params_b 5000") == 0);
  in = worked_training();
  in.active_params_b = 2;
  CHECK(error_of(in).find("active_params_b 2 must be from 0.01 to params_b") == 0);
  in = worked_training();
  in.job.tokens_b = 0;
  CHECK(error_of(in).find("tokens_b 0") == 0);
  in.job.tokens_b = std::nan("");
  CHECK(error_of(in).find("tokens_b") == 0);
  in = worked_training();
  in.job.gpu_count = 65;
  CHECK(error_of(in).find("gpus 65") == 0);

  JobInput serve;
  serve.job.kind = "serve";
  serve.job.preset = "llama-9";
  CHECK(error_of(serve).find("unknown preset 'llama-9'") == 0);
  serve.job.preset = "llama-3-70b";
  serve.job.quant = "q2_xs";
  CHECK(error_of(serve).find("quantisation 'q2_xs'") == 0);
  serve.job.quant = "q4_k_m";
  serve.context = 100000;
  CHECK(error_of(serve).find("context 100000 is beyond") == 0);
  serve.context = 4096;
  serve.job.tokens_per_day = 0;
  CHECK(error_of(serve).find("tokens_per_day 0") == 0);
  serve.job.tokens_per_day = 1e6;
  serve.job.up_hours_per_day = 0;  // an endpoint up no hours a day
  CHECK(error_of(serve).find("up_hours_per_day 0 must be") == 0);
  serve.job.up_hours_per_day = 24;
  serve.job.users = 0;
  CHECK(error_of(serve).find("users 0 must be") == 0);
  serve.job.users = 10;
  in = worked_training();
  in.job.within_days = -1;
  CHECK(error_of(in).find("within_days -1") == 0);
  serve.job.tokens_per_day = 0;
  // job_cost() refuses the same input with the same message.
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), serve);
  CHECK_FALSE(r.ok);
  CHECK(r.error == error_of(serve));
}

TEST_CASE("on the shipped data the ways are sorted cheapest first and every cost is positive", "[job_cost]") {
  const PriceBook& book = test::shipped_prices();
  const SpeedCalibration& cal = test::shipped_calibration();
  JobInput serve;
  serve.job.kind = "serve";
  serve.job.preset = "llama-3-70b";
  serve.job.quant = "q4_k_m";
  serve.job.tokens_per_day = 1e7;
  JobInput batch = serve;
  batch.job.kind = "batch";
  batch.job.tokens_b = 0.01;
  for (const JobInput& in : {JobInput{}, serve, batch}) {
    const JobCostResult r = job_cost(shipped_catalog(), book, cal, in);
    REQUIRE(r.ok);
    REQUIRE(r.cheapest.size() > 5);
    for (std::size_t i = 1; i < r.cheapest.size(); ++i) CHECK(r.cheapest[i - 1].cost_usd <= r.cheapest[i].cost_usd);
    for (const auto& o : r.options) {
      CHECK(o.hours > 0);
      CHECK((o.own.usd ? *o.own.usd > 0 : !o.own_missing.empty()));
      CHECK((o.rent.usd ? *o.rent.usd > 0 : !o.rent_missing.empty()));
      if (o.rent.usd) CHECK((*o.rent.low_usd <= *o.rent.usd && *o.rent.usd <= *o.rent.high_usd));
      CHECK(o.hours_low <= o.hours);
      CHECK(o.hours <= o.hours_high);
      if (job_model(in).kind == JobKind::serve) {
        CHECK(o.hours <= 24);
        CHECK(o.replicas >= 1);
        CHECK(o.tokens_per_s_per_user >= kServeMinTokensPerRequest);
      }
    }
  }
}

TEST_CASE("the cheapest rented way to train 8B on 20B tokens runs on a card whose training is measured",
          "[job_cost]") {
  // An expert's check (TEAM.md): the answer was 8x RTX PRO 4000 Blackwell at the B200's
  // efficiency, a card class no public LLM training run measures.
  const JobCostResult r = job_cost(shipped_catalog(), test::shipped_prices(), test::shipped_calibration(), JobInput{});
  REQUIRE(r.ok);
  const JobOption* cheapest_rent = nullptr;
  for (const auto& o : r.options) {
    if (o.rent.usd && (!cheapest_rent || *o.rent.usd < *cheapest_rent->rent.usd)) cheapest_rent = &o;
  }
  REQUIRE(cheapest_rent);
  INFO(cheapest_rent->gpu_id);
  const int index = shipped_catalog().find(cheapest_rent->gpu_id);
  REQUIRE(index >= 0);
  TrainInput in;
  in.params_b = in.active_params_b = 8;
  in.layers = 32;
  in.hidden_size = 4096;
  in.sequence_tokens = 4096;
  in.gpus = cheapest_rent->gpus;
  const Gpu& gpu = shipped_catalog().gpus[static_cast<std::size_t>(index)];
  CHECK(estimate_training(gpu, in, test::shipped_calibration()).measured);
}

TEST_CASE("the page's job view becomes the job: presets give the size, owning the ROI view's assumptions",
          "[job_cost]") {
  JobView view;  // the site's default: train Llama 3 8B on 20B tokens, 1, 2, 4 and 8 GPUs
  RoiView roi = round_ownership();
  roi.gpu_id = "job-card";
  roi.price_usd = 1;  // the buy-or-rent view's own card figures do not carry over
  roi.rate_usd_per_hour = 1;
  JobInput in = job_input_from_view(view, roi);
  CHECK(job_model(in).kind == JobKind::train);
  CHECK(job_model(in).params_b == Approx(8.03));
  CHECK_FALSE(job_model(in).active_params_b);
  CHECK(in.job.tokens_b == 20);
  CHECK(in.job.gpu_count == 0);
  CHECK(in.ownership.months == 12);
  CHECK(in.ownership.kwh_price_usd == 0.2);
  CHECK_FALSE(in.ownership.price_usd);
  CHECK_FALSE(in.ownership.rate_usd_per_hour);

  view.kind = "finetune";  // trains every weight, as training does
  view.preset = "mixtral-8x7b";
  in = job_input_from_view(view, roi);
  CHECK(job_model(in).kind == JobKind::train);
  CHECK(job_model(in).params_b == Approx(46.7));
  REQUIRE(job_model(in).active_params_b);
  CHECK(*job_model(in).active_params_b < 15);  // two of eight experts per token

  view.kind = "serve";
  view.preset = "custom";
  view.params_b = 1;
  view.tokens_per_day = 1e6;
  view.quant = "q4_k_m";
  view.gpu_count = 1;
  in = job_input_from_view(view, roi);
  CHECK(job_model(in).kind == JobKind::serve);
  CHECK(job_model(in).preset == "custom");
  CHECK(check_job_input(in).empty());
  // A custom size serves with the nearest preset's shape: 1B parameters at Q4_K_M on the round card.
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  REQUIRE(r.ok);
  const JobOption* o = option_for(r, "job-card", 1);
  REQUIRE(o);
  CHECK(o->tokens_per_s > 0);
  CHECK(o->hours == 24);  // the default endpoint is up all day
}

TEST_CASE("job errors are translatable patterns with the same English text", "[job_cost]") {
  JobInput in = worked_training();
  in.job.params_b = 2000;
  const JobCostResult big = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  CHECK(big.error_text.pattern.find("fits no card at {1}") != std::string::npos);
  CHECK(big.error_text.text() == big.error);
  REQUIRE(big.error_text.nested.size() == 2);
  CHECK(big.error_text.nested[1].pattern == "{0} GPU(s)");
  in.job.gpu_count = 0;
  const JobCostResult any = job_cost(job_catalog(), job_book(), test::round_calibration(), in);
  CHECK(any.error.find("fits no card at 1, 2, 4 or 8 GPUs") != std::string::npos);

  in = worked_training();
  in.job.tokens_b = 0;
  CHECK(check_job_input_text(in).pattern == "{0} {1} must be {2}");  // the range in limits.h's words
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), worked_training());
  const JobOption* no_price = option_for(r, "no-price", 1);
  REQUIRE(no_price);
  CHECK(no_price->own_missing_text.pattern == "no purchase price for {0} in the data");
  CHECK(no_price->own_missing == "no purchase price for Round no-price in the data");
  const JobOption* no_rate = option_for(r, "no-rate", 1);
  REQUIRE(no_rate);
  CHECK(no_rate->rent_missing == no_rate->rent_missing_text.text());
}

TEST_CASE("the job table as CSV: one row per card and count, costs in USD, the rate's provider and source",
          "[job_cost]") {
  const JobCostResult r = job_cost(job_catalog(), job_book(), test::round_calibration(), worked_training());
  const std::string csv = job_cost_csv(r);
  CHECK(csv.find("id,name,gpus,days,hours,hours_low,hours_high,gpu_hours,tokens_per_s,") != std::string::npos);
  CHECK(csv.find("job-card,Round job-card,1,0.79,19.027,7.611,31.711,19.027,5255.8,") != std::string::npos);
  CHECK(csv.find(",24.69,9.88,41.15,0.0686,10000.00,launch_msrp,,38.05,15.22,63.42,0.1057,Cloud A,2.0000,2026-09-20,"
                 "https://example.com/gpu-cloud,") != std::string::npos);
  CHECK(csv.find("no purchase price for Round no-price in the data") != std::string::npos);
  std::size_t lines = 0;
  for (char c : csv) lines += c == '\n';
  CHECK(lines == r.options.size() + 1);
}

TEST_CASE("an owned cost that overflows is refused with a reason, not shown as infinite", "[job_cost]") {
  // fuzz_job_cost: ~1e-305 hours a day amortises the price over almost no hours; the cost
  // per GPU-hour is still finite (~1e305) but times the run's GPU-hours it became infinite.
  const PriceBook& book = test::shipped_prices();
  const SpeedCalibration& cal = test::shipped_calibration();
  JobInput in;
  in.job.tokens_b = 1000;
  in.job.gpu_count = 1;
  in.job.within_days = 0;  // no deadline: a 1000B-token job on one GPU takes years
  in.ownership.hours_per_day = 1e-305;
  const JobCostResult r = job_cost(shipped_catalog(), book, cal, in);
  REQUIRE(r.ok);
  int refused = 0;
  for (const auto& o : r.options) {
    if (o.own.usd) {
      CHECK(std::isfinite(*o.own.usd));
    } else if (o.own_missing.find("too large to compute") != std::string::npos) {
      ++refused;
    }
  }
  CHECK(refused > 0);
  for (const auto& way : r.cheapest) CHECK(std::isfinite(way.cost_usd));
}

TEST_CASE("Ask's cap on PCIe cards leaves out eight cards but keeps eight modules", "[job_cost]") {
  // Ask never answers with more cards than a workstation holds (kAskMaxPcieCards), so it
  // asks the cost of a job not to estimate them: a quarter less work, the same answers.
  JobInput in = worked_training();
  in.job.gpu_count = 0;
  in.max_card_gpus = 4;
  const Catalog& catalog = shipped_catalog();
  const JobCostResult capped = job_cost(catalog, job_book(), test::round_calibration(), in);
  REQUIRE(capped.ok);
  int cards_at_4 = 0, modules_at_8 = 0;
  for (const JobOption& o : capped.options) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(catalog.find(o.gpu_id))];
    CHECK_FALSE((gpu.kind == "card" && o.gpus > 4));
    cards_at_4 += gpu.kind == "card" && o.gpus == 4;
    modules_at_8 += gpu.kind == "module" && o.gpus == 8;
  }
  CHECK(cards_at_4 > 10);
  CHECK(modules_at_8 > 5);
  // Without the cap (the Cost of a job tab) the cards' eight-GPU options are there, and the
  // capped options are exactly the others.
  in.max_card_gpus = 0;
  const JobCostResult all = job_cost(catalog, job_book(), test::round_calibration(), in);
  int cards_at_8 = 0;
  for (const JobOption& o : all.options) {
    cards_at_8 += catalog.gpus[static_cast<std::size_t>(catalog.find(o.gpu_id))].kind == "card" && o.gpus == 8;
  }
  CHECK(cards_at_8 > 10);
  CHECK(all.options.size() == capped.options.size() + static_cast<std::size_t>(cards_at_8));
}
