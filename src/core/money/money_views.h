// The Price & ROI tab's view sections: buy vs rent (RoiView, declared with its ranges
// and curves in roi_model.h) and the cost of a job (JobView). Sections of ViewState
// (view/view_state.h); compute_roi and job_cost take them as they are.
#pragma once
#include <string>

#include "money/roi_model.h"

namespace gpuwise {

// The Price & ROI tab's "Cost of a job" view (job_cost.h): a training run or a day of
// serving on every card and count. Owning uses the RoiView's assumptions (kWh price,
// hours a day, horizon, host, depreciation).
struct JobView {
  std::string kind = "train";               // train, finetune (both train every weight), serve, image (image_job.h)
  std::string preset = "llama-3-8b";        // a model_presets() id, or "custom": params_b
  double params_b = 8.03;                   // custom model size, billions of parameters
  double tokens_b = 20;                     // train / fine-tune: tokens trained on, billions
  double tokens_per_day = 1e7;              // serve: tokens generated a day
  std::string quant = "q4_k_m";             // serve: a quantisations() id
  int concurrent = 8;                       // serve: requests decoded together
  int gpu_count = 0;                        // 0: compare 1, 2, 4 and 8 GPUs
  double images = 1000;                     // image: pictures made (the Images tab's model, size and steps)
};

}  // namespace gpuwise
