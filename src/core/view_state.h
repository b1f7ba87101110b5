// The whole view as one plain struct: what the user is looking at and every input.
// The share link, localStorage and window.gpuwise.state() are this struct encoded.
#pragma once
#include <string>
#include <vector>

#include "json_util.h"

namespace gpuwise {

enum class Tab { catalog, ranking, compare, advisor, roi, about };
const char* tab_key(Tab tab);                    // "catalog", ...
bool tab_from_key(const std::string& key, Tab& out);
constexpr int kTabCount = 6;

struct CatalogView {
  std::string search;                       // "3090", "rtx3090", "GeForce RTX 3090"
  std::vector<std::string> vendors;         // empty: all
  std::vector<std::string> lines;
  std::vector<std::string> series;
  std::vector<std::string> architectures;
  double min_vram_gb = 0;
  int year_min = 0;                         // 0: no bound
  int year_max = 0;
  std::string sort_column = "release_year";
  bool sort_descending = true;
  std::vector<std::string> hidden_columns;  // keys; default from the column table
  bool hidden_columns_set = false;          // false: use each column's default
  std::string selected_id;                  // the card whose details are open
};

struct ViewState {
  Tab tab = Tab::catalog;
  std::string language = "en";              // "en" or "zh"
  CatalogView catalog;
};

bool operator==(const CatalogView& a, const CatalogView& b);
bool operator==(const ViewState& a, const ViewState& b);
inline bool operator!=(const ViewState& a, const ViewState& b) { return !(a == b); }

json view_state_to_json(const ViewState& state);

}  // namespace gpuwise
