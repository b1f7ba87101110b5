// Software support (catalog/software.h): the shipped table covers every card and stack and
// agrees with the catalog's tags; the buyer's questions get the answers an expert gives;
// a bad cell is dropped with a message naming it and the field.
#include <catch2/catch.hpp>

#include "catalog/software.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;
using gpuwise::test::shipped_software;

namespace {

const Gpu& card(const std::string& id) {
  const int index = shipped_catalog().find(id);
  REQUIRE(index >= 0);
  return shipped_catalog().gpus[static_cast<std::size_t>(index)];
}

WorkloadSupport for_workload(const std::string& id, const std::string& workload) {
  return workload_support(shipped_software(), &shipped_compat(), card(id), workload);
}

Grade grade_of(const std::string& id, const std::string& stack) {
  return stack_support(shipped_software(), &shipped_compat(), card(id), stack).grade;
}

// A valid one-stack table to break one field at a time.
json small_table() {
  return json{{"schema_version", 1},
              {"checked", "2026-12-04"},
              {"stacks",
               {{{"key", "vllm"}, {"name", "vLLM"}, {"name_zh", "vLLM"}, {"group", "serving"}, {"tag", "vllm"},
                 {"what", "serving"}, {"what_zh", "服务"}, {"sources", {"https://docs.vllm.ai/"}}}}},
              {"cells",
               {{{"stack", "vllm"}, {"vendor", "NVIDIA"}, {"architectures", {"Ampere", "Ada Lovelace"}}, {"grade", "works"},
                 {"gaps", "no FP8"}, {"gaps_zh", "没有 FP8"}, {"source", "https://docs.vllm.ai/"}}}}};
}

std::string first_error(const json& table) {
  const SoftwareTable loaded = load_software(dump_json(table));
  for (const CatalogIssue& issue : loaded.issues) {
    if (issue.severity == CatalogIssue::Severity::error) return issue.to_string();
  }
  return "";
}

}  // namespace

TEST_CASE("the shipped software table loads, covers every card and stack, and agrees with the tags") {
  const SoftwareTable& table = shipped_software();
  for (const CatalogIssue& issue : table.issues) INFO(issue.to_string());
  CHECK(table.error_count() == 0);
  CHECK(table.stacks.size() >= 27);
  const std::vector<CatalogIssue> coverage = check_software_coverage(table, shipped_catalog(), &shipped_compat());
  for (const CatalogIssue& issue : coverage) {
    INFO(issue.to_string());
    CHECK(issue.severity != CatalogIssue::Severity::error);
  }
  // Every stack the issue names is in the table.
  for (const char* key : {"pytorch-cuda", "pytorch-rocm", "pytorch-mps", "pytorch-xpu", "torch-npu", "llamacpp-cuda",
                          "llamacpp-hip", "llamacpp-metal", "llamacpp-vulkan", "llamacpp-sycl", "vllm", "sglang",
                          "tensorrt-llm", "bitsandbytes", "flash-attention-2", "flash-attention-3", "mlx", "fp16",
                          "bf16", "fp8", "fp4", "int8"}) {
    INFO(key);
    CHECK(table.find_stack(key));
  }
}

TEST_CASE("software support answers the buyer's questions as an expert would") {
  // QLoRA on a K80: bitsandbytes has no Kepler build, and MLX needs Volta or newer.
  const WorkloadSupport k80 = for_workload("tesla-k80", "qlora");
  CHECK(k80.grade == Grade::no);
  REQUIRE(k80.limit());
  CHECK(k80.limit()->grade == Grade::no);
  // vLLM on an MI50: only community builds (gfx906 left ROCm).
  CHECK(grade_of("mi50", "vllm") == Grade::community);
  CHECK(for_workload("mi50", "serve").grade == Grade::community);
  // ...and BF16 serving there is out: no BF16 matrix math on GCN 5.1, nor on a P100.
  CHECK(for_workload("mi50", "serve-bf16").grade == Grade::no);
  CHECK(for_workload("tesla-p100-pcie-16gb", "serve-bf16").grade == Grade::no);
  // The H100, A100 and RTX 4090 run vLLM first-class (the old tags missed them).
  for (const char* id : {"h100-sxm5", "a100-sxm4-80gb", "rtx-4090"}) {
    INFO(id);
    CHECK(grade_of(id, "vllm") == Grade::first_class);
    CHECK(has_stack(card(id), "vllm"));
  }
  // BF16 training on a V100: no BF16; on an A100: first-class.
  CHECK(for_workload("tesla-v100-sxm2-32gb", "train-bf16").grade == Grade::no);
  CHECK(for_workload("a100-sxm4-80gb", "train-bf16").grade == Grade::first_class);
  // PyTorch without CUDA: MPS on a Mac works (with gaps), XPU on Arc, ROCm on an MI300X.
  CHECK(for_workload("apple-m2-ultra-76c", "pytorch").grade == Grade::works);
  CHECK(for_workload("arc-a770-16gb", "pytorch").grade == Grade::first_class);
  CHECK(for_workload("mi300x", "pytorch").grade == Grade::first_class);
  // QLoRA on a Mac: MLX is the way (first-class), bitsandbytes' MPS support being newer.
  CHECK(for_workload("apple-m2-ultra-76c", "qlora").grade == Grade::first_class);
  // GGUF on a K80 is unknown (no source says either way), never "no".
  CHECK(for_workload("tesla-k80", "gguf").grade == Grade::unknown);
}

TEST_CASE("a card no backend of a group runs on is said so in the buyer's words") {
  // Gaudi 2: no llama.cpp backend (CUDA, HIP, Metal, Vulkan, SYCL, CANN, MUSA) runs on it;
  // the reason names llama.cpp, not its first backend ("llama.cpp (CUDA backend): no").
  const WorkloadSupport gguf = for_workload("gaudi2", "gguf");
  CHECK(gguf.grade == Grade::no);
  CHECK(workload_sentence(gguf) == "llama.cpp does not run on it");
  const Support group = group_support(shipped_software(), &shipped_compat(), card("gaudi2"), "llamacpp");
  CHECK(group.whole_group);
  // A group one backend of which runs keeps that backend's grade and words.
  const Support runs = group_support(shipped_software(), &shipped_compat(), card("rtx-3090"), "llamacpp");
  CHECK_FALSE(runs.whole_group);
  CHECK(runs.grade != Grade::no);
  // One stack graded no still names that stack (BF16 on a Pascal card).
  CHECK(support_sentence(stack_support(shipped_software(), &shipped_compat(), card("tesla-p40"), "bf16")).rfind("BF16 matrix math: no", 0) == 0);
}

TEST_CASE("PyTorch on CUDA comes from cuda.json, with the announced end of the legacy wheel") {
  // Kepler: the newest release has no wheel for it.
  const Support k80 = stack_support(shipped_software(), &shipped_compat(), card("tesla-k80"), "pytorch-cuda");
  CHECK(k80.grade == Grade::no);
  CHECK(k80.derived.text().find("last official wheels") != std::string::npos);
  // Volta: only the CUDA 12.6 wheel, which PyTorch 2.15 no longer publishes.
  const Support v100 = stack_support(shipped_software(), &shipped_compat(), card("tesla-v100-sxm2-32gb"), "pytorch-cuda");
  CHECK(v100.grade == Grade::works);
  REQUIRE(v100.until);
  CHECK(v100.until->until == "2026-10-28");
  CHECK(ends_within_a_year(v100.until->until, "2026-12-04"));
  CHECK(for_workload("tesla-v100-sxm2-32gb", "pytorch").until == "2026-10-28");
  // Ampere: first-class, no end; AMD: no CUDA at all.
  const Support a100 = stack_support(shipped_software(), &shipped_compat(), card("a100-sxm4-80gb"), "pytorch-cuda");
  CHECK(a100.grade == Grade::first_class);
  CHECK(!a100.until);
  CHECK(grade_of("mi300x", "pytorch-cuda") == Grade::no);
  // Jetson: NVIDIA's own wheels, not pytorch.org's.
  CHECK(grade_of("jetson-agx-orin-64gb", "pytorch-cuda") == Grade::works);
}

TEST_CASE("a format the table leaves unknown takes the card's own tensor figure") {
  const Support mlu = stack_support(shipped_software(), &shipped_compat(), card("cambricon-mlu370-x8"), "bf16");
  CHECK(mlu.grade == Grade::first_class);
  CHECK(mlu.derived.text().find("96") != std::string::npos);
  // No figure: stays unknown (FP8 on the MLU370).
  CHECK(grade_of("cambricon-mlu370-x8", "fp8") == Grade::unknown);
}

TEST_CASE("ends_within_a_year reads dates, not text") {
  CHECK(ends_within_a_year("2027-12-04", "2026-12-04"));
  CHECK(!ends_within_a_year("2027-12-05", "2026-12-04"));
  CHECK(ends_within_a_year("2020-01-01", "2026-12-04"));  // already ended
  CHECK(!ends_within_a_year("", "2026-12-04"));
  CHECK(!ends_within_a_year("soon", "2026-12-04"));
}

TEST_CASE("requirements and filters: a card passes when graded first-class or works") {
  const SoftwareTable& t = shipped_software();
  const Compat* c = &shipped_compat();
  CHECK(passes_support_filters(t, c, card("rtx-4090"), {"vllm", "qlora"}));
  CHECK(!passes_support_filters(t, c, card("mi50"), {"vllm"}));  // community only
  CHECK(!passes_support_filters(t, c, card("tesla-k80"), {"qlora"}));
  CHECK(passes_support_filters(t, c, card("tesla-k80"), {}));
  for (const SupportFilter& f : support_filters()) {
    INFO(f.key);
    // Every filter key names a workload, a stack or a group the table has.
    const bool known = find_workload(f.key) || t.find_stack(f.key) ||
                       group_support(t, c, card("rtx-4090"), f.key).stack != nullptr;
    CHECK(known);
  }
}

TEST_CASE("gate_rows leaves out the cards graded no and keeps the rest in order") {
  struct Row {
    std::string id;
  };
  std::vector<Row> rows = {{"rtx-4090"}, {"tesla-k80"}, {"mi50"}, {"no-such-card"}};
  SoftwareGate gate{"qlora", {}, {}};
  gate_rows(rows, [](const Row& r) { return r.id; }, shipped_catalog(), shipped_software(), &shipped_compat(), gate);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].id == "rtx-4090");
  CHECK(rows[1].id == "mi50");  // bitsandbytes on gfx906 is unknown: kept, marked
  CHECK(rows[2].id == "no-such-card");
  REQUIRE(gate.left_out.size() == 1);
  CHECK(gate.left_out[0].gpu_id == "tesla-k80");
  // No workload: nothing is gated.
  SoftwareGate none;
  gate_rows(rows, [](const Row& r) { return r.id; }, shipped_catalog(), shipped_software(), &shipped_compat(), none);
  CHECK(rows.size() == 3);
}

TEST_CASE("a bad software.json cell is dropped with a message naming the field") {
  CHECK(first_error(small_table()).empty());
  json t = small_table();
  t["cells"][0]["grade"] = "great";
  CHECK(first_error(t).find("field 'grade'") != std::string::npos);
  t = small_table();
  t["cells"][0].erase("gaps");
  t["cells"][0].erase("gaps_zh");
  CHECK(first_error(t).find("must say what is missing") != std::string::npos);
  t = small_table();
  t["cells"][0].erase("gaps_zh");
  CHECK(first_error(t).find("both languages") != std::string::npos);
  t = small_table();
  t["cells"][0]["source"] = "docs.vllm.ai";
  CHECK(first_error(t).find("field 'source'") != std::string::npos);
  t = small_table();
  t["cells"][0]["until"] = "next year";
  t["cells"][0]["until_what"] = "x";
  t["cells"][0]["until_what_zh"] = "x";
  CHECK(first_error(t).find("field 'until'") != std::string::npos);
  t = small_table();
  t["cells"][0]["stack"] = "vlm";
  CHECK(first_error(t).find("not a key of stacks") != std::string::npos);
  t = small_table();
  t["stacks"][0]["derived_from"] = "cuda.json";
  CHECK(first_error(t).find("grades come from cuda.json") != std::string::npos);
  bool no_lists = false;
  for (const CatalogIssue& issue : load_software(R"({"schema_version": 1, "checked": "2026-12-04"})").issues) {
    no_lists = no_lists || issue.to_string().find("must be a list") != std::string::npos;
  }
  CHECK(no_lists);
  CHECK(!load_software("{not json").issues.empty());
  // A dropped cell leaves the card unknown, never "no".
  t = small_table();
  t["cells"][0]["grade"] = "great";
  const SoftwareTable loaded = load_software(dump_json(t));
  CHECK(stack_support(loaded, nullptr, card("rtx-4090"), "vllm").grade == Grade::unknown);
}

TEST_CASE("coverage: a card without a cell, or with two, is an error naming it") {
  Catalog catalog;
  catalog.gpus.push_back(card("rtx-4090"));
  catalog.gpus.push_back(card("mi300x"));
  SoftwareTable table = load_software(dump_json(small_table()));
  REQUIRE(table.error_count() == 0);
  auto errors = check_software_coverage(table, catalog, nullptr);
  bool mi300x_missing = false;
  for (const CatalogIssue& issue : errors) {
    if (issue.row == "mi300x" && issue.message.find("no cell grades it") != std::string::npos) mi300x_missing = true;
  }
  CHECK(mi300x_missing);
  json t = small_table();
  t["cells"].push_back(t["cells"][0]);
  table = load_software(dump_json(t));
  errors = check_software_coverage(table, catalog, nullptr);
  bool twice = false;
  for (const CatalogIssue& issue : errors) twice = twice || issue.message.find("more than one cell") != std::string::npos;
  CHECK(twice);
}
