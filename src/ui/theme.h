#pragma once
namespace gpuwise::ui {
// Colours and spacing for the light or dark theme; `touch` (a finger is the main
// pointer) makes every target at least about 40 CSS px tall.
void ApplyTheme(bool dark, bool touch = false);
}
