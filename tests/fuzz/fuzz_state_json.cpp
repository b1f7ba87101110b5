// Fuzzes the saved-view reader (state_json.h view_state_from_json): localStorage, the
// input of `gpuwise link encode` and window.gpuwise.state(). Bytes are parsed as JSON
// first (json_util.h parse_json never throws); whatever decodes must round-trip.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace gpuwise;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParsedJson parsed = parse_json(text);
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.error.rfind("line ", 0) == 0);  // "line 3, column 14: ..."
    return 0;
  }
  const LinkDecode plain = view_state_from_json(parsed.value, ViewState{}, nullptr);
  fuzz::check_view_round_trips(plain.state);

  const LinkDecode checked = view_state_from_json(parsed.value, fuzz::busy_defaults(), &fuzz::shipped_ids());
  fuzz::check_ids_known(checked.state);
  fuzz::check_view_round_trips(checked.state, /*with_json=*/false);
  return 0;
}
