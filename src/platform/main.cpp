// gpuwise's main loop, the same file for the browser (emscripten) and the desktop.
// Owns the SDL window, the GL context, ImGui's backends and the fonts; feeds data and
// browser events to the App and mirrors its view into the URL and localStorage.
//
// [SECTION] Fonts and display density
// [SECTION] Idle: no frames when nothing changes
// [SECTION] Data, links and storage
// [SECTION] One frame
// [SECTION] main
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app.h"
#include "browser.h"
#include "text/cjk_text.h"
#include "catalog/gpu_fields.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "text/json_util.h"
#include "live_text.h"
#include "panels.h"
#include "view/session.h"
#include "view/share_link.h"
#include "text_input.h"
#include "theme.h"
#include "touch_input.h"
#include "widgets.h"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#else
#include <SDL_opengl.h>
#endif

#ifdef __EMSCRIPTEN__
#include "font_atlas_web.h"
// The characters of the page's first atlas (scripts/subset_fonts.py: ASCII and the other
// non-CJK characters the UI and the data use), drawn in the reader's own UI font.
extern const char32_t kLatinCodepoints[];
extern const std::size_t kLatinCodepoints_count;
#else
extern const unsigned char kLatinFont[];
extern const std::size_t kLatinFont_size;
#endif

namespace {

using namespace gpuwise;

constexpr float kFontSizeCssPx = 15.0f;
constexpr float kTouchFontSizeCssPx = 16.0f;  // phones: also keeps iOS from zooming into fields
// Frames drawn after the last input before the loop sleeps: enough for ImGui's hover
// and tooltip delays to settle (tooltips appear after ~0.5 s).
constexpr int kFramesAfterInput = 45;
// The longest frame ImGui is told about (see the frame loop): keeps key repeat honest.
constexpr float kMaxFrameSeconds = 0.05f;

// When start-up and the first frame reached each step, in ms since navigation started
// (the page's performance.now()): published as window.gpuwise.startup, which
// scripts/bench.sh reports as the first frame's timeline (issue 15).
struct StartupTimes {
  double main_ms = 0;       // main() entered: the wasm compiled, instantiated, runtime ready
  double webgl_ms = 0;      // the WebGL2 context made (SDL window + GL context)
  double imgui_ms = 0;      // ImGui and its backends set up
  double frame_ms = 0;      // the first frame began
  double catalog_ms = 0;    // ...the catalog (gpus.bin) taken and loaded (0: not in the first frame)
  double prices_ms = 0;     // ...prices.json
  double data_ms = 0;       // ...the data files the first view reads (the catalog tab: none after the catalog)
  double fonts_ms = 0;      // ...font atlas built and uploaded
  double layout_ms = 0;     // ...every panel laid out (ImGui::Render done)
  double drawn_ms = 0;      // ...drawn to the canvas
  double published_ms = 0;  // URL, storage and window.gpuwise updated: the frame after the first
  // The first frame's font atlas (web): its glyphs, and how many of them the browser still
  // had to draw then (the loader draws the Latin ones while the app downloads).
  int atlas_glyphs = 0;
  int atlas_drawn = 0;
};

double NowMs() {
#ifdef __EMSCRIPTEN__
  return emscripten_get_now();
#else
  static const auto start = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
#endif
}

struct Platform {
  SDL_Window* window = nullptr;
  ui::App app;
  int frames = 0;
  float font_density = 0;          // the pixel ratio the font atlas was built for
  bool fonts_dirty = true;
  // Chinese from the system's own font (platform::system_cjk_font, asked once in main()),
  // else from the downloaded subset (cjk_file). On the page the browser draws both: the
  // atlas gets a glyph for every CJK character the data, the translations or the reader's
  // typing use. The desktop build merges the subset's file (cjk_font) into its atlas.
  bool system_cjk = false;
  bool cjk_file = false;            // the subset has arrived
  std::vector<unsigned char> cjk_font;  // desktop: the subset's bytes, kept alive for the atlas
  std::string cjk_file_error;       // the subset download failed: why
  std::vector<char32_t> cjk_codepoints;  // sorted: every CJK character seen so far
  std::vector<char32_t> typed_codepoints;  // sorted: other characters typed or drawn that the first atlas lacks
  std::vector<char32_t> chinese_only_codepoints;  // of text shown only in Chinese, until it is
  bool catalog_pending = true, prices_pending = true, cuda_pending = true;
  bool view_started = false;       // the link / saved view has been applied
  bool later_asked = false;        // index.later.wasm has been asked for (UpdateLaterCode)
  int frames_until_idle = kFramesAfterInput;
  bool paused = false;
  bool dark = true;
  ViewState published_view;
  std::string published_info;
  std::string published_link;
  PriceOverrides saved_overrides;
  bool running = true;
  bool never_idle = false;         // ?idle=off: the old behaviour, for measurements
  bool touch = false;              // a finger is the main pointer: bigger targets
  std::string published_live_text;
  StartupTimes startup;
};

Platform* g_platform = nullptr;

// Whether the atlas holds a glyph per CJK character seen: on the page, once a CJK font
// can draw them (the system's, or the subset once it has arrived). The desktop merges the
// subset's whole file instead.
bool CjkGlyphsPerCharacter(const Platform& p) {
#ifdef __EMSCRIPTEN__
  return p.system_cjk || p.cjk_file;
#else
  (void)p;
  return false;
#endif
}

// The CJK characters of a text the page will show: each new one needs a glyph in the atlas.
void NoteCjkText(Platform& p, std::string_view text) {
  if (add_cjk_codepoints(text, p.cjk_codepoints) > 0 && CjkGlyphsPerCharacter(p)) p.fonts_dirty = true;
}
// The catalog's text fields, as loaded: its file may be bytes (gpus.bin), where a figure's
// bytes could pass for a CJK character.
void NoteCatalogCjkText(Platform& p) {
  for (const Gpu& gpu : p.app.ui().catalog.gpus) {
    for (const GpuField& field : gpu_fields()) {
      if (const auto* text = std::get_if<std::string Gpu::*>(&field.member)) NoteCjkText(p, gpu.**text);
    }
  }
}
// Text only a Chinese page shows (cuda.json's Chinese notes): its characters wait until
// Chinese is shown, so an English page draws ~16 glyphs at start, not ~170 (~12 ms).
void NoteChineseOnlyText(Platform& p, std::string_view text) {
  if (p.app.ui().cjk_font == ui::LoadState::ready) NoteCjkText(p, text);
  else add_cjk_codepoints(text, p.chinese_only_codepoints);
}

// [SECTION] Fonts and display density
// The atlas is rasterised at the device pixel ratio and scaled back, so text stays
// sharp on HiDPI screens and after a browser zoom. On the page the browser draws every
// glyph (font_atlas_web.h): the reader's UI font, and for Chinese the system's CJK font or
// the downloaded subset. The desktop build rasterises the DejaVu subset and merges the
// CJK subset once it is read.
void BuildFonts(Platform& p, float density) {
  ImGuiIO& io = ImGui::GetIO();
  const float size_px = std::round((p.touch ? kTouchFontSizeCssPx : kFontSizeCssPx) * density);
#ifdef __EMSCRIPTEN__
  std::vector<char32_t> codepoints(kLatinCodepoints, kLatinCodepoints + kLatinCodepoints_count);
  codepoints.insert(codepoints.end(), p.typed_codepoints.begin(), p.typed_codepoints.end());
  if (CjkGlyphsPerCharacter(p)) codepoints.insert(codepoints.end(), p.cjk_codepoints.begin(), p.cjk_codepoints.end());
  std::sort(codepoints.begin(), codepoints.end());
  codepoints.erase(std::unique(codepoints.begin(), codepoints.end()), codepoints.end());
  // ImWchar is 16 bits: characters beyond the BMP (emoji) have no glyph and show as '?'.
  codepoints.erase(std::remove_if(codepoints.begin(), codepoints.end(), [](char32_t c) { return c > 0xFFFF; }),
                   codepoints.end());
  std::vector<unsigned char> is_cjk;
  for (const char32_t c : codepoints) is_cjk.push_back(is_cjk_codepoint(c) ? 1 : 0);
  const int drawn = platform::build_browser_font(*io.Fonts, codepoints, is_cjk, size_px);
  if (p.frames == 0) {
    p.startup.atlas_glyphs = static_cast<int>(codepoints.size());
    p.startup.atlas_drawn += drawn;
  }
#else
  io.Fonts->Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;
  config.OversampleH = 1;  // the atlas is already at device resolution
  config.OversampleV = 1;
  config.PixelSnapH = true;
  static const ImWchar latin_ranges[] = {0x0020, 0x00FF, 0x2010, 0x27BF, 0};
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kLatinFont), static_cast<int>(kLatinFont_size), size_px,
                                 &config, latin_ranges);
  ImFontConfig merge = config;
  merge.MergeMode = true;
  // Glyphs missing from a subset are skipped by the atlas builder, so one range fits both.
  static const ImWchar cjk_ranges[] = {0x3000, 0x30FF, 0x4E00, 0x9FFF, 0xFF00, 0xFFEF, 0};
  if (!p.cjk_font.empty()) {
    io.Fonts->AddFontFromMemoryTTF(p.cjk_font.data(), static_cast<int>(p.cjk_font.size()), size_px, &merge,
                                   cjk_ranges);
  }
#endif
  io.FontGlobalScale = 1.0f / density;
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  p.font_density = density;
  p.fonts_dirty = false;
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

// Chinese needs, the first time it is shown: the translations (web build: a download)
// and glyphs. ui.cjk_font is ready once both are in; a failure leaves the page in English
// words or without Chinese glyphs and says why.
void UpdateCjkFont(Platform& p) {
  if (!p.system_cjk && !p.cjk_file && p.cjk_file_error.empty()) {  // the subset, requested in main()
    std::string error;
    switch (platform::take_cjk_font(p.cjk_font, error)) {
      case platform::DataStatus::pending: break;
      case platform::DataStatus::ready: p.cjk_file = true; p.fonts_dirty = true; break;
      case platform::DataStatus::failed: p.cjk_file_error = error.empty() ? "the Chinese font did not load" : error; break;
    }
  }
  ui::UiState& ui = p.app.ui();
  if (p.app.view().language != "zh" || ui.cjk_font != ui::LoadState::pending) return;
  auto fail = [&](const std::string& why) {
    ui.cjk_font = ui::LoadState::failed;
    ui.cjk_font_error = why;
    ui.notices.push_back({"{0}", {why}});
  };
  if (!ui::chinese_loaded()) {
    platform::request_data_file("strings_zh.json");
    std::string text;
    switch (platform::take_data_file("strings_zh.json", text)) {
      case platform::DataStatus::pending: break;
      case platform::DataStatus::ready: {
        const std::string error = ui::load_chinese(text);
        if (!error.empty()) return fail("data/strings_zh.json: " + error);
        NoteCjkText(p, text);
        break;
      }
      case platform::DataStatus::failed: return fail(text);
    }
  }
  if (!p.cjk_file_error.empty()) return fail(p.cjk_file_error);
  if (ui::chinese_loaded() && (p.system_cjk || p.cjk_file)) {
    ui.cjk_font = ui::LoadState::ready;
    for (const char32_t c : p.chinese_only_codepoints) add_codepoint(c, p.cjk_codepoints);
    p.chinese_only_codepoints.clear();
    p.fonts_dirty = true;
  }
}

#ifdef __EMSCRIPTEN__
// A character the page is about to show: true when the atlas needs a new glyph for it. A CJK
// one is kept from the start and gets its glyph once a CJK font can draw it (the system's, or
// the subset when it arrives: until then it stays a box); any other the first atlas lacks
// (Cyrillic, Hangul, ...) is drawn from the reader's UI font.
bool NoteCharacter(Platform& p, char32_t c) {
  if (is_cjk_codepoint(c)) return add_codepoint(c, p.cjk_codepoints) && CjkGlyphsPerCharacter(p);
  if (c < 0x80 || std::binary_search(kLatinCodepoints, kLatinCodepoints + kLatinCodepoints_count, c)) return false;
  return add_codepoint(c, p.typed_codepoints);
}
#endif

// Characters typed (through an input method too) wait in ImGui's queue for the coming
// frame: on the page, a new one gets its glyph before that frame is drawn.
void NoteTypedCharacters(Platform& p) {
#ifdef __EMSCRIPTEN__
  for (const ImWchar c : ImGui::GetIO().InputQueueCharacters) {
    if (NoteCharacter(p, c)) p.fonts_dirty = true;
  }
#else
  (void)p;
#endif
}

// Every text ImGui draws passes through ImDrawList::AddText, which the link wraps on the
// page (below, and src/platform/CMakeLists.txt). A character the atlas lacks (a link's
// search in Cyrillic or Chinese, an accented word pasted in, a browser's message in the
// reader's language) shows as '?' in that frame and gets its glyph in the next. The first
// atlas holds only the characters the build found in the UI and the data.
#ifdef __EMSCRIPTEN__
void NoteDrawnText(const char* begin, const char* end) {
  Platform* p = g_platform;
  if (!p || !begin) return;
  if (!end) end = begin + std::strlen(begin);
  const char* at = begin;
  while (at < end && static_cast<unsigned char>(*at) < 0x80) ++at;  // most text is ASCII
  bool added = false;
  while (at < end) {
    unsigned int c = 0;
    const int length = ImTextCharFromUtf8(&c, at, end);
    if (length <= 0) break;
    at += length;
    if (c > 0xFFFF) continue;  // ImWchar is 16 bits: beyond the BMP stays '?'
    if (NoteCharacter(*p, c)) added = true;
  }
  if (added) {
    p->fonts_dirty = true;
    p->frames_until_idle = kFramesAfterInput;  // the next frame draws it with its glyph
  }
}
#endif

// [SECTION] Idle: no frames when nothing changes
void Wake() {
  Platform* p = g_platform;
  if (!p) return;
  p->frames_until_idle = kFramesAfterInput;
#ifdef __EMSCRIPTEN__
  if (p->paused) {
    p->paused = false;
    emscripten_resume_main_loop();
  }
#endif
}

// Any SDL event (mouse, key, wheel, resize, focus) wakes the loop: SDL calls this
// watcher as the browser event arrives.
int WakeOnEvent(void*, SDL_Event* event) {
  if (event->type != SDL_POLLSENTINEL) Wake();  // the sentinel is SDL bookkeeping
  return 1;
}

// [SECTION] Data, links and storage
std::vector<std::string> CatalogIds(const Catalog& catalog) {
  std::vector<std::string> ids;
  for (const Gpu& gpu : catalog.gpus) ids.push_back(gpu.id);
  return ids;
}

// Today's date (UTC) as YYYY-MM-DD: prices are aged against it (stale after 12 months).
// The browser's clock under emscripten, the system's natively.
std::string TodayUtc() {
  const std::time_t now = std::time(nullptr);
  const std::tm* utc = std::gmtime(&now);
  if (!utc) return "";
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", utc);
  return date;
}

// [SECTION] The data files: one row each (what it is, what it feeds, when it is taken,
// what it adds to window.gpuwise.status), and one walk that takes them.
// The catalog goes first (its ids check links, prices and measured rows); the loader
// fetches gpus.bin, prices.json and cuda.json at start, the others once wanted.
enum class DataGroup {
  catalog,     // before the view starts
  first_view,  // the files the first view reads (the plain catalog tab: none)
  on_demand,   // the speed model's files, once a view wants them
};

struct DataFile {
  const char* name;   // as the page fetches it: data/<name>
  const char* feeds;  // what reads it (for readers of this table)
  DataGroup group;
  // Fetched only once wanted (request_data_file); nullptr: always, preloaded.
  bool (*wanted)(const Platform& p);
  // Files it must wait for; nullptr: none.
  bool (*turn)(const Platform& p);
  bool (*pending)(const Platform& p);  // not yet taken (loaded or failed)
  void (*ready)(Platform& p, const std::string& text);
  void (*failed)(Platform& p, const std::string& message);
  // Its keys of window.gpuwise.status; nullptr: none.
  void (*status)(const Platform& p, json& status);
};

const char* LoadStateWord(ui::LoadState state) {
  return state == ui::LoadState::ready ? "ready" : state == ui::LoadState::failed ? "failed" : "pending";
}

bool AfterCatalog(const Platform& p) { return !p.catalog_pending; }
bool SpeedWanted(const Platform& p) { return p.app.ui().speed.wanted || p.app.ui().speed.calibration_wanted; }
// The measured runs serve the speed model and the Images tab (issue 29).
bool BenchmarksWanted(const Platform& p) { return p.app.ui().speed.wanted || p.app.ui().speed.benchmarks_wanted; }

const std::vector<DataFile>& DataFiles() {
  static const std::vector<DataFile> files = {
      {platform::kCatalogFile, "every tab: the cards", DataGroup::catalog, nullptr, nullptr,
       [](const Platform& p) { return p.catalog_pending; },
       [](Platform& p, const std::string& bytes) {
         p.app.set_catalog_file(bytes);
         NoteCatalogCjkText(p);
         p.catalog_pending = false;
         if (p.frames == 0) p.startup.catalog_ms = NowMs();
       },
       [](Platform& p, const std::string& message) {
         p.app.set_catalog_error(message);
         p.catalog_pending = false;
       },
       [](const Platform& p, json& status) {
         const ui::UiState& ui = p.app.ui();
         json issues = json::array();
         for (const auto& issue : ui.catalog.issues) issues.push_back(issue.to_string());
         status["catalog_loaded"] = ui.catalog_loaded;
         status["catalog_gpus"] = ui.catalog.gpus.size();
         status["catalog_error"] = ui.catalog_error;
         status["catalog_issues"] = issues;
       }},
      // Prices name catalog ids, so they are read after the catalog.
      // Not in the first visit: fetched once a panel or tooltip shows a price (ui.prices_wanted),
      // which every tab but the catalog's table does at once.
      {"prices.json", "street prices, cloud rates, markets and machines: every price on the page",
       DataGroup::first_view,
       // Wanted by a panel that shows a price, or at once by a first view that will (a link
       // to the ROI tab reads its prices in frame 1, as the loader fetched them already).
       [](const Platform& p) {
         return p.app.ui().prices_wanted || (p.view_started && ui::ViewReadsPricesAndCuda(p.app.view()));
       },
       AfterCatalog,
       [](const Platform& p) { return p.prices_pending; },
       [](Platform& p, const std::string& text) {
         NoteCjkText(p, text);
         p.app.set_prices_text(text);
         p.app.ui().prices.today = TodayUtc();
         p.prices_pending = false;
         if (p.frames == 0) p.startup.prices_ms = NowMs();
       },
       [](Platform& p, const std::string& message) {
         p.app.set_prices_error(message);
         p.prices_pending = false;
       },
       [](const Platform& p, json& status) {
         status["prices"] = LoadStateWord(p.app.ui().prices_state);
         status["prices_error"] = p.app.ui().prices_error;
       }},
      {"cuda.json", "CUDA and PyTorch support: the PyTorch filters, card details", DataGroup::first_view, nullptr,
       nullptr, [](const Platform& p) { return p.cuda_pending; },
       [](Platform& p, const std::string& text) {
         NoteChineseOnlyText(p, text);
         p.app.set_cuda_text(text);
         p.cuda_pending = false;
       },
       [](Platform& p, const std::string& message) {
         p.app.set_cuda_error(message);
         p.cuda_pending = false;
       },
       [](const Platform& p, json& status) { status["cuda_error"] = p.app.ui().compat_error; }},
      // Notes and sources, once a panel wanted one; merged after the files they belong to.
      {"details.json", "notes and source links of the three files above", DataGroup::first_view,
       [](const Platform& p) { return p.app.ui().details_wanted; },
       [](const Platform& p) {
         return !p.catalog_pending && (!p.prices_pending || !p.app.ui().prices_wanted) && !p.cuda_pending;
       },
       [](const Platform& p) { return p.app.ui().details == ui::LoadState::pending; },
       [](Platform& p, const std::string& text) {
         NoteCjkText(p, text);
         p.app.set_details_text(text);
       },
       [](Platform& p, const std::string& message) { p.app.set_details_error(message); },
       [](const Platform& p, json& status) {
         status["details"] = LoadStateWord(p.app.ui().details);
         status["details_error"] = p.app.ui().details_error;
       }},
      // The speed model's files (after the catalog: the measured rows name its cards).
      {"benchmarks.json", "measured speeds: the speed model, the Images tab, their checks", DataGroup::on_demand,
       BenchmarksWanted, AfterCatalog,
       [](const Platform& p) { return !p.app.ui().speed.benchmarks_file.arrived &&
                                      p.app.ui().speed.benchmarks_state == ui::LoadState::pending; },
       [](Platform& p, const std::string& text) { p.app.set_speed_file("benchmarks.json", true, text); },
       [](Platform& p, const std::string& message) { p.app.set_speed_file("benchmarks.json", false, message); },
       nullptr},
      {"speed_calibration.json", "the speed model's fitted factors", DataGroup::on_demand, SpeedWanted, AfterCatalog,
       [](const Platform& p) { return !p.app.ui().speed.calibration_file.arrived &&
                                      p.app.ui().speed.calibration_state == ui::LoadState::pending; },
       [](Platform& p, const std::string& text) { p.app.set_speed_file("speed_calibration.json", true, text); },
       [](Platform& p, const std::string& message) {
         p.app.set_speed_file("speed_calibration.json", false, message);
       },
       nullptr},
      // The check's figures (gpuwise speed --check --json), once a panel shows them.
      {"speed_check.json", "how good the speed model is: its check table and scatter plots, the job cost's error",
       DataGroup::on_demand, [](const Platform& p) { return p.app.ui().speed.checks_wanted; }, AfterCatalog,
       [](const Platform& p) { return p.app.ui().speed.checks_state == ui::LoadState::pending; },
       [](Platform& p, const std::string& text) { p.app.set_speed_file("speed_check.json", true, text); },
       [](Platform& p, const std::string& message) { p.app.set_speed_file("speed_check.json", false, message); },
       [](const Platform& p, json& status) { status["speed_check"] = LoadStateWord(p.app.ui().speed.checks_state); }},
      // Issue 29: software support per card, once a view wants it (card details, Compare, a
      // software filter, a list of cards); the Images tab's fitted factors once it opens.
      {"software.json", "software support graded per card: the matrix, filters and every list's gate",
       DataGroup::on_demand, [](const Platform& p) { return p.app.ui().software.wanted; }, AfterCatalog,
       [](const Platform& p) {
         return !p.app.ui().software.file.arrived && p.app.ui().software.state == ui::LoadState::pending;
       },
       [](Platform& p, const std::string& text) {
         NoteChineseOnlyText(p, text);
         p.app.set_software_file(true, text);
       },
       [](Platform& p, const std::string& message) { p.app.set_software_file(false, message); },
       [](const Platform& p, json& status) {
         status["software"] = LoadStateWord(p.app.ui().software.state);
         status["software_error"] = p.app.ui().software.error;
       }},
      {"image_calibration.json", "the Images tab's fitted factors", DataGroup::on_demand,
       [](const Platform& p) { return p.app.ui().image.wanted; }, AfterCatalog,
       [](const Platform& p) {
         return !p.app.ui().image.calibration_file.arrived && p.app.ui().image.calibration_state == ui::LoadState::pending;
       },
       [](Platform& p, const std::string& text) { p.app.set_image_calibration_file(true, text); },
       [](Platform& p, const std::string& message) { p.app.set_image_calibration_file(false, message); },
       [](const Platform& p, json& status) { status["image_error"] = p.app.ui().image.error; }},
  };
  return files;
}

// A file still to come that someone waits for: the loop keeps polling.
bool Awaited(const Platform& p, const DataFile& file) {
  return file.pending(p) && (!file.wanted || file.wanted(p));
}

void LoadDataFiles(Platform& p, DataGroup group) {
  for (const DataFile& file : DataFiles()) {
    if (file.group != group || !Awaited(p, file) || (file.turn && !file.turn(p))) continue;
    if (file.wanted) platform::request_data_file(file.name);
    std::string text;
    switch (platform::take_data_file(file.name, text)) {
      case platform::DataStatus::pending: break;
      case platform::DataStatus::ready: file.ready(p, text); break;
      case platform::DataStatus::failed: file.failed(p, text); break;
    }
  }
}

bool AnyDataAwaited(const Platform& p) {
  for (const DataFile& file : DataFiles()) {
    if (Awaited(p, file)) return true;
  }
  return false;
}

// A first view that reads neither prices.json nor cuda.json (ui::ViewReadsPricesAndCuda)
// leaves them to the next frame (~16 ms later). On a first visit they cost ~45 ms of the
// first frame, the JSON parser's code running for the first time (issue 15).
bool FirstViewNeedsPricesAndCuda(const Platform& p) {
  if (!p.view_started) return true;
  const ViewState& view = p.app.view();
  // Ask's first frame draws the question only (its answer is index.later.wasm's, a moment
  // later): in US dollars it needs neither file (~30 ms); another market's budget needs the rate.
  if (view.tab == Tab::ask && view.buyer.market == "us") return false;
  return ui::ViewReadsPricesAndCuda(view);
}

// A first visit starts in the reader's market, from the browser's language and region
// (navigator.language: zh-CN → China, a European locale → Europe, else the US): its prices,
// currency, electricity tariff and cloud providers (money/market.h). Still editable (the
// header's market picker), and in the link (mkt). docs/roi.md, "Markets".
void ApplyLocaleDefaults(ViewState& view) { view.buyer.market = market_for_locale(platform::preferred_locale()); }

// Once the catalog is known (its ids check the link), open the link's view, or the
// saved one, or the defaults in the browser's language.
void StartView(Platform& p) {
  if (p.view_started || p.catalog_pending) return;
  const bool have_catalog = !p.app.ui().catalog.gpus.empty();
  const std::vector<std::string> ids = CatalogIds(p.app.ui().catalog);
  const auto start = start_view(platform::url_fragment(), platform::storage_get(kSavedViewKey),
                                platform::preferred_language(), have_catalog ? &ids : nullptr);
  p.app.view() = start.view;
  if (!start.from_link && platform::storage_get(kSavedViewKey).empty()) ApplyLocaleDefaults(p.app.view());
  auto& notices = p.app.ui().notices;
  for (const auto& notice : start.notice_texts) notices.push_back(start.from_link ? link_notice(notice) : notice);
  std::vector<std::string> price_notices;
  p.app.ui().overrides = price_overrides_from_json(platform::storage_get(kSavedOverridesKey), price_notices);
  for (auto& notice : price_notices) notices.push_back({"{0}", {std::move(notice)}});
  p.saved_overrides = p.app.ui().overrides;
  p.view_started = true;
}

// The code of the other tabs (src/ui/later.h; on the page index.later.wasm): asked for
// before the first frame when the view opens on one of them (a link, a saved view),
// otherwise right after the first frame (Frame); the UI reads its state each frame.
void UpdateLaterCode(Platform& p) {
  ui::UiState& ui = p.app.ui();
  if (!p.later_asked && p.view_started && ui::kTabPanels[static_cast<int>(p.app.view().tab)].later) {
    platform::request_later_code(true);
    p.later_asked = true;
  }
  std::string error;
  switch (platform::later_code_status(error)) {
    case platform::DataStatus::pending: ui.later_code = ui::LoadState::pending; break;
    case platform::DataStatus::ready: ui.later_code = ui::LoadState::ready; break;
    case platform::DataStatus::failed:
      ui.later_code = ui::LoadState::failed;
      ui.later_code_error = error;
      break;
  }
}

// A link the reader navigated to (pasted into the address bar, or the back button).
void FollowUrlChanges(Platform& p) {
  std::string fragment;
  if (!p.view_started || !platform::take_url_change(fragment)) return;
  if (fragment == p.published_link) return;
  const std::vector<std::string> ids = CatalogIds(p.app.ui().catalog);
  LinkDecode decoded = decode_link(fragment, ViewState{}, p.app.ui().catalog.gpus.empty() ? nullptr : &ids);
  p.app.view() = decoded.state;
  p.app.ui().notices.clear();
  for (const auto& notice : decoded.notice_texts) p.app.ui().notices.push_back(link_notice(notice));
}

// The URL and localStorage mirror the view; the user's prices are saved separately
// and never go into a link.
void MirrorView(Platform& p) {
  if (!p.view_started) return;
  const ViewState& view = p.app.view();
  if (view != p.published_view || p.published_link.empty()) {
    p.published_link = encode_link(view);
    platform::replace_url_fragment(p.published_link);
    const std::string state_json = dump_json(view_state_to_json(view));
    platform::storage_set(kSavedViewKey, state_json);
    platform::publish_state(state_json);
    platform::set_document_language(view.language);
    p.published_view = view;
    p.frames_until_idle = kFramesAfterInput;  // a changed view may change the layout
  }
  const PriceOverrides& overrides = p.app.ui().overrides;
  if (overrides.price_usd != p.saved_overrides.price_usd ||
      overrides.rate_usd_per_hour != p.saved_overrides.rate_usd_per_hour) {
    platform::storage_set(kSavedOverridesKey, price_overrides_to_json(overrides));
    p.saved_overrides = overrides;
  }
}

// What a script can read besides state(): where the widgets are, what each panel
// publishes (ui::PageParts()), and what went wrong while loading data (DataFiles()).

json PageInfo(const Platform& p, const ViewState& view, const ui::UiState& ui) {
  json targets = json::object();
  for (const auto& rect : ui.targets) {
    targets[rect.key] = {{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}};
  }
  json status = {{"cjk_font", LoadStateWord(ui.cjk_font)},
                 {"cjk_glyphs_from", p.system_cjk ? "system" : p.cjk_file ? "file" : ""},
                 {"cjk_characters", p.cjk_codepoints.size()},
                 {"typed_characters", p.typed_codepoints.size()},
                 {"clipboard", ui.clipboard_message},
                 {"panel", ui.panel_drawn},
                 {"later_code", LoadStateWord(ui.later_code)},
                 {"later_code_error", ui.later_code_error}};
  for (const DataFile& file : DataFiles()) {
    if (file.status) file.status(p, status);
  }
  json info = {{"targets", targets},
       {"stale_marks", ui.stale_marks_drawn},
       {"notices", english(ui.notices)},
       {"untranslated", ui::untranslated()},
       {"status", status},
       {"startup", {{"main_ms", p.startup.main_ms}, {"webgl_ms", p.startup.webgl_ms},
                    {"imgui_ms", p.startup.imgui_ms}, {"frame_ms", p.startup.frame_ms},
                    {"catalog_ms", p.startup.catalog_ms}, {"prices_ms", p.startup.prices_ms},
                    {"data_ms", p.startup.data_ms}, {"fonts_ms", p.startup.fonts_ms},
                    {"layout_ms", p.startup.layout_ms}, {"drawn_ms", p.startup.drawn_ms},
                    {"published_ms", p.startup.published_ms}, {"atlas_glyphs", p.startup.atlas_glyphs},
                    {"atlas_drawn", p.startup.atlas_drawn}}}};
  for (const ui::PagePart& part : ui::kPageParts) {
    info[part.key] = part.later && !ui::LaterCodeReady(ui) ? json() : part.publish(view, ui);
  }
  return info;
}

void PublishToPage(Platform& p) {
  platform::publish_frame(p.frames);
  std::string live_text = ui::LiveText(p.app.view(), p.app.ui());
  if (live_text != p.published_live_text) {
    platform::set_live_text(live_text);
    p.published_live_text = std::move(live_text);
  }
  std::string info = dump_json(PageInfo(p, p.app.view(), p.app.ui()));
  if (info != p.published_info) {
    platform::publish_info(info);
    p.published_info = std::move(info);
  }
}

void RunRequests(Platform& p, const ui::PlatformRequests& requests) {
  ui::UiState& ui = p.app.ui();
  if (!requests.open_url.empty()) platform::open_url(requests.open_url);
  if (requests.later_code) {
    platform::request_later_code(true);
    p.later_asked = true;
  }
  if (requests.copy_link) {
    ui.copied_link = platform::page_url_without_fragment() + "#" + encode_link(p.app.view());
    platform::copy_to_clipboard(ui.copied_link);
  }
  if (!requests.clipboard_text.empty()) platform::copy_to_clipboard(requests.clipboard_text);
  if (requests.clear_saved) {
    platform::storage_remove(kSavedViewKey);
    platform::storage_remove(kSavedOverridesKey);
    p.saved_overrides = {};
  }
  if (!requests.download_name.empty()) {
    platform::download_file(requests.download_name, requests.download_mime, requests.download_content);
  }
  switch (platform::take_clipboard_result()) {
    case 1:
      ui.clipboard_message = ui.copied_link.empty() ? "" : N_("Link copied to the clipboard.");
      ui.copied_link.clear();
      break;
    case 2: ui.clipboard_message = N_("The browser did not allow copying; select the link and copy it:"); break;
    default: break;
  }
}

#ifdef __EMSCRIPTEN__  // the desktop build keeps SDL's own clipboard
// ImGui's Ctrl+C goes to the system clipboard; Ctrl+V arrives as the browser's paste
// event (the only way a page may read the clipboard), typed into the focused field.
void SetClipboardText(void*, const char* text) { platform::copy_to_clipboard(text ? text : ""); }
const char* GetClipboardText(void*) { return ""; }
#endif

void FeedPastes() {
  std::string text;
  while (platform::take_paste(text)) {
    if (ImGui::GetIO().WantTextInput) ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
  }
}

void UpdateTheme(Platform& p) {
  const std::string& theme = p.app.view().theme;
  const bool dark = theme == "dark" || (theme != "light" && platform::prefers_dark_theme());
  if (dark != p.dark || p.frames == 0) {
    ui::ApplyTheme(dark, p.touch);
    p.dark = dark;
  }
  p.app.ui().dark = dark;
}

// Keyboard users: Enter activates the focused button as Space does (ImGui 1.86 gives
// Enter only to text fields and sliders).
void ActivateWithEnter() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  if (io.KeysDown[SDL_SCANCODE_RETURN] || io.KeysDown[SDL_SCANCODE_KP_ENTER]) io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
}

// A new build was installed by the service worker: say so, and reload on request
// rather than mixing files of two builds.
void DrawUpdateNotice(Platform& p) {
  if (!platform::update_available()) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y - 12), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("update-notice", nullptr, flags)) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(ui::tr("New data available."));
    ImGui::SameLine();
    if (ImGui::Button(ui::tr("Reload"))) platform::reload_page();
    ui::RecordTarget(p.app.ui(), "update-reload");
  }
  ImGui::End();
}

// [SECTION] One frame
void Frame(void* arg) {
  Platform& p = *static_cast<Platform*>(arg);
  const bool first = p.frames == 0;
  if (first) p.startup.frame_ms = NowMs();
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (!platform::ProcessTouchEvent(event)) ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) p.running = false;
  }
  LoadDataFiles(p, DataGroup::catalog);
  StartView(p);
  if (!first || FirstViewNeedsPricesAndCuda(p)) LoadDataFiles(p, DataGroup::first_view);
  if (first) p.startup.data_ms = NowMs();
  LoadDataFiles(p, DataGroup::on_demand);
  FollowUrlChanges(p);
  UpdateLaterCode(p);
  UpdateCjkFont(p);
  UpdateTheme(p);
  const float density = CurrentDensity(p.window);
  if ((density != p.font_density || p.fonts_dirty) && density > 0) BuildFonts(p, density);
  if (first) p.startup.fonts_ms = NowMs();

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // A slow frame (a busy phone, or the first frame after idling) must not count as a
  // key held for that long: ImGui repeats a key held past 0.275 s, so one Tab press
  // spanning two 300 ms frames moved focus twice, and a Backspace held over four slow
  // frames (0.1 s each) took three characters. A key repeats after six frames at the
  // earliest. Animations only slow down.
  ImGui::GetIO().DeltaTime = std::min(ImGui::GetIO().DeltaTime, kMaxFrameSeconds);
  platform::ApplyTouch();
  platform::FeedTypedText();
  // What was just typed is drawn this frame: a new Chinese character gets its glyph now.
  NoteTypedCharacters(p);
  if (p.fonts_dirty && p.font_density > 0) BuildFonts(p, p.font_density);
  ActivateWithEnter();
  ImGui::NewFrame();
  FeedPastes();
  ui::PlatformRequests requests;
  const ImGuiIO& io = ImGui::GetIO();
  p.app.draw(io.DisplaySize.x, io.DisplaySize.y, requests);
  DrawUpdateNotice(p);
  ImGui::Render();
  if (first) p.startup.layout_ms = NowMs();
  platform::SyncTextField();
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(p.window);
  if (first) p.startup.drawn_ms = NowMs();

  ++p.frames;
  if (first) {
    // The first frame shows once this callback returns, so it returns now: the URL, the
    // saved view and what scripts read (window.gpuwise) follow in the next frame. They
    // cost 25-35 ms of the first frame, mostly code running for the first time (issue 15).
    // window.gpuwise.ready turns true now; `published` with the next frame.
    platform::hide_loading_screen();
    platform::publish_frame(p.frames);
    // The other tabs' code, now that the first view is on screen (the page starts the
    // download once this frame is shown).
    if (!p.later_asked) {
      platform::request_later_code(false);
      p.later_asked = true;
    }
  } else {
    const bool first_publication = p.published_link.empty();
    MirrorView(p);
    if (first_publication) p.startup.published_ms = NowMs();  // published with this frame's info below
    PublishToPage(p);
  }
  RunRequests(p, requests);

  const bool waiting = AnyDataAwaited(p) ||
                       (p.app.view().language == "zh" && p.app.ui().cjk_font == ui::LoadState::pending);
  if (waiting || p.never_idle) p.frames_until_idle = kFramesAfterInput;  // keep polling until data arrives
  if (platform::TouchNeedsFrames()) p.frames_until_idle = kFramesAfterInput;
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

#ifdef __EMSCRIPTEN__
// ImDrawList::AddText, both forms: the link's --wrap sends every call from outside
// imgui_draw.cpp (ImGui's widgets and ours) here, to NoteDrawnText and then ImGui's own.
extern "C" {
void __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(ImDrawList*, const ImFont*, float,
                                                                        const ImVec2&, ImU32, const char*,
                                                                        const char*, float, const ImVec4*);
void __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList*, const ImVec2&, ImU32, const char*, const char*);
void __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(ImDrawList* list, const ImFont* font,
                                                                        float size, const ImVec2& pos, ImU32 colour,
                                                                        const char* begin, const char* end,
                                                                        float wrap_width, const ImVec4* clip) {
  NoteDrawnText(begin, end);
  __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(list, font, size, pos, colour, begin, end,
                                                                    wrap_width, clip);
}
void __wrap__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* list, const ImVec2& pos, ImU32 colour,
                                                     const char* begin, const char* end) {
  NoteDrawnText(begin, end);
  __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(list, pos, colour, begin, end);
}
}
#endif

// [SECTION] main
int main(int, char**) {
  // Fingers are handled by touch_input.cpp, not as SDL's imitation mouse.
  SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
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
  // ImGui draws in 2D and never tests depth: no depth buffer (SDL asks for 16 bits unless
  // told). Without one the WebGL step of start-up took ~30 ms instead of ~60 with
  // SwiftShader (A/B page loads; issue 15).
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  // The page's loader (web/loader.js) has made this WebGL2 context already, with the
  // attributes these settings ask for (no alpha, no depth, no stencil, no antialiasing): the
  // browser hands SDL that context. Change both together.
  static Platform p;  // lives for the whole program; the web loop outlives main()
  g_platform = &p;
  p.startup.main_ms = NowMs();
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
  p.startup.webgl_ms = NowMs();

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;                 // the view lives in the URL, not in imgui.ini
  io.ConfigInputTextCursorBlink = false;    // a blinking caret would keep the loop awake
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // Tab, arrows, Space, Enter, Esc
  // Keys repeat after half a second, as desktop systems do by default (ImGui: 0.275 s): a
  // Backspace tapped on a busy phone, or by a test driving a loaded browser, takes one
  // character, not two.
  io.KeyRepeatDelay = 0.5f;
#ifdef __EMSCRIPTEN__
  io.SetClipboardTextFn = SetClipboardText;
  io.GetClipboardTextFn = GetClipboardText;
#endif
  ImGui_ImplSDL2_InitForOpenGL(p.window, gl);
  ImGui_ImplOpenGL3_Init(glsl_version);
  SDL_AddEventWatch(WakeOnEvent, nullptr);
  platform::set_wake_handler(Wake);
  p.never_idle = platform::idle_disabled();
  p.touch = platform::coarse_pointer();
  // Chinese glyphs are needed from the start: the language switch says 中文 and a few
  // cloud providers' names are Chinese. The system's font draws them, else the subset
  // is downloaded now.
  add_cjk_codepoints("中文", p.cjk_codepoints);
  p.system_cjk = platform::system_cjk_font();
  if (!p.system_cjk) platform::request_cjk_font();
  p.startup.imgui_ms = NowMs();

#ifdef __EMSCRIPTEN__
  // The first frame waits for the next animation frame (~10 ms): drawn at once from here,
  // it often came before the data files' bytes had been handed over, and showed an empty
  // catalog for a frame.
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
