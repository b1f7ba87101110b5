// gpuwise catalog --json: the loaded catalog, as the site sees it.
#include <cstdio>

#include "catalog.h"
#include "cli.h"

namespace gpuwise::cli {

int run_catalog(const Args& args) {
  if (!args.flag("--json")) {
    std::fprintf(stderr, "usage: gpuwise catalog --json [--data-dir DIR]\n");
    return 2;
  }
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  std::printf("%s\n", catalog_to_json(catalog).c_str());
  return catalog.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
