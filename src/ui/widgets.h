// Small shared widgets: help markers, links, filter menus, layout helpers.
#pragma once
#include <string>
#include <vector>

#include "ui_state.h"

namespace gpuwise::ui {

// A "(?)" that shows `text` on hover.
void HelpMarker(const char* text);

// Underlined link text; a click asks the platform to open `url` in a new tab.
void Link(const char* label, const std::string& url, PlatformRequests& requests);

// Continues on the same line when `next_width` still fits, else starts a new line.
void SameLineIfFits(float next_width);

// A button "Label: All ▾" opening a checklist of `values`; `selected` empty means all.
// Returns true when the selection changed.
bool MultiSelectFilter(const char* label, const std::vector<std::string>& values,
                       std::vector<std::string>& selected);

// Records the last item's rectangle under `key` in ui.targets.
void RecordTarget(UiState& ui, const std::string& key);

// Text in the theme's dimmed colour.
void TextDim(const char* text);

}  // namespace gpuwise::ui
