# Third-party code comes from Debian: headers from -dev packages, ImGui and SDL2 from
# Debian *source* packages unpacked by scripts/setup.sh into deps/ (git-ignored).

if(EMSCRIPTEN)
  # Under emcmake find_package() cannot see /usr (the toolchain restricts the search
  # root) and `-isystem /usr/include` would let glibc shadow emscripten's libc. So we
  # expose only the two header-only libraries through a folder of symlinks.
  set(_hdr "${CMAKE_BINARY_DIR}/debian-headers")
  file(MAKE_DIRECTORY "${_hdr}")
  foreach(_lib nlohmann catch2)
    if(NOT EXISTS "${_hdr}/${_lib}")
      file(CREATE_LINK "/usr/include/${_lib}" "${_hdr}/${_lib}" SYMBOLIC)
    endif()
  endforeach()
  add_library(nlohmann_json INTERFACE)
  target_include_directories(nlohmann_json SYSTEM INTERFACE "${_hdr}")
  add_library(nlohmann_json::nlohmann_json ALIAS nlohmann_json)
  add_library(catch2_headers INTERFACE)
  target_include_directories(catch2_headers SYSTEM INTERFACE "${_hdr}")
  # node 20 rejects emcmake's default flags; old emscripten's fetch() of the .wasm
  # fails under node 20 unless its experimental fetch is off.
  set(CMAKE_CROSSCOMPILING_EMULATOR "/usr/bin/node;--no-experimental-fetch" CACHE STRING "" FORCE)
else()
  find_package(nlohmann_json 3.10 REQUIRED)
  find_package(Catch2 2 REQUIRED)
  add_library(catch2_headers INTERFACE)
  target_link_libraries(catch2_headers INTERFACE Catch2::Catch2)
endif()

if(GPUWISE_CORE_ONLY)
  return()   # the sanitizer build only needs core and its tests
endif()

set(IMGUI_DIR "${GPUWISE_DEPS_DIR}/imgui")
if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "ImGui sources missing in ${IMGUI_DIR}: run scripts/setup.sh")
endif()
add_library(imgui STATIC
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp
  ${IMGUI_DIR}/backends/imgui_impl_sdl.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
# No demo window, no legacy API: smaller wasm, and a compile error if we use old names.
target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_DEMO_WINDOWS IMGUI_DISABLE_METRICS_WINDOW
  IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_DISABLE_OBSOLETE_KEYIO)

if(EMSCRIPTEN)
  include(cmake/SdlEmscripten.cmake)
  target_link_libraries(imgui PUBLIC sdl2_wasm)
  target_compile_definitions(imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  target_link_libraries(imgui PUBLIC SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
endif()
