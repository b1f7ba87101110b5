// Native (desktop) bodies of browser.h: data and fonts from disk, links through
// xdg-open, storage in memory for the session; the rest does nothing. Handy for
// debugging the UI outside a browser.
#ifndef __EMSCRIPTEN__
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "browser.h"

namespace gpuwise::platform {
namespace {
std::map<std::string, std::string> g_storage;

bool read_whole_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}
}  // namespace

const char* const kCatalogFile = "gpus.json";

DataStatus take_data_file(const std::string& name, std::string& out) {
  const char* dir = std::getenv("GPUWISE_DATA_DIR");
  const std::string path = std::string(dir ? dir : GPUWISE_DATA_DIR) + "/" + name;
  if (read_whole_file(path, out)) return DataStatus::ready;
  out = "cannot read " + path;
  return DataStatus::failed;
}

void request_data_file(const std::string&) {}  // take_data_file reads any file of data/

void request_later_code(bool) {}  // the desktop program has all its code
DataStatus later_code_status(std::string&) { return DataStatus::ready; }

void request_cjk_font() {}
DataStatus take_cjk_font(std::vector<unsigned char>& bytes, std::string& error) {
  std::string text;
  if (!read_whole_file(GPUWISE_CJK_FONT, text)) {
    error = std::string("cannot read ") + GPUWISE_CJK_FONT;
    return DataStatus::failed;
  }
  bytes.assign(text.begin(), text.end());
  return DataStatus::ready;
}

bool system_cjk_font() { return false; }  // the desktop build reads the subset from disk

void publish_frame(int) {}
void publish_state(const std::string&) {}
void publish_info(const std::string&) {}

std::string url_fragment() {
  const char* fragment = std::getenv("GPUWISE_LINK");  // try a link on the desktop
  return fragment ? fragment : "";
}
void replace_url_fragment(const std::string&) {}
std::string page_url_without_fragment() { return "http://127.0.0.1:8000/"; }
bool take_url_change(std::string&) { return false; }

std::string storage_get(const std::string& key) {
  auto it = g_storage.find(key);
  return it == g_storage.end() ? std::string() : it->second;
}
bool storage_set(const std::string& key, const std::string& value) {
  g_storage[key] = value;
  return true;
}
void storage_remove(const std::string& key) { g_storage.erase(key); }

void copy_to_clipboard(const std::string&) {}
int take_clipboard_result() { return 0; }
bool take_paste(std::string&) { return false; }

void download_file(const std::string& name, const std::string&, const std::string& content) {
  std::ofstream(name, std::ios::binary) << content;
  std::fprintf(stderr, "saved %s\n", name.c_str());
}

void open_url(const std::string& url) {
  // Only http(s) and relative data links come here; quote to keep the shell out of it.
  std::string quoted;
  for (char c : url) {
    if (c == '\'') quoted += "'\\''";
    else quoted += c;
  }
  const std::string command = "xdg-open '" + quoted + "' >/dev/null 2>&1 &";
  if (std::system(command.c_str()) != 0) std::fprintf(stderr, "could not open %s\n", url.c_str());
}

double device_pixel_ratio() { return 1.0; }
bool prefers_dark_theme() { return true; }
std::string preferred_language() {
  const char* lang = std::getenv("LANG");
  return lang && std::string(lang).rfind("zh", 0) == 0 ? "zh" : "en";
}
void set_document_language(const std::string&) {}
std::string preferred_locale() { return preferred_language() == "zh" ? "zh-CN" : "en"; }
void hide_loading_screen() {}
void set_wake_handler(void (*)()) {}
bool idle_disabled() { return std::getenv("GPUWISE_NO_IDLE") != nullptr; }

// The desktop window gets text from SDL directly; there is no page around it.
void sync_text_input(const TextFieldSpot&) {}
TypedKind take_typed(std::string&) { return TypedKind::none; }
bool coarse_pointer() { return std::getenv("GPUWISE_TOUCH") != nullptr; }
void set_live_text(const std::string&) {}
bool update_available() { return false; }
void reload_page() {}

}  // namespace gpuwise::platform
#endif
