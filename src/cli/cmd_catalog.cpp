// gpuwise catalog --json: the loaded catalog, as the site sees it.
// gpuwise catalog --columns --json: the GPU field table (labels, units, ...) and every
// card's cells as the catalog shows them; scripts/make_static_pages.py reads it.
// The catalog tab's filters with a flag in the field table (--pytorch-any X.Y, --on-cuda,
// --unified-memory) keep only the rows the tab would show.
#include <cstdio>

#include "catalog/catalog.h"
#include "catalog/catalog_query.h"
#include "cli.h"
#include "catalog/columns.h"
#include "catalog/compat.h"
#include "view/view_state.h"

namespace gpuwise::cli {

int run_catalog(const Args& args) {
  std::vector<std::string> switches = field_switches({"catalog"});
  switches.insert(switches.end(), {"--json", "--columns"});
  std::vector<std::string> values = field_flags({"catalog"});
  values.push_back("--data-dir");
  const auto unknown = args.unknown(switches, values);
  if (!args.flag("--json") || !unknown.empty()) {
    std::fprintf(stderr,
                 "usage: gpuwise catalog [--columns] --json [--pytorch-any X.Y] [--on-cuda] [--unified-memory] "
                 "[--data-dir DIR]\n");
    return 2;
  }
  ViewState state;
  if (!read_field_flags(args, "catalog", {"catalog"}, state)) return 2;
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  const CatalogView& view = state.catalog;
  Compat compat;
  if (!view.pytorch_any.empty()) {
    std::string compat_text;
    if (!read_file(data_path(args, "cuda.json"), compat_text)) return 1;
    compat = load_compat(compat_text);
    if (!compat.find_pytorch(view.pytorch_any)) {
      std::fprintf(stderr, "gpuwise catalog: unknown PyTorch version '%s' (cuda.json lists %s to %s)\n",
                   view.pytorch_any.c_str(), compat.pytorch.empty() ? "none" : compat.pytorch.front().version.c_str(),
                   compat.pytorch.empty() ? "none" : compat.pytorch.back().version.c_str());
      return 2;
    }
  }
  if (view.cuda_only || view.unified_only || !view.pytorch_any.empty()) {
    std::vector<Gpu> kept;
    for (const Gpu& gpu : catalog.gpus) {
      if (matches_filters(gpu, view, &compat)) kept.push_back(gpu);
    }
    catalog.gpus = std::move(kept);
  }
  const std::string out = args.flag("--columns") ? catalog_columns_to_json(catalog) : catalog_to_json(catalog);
  std::printf("%s\n", out.c_str());
  return catalog.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
