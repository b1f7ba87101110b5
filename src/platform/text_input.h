// Text typed through the page (phone keyboards, input methods) into ImGui's active
// field, and the page's hidden input kept at that field. See browser.h.
#pragma once

namespace gpuwise::platform {

// Before ImGui::NewFrame(): committed text and editing keys from the page, in order.
// An editing key is held for one frame (ImGui 1.86 reads key state once a frame).
void FeedTypedText();

// After the frame is drawn: tells the page where the active text field's caret is.
void SyncTextField();

}  // namespace gpuwise::platform
