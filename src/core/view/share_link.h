// The share link: the whole view (ViewState) as the URL fragment, e.g.
//   v=1&tab=ranking&profile=custom&w=fp32_tflops:2,memory_bandwidth_gbs:1&cmp=rtx-3090,a100-sxm4-80gb
// Only fields that differ from ViewState{} are written; every key is listed in
// docs/share-links.md. Reading is tolerant: a bad part of a link is skipped with one
// short notice, the rest still applies, and no byte sequence can crash it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "text/template_text.h"
#include "view/notices.h"  // english()
#include "view/view_state.h"

namespace gpuwise {

// The current link format; a link with a larger `v` is read as far as possible. v=2 (issue
// 30): the first view is Ask; a v=1 link without tab= opens the catalog, as it did.
constexpr int kLinkVersion = 2;

struct LinkDecode {
  ViewState state;
  std::vector<std::string> notices;  // "ignored unknown key 'foo'", ...; empty for a clean link
  // The same notices as patterns the page translates: render_template(t, tr).
  std::vector<TemplateText> notice_texts;
};

// The fragment without '#': "v=1" for the default view.
std::string encode_link(const ViewState& state);

// Starts from `defaults` (ViewState{} to show exactly the sharer's view, or the user's
// saved view) and applies what the link sets. A leading '#' (or a whole URL) is fine.
// known_gpu_ids: card ids in the catalog; unknown cards are dropped. nullptr: not
// checked (only the id's shape is).
LinkDecode decode_link(std::string_view fragment, const ViewState& defaults,
                       const std::vector<std::string>* known_gpu_ids);

// Percent-encodes all but A-Z a-z 0-9 - . _ ~ (so ',' ':' '&' '=' '+' inside values are safe).
std::string percent_encode(std::string_view text);
// Decodes %XX and '+' (a space); a broken escape such as "%4" or "%zz" stays as typed
// and sets *bad_escape. The result may be invalid UTF-8: the caller cleans it.
std::string percent_decode(std::string_view text, bool* bad_escape = nullptr);

}  // namespace gpuwise
