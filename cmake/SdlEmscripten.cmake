# SDL2 for wasm, compiled straight from Debian's source package. emcc's -sUSE_SDL=2
# would download the port from the internet (impossible here), and SDL's own CMake
# configure takes minutes; the emscripten-relevant files compile in about half a minute.
set(SDL_DIR "${GPUWISE_DEPS_DIR}/sdl2")
if(NOT EXISTS "${SDL_DIR}/include/SDL.h")
  message(FATAL_ERROR "SDL2 sources missing in ${SDL_DIR}: run scripts/setup.sh")
endif()
set(_sdl_globs
  src/*.c src/atomic/*.c src/audio/*.c src/audio/emscripten/*.c src/audio/dummy/*.c
  src/audio/disk/*.c src/cpuinfo/*.c src/dynapi/*.c src/events/*.c src/file/*.c
  src/filesystem/emscripten/*.c src/haptic/*.c src/haptic/dummy/*.c src/hidapi/*.c
  src/joystick/*.c src/joystick/emscripten/*.c src/joystick/virtual/*.c
  src/libm/*.c src/loadso/dlopen/*.c src/locale/*.c src/locale/emscripten/*.c
  src/misc/*.c src/misc/emscripten/*.c src/power/*.c src/power/emscripten/*.c
  src/render/*.c src/render/opengles2/*.c src/render/software/*.c
  src/sensor/*.c src/sensor/dummy/*.c src/stdlib/*.c src/thread/*.c src/thread/generic/*.c
  src/timer/*.c src/timer/unix/*.c src/video/*.c src/video/emscripten/*.c src/video/yuv2rgb/*.c)
set(_sdl_sources "")
foreach(_g ${_sdl_globs})
  file(GLOB _f "${SDL_DIR}/${_g}")
  list(APPEND _sdl_sources ${_f})
endforeach()
add_library(sdl2_wasm STATIC ${_sdl_sources})
target_include_directories(sdl2_wasm SYSTEM PUBLIC "${SDL_DIR}/include")
target_include_directories(sdl2_wasm PRIVATE "${SDL_DIR}/src")
target_compile_options(sdl2_wasm PRIVATE -w -Os)
