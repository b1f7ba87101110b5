// CSV export of what a table shows (RFC 4180: quoted when needed, CRLF line ends),
// with a UTF-8 byte-order mark so spreadsheet programs read Chinese text right.
#pragma once
#include <string>
#include <vector>

namespace gpuwise {

using CsvRow = std::vector<std::string>;

std::string csv_field(const std::string& text);
std::string to_csv(const CsvRow& header, const std::vector<CsvRow>& rows);

}  // namespace gpuwise
