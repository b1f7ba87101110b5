// The catalog's columns: the rows of the GPU field table (gpu_fields.h) that are
// columns, in table order. The catalog table, sorting, the CSV export, the compare view
// and the card details all read this one list.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "text/format.h"  // format_number, kMissing: what a cell shows
#include "catalog/gpu_fields.h"

namespace gpuwise {

// key, label, unit, numeric, shown_by_default, better, number(gpu), text(gpu): see GpuField.
using Column = GpuField;

// What a cell shows: the formatted number, or the text.
std::string column_text(const Column& column, const Gpu& gpu);

const std::vector<Column>& catalog_columns();
// Index into catalog_columns(), or -1.
int find_column(std::string_view key);

// The CSV export of the rows `rows` (indices into catalog.gpus) with these columns:
// field names as the header (units are in them), numbers plain and empty when missing,
// text as shown.
std::string catalog_csv(const Catalog& catalog, const std::vector<int>& rows, const std::vector<int>& columns);

// For tools outside C++ (scripts/make_static_pages.py, `gpuwise catalog --columns --json`):
// {"fields": [every table row: key, label, unit, description, cell, whole_number, required,
//  better, column, shown_by_default, rank_position], "cells": {id: {column key: cell text}}}.
std::string catalog_columns_to_json(const Catalog& catalog, int indent = 2);

}  // namespace gpuwise
