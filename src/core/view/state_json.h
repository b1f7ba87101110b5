// The view state from its JSON (the inverse of view_state_to_json): localStorage, the
// input of `gpuwise link encode`, and window.gpuwise.state() read back. As tolerant as
// the share link and with the same notices: a missing field keeps its default, a bad
// one keeps its default with a notice naming it ('roi.hours_per_day'), unknown keys
// are reported and skipped.
#pragma once
#include <string>
#include <vector>

#include "text/json_fwd.h"
#include "view/share_link.h"  // LinkDecode
#include "view/view_state.h"

namespace gpuwise {

// Starts from `defaults` and applies every field present in `state_json`.
// known_gpu_ids: as for decode_link (nullptr: ids are not checked against a catalog).
LinkDecode view_state_from_json(const json& state_json, const ViewState& defaults,
                                const std::vector<std::string>* known_gpu_ids);

}  // namespace gpuwise
