#include "view/view_state.h"

#include <cstring>

#include "view/share_link.h"
#include "view/view_fields.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

// The table's fields of one section compared; the sections travel inside two states
// because the table's accessors reach fields from a whole ViewState.
template <typename Section>
bool section_equal(const char* section, Section ViewState::*member, const Section& a, const Section& b) {
  ViewState left, right;
  left.*member = a;
  right.*member = b;
  for (const ViewField& field : view_fields()) {
    if (!std::strcmp(field.section, section) && !field_equal(field, left, right)) return false;
  }
  return true;
}

}  // namespace

const char* tab_key(Tab tab) { return kTabs[static_cast<int>(tab)].key; }

bool tab_from_key(const std::string& key, Tab& out) {
  for (const TabInfo& info : kTabs) {
    if (key == info.key) {
      out = info.tab;
      return true;
    }
  }
  return false;
}

bool operator==(const CatalogView& a, const CatalogView& b) {
  return section_equal("catalog", &ViewState::catalog, a, b);
}
bool operator==(const RankingView& a, const RankingView& b) {
  return section_equal("ranking", &ViewState::ranking, a, b);
}
bool operator==(const FitView& a, const FitView& b) { return section_equal("fit", &ViewState::fit, a, b); }
bool operator==(const AdvisorView& a, const AdvisorView& b) {
  return section_equal("advisor", &ViewState::advisor, a, b);
}
bool operator==(const SpeedView& a, const SpeedView& b) {
  return section_equal("speed", &ViewState::speed, a, b);
}
bool operator==(const ImageView& a, const ImageView& b) {
  return section_equal("image", &ViewState::image, a, b);
}
bool operator==(const RoiView& a, const RoiView& b) { return section_equal("roi", &ViewState::roi, a, b); }
bool operator==(const JobView& a, const JobView& b) { return section_equal("job", &ViewState::job, a, b); }
bool operator==(const AskView& a, const AskView& b) { return section_equal("ask", &ViewState::ask, a, b); }

bool operator==(const ViewState& a, const ViewState& b) {
  for (const ViewField& field : view_fields()) {
    if (!field_equal(field, a, b)) return false;
  }
  return true;
}

json view_state_to_json(const ViewState& state) {
  json out = json::object();
  out["v"] = kLinkVersion;
  for (const ViewField& field : view_fields()) {
    json& holder = field.section[0] ? out[field.section] : out;
    holder[field.name] = field_to_json(field, state);
  }
  return out;
}

}  // namespace gpuwise
