// The page's compact data files (issue 15): what a first visit downloads is each data
// file without its notes and source URLs, which a first view never shows; they go to
// one details file the page fetches when a reader opens a card's notes or sources.
// data/*.json stay the human-edited files; the build derives both forms from them
// (src/tools/compact_data.cpp) and tests/core/catalog/test_data_details.cpp proves the compact
// form loads to the same figures and, with its details merged back, to the same data.
//
// Generic over the files' structure: a field moves when it is named "notes" or its
// value is a URL or a list of URLs, wherever it sits (rows, nested objects, top level),
// so new fields and rows flow through without edits here.
#pragma once
#include <set>
#include <string>

#include "text/json_util.h"

namespace gpuwise {

// The key a compact file lists its moved field names under; the loaders read it
// (moved_to_details) so a required field that moved is not reported missing.
inline constexpr const char* kDetailsMovedKey = "details_moved";

// A list of rows in the compact file is written as one table, its field names once:
//   {"@columns": ["id", "name", ...], "@rows": [["rtx-4090", "GeForce RTX 4090", ...], ...]}
// with null for a field the row does not have. The names are written once instead of in
// every row: the page's three files are 2.2 KB smaller (gzip) and gpus.json half as long
// for the parser to scan (issue 15). Loaders see rows again: open_data_file() and
// merge_details() call expand_tables().
inline constexpr const char* kTableColumnsKey = "@columns";
inline constexpr const char* kTableRowsKey = "@rows";

struct SplitData {
  json compact;  // the file without the moved fields, plus "details_moved": [names]; lists as tables
  json details;  // the moved fields only, in the file's own shape (null: nothing moved)
};

// Splits one data file's JSON.
SplitData split_details(const json& full);

// Every list of two or more objects in `value` as a table (above), nested lists too. A list
// where some field is null stays as it is, since null marks a missing field in a table.
void tabulate(json& value);

// Every table in `value` back into its list of objects. Returns "" or what is wrong with
// a table ("table row 3 has 5 values for 6 columns"); after a problem `value` may be
// half expanded and is not to be read (open_data_file() refuses the whole file).
std::string expand_tables(json& value);

// `compact` with `details` merged back in (objects by key, lists by position) and
// "details_moved" removed: the full file again.
json merge_details(json compact, const json& details);

// The names a compact file says moved; empty for a full file.
std::set<std::string> moved_to_details(const json& root);

}  // namespace gpuwise
