// The rules one catalog row must meet, whichever form it was read from: data/gpus.json
// (catalog.cpp) or the page's binary catalog (catalog_binary.cpp). One copy, so both
// refuse the same rows in the same words.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/data_file.h"  // IssueRecorder
#include "catalog/gpu_fields.h"

namespace gpuwise {

// What is wrong with a figure under its field's rule, as the words around the value as
// written: before + "-24" + after reads "must be a number > 0 (got -24); omit the field ...".
// The caller writes the value only when there is a problem (writing every figure out
// was a tenth of loading the catalog).
struct FigureProblem {
  const char* before;
  const char* after;
};
std::optional<FigureProblem> figure_problem(const GpuField& field, double value);

// The field must be there for this row: required, or required of NVIDIA cards and the row
// is one (compute_capability).
bool required_field(const GpuField& field, bool is_nvidia);

// What is wrong with a list field's entries (a source that is not an http(s) URL, an
// empty entry), or nullopt.
std::optional<std::string> list_problem(const GpuField& field, const std::vector<std::string>& items);

// The row's id (a slug, unique among `seen_ids`) and its cross-field invariants, filed
// on `row`; true, with the id added to `seen_ids`, when the row has no error at all.
// `sources_moved`: the file left sources to the details file (data_details.h).
bool accept_row(const Gpu& gpu, bool sources_moved, IssueRecorder& row, std::set<std::string>& seen_ids);

}  // namespace gpuwise
