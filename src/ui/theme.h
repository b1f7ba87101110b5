#pragma once
namespace gpuwise::ui {
// Colours and spacing for the light or dark theme.
void ApplyTheme(bool dark);
}
