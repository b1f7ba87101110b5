// workload_support() remembers its answers while a SupportMemo lives (on this thread): a
// job's software gate and Ask's candidates grade the same card for the same workload, each
// grade a pass over every cell of software.json per stack. Open one where the cards, the
// table and cuda.json do not change while it lives (Ask's candidates of every goal). Answers are
// workload_support()'s own; within another memo's life a new one does nothing.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/software.h"
#include "text/thread_memo.h"

namespace gpuwise {

class SupportMemo : public ThreadMemo<SupportMemo> {
 public:
  struct Answer {
    const SoftwareTable* table;
    const Compat* compat;
    std::string workload;
    WorkloadSupport support;
  };
  std::map<const Gpu*, std::vector<Answer>> answers;  // by the card graded

  // The table's cells of one stack, in the table's order (cell_for() and until_cell_for()
  // read these instead of every cell of the table: a plan grades ~200 cards, each for
  // several stacks).
  const std::vector<std::size_t>& cells_of(const SoftwareTable& table, std::string_view stack);

 private:
  std::map<const SoftwareTable*, std::map<std::string, std::vector<std::size_t>, std::less<>>> stack_cells_;
};

}  // namespace gpuwise
