// The only place that talks to the browser (or, natively, its stand-ins): data files,
// window.gpuwise, opening links, the clipboard, downloads, display density, theme.
#pragma once
#include <string>

namespace gpuwise::platform {

enum class DataStatus { pending, ready, failed };
// gpus.json etc.: fetched by the page's loader (web) or read from data/ (native).
// On `ready`, `out` holds the text; on `failed`, a message saying what went wrong.
DataStatus take_data_file(const std::string& name, std::string& out);

// window.gpuwise: ready, frames, state(), and the fields of `info_json` (targets,
// table, status) for tests and scripts.
void publish_frame(int frames);
void publish_state(const std::string& state_json);
void publish_info(const std::string& info_json);

void open_url(const std::string& url);
double device_pixel_ratio();
bool prefers_dark_theme();
// Hides the HTML loading screen once the first frame is on the canvas.
void hide_loading_screen();

}  // namespace gpuwise::platform
