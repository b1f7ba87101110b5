#include "catalog/software.h"

#include <algorithm>
#include <set>

#include "catalog/data_file.h"
#include "catalog/support_memo.h"
#include "text/format.h"
#include "text/json_util.h"
#include "text/table_view.h"
#include "text/web_url.h"

namespace gpuwise {

// [SECTION] Grades

namespace {
struct GradeName {
  Grade grade;
  const char* key;
  const char* label;
};
constexpr GradeName kGrades[] = {
    {Grade::no, "no", I18N("does not run")},
    {Grade::unknown, "unknown", I18N("unknown")},
    {Grade::community, "community", I18N("community")},
    {Grade::works, "works", I18N("works")},
    {Grade::first_class, "first-class", I18N("first-class")},
};
}  // namespace

const char* grade_key(Grade grade) { return kGrades[static_cast<int>(grade)].key; }
const char* grade_label(Grade grade) { return kGrades[static_cast<int>(grade)].label; }

bool grade_from_key(std::string_view key, Grade& out) {
  for (const GradeName& g : kGrades) {
    if (key == g.key) {
      out = g.grade;
      return true;
    }
  }
  return false;
}

// [SECTION] Loading

namespace {

constexpr const char* kRootFields[] = {"schema_version", "checked", "grades", "stacks", "cells"};
constexpr const char* kStackFields[] = {"key", "name", "name_zh", "group", "tag", "derived_from",
                                        "what", "what_zh", "sources"};
constexpr const char* kCellFields[] = {"stack", "vendor", "architectures", "gpu_ids", "grade", "gaps", "gaps_zh",
                                       "until", "until_what", "until_what_zh", "source", "source_date", "commit",
                                       "notes"};

std::string label_of(const char* list, std::size_t index, const json& row, const char* key) {
  std::string label = std::string(list) + " #" + std::to_string(index + 1);
  if (row.is_object()) {
    auto it = row.find(key);
    if (it != row.end() && it->is_string()) label += " (" + it->get<std::string>() + ")";
  }
  return label;
}

// Two fields that go together in both languages: both or neither.
void pair_check(RowReader& reader, const std::string& en, const std::string& zh, const char* en_field,
                const char* zh_field) {
  if (en.empty() != zh.empty()) {
    reader.error(en.empty() ? en_field : zh_field,
                 std::string(en_field) + " and " + zh_field + " go together (both languages)");
  }
}

bool is_commit(const std::string& text) {
  if (text.size() < 7 || text.size() > 40) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

void read_stacks(const json& list, SoftwareTable& table) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& row = list[i];
    RowReader reader(row, label_of("stacks", i, row, "key"), table.issues);
    if (!row.is_object()) {
      reader.error("", "must be an object");
      continue;
    }
    reader.unknown_fields(kStackFields);
    SupportStack s;
    s.key = reader.string("key", true).value_or("");
    s.name = reader.string("name", true).value_or("");
    s.name_zh = reader.string("name_zh", true).value_or("");
    s.group = reader.string("group", true).value_or("");
    s.tag = reader.string("tag", false).value_or("");
    s.derived_from = reader.string("derived_from", false).value_or("");
    s.what = reader.string("what", true).value_or("");
    s.what_zh = reader.string("what_zh", true).value_or("");
    s.sources = reader.strings("sources", true, "URL").value_or(std::vector<std::string>{});
    if (!s.key.empty() && !is_slug(s.key)) reader.error("key", "'" + s.key + "' must be a slug like flash-attention-2");
    if (!s.key.empty() && !seen.insert(s.key).second) reader.error("key", "is listed twice");
    if (!s.derived_from.empty() && s.derived_from != "cuda.json") {
      reader.error("derived_from", "'" + s.derived_from + "' is not a file grades can come from (cuda.json)");
    }
    for (const std::string& url : s.sources) {
      if (!is_web_url(url)) reader.error("sources", "'" + url + "' is not an http(s) URL");
    }
    if (s.sources.empty()) reader.error("sources", "needs at least one source URL");
    if (!reader.failed()) table.stacks.push_back(std::move(s));
  }
}

void read_cells(const json& list, SoftwareTable& table) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& row = list[i];
    RowReader reader(row, label_of("cells", i, row, "stack"), table.issues);
    if (!row.is_object()) {
      reader.error("", "must be an object");
      continue;
    }
    reader.unknown_fields(kCellFields);
    SupportCell c;
    c.stack = reader.string("stack", true).value_or("");
    c.vendor = reader.string("vendor", true).value_or("");
    c.architectures = reader.strings("architectures", true, "string").value_or(std::vector<std::string>{});
    c.gpu_ids = reader.strings("gpu_ids", false, "string").value_or(std::vector<std::string>{});
    const std::optional<std::string> grade = reader.string("grade", false);
    c.gaps = reader.string("gaps", false).value_or("");
    c.gaps_zh = reader.string("gaps_zh", false).value_or("");
    c.until = reader.string("until", false).value_or("");
    c.until_what = reader.string("until_what", false).value_or("");
    c.until_what_zh = reader.string("until_what_zh", false).value_or("");
    c.source = reader.string("source", true).value_or("");
    c.source_date = reader.string("source_date", false).value_or("");
    c.commit = reader.string("commit", false).value_or("");
    c.notes = reader.string("notes", false).value_or("");

    const SupportStack* stack = table.find_stack(c.stack);
    if (!c.stack.empty() && !stack) reader.error("stack", "'" + c.stack + "' is not a key of stacks");
    if (c.architectures.empty()) reader.error("architectures", "must list at least one architecture");
    const bool derived = stack && !stack->derived_from.empty();
    if (grade) {
      c.graded = true;
      if (derived) {
        reader.error("grade", "is set, but " + c.stack + "'s grades come from " + stack->derived_from +
                                  " (a cell there may only add an end date)");
      } else if (!grade_from_key(*grade, c.grade)) {
        reader.error("grade", "'" + *grade + "' is not first-class, works, community, no or unknown");
      }
    } else if (stack && !derived) {
      reader.error("grade", "is required but missing");
    } else if (derived && c.until.empty()) {
      reader.error("until", "a cell of a derived stack must add an end date");
    }
    if (c.graded && (c.grade == Grade::works || c.grade == Grade::community || c.grade == Grade::unknown) &&
        c.gaps.empty()) {
      reader.error("gaps", std::string("a '") + grade_key(c.grade) + "' cell must say " +
                               (c.grade == Grade::unknown ? "what was searched" : "what is missing"));
    }
    pair_check(reader, c.gaps, c.gaps_zh, "gaps", "gaps_zh");
    pair_check(reader, c.until_what, c.until_what_zh, "until_what", "until_what_zh");
    if (!c.until.empty() && !is_date(c.until)) reader.error("until", "'" + c.until + "' is not a date like 2026-10-28");
    if (!c.until.empty() && c.until_what.empty()) reader.error("until_what", "an end date needs what ends");
    if (!c.source.empty() && !is_web_url(c.source)) reader.error("source", "'" + c.source + "' is not an http(s) URL");
    if (!c.source_date.empty() && !is_date(c.source_date)) {
      reader.error("source_date", "'" + c.source_date + "' is not a date like 2025-09-15");
    }
    if (!c.commit.empty() && !is_commit(c.commit)) reader.error("commit", "'" + c.commit + "' is not a commit hash");
    if (!reader.failed()) table.cells.push_back(std::move(c));
  }
}

bool lists(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

bool covers(const SupportCell& cell, const Gpu& gpu) {
  return cell.vendor == gpu.vendor && lists(cell.architectures, gpu.architecture);
}

}  // namespace

SoftwareTable load_software(std::string_view json_text) {
  SoftwareTable table;
  json root;
  if (!open_data_file(json_text, "software.json", "with stacks and cells", table.issues, table.schema_version, root)) {
    return table;
  }
  RowReader top(root, "", table.issues);
  top.unknown_fields(kRootFields);
  table.checked = top.string("checked", true).value_or("");
  if (!table.checked.empty() && !is_date(table.checked)) top.error("checked", "must be a date like 2026-12-04");
  for (const char* list : {"stacks", "cells"}) {
    auto it = root.find(list);
    if (it == root.end() || !it->is_array()) {
      table.issues.push_back({CatalogIssue::Severity::error, "", list, "must be a list"});
      continue;
    }
    if (list[0] == 's') read_stacks(*it, table);
    else read_cells(*it, table);
  }
  return table;
}

int SoftwareTable::error_count() const {
  return static_cast<int>(std::count_if(issues.begin(), issues.end(), [](const CatalogIssue& issue) {
    return issue.severity == CatalogIssue::Severity::error;
  }));
}

const SupportStack* SoftwareTable::find_stack(std::string_view key) const {
  for (const SupportStack& s : stacks) {
    if (s.key == key) return &s;
  }
  return nullptr;
}

const SupportCell* SoftwareTable::cell_for(const Gpu& gpu, std::string_view stack) const {
  const SupportCell* by_architecture = nullptr;
  if (SupportMemo* memo = SupportMemo::current()) {  // the same scan over the stack's cells alone
    for (const std::size_t i : memo->cells_of(*this, stack)) {
      const SupportCell& c = cells[i];
      if (!c.graded || !covers(c, gpu)) continue;
      if (c.gpu_ids.empty()) {
        if (!by_architecture) by_architecture = &c;
      } else if (lists(c.gpu_ids, gpu.id)) {
        return &c;
      }
    }
    return by_architecture;
  }
  for (const SupportCell& c : cells) {
    if (!c.graded || c.stack != stack || !covers(c, gpu)) continue;
    if (c.gpu_ids.empty()) {
      if (!by_architecture) by_architecture = &c;
    } else if (lists(c.gpu_ids, gpu.id)) {
      return &c;
    }
  }
  return by_architecture;
}

const SupportCell* SoftwareTable::until_cell_for(const Gpu& gpu, std::string_view stack) const {
  if (SupportMemo* memo = SupportMemo::current()) {  // the same scan over the stack's cells alone
    for (const std::size_t i : memo->cells_of(*this, stack)) {
      const SupportCell& c = cells[i];
      if (!c.graded && covers(c, gpu) && (c.gpu_ids.empty() || lists(c.gpu_ids, gpu.id))) return &c;
    }
    return nullptr;
  }
  for (const SupportCell& c : cells) {
    if (!c.graded && c.stack == stack && covers(c, gpu) && (c.gpu_ids.empty() || lists(c.gpu_ids, gpu.id))) return &c;
  }
  return nullptr;
}

// [SECTION] One card, one stack

namespace {

// The newest official wheel (of the newest release that has one) with code for the card; null
// when no release ever ran on it.
const PytorchWheel* last_wheel_running(const Compat& compat, const Gpu& gpu, const PytorchRelease** release_out) {
  for (auto release = compat.pytorch.rbegin(); release != compat.pytorch.rend(); ++release) {
    for (auto wheel = release->wheels.rbegin(); wheel != release->wheels.rend(); ++wheel) {
      if (wheel_runs_on(*wheel, gpu.compute_capability)) {
        if (release_out) *release_out = &*release;
        return &*wheel;
      }
    }
  }
  return nullptr;
}

// PyTorch on CUDA from cuda.json: first-class when the newest release's newest wheel has
// code for the card; works when only an older wheel of it does (the legacy cu126); no
// when the newest release has no wheel for it at all.
void derive_pytorch_cuda(const Compat* compat, const Gpu& gpu, Support& out) {
  if (gpu.vendor != "NVIDIA") {
    out.grade = Grade::no;
    out.derived = compat ? compat->no_cuda_why(gpu) : TemplateText(I18N("{0} cards do not run CUDA"), {gpu.vendor});
    return;
  }
  if (!compat || compat->pytorch.empty()) {
    out.derived = TemplateText(I18N("cuda.json is not loaded"));
    return;
  }
  if (!compat->find_cc(gpu.compute_capability)) {
    out.derived = TemplateText(I18N("compute capability '{0}' is not in cuda.json"), {gpu.compute_capability});
    return;
  }
  if (has_stack(gpu, "jetpack")) {
    out.grade = Grade::works;
    out.derived = TemplateText(I18N("Jetson runs NVIDIA's own PyTorch wheels and containers (JetPack), not pytorch.org's"));
    return;
  }
  // The newest release first; older ones only to name the last that ran (cheap: a list
  // scan per card, not pytorch_for()'s every release).
  const PytorchRelease& newest = compat->pytorch.back();
  const PytorchWheel* runs = nullptr;  // the newest CUDA wheel of the newest release that runs
  bool via_ptx = false;
  for (const PytorchWheel& wheel : newest.wheels) {
    bool ptx = false;
    if (wheel_runs_on(wheel, gpu.compute_capability, &ptx)) {
      runs = &wheel;
      via_ptx = ptx;
    }
  }
  if (!runs) {
    out.grade = Grade::no;
    const PytorchRelease* last = nullptr;
    const PytorchWheel* wheel = last_wheel_running(*compat, gpu, &last);
    out.derived = wheel ? TemplateText(I18N("the last official wheels for it are PyTorch {0} (CUDA {1})"),
                                       {last->version, wheel->cuda})
                        : TemplateText(I18N("No official PyTorch wheel runs on this card."));
    return;
  }
  const bool default_wheel = runs == &newest.wheels.back() && !via_ptx;
  out.grade = default_wheel ? Grade::first_class : Grade::works;
  out.derived = default_wheel ? TemplateText(I18N("every wheel of PyTorch {0} up to CUDA {1} has code for it"),
                                             {newest.version, newest.wheels.back().cuda})
                              : TemplateText(I18N("only the CUDA {0} wheel of PyTorch {1} has code for it"),
                                             {runs->cuda, newest.version});
}

// A format the file leaves unknown: the catalog's own tensor figure, sourced in gpus.json.
void derive_format(const Gpu& gpu, std::string_view stack, Support& out) {
  const std::optional<double>* figure = stack == "fp16"   ? &gpu.fp16_tensor_tflops
                                        : stack == "bf16" ? &gpu.bf16_tensor_tflops
                                        : stack == "fp8"  ? &gpu.fp8_tensor_tflops
                                        : stack == "int8" ? &gpu.int8_tensor_tops
                                                          : nullptr;
  if (!figure || !*figure) return;
  out.grade = Grade::first_class;
  out.derived = TemplateText(I18N("the card's datasheet lists {0} {1} of dense {2} matrix throughput"),
                             {format_number(**figure, 1), stack == "int8" ? "TOPS" : "TFLOPS", std::string(stack)});
}

}  // namespace

Support stack_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu, std::string_view stack) {
  Support out;
  out.where = gpu.vendor + " " + gpu.architecture;
  out.stack = table.find_stack(stack);
  if (!out.stack) return out;
  if (out.stack->derived_from == "cuda.json") {
    derive_pytorch_cuda(compat, gpu, out);
    out.until = table.until_cell_for(gpu, stack);
    return out;
  }
  out.cell = table.cell_for(gpu, stack);
  if (!out.cell) return out;
  out.grade = out.cell->grade;
  if (out.grade == Grade::unknown && out.stack->group == "formats") derive_format(gpu, stack, out);
  if (!out.cell->until.empty()) out.until = out.cell;
  return out;
}

namespace {
// What a buyer calls a group of stacks (the same in both languages); null: no such name.
const char* group_product(std::string_view group) {
  if (group == "llamacpp") return "llama.cpp";
  if (group == "pytorch") return "PyTorch";
  if (group == "attention") return "FlashAttention";
  if (group == "mlx") return "MLX";
  return nullptr;
}
}  // namespace

Support group_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu, std::string_view group) {
  Support best;
  int stacks = 0;
  for (const SupportStack& s : table.stacks) {
    if (s.group != group) continue;
    Support one = stack_support(table, compat, gpu, s.key);
    if (!stacks || one.grade > best.grade) best = one;
    ++stacks;
  }
  const char* product = group_product(group);
  if (stacks > 1 && best.grade == Grade::no && product) {
    best.whole_group = true;
    best.derived = TemplateText(I18N("{0} does not run on it"), {product});
  }
  return best;
}

TemplateText support_why(const Support& support) {
  if (!support.derived.pattern.empty()) return support.derived;
  if (support.cell && !support.cell->gaps.empty()) return TemplateText("{0}", {support.cell->gaps});
  if (support.grade == Grade::no) return TemplateText(I18N("not available on {0}"), {support.where});
  if (support.grade == Grade::unknown) return TemplateText(I18N("no source says whether it runs on {0}"), {support.where});
  return {};
}

std::string support_sentence(const Support& support) {
  if (support.whole_group) return support_why(support).text();
  std::string out = support.stack ? support.stack->name : "?";
  out += std::string(": ") + grade_key(support.grade);
  const std::string why = support_why(support).text();
  if (!why.empty()) out += " (" + why + ")";
  if (support.until) out += "; support ends " + support.until->until + ": " + support.until->until_what;
  return out;
}

bool ends_within_a_year(const std::string& until, const std::string& today) {
  if (!is_date(until) || !is_date(today)) return false;
  std::string year_later = today;
  const int year = std::stoi(today.substr(0, 4)) + 1;
  year_later.replace(0, 4, std::to_string(year));
  return until <= year_later;
}

// [SECTION] Workloads

const std::vector<Workload>& workloads() {
  static const std::vector<Workload> table = {
      {"pytorch", I18N("PyTorch"), {{"pytorch"}}},
      {"train", I18N("Training (FP16 or FP32)"), {{"pytorch"}}},
      {"train-bf16", I18N("BF16 training"), {{"pytorch", "bf16"}}},
      {"train-long", I18N("Long-context training (FlashAttention)"), {{"pytorch", "attention"}}},
      {"train-bf16-long", I18N("Long-context BF16 training (FlashAttention)"), {{"pytorch", "bf16", "attention"}}},
      {"lora", I18N("LoRA fine-tuning"), {{"pytorch"}, {"mlx"}}},
      {"lora-bf16", I18N("LoRA fine-tuning in BF16"), {{"pytorch", "bf16"}, {"mlx"}}},
      {"qlora", I18N("QLoRA fine-tuning"), {{"pytorch", "bitsandbytes"}, {"mlx"}}},
      {"gguf", I18N("GGUF inference (llama.cpp)"), {{"llamacpp"}}},
      {"serve", I18N("Serving with vLLM or SGLang"), {{"serving"}}},
      {"serve-bf16", I18N("BF16 serving (vLLM or SGLang)"), {{"serving", "bf16"}}},
      {"serve-fp8", I18N("FP8 serving (vLLM or SGLang)"), {{"serving", "fp8"}}},
      {"infer", I18N("Inference (llama.cpp, vLLM or PyTorch)"), {{"llamacpp"}, {"serving"}, {"pytorch"}}},
      {"infer-bf16", I18N("BF16 inference"), {{"llamacpp"}, {"serving", "bf16"}, {"pytorch", "bf16"}}},
      {"image", I18N("Image generation (PyTorch / diffusers, or MLX on a Mac)"), {{"pytorch"}, {"mlx"}}},
      {"image-nf4", I18N("Image generation in NF4 (bitsandbytes)"), {{"pytorch", "bitsandbytes"}}},
  };
  return table;
}

const Workload* find_workload(std::string_view key) {
  for (const Workload& w : workloads()) {
    if (key == w.key) return &w;
  }
  return nullptr;
}

namespace {

// One item of a way: a stack key, or a group's best stack ("pytorch": any backend;
// "serving": vLLM or SGLang, not TensorRT-LLM; "attention": FlashAttention 2 or 3).
Support item_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu, std::string_view item) {
  if (table.find_stack(item)) return stack_support(table, compat, gpu, item);
  if (item == "serving") {
    Support vllm = stack_support(table, compat, gpu, "vllm");
    Support sglang = stack_support(table, compat, gpu, "sglang");
    return sglang.grade > vllm.grade ? sglang : vllm;
  }
  return group_support(table, compat, gpu, item);
}

WorkloadSupport way_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                            const std::vector<const char*>& way) {
  WorkloadSupport out;
  out.grade = Grade::first_class;
  for (const char* item : way) {
    out.needs.push_back(item_support(table, compat, gpu, item));
    out.grade = std::min(out.grade, out.needs.back().grade);
    const SupportCell* until = out.needs.back().until;
    if (until && (out.until.empty() || until->until < out.until)) out.until = until->until;
  }
  std::stable_sort(out.needs.begin(), out.needs.end(),
                   [](const Support& a, const Support& b) { return a.grade < b.grade; });
  return out;
}

}  // namespace

namespace {
WorkloadSupport find_workload_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                      std::string_view workload);
}  // namespace

WorkloadSupport workload_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                 std::string_view workload) {
  SupportMemo* memo = SupportMemo::current();
  if (!memo) return find_workload_support(table, compat, gpu, workload);
  std::vector<SupportMemo::Answer>& known = memo->answers[&gpu];
  for (const SupportMemo::Answer& answer : known) {
    if (answer.table == &table && answer.compat == compat && answer.workload == workload) return answer.support;
  }
  WorkloadSupport support = find_workload_support(table, compat, gpu, workload);
  known.push_back({&table, compat, std::string(workload), support});
  return support;
}

namespace {
WorkloadSupport find_workload_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                      std::string_view workload) {
  const Workload* w = find_workload(workload);
  if (!w) return {};
  WorkloadSupport best;
  bool any = false;
  for (const auto& way : w->ways) {
    WorkloadSupport one = way_support(table, compat, gpu, way);
    if (!any || one.grade > best.grade) best = std::move(one);
    any = true;
  }
  return best;
}
}  // namespace

std::vector<const Support*> limiting_needs(const WorkloadSupport& support) {
  std::vector<const Support*> out;
  for (const Support& need : support.needs) {
    if (need.grade == support.grade) out.push_back(&need);
  }
  return out;
}

std::string workload_sentence(const WorkloadSupport& support) {
  std::string out;
  for (const Support* need : limiting_needs(support)) out += (out.empty() ? "" : "; ") + support_sentence(*need);
  return out.empty() ? grade_key(support.grade) : out;
}

const std::vector<SupportFilter>& support_filters() {
  static const std::vector<SupportFilter> filters = {
      {"vllm", I18N("Runs vLLM")},
      {"sglang", I18N("Runs SGLang")},
      {"tensorrt-llm", I18N("Runs TensorRT-LLM")},
      {"llamacpp", I18N("Runs llama.cpp")},
      {"mlx", I18N("Runs MLX")},
      {"qlora", I18N("QLoRA works")},
      {"train-bf16", I18N("BF16 training")},
      {"attention", I18N("FlashAttention 2 or 3")},
      {"image", I18N("Image generation")},
      {"fp8", I18N("FP8 in hardware")},
      {"fp4", I18N("FP4 in hardware")},
  };
  return filters;
}

WorkloadSupport requirement_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                    std::string_view key) {
  if (find_workload(key)) return workload_support(table, compat, gpu, key);
  WorkloadSupport out;
  out.needs.push_back(item_support(table, compat, gpu, key));
  out.grade = out.needs.front().grade;
  if (out.needs.front().until) out.until = out.needs.front().until->until;
  return out;
}

bool passes_support_filters(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                            const std::vector<std::string>& keys) {
  return std::all_of(keys.begin(), keys.end(), [&](const std::string& key) {
    return requirement_support(table, compat, gpu, key).grade >= Grade::works;
  });
}

// [SECTION] Coverage and tags (gpuwise validate)

std::vector<CatalogIssue> check_software_coverage(const SoftwareTable& table, const Catalog& catalog,
                                                  const Compat* compat) {
  std::vector<CatalogIssue> out;
  auto error = [&](const std::string& row, const char* field, const std::string& message) {
    out.push_back({CatalogIssue::Severity::error, row, field, message});
  };
  std::set<std::string> architectures;
  for (const Gpu& gpu : catalog.gpus) architectures.insert(gpu.vendor + "/" + gpu.architecture);
  for (std::size_t i = 0; i < table.cells.size(); ++i) {
    const SupportCell& c = table.cells[i];
    const std::string row = "cells #" + std::to_string(i + 1) + " (" + c.stack + ")";
    for (const std::string& a : c.architectures) {
      if (!architectures.count(c.vendor + "/" + a)) {
        out.push_back({CatalogIssue::Severity::warning, row, "architectures",
                       "no catalog card is " + c.vendor + " " + a});
      }
    }
    for (const std::string& id : c.gpu_ids) {
      const int index = catalog.find(id);
      if (index < 0) error(row, "gpu_ids", "'" + id + "' is not a catalog id");
      else if (!covers(c, catalog.gpus[static_cast<std::size_t>(index)])) {
        error(row, "gpu_ids", "'" + id + "' is not a " + c.vendor + " card of those architectures");
      }
    }
  }
  for (const Gpu& gpu : catalog.gpus) {
    for (const SupportStack& s : table.stacks) {
      if (!s.derived_from.empty()) continue;
      int general = 0, own = 0;
      for (const SupportCell& c : table.cells) {
        if (!c.graded || c.stack != s.key || !covers(c, gpu)) continue;
        if (c.gpu_ids.empty()) ++general;
        else own += lists(c.gpu_ids, gpu.id) ? 1 : 0;
      }
      if (own > 1 || (own == 0 && general > 1)) error(gpu.id, "software", s.key + ": more than one cell grades it");
      if (own == 0 && general == 0) {
        error(gpu.id, "software", s.key + ": no cell grades it (add one; 'unknown' with what was searched)");
      }
    }
    // The row's tags and the grades agree: never a tag on a `no`, always one on a first-class.
    std::set<std::string> tags;
    for (const SupportStack& s : table.stacks) {
      if (!s.tag.empty()) tags.insert(s.tag);
    }
    for (const std::string& tag : tags) {
      Grade best = Grade::no;
      for (const SupportStack& s : table.stacks) {
        if (s.tag != tag) continue;
        // A derived stack's tag says that some release ever ran on it (cuda.json's wheels).
        const Grade g = s.derived_from.empty() ? stack_support(table, compat, gpu, s.key).grade
                        : compat && compat->find_cc(gpu.compute_capability) && last_wheel_running(*compat, gpu, nullptr)
                            ? Grade::works
                            : gpu.vendor == "NVIDIA" ? Grade::unknown : Grade::no;
        best = std::max(best, g);
      }
      if (best == Grade::unknown) continue;  // an unknown grade neither asks for the tag nor forbids it
      const bool listed = has_stack(gpu, tag);
      if (listed && best == Grade::no) error(gpu.id, "software", "lists '" + tag + "' but software.json grades it no");
      if (!listed && best == Grade::first_class) {
        error(gpu.id, "software", "does not list '" + tag + "' although software.json grades it first-class");
      }
    }
  }
  return out;
}

}  // namespace gpuwise
