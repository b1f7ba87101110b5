// The Ask tab's question (issue 30): what the buyer wants done, with which model, and the
// budget (the view's top-level buyer.budget_usd, shared with every tab) or renting; the
// refinements fold under them. A section of ViewState (view/view_state.h); plan_ask()
// (ask.h) takes it as it is. Link keys: docs/share-links.md, "ask.".
#pragma once
#include <string>
#include <vector>

#include "text/template_text.h"

namespace gpuwise {

struct AskView {
  std::string goal = "run";          // run (locally), finetune, train, serve (to users), image, own (idle cards)
  std::string model = "llama-3-8b";  // a model_presets() id, "custom" (params_b), or for images an image_models() id
  double params_b = 70;              // model "custom": its size, billions of parameters
  bool rent = false;                 // rent instead of buying: the budget is not asked
  // Refinements (0 or empty: not set, the goal's default).
  std::string condition = "any";     // any, new, used: which cards to buy
  std::string engine = "auto";       // run: auto (llama.cpp GGUF Q4_K_M), llamacpp, vllm (INT4 AWQ)
  double tokens_per_s = 0;           // run / serve: the speed wanted, per user
  double images_per_min = 0;         // image: pictures a minute wanted
  int days = 0;                      // train / finetune: finish within so many days (0: train 30, finetune none)
  double tokens_b = 0;               // train / finetune: tokens, billions (0: train 20, finetune 0.1)
  std::string method = "lora";       // finetune: lora (LoRA, QLoRA when BF16 does not fit), full (every weight)
  int users = 10;                    // serve: users with a request in flight
  double tokens_per_day = 0;         // serve: generated a day (0: 20,000 per user)
  double hours_per_day = 0;          // run / image: hours in use a day (renting per month; 0: 4); serve: hours up (0: 24)
  std::string have;                  // run / image: a card the buyer has: what it does, the cheapest upgrade;
                                     // own: the cards the buyer has idle
  int count = 1;                     // own: how many of `have`
  // Only these cards (ids; empty: all): "4090 vs 5090 vs a used 3090" answers one way per card.
  std::vector<std::string> cards;
  // Whose cards: any, nvidia, amd, intel, apple, or not-nvidia ("PyTorch without CUDA").
  std::string vendor = "any";
};

// The goals in display order, and their English labels (I18N-marked for the page).
struct AskGoal {
  const char* key;
  const char* label;
};
inline constexpr AskGoal kAskGoals[] = {
    {"run", I18N("Run a model")}, {"finetune", I18N("Fine-tune a model")}, {"train", I18N("Train a model")},
    {"serve", I18N("Serve it to users")}, {"image", I18N("Make images")},
    {"own", I18N("Sell, keep or rent out cards I have")},
};
// The makers `ask.vendor` picks from ("not-nvidia": every maker but NVIDIA).
inline constexpr const char* kAskVendors[] = {"any", "nvidia", "amd", "intel", "apple", "not-nvidia"};

}  // namespace gpuwise
