// gpuwise link: share links from the command line.
//   gpuwise link decode 'FRAGMENT' [--json]   the view a link opens, and what was ignored
//   gpuwise link encode [FILE] < state.json    the link for a state (window.gpuwise.state() shape)
// A bad link is not an error: it decodes with notices and exits 0.
#include <cstdio>
#include <iostream>
#include <iterator>

#include "catalog/catalog.h"
#include "cli.h"
#include "view/share_link.h"
#include "view/state_json.h"
#include "view/view_fields.h"
#include "text/json_util.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise link decode 'FRAGMENT' [--json] [--data-dir DIR]\n"
    "       gpuwise link encode [FILE] [--data-dir DIR]   (FILE or standard input: a state JSON)\n"
    "       gpuwise link fields [--json]   every field of a link: key, section, JSON name, kind, range,\n"
    "                                      default and command-line flag (the field table)\n";

// The catalog's card ids, so unknown cards are dropped; when the catalog cannot be read,
// ids are kept unchecked and a notice says so.
std::vector<std::string> card_ids(const Args& args, bool& loaded, std::vector<std::string>& notices) {
  std::vector<std::string> ids;
  std::string text;
  const std::string path = data_path(args, "gpus.json");
  if (read_file(path, text)) {
    for (const Gpu& gpu : load_catalog(text).gpus) ids.push_back(gpu.id);
  }
  loaded = !ids.empty();
  if (!loaded) notices.push_back("could not load the catalog " + path + "; card ids were not checked");
  return ids;
}

// Positional words without the value of a separate `--data-dir DIR`.
std::vector<std::string> operands(const Args& args) { return args.positional({"--data-dir"}); }

void print_notices(const std::vector<std::string>& notices) {
  for (const auto& notice : notices) std::fprintf(stderr, "notice: %s\n", notice.c_str());
}

int decode(const Args& args, const std::string& fragment) {
  bool loaded = false;
  std::vector<std::string> notices;
  const std::vector<std::string> ids = card_ids(args, loaded, notices);
  LinkDecode result = decode_link(fragment, ViewState{}, loaded ? &ids : nullptr);
  notices.insert(notices.end(), result.notices.begin(), result.notices.end());
  if (args.flag("--json")) {
    const json out{{"state", view_state_to_json(result.state)}, {"notices", notices}};
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else {
    print_notices(notices);
    std::printf("%s\n", encode_link(result.state).c_str());  // the same view, written cleanly
  }
  return 0;
}

int encode(const Args& args, const std::vector<std::string>& words) {
  std::string text;
  if (words.size() > 1 && words[1] != "-") {
    if (!read_file(words[1], text)) return 1;
  } else {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  const ParsedJson parsed = parse_json(text);
  if (!parsed.ok()) {
    std::fprintf(stderr, "gpuwise: the state is not valid JSON: %s\n", parsed.error.c_str());
    return 1;
  }
  bool loaded = false;
  std::vector<std::string> notices;
  const std::vector<std::string> ids = card_ids(args, loaded, notices);
  // `link decode --json` output ({"state": ..., "notices": [...]}) pipes straight back in.
  const json& root = parsed.value;
  const bool wrapped = root.is_object() && root.contains("state") && root["state"].is_object() &&
                       root.contains("notices");
  const LinkDecode result = view_state_from_json(wrapped ? root["state"] : root, ViewState{}, loaded ? &ids : nullptr);
  notices.insert(notices.end(), result.notices.begin(), result.notices.end());
  print_notices(notices);
  std::printf("%s\n", encode_link(result.state).c_str());
  return 0;
}

const char* kind_word(FieldKind kind) {
  switch (kind) {
    case FieldKind::number: return "number";
    case FieldKind::whole: return "whole";
    case FieldKind::optional_number: return "optional_number";
    case FieldKind::flag: return "flag";
    case FieldKind::list: return "list";
    case FieldKind::tab: return "tab";
    case FieldKind::weights: return "weights";
    case FieldKind::text:
    case FieldKind::hidden_columns:
    case FieldKind::sort_column:
    case FieldKind::sort_descending: break;
  }
  return "text";
}

// The field table as scripts read it (tests/check_cli_flags.py picks a value for a new
// number flag from its range): one row per link key, or a line each as text.
int fields(const Args& args) {
  const ViewState defaults;
  json rows = json::array();
  for (const ViewField& field : view_fields()) {
    json row = {{"link_key", field.link_key}, {"section", field.section}, {"name", field.name},
                {"kind", kind_word(field.kind)}, {"flag", field.cli_flag}, {"unit", field.unit},
                {"more", field.more},           {"default", field_to_json(field, defaults)}};
    const bool number = field.kind == FieldKind::number || field.kind == FieldKind::whole ||
                        field.kind == FieldKind::optional_number;
    if (number) row["range"] = {{"min", field.range.min}, {"max", field.range.max}, {"zero_too", field.range.zero_too}};
    if (!field.choices.empty()) row["choices"] = field.choices;
    rows.push_back(row);
  }
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(rows, 2).c_str());
    return 0;
  }
  for (const json& row : rows) {
    std::printf("%-18s %-28s %s\n", row["link_key"].get<std::string>().c_str(), row["flag"].get<std::string>().c_str(),
                row["kind"].get<std::string>().c_str());
  }
  return 0;
}

}  // namespace

int run_link(const Args& args) {
  const auto unknown = args.unknown({"--json"}, {"--data-dir"});
  if (!unknown.empty()) {
    std::fprintf(stderr, "gpuwise link: unknown option '%s'\n%s", unknown[0].c_str(), kUsage);
    return 2;
  }
  const std::vector<std::string> words = operands(args);
  if (words.size() == 2 && words[0] == "decode") return decode(args, words[1]);
  if (!words.empty() && words.size() <= 2 && words[0] == "encode") return encode(args, words);
  if (words.size() == 1 && words[0] == "fields") return fields(args);
  std::fprintf(stderr, "%s", kUsage);
  return 2;
}

}  // namespace gpuwise::cli
