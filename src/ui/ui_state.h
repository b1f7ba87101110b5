// What the UI keeps between frames that is not part of the shareable view (ViewState):
// caches, open popups, messages. Passed by reference; no function-static state.
#pragma once
#include <string>
#include <vector>

#include "catalog.h"
#include "view_state.h"

namespace gpuwise::ui {

// Things the UI asks the platform to do after a frame (ui/ never calls the browser).
struct PlatformRequests {
  std::string open_url;          // open in a new tab
  std::string clipboard_text;    // put on the system clipboard
  std::string download_name;     // save download_content under this file name
  std::string download_content;
  std::string download_mime;
};

// A named screen rectangle in CSS pixels ("tab:about", "header:fp32_tflops", "search"),
// published as window.gpuwise.targets so tests and scripts can click real widgets.
struct NamedRect {
  std::string key;
  float x = 0, y = 0, w = 0, h = 0;
};

struct CatalogCache {
  bool valid = false;
  CatalogView view;              // the view the rows were computed for
  std::vector<int> rows;         // indices into the catalog, in display order
};

struct UiState {
  // Data as loaded; `catalog_error` is set when gpus.json could not be read at all.
  Catalog catalog;
  bool catalog_loaded = false;
  std::string catalog_error;
  bool show_catalog_issues = false;

  CatalogCache catalog_cache;
  bool column_chooser_open = false;
  std::vector<NamedRect> targets;     // refreshed every frame
  bool first_frame = true;
};

}  // namespace gpuwise::ui
