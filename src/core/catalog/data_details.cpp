#include "catalog/data_details.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "text/stable_sort.h"
#include "text/web_url.h"

namespace gpuwise {
namespace {

bool is_url_text(const json& value) {
  if (!value.is_string()) return false;
  const std::string& text = value.get_ref<const std::string&>();
  return is_web_url(text);
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

bool is_table(const json& value) {
  return value.is_object() && value.size() == 2 && value.contains(kTableColumnsKey) && value.contains(kTableRowsKey);
}

}  // namespace

void tabulate(json& value) {
  if (value.is_object()) {
    for (auto& item : value.items()) tabulate(item.value());
    return;
  }
  if (!value.is_array()) return;
  for (json& item : value) tabulate(item);
  if (value.size() < 2) return;
  std::vector<std::string> columns;
  for (const json& row : value) {
    if (!row.is_object()) return;
    for (const auto& cell : row.items()) {
      if (cell.value().is_null()) return;
      if (std::find(columns.begin(), columns.end(), cell.key()) == columns.end()) columns.push_back(cell.key());
    }
  }
  // In name order, the order of a JSON object's keys here: expand_tables() then appends
  // each field at the end of its row's map, with no search.
  stable_sort_rows(columns);
  json rows = json::array();
  for (json& row : value) {
    json cells = json::array();
    for (const std::string& column : columns) {
      auto cell = row.find(column);
      cells.push_back(cell == row.end() ? json() : std::move(*cell));
    }
    rows.push_back(std::move(cells));
  }
  value = json{{kTableColumnsKey, columns}, {kTableRowsKey, std::move(rows)}};
}

std::string expand_tables(json& value) {
  if (value.is_array()) {
    for (json& item : value) {
      std::string problem = expand_tables(item);
      if (!problem.empty()) return problem;
    }
    return "";
  }
  if (!value.is_object()) return "";
  if (!is_table(value)) {
    for (auto& item : value.items()) {
      std::string problem = expand_tables(item.value());
      if (!problem.empty()) return problem;
    }
    return "";
  }
  const json& columns = value[kTableColumnsKey];
  json& rows = value[kTableRowsKey];
  if (!columns.is_array() || !rows.is_array()) return "a table's columns and rows must be lists";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (!columns[c].is_string()) return "a table's column names must be text";
    for (std::size_t d = 0; d < c; ++d) {
      if (columns[d] == columns[c]) return "a table names the column '" + columns[c].get<std::string>() + "' twice";
    }
  }
  json list = json::array();
  for (std::size_t r = 0; r < rows.size(); ++r) {
    json& cells = rows[r];
    if (!cells.is_array() || cells.size() != columns.size()) {
      return "table row " + std::to_string(r + 1) + " has " + std::to_string(cells.is_array() ? cells.size() : 0) +
             " values for " + std::to_string(columns.size()) + " columns";
    }
    json row = json::object();
    auto& fields = row.get_ref<json::object_t&>();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (!cells[c].is_null()) fields.emplace_hint(fields.end(), columns[c].get_ref<const std::string&>(), std::move(cells[c]));
    }
    std::string problem = expand_tables(row);  // a cell may hold a table of its own
    if (!problem.empty()) return problem;
    list.push_back(std::move(row));
  }
  value = std::move(list);
  return "";
}

SplitData split_details(const json& full) {
  SplitData out;
  out.compact = full;
  std::set<std::string> moved;
  out.details = split(out.compact, moved);
  if (out.compact.is_object() && !moved.empty()) out.compact[kDetailsMovedKey] = moved;
  tabulate(out.compact);
  return out;
}

json merge_details(json compact, const json& details) {
  expand_tables(compact);  // a malformed table: the loader refused this file already
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
