// The Catalog tab's view section: its search, filters, sort and columns. A section of
// ViewState (view/view_state.h); query_catalog() computes from it as it is.
#pragma once
#include <string>
#include <vector>

namespace gpuwise {

struct CatalogView {
  std::string search;                       // "3090", "rtx3090", "GeForce RTX 3090"
  std::vector<std::string> vendors;         // empty: all
  std::vector<std::string> lines;
  std::vector<std::string> series;
  std::vector<std::string> architectures;
  double min_vram_gb = 0;
  int year_min = 0;                         // 0: no bound
  int year_max = 0;
  std::string pytorch_any;                  // "2.5": runs PyTorch 2.5 on any backend (CUDA, ROCm, MPS, XPU ...); "" any
  bool cuda_only = false;                   // only rows that run CUDA
  bool unified_only = false;                // only unified-memory rows (Apple, DGX Spark, Jetson ...)
  std::vector<std::string> runs;            // support_filters() keys ("vllm", "qlora"): graded first-class or works
  std::string sort_column = "release_year";
  bool sort_descending = true;
  std::vector<std::string> hidden_columns;  // keys; used when hidden_columns_set
  bool hidden_columns_set = false;          // false: each column's default
  std::string selected_id;                  // the card whose details are open
};

}  // namespace gpuwise
