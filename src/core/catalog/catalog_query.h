// Filtering, searching and sorting the catalog: what the Catalog table shows, in order.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "catalog/catalog_view.h"

namespace gpuwise {

// Lower-cased ASCII letters and digits, and every non-ASCII (UTF-8) byte as it is:
// "GeForce RTX 3090" -> "geforcertx3090", "数据中心 A100" -> "数据中心a100".
std::string normalize_for_search(std::string_view text);

// Every whitespace-separated word of the query, normalized, must occur in the card's
// vendor + name + id + series + architecture: "3090", "rtx3090", "GeForce RTX 3090",
// "nvidia 3090" all find the RTX 3090. The line's and vendor's Chinese names count too:
// "数据中心", "工作站", "消费级", "英伟达".
bool matches_search(const Gpu& gpu, std::string_view query);

// `compat` (cuda.json) answers the "runs PyTorch (any backend)" filter; without it, or
// with a version cuda.json does not list, that filter keeps no card. `software`
// (software.json) answers "runs vLLM", "QLoRA works" (view.runs): without it those keep no card.
bool matches_filters(const Gpu& gpu, const CatalogView& view, const Compat* compat = nullptr,
                     const SoftwareTable* software = nullptr);

// Indices into catalog.gpus that pass the view's search and filters, sorted by the
// view's sort column. Cards missing the sort value always go last, in either direction;
// ties keep name order so the table never jumps.
std::vector<int> query_catalog(const Catalog& catalog, const CatalogView& view, const Compat* compat = nullptr,
                               const SoftwareTable* software = nullptr);

// The distinct values of a text field, sorted, for filter menus.
std::vector<std::string> distinct_values(const Catalog& catalog, std::string_view column_key);

}  // namespace gpuwise
