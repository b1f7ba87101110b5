// Which view the page opens with, and what the device remembers. The page's own code
// only moves strings between here and the browser (URL, localStorage).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "text/template_text.h"
#include "money/value.h"
#include "view/view_state.h"

namespace gpuwise {

struct StartView {
  ViewState view;
  std::vector<std::string> notices;  // what a link or the saved view could not restore (English)
  std::vector<TemplateText> notice_texts;  // the same, for the page to translate
  bool from_link = false;
};

// A link wins and shows exactly the sharer's view (starting from the defaults, not from
// what this device saved); otherwise the view saved on this device; otherwise the
// defaults in the browser's language. known_gpu_ids: nullptr when the catalog is missing.
StartView start_view(const std::string& fragment, const std::string& saved_view_json,
                     const std::string& browser_language, const std::vector<std::string>* known_gpu_ids);

// "link: <notice>": a link's notice as the page lists it among others.
TemplateText link_notice(const TemplateText& notice);

// The defaults after "Reset": everything back, but the language the reader chose.
ViewState reset_view(const ViewState& current);

// The user's own prices (value.h's PriceOverrides) are kept on this device only, never
// in a link.
std::string price_overrides_to_json(const PriceOverrides& overrides);
// Tolerant: bad entries are skipped (a negative or non-numeric price, an id that is not
// a slug); `notices` says what was skipped.
PriceOverrides price_overrides_from_json(const std::string& text, std::vector<std::string>& notices);

// The localStorage keys.
extern const char* const kSavedViewKey;       // "gpuwise.view"
extern const char* const kSavedOverridesKey;  // "gpuwise.prices"

}  // namespace gpuwise
