// The web build leaves Dear ImGui's built-in ProggyClean font out of the download
// (~15 KB of the wasm): gpuwise always adds its DejaVu subset before the atlas is built
// (main.cpp, BuildFonts), so ImFontAtlas::Build() never needs a default font. ImGui 1.86
// has no switch for that and its source comes unpatched from Debian, so the link
// redirects the one call to AddFontDefault (in Build) here
// (-Wl,--wrap in src/platform/CMakeLists.txt) and the linker drops the font data.
#include <cstdio>
#include <cstdlib>

#include "imgui.h"

// The wrapped member function's symbol with "__wrap_" in front; `this` comes first.
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*, const ImFontConfig*) {
  std::fputs("gpuwise: the font atlas was built before any font was added (BuildFonts adds DejaVu first)\n", stderr);
  std::abort();
}
