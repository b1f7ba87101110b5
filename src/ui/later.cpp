// What shows where code of index.later.wasm has not arrived yet (later.h).
#include "later.h"

#include "i18n.h"
#include "imgui.h"
#include "widgets.h"

namespace gpuwise::ui {

void DrawLaterCodePending(UiState& ui, PlatformRequests& requests) {
  if (ui.later_code != LoadState::failed) {
    ImGui::TextDisabled("%s", tr("Loading..."));
    requests.later_code = true;  // at once, if the page has not asked for it yet
    return;
  }
  // A download that failed (offline before the first visit finished, a server error): the
  // first view still works; this part says why and tries again on request.
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(tr("This part of gpuwise did not load: %s"), ui.later_code_error.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button(tr("Try again"))) requests.later_code = true;
  RecordTarget(ui, "later-retry");
}

}  // namespace gpuwise::ui
