// catalog_columns GPUS_JSON OUT_JSON: writes what `gpuwise catalog --columns --json`
// prints (columns.h: the GPU field table and every card's cells) to OUT_JSON.
// The web build compiles it with emscripten and runs it under node, so the static
// catalog page (scripts/make_static_pages.py) reads core's labels, units and number
// formats even where the native command-line tool was never built.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.h"
#include "catalog/columns.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: catalog_columns GPUS_JSON OUT_JSON\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "catalog_columns: cannot read %s\n", argv[1]);
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  const gpuwise::Catalog catalog = gpuwise::load_catalog(text.str());
  // Rows with errors are left out, as on the page; the problems are still worth seeing.
  for (const auto& issue : catalog.issues) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  std::ofstream out(argv[2], std::ios::binary);
  out << gpuwise::catalog_columns_to_json(catalog) << "\n";
  if (!out) {
    std::fprintf(stderr, "catalog_columns: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
