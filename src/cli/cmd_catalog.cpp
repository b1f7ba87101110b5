// gpuwise catalog --json: the loaded catalog, as the site sees it.
// gpuwise catalog --columns --json: the GPU field table (labels, units, ...) and every
// card's cells as the catalog shows them; scripts/make_static_pages.py reads it.
#include <cstdio>

#include "catalog.h"
#include "cli.h"
#include "columns.h"

namespace gpuwise::cli {

int run_catalog(const Args& args) {
  if (!args.flag("--json")) {
    std::fprintf(stderr, "usage: gpuwise catalog [--columns] --json [--data-dir DIR]\n");
    return 2;
  }
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  const std::string out = args.flag("--columns") ? catalog_columns_to_json(catalog) : catalog_to_json(catalog);
  std::printf("%s\n", out.c_str());
  return catalog.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
