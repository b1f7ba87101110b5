#include "catalog/columns.h"

#include "text/csv.h"
#include "text/json_util.h"

namespace gpuwise {
namespace {

const char* better_key(Better better) {
  switch (better) {
    case Better::higher: return "higher";
    case Better::lower: return "lower";
    case Better::neither: break;
  }
  return "neither";
}

const char* cell_key(CellKind cell) {
  switch (cell) {
    case CellKind::number: return "number";
    case CellKind::line_name: return "line_name";
    case CellKind::kind_name: return "kind_name";
    case CellKind::yes_no: return "yes_no";
    case CellKind::text: break;
  }
  return "text";
}

json field_json(const GpuField& field) {
  return {{"key", field.key},
          {"label", field.label},
          {"unit", field.unit},
          {"description", field.description},
          {"cell", cell_key(field.cell)},
          {"whole_number", field.whole_number},
          {"required", field.presence == Presence::required},
          {"better", better_key(field.better)},
          {"column", field.column},
          {"shown_by_default", field.shown_by_default},
          {"rank_position", field.rank_position}};
}

}  // namespace


const std::vector<Column>& catalog_columns() {
  static const std::vector<Column> columns = [] {
    std::vector<Column> out;
    for (const GpuField& field : gpu_fields()) {
      if (field.column) out.push_back(field);
    }
    return out;
  }();
  return columns;
}

std::string column_text(const Column& column, const Gpu& gpu) { return column.text(gpu); }

int find_column(std::string_view key) {
  const auto& columns = catalog_columns();
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (key == columns[i].key) return static_cast<int>(i);
  }
  return -1;
}

std::string catalog_csv(const Catalog& catalog, const std::vector<int>& rows, const std::vector<int>& columns) {
  CsvRow header;
  for (int i : columns) header.push_back(catalog_columns()[static_cast<std::size_t>(i)].key);
  std::vector<CsvRow> out;
  for (int row : rows) {
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(row)];
    CsvRow cells;
    for (int i : columns) {
      const Column& column = catalog_columns()[static_cast<std::size_t>(i)];
      const std::optional<double> value = column.number(gpu);
      // A spreadsheet reads an empty cell as "no figure"; the dash would be text.
      cells.push_back(column.numeric ? (value ? format_number(*value) : "") : column_text(column, gpu));
    }
    out.push_back(std::move(cells));
  }
  return to_csv(header, out);
}

std::string catalog_columns_to_json(const Catalog& catalog, int indent) {
  json fields = json::array();
  for (const GpuField& field : gpu_fields()) fields.push_back(field_json(field));
  json cells = json::object();
  for (const Gpu& gpu : catalog.gpus) {
    json row = json::object();
    for (const Column& column : catalog_columns()) row[column.key] = column_text(column, gpu);
    cells[gpu.id] = std::move(row);
  }
  return dump_json(json{{"fields", std::move(fields)}, {"cells", std::move(cells)}}, indent);
}

}  // namespace gpuwise
