// Web bodies of browser.h. Property names are quoted (window['gpuwise']) so that the
// closure compiler keeps them. Browser events are queued in window['gpuwiseHost'] and
// taken by the frame loop; each one also wakes the loop if it is idle. Text goes to the
// app through emscripten's allocateUTF8 (the caller frees it: take_string).
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>
#include <cstring>

#include "browser.h"

namespace {
void (*g_wake)() = nullptr;
}

extern "C" EMSCRIPTEN_KEEPALIVE void gpuwise_wake() {
  if (g_wake) g_wake();
}

// clang-format off
EM_JS(void, js_install, (), {
  var host = window['gpuwiseHost'] = {'url': null, 'pastes': [], 'clipboard': 0, 'font': null};
  window.addEventListener('hashchange', function () {
    host['url'] = location.hash.replace(/^#/, "");
    _gpuwise_wake();
  });
  // Ctrl+V in a text field: the browser hands us the text with the paste event.
  document.addEventListener('paste', function (event) {
    var text = (event.clipboardData || window.clipboardData).getData('text');
    if (text) { host['pastes'].push(text); _gpuwise_wake(); }
  });
  if (window.matchMedia) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function () { _gpuwise_wake(); });
  }

  // The hidden text input. Keys that edit (Backspace, arrows, Enter, Ctrl+A) still reach
  // SDL through the window's listeners; characters come only from here (keypress is
  // stopped), so a phone keyboard or an input method commits exactly once. The value
  // keeps one placeholder character so that a phone's Backspace shows as a deletion.
  var ime = document.createElement('input');
  ime.id = 'ime';
  ime.type = 'text';
  ['autocomplete', 'autocorrect', 'autocapitalize'].forEach(function (name) { ime.setAttribute(name, 'off'); });
  ime.setAttribute('spellcheck', 'false');
  ime.setAttribute('enterkeyhint', 'done');
  ime.setAttribute('aria-hidden', 'true');
  ime.tabIndex = -1;
  var placeholder = '\u200b';
  ime.value = placeholder;
  document.body.appendChild(ime);
  host['ime'] = ime;
  host['typed'] = [];
  host['wantText'] = false;
  function typed(kind, text) { host['typed'].push([kind, text || ""]); _gpuwise_wake(); }
  function commit() {
    var text = ime.value.split(placeholder).join("");
    if (text) typed(1, text);
    ime.value = placeholder;
  }
  ime.addEventListener('compositionstart', function () { ime.classList.add('composing'); });
  ime.addEventListener('compositionend', function () { ime.classList.remove('composing'); commit(); });
  ime.addEventListener('input', function (event) {
    if (event['isComposing'] || ime.classList.contains('composing')) return;
    var kind = event['inputType'] || "";
    if (kind === 'deleteContentBackward' || kind === 'deleteContentForward') {
      typed(kind === 'deleteContentBackward' ? 2 : 3);
      ime.value = placeholder;
      return;
    }
    if (kind === 'insertLineBreak') { typed(4); ime.value = placeholder; return; }
    commit();
  });
  ime.addEventListener('keypress', function (event) { event.stopPropagation(); });
  function keepFromSdl(event) {
    // Keys that belong to a composition (pinyin letters, its Backspace and Enter), and
    // Ctrl+V, whose default action is the paste event we read.
    var paste = (event.ctrlKey || event.metaKey) && (event.key === 'v' || event.key === 'V');
    if (event['isComposing'] || event.keyCode === 229 || ime.classList.contains('composing') || paste) {
      event.stopPropagation();
    }
  }
  ime.addEventListener('keydown', keepFromSdl);
  ime.addEventListener('keyup', keepFromSdl);
  ime.addEventListener('paste', function (event) { event.preventDefault(); });
  // iOS opens the keyboard only for a focus() made inside a touch handler: the frame
  // that saw the press has already asked for text, so focus when the finger lifts.
  var canvas = document.getElementById('canvas');
  canvas.addEventListener('touchend', function () {
    if (!host['wantText']) return;
    if (document.activeElement === ime) ime.blur();  // focused outside a gesture: again, inside one
    ime.focus({'preventScroll': true});
  });
  canvas.addEventListener('mouseup', function () {
    if (host['wantText'] && document.activeElement !== ime) ime.focus({'preventScroll': true});
  });
});
EM_JS(int, js_data_status, (const char* name), {
  var files = window['gpuwiseData'] || {};
  var entry = files[UTF8ToString(name)];
  if (!entry) return 0;
  return entry['ok'] ? 1 : 2;
});
// A file arrives as bytes (loader.js) and is copied into wasm memory in one go: turning
// the text into UTF-8 one character at a time took ~16 ms of the first frame (issue 15).
EM_JS(int, js_data_size, (const char* name), {
  var entry = window['gpuwiseData'][UTF8ToString(name)];
  return entry['ok'] ? entry['bytes'].length : lengthBytesUTF8(entry['error']) + 1;
});
EM_JS(void, js_data_copy, (const char* name, char* out, int size), {
  var entry = window['gpuwiseData'][UTF8ToString(name)];
  if (entry['ok']) HEAPU8.set(entry['bytes'], out);
  else stringToUTF8(entry['error'], out, size);
});
// A data file the loader does not fetch up front (details.json, and benchmarks.json and
// speed_calibration.json for the speed views): fetched when first asked for, into the
// same window.gpuwiseData the loader fills.
EM_JS(void, js_request_data_file, (const char* name), {
  var key = UTF8ToString(name);
  var host = window['gpuwiseHost'];
  host['requested'] = host['requested'] || {};
  if (host['requested'][key] || window['gpuwiseData'][key]) return;
  host['requested'][key] = true;
  fetch('data/' + key).then(function (response) {
    if (!response.ok) throw new Error('the server answered ' + response.status);
    return response.arrayBuffer();
  }).then(function (buffer) {
    window['gpuwiseData'][key] = {'ok': true, 'bytes': new Uint8Array(buffer)};
    _gpuwise_wake();
  }, function (error) {
    window['gpuwiseData'][key] = {'ok': false, 'error': 'could not download data/' + key + ' (' + error.message + ')'};
    _gpuwise_wake();
  });
});
// index.later.wasm is the loader's (web/loader.js, window.gpuwiseLater): it holds the app's
// instance, which the second module links to. Its state: 0 not asked, 1 loading, 2 ready,
// 3 failed. Without the loader nothing can bring the code: failed.
EM_JS(void, js_request_later_code, (int now), {
  var later = window['gpuwiseLater'];
  if (later) later['load'](now !== 0);
});
EM_JS(int, js_later_code_state, (), {
  var later = window['gpuwiseLater'];
  return later ? later['state'] : 3;
});
EM_JS(char*, js_later_code_error, (), {
  var later = window['gpuwiseLater'];
  return allocateUTF8(later ? later['error'] : 'loader.js did not run');
});
// The subset arrives as bytes and becomes the font "gpuwise-cjk", which the glyph canvas
// (js_draw_glyphs) then draws with: no TrueType code in the wasm.
EM_JS(void, js_request_cjk_font, (), {
  var host = window['gpuwiseHost'];
  if (host['font']) return;
  host['font'] = {'status': 0};
  fetch('fonts/cjk.ttf').then(function (response) {
    if (!response.ok) throw new Error('the server answered ' + response.status);
    return response.arrayBuffer();
  }).then(function (buffer) {
    return new FontFace('gpuwise-cjk', buffer).load();
  }).then(function (face) {
    document.fonts.add(face);
    host['font'] = {'status': 1};
    _gpuwise_wake();
  }, function (error) {
    host['font'] = {'status': 2, 'error': 'could not load the Chinese font (' + error.message + ')'};
    _gpuwise_wake();
  });
});
EM_JS(int, js_cjk_font_status, (), {
  var font = window['gpuwiseHost']['font'];
  return font ? font['status'] : 0;
});
EM_JS(char*, js_cjk_font_error, (), {
  return allocateUTF8(window['gpuwiseHost']['font']['error'] || "");
});
// Chinese font check and glyphs: the page loader's glyph module (web/loader.js, which holds
// the font lists), so the first frame's Latin glyphs can be drawn while the app downloads.
EM_JS(int, js_system_cjk_font, (), {
  return window['gpuwiseGlyphs']['systemCjk']() ? 1 : 0;  // asked once: the module keeps the answer
});
// Per glyph: its advance, and its ink's box around the pen on the baseline.
EM_JS(void, js_measure_glyphs, (const char32_t* codepoints, const unsigned char* is_cjk, int count, int em,
                                float* advances, int* boxes), {
  var glyphs = window['gpuwiseGlyphs'];
  for (var i = 0; i < count; i++) {
    var glyph = glyphs['get'](HEAPU32[(codepoints >> 2) + i], HEAPU8[is_cjk + i], em);
    var at = (boxes >> 2) + i * 4;
    HEAPF32[(advances >> 2) + i] = glyph['advance'];
    HEAP32[at] = glyph['left'];
    HEAP32[at + 1] = glyph['top'];
    HEAP32[at + 2] = glyph['w'];
    HEAP32[at + 3] = glyph['h'];
  }
});
// Copies each glyph's coverage to its place (x, y) in the atlas, drawing those not drawn
// yet; returns how many it drew.
EM_JS(int, js_draw_glyphs, (const char32_t* codepoints, const unsigned char* is_cjk, int count, int em,
                            const int* places, unsigned char* atlas, int atlas_w), {
  var glyphs = window['gpuwiseGlyphs'], list = [];
  for (var i = 0; i < count; i++) list.push(glyphs['get'](HEAPU32[(codepoints >> 2) + i], HEAPU8[is_cjk + i], em));
  var drawn = glyphs['draw'](list);
  for (var i = 0; i < count; i++) {
    var glyph = list[i], alpha = glyph['alpha'], w = glyph['w'], at = 0;
    var x0 = HEAP32[(places >> 2) + 2 * i], y0 = HEAP32[(places >> 2) + 2 * i + 1];
    for (var y = 0; y < glyph['h']; y++) {
      HEAPU8.set(alpha.subarray(at, at + w), atlas + (y0 + y) * atlas_w + x0);
      at += w;
    }
  }
  return drawn;
});
EM_JS(void, js_publish_frame, (int frames), {
  var g = window['gpuwise'];
  g['frames'] = frames;
  if (!g['ready']) g['first_frame_ms'] = performance.now();  // since navigation start
  g['ready'] = true;
});
EM_JS(void, js_publish_state, (const char* json), {
  window['gpuwise']['_state'] = UTF8ToString(json);
});
EM_JS(void, js_publish_info, (const char* json), {
  var info = JSON.parse(UTF8ToString(json));
  var g = window['gpuwise'];
  for (var key in info) g[key] = info[key];
  // The first publication: the loader shows what it held back for the first frame.
  if (!g['published'] && window['gpuwiseStarted']) window['gpuwiseStarted']();
  g['published'] = true;  // the view and the page's info are out (harness.mjs waitReady)
});
EM_JS(char*, js_url_fragment, (), {
  var text = location.hash.replace(/^#/, "");
  return allocateUTF8(text);
});
EM_JS(void, js_replace_url_fragment, (const char* fragment), {
  var text = UTF8ToString(fragment);
  if (location.hash.replace(/^#/, "") === text) return;
  history.replaceState(history.state, "", text ? '#' + text : location.pathname + location.search);
});
EM_JS(char*, js_page_url, (), {
  var text = location.origin + location.pathname + location.search;
  return allocateUTF8(text);
});
EM_JS(char*, js_take_url_change, (), {
  var host = window['gpuwiseHost'];
  if (host['url'] === null) return 0;
  var text = host['url'];
  host['url'] = null;
  return allocateUTF8(text);
});
EM_JS(char*, js_storage_get, (const char* key), {
  var text = null;
  try { text = window.localStorage.getItem(UTF8ToString(key)); } catch (e) { text = null; }
  if (text === null) return 0;
  return allocateUTF8(text);
});
EM_JS(int, js_storage_set, (const char* key, const char* value), {
  try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; }
});
EM_JS(void, js_storage_remove, (const char* key), {
  try { window.localStorage.removeItem(UTF8ToString(key)); } catch (e) {}
});
EM_JS(void, js_copy_to_clipboard, (const char* text), {
  var host = window['gpuwiseHost'];
  var value = UTF8ToString(text);
  function done(ok) { host['clipboard'] = ok ? 1 : 2; _gpuwise_wake(); }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(value).then(function () { done(true); }, function () { done(false); });
  } else {
    done(false);
  }
});
EM_JS(int, js_take_clipboard_result, (), {
  var host = window['gpuwiseHost'];
  var result = host['clipboard'];
  host['clipboard'] = 0;
  return result;
});
EM_JS(char*, js_take_paste, (), {
  var host = window['gpuwiseHost'];
  if (!host['pastes'].length) return 0;
  var text = host['pastes'].shift();
  return allocateUTF8(text);
});
EM_JS(void, js_download_file, (const char* name, const char* mime, const char* content), {
  var blob = new Blob([UTF8ToString(content)], {type: UTF8ToString(mime)});
  var link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = UTF8ToString(name);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
});
EM_JS(void, js_open_url, (const char* url), {
  window.open(UTF8ToString(url), '_blank', 'noopener');
});
EM_JS(int, js_prefers_dark, (), {
  return window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 1 : 0;
});
EM_JS(int, js_prefers_chinese, (), {
  var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  return String(languages[0]).toLowerCase().indexOf('zh') === 0 ? 1 : 0;
});
EM_JS(char*, js_preferred_locale, (), {
  var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  var text = String(languages[0]);
  return allocateUTF8(text);
});
EM_JS(void, js_set_document_language, (const char* language), {
  document.documentElement.lang = UTF8ToString(language) === 'zh' ? 'zh-CN' : 'en';
});
EM_JS(int, js_idle_disabled, (), {
  return new URLSearchParams(location.search).get('idle') === 'off' ? 1 : 0;
});
EM_JS(void, js_sync_text_input, (int wanted, float x, float y, float line_height, int numeric), {
  var host = window['gpuwiseHost'];
  var ime = host['ime'];
  host['wantText'] = !!wanted;
  if (!wanted) {
    if (document.activeElement === ime) ime.blur();
    ime.classList.remove('composing');
    return;
  }
  ime.style.left = x + 'px';
  ime.style.top = y + 'px';
  ime.style.height = line_height + 'px';
  var mode = numeric ? 'decimal' : 'text';
  if (ime.getAttribute('inputmode') !== mode) ime.setAttribute('inputmode', mode);
  if (document.activeElement !== ime) ime.focus({'preventScroll': true});
});
EM_JS(char*, js_take_typed, (int* kind), {
  var typed = window['gpuwiseHost']['typed'];
  if (!typed.length) { HEAP32[kind >> 2] = 0; return 0; }
  var item = typed.shift();
  HEAP32[kind >> 2] = item[0];
  return allocateUTF8(item[1]);
});
EM_JS(int, js_coarse_pointer, (), {
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});
EM_JS(void, js_set_live_text, (const char* text), {
  var host = window['gpuwiseHost'];
  var value = UTF8ToString(text);
  // Settled text only: a screen reader would otherwise read every keystroke's result.
  clearTimeout(host['liveTimer']);
  host['liveTimer'] = setTimeout(function () {
    var live = document.getElementById('live');
    if (live && live.textContent !== value) live.textContent = value;
  }, 600);
});
EM_JS(int, js_update_available, (), {
  return window['gpuwiseUpdate'] ? 1 : 0;
});
EM_JS(void, js_reload_page, (), {
  var apply = window['gpuwiseUpdate'];
  if (apply) apply(); else location.reload();
});
EM_JS(void, js_hide_loading, (), {
  var el = document.getElementById('loading');
  if (el) el.remove();
});
// clang-format on

namespace gpuwise::platform {
namespace {
bool g_installed = false;
void install() {
  if (!g_installed) js_install();
  g_installed = true;
}
std::string take_string(char* text) {
  std::string out = text ? text : "";
  std::free(text);
  return out;
}
}  // namespace

void set_wake_handler(void (*wake)()) {
  g_wake = wake;
  install();
}

const char* const kCatalogFile = "gpus.bin";

DataStatus take_data_file(const std::string& name, std::string& out) {
  const int status = js_data_status(name.c_str());
  if (status == 0) return DataStatus::pending;
  const int size = js_data_size(name.c_str());
  out.assign(static_cast<std::size_t>(size), '\0');
  js_data_copy(name.c_str(), out.data(), size);
  if (status == 2) out.resize(std::strlen(out.c_str()));  // a message, copied with its terminator
  return status == 1 ? DataStatus::ready : DataStatus::failed;
}

void request_data_file(const std::string& name) { js_request_data_file(name.c_str()); }

void request_later_code(bool now) { js_request_later_code(now ? 1 : 0); }
DataStatus later_code_status(std::string& error) {
  switch (js_later_code_state()) {
    case 2: return DataStatus::ready;
    case 3: error = take_string(js_later_code_error()); return DataStatus::failed;
    default: return DataStatus::pending;
  }
}

void request_cjk_font() { js_request_cjk_font(); }

bool system_cjk_font() { return js_system_cjk_font() != 0; }

void measure_glyphs(GlyphImages& glyphs, int em_px) {
  const std::size_t count = glyphs.codepoints.size();
  glyphs.advances.assign(count, 0.0f);
  glyphs.boxes.assign(count * 4, 0);
  if (count == 0 || glyphs.is_cjk.size() != count) return;
  js_measure_glyphs(glyphs.codepoints.data(), glyphs.is_cjk.data(), static_cast<int>(count), em_px,
                    glyphs.advances.data(), glyphs.boxes.data());
}

int draw_glyphs(const GlyphImages& glyphs, int em_px, const std::vector<int>& places, unsigned char* atlas,
                int atlas_w) {
  const std::size_t count = glyphs.codepoints.size();
  if (count == 0 || places.size() != count * 2 || glyphs.is_cjk.size() != count) return 0;
  return js_draw_glyphs(glyphs.codepoints.data(), glyphs.is_cjk.data(), static_cast<int>(count), em_px,
                        places.data(), atlas, atlas_w);
}

DataStatus take_cjk_font(std::vector<unsigned char>&, std::string& error) {
  const int status = js_cjk_font_status();
  if (status == 0) return DataStatus::pending;
  if (status == 1) return DataStatus::ready;
  error = take_string(js_cjk_font_error());
  return DataStatus::failed;
}

void publish_frame(int frames) { js_publish_frame(frames); }
void publish_state(const std::string& state_json) { js_publish_state(state_json.c_str()); }
void publish_info(const std::string& info_json) { js_publish_info(info_json.c_str()); }

std::string url_fragment() { return take_string(js_url_fragment()); }
void replace_url_fragment(const std::string& fragment) { js_replace_url_fragment(fragment.c_str()); }
std::string page_url_without_fragment() { return take_string(js_page_url()); }
bool take_url_change(std::string& fragment) {
  char* text = js_take_url_change();
  if (!text) return false;
  fragment = take_string(text);
  return true;
}

std::string storage_get(const std::string& key) { return take_string(js_storage_get(key.c_str())); }
bool storage_set(const std::string& key, const std::string& value) {
  return js_storage_set(key.c_str(), value.c_str()) != 0;
}
void storage_remove(const std::string& key) { js_storage_remove(key.c_str()); }

void copy_to_clipboard(const std::string& text) { js_copy_to_clipboard(text.c_str()); }
int take_clipboard_result() { return js_take_clipboard_result(); }
bool take_paste(std::string& text) {
  char* pasted = js_take_paste();
  if (!pasted) return false;
  text = take_string(pasted);
  return true;
}

void download_file(const std::string& name, const std::string& mime, const std::string& content) {
  js_download_file(name.c_str(), mime.c_str(), content.c_str());
}

void open_url(const std::string& url) { js_open_url(url.c_str()); }
double device_pixel_ratio() { return emscripten_get_device_pixel_ratio(); }
bool prefers_dark_theme() { return js_prefers_dark() != 0; }
std::string preferred_language() { return js_prefers_chinese() ? "zh" : "en"; }
void set_document_language(const std::string& language) { js_set_document_language(language.c_str()); }
std::string preferred_locale() { return take_string(js_preferred_locale()); }
void hide_loading_screen() { js_hide_loading(); }
bool idle_disabled() { return js_idle_disabled() != 0; }

void sync_text_input(const TextFieldSpot& spot) {
  js_sync_text_input(spot.wanted ? 1 : 0, spot.x, spot.y, spot.line_height, spot.numeric ? 1 : 0);
}
TypedKind take_typed(std::string& text) {
  int kind = 0;
  char* typed = js_take_typed(&kind);
  if (!typed) return TypedKind::none;
  text = take_string(typed);
  switch (kind) {
    case 1: return TypedKind::text;
    case 2: return TypedKind::backspace;
    case 3: return TypedKind::del;
    case 4: return TypedKind::enter;
    default: return TypedKind::none;
  }
}
bool coarse_pointer() { return js_coarse_pointer() != 0; }
void set_live_text(const std::string& text) { js_set_live_text(text.c_str()); }
bool update_available() { return js_update_available() != 0; }
void reload_page() { js_reload_page(); }

}  // namespace gpuwise::platform
#endif
