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

}  // namespace gpuwise
