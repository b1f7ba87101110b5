#include "view_state.h"

namespace gpuwise {
namespace {
const char* const kTabKeys[kTabCount] = {"catalog", "ranking", "compare", "advisor", "roi", "about"};
}

const char* tab_key(Tab tab) { return kTabKeys[static_cast<int>(tab)]; }

bool tab_from_key(const std::string& key, Tab& out) {
  for (int i = 0; i < kTabCount; ++i) {
    if (key == kTabKeys[i]) {
      out = static_cast<Tab>(i);
      return true;
    }
  }
  return false;
}

bool operator==(const CatalogView& a, const CatalogView& b) {
  return a.search == b.search && a.vendors == b.vendors && a.lines == b.lines &&
         a.series == b.series && a.architectures == b.architectures &&
         a.min_vram_gb == b.min_vram_gb && a.year_min == b.year_min && a.year_max == b.year_max &&
         a.sort_column == b.sort_column && a.sort_descending == b.sort_descending &&
         a.hidden_columns == b.hidden_columns && a.hidden_columns_set == b.hidden_columns_set &&
         a.selected_id == b.selected_id;
}

bool operator==(const ViewState& a, const ViewState& b) {
  return a.tab == b.tab && a.language == b.language && a.catalog == b.catalog;
}

json view_state_to_json(const ViewState& state) {
  const CatalogView& c = state.catalog;
  json catalog = {
      {"search", c.search},
      {"vendors", c.vendors},
      {"lines", c.lines},
      {"series", c.series},
      {"architectures", c.architectures},
      {"min_vram_gb", c.min_vram_gb},
      {"year_min", c.year_min},
      {"year_max", c.year_max},
      {"sort_column", c.sort_column},
      {"sort_descending", c.sort_descending},
      {"selected_id", c.selected_id},
  };
  if (c.hidden_columns_set) catalog["hidden_columns"] = c.hidden_columns;
  return json{{"v", 1}, {"tab", tab_key(state.tab)}, {"language", state.language}, {"catalog", catalog}};
}

}  // namespace gpuwise
