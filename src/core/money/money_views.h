// The Price & ROI tab's view sections: buy vs rent (RoiView, declared with its ranges
// and curves in roi_model.h) and the cost of a job (JobView). Sections of ViewState
// (view/view_state.h); compute_roi and job_cost take them as they are.
#pragma once
#include <string>

#include "money/roi_model.h"

namespace gpuwise {

// The Price & ROI tab's "Cost of a job" view (job_cost.h): a training run, an endpoint that
// serves users, or a batch of generation, on every card and count. Owning uses the
// RoiView's assumptions (kWh price, hours a day, horizon, host, depreciation).
struct JobView {
  std::string kind = "train";               // train, finetune (both train every weight), serve, batch, image (image_job.h)
  std::string preset = "llama-3-8b";        // a model_presets() id, or "custom": params_b
  double params_b = 8.03;                   // custom model size, billions of parameters
  double tokens_b = 20;                     // train / fine-tune: tokens trained on; batch: tokens generated (billions)
  int within_days = 30;                     // train / fine-tune: finish within so many days; 0: no limit
  double tokens_per_day = 1e7;              // serve: tokens the users generate a day
  int users = 10;                           // serve: users who may each have a request in flight at once
  double up_hours_per_day = 24;             // serve: hours a day the endpoint is up (billed, busy or not)
  std::string quant = "bf16";               // serve / batch: a quantisations() id
  int concurrent = 8;                       // batch: requests decoded together
  int gpu_count = 0;                        // 0: compare 1, 2, 4 and 8 GPUs
  double images = 1000;                     // image: pictures made (the Images tab's model, size and steps)
};

}  // namespace gpuwise
