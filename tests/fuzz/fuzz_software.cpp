// Fuzzes the software-support loader (catalog/software.h load_software) and what reads the
// table: any bytes as data/software.json must never crash; every cell that loads is valid;
// grading cards for every stack and workload, gating a list and the coverage check stay
// within their rules on whatever loaded. The catalog and cuda.json are the shipped ones,
// loaded once (a few cards of them, so one run stays fast).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/data_file.h"
#include "catalog/software.h"
#include "fuzz_support.h"

using namespace gpuwise;

namespace {

const Compat& shipped_compat() {
  static const Compat compat = load_compat(fuzz::read_source_file("data/cuda.json"));
  return compat;
}

// Cards whose grades take different paths: Kepler (derived no), Volta (legacy wheel, an
// end date), a Jetson (NVIDIA's wheels), gfx906 (gpu_ids cells), a Mac, an Ascend.
const Catalog& few_cards() {
  static const Catalog catalog = [] {
    Catalog out;
    for (const char* id : {"tesla-k80", "tesla-v100-sxm2-32gb", "jetson-agx-orin-64gb", "mi50", "apple-m2-ultra-76c",
                           "ascend-910b"}) {
      const int index = fuzz::shipped_catalog().find(id);
      if (index >= 0) out.gpus.push_back(fuzz::shipped_catalog().gpus[static_cast<std::size_t>(index)]);
    }
    return out;
  }();
  return catalog;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const SoftwareTable table = load_software(text);
  for (const CatalogIssue& issue : table.issues) FUZZ_CHECK(!issue.to_string().empty());
  for (const SupportCell& cell : table.cells) {
    FUZZ_CHECK(table.find_stack(cell.stack));
    FUZZ_CHECK(!cell.architectures.empty());
    FUZZ_CHECK(static_cast<int>(cell.grade) <= static_cast<int>(Grade::first_class));
    FUZZ_CHECK(cell.until.empty() || is_date(cell.until));
    FUZZ_CHECK(cell.gaps.empty() == cell.gaps_zh.empty());
  }
  if (table.cells.size() > 400) return 0;  // keep each run quick
  const Catalog& cards = few_cards();
  for (const Gpu& gpu : cards.gpus) {
    for (const SupportStack& stack : table.stacks) {
      const Support s = stack_support(table, &shipped_compat(), gpu, stack.key);
      FUZZ_CHECK(s.stack == &stack || s.stack == table.find_stack(stack.key));
      FUZZ_CHECK(!support_sentence(s).empty());
    }
    for (const Workload& w : workloads()) {
      const WorkloadSupport ws = workload_support(table, &shipped_compat(), gpu, w.key);
      // A workload is no better than the item that limits it.
      if (ws.limit()) FUZZ_CHECK(ws.limit()->grade == ws.grade);
      FUZZ_CHECK(ws.until.empty() || is_date(ws.until));
    }
  }
  struct Row {
    std::string id;
  };
  std::vector<Row> rows;
  for (const Gpu& gpu : cards.gpus) rows.push_back({gpu.id});
  SoftwareGate gate{"qlora", {}, {}};
  gate_rows(rows, [](const Row& r) { return r.id; }, cards, table, &shipped_compat(), gate);
  FUZZ_CHECK(rows.size() + gate.left_out.size() == cards.gpus.size());
  for (const LeftOut& out : gate.left_out) FUZZ_CHECK(out.support.grade == Grade::no);
  for (const CatalogIssue& issue : check_software_coverage(table, cards, &shipped_compat())) {
    FUZZ_CHECK(!issue.message.empty());
  }
  return 0;
}
