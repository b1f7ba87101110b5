#include "catalog/catalog_query.h"

#include <algorithm>
#include <set>

#include "catalog/columns.h"
#include "text/stable_sort.h"

namespace gpuwise {

std::string normalize_for_search(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c >= 'A' && c <= 'Z') out.push_back(static_cast<char>(c - 'A' + 'a'));
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || byte >= 0x80) out.push_back(c);
  }
  return out;
}

namespace {

// What a Chinese reader types for a product line or a vendor. The line names are the
// page's own 简体中文 labels (strings_zh.inc; test_catalog_query.cpp checks they agree),
// plus the everyday words for the same thing; the vendors' names as Chinese sites write them.
const std::pair<std::string_view, std::string_view> kSearchAliases[] = {
    {"geforce", "消费级 游戏卡"},
    {"workstation", "专业工作站 专业卡"},
    {"datacenter", "数据中心 服务器 计算卡"},
    {"NVIDIA", "英伟达"},
    {"AMD", "超威"},
    {"Intel", "英特尔"},
    {"Apple", "苹果"},
    {"Huawei", "华为 昇腾"},
    {"Cambricon", "寒武纪 思元"},
    {"Moore Threads", "摩尔线程"},
    {"system", "统一内存 整机"},
};

std::string search_aliases(const Gpu& gpu) {
  std::string out;
  for (const auto& [key, alias] : kSearchAliases) {
    if (key == gpu.line || key == gpu.vendor || key == gpu.kind) (out += ' ') += alias;
  }
  return out;
}

}  // namespace

bool matches_search(const Gpu& gpu, std::string_view query) {
  const std::string haystack = normalize_for_search(gpu.vendor + " " + gpu.name + " " + gpu.id + " " +
                                                    gpu.series + " " + gpu.architecture + search_aliases(gpu));
  // A Chinese input method types the ideographic space (U+3000) between words.
  std::string words(query);
  for (std::size_t at = words.find("\xE3\x80\x80"); at != std::string::npos; at = words.find("\xE3\x80\x80", at)) {
    words.replace(at, 3, " ");
  }
  query = words;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t end = query.find_first_of(" \t", start);
    if (end == std::string_view::npos) end = query.size();
    const std::string word = normalize_for_search(query.substr(start, end - start));
    if (!word.empty() && haystack.find(word) == std::string::npos) return false;
    start = end + 1;
  }
  return true;
}

namespace {
bool in_list_or_all(const std::vector<std::string>& allowed, const std::string& value) {
  return allowed.empty() || std::find(allowed.begin(), allowed.end(), value) != allowed.end();
}
}  // namespace

bool matches_filters(const Gpu& gpu, const CatalogView& view, const Compat* compat, const SoftwareTable* software) {
  if (!in_list_or_all(view.vendors, gpu.vendor)) return false;
  if (!in_list_or_all(view.lines, gpu.line)) return false;
  if (!in_list_or_all(view.series, gpu.series)) return false;
  if (!in_list_or_all(view.architectures, gpu.architecture)) return false;
  if (gpu.vram_gb < view.min_vram_gb) return false;
  if (view.year_min > 0 && gpu.release_year < view.year_min) return false;
  if (view.year_max > 0 && gpu.release_year > view.year_max) return false;
  if (view.cuda_only && !has_stack(gpu, "cuda")) return false;
  if (view.unified_only && !has_unified_memory(gpu)) return false;
  if (!view.pytorch_any.empty() && !(compat && compat->runs_pytorch_any(gpu, view.pytorch_any))) return false;
  if (!view.runs.empty() && !(software && passes_support_filters(*software, compat, gpu, view.runs))) return false;
  return true;
}

std::vector<int> query_catalog(const Catalog& catalog, const CatalogView& view, const Compat* compat,
                               const SoftwareTable* software) {
  std::vector<int> rows;
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) {
    const Gpu& gpu = catalog.gpus[i];
    if (matches_filters(gpu, view, compat, software) && matches_search(gpu, view.search)) {
      rows.push_back(static_cast<int>(i));
    }
  }
  const int column_index = find_column(view.sort_column);
  const auto by_name = [&](int a, int b) { return catalog.gpus[a].name < catalog.gpus[b].name; };
  stable_sort_rows(rows, by_name);
  if (column_index < 0) return rows;
  const Column& column = catalog_columns()[column_index];
  const bool descending = view.sort_descending;
  stable_sort_rows(rows, [&](int a, int b) {
    const Gpu& ga = catalog.gpus[a];
    const Gpu& gb = catalog.gpus[b];
    if (column.numeric) {
      const auto va = column.number(ga);
      const auto vb = column.number(gb);
      if (!va || !vb) return va.has_value() && !vb.has_value();  // missing last
      return descending ? *va > *vb : *va < *vb;
    }
    const std::string ta = column.text(ga);
    const std::string tb = column.text(gb);
    return descending ? ta > tb : ta < tb;
  });
  return rows;
}

std::vector<std::string> distinct_values(const Catalog& catalog, std::string_view column_key) {
  const int index = find_column(column_key);
  std::set<std::string> values;
  if (index < 0) return {};
  const Column& column = catalog_columns()[index];
  for (const Gpu& gpu : catalog.gpus) values.insert(column_text(column, gpu));
  return {values.begin(), values.end()};
}

}  // namespace gpuwise
