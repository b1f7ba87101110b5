// Value flags read through the field table (src/core/view/view_fields.h): a flag's name,
// type and range come from the table, and its value goes through the same parser and
// checks as a link, so `--price 0x10` and `roi.price=0x10` are refused alike.
#include <algorithm>
#include <cstdio>

#include "cli.h"
#include "view/cli_values.h"
#include "view/view_fields.h"

namespace gpuwise::cli {
namespace {
bool read_as_value(const ViewField& field) {
  return field.kind == FieldKind::number || field.kind == FieldKind::whole ||
         field.kind == FieldKind::optional_number || field.kind == FieldKind::text || field.kind == FieldKind::list;
}
}  // namespace

namespace {
std::vector<std::string> flags_of(const std::vector<std::string>& sections, bool switches) {
  std::vector<std::string> out;
  for (const ViewField& field : view_fields()) {
    if (!*field.cli_flag || std::find(sections.begin(), sections.end(), field.section) == sections.end()) continue;
    if ((field.kind == FieldKind::flag) == switches) out.push_back(field.cli_flag);
  }
  return out;
}
}  // namespace

std::vector<std::string> field_flags(const std::vector<std::string>& sections) { return flags_of(sections, false); }

std::vector<std::string> field_switches(const std::vector<std::string>& sections) { return flags_of(sections, true); }

std::string more_flags_usage(const char* section) {
  std::string line;
  for (const ViewField& field : view_fields()) {
    if (!field.more || std::string_view(field.section) != section || !*field.cli_flag) continue;
    line += std::string(" [") + field.cli_flag + (field.kind == FieldKind::flag ? "]" : " N]");
  }
  return line.empty() ? line : "       more:" + line + "\n";
}

bool read_field_flags(const Args& args, const char* command, const std::vector<std::string>& sections,
                      ViewState& state, const std::vector<std::string>& skip) {
  for (const std::string& flag : field_switches(sections)) {
    const ViewField* field = find_field_by_cli_flag(flag, sections);
    if (field && args.flag(flag)) field->flag(state) = true;
  }
  for (const std::string& flag : field_flags(sections)) {
    if (std::find(skip.begin(), skip.end(), flag) != skip.end()) continue;
    const ViewField* field = find_field_by_cli_flag(flag, sections);
    std::optional<std::string> text = args.value(flag);
    if (field && field->kind == FieldKind::list && text) {
      // A list flag may repeat (--gpu A --gpu B): one list, as "A,B" in a link.
      text->clear();
      for (const std::string& item : args.values(flag)) *text += (text->empty() ? "" : ",") + item;
    }
    if (!field || !text || !read_as_value(*field)) continue;
    if (auto problem = apply_cli_value(*field, *text, state)) {
      std::fprintf(stderr, "gpuwise %s: %s\n", command, problem->text().c_str());
      return false;
    }
  }
  return true;
}

bool read_field_flag(const Args& args, const char* command, const char* flag, const std::vector<std::string>& sections,
                     ViewState& state) {
  const ViewField* field = find_field_by_cli_flag(flag, sections);
  const auto text = args.value(flag);
  if (!field || !text) return true;
  if (auto problem = apply_cli_value(*field, *text, state)) {
    std::fprintf(stderr, "gpuwise %s: %s\n", command, problem->text().c_str());
    return false;
  }
  return true;
}

}  // namespace gpuwise::cli
