// Fuzzes the page's binary catalog reader (catalog_binary.h). The first byte picks what
// the rest is: the whole file; a file body after a valid header (so mutations get past
// the magic and the field table's fingerprint); or byte edits (2-byte position, value)
// to the fixture catalog's bytes (fuzz_support.h: nine shipped rows of every kind), the
// damage a real file would take. Editing the whole shipped catalog's bytes and writing
// all its rows back as JSON twice ran at about 50 inputs a CPU-second. It must never
// crash; a damaged file loads no row and one error; rows that load pass the JSON
// loader's rules too (each row unlike the fixture's: an edit changes a row or two), and
// write back to the same bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "catalog/catalog_binary.h"
#include "catalog/gpu_fields.h"
#include "fuzz_support.h"

using namespace gpuwise;

namespace {

const std::string& shipped_bytes() {
  static const std::string bytes = catalog_to_binary(fuzz::fixture_catalog(), {});
  return bytes;
}

// Magic, format version and fingerprint: the first 9 bytes of any file this build writes.
const std::string& header() {
  static const std::string bytes = catalog_to_binary(Catalog{}, {}).substr(0, 9);
  return bytes;
}

// Every field the JSON holds is the same (NaN counts as changed, so it is checked).
bool same_row(const Gpu& a, const Gpu& b) {
  for (const GpuField& field : gpu_fields()) {
    if (!std::visit([&](auto member) { return a.*member == b.*member; }, field.member)) return false;
  }
  return true;
}

// A row the fixture has as it is: it came from the JSON loader, so it passes its rules.
bool fixture_row(const Gpu& gpu) {
  const Catalog& fixture = fuzz::fixture_catalog();
  const int index = fixture.find(gpu.id);
  return index >= 0 && same_row(gpu, fixture.gpus[static_cast<std::size_t>(index)]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string bytes;
  switch (data[0] % 3) {
    case 0: bytes = rest; break;
    case 1: bytes = header() + rest; break;
    default:
      bytes = shipped_bytes();
      for (std::size_t i = 0; i + 3 <= rest.size(); i += 3) {
        const std::size_t at = (static_cast<unsigned char>(rest[i]) << 8 | static_cast<unsigned char>(rest[i + 1])) % bytes.size();
        bytes[at] = rest[i + 2];
      }
      if (rest.size() % 3 == 1) bytes.resize(bytes.size() - static_cast<unsigned char>(rest.back()) % bytes.size());
      break;
  }
  const Catalog catalog = catalog_from_binary(bytes);
  for (const CatalogIssue& issue : catalog.issues) FUZZ_CHECK(!issue.to_string().empty());
  if (catalog.gpus.empty()) return 0;

  // What loaded writes back to bytes that load the same rows.
  const std::string written = catalog_to_binary(catalog, catalog.details_elsewhere ? std::set<std::string>{"sources"} : std::set<std::string>{});
  const Catalog again = catalog_from_binary(written);
  FUZZ_CHECK(again.gpus.size() == catalog.gpus.size());
  // The same rows: written again, they give the same bytes (cheaper than comparing them as
  // JSON text, which the check below does once).
  FUZZ_CHECK(catalog_to_binary(again, catalog.details_elsewhere ? std::set<std::string>{"sources"}
                                                                : std::set<std::string>{}) == written);
  // Rows the bytes let through, the JSON loader lets through too (same rules, one copy).
  // Rows unchanged from the fixture are left out: loading all nine rows as JSON again was
  // most of this target's time. Unique ids, the one rule across rows, are checked below.
  if (!catalog.details_elsewhere) {
    Catalog changed;
    for (const Gpu& gpu : catalog.gpus) {
      if (!fixture_row(gpu)) changed.gpus.push_back(gpu);
    }
    if (!changed.gpus.empty()) {
      const Catalog as_json = load_catalog(catalog_to_json(changed));
      FUZZ_CHECK(as_json.error_count() == 0);
      FUZZ_CHECK(as_json.gpus.size() == changed.gpus.size());
    }
  }
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) FUZZ_CHECK(catalog.find(catalog.gpus[i].id) == static_cast<int>(i));
  return 0;
}
