// One valid, non-default value for every field of ViewState, one change at a time:
// the share-link and state-JSON round-trip tests walk this list.
#pragma once
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "test_support.h"
#include "view/view_fields.h"
#include "view/view_state.h"

namespace gpuwise::test {

using StateChange = std::pair<std::string, std::function<void(ViewState&)>>;

inline std::vector<StateChange> hand_written_changes() {
  return {
      {"tab", [](ViewState& s) { s.tab = Tab::roi; }},
      {"language", [](ViewState& s) { s.language = "zh"; }},
      {"currency", [](ViewState& s) { s.currency = "CNY"; }},
      {"cny_per_usd", [](ViewState& s) { s.cny_per_usd = 7.1; }},
      // [issue 28] the buyer
      {"eur_per_usd", [](ViewState& s) { s.eur_per_usd = 0.92; }},
      {"market", [](ViewState& s) { s.buyer.market = "cn"; }},
      {"used", [](ViewState& s) { s.buyer.used = true; }},
      {"budget_usd", [](ViewState& s) { s.buyer.budget_usd = 2000; }},
      {"budget_covers", [](ViewState& s) { s.buyer.budget_covers = "cards"; }},
      {"outlay_sort", [](ViewState& s) { s.buyer.outlay_sort = "value"; }},
      {"theme", [](ViewState& s) { s.theme = "dark"; }},
      {"catalog.search", [](ViewState& s) { s.catalog.search = "GeForce RTX 3090"; }},
      {"catalog.vendors", [](ViewState& s) { s.catalog.vendors = {"NVIDIA", "AMD"}; }},
      {"catalog.lines", [](ViewState& s) { s.catalog.lines = {"geforce"}; }},
      {"catalog.series", [](ViewState& s) { s.catalog.series = {"GeForce 30", "Tesla K"}; }},
      {"catalog.architectures", [](ViewState& s) { s.catalog.architectures = {"Ada Lovelace"}; }},
      {"catalog.min_vram_gb", [](ViewState& s) { s.catalog.min_vram_gb = 24; }},
      {"catalog.year_min", [](ViewState& s) { s.catalog.year_min = 2018; }},
      {"catalog.year_max", [](ViewState& s) { s.catalog.year_max = 2022; }},
      {"catalog.pytorch_any", [](ViewState& s) { s.catalog.pytorch_any = "2.5"; }},
      {"catalog.cuda_only", [](ViewState& s) { s.catalog.cuda_only = true; }},
      {"catalog.unified_only", [](ViewState& s) { s.catalog.unified_only = true; }},
      {"catalog.sort_column", [](ViewState& s) { s.catalog.sort_column = "fp32_tflops"; }},
      {"catalog.sort_descending", [](ViewState& s) { s.catalog.sort_descending = false; }},
      {"catalog.hidden_columns", [](ViewState& s) {
         s.catalog.hidden_columns = {"memory_type", "interface"};
         s.catalog.hidden_columns_set = true;
       }},
      {"catalog.hidden_columns_set (show all)", [](ViewState& s) { s.catalog.hidden_columns_set = true; }},
      {"catalog.selected_id", [](ViewState& s) { s.catalog.selected_id = "rtx-3090"; }},
      {"ranking.profile", [](ViewState& s) { s.ranking.profile = "custom"; }},
      {"ranking.metric", [](ViewState& s) { s.ranking.metric = "fp32_tflops"; }},
      {"ranking.custom_weights", [](ViewState& s) {
         s.ranking.custom_weights = {{"fp32_tflops", 2}, {"memory_bandwidth_gbs", 0.5}};
       }},
      {"ranking.vendors", [](ViewState& s) { s.ranking.vendors = {"AMD"}; }},
      {"ranking.lines", [](ViewState& s) { s.ranking.lines = {"datacenter", "workstation"}; }},
      {"ranking.architectures", [](ViewState& s) { s.ranking.architectures = {"Hopper"}; }},
      {"ranking.series", [](ViewState& s) { s.ranking.series = {"GeForce 40"}; }},
      {"ranking.min_vram_gb", [](ViewState& s) { s.ranking.min_vram_gb = 16; }},
      {"ranking.max_price_usd", [](ViewState& s) { s.ranking.max_price_usd = 1999.99; }},
      {"ranking.year_min", [](ViewState& s) { s.ranking.year_min = 2020; }},
      {"ranking.cuda", [](ViewState& s) { s.ranking.cuda = "12.1"; }},
      {"ranking.pytorch", [](ViewState& s) { s.ranking.pytorch = "2.1"; }},
      {"ranking.pytorch_any", [](ViewState& s) { s.ranking.pytorch_any = "2.5"; }},
      {"ranking.cuda_only", [](ViewState& s) { s.ranking.cuda_only = true; }},
      {"ranking.unified_only", [](ViewState& s) { s.ranking.unified_only = true; }},
      {"ranking.fits_model", [](ViewState& s) { s.ranking.fits_model = true; }},
      {"ranking.fit_gpu_count", [](ViewState& s) { s.ranking.fit_gpu_count = 4; }},
      {"ranking.top_n", [](ViewState& s) { s.ranking.top_n = 50; }},
      {"compare_ids", [](ViewState& s) { s.compare_ids = {"rtx-3090", "a100-sxm4-80gb"}; }},
      {"fit.preset", [](ViewState& s) { s.fit.preset = "llama-3-70b"; }},
      {"fit.params_b", [](ViewState& s) { s.fit.params_b = 70.6; }},
      {"fit.precision", [](ViewState& s) { s.fit.precision = "int4"; }},
      {"fit.mode", [](ViewState& s) { s.fit.mode = "lora"; }},
      {"fit.batch_size", [](ViewState& s) { s.fit.batch_size = 8; }},
      {"fit.context", [](ViewState& s) { s.fit.context = 32768; }},
      {"fit.layers", [](ViewState& s) { s.fit.layers = 80; }},
      {"fit.kv_heads", [](ViewState& s) { s.fit.kv_heads = 16; }},
      {"fit.head_dim", [](ViewState& s) { s.fit.head_dim = 64; }},
      {"fit.hidden_size", [](ViewState& s) { s.fit.hidden_size = 8192; }},
      {"advisor.gpu_id", [](ViewState& s) { s.advisor.gpu_id = "a100-sxm4-80gb"; }},
      {"advisor.gpu_count", [](ViewState& s) { s.advisor.gpu_count = 8; }},
      {"advisor.dataset_read_mbs", [](ViewState& s) { s.advisor.dataset_read_mbs = 1234.5; }},
      {"speed.preset", [](ViewState& s) { s.speed.preset = "qwen3-30b-a3b"; }},
      {"speed.params_b", [](ViewState& s) { s.speed.params_b = 14.8; }},
      {"speed.active_params_b", [](ViewState& s) { s.speed.active_params_b = 3.6; }},
      {"speed.quant", [](ViewState& s) { s.speed.quant = "int4-awq"; }},
      {"speed.context", [](ViewState& s) { s.speed.context = 16384; }},
      {"speed.prompt_tokens", [](ViewState& s) { s.speed.prompt_tokens = 2048; }},
      {"speed.concurrent", [](ViewState& s) { s.speed.concurrent = 8; }},
      {"speed.gpu_count", [](ViewState& s) { s.speed.gpu_count = 2; }},
      {"speed.unified_memory_gb", [](ViewState& s) { s.speed.unified_memory_gb = 192; }},
      {"speed.sort", [](ViewState& s) { s.speed.sort = "ttft"; }},
      {"speed.fits_only", [](ViewState& s) { s.speed.fits_only = false; }},
      {"speed.top_n", [](ViewState& s) { s.speed.top_n = 5; }},
      // Issue 27: the engine, a machine of mixed cards, layers in system RAM.
      {"speed.engine", [](ViewState& s) { s.speed.engine = "llamacpp"; }},
      {"speed.cards", [](ViewState& s) { s.speed.cards = {"rtx-3090", "rtx-4090"}; }},
      {"speed.host_ram_gb", [](ViewState& s) { s.speed.host_ram_gb = 64; }},
      {"speed.host_bandwidth_gbs", [](ViewState& s) { s.speed.host_bandwidth_gbs = 102; }},
      {"speed.ram_layers", [](ViewState& s) { s.speed.ram_layers = 20; }},
      {"roi.view", [](ViewState& s) { s.roi.calculator = "job"; }},
      {"roi.gpu_id", [](ViewState& s) { s.roi.gpu_id = "h100-sxm5"; }},
      {"roi.gpu_count", [](ViewState& s) { s.roi.gpu_count = 2; }},
      {"roi.price_usd", [](ViewState& s) { s.roi.price_usd = 1599; }},
      {"roi.price_usd = 0 (not absent)", [](ViewState& s) { s.roi.price_usd = 0.0; }},
      {"roi.rate_usd_per_hour", [](ViewState& s) { s.roi.rate_usd_per_hour = 0.44; }},
      {"roi.power_w", [](ViewState& s) { s.roi.power_w = 320.5; }},
      {"roi.host_cost_usd", [](ViewState& s) { s.roi.host_cost_usd = 2500; }},
      {"roi.sales_tax_pct", [](ViewState& s) { s.roi.sales_tax_pct = 8.25; }},
      {"roi.host_power_w", [](ViewState& s) { s.roi.host_power_w = 200; }},
      {"roi.kwh_price_usd", [](ViewState& s) { s.roi.kwh_price_usd = 0.31; }},
      {"roi.hours_per_day", [](ViewState& s) { s.roi.hours_per_day = 24; }},
      {"roi.hours_per_day = 0", [](ViewState& s) { s.roi.hours_per_day = 0; }},
      {"roi.months", [](ViewState& s) { s.roi.months = 60; }},
      {"roi.depreciation_pct_per_year", [](ViewState& s) { s.roi.depreciation_pct_per_year = 33.3; }},
      {"roi.resale_usd", [](ViewState& s) { s.roi.resale_usd = 700; }},
      {"roi.maintenance_usd_per_year", [](ViewState& s) { s.roi.maintenance_usd_per_year = 120; }},
      {"roi.colocation_usd_per_month", [](ViewState& s) { s.roi.colocation_usd_per_month = 150; }},
      {"roi.rent_decline_pct_per_year", [](ViewState& s) { s.roi.rent_decline_pct_per_year = 15; }},
      {"roi.idle_w", [](ViewState& s) { s.roi.idle_w = 30; }},
      {"roi.host_idle_w", [](ViewState& s) { s.roi.host_idle_w = 90; }},
      {"roi.rent_out_rate_usd_per_hour", [](ViewState& s) { s.roi.rent_out_rate_usd_per_hour = 0.35; }},
      {"roi.occupancy_pct", [](ViewState& s) { s.roi.occupancy_pct = 72.5; }},
      {"roi.platform_fee_pct", [](ViewState& s) { s.roi.platform_fee_pct = 15; }},
      {"roi.provider_kinds", [](ViewState& s) { s.roi.provider_kinds = {"hyperscaler", "china-cloud"}; }},
      {"job.kind", [](ViewState& s) { s.job.kind = "serve"; }},
      {"job.preset", [](ViewState& s) { s.job.preset = "custom"; }},
      {"job.params_b", [](ViewState& s) { s.job.params_b = 70.6; }},
      {"job.tokens_b", [](ViewState& s) { s.job.tokens_b = 0.5; }},
      {"job.tokens_per_day", [](ViewState& s) { s.job.tokens_per_day = 250000000; }},
      {"job.quant", [](ViewState& s) { s.job.quant = "fp8"; }},
      {"job.concurrent", [](ViewState& s) { s.job.concurrent = 32; }},
      {"job.gpu_count", [](ViewState& s) { s.job.gpu_count = 2; }},
      // Issue 29: the software filters and the Images tab.
      {"catalog.runs", [](ViewState& s) { s.catalog.runs = {"vllm", "qlora"}; }},
      {"ranking.runs", [](ViewState& s) { s.ranking.runs = {"train-bf16"}; }},
      {"image.model", [](ViewState& s) { s.image.model = "flux1-dev"; }},
      {"image.precision", [](ViewState& s) { s.image.precision = "fp8"; }},
      {"image.software", [](ViewState& s) { s.image.software = "webui"; }},
      {"image.width", [](ViewState& s) { s.image.width = 832; }},
      {"image.height", [](ViewState& s) { s.image.height = 1216; }},
      {"image.steps", [](ViewState& s) { s.image.steps = 20; }},
      {"image.fits_only", [](ViewState& s) { s.image.fits_only = false; }},
      {"image.top_n", [](ViewState& s) { s.image.top_n = 10; }},
      {"job.images", [](ViewState& s) { s.job.images = 25000; }},
      // Issue 27: a training deadline; an endpoint's users and hours up a day.
      {"job.within_days", [](ViewState& s) { s.job.within_days = 7; }},
      {"job.users", [](ViewState& s) { s.job.users = 50; }},
      {"job.up_hours_per_day", [](ViewState& s) { s.job.up_hours_per_day = 12; }},
      // Issue 30: the Ask tab's question.
      {"ask.goal", [](ViewState& s) { s.ask.goal = "finetune"; }},
      {"ask.model", [](ViewState& s) { s.ask.model = "qwen2.5-32b"; }},
      {"ask.params_b", [](ViewState& s) { s.ask.params_b = 30; }},
      {"ask.rent", [](ViewState& s) { s.ask.rent = true; }},
      {"ask.condition", [](ViewState& s) { s.ask.condition = "used"; }},
      {"ask.engine", [](ViewState& s) { s.ask.engine = "vllm"; }},
      {"ask.tokens_per_s", [](ViewState& s) { s.ask.tokens_per_s = 30; }},
      {"ask.images_per_min", [](ViewState& s) { s.ask.images_per_min = 6; }},
      {"ask.days", [](ViewState& s) { s.ask.days = 3; }},
      {"ask.tokens_b", [](ViewState& s) { s.ask.tokens_b = 0.5; }},
      {"ask.method", [](ViewState& s) { s.ask.method = "full"; }},
      {"ask.users", [](ViewState& s) { s.ask.users = 50; }},
      {"ask.tokens_per_day", [](ViewState& s) { s.ask.tokens_per_day = 5000000; }},
      {"ask.hours_per_day", [](ViewState& s) { s.ask.hours_per_day = 8; }},
      {"ask.have", [](ViewState& s) { s.ask.have = "rtx-3060"; }},
      {"ask.count", [](ViewState& s) { s.ask.count = 8; }},
      {"ask.cards", [](ViewState& s) { s.ask.cards = {"rtx-4090", "rtx-5090"}; }},
      {"ask.vendor", [](ViewState& s) { s.ask.vendor = "not-nvidia"; }},
  };
}

// A number field no change above reaches (an input just added to the table): a value inside
// its range, away from its default, so that the round-trip tests cover it from its row alone.
inline double generated_value(const ViewField& field, double current) {
  const NumberRange& r = field.range;
  double value = r.min + (r.max - r.min) / 3;
  const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(value) + 1e-12)) - 1);
  value = std::round(value / scale) * scale;  // two significant digits: written back exactly
  if (r.whole) value = std::round(value);
  if (value == current) value = r.whole ? value + 1 : value * 1.5;
  return value;
}

inline std::vector<StateChange> one_field_changes() {
  std::vector<StateChange> changes = hand_written_changes();
  const ViewState plain;
  for (const ViewField& field : view_fields()) {
    const bool number = field.kind == FieldKind::number || field.kind == FieldKind::whole ||
                        field.kind == FieldKind::optional_number;
    if (!number) continue;
    bool reached = false;
    for (const auto& change : changes) {
      ViewState s;
      change.second(s);
      if (!field_equal(field, s, plain)) reached = true;
    }
    if (reached) continue;
    const ViewField* row = &field;
    changes.push_back({std::string(field.section) + "." + field.name + " (generated)", [row](ViewState& s) {
                         if (row->kind == FieldKind::optional_number) {
                           row->optional_number(s) = generated_value(*row, 0);
                         } else if (row->kind == FieldKind::whole) {
                           row->whole(s) = static_cast<int>(generated_value(*row, row->whole(s)));
                         } else {
                           row->number(s) = generated_value(*row, row->number(s));
                         }
                       }});
  }
  return changes;
}

// Every change above applied to one state.
inline ViewState all_fields_changed() {
  ViewState s;
  for (const auto& change : one_field_changes()) {
    const bool generated = change.first.find("(generated)") != std::string::npos;
    if (!generated && (change.first.find('(') != std::string::npos || change.first.find('=') != std::string::npos)) {
      continue;
    }
    change.second(s);
  }
  return s;
}

// The ids in the shipped catalog, as the site passes them to the decoders.
inline const std::vector<std::string>& shipped_card_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const Gpu& gpu : load_catalog(read_source_file("data/gpus.json")).gpus) out.push_back(gpu.id);
    return out;
  }();
  return ids;
}

}  // namespace gpuwise::test
