// Web bodies of browser.h. Property names are quoted (window['gpuwise']) so that the
// closure compiler keeps them.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>

#include "browser.h"

// clang-format off
EM_JS(int, js_data_status, (const char* name), {
  var files = window['gpuwiseData'] || {};
  var entry = files[UTF8ToString(name)];
  if (!entry) return 0;
  return entry['ok'] ? 1 : 2;
});
EM_JS(char*, js_data_text, (const char* name), {
  var entry = window['gpuwiseData'][UTF8ToString(name)];
  var text = entry['ok'] ? entry['text'] : entry['error'];
  var size = lengthBytesUTF8(text) + 1;
  var out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(void, js_publish_frame, (int frames), {
  var g = window['gpuwise'];
  g['frames'] = frames;
  if (!g['ready']) {
    g['ready'] = true;
  }
});
EM_JS(void, js_publish_state, (const char* json), {
  window['gpuwise']['_state'] = UTF8ToString(json);
});
EM_JS(void, js_publish_info, (const char* json), {
  var info = JSON.parse(UTF8ToString(json));
  for (var key in info) window['gpuwise'][key] = info[key];
});
EM_JS(void, js_open_url, (const char* url), {
  window.open(UTF8ToString(url), '_blank', 'noopener');
});
EM_JS(int, js_prefers_dark, (), {
  return window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 1 : 0;
});
EM_JS(void, js_hide_loading, (), {
  var el = document.getElementById('loading');
  if (el) el.remove();
});
// clang-format on

namespace gpuwise::platform {

DataStatus take_data_file(const std::string& name, std::string& out) {
  const int status = js_data_status(name.c_str());
  if (status == 0) return DataStatus::pending;
  char* text = js_data_text(name.c_str());
  out = text;
  std::free(text);
  return status == 1 ? DataStatus::ready : DataStatus::failed;
}

void publish_frame(int frames) { js_publish_frame(frames); }
void publish_state(const std::string& state_json) { js_publish_state(state_json.c_str()); }
void publish_info(const std::string& info_json) { js_publish_info(info_json.c_str()); }
void open_url(const std::string& url) { js_open_url(url.c_str()); }
double device_pixel_ratio() { return emscripten_get_device_pixel_ratio(); }
bool prefers_dark_theme() { return js_prefers_dark() != 0; }
void hide_loading_screen() { js_hide_loading(); }

}  // namespace gpuwise::platform
#endif
