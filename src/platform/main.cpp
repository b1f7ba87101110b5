// gpuwise's main loop, the same file for the browser (emscripten) and the desktop.
// Owns the SDL window, the GL context, ImGui's backends and the fonts; draws the App.
//
// [SECTION] Fonts and display density
// [SECTION] Idle: no frames when nothing changes
// [SECTION] One frame
// [SECTION] main
#include <SDL.h>

#include <cmath>
#include <string>

#include "app.h"
#include "browser.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "json_util.h"
#include "theme.h"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#else
#include <SDL_opengl.h>
#endif

extern const unsigned char kLatinFont[];
extern const std::size_t kLatinFont_size;

namespace {

using namespace gpuwise;

constexpr float kFontSizeCssPx = 15.0f;
// Frames drawn after the last input before the loop sleeps: enough for ImGui's hover
// and tooltip delays to settle (tooltips appear after ~0.5 s).
constexpr int kFramesAfterInput = 45;

struct Platform {
  SDL_Window* window = nullptr;
  ui::App app;
  int frames = 0;
  float font_density = 0;          // the pixel ratio the font atlas was built for
  bool catalog_pending = true;
  int frames_until_idle = kFramesAfterInput;
  bool paused = false;
  ViewState published_view;
  bool published_once = false;
  std::string published_info;
  bool running = true;
};

// [SECTION] Fonts and display density
// The atlas is rasterised at the device pixel ratio and scaled back, so text stays
// sharp on HiDPI screens and after a browser zoom.
void BuildFonts(float density) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;
  config.OversampleH = 1;  // the atlas is already at device resolution
  config.OversampleV = 1;
  config.PixelSnapH = true;
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x27BF, 0};
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kLatinFont), static_cast<int>(kLatinFont_size),
                                 std::round(kFontSizeCssPx * density), &config, ranges);
  io.FontGlobalScale = 1.0f / density;
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

float CurrentDensity(SDL_Window* window) {
#ifdef __EMSCRIPTEN__
  (void)window;
  return static_cast<float>(platform::device_pixel_ratio());
#else
  int w = 0, h = 0, dw = 0, dh = 0;
  SDL_GetWindowSize(window, &w, &h);
  SDL_GL_GetDrawableSize(window, &dw, &dh);
  return w > 0 ? static_cast<float>(dw) / static_cast<float>(w) : 1.0f;
#endif
}

// [SECTION] Idle: no frames when nothing changes
// Any SDL event (mouse, key, wheel, resize, focus) wakes the loop from any thread of
// control: SDL calls this watcher as the browser event arrives.
int WakeOnEvent(void* user_data, SDL_Event* event) {
  // SDL queues a sentinel on every poll; it is bookkeeping, not input.
  if (event->type == SDL_POLLSENTINEL) return 1;
  auto* p = static_cast<Platform*>(user_data);
  p->frames_until_idle = kFramesAfterInput;
#ifdef __EMSCRIPTEN__
  if (p->paused) {
    p->paused = false;
    emscripten_resume_main_loop();
  }
#endif
  return 1;
}

// What a script can read besides state(): where the widgets are, what the catalog
// table shows, and what went wrong while loading data.
json PageInfo(const ui::UiState& ui) {
  json targets = json::object();
  for (const auto& rect : ui.targets) {
    targets[rect.key] = {{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}};
  }
  json ids = json::array();
  for (int row : ui.catalog_cache.rows) ids.push_back(ui.catalog.gpus[row].id);
  json issues = json::array();
  for (const auto& issue : ui.catalog.issues) issues.push_back(issue.to_string());
  return {{"targets", targets},
          {"table", {{"rows", ids.size()}, {"ids", ids}}},
          {"status", {{"catalog_loaded", ui.catalog_loaded},
                      {"catalog_gpus", ui.catalog.gpus.size()},
                      {"catalog_error", ui.catalog_error},
                      {"catalog_issues", issues}}}};
}

void PublishToPage(Platform& p) {
  platform::publish_frame(p.frames);
  if (!p.published_once || p.app.view() != p.published_view) {
    platform::publish_state(dump_json(view_state_to_json(p.app.view())));
    p.published_view = p.app.view();
    p.published_once = true;
    p.frames_until_idle = kFramesAfterInput;  // a changed view may change the layout
  }
  std::string info = dump_json(PageInfo(p.app.ui()));
  if (info != p.published_info) {
    platform::publish_info(info);
    p.published_info = std::move(info);
  }
}

void LoadPendingData(Platform& p) {
  if (!p.catalog_pending) return;
  std::string text;
  switch (platform::take_data_file("gpus.json", text)) {
    case platform::DataStatus::pending: return;
    case platform::DataStatus::ready: p.app.set_catalog_text(text); break;
    case platform::DataStatus::failed: p.app.set_catalog_error(text); break;
  }
  p.catalog_pending = false;
}

void RunRequests(const ui::PlatformRequests& requests) {
  if (!requests.open_url.empty()) platform::open_url(requests.open_url);
}

// [SECTION] One frame
void Frame(void* arg) {
  Platform& p = *static_cast<Platform*>(arg);
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) p.running = false;
  }
  LoadPendingData(p);
  const float density = CurrentDensity(p.window);
  if (density != p.font_density && density > 0) {
    BuildFonts(density);
    p.font_density = density;
  }

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  ui::PlatformRequests requests;
  const ImGuiIO& io = ImGui::GetIO();
  p.app.draw(io.DisplaySize.x, io.DisplaySize.y, requests);
  ImGui::Render();
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(p.window);

  ++p.frames;
  if (p.frames == 1) platform::hide_loading_screen();
  PublishToPage(p);
  RunRequests(requests);

  if (p.catalog_pending) p.frames_until_idle = kFramesAfterInput;
  if (--p.frames_until_idle <= 0) {
#ifdef __EMSCRIPTEN__
    p.paused = true;
    emscripten_pause_main_loop();
#else
    SDL_WaitEvent(nullptr);  // sleeps until input; the watcher resets the countdown
#endif
  }
}

}  // namespace

// [SECTION] main
int main(int, char**) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    SDL_Log("SDL_Init failed: %s", SDL_GetError());
    return 1;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#else
  const char* glsl_version = "#version 130";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  static Platform p;  // lives for the whole program; the web loop outlives main()
  p.window = SDL_CreateWindow("gpuwise", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!p.window) {
    SDL_Log("SDL_CreateWindow failed: %s", SDL_GetError());
    return 1;
  }
  SDL_GLContext gl = SDL_GL_CreateContext(p.window);
  if (!gl) {
    SDL_Log("no OpenGL context: %s", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(p.window, gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;                 // the view lives in the URL, not in imgui.ini
  io.ConfigInputTextCursorBlink = false;    // a blinking caret would keep the loop awake
  ImGui_ImplSDL2_InitForOpenGL(p.window, gl);
  ImGui_ImplOpenGL3_Init(glsl_version);
  ui::ApplyTheme(platform::prefers_dark_theme());
  SDL_AddEventWatch(WakeOnEvent, &p);

#ifdef __EMSCRIPTEN__
  emscripten_set_main_loop_arg(Frame, &p, 0, true);
#else
  while (p.running) Frame(&p);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(p.window);
  SDL_Quit();
#endif
  return 0;
}
