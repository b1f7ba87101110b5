// Native (desktop) bodies of browser.h: data from the source tree, links through
// xdg-open, everything else a no-op. Handy for debugging the UI outside a browser.
#ifndef __EMSCRIPTEN__
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "browser.h"

namespace gpuwise::platform {

DataStatus take_data_file(const std::string& name, std::string& out) {
  const char* dir = std::getenv("GPUWISE_DATA_DIR");
  const std::string path = std::string(dir ? dir : GPUWISE_DATA_DIR) + "/" + name;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out = "cannot read " + path;
    return DataStatus::failed;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return DataStatus::ready;
}

void publish_frame(int) {}
void publish_state(const std::string&) {}
void publish_info(const std::string&) {}

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
void hide_loading_screen() {}

}  // namespace gpuwise::platform
#endif
