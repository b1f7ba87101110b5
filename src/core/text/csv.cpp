#include "text/csv.h"

namespace gpuwise {

std::string csv_field(const std::string& text) {
  bool needs_quotes = text.find_first_of(",\"\r\n") != std::string::npos;
  // A leading = + - @ would make a spreadsheet treat the cell as a formula.
  const bool formula_like = !text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '@');
  std::string out = formula_like ? "'" + text : text;
  if (!needs_quotes) return out;
  std::string quoted = "\"";
  for (char c : out) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string to_csv(const CsvRow& header, const std::vector<CsvRow>& rows) {
  std::string out = "\xEF\xBB\xBF";
  auto write_row = [&](const CsvRow& row) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) out += ',';
      out += csv_field(row[i]);
    }
    out += "\r\n";
  };
  write_row(header);
  for (const auto& row : rows) write_row(row);
  return out;
}

std::string csv_with_columns(const std::string& csv, const std::string& header_cells,
                             const std::vector<std::string>& row_cells) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t line = 0; at < csv.size(); ++line) {
    std::size_t end = csv.find("\r\n", at);
    if (end == std::string::npos) end = csv.size();
    out += csv.substr(at, end - at);
    if (line == 0) {
      out += header_cells;
    } else if (line - 1 < row_cells.size()) {
      out += row_cells[line - 1];
    }
    out += "\r\n";
    at = end + 2;
  }
  return out;
}

}  // namespace gpuwise
