// The only place that talks to the browser (or, natively, its stand-ins): data files,
// window.gpuwise, the URL, localStorage, the clipboard, downloads, fonts, theme.
#pragma once
#include <string>
#include <vector>

namespace gpuwise::platform {

enum class DataStatus { pending, ready, failed };
// gpus.json etc.: fetched by the page's loader (web) or read from data/ (native).
// On `ready`, `out` holds the text; on `failed`, a message saying what went wrong.
DataStatus take_data_file(const std::string& name, std::string& out);
// The catalog's file: the page's gpus.bin (core's catalog_binary.h, written by the build),
// or on the desktop data/gpus.json itself.
extern const char* const kCatalogFile;
// A data file the page's loader does not fetch up front (benchmarks.json and the
// speed calibration for the speed views, details.json for notes and sources): starts its
// download once; take_data_file() then reports it like the others.
void request_data_file(const std::string& name);

// The code of the views the first view does not need (src/ui/later.h): on the page the
// second module, index.later.wasm, which the loader (web/loader.js) fetches, compiles in
// the background and links into the running app. `now`: a view needs it this frame;
// otherwise the download starts once the current frame is on screen. Asking again while
// it loads does nothing; after a failure it tries again. Natively the code is part of the
// program: always ready.
void request_later_code(bool now);
DataStatus later_code_status(std::string& error);

// The CJK font subset, downloaded at start-up only where the system has no CJK font of
// its own (system_cjk_font() below). The page hands it to the browser as the font
// "gpuwise-cjk" (the glyphs below are drawn with it) and leaves `bytes` empty; the desktop
// build reads the file's bytes into `bytes`.
void request_cjk_font();
DataStatus take_cjk_font(std::vector<unsigned char>& bytes, std::string& error);

// Whether the reader's system has a CJK font: false when its glyphs draw as empty boxes,
// natively, or with ?cjk=file in the page URL (the downloaded subset, for tests and
// comparisons).
bool system_cjk_font();

// The page's glyphs, drawn by the browser (a canvas) in the reader's own fonts: its UI
// font for Latin and other scripts, a Chinese font for CJK characters. The download then
// carries no font and no rasteriser, and any character an input method types can be shown.
// The desktop build rasterises its font files with ImGui instead and never calls these.
struct GlyphImages {
  std::vector<char32_t> codepoints;
  std::vector<unsigned char> is_cjk;  // per glyph: 1 = drawn in the CJK families (Chinese forms)
  std::vector<float> advances;        // px, per glyph
  std::vector<int> boxes;             // per glyph: left, top (px from the pen on the baseline), width, height
};
// The page keeps each glyph it has drawn (per size), so a later atlas draws only new ones.
// Fills `advances` and `boxes` for `codepoints` drawn at `em_px`.
void measure_glyphs(GlyphImages& glyphs, int em_px);
// Copies each glyph, its box's top-left at `places` (x, y per glyph), into `atlas`, an
// 8-bit coverage image `atlas_w` wide. Returns how many glyphs had to be drawn for it.
int draw_glyphs(const GlyphImages& glyphs, int em_px, const std::vector<int>& places, unsigned char* atlas,
                int atlas_w);

// window.gpuwise: ready, frames, state(), and the fields of `info_json` (targets,
// table, status) for tests and scripts.
void publish_frame(int frames);
void publish_state(const std::string& state_json);
void publish_info(const std::string& info_json);

// The URL fragment (without '#'); replace_url_fragment() rewrites it without adding a
// history entry. take_url_change() reports a fragment the user navigated to (a pasted
// link, the back button) since the last call.
std::string url_fragment();
void replace_url_fragment(const std::string& fragment);
std::string page_url_without_fragment();  // "https://user.github.io/gpuwise/"
bool take_url_change(std::string& fragment);

// localStorage; false / empty when storage is unavailable (private mode, quota).
std::string storage_get(const std::string& key);
bool storage_set(const std::string& key, const std::string& value);
void storage_remove(const std::string& key);

// The system clipboard. Writes finish later: take_clipboard_result() then returns 1 (ok)
// or 2 (refused), 0 while nothing new happened. Pasted text arrives through take_paste().
void copy_to_clipboard(const std::string& text);
int take_clipboard_result();
bool take_paste(std::string& text);

// Saves `content` as a file through the browser's download.
void download_file(const std::string& name, const std::string& mime, const std::string& content);

void open_url(const std::string& url);
double device_pixel_ratio();
bool prefers_dark_theme();
std::string preferred_language();   // "zh" for a Chinese browser, else "en"
// The browser's first language tag as written ("zh-CN", "en-US"); "" when unknown.
std::string preferred_locale();
void set_document_language(const std::string& language);
// Hides the HTML loading screen once the first frame is on the canvas.
void hide_loading_screen();

// Browser events outside SDL (hash change, paste, font download, theme change) call
// this to wake an idle loop; set by main.
void set_wake_handler(void (*wake)());

// ?idle=off in the page URL: draw every frame (for measuring what idling saves).
bool idle_disabled();

// Typing through the page's hidden <input>: it follows ImGui's active text field so
// that phone keyboards open and input methods (pinyin) compose at the field. What the
// reader commits comes back as text or as an editing key, in order.
struct TextFieldSpot {
  bool wanted = false;           // a text field is active
  float x = 0, y = 0;            // its caret, CSS px from the canvas' top left
  float line_height = 0;
  bool numeric = false;          // a number field: the phone shows a decimal keypad
};
void sync_text_input(const TextFieldSpot& spot);
enum class TypedKind { none, text, backspace, del, enter };
TypedKind take_typed(std::string& text);

// A touch screen is the main pointer ((pointer: coarse)): bigger targets.
bool coarse_pointer();

// The answer of the current view, for screen readers (an aria-live region).
void set_live_text(const std::string& text);

// The service worker has a newer build ready; reload_page() switches to it.
bool update_available();
void reload_page();

}  // namespace gpuwise::platform
