/* What gpuwise's SDL build leaves out (cmake/SdlEmscripten.cmake), answered with "no".
 *
 * Game controllers: ImGui 1.86's SDL backend links against three controller calls but
 * makes them only with ImGuiConfigFlags_NavEnableGamepad, which gpuwise never sets. SDL's
 * joystick subsystem (its controller database alone is tens of KB) is not built.
 *
 * Software blits, stretches, RLE and YUV conversion: the page draws everything through
 * WebGL (ImGui's OpenGL3 backend) and asks SDL only for system cursors, so no SDL surface
 * is ever blitted, scaled or converted. Surfaces themselves stay (SDL_surface.c); any
 * blit now fails with a message through SDL_GetError() instead of drawing. */
#include "SDL.h"
#include "video/SDL_RLEaccel_c.h"
#include "video/SDL_blit.h"
#include "video/SDL_yuv_c.h"

SDL_GameController* SDL_GameControllerOpen(int joystick_index) {
  (void)joystick_index;
  return NULL;
}

Uint8 SDL_GameControllerGetButton(SDL_GameController* gamecontroller, SDL_GameControllerButton button) {
  (void)gamecontroller;
  (void)button;
  return 0;
}

Sint16 SDL_GameControllerGetAxis(SDL_GameController* gamecontroller, SDL_GameControllerAxis axis) {
  (void)gamecontroller;
  (void)axis;
  return 0;
}

static const char kNoBlits[] = "gpuwise's SDL is built without software blits (cmake/SdlEmscripten.cmake)";

int SDL_CalculateBlit(SDL_Surface* surface) {
  (void)surface;
  return SDL_SetError(kNoBlits);
}

/* Nothing is ever RLE-encoded without blits: undoing it has nothing to do. */
int SDL_RLESurface(SDL_Surface* surface) {
  (void)surface;
  return SDL_SetError(kNoBlits);
}

void SDL_UnRLESurface(SDL_Surface* surface, int recode) {
  (void)surface;
  (void)recode;
}

int SDL_SoftStretch(SDL_Surface* src, const SDL_Rect* srcrect, SDL_Surface* dst, const SDL_Rect* dstrect) {
  (void)src, (void)srcrect, (void)dst, (void)dstrect;
  return SDL_SetError(kNoBlits);
}

int SDL_SoftStretchLinear(SDL_Surface* src, const SDL_Rect* srcrect, SDL_Surface* dst, const SDL_Rect* dstrect) {
  (void)src, (void)srcrect, (void)dst, (void)dstrect;
  return SDL_SetError(kNoBlits);
}

int SDL_ConvertPixels_YUV_to_RGB(int width, int height, Uint32 src_format, const void* src, int src_pitch,
                                 Uint32 dst_format, void* dst, int dst_pitch) {
  (void)width, (void)height, (void)src_format, (void)src, (void)src_pitch, (void)dst_format, (void)dst, (void)dst_pitch;
  return SDL_SetError(kNoBlits);
}

int SDL_ConvertPixels_RGB_to_YUV(int width, int height, Uint32 src_format, const void* src, int src_pitch,
                                 Uint32 dst_format, void* dst, int dst_pitch) {
  (void)width, (void)height, (void)src_format, (void)src, (void)src_pitch, (void)dst_format, (void)dst, (void)dst_pitch;
  return SDL_SetError(kNoBlits);
}

int SDL_ConvertPixels_YUV_to_YUV(int width, int height, Uint32 src_format, const void* src, int src_pitch,
                                 Uint32 dst_format, void* dst, int dst_pitch) {
  (void)width, (void)height, (void)src_format, (void)src, (void)src_pitch, (void)dst_format, (void)dst, (void)dst_pitch;
  return SDL_SetError(kNoBlits);
}
