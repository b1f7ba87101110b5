// The web build leaves SDL's software surfaces out of the download (issue 15): gpuwise
// draws every pixel with WebGL through ImGui's backend, and ImGui asks SDL only for the
// browser's own cursors (SDL_CreateSystemCursor). Two entry points still pulled SDL's
// surface, pixel-format and blit code in (~8 KB of wasm, 3.9 KB gzip): the window
// framebuffer of software rendering, and colour cursors made from a surface, both kept
// by SDL's emscripten driver in its function table. The link redirects them here
// (-Wl,--wrap in src/platform/CMakeLists.txt); each fails the way SDL's own unsupported
// paths do, with SDL_GetError() saying why, and SDL's callers handle a failure.
#include <SDL.h>

extern "C" SDL_Surface* __wrap_SDL_ConvertSurfaceFormat(SDL_Surface*, Uint32, Uint32) {
  SDL_SetError("gpuwise draws with WebGL; SDL surfaces are not in this build");
  return nullptr;
}

extern "C" int __wrap_Emscripten_CreateWindowFramebuffer(void*, SDL_Window*, Uint32*, void**, int*) {
  return SDL_SetError("gpuwise draws with WebGL; SDL's software framebuffer is not in this build");
}
