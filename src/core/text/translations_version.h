// The version of a translation table: FNV-1a (64 bit) over its English strings in
// order, as 16 hex digits. The site's data/strings_zh.json carries the version of the
// table it was written from (src/tools/translations_json.cpp); the page takes the file
// only when the version matches its own table (src/ui/i18n.cpp), so a stale file from a
// cache cannot put Chinese text beside the wrong English.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace gpuwise {

inline std::string translations_version(const char* const* english, std::size_t count) {
  std::uint64_t hash = 14695981039346656037ull;
  for (std::size_t i = 0; i < count; ++i) {
    for (const char* c = english[i];; ++c) {  // the terminating 0 separates the strings
      hash ^= static_cast<unsigned char>(*c);
      hash *= 1099511628211ull;
      if (!*c) break;
    }
  }
  static const char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<std::size_t>(i)] = kHex[hash & 15];
  return out;
}

}  // namespace gpuwise
