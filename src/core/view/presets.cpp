#include "view/presets.h"

namespace gpuwise {
namespace {

// The question Ask answers, with its inputs filled (issue 30: presets are the questions
// buyers ask).
ViewState ask_view(const std::string& goal, const std::string& model) {
  ViewState view;
  view.tab = Tab::ask;
  view.ask.goal = goal;
  view.ask.model = model;
  return view;
}

std::vector<ViewPreset> make_presets() {
  std::vector<ViewPreset> presets;

  ViewState run_70b = ask_view("run", "llama-3-70b");
  run_70b.buyer.budget_usd = 2000;
  presets.push_back({"run-70b-2000", "$2,000 to run a 70B model locally", run_70b});  // i18n

  // 1万元 at prices.json's rate (6.77 CNY per USD, 2026-06): the budget is stored in USD.
  ViewState finetune_cn = ask_view("finetune", "llama-3-8b");
  finetune_cn.buyer.market = "cn";
  finetune_cn.buyer.budget_usd = 1477;
  presets.push_back({"finetune-8b-cn", "Fine-tune an 8B model for ¥10,000: buy or rent?", finetune_cn});  // i18n

  ViewState train = ask_view("train", "llama-3-8b");
  train.ask.tokens_b = 20;
  presets.push_back({"train-8b-20b", "The cheapest way to train 8B on 20B tokens", train});  // i18n

  ViewState serve = ask_view("serve", "llama-3-8b");
  serve.ask.users = 50;
  presets.push_back({"serve-8b-50", "Serve an 8B model to 50 users", serve});  // i18n

  // Three cards for a model that needs the 24 GB of the two older ones: one answer each.
  ViewState compare = ask_view("run", "qwen2.5-32b");
  compare.ask.cards = {"rtx-4090", "rtx-5090", "rtx-3090"};
  presets.push_back({"4090-5090-3090", "RTX 4090 vs 5090 vs a used 3090", compare});  // i18n

  ViewState v100 = ask_view("own", "llama-3-8b");
  v100.ask.have = "tesla-v100-sxm2-16gb";  // the DGX-1's card, with a dated rate and used price
  v100.ask.count = 8;
  presets.push_back({"v100-sell-or-keep", "Sell or keep 8 idle V100s", v100});  // i18n

  // PyTorch on ROCm, MPS or XPU: fine-tuning an 8B model is what such a buyer does with it.
  ViewState no_cuda = ask_view("finetune", "llama-3-8b");
  no_cuda.ask.vendor = "not-nvidia";
  presets.push_back({"pytorch-no-cuda", "PyTorch without CUDA", no_cuda});  // i18n

  ViewState sdxl = ask_view("image", "sdxl");
  sdxl.ask.have = "rtx-4070";
  presets.push_back({"sdxl-4070", "SDXL on an RTX 4070", sdxl});  // i18n
  return presets;
}

}  // namespace

const std::vector<ViewPreset>& view_presets() {
  static const std::vector<ViewPreset> presets = make_presets();
  return presets;
}

}  // namespace gpuwise
