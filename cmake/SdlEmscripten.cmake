# SDL2 for wasm, compiled straight from Debian's source package. emcc's -sUSE_SDL=2
# would download the port from the internet (impossible here), and SDL's own CMake
# configure takes minutes; the emscripten-relevant files compile in about half a minute.
#
# Only what the page uses: a window with a WebGL2 context, events (mouse, keys, touch,
# text), timers, system cursors. SDL's own switches turn off the subsystems the page
# never starts (audio, joystick, haptic, sensor, power, SDL's 2D renderer: ImGui draws
# through WebGL) so SDL.c and the event loop stop referencing them and the linker drops
# them; their sources are not compiled at all. The software blitters, stretchers, RLE
# and YUV converters are left out too (nothing is blitted: cursors are the system's);
# cmake/sdl_left_out.c answers the few calls into them that remain (docs/BENCHMARKS.md
# measures the download against ImGui's stock example, which keeps the whole of SDL).
set(SDL_DIR "${GPUWISE_DEPS_DIR}/sdl2")
if(NOT EXISTS "${SDL_DIR}/include/SDL.h")
  message(FATAL_ERROR "SDL2 sources missing in ${SDL_DIR}: run scripts/setup.sh")
endif()
set(_sdl_globs
  src/*.c src/atomic/*.c src/cpuinfo/*.c src/dynapi/*.c src/events/*.c src/file/*.c
  src/filesystem/emscripten/*.c src/libm/*.c src/loadso/dlopen/*.c src/locale/*.c src/locale/emscripten/*.c
  src/misc/*.c src/misc/emscripten/*.c src/render/*.c
  src/stdlib/*.c src/thread/*.c src/thread/generic/*.c
  src/timer/*.c src/timer/unix/*.c src/video/*.c src/video/emscripten/*.c)
set(_sdl_left_out video/SDL_blit.c video/SDL_blit_0.c video/SDL_blit_1.c video/SDL_blit_A.c video/SDL_blit_N.c
    video/SDL_blit_auto.c video/SDL_blit_copy.c video/SDL_blit_slow.c video/SDL_RLEaccel.c video/SDL_stretch.c
    video/SDL_yuv.c)
# The yardstick of scripts/bench.sh, ImGui's stock example (bench/stock), starts SDL's
# game-controller subsystem and is measured as it was built before the cut: it sets
# GPUWISE_SDL_FULL and gets every subsystem the emscripten port compiles.
if(GPUWISE_SDL_FULL)
  list(APPEND _sdl_globs src/audio/*.c src/audio/emscripten/*.c src/audio/dummy/*.c src/audio/disk/*.c
       src/haptic/*.c src/haptic/dummy/*.c src/hidapi/*.c src/joystick/*.c src/joystick/emscripten/*.c
       src/joystick/virtual/*.c src/power/*.c src/power/emscripten/*.c src/render/opengles2/*.c
       src/render/software/*.c src/sensor/*.c src/sensor/dummy/*.c src/video/yuv2rgb/*.c)
  set(_sdl_left_out "")
endif()
set(_sdl_sources "")
foreach(_g ${_sdl_globs})
  file(GLOB _f "${SDL_DIR}/${_g}")
  list(APPEND _sdl_sources ${_f})
endforeach()
foreach(_f ${_sdl_left_out})
  list(REMOVE_ITEM _sdl_sources "${SDL_DIR}/src/${_f}")
endforeach()
if(GPUWISE_SDL_FULL)
  add_library(sdl2_wasm STATIC ${_sdl_sources})
else()
  add_library(sdl2_wasm STATIC ${_sdl_sources} "${CMAKE_CURRENT_LIST_DIR}/sdl_left_out.c")
  # SDL_config.h reads these (SDL_config.h.cmake lists every *_DISABLED switch).
  target_compile_definitions(sdl2_wasm PRIVATE SDL_AUDIO_DISABLED=1 SDL_JOYSTICK_DISABLED=1 SDL_HAPTIC_DISABLED=1
                             SDL_SENSOR_DISABLED=1 SDL_POWER_DISABLED=1 SDL_RENDER_DISABLED=1)
endif()
target_include_directories(sdl2_wasm SYSTEM PUBLIC "${SDL_DIR}/include")
target_include_directories(sdl2_wasm PRIVATE "${SDL_DIR}/src")
target_compile_options(sdl2_wasm PRIVATE -w -Os)
