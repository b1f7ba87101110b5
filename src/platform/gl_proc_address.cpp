// The web build's eglGetProcAddress answers only for the three GL functions SDL looks up
// by name (SDL_video.c: glGetString, glGetStringi and glGetIntegerv, to read the
// context's extensions). Emscripten's own eglGetProcAddress holds a table of every
// WebGL entry point by name, and that table keeps all of them, with their JavaScript
// glue, in the download although gpuwise calls ImGui's WebGL2 backend only, which links
// the GL functions it uses directly (issue 15). The link redirects SDL's references here
// (-Wl,--wrap=eglGetProcAddress in src/platform/CMakeLists.txt); any other name gets
// null, which SDL reports as a missing function rather than calling it.
#include <GLES3/gl3.h>

#include <cstring>

extern "C" void* __wrap_eglGetProcAddress(const char* name) {
  if (name == nullptr) return nullptr;
  if (std::strcmp(name, "glGetString") == 0) return reinterpret_cast<void*>(&glGetString);
  if (std::strcmp(name, "glGetStringi") == 0) return reinterpret_cast<void*>(&glGetStringi);
  if (std::strcmp(name, "glGetIntegerv") == 0) return reinterpret_cast<void*>(&glGetIntegerv);
  return nullptr;
}
