// gpuwise fit: the memory a model needs, part by part, and the cards that hold it on
// 1, 2, 4 and 8 GPUs (src/core/vram_fit.h, docs/vram-fit.md).
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <string>

#include "catalog.h"
#include "cli.h"
#include "json_util.h"
#include "vram_fit.h"

namespace gpuwise::cli {
namespace {

const char* const kUsage =
    "usage: gpuwise fit [--preset ID | --params-b B] [--precision fp32|bf16|fp16|int8|int4]\n"
    "                   [--mode inference|lora|full] [--context N] [--batch N]\n"
    "                   [--layers N] [--kv-heads N] [--head-dim N] [--hidden N] [--json] [--data-dir DIR]\n"
    "--params-b without --preset borrows the shape (layers, KV heads, head_dim, hidden) of the\n"
    "preset nearest in size; the shape flags override it. Default: --preset llama-3-8b.\n";

bool parse_number(const std::string& flag, const std::string& text, double& out) {
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(value)) {
    std::fprintf(stderr, "gpuwise fit: %s must be a number (got '%s')\n", flag.c_str(), text.c_str());
    return false;
  }
  out = value;
  return true;
}

bool parse_whole(const std::string& flag, const std::string& text, int& out) {
  double value = 0;
  if (!parse_number(flag, text, value)) return false;
  if (std::floor(value) != value) {
    std::fprintf(stderr, "gpuwise fit: %s must be a whole number (got '%s')\n", flag.c_str(), text.c_str());
    return false;
  }
  // Far out-of-range values reach the core as the int limits, which clamps and says so.
  constexpr int kMax = std::numeric_limits<int>::max();
  constexpr int kMin = std::numeric_limits<int>::min();
  out = value > kMax ? kMax : value < kMin ? kMin : static_cast<int>(value);
  return true;
}

// Reads the flags into a FitView; false (and a message) on a malformed or unknown value.
bool read_view(const Args& args, FitView& view) {
  if (auto id = args.value("--preset")) {
    if (!find_preset(*id)) {
      std::fprintf(stderr, "gpuwise fit: unknown preset '%s'; one of:", id->c_str());
      for (const auto& preset : model_presets()) std::fprintf(stderr, " %s", preset.id.c_str());
      std::fprintf(stderr, "\n");
      return false;
    }
    view = apply_preset(view, *id);
  }
  if (auto text = args.value("--params-b")) {
    if (!parse_number("--params-b", *text, view.params_b)) return false;
    if (!args.value("--preset")) view = shape_from_nearest_preset(view);
    view.preset = "custom";
  }
  if (auto text = args.value("--precision")) {
    if (!is_fit_precision(*text)) {
      std::fprintf(stderr, "gpuwise fit: --precision must be fp32, bf16, fp16, int8 or int4 (got '%s')\n",
                   text->c_str());
      return false;
    }
    view.precision = *text;
  }
  if (auto text = args.value("--mode")) {
    if (!is_fit_mode(*text)) {
      std::fprintf(stderr, "gpuwise fit: --mode must be inference, lora or full (got '%s')\n", text->c_str());
      return false;
    }
    view.mode = *text;
  }
  struct WholeFlag {
    const char* flag;
    int FitView::*field;
    bool changes_shape;
  };
  const WholeFlag whole_flags[] = {
      {"--context", &FitView::context, false},  {"--batch", &FitView::batch_size, false},
      {"--layers", &FitView::layers, true},     {"--kv-heads", &FitView::kv_heads, true},
      {"--head-dim", &FitView::head_dim, true}, {"--hidden", &FitView::hidden_size, true},
  };
  for (const auto& f : whole_flags) {
    if (auto text = args.value(f.flag)) {
      if (!parse_whole(f.flag, *text, view.*f.field)) return false;
      if (f.changes_shape) view.preset = "custom";
    }
  }
  return true;
}

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
}

}  // namespace

int run_fit(const Args& args) {
  const auto unknown = args.unknown({"--json", "--help"}, {"--preset", "--params-b", "--precision", "--mode",
                                                           "--context", "--batch", "--layers", "--kv-heads",
                                                           "--head-dim", "--hidden", "--data-dir"});
  if (args.flag("--help")) {
    std::printf("%s", kUsage);
    return 0;
  }
  if (!unknown.empty()) {
    std::fprintf(stderr, "gpuwise fit: unknown option '%s'\n%s", unknown.front().c_str(), kUsage);
    return 2;
  }
  FitView view;
  if (!read_view(args, view)) return 2;

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 1;
  const Catalog catalog = load_catalog(text);
  for (const auto& issue : catalog.issues) {
    if (issue.severity == CatalogIssue::Severity::error) std::fprintf(stderr, "%s\n", issue.to_string().c_str());
  }

  const FitResult result = fit_model(view);
  for (const auto& notice : result.notices) std::fprintf(stderr, "gpuwise fit: %s\n", notice.text().c_str());
  const auto fit_ids = cards_that_fit(catalog, result);
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(result_json(result, fit_ids), 2).c_str());
  } else {
    print_text(result, fit_ids);
  }
  return 0;
}

}  // namespace gpuwise::cli
