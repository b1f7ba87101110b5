// How a finger becomes ImGui input (see touch_input.h).
//  - Down: one frame of hover at the finger, then the press (ImGui decides hover on
//    the frame before a press, as with a mouse).
//  - Moved more than kDragThresholdPx: if the pressed widget drags (slider, scrollbar,
//    column border) it keeps the drag; otherwise the press is cancelled (nothing is
//    clicked) and the innermost region under the finger that can scroll follows it; at
//    its end the region around it takes over (a table, then the page), as on a web page.
//    Where nothing under the finger scrolls (filters over a table that fills the screen),
//    the largest region of that window that can scroll follows the finger instead.
//  - Lifted after a drag: the region glides on and slows down (momentum).
//  - Held still for kHoldSeconds: what hover shows (tooltips) stays after the finger
//    lifts, and nothing is clicked.
//  - Lifted otherwise: a click; the hover stays at the finger, so a tap on a chart bar
//    shows its tooltip until the next touch.
#include "touch_input.h"

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"

namespace gpuwise::platform {
namespace {

constexpr float kDragThresholdPx = 10.0f;
constexpr double kHoldSeconds = 0.5;
constexpr float kGlideFrictionPerSecond = 4.0f;  // velocity falls to 1/e in 0.25 s
constexpr float kGlideStopPxPerSecond = 20.0f;
constexpr double kVelocityWindowSeconds = 0.1;
constexpr int kChainLength = 4;  // nested regions a drag can pass through: table, panel, page

enum class Step { idle, hover, press, pressed, hold_release, hold_show };
enum class Mode { undecided, widget, scroll, hold };

struct Sample {
  double seconds;
  ImVec2 pos;
};

struct TouchState {
  bool owns_pointer = false;     // the last pointer input came from a finger
  bool finger_down = false;
  SDL_FingerID finger = 0;
  ImVec2 start, pos, last_scrolled;
  Step step = Step::idle;
  Mode mode = Mode::undecided;
  // When the finger went down and came up, by the events' own times (SDL's ticks as the
  // browser handed them over): a frame may come long after them on a busy phone.
  double down_seconds = 0, up_seconds = 0;
  ImGuiID pressed_window = 0;    // the window under the finger when it pressed
  ImGuiID scroll[2][kChainLength] = {};  // per axis (x, y), the windows the drag scrolls, innermost first
  // Recent positions, for the glide's velocity: at most 32, so a vector trimmed at its
  // front costs nothing (a std::deque cost the download 1 KB, issue 15).
  std::vector<Sample> samples;
  ImVec2 glide_velocity;         // px per second; zero when not gliding
  ImVec2 mouse_pos = ImVec2(-FLT_MAX, -FLT_MAX);
  bool mouse_down = false;
};

TouchState g_touch;

double NowSeconds() { return static_cast<double>(SDL_GetTicks()) / 1000.0; }
// When SDL received the event (its ticks, as NowSeconds), which may be frames before now.
double EventSeconds(const SDL_Event& event) { return static_cast<double>(event.tfinger.timestamp) / 1000.0; }

ImVec2 ToDisplay(float x, float y) {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  return ImVec2(x * size.x, y * size.y);
}

bool CanScroll(const ImGuiWindow* w, std::size_t axis) {
  return w->ScrollMax[axis] > 0.0f && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse);
}

// Of the windows drawn last frame under `root`, the largest that can scroll on `axis`.
ImGuiWindow* LargestScrollable(const ImGuiWindow* root, std::size_t axis) {
  ImGuiWindow* best = nullptr;
  float best_area = 0;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    const float area = w->InnerRect.GetWidth() * w->InnerRect.GetHeight();
    if (w->Active && w->RootWindow == root && CanScroll(w, axis) && area > best_area) {
      best = w;
      best_area = area;
    }
  }
  return best;
}

// The windows from `window` up to its root that can scroll on `axis`, innermost first;
// with none, those from the root's largest scrollable region.
void FindScrollChain(ImGuiWindow* window, std::size_t axis, ImGuiID* chain) {
  for (int pass = 0; pass < 2 && window; ++pass) {
    int n = 0;
    for (ImGuiWindow* w = window; w && n < kChainLength; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
      if (CanScroll(w, axis)) chain[n++] = w->ID;
    }
    if (n > 0) return;
    window = LargestScrollable(window->RootWindow, axis);
  }
}

// Widgets whose drag means something: sliders, scrollbars, table column borders.
bool ActiveWidgetDrags() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.ActiveId == 0) return false;
  // A press on a window's empty space (between filters, on a label) holds the window's
  // move id, claiming every key: that is no widget, and the page does not move.
  if (g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId) return false;
  const bool is_text_field = g.InputTextState.ID == g.ActiveId;
  const ImU32 horizontal = (1u << ImGuiDir_Left) | (1u << ImGuiDir_Right);
  if (!is_text_field && (g.ActiveIdUsingNavDirMask & horizontal)) return true;
  if (ImGuiWindow* w = g.ActiveIdWindow) {
    if (g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_X) ||
        g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_Y)) {
      return true;
    }
  }
  const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();  // still last frame's
  return cursor == ImGuiMouseCursor_ResizeEW || cursor == ImGuiMouseCursor_ResizeNS ||
         cursor == ImGuiMouseCursor_ResizeAll || cursor == ImGuiMouseCursor_ResizeNESW ||
         cursor == ImGuiMouseCursor_ResizeNWSE;
}

void StartScroll(TouchState& t) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGui::ClearActiveID();  // the pressed button is not clicked
  t.mode = Mode::scroll;
  t.mouse_down = false;
  t.mouse_pos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover highlight while scrolling
  ImGuiWindow* window = ImGui::FindWindowByID(t.pressed_window);
  if (!window) window = g.HoveredWindow;
  const float dx = std::fabs(t.pos.x - t.start.x), dy = std::fabs(t.pos.y - t.start.y);
  // A clearly vertical or horizontal swipe moves on that axis only.
  if (dx * 2.0f >= dy) FindScrollChain(window, 0, t.scroll[0]);
  if (dy * 2.0f >= dx) FindScrollChain(window, 1, t.scroll[1]);
  t.last_scrolled = t.pos;
}

// Moves the scroll targets by `delta` px of finger travel, each region taking what its
// inner one could not; false when nothing moved.
bool ScrollBy(const TouchState& t, ImVec2 delta) {
  bool moved = false;
  for (std::size_t axis = 0; axis < 2; ++axis) {  // ImGuiAxis_X, ImGuiAxis_Y
    float left = delta[axis];
    for (ImGuiID id : t.scroll[axis]) {
      ImGuiWindow* w = id ? ImGui::FindWindowByID(id) : nullptr;
      if (!w || left == 0.0f) break;
      const float target = ImClamp(w->Scroll[axis] - left, 0.0f, w->ScrollMax[axis]);
      if (target == w->Scroll[axis]) continue;
      left -= w->Scroll[axis] - target;
      if (axis == 0) ImGui::SetScrollX(w, target);
      else ImGui::SetScrollY(w, target);
      moved = true;
    }
  }
  return moved;
}

void StartGlide(TouchState& t) {
  const double now = NowSeconds();
  auto recent = t.samples.begin();
  while (recent != t.samples.end() && now - recent->seconds > kVelocityWindowSeconds) ++recent;
  t.samples.erase(t.samples.begin(), recent);
  t.glide_velocity = ImVec2(0, 0);
  if (t.samples.size() < 2) return;
  const Sample& first = t.samples.front();
  const Sample& last = t.samples.back();
  const float seconds = static_cast<float>(last.seconds - first.seconds);
  if (seconds <= 0.0f) return;
  t.glide_velocity = ImVec2((last.pos.x - first.pos.x) / seconds, (last.pos.y - first.pos.y) / seconds);
}

void Glide(TouchState& t) {
  if (t.glide_velocity.x == 0.0f && t.glide_velocity.y == 0.0f) return;
  const float dt = ImMin(ImGui::GetIO().DeltaTime, 0.05f);
  const bool moved = ScrollBy(t, ImVec2(t.glide_velocity.x * dt, t.glide_velocity.y * dt));
  const float decay = std::exp(-kGlideFrictionPerSecond * dt);
  t.glide_velocity = ImVec2(t.glide_velocity.x * decay, t.glide_velocity.y * decay);
  if (!moved || ImLengthSqr(t.glide_velocity) < kGlideStopPxPerSecond * kGlideStopPxPerSecond) {
    t.glide_velocity = ImVec2(0, 0);
  }
}

// One step of the finger's press and release per frame.
void StepPointer(TouchState& t) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  switch (t.step) {
    case Step::idle: break;
    case Step::hover:
      t.mouse_pos = t.start;
      t.mouse_down = false;
      t.step = Step::press;
      break;
    case Step::press:
      t.pressed_window = g.HoveredWindow ? g.HoveredWindow->ID : 0;
      t.mouse_down = true;
      t.step = Step::pressed;
      break;
    case Step::pressed: {
      const float travel = ImLengthSqr(ImVec2(t.pos.x - t.start.x, t.pos.y - t.start.y));
      const bool moved = travel > kDragThresholdPx * kDragThresholdPx;
      // Held by the finger's own times, not the frames': a tap lifted within half a second
      // is a click even when the frame after it came late (a slow frame on a busy phone
      // had turned taps into holds, which click nothing).
      const double held_seconds = (t.finger_down ? NowSeconds() : t.up_seconds) - t.down_seconds;
      if (t.mode == Mode::undecided || t.mode == Mode::hold) {
        if (moved) {
          if (t.mode == Mode::undecided && ActiveWidgetDrags()) t.mode = Mode::widget;
          else StartScroll(t);
        } else if (t.mode == Mode::undecided && held_seconds >= kHoldSeconds) {
          t.mode = Mode::hold;
        }
      }
      if (t.mode == Mode::scroll) {
        ScrollBy(t, ImVec2(t.pos.x - t.last_scrolled.x, t.pos.y - t.last_scrolled.y));
        t.last_scrolled = t.pos;
      } else {
        t.mouse_pos = t.pos;
      }
      if (t.finger_down) break;
      // The finger has lifted.
      if (t.mode == Mode::scroll) {
        StartGlide(t);
        t.step = Step::idle;
      } else if (t.mode == Mode::hold) {
        t.mouse_pos = ImVec2(-FLT_MAX, -FLT_MAX);  // leave the widget before releasing: no click
        t.step = Step::hold_release;
      } else {
        t.mouse_down = false;  // a click; the hover stays at the finger
        t.step = Step::idle;
      }
      break;
    }
    case Step::hold_release:
      t.mouse_down = false;
      t.step = Step::hold_show;
      break;
    case Step::hold_show:
      t.mouse_pos = t.pos;  // back over the widget: its tooltip shows until the next touch
      t.step = Step::idle;
      break;
  }
}

}  // namespace

bool ProcessTouchEvent(const SDL_Event& event) {
  TouchState& t = g_touch;
  switch (event.type) {
    case SDL_FINGERDOWN:
      if (t.finger_down) return true;  // a second finger: ignored (no pinch zoom here)
      t = TouchState{};
      t.owns_pointer = true;
      t.finger_down = true;
      t.finger = event.tfinger.fingerId;
      t.start = t.pos = ToDisplay(event.tfinger.x, event.tfinger.y);
      t.down_seconds = EventSeconds(event);
      t.samples.push_back({NowSeconds(), t.pos});
      t.step = Step::hover;
      return true;
    case SDL_FINGERMOTION:
      if (!t.finger_down || event.tfinger.fingerId != t.finger) return true;
      t.pos = ToDisplay(event.tfinger.x, event.tfinger.y);
      t.samples.push_back({NowSeconds(), t.pos});
      if (t.samples.size() > 32) t.samples.erase(t.samples.begin(), t.samples.end() - 32);
      return true;
    case SDL_FINGERUP:
      if (!t.finger_down || event.tfinger.fingerId != t.finger) return true;
      t.pos = ToDisplay(event.tfinger.x, event.tfinger.y);
      t.samples.push_back({NowSeconds(), t.pos});
      t.up_seconds = EventSeconds(event);
      t.finger_down = false;
      return true;
    case SDL_MOUSEMOTION:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEWHEEL:
      // A real mouse (touch-made mouse events are turned off in main) takes over.
      if (event.type != SDL_MOUSEMOTION || event.motion.which != SDL_TOUCH_MOUSEID) t.owns_pointer = false;
      return false;
    default:
      return false;
  }
}

void ApplyTouch() {
  TouchState& t = g_touch;
  if (!t.owns_pointer) return;
  StepPointer(t);
  if (t.step == Step::idle && !t.finger_down) Glide(t);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = t.mouse_pos;
  io.MouseDown[0] = t.mouse_down;
}

bool TouchNeedsFrames() {
  const TouchState& t = g_touch;
  return t.owns_pointer &&
         (t.finger_down || t.step != Step::idle || t.glide_velocity.x != 0.0f || t.glide_velocity.y != 0.0f);
}

}  // namespace gpuwise::platform
