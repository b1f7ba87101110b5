// The page's compact data files (issue 15): what a first visit downloads is each data
// file without its notes and source URLs, which a first view never shows; they go to
// one details file the page fetches when a reader opens a card's notes or sources.
// data/*.json stay the human-edited files; the build derives both forms from them
// (src/tools/compact_data.cpp) and tests/core/test_data_details.cpp proves the compact
// form loads to the same figures and, with its details merged back, to the same data.
//
// Generic over the files' structure: a field moves when it is named "notes" or its
// value is a URL or a list of URLs, wherever it sits (rows, nested objects, top level),
// so new fields and rows flow through without edits here.
#pragma once
#include <set>
#include <string>

#include "json_util.h"

namespace gpuwise {

// The key a compact file lists its moved field names under; the loaders read it
// (moved_to_details) so a required field that moved is not reported missing.
inline constexpr const char* kDetailsMovedKey = "details_moved";

struct SplitData {
  json compact;  // the file without the moved fields, plus "details_moved": [names]
  json details;  // the moved fields only, in the file's own shape (null: nothing moved)
};

// Splits one data file's JSON.
SplitData split_details(const json& full);

// `compact` with `details` merged back in (objects by key, lists by position) and
// "details_moved" removed: the full file again.
json merge_details(json compact, const json& details);

// The names a compact file says moved; empty for a full file.
std::set<std::string> moved_to_details(const json& root);

}  // namespace gpuwise
