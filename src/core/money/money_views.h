// The Price & ROI tab's view sections: buy vs rent (RoiView) and the cost of a job
// (JobView). Sections of ViewState (view/view_state.h); compute_roi and job_cost take
// them as they are.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace gpuwise {

struct RoiView {
  std::string view = "buy";                 // the tab's view: "buy" (buy or rent a card), "job" (JobView)
  std::string gpu_id = "rtx-4090";
  int gpu_count = 1;
  // Overrides; absent means "the default from data" (see prices.h).
  std::optional<double> price_usd;          // per card
  std::optional<double> rate_usd_per_hour;  // cloud rate per GPU-hour
  std::optional<double> power_w;            // per card; default TDP
  double host_cost_usd = 0;                 // host / server share for the whole purchase
  double host_power_w = 150;                // CPU, RAM, disks, fans
  double kwh_price_usd = 0.15;
  double hours_per_day = 8;
  int months = 36;
  double depreciation_pct_per_year = 25;
  std::optional<double> resale_usd;         // per card at the horizon; overrides depreciation
  double maintenance_usd_per_year = 0;
  // The owner of idle cards: rent them out on a GPU cloud.
  std::optional<double> rent_out_rate_usd_per_hour;  // default: the cloud rate
  double occupancy_pct = 50;
  double platform_fee_pct = 20;
  // Which provider kinds the default rent rate comes from (provider_kind keys of
  // prices.json: hyperscaler, gpu-cloud, marketplace, china-cloud); empty: every kind.
  std::vector<std::string> provider_kinds;
};

// The Price & ROI tab's "Cost of a job" view (job_cost.h): a training run or a day of
// serving on every card and count. Owning uses the RoiView's assumptions (kWh price,
// hours a day, horizon, host, depreciation).
struct JobView {
  std::string kind = "train";               // train, finetune (both train every weight), serve
  std::string preset = "llama-3-8b";        // a model_presets() id, or "custom": params_b
  double params_b = 8.03;                   // custom model size, billions of parameters
  double tokens_b = 20;                     // train / fine-tune: tokens trained on, billions
  double tokens_per_day = 1e7;              // serve: tokens generated a day
  std::string quant = "q4_k_m";             // serve: a quantisations() id
  int concurrent = 8;                       // serve: requests decoded together
  int gpu_count = 0;                        // 0: compare 1, 2, 4 and 8 GPUs
};

}  // namespace gpuwise
