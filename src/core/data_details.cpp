#include "data_details.h"

#include <string_view>

namespace gpuwise {
namespace {

bool is_url_text(const json& value) {
  if (!value.is_string()) return false;
  const std::string& text = value.get_ref<const std::string&>();
  return text.rfind("https://", 0) == 0 || text.rfind("http://", 0) == 0;
}

// What moves: free-text notes, and the links behind a figure.
bool moves(std::string_view key, const json& value) {
  if (key == "notes") return true;
  if (is_url_text(value)) return true;
  if (!value.is_array() || value.empty()) return false;
  for (const json& item : value) {
    if (!is_url_text(item)) return false;
  }
  return true;
}

// Moves fields of `value` (in place) into the returned details of the same shape;
// null when nothing moved, so untouched rows cost nothing in the details file.
json split(json& value, std::set<std::string>& moved) {
  if (value.is_object()) {
    json details = json::object();
    for (auto it = value.begin(); it != value.end();) {
      if (moves(it.key(), it.value())) {
        moved.insert(it.key());
        details[it.key()] = std::move(it.value());
        it = value.erase(it);
        continue;
      }
      json inner = split(it.value(), moved);
      if (!inner.is_null()) details[it.key()] = std::move(inner);
      ++it;
    }
    return details.empty() ? json() : details;
  }
  if (value.is_array()) {
    json details = json::array();
    bool any = false;
    for (json& item : value) {
      json inner = split(item, moved);
      any = any || !inner.is_null();
      details.push_back(std::move(inner));
    }
    return any ? details : json();
  }
  return json();
}

void merge(json& into, const json& details) {
  if (details.is_object() && into.is_object()) {
    for (const auto& item : details.items()) {
      auto target = into.find(item.key());
      if (target == into.end()) into[item.key()] = item.value();
      else merge(*target, item.value());
    }
  } else if (details.is_array() && into.is_array()) {
    for (std::size_t i = 0; i < details.size() && i < into.size(); ++i) merge(into[i], details[i]);
  }
}

}  // namespace

SplitData split_details(const json& full) {
  SplitData out;
  out.compact = full;
  std::set<std::string> moved;
  out.details = split(out.compact, moved);
  if (out.compact.is_object() && !moved.empty()) out.compact[kDetailsMovedKey] = moved;
  return out;
}

json merge_details(json compact, const json& details) {
  if (compact.is_object()) compact.erase(kDetailsMovedKey);
  merge(compact, details);
  return compact;
}

std::set<std::string> moved_to_details(const json& root) {
  std::set<std::string> names;
  if (!root.is_object()) return names;
  auto list = root.find(kDetailsMovedKey);
  if (list == root.end() || !list->is_array()) return names;
  for (const json& name : *list) {
    if (name.is_string()) names.insert(name.get<std::string>());
  }
  return names;
}

}  // namespace gpuwise
