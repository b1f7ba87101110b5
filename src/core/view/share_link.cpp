#include "view/share_link.h"

#include <cmath>

#include "text/number_text.h"
#include "text/utf8.h"
#include "view/field_applier.h"
#include "view/view_fields.h"

namespace gpuwise {
namespace {

// More settings than any view has; the rest of a longer link is garbage or an attack.
constexpr std::size_t kMaxSettings = 200;
// A list value is split into at most this many items before checking (lists keep far fewer).
constexpr std::size_t kMaxListItems = 1000;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::string_view> split(std::string_view text, char separator, std::size_t max_parts) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (parts.size() < max_parts) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

std::string join_encoded(const std::vector<std::string>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + percent_encode(values[i]);
  return out;
}

struct Setting {
  std::string key;
  std::string_view raw_value;  // still percent-encoded: lists split on ',' before decoding
};

// [SECTION] Reading one setting into the state

class LinkReader {
  using NumberOrNone = std::optional<std::optional<double>>;

 public:
  LinkReader(FieldApplier& applier, Notices& notices) : applier_(applier), notices_(notices) {}

  void read(const ViewField& field, std::string_view raw) {
    bad_escape_ = false;
    switch (field.kind) {
      case FieldKind::tab: applier_.set_tab(field, decode(raw)); break;
      case FieldKind::text: applier_.set_text(field, decode(raw)); break;
      case FieldKind::list: applier_.set_list(field, decode_list(raw)); break;
      case FieldKind::hidden_columns: applier_.set_hidden_columns(field, true, decode_list(raw)); break;
      case FieldKind::number:
      case FieldKind::whole: applier_.set_number(field, read_number(decode(raw))); break;
      case FieldKind::optional_number:
        if (raw.empty()) {
          applier_.set_optional_number(field, NumberOrNone(std::in_place, std::nullopt));  // the figure from data
        } else if (auto number = read_number(decode(raw))) {
          applier_.set_optional_number(field, NumberOrNone(std::in_place, *number));
        } else {
          applier_.set_optional_number(field, std::nullopt);
        }
        break;
      case FieldKind::flag:
      case FieldKind::sort_descending: applier_.set_flag(field, read_flag(decode(raw))); break;
      case FieldKind::sort_column: {
        std::string column = decode(raw);
        const bool descending = !column.empty() && column[0] == '-';
        if (descending) column.erase(0, 1);
        applier_.set_sort(field, column, descending);
        break;
      }
      case FieldKind::weights: applier_.set_weights(field, decode_weights(raw)); break;
    }
    if (bad_escape_) notices_.add({I18N("'{0}' has a broken %-escape; read it as typed"), {applier_.name(field)}});
  }

 private:
  std::string decode(std::string_view raw) {
    bool bad = false;
    std::string out = percent_decode(raw, &bad);
    bad_escape_ = bad_escape_ || bad;
    return out;
  }

  std::vector<std::string> decode_list(std::string_view raw) {
    std::vector<std::string> items;
    if (raw.empty()) return items;  // "cat.vendor=": an empty list
    for (std::string_view part : split(raw, ',', kMaxListItems)) items.push_back(decode(part));
    return items;
  }

  std::vector<WeightCandidate> decode_weights(std::string_view raw) {
    std::vector<WeightCandidate> weights;
    if (raw.empty()) return weights;
    for (std::string_view part : split(raw, ',', kMaxListItems)) {
      WeightCandidate candidate;
      candidate.raw = decode(part);
      const std::size_t colon = part.find(':');
      if (colon != std::string_view::npos) {
        candidate.metric = decode(part.substr(0, colon));
        candidate.weight = read_number(decode(part.substr(colon + 1)));
      }
      weights.push_back(std::move(candidate));
    }
    return weights;
  }

  static std::optional<bool> read_flag(const std::string& text) {
    if (text == "1" || text == "true") return true;
    if (text == "0" || text == "false") return false;
    return std::nullopt;
  }

  FieldApplier& applier_;
  Notices& notices_;
  bool bad_escape_ = false;
};

// The link's `v`: 1 when absent (hand-typed links like "#q=3090" are welcome).
int read_version(const std::vector<Setting>& settings, Notices& notices) {
  for (std::size_t i = settings.size(); i-- > 0;) {
    if (settings[i].key != "v") continue;
    const auto number = read_number(percent_decode(settings[i].raw_value));
    if (!number || *number < 1 || *number > 1e6 || *number != std::floor(*number)) {
      notices.add({I18N("'v' must be a whole number like 1; read the link as v=1")});
      return 1;
    }
    return static_cast<int>(*number);
  }
  return 1;
}

}  // namespace

// [SECTION] Percent-encoding

std::string percent_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~';
    if (plain) {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

std::string percent_decode(std::string_view text, bool* bad_escape) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';  // form-style spaces in hand-typed links; we write '+' as %2B
    } else if (c == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      if (c == '%' && bad_escape) *bad_escape = true;
      out += c;
    }
  }
  return out;
}

// [SECTION] Writing a link

std::string encode_link(const ViewState& state) {
  ViewState s = state;        // the accessors take a mutable state
  ViewState defaults;
  std::string out = "v=" + std::to_string(kLinkVersion);
  auto add = [&out](const char* key, const std::string& encoded_value) {
    out += '&';
    out += key;
    out += '=';
    out += encoded_value;
  };
  for (const ViewField& field : view_fields()) {
    switch (field.kind) {
      case FieldKind::tab:
        if (field.tab(s) != field.tab(defaults)) add(field.link_key, tab_key(field.tab(s)));
        break;
      case FieldKind::text:
        if (field.text(s) != field.text(defaults)) add(field.link_key, percent_encode(field.text(s)));
        break;
      case FieldKind::list:
        if (field.list(s) != field.list(defaults)) add(field.link_key, join_encoded(field.list(s)));
        break;
      case FieldKind::hidden_columns:
        // Not set is the default; set (even to an empty list: "show every column") is written.
        if (field.flag(s)) add(field.link_key, join_encoded(field.list(s)));
        break;
      case FieldKind::number:
        if (field.number(s) != field.number(defaults)) add(field.link_key, shortest_number(field.number(s)));
        break;
      case FieldKind::whole:
        if (field.whole(s) != field.whole(defaults)) add(field.link_key, std::to_string(field.whole(s)));
        break;
      case FieldKind::optional_number: {
        const auto& value = field.optional_number(s);
        if (value != field.optional_number(defaults)) add(field.link_key, value ? shortest_number(*value) : "");
        break;
      }
      case FieldKind::flag:
        if (field.flag(s) != field.flag(defaults)) add(field.link_key, field.flag(s) ? "1" : "0");
        break;
      case FieldKind::sort_column:
        if (!field_equal(field, s, defaults)) {
          add(field.link_key, (field.flag(s) ? "-" : "") + percent_encode(field.text(s)));
        }
        break;
      case FieldKind::sort_descending:
        break;  // written with sort_column
      case FieldKind::weights:
        if (!field_equal(field, s, defaults)) {
          std::string value;
          for (const auto& weight : field.weights(s)) {
            if (!value.empty()) value += ',';
            value += percent_encode(weight.metric) + ":" + shortest_number(weight.weight);
          }
          add(field.link_key, value);
        }
        break;
    }
  }
  return out;
}

// [SECTION] Reading a link

LinkDecode decode_link(std::string_view fragment, const ViewState& defaults,
                       const std::vector<std::string>* known_gpu_ids) {
  LinkDecode out{defaults, {}, {}};
  const std::size_t hash = fragment.find('#');
  if (hash != std::string_view::npos) fragment = fragment.substr(hash + 1);  // "#v=1" or a whole URL
  if (fragment.empty()) return out;

  Notices notices;
  std::vector<Setting> settings;
  for (std::string_view part : split(fragment, '&', kMaxSettings + 1)) {
    if (part.empty()) continue;  // "a=1&&b=2"
    if (settings.size() == kMaxSettings) {
      notices.add({I18N("the link has more than {0} settings; ignored the rest"), {std::to_string(kMaxSettings)}});
      break;
    }
    const std::size_t equals = part.find('=');
    Setting setting;
    setting.key = percent_decode(part.substr(0, equals));
    if (equals != std::string_view::npos) setting.raw_value = part.substr(equals + 1);
    settings.push_back(std::move(setting));
  }

  const int version = read_version(settings, notices);
  if (version > kLinkVersion) {
    notices.add({I18N("this link is from a newer version of gpuwise (v={0}); some settings may be missing"),
                 {std::to_string(version)}});
  }

  // Links write only what differs from the defaults, and v=1 links were made when the first
  // view was the catalog: one without a readable tab= opens the catalog (v=2: Ask, issue 30).
  if (version < 2 && !settings.empty()) out.state.tab = Tab::catalog;
  FieldApplier applier(out.state, known_gpu_ids, /*link_names=*/true, notices);
  LinkReader reader(applier, notices);
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const Setting& setting = settings[i];
    if (setting.key == "v") continue;
    bool later = false, earlier = false;
    for (std::size_t j = 0; j < settings.size(); ++j) {
      if (j != i && settings[j].key == setting.key) (j > i ? later : earlier) = true;
    }
    if (later) continue;  // the last one wins
    const ViewField* field = find_field_by_link_key(setting.key);
    if (!field) {
      // A newer link's keys are covered by the version notice.
      if (setting.key.empty()) {
        notices.add({I18N("ignored a setting with no key")});
      } else if (version <= kLinkVersion) {
        notices.add({I18N("ignored unknown key {0}"), {in_quotes(setting.key)}});
      }
      continue;
    }
    if (earlier) notices.add({I18N("'{0}' was given more than once; used the last one"), {field->link_key}});
    reader.read(*field, setting.raw_value);
  }
  out.notice_texts = notices.take();
  out.notices = english(out.notice_texts);
  return out;
}

}  // namespace gpuwise
