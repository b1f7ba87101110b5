// The application: a header, tabs and panels over one ViewState. The platform layer
// owns the window and the loop, feeds data in, and calls draw() once a frame.
#pragma once
#include <string>

#include "ui_state.h"
#include "view/view_state.h"

namespace gpuwise::ui {

class App {
 public:
  // Data arrives from the platform (fetched by the page, or read from disk natively).
  // The catalog: the page's gpus.bin (catalog_binary.h) or gpus.json (the desktop build,
  // a test), told apart by their first bytes.
  void set_catalog_file(const std::string& bytes);
  void set_catalog_error(const std::string& message);
  void set_prices_text(const std::string& json_text);
  void set_prices_error(const std::string& message);
  void set_cuda_text(const std::string& json_text);
  void set_cuda_error(const std::string& message);
  // The speed model's files (benchmarks.json, speed_calibration.json): the text, or on
  // !ok the message saying why it could not be read. Kept as they are until a view reads
  // them (WantSpeedModel, panels.h).
  void set_speed_file(const std::string& name, bool ok, const std::string& text);
  // data/details.json: merged into the compact files above.
  void set_details_text(const std::string& json_text);
  void set_details_error(const std::string& message);

  // Draws one frame filling the given size (in ImGui units = CSS pixels).
  void draw(float width, float height, PlatformRequests& requests);

  ViewState& view() { return view_; }
  const ViewState& view() const { return view_; }
  UiState& ui() { return ui_; }
  const UiState& ui() const { return ui_; }

 private:
  ViewState view_;
  UiState ui_;
  // The files as they arrived: compact ones are read again once their details arrive
  // (the catalog takes its details in place, merge_catalog_details).
  std::string prices_text_, cuda_text_;
  json details_;  // details.json once read: prices.json may arrive after it (it is fetched when wanted)
};

}  // namespace gpuwise::ui
