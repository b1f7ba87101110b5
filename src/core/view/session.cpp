#include "view/session.h"

#include <cmath>

#include "catalog/catalog.h"
#include "text/json_util.h"
#include "view/share_link.h"
#include "view/state_json.h"

namespace gpuwise {

const char* const kSavedViewKey = "gpuwise.view";
const char* const kSavedOverridesKey = "gpuwise.prices";

StartView start_view(const std::string& fragment, const std::string& saved_view_json,
                     const std::string& browser_language, const std::vector<std::string>* known_gpu_ids) {
  StartView out;
  std::string link = fragment;
  if (!link.empty() && link.front() == '#') link.erase(0, 1);
  if (!link.empty()) {
    LinkDecode decoded = decode_link(link, ViewState{}, known_gpu_ids);
    out.view = std::move(decoded.state);
    out.notices = std::move(decoded.notices);
    out.notice_texts = std::move(decoded.notice_texts);
    out.from_link = true;
    return out;
  }
  ViewState defaults;
  defaults.language = browser_language == "zh" ? "zh" : "en";
  if (saved_view_json.empty()) {
    out.view = defaults;
    return out;
  }
  ParsedJson parsed = parse_json(saved_view_json);
  if (!parsed.ok() || !parsed.value.is_object()) {
    out.view = defaults;
    out.notice_texts.push_back({I18N("the view saved on this device could not be read; showing the defaults")});
    out.notices = english(out.notice_texts);
    return out;
  }
  LinkDecode decoded = view_state_from_json(parsed.value, defaults, known_gpu_ids);
  out.view = std::move(decoded.state);
  for (auto& notice : decoded.notice_texts) {
    std::string english_text = notice.text();
    out.notice_texts.push_back({I18N("saved view: {0}"), {english_text}, {std::move(notice)}});
  }
  out.notices = english(out.notice_texts);
  return out;
}

TemplateText link_notice(const TemplateText& notice) {
  return {I18N("link: {0}"), {notice.text()}, {notice}};
}

ViewState reset_view(const ViewState& current) {
  ViewState fresh;
  fresh.language = current.language;
  return fresh;
}

std::string price_overrides_to_json(const PriceOverrides& overrides) {
  return dump_json(json{{"price_usd", overrides.price_usd}, {"rate_usd_per_hour", overrides.rate_usd_per_hour}});
}

PriceOverrides price_overrides_from_json(const std::string& text, std::vector<std::string>& notices) {
  PriceOverrides out;
  if (text.empty()) return out;
  ParsedJson parsed = parse_json(text);
  if (!parsed.ok() || !parsed.value.is_object()) {
    notices.push_back("your saved prices could not be read: " + (parsed.ok() ? "not an object" : parsed.error));
    return out;
  }
  auto read_map = [&](const char* key, std::map<std::string, double>& target) {
    auto it = parsed.value.find(key);
    if (it == parsed.value.end()) return;
    if (!it->is_object()) {
      notices.push_back(std::string("saved prices: '") + key + "' is not a table; skipped");
      return;
    }
    for (const auto& item : it->items()) {
      const json& value = item.value();
      if (!is_slug(item.key()) || !value.is_number() || !std::isfinite(value.get<double>()) ||
          value.get<double>() < 0 || value.get<double>() > 1e9) {
        notices.push_back(std::string("saved prices: skipped a bad entry for '") + item.key() + "'");
        continue;
      }
      target[item.key()] = value.get<double>();
    }
  };
  read_map("price_usd", out.price_usd);
  read_map("rate_usd_per_hour", out.rate_usd_per_hour);
  return out;
}

}  // namespace gpuwise
