// Code the first view does not need comes after the first frame. On the page, everything
// that only the other tabs' panels, the card details and their window.gpuwise parts reach
// is in a second module, index.later.wasm, fetched right after the first frame (at once
// when a link opens on one of them) and compiled in the background; the build computes
// that set from the call graph every time (scripts/split_later.py). Native builds have
// all code in the program, and there it is always ready.
//
// The rule that keeps this safe: code of index.wasm calls into index.later.wasm only
// through a Later<Fn>::entry, and only once LaterCodeReady(ui). The tables of panels.h
// do that for every tab but kFirstViewTab (src/core/view/view_state.h); the split script
// fails the build when an entry's function is also reached from the first view's code.
#pragma once
#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

// The entry into index.later.wasm for Fn. scripts/split_later.py finds the entries by
// their name, "gpuwise::ui::Later<...>::entry": whatever only entries reach is deferred.
// Never inlined, and called only through a pointer (a table row, or `pointer` below): a
// direct call would put the entry, and what it reaches, back into index.wasm (the script
// says so and stops the build).
template <auto Fn>
struct Later;
template <typename R, typename... Args, R (*Fn)(Args...)>
struct Later<Fn> {
  [[gnu::noinline]] static R entry(Args... args) { return Fn(static_cast<Args&&>(args)...); }
  // Read at each call (volatile), so the compiler cannot turn a call through it into a
  // direct call of `entry`.
  static inline R (*volatile const pointer)(Args...) = &entry;
};

// A tab's function as its table row holds it: the function itself on the first view's
// tab, else its entry into index.later.wasm.
template <Tab tab, auto Fn>
constexpr auto TabEntry() {
  if constexpr (tab == kFirstViewTab) {
    return Fn;
  } else {
    return &Later<Fn>::entry;
  }
}

// Whether index.later.wasm's code may be called now (always natively).
inline bool LaterCodeReady(const UiState& ui) { return ui.later_code == LoadState::ready; }

// In place of deferred code that has not arrived: "Loading..." (and a request to fetch it
// at once), or why it failed with a button to try again.
void DrawLaterCodePending(UiState& ui, PlatformRequests& requests);

}  // namespace gpuwise::ui
