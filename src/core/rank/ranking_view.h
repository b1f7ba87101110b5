// The Ranking tab's view section: the workload, its weights and the list's filters.
// A section of ViewState (view/view_state.h); rank() computes from it as it is.
#pragma once
#include <string>
#include <vector>

#include "catalog/catalog.h"

namespace gpuwise {

struct MetricWeight {
  std::string metric;  // a ranking metric key, e.g. "fp16_tensor_tflops"
  double weight = 0;   // >= 0; only the ratios between weights matter
};
bool operator==(const MetricWeight& a, const MetricWeight& b);

struct RankingView {
  std::string profile = "cnn";              // cnn, rnn, llm-inference, llm-training, fp64, custom
  std::string metric;                       // non-empty: rank by this one metric instead
  std::vector<MetricWeight> custom_weights; // the weights of the "custom" profile
  std::vector<std::string> vendors;         // filters; empty: all
  std::vector<std::string> lines;
  std::vector<std::string> architectures;
  std::vector<std::string> series;          // "GeForce 40": one product generation
  double min_vram_gb = 0;
  double max_price_usd = 0;                 // 0: no limit
  int year_min = 0;                         // 0: no bound
  std::string cuda;                         // "10.2": only cards that run CUDA 10.2; "" any
  std::string pytorch;                      // "2.1": only cards the official wheels support
  std::string pytorch_any;                  // "2.5": runs PyTorch 2.5 on any backend; "" any
  bool cuda_only = false;                   // only rows that run CUDA
  bool unified_only = false;                // only unified-memory rows
  std::vector<std::string> runs;            // support_filters() keys ("vllm", "qlora"): graded first-class or works
  bool fits_model = false;                  // only cards that hold the VRAM-fit model
  int fit_gpu_count = 1;                    // ... on this many GPUs
  int top_n = 15;
};

// The ranking list's filters on a card's text (vendor, line, architecture, series), one
// row each: rank() keeps the cards whose `gpu_text` is in the list, the ranking tab's menu
// offers the values of `catalog_column`, and the field table (view/) gives each its link
// key, label and flag from here. A new one is a RankingView member and a row here.
struct RankingListFilter {
  const char* link_key;      // "rank.vendor"
  const char* name;          // "vendors": the member's JSON name
  const char* label;         // English, I18N-marked
  const char* cli_flag;      // "--vendor"; "" for none
  std::vector<std::string> RankingView::*values;
  std::string Gpu::*gpu_text;
  const char* catalog_column;  // "vendor"
};
const std::vector<RankingListFilter>& ranking_list_filters();

}  // namespace gpuwise
