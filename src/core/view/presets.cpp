#include "view/presets.h"

#include "estimate/vram_fit.h"

namespace gpuwise {
namespace {

ViewState ranking_view(const std::string& profile) {
  ViewState view;
  view.tab = Tab::ranking;
  view.ranking.profile = profile;
  return view;
}

std::vector<ViewPreset> make_presets() {
  std::vector<ViewPreset> presets;

  ViewState cnn = ranking_view("cnn");  // the guide's CNN / Transformer order
  cnn.ranking.max_price_usd = 1000;     // launch price at most $1,000
  cnn.ranking.min_vram_gb = 12;
  presets.push_back({"cnn-budget", "CNN training on a budget", cnn});  // i18n

  presets.push_back({"rnn", "RNN training", ranking_view("rnn")});  // i18n

  ViewState llm = ranking_view("llm-inference");
  llm.fit = apply_preset(FitView{}, "llama-3-70b");
  llm.fit.precision = "bf16";
  llm.fit.mode = "inference";
  llm.ranking.fits_model = true;   // only cards that hold 70B in BF16 ...
  llm.ranking.fit_gpu_count = 2;   // ... on two GPUs
  presets.push_back({"llm-inference-70b", "LLM inference, 70B on 2 GPUs", llm});  // i18n

  ViewState cuda10 = ranking_view("cnn");
  cuda10.ranking.cuda = "10.2";    // the guide: CUDA 9/10 code needs a pre-Ampere card
  presets.push_back({"cuda-10", "Keep CUDA 10 code running", cuda10});  // i18n

  ViewState h100;
  h100.tab = Tab::roi;
  h100.roi.gpu_id = "h100-sxm5";
  h100.roi.gpu_count = 8;
  h100.roi.hours_per_day = 16;
  h100.roi.host_cost_usd = 60000;  // an 8-GPU server chassis, CPUs, RAM, NICs
  h100.roi.host_power_w = 2000;
  presets.push_back({"rent-or-buy-h100", "Rent or buy 8 H100s", h100});  // i18n

  ViewState fp64 = ranking_view("fp64");
  fp64.ranking.lines = {"datacenter"};
  presets.push_back({"fp64-science", "FP64 scientific computing", fp64});  // i18n
  return presets;
}

}  // namespace

const std::vector<ViewPreset>& view_presets() {
  static const std::vector<ViewPreset> presets = make_presets();
  return presets;
}

}  // namespace gpuwise
