// gpuwise validate [FILE]: every problem on its own line; non-zero exit on any error.
#include <cstdio>

#include "catalog.h"
#include "cli.h"

namespace gpuwise::cli {

int run_validate(const Args& args) {
  const auto files = args.positional();
  const std::string path = files.empty() ? data_path(args, "gpus.json") : files.front();
  std::string text;
  if (!read_file(path, text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) std::printf("%s: %s\n", path.c_str(), issue.to_string().c_str());
  std::printf("%s: %zu GPUs loaded, %d errors, %d warnings\n", path.c_str(), catalog.gpus.size(),
              catalog.error_count(), catalog.warning_count());
  return catalog.error_count() > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
