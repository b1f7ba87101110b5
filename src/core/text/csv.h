// CSV export of what a table shows (RFC 4180: quoted when needed, CRLF line ends),
// with a UTF-8 byte-order mark so spreadsheet programs read Chinese text right.
#pragma once
#include <string>
#include <vector>

namespace gpuwise {

using CsvRow = std::vector<std::string>;

std::string csv_field(const std::string& text);
std::string to_csv(const CsvRow& header, const std::vector<CsvRow>& rows);
// `csv` (to_csv()'s output) with more columns after each line: `header_cells` after the
// header, `row_cells[i]` after row i (each already ",a,b"); rows beyond row_cells keep theirs.
std::string csv_with_columns(const std::string& csv, const std::string& header_cells,
                             const std::vector<std::string>& row_cells);

}  // namespace gpuwise
