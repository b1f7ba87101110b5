// Built-in starting points, listed in the Presets menu and shared as ordinary links.
#pragma once
#include <string>
#include <vector>

#include "view/view_state.h"

namespace gpuwise {

struct ViewPreset {
  std::string id;       // "cnn-budget"
  std::string label;    // English; the UI translates
  ViewState view;
};

const std::vector<ViewPreset>& view_presets();

}  // namespace gpuwise
