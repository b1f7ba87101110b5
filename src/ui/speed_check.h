// "How good are these estimates?" under the Speed tab: core's check_speed() per measured
// set (Spearman, median error, in sample and held out) and predicted-vs-measured scatter
// plots with the diagonal (panel_speed_check.cpp).
#pragma once
#include "ui_state.h"

namespace gpuwise::ui {

// Computes the check the first time the section is opened (it refits the calibration
// once per held-out card, so not on every visit of the tab).
void DrawSpeedCheck(UiState& ui);

}  // namespace gpuwise::ui
