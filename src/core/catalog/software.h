// Software support per card, graded: data/software.json (format: data/README.md) says,
// per stack (PyTorch on each backend, llama.cpp's backends, vLLM, SGLang, TensorRT-LLM,
// bitsandbytes, FlashAttention, MLX, the number formats) and per architecture or card,
// whether it is first-class, works with named gaps, runs only as a community build, does
// not run, or is unknown; with the public source, its date and, where announced, when
// support ends. PyTorch on CUDA is not repeated there: its grade comes from cuda.json
// (compat.h), and a format the file leaves unknown takes the catalog's tensor figure.
//
// A workload names what it needs (workloads(): QLoRA needs PyTorch and bitsandbytes, or
// MLX); workload_support() grades a card for it, and every list of cards (ranking, speed,
// cost of a job, VRAM fit, images) leaves out a card graded `no` with the reason.
//
// [SECTION] Grades
// [SECTION] The table as loaded
// [SECTION] One card, one stack
// [SECTION] Workloads
// [SECTION] Gating a list of cards
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Grades
// Ordered: a workload needing several stacks takes the lowest, one with alternatives the
// highest. `unknown` sits above `no`: a card is never left out for want of a source.
enum class Grade : std::uint8_t { no, unknown, community, works, first_class };
const char* grade_key(Grade grade);    // "first-class", "works", "community", "no", "unknown"
const char* grade_label(Grade grade);  // English for the page (I18N): "first-class", ...
bool grade_from_key(std::string_view key, Grade& out);

// [SECTION] The table as loaded
struct SupportStack {
  std::string key;          // "vllm"
  std::string name, name_zh;
  std::string group;        // pytorch, llamacpp, serving, quantisation, attention, mlx, formats
  std::string tag;          // the gpus.json `software` key it answers for ("llama-cpp"); may be empty
  std::string derived_from; // "cuda.json": grades come from there (pytorch-cuda)
  std::string what, what_zh;
  std::vector<std::string> sources;
};

struct SupportCell {
  std::string stack, vendor;
  std::vector<std::string> architectures;
  std::vector<std::string> gpu_ids;  // non-empty: only these cards (overrides the architecture's cell)
  bool graded = false;               // false: a derived stack's cell that only adds an end date
  Grade grade = Grade::unknown;
  std::string gaps, gaps_zh;         // what is missing (works, community), why not, or what was searched
  std::string until;                 // YYYY-MM-DD: support ends (or ended) then; empty: none announced
  std::string until_what, until_what_zh;
  std::string source;                // the public URL
  std::string source_date;           // the date the source gives; empty when undated
  std::string commit;                // a repository file read at this commit
  std::string notes;
};

struct SoftwareTable {
  int schema_version = 0;
  std::string checked;               // the day the cells were last checked
  std::vector<SupportStack> stacks;  // file order: the matrix's row order
  std::vector<SupportCell> cells;
  std::vector<CatalogIssue> issues;

  int error_count() const;
  const SupportStack* find_stack(std::string_view key) const;
  // The graded cell that answers for the card (a gpu_ids cell first), or null.
  const SupportCell* cell_for(const Gpu& gpu, std::string_view stack) const;
  // A derived stack's end-date cell for the card, or null.
  const SupportCell* until_cell_for(const Gpu& gpu, std::string_view stack) const;
};

// Parses and checks software.json. Loading never throws; a bad cell is dropped with an
// issue naming it ("cells #12 (vllm)") and the field.
SoftwareTable load_software(std::string_view json_text);
// What only the catalog and cuda.json can check (gpuwise validate, the shipped-data test):
// every gpu_id is a card of the cell's vendor and architecture; every card has exactly one
// cell per stack (explicit `unknown` cells say what was searched); and each row's
// `software` tags agree: a tag whose stacks grade the card `no` is an error, and so is a
// missing tag where one of them is first-class.
std::vector<CatalogIssue> check_software_coverage(const SoftwareTable& table, const Catalog& catalog,
                                                  const Compat* compat);

// [SECTION] One card, one stack
struct Support {
  const SupportStack* stack = nullptr;
  Grade grade = Grade::unknown;
  const SupportCell* cell = nullptr;  // the data behind the grade; null when derived
  // Where the grade is derived (cuda.json's wheels, the catalog's tensor figure), why, as a
  // translatable sentence; empty pattern otherwise (the cell's gaps say it).
  TemplateText derived;
  const SupportCell* until = nullptr;  // the cell announcing the end of support, if any
  std::string where;                   // "NVIDIA Pascal": the card's vendor and architecture
  // Graded no by every stack of a group (group_support: no llama.cpp backend runs on a Gaudi):
  // `derived` then says so in the buyer's words ("llama.cpp does not run on it"), not in the
  // words of the group's first stack ("llama.cpp (CUDA backend): no").
  bool whole_group = false;
};
// Why, as a translatable sentence: the derived reason, else the cell's gaps (English; the page
// shows gaps_zh in Chinese), else for a card graded no "not available on NVIDIA Pascal".
TemplateText support_why(const Support& support);
Support stack_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu, std::string_view stack);
// The best grade among a group's stacks ("pytorch": any backend), as the Support of that stack.
Support group_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu, std::string_view group);
// "vLLM: community (Only through ...)" in English, for the command line and JSON.
std::string support_sentence(const Support& support);

// "2026-10-28" is within a year of `today` (or already past): the page says support ends.
bool ends_within_a_year(const std::string& until, const std::string& today);

// [SECTION] Workloads
struct Workload {
  const char* key;    // "qlora"
  const char* label;  // I18N: "QLoRA fine-tuning"
  // Ways to run it; each needs every one of its items (a stack key, or a group key:
  // "pytorch" = PyTorch on any backend, "llamacpp", "serving" = vLLM or SGLang,
  // "attention" = FlashAttention 2 or 3).
  std::vector<std::vector<const char*>> ways;
};
const std::vector<Workload>& workloads();
const Workload* find_workload(std::string_view key);

struct WorkloadSupport {
  Grade grade = Grade::unknown;
  std::vector<Support> needs;  // the best way's items, lowest grade first: needs[0] is the limit
  std::string until;           // the earliest end date among them; empty: none announced
  const Support* limit() const { return needs.empty() ? nullptr : &needs.front(); }
};
// An unknown workload key grades `unknown` with no needs.
WorkloadSupport workload_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                 std::string_view workload);
// Every need at the workload's grade, as support_sentence()s joined with "; " (QLoRA on a K80:
// PyTorch on CUDA and bitsandbytes both say why).
std::string workload_sentence(const WorkloadSupport& support);
// Those needs, lowest grade first (needs[0] to the last at the same grade).
std::vector<const Support*> limiting_needs(const WorkloadSupport& support);

// The filters buyers ask for ("runs vLLM", "QLoRA works"): a stack, a group or a workload
// key, with its label. A card passes when it is graded first-class or works.
struct SupportFilter {
  const char* key;
  const char* label;  // I18N
};
const std::vector<SupportFilter>& support_filters();
WorkloadSupport requirement_support(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                                    std::string_view key);
bool passes_support_filters(const SoftwareTable& table, const Compat* compat, const Gpu& gpu,
                            const std::vector<std::string>& keys);

// [SECTION] Gating a list of cards
// A card a list leaves out, and why.
struct LeftOut {
  std::string gpu_id, name;
  WorkloadSupport support;
};
struct SoftwareGate {
  std::string workload;          // "" : no gate (the list needs nothing graded)
  std::vector<LeftOut> left_out; // graded `no` for it, in the list's order
  // The kept cards a list marks: community or unknown grades, and announced ends of support.
  std::map<std::string, WorkloadSupport> marks;
  const WorkloadSupport* mark(const std::string& gpu_id) const {
    const auto it = marks.find(gpu_id);
    return it == marks.end() ? nullptr : &it->second;
  }
};
// Removes from `rows` the cards graded `no` for the workload (adding them to gate.left_out);
// `id_of(row)` names a row's card. Rows of cards the catalog does not know stay.
template <class Row, class IdOf>
void gate_rows(std::vector<Row>& rows, IdOf id_of, const Catalog& catalog, const SoftwareTable& table,
               const Compat* compat, SoftwareGate& gate) {
  if (gate.workload.empty()) return;
  std::vector<Row> kept;
  kept.reserve(rows.size());
  for (Row& row : rows) {
    const int index = catalog.find(id_of(row));
    if (index >= 0) {
      const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
      WorkloadSupport support = workload_support(table, compat, gpu, gate.workload);
      if (support.grade == Grade::no) {
        gate.left_out.push_back({gpu.id, gpu.name, std::move(support)});
        continue;
      }
      if (support.grade < Grade::works || !support.until.empty()) gate.marks[gpu.id] = std::move(support);
    }
    kept.push_back(std::move(row));
  }
  rows = std::move(kept);
}

}  // namespace gpuwise
