// The page's catalog as bytes (issue 15). data/gpus.json stays the file people edit and
// the build validates; the page downloads data/gpus.bin, the same catalog written field
// by field in gpu_fields.inc's order, because reading JSON into ~6,000 figures was the
// largest part of the first frame (~90 ms of ~470 in Chromium on a first visit; the
// bytes decode in a few). tests/core/catalog/test_catalog_binary.cpp proves the bytes load to
// the same catalog as the JSON they were written from.
//
// Layout (integers are LEB128 varints; signed ones zigzag-encoded):
//   "GWCB", format version (1 byte), fingerprint of the field table (4 bytes, little
//   endian: a file from another build of the page is refused, not misread),
//   schema_version, the names the compact file moved to details.json (data_details.h),
//   the rows (every field, by type), and the loader's warnings about them.
// A figure is a scale k (0-9) and a whole number m, read as m / 10^k, or 8 raw bytes
// (k = 255) when no such pair gives back exactly the same double; 254 marks a missing
// optional figure.
#pragma once
#include <set>
#include <string>
#include <string_view>

#include "catalog/catalog.h"
#include "text/json_fwd.h"

namespace gpuwise {

// The catalog as bytes; `moved` lists the fields its rows lack because the page's
// details file has them (the catalog's details_elsewhere).
std::string catalog_to_binary(const Catalog& catalog, const std::set<std::string>& moved);

// True when `bytes` start like a binary catalog (anything else is read as JSON).
bool is_catalog_binary(std::string_view bytes);

// Reads bytes written by catalog_to_binary. Each row meets the same rules as a
// gpus.json row (catalog_rules.h): a row that breaks one is dropped with the same
// message. Damaged or foreign bytes load no row, and the one error says why.
Catalog catalog_from_binary(std::string_view bytes);

// Fills in what a compact catalog (details_elsewhere) left to details.json: its "gpus.json"
// part, {"gpus": [{"notes": "...", "sources": ["https://..."]}, ...]}, one entry per row in
// order. The fields meet the loader's rules (a source is an http(s) URL, every card has
// one); on any problem the catalog is left as it was and the message says what is wrong.
// Cheaper than writing the catalog out as JSON, merging and reading it again.
std::string merge_catalog_details(Catalog& catalog, const json& details);

}  // namespace gpuwise
