// Touch screens on a one-canvas page: drag to scroll any scrollable region with
// momentum, tap to click, press and hold to see what hover shows. ImGui 1.86 knows
// only a mouse, so the finger drives ImGui's mouse here, one step per frame.
#pragma once
#include <SDL.h>

namespace gpuwise::platform {

// Every SDL event goes through here first; returns true when it was a touch event
// (then ImGui's SDL backend must not see it).
bool ProcessTouchEvent(const SDL_Event& event);

// After the SDL backend's NewFrame and before ImGui::NewFrame: sets ImGui's mouse from
// the finger and scrolls the region the finger drags.
void ApplyTouch();

// A finger is down or a scroll is still gliding: keep drawing frames.
bool TouchNeedsFrames();

}  // namespace gpuwise::platform
