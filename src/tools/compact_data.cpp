// compact_data OUT_DIR GPUS_JSON PRICES_JSON CUDA_JSON: writes the page's compact data
// files (data_details.h) to OUT_DIR: prices.json and cuda.json under the same names, the
// catalog as gpus.bin (catalog_binary.h), and OUT_DIR/details.json with what they leave
// out: {"gpus.json": ..., "prices.json": ..., "cuda.json": ...}.
// Validates first: a data file with an error stops the build (warnings are printed),
// and so does a compact file whose details do not merge back to the file itself, or a
// gpus.bin that does not read back to the catalog its compact JSON loads to.
// The web build compiles it with emscripten and runs it under node, as catalog_columns.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.h"
#include "catalog/catalog_binary.h"
#include "catalog/compat.h"
#include "catalog/data_details.h"
#include "money/prices.h"

namespace {

using gpuwise::json;

bool read_text(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

bool write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

std::string file_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Prints every problem; true when none is an error.
bool report(const std::string& name, const std::vector<gpuwise::CatalogIssue>& issues) {
  bool ok = true;
  for (const auto& issue : issues) {
    std::fprintf(stderr, "%s: %s\n", name.c_str(), issue.to_string().c_str());
    ok = ok && issue.severity != gpuwise::CatalogIssue::Severity::error;
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: compact_data OUT_DIR GPUS_JSON PRICES_JSON CUDA_JSON\n");
    return 2;
  }
  const std::string out_dir = argv[1];
  std::string texts[3];
  for (int i = 0; i < 3; ++i) {
    if (!read_text(argv[i + 2], texts[i])) {
      std::fprintf(stderr, "compact_data: cannot read %s\n", argv[i + 2]);
      return 1;
    }
  }
  const gpuwise::Catalog catalog = gpuwise::load_catalog(texts[0]);
  bool valid = report("gpus.json", catalog.issues);
  valid = report("prices.json", gpuwise::load_prices(texts[1], catalog).issues) && valid;
  valid = report("cuda.json", gpuwise::load_compat(texts[2]).issues) && valid;
  if (!valid) {
    std::fprintf(stderr, "compact_data: the data files have errors (above); fix them, then build again\n");
    return 1;
  }

  json details = json::object();
  for (int i = 0; i < 3; ++i) {
    const std::string name = file_name(argv[i + 2]);
    const json full = gpuwise::parse_json(texts[i]).value;
    gpuwise::SplitData split = gpuwise::split_details(full);
    if (gpuwise::merge_details(split.compact, split.details) != full) {
      std::fprintf(stderr, "compact_data: %s does not merge back to itself; not writing it\n", name.c_str());
      return 1;
    }
    std::string page_name = name;
    std::string page_file = gpuwise::dump_json(split.compact);
    if (i == 0) {
      const gpuwise::Catalog compact = gpuwise::load_catalog(page_file);
      page_name = "gpus.bin";
      page_file = gpuwise::catalog_to_binary(compact, gpuwise::moved_to_details(split.compact));
      const gpuwise::Catalog back = gpuwise::catalog_from_binary(page_file);
      if (gpuwise::catalog_to_json(back) != gpuwise::catalog_to_json(compact) ||
          back.issues.size() != compact.issues.size()) {
        std::fprintf(stderr, "compact_data: gpus.bin does not read back to the catalog; not writing it\n");
        return 1;
      }
      // The page reads gpus.bin; the full gpus.json, which the site's data folder got with
      // the other data files, stays in data/full/ only.
      std::remove((out_dir + "/" + name).c_str());
    }
    if (!write_text(out_dir + "/" + page_name, page_file)) {
      std::fprintf(stderr, "compact_data: cannot write %s/%s\n", out_dir.c_str(), page_name.c_str());
      return 1;
    }
    details[name] = std::move(split.details);
  }
  if (!write_text(out_dir + "/details.json", gpuwise::dump_json(details))) {
    std::fprintf(stderr, "compact_data: cannot write %s/details.json\n", out_dir.c_str());
    return 1;
  }
  return 0;
}
