// SDL sets the canvas's size once, not twice. SDL_CreateWindow sets the canvas to 1x1 to
// see whether CSS sizes it, then to its full size. The page's WebGL2 context exists by
// then (web/loader.js makes it, as its WebGL2 check), and setting a canvas's width or
// height, even to the size it has, makes its drawing buffer anew: with SwiftShader the
// two sets took ~15 ms of start-up (A/B page loads: the WebGL step 30 -> 16 ms; issue 15).
// The link sends SDL's calls here (-Wl,--wrap=emscripten_set_canvas_element_size in
// src/platform/CMakeLists.txt):
// - 1x1 is skipped: style.css always sizes the canvas (100vw x 100vh), so SDL reads the
//   same CSS size as after its probe, and takes the canvas as sized by CSS;
// - a size the canvas already has is skipped (a resize event that changed nothing);
// - any other size (the window resized, the pixel ratio changed) is set as before.
#include <emscripten/html5.h>

extern "C" EMSCRIPTEN_RESULT __real_emscripten_set_canvas_element_size(const char* target, int width, int height);

extern "C" EMSCRIPTEN_RESULT __wrap_emscripten_set_canvas_element_size(const char* target, int width, int height) {
  if (width == 1 && height == 1) return EMSCRIPTEN_RESULT_SUCCESS;
  int current_width = 0;
  int current_height = 0;
  if (emscripten_get_canvas_element_size(target, &current_width, &current_height) == EMSCRIPTEN_RESULT_SUCCESS &&
      current_width == width && current_height == height) {
    return EMSCRIPTEN_RESULT_SUCCESS;
  }
  return __real_emscripten_set_canvas_element_size(target, width, height);
}
