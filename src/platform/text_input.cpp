// Typing for readers who do not have a desktop keyboard, or who type Chinese: ImGui
// draws the field, the page's hidden <input> receives the text (browser_web.cpp).
#include "text_input.h"

#include <SDL.h>

#include <string>

#include "browser.h"
#include "imgui.h"
#include "imgui_internal.h"

namespace gpuwise::platform {
namespace {

int g_held_scancode = 0;  // an editing key pressed last frame, released this frame

int ScancodeFor(TypedKind kind) {
  switch (kind) {
    case TypedKind::backspace: return SDL_SCANCODE_BACKSPACE;
    case TypedKind::del: return SDL_SCANCODE_DELETE;
    case TypedKind::enter: return SDL_SCANCODE_RETURN;
    default: return 0;
  }
}

}  // namespace

void FeedTypedText() {
  ImGuiIO& io = ImGui::GetIO();
  if (g_held_scancode) {
    io.KeysDown[g_held_scancode] = false;
    g_held_scancode = 0;
    return;  // the key's release gets its own frame before anything typed after it
  }
  std::string text;
  for (;;) {
    const TypedKind kind = take_typed(text);
    if (kind == TypedKind::none) return;
    if (kind == TypedKind::text) {
      io.AddInputCharactersUTF8(text.c_str());
      continue;
    }
    g_held_scancode = ScancodeFor(kind);
    io.KeysDown[g_held_scancode] = true;
    return;
  }
}

void SyncTextField() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  TextFieldSpot spot;
  spot.wanted = ImGui::GetIO().WantTextInput;
  if (spot.wanted) {
    // InputText sets the caret position for an OS input method every frame it is active.
    spot.x = g.PlatformImePos.x;
    spot.y = g.PlatformImePos.y;
    spot.line_height = g.FontSize;
    const ImGuiInputTextFlags number_flags = ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_CharsScientific;
    spot.numeric = g.InputTextState.ID == g.ActiveId && (g.InputTextState.Flags & number_flags) != 0;
  }
  sync_text_input(spot);
}

}  // namespace gpuwise::platform
