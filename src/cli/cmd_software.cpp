// gpuwise software: software support per card (src/core/catalog/software.h, data/software.json
// with cuda.json for PyTorch on CUDA).
//   --gpu ID          one card: every stack's grade, why, its source and date, and every workload
//   --workload KEY    every card's grade for a workload (qlora, serve-bf16, gguf, image, ...)
//   (neither)         the cells by grade, per stack
#include <cstdio>
#include <string>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "catalog/software.h"
#include "cli.h"
#include "text/json_util.h"

namespace gpuwise::cli {
namespace {

const char* kUsage =
    "usage: gpuwise software [--gpu ID] [--workload KEY] [--today YYYY-MM-DD] [--json]\n"
    "       workloads: pytorch, train, train-bf16, train-long, train-bf16-long, lora, lora-bf16, qlora, gguf,\n"
    "       serve, serve-bf16, serve-fp8, infer, infer-bf16, image, image-nf4\n";

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise software: %s\n%s", message.c_str(), kUsage);
  return 2;
}

json stack_json(const Support& s) {
  json out = {{"key", s.stack ? s.stack->key : ""},
              {"name", s.stack ? s.stack->name : ""},
              {"grade", grade_key(s.grade)},
              {"why", support_why(s).text()},
              {"derived", !s.derived.pattern.empty()}};
  if (s.cell) {
    out["source"] = s.cell->source;
    out["source_date"] = s.cell->source_date.empty() ? json(nullptr) : json(s.cell->source_date);
    out["commit"] = s.cell->commit.empty() ? json(nullptr) : json(s.cell->commit);
  }
  out["until"] = s.until ? json(s.until->until) : json(nullptr);
  if (s.until) out["until_what"] = s.until->until_what;
  return out;
}

json workload_json(const WorkloadSupport& w, const std::string& today) {
  json out = {{"grade", grade_key(w.grade)}, {"until", w.until.empty() ? json(nullptr) : json(w.until)}};
  out["ends_within_a_year"] = ends_within_a_year(w.until, today);
  if (const Support* limit = w.limit()) out["limit"] = limit->stack ? limit->stack->key : "";
  out["reason"] = workload_sentence(w);
  return out;
}

}  // namespace

int run_software(const Args& args) {
  const auto unknown = args.unknown({"--json"}, {"--gpu", "--workload", "--data-dir", "--today"});
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  const std::string today = today_date(args);
  if (today.empty()) return 2;
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable table = load_software(text);
  for (const CatalogIssue& issue : table.issues) std::fprintf(stderr, "software.json: %s\n", issue.to_string().c_str());
  if (table.error_count() > 0) return 2;
  const bool as_json = args.flag("--json");

  if (auto id = args.value("--gpu")) {
    const int index = catalog.find(*id);
    if (index < 0) return fail("unknown GPU id '" + *id + "'");
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    json stacks = json::array(), loads = json::array();
    for (const SupportStack& s : table.stacks) stacks.push_back(stack_json(stack_support(table, &compat, gpu, s.key)));
    for (const Workload& w : workloads()) {
      json row = workload_json(workload_support(table, &compat, gpu, w.key), today);
      row["key"] = w.key;
      row["label"] = w.label;
      loads.push_back(row);
    }
    if (as_json) {
      std::printf("%s\n", dump_json(json{{"id", gpu.id}, {"name", gpu.name}, {"stacks", stacks}, {"workloads", loads}}, 2).c_str());
      return 0;
    }
    std::printf("%s (%s, %s)\n", gpu.name.c_str(), gpu.vendor.c_str(), gpu.architecture.c_str());
    for (const SupportStack& s : table.stacks) {
      std::printf("  %-34s %s\n", s.name.c_str(), support_sentence(stack_support(table, &compat, gpu, s.key)).c_str());
    }
    std::printf("workloads:\n");
    for (const json& row : loads) {
      std::printf("  %-16s %-11s %s\n", row["key"].get<std::string>().c_str(), row["grade"].get<std::string>().c_str(),
                  row.contains("reason") ? row["reason"].get<std::string>().c_str() : "");
    }
    return 0;
  }

  if (auto key = args.value("--workload")) {
    const Workload* w = find_workload(*key);
    if (!w) return fail("unknown workload '" + *key + "'");
    json results = json::array();
    int counts[5] = {};
    for (const Gpu& gpu : catalog.gpus) {
      const WorkloadSupport support = workload_support(table, &compat, gpu, w->key);
      ++counts[static_cast<int>(support.grade)];
      json row = workload_json(support, today);
      row["id"] = gpu.id;
      results.push_back(row);
    }
    json by_grade = json::object();
    for (Grade g : {Grade::first_class, Grade::works, Grade::community, Grade::unknown, Grade::no}) {
      by_grade[grade_key(g)] = counts[static_cast<int>(g)];
    }
    if (as_json) {
      std::printf("%s\n", dump_json(json{{"workload", w->key}, {"label", w->label}, {"by_grade", by_grade},
                                         {"results", results}}, 2).c_str());
      return 0;
    }
    std::printf("%s: %s\n", w->key, dump_json(by_grade).c_str());
    for (const json& row : results) {
      std::printf("  %-30s %-11s %s\n", row["id"].get<std::string>().c_str(), row["grade"].get<std::string>().c_str(),
                  row.contains("reason") ? row["reason"].get<std::string>().c_str() : "");
    }
    return 0;
  }

  // The note's counts: every card x stack, by grade, per stack.
  json per_stack = json::array();
  int total[5] = {};
  for (const SupportStack& s : table.stacks) {
    int counts[5] = {};
    for (const Gpu& gpu : catalog.gpus) ++counts[static_cast<int>(stack_support(table, &compat, gpu, s.key).grade)];
    json row = {{"key", s.key}};
    for (Grade g : {Grade::first_class, Grade::works, Grade::community, Grade::no, Grade::unknown}) {
      row[grade_key(g)] = counts[static_cast<int>(g)];
      total[static_cast<int>(g)] += counts[static_cast<int>(g)];
    }
    per_stack.push_back(row);
  }
  json all = json::object();
  for (Grade g : {Grade::first_class, Grade::works, Grade::community, Grade::no, Grade::unknown}) {
    all[grade_key(g)] = total[static_cast<int>(g)];
  }
  if (as_json) {
    std::printf("%s\n", dump_json(json{{"cards", catalog.gpus.size()}, {"total", all}, {"stacks", per_stack}}, 2).c_str());
    return 0;
  }
  std::printf("%-20s %11s %6s %9s %4s %7s\n", "stack", "first-class", "works", "community", "no", "unknown");
  for (const json& row : per_stack) {
    std::printf("%-20s %11d %6d %9d %4d %7d\n", row["key"].get<std::string>().c_str(), row["first-class"].get<int>(),
                row["works"].get<int>(), row["community"].get<int>(), row["no"].get<int>(), row["unknown"].get<int>());
  }
  std::printf("%-20s %11d %6d %9d %4d %7d\n", "all", all["first-class"].get<int>(), all["works"].get<int>(),
              all["community"].get<int>(), all["no"].get<int>(), all["unknown"].get<int>());
  return 0;
}

}  // namespace gpuwise::cli
