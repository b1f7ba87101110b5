// gpuwise fit: the memory a model needs, part by part, and the cards that hold it on
// 1, 2, 4 and 8 GPUs (src/core/estimate/vram_fit.h, docs/vram-fit.md).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "catalog/catalog.h"
#include "cli.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "estimate/gates.h"
#include "text/json_util.h"
#include "estimate/vram_fit.h"
#include "view/view_state.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise fit [--preset ID | --params-b B] [--precision fp32|bf16|fp16|int8|int4]\n"
    "                   [--mode inference|lora|full] [--context N] [--batch N]\n"
    "                   [--layers N] [--kv-heads N] [--head-dim N] [--hidden N] [--json] [--data-dir DIR]\n"
    "--params-b without --preset borrows the shape (layers, KV heads, head_dim, hidden) of the\n"
    "preset nearest in size; the shape flags override it. Default: --preset llama-3-8b.\n";

double rounded(double value) { return std::round(value * 1000) / 1000; }

json result_json(const FitResult& result, const std::map<int, std::vector<std::string>>& fit_ids) {
  const FitView& in = result.input;
  json out;
  out["input"] = {{"preset", in.preset},         {"params_b", in.params_b}, {"precision", in.precision},
                  {"mode", in.mode},             {"batch_size", in.batch_size}, {"context", in.context},
                  {"layers", in.layers},         {"kv_heads", in.kv_heads},   {"head_dim", in.head_dim},
                  {"hidden_size", in.hidden_size}};
  out["total_gb"] = rounded(result.total_gb);
  out["range"] = {{"low_gb", rounded(result.total_low_gb)}, {"high_gb", rounded(result.total_high_gb)}};
  json parts = json::object();
  json details = json::object();
  for (const auto& part : result.parts) {
    parts[part.key] = rounded(part.gb);
    details[part.key] = {{"gb", rounded(part.gb)},
                         {"low_gb", rounded(part.low_gb)},
                         {"high_gb", rounded(part.high_gb)},
                         {"formula", part.formula}};
  }
  out["parts"] = parts;
  out["details"] = details;
  json fits_json = json::object();
  json per_gpu = json::object();
  for (const auto& [count, ids] : fit_ids) {
    fits_json[std::to_string(count)] = ids;
    per_gpu[std::to_string(count)] = rounded(per_gpu_need_gb(result, count));
  }
  out["fits"] = fits_json;
  out["per_gpu_gb"] = per_gpu;
  out["unified_memory"] = unified_memory_fit_rule();
  json notices = json::array();
  for (const auto& notice : result.notices) notices.push_back(notice.text());
  out["notices"] = notices;
  return out;
}

void print_text(const FitResult& result, const std::map<int, std::vector<std::string>>& fit_ids) {
  const FitView& in = result.input;
  std::printf("model: %s, %sB params, %s, %s, context %d, batch %d\n", in.preset.c_str(),
              format_number(in.params_b, 3).c_str(), in.precision.c_str(), in.mode.c_str(), in.context,
              in.batch_size);
  std::printf("shape: %d layers, %d KV heads, head_dim %d, hidden %d\n\n", in.layers, in.kv_heads, in.head_dim,
              in.hidden_size);
  for (const auto& part : result.parts) {
    std::printf("  %-12s %10s GB   %s\n", part.key.c_str(), format_number(part.gb, 2).c_str(), part.formula.c_str());
  }
  std::printf("\n  %-12s %10s GB   (range %s to %s GB)\n\n", "total", format_number(result.total_gb, 2).c_str(),
              format_number(result.total_low_gb, 2).c_str(), format_number(result.total_high_gb, 2).c_str());
  for (const auto& [count, ids] : fit_ids) {
    std::printf("fits on %d GPU%s (%s GB each): ", count, count == 1 ? "" : "s",
                format_number(per_gpu_need_gb(result, count), 1).c_str());
    if (ids.empty()) std::printf("none");
    for (std::size_t i = 0; i < ids.size(); ++i) std::printf("%s%s", i ? ", " : "", ids[i].c_str());
    std::printf("\n");
  }
  std::printf("\n%s\n", unified_memory_fit_rule());
}

}  // namespace

// --preset first (a whole shape), then --params-b (borrowing the nearest preset's shape
// unless a preset was named), then the rest; the value flags are the table's.
bool read_fit_flags(const Args& args, const char* command, FitView& view) {
  ViewState state;
  state.fit = view;
  if (auto id = args.value("--preset")) {
    if (!find_preset(*id)) {
      std::fprintf(stderr, "gpuwise %s: unknown preset '%s'; one of:", command, id->c_str());
      for (const auto& preset : model_presets()) std::fprintf(stderr, " %s", preset.id);
      std::fprintf(stderr, "\n");
      return false;
    }
    state.fit = apply_preset(state.fit, *id);
  }
  if (args.value("--params-b")) {
    if (!read_field_flag(args, command, "--params-b", {"fit"}, state)) return false;
    if (!args.value("--preset")) state.fit = shape_from_nearest_preset(state.fit);
    state.fit.preset = "custom";
  }
  if (!read_field_flags(args, command, {"fit"}, state, {"--preset", "--params-b"})) return false;
  if (args.value("--layers") || args.value("--kv-heads") || args.value("--head-dim") || args.value("--hidden")) {
    state.fit.preset = "custom";  // a shape of one's own is no longer the preset
  }
  view = state.fit;
  return true;
}

int run_fit(const Args& args) {
  std::vector<std::string> values = field_flags({"fit"});  // the table's flags
  values.push_back("--data-dir");
  const auto unknown = args.unknown({"--json", "--help"}, values);
  if (args.flag("--help")) {
    std::printf("%s", kUsage);
    return 0;
  }
  if (!unknown.empty()) {
    std::fprintf(stderr, "gpuwise fit: unknown option '%s'\n%s", unknown.front().c_str(), kUsage);
    return 2;
  }
  FitView view;
  if (!read_fit_flags(args, "fit", view)) return 2;

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) {
    if (issue.severity == CatalogIssue::Severity::error) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  }

  const FitResult result = fit_model(view);
  for (const auto& notice : result.notices) std::fprintf(stderr, "gpuwise fit: %s\n", notice.text().c_str());
  auto fit_ids = cards_that_fit(catalog, result);
  // The cards current software cannot run for this model's workload leave the lists (issue 29).
  if (!read_file(data_path(args, "cuda.json"), text)) return 1;
  const Compat compat = load_compat(text);
  if (!read_file(data_path(args, "software.json"), text)) return 1;
  const SoftwareTable software = load_software(text);
  const SoftwareGate gate = gate_fit_lists(fit_ids, catalog, software, &compat, result.input);
  if (args.flag("--json")) {
    json out = result_json(result, fit_ids);
    add_gate_json(gate, out);
    std::printf("%s\n", dump_json(out, 2).c_str());
  } else {
    print_text(result, fit_ids);
    for (const LeftOut& left : gate.left_out) {
      std::printf("left out: %s: %s\n", left.name.c_str(),
                  workload_sentence(left.support).c_str());
    }
  }
  return 0;
}

}  // namespace gpuwise::cli
