// Fuzzes the share-link reader (share_link.h decode_link): any bytes after '#' in a
// URL. It must never crash, must keep only known cards when given the catalog, and what
// it decoded must survive encode_link / view_state_to_json and back unchanged.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace gpuwise;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fragment(reinterpret_cast<const char*>(data), size);

  const LinkDecode plain = decode_link(fragment, ViewState{}, nullptr);
  // The JSON half of the round trip (the saved state) on one input in four: it is most of
  // this target's time under the sanitizers, and state_json fuzzes that reader on its own.
  fuzz::check_view_round_trips(plain.state, /*with_json=*/size % 4 == 0);
  FUZZ_CHECK(plain.notices.size() <= 21);  // 20 lines and "... and N more problems"

  const LinkDecode checked = decode_link(fragment, ViewState{}, &fuzz::shipped_ids());
  fuzz::check_ids_known(checked.state);
  fuzz::check_view_round_trips(checked.state, /*with_json=*/false);

  // On top of a saved view (the page decodes links over the visitor's last view).
  const LinkDecode over_saved = decode_link(fragment, fuzz::busy_defaults(), &fuzz::shipped_ids());
  fuzz::check_view_round_trips(over_saved.state, /*with_json=*/false);

  // Percent-encoding is lossless for any bytes.
  FUZZ_CHECK(percent_decode(percent_encode(fragment)) == fragment);
  return 0;
}
