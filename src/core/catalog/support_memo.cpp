#include "catalog/support_memo.h"

namespace gpuwise {
const std::vector<std::size_t>& SupportMemo::cells_of(const SoftwareTable& table, std::string_view stack) {
  auto& by_stack = stack_cells_[&table];
  if (by_stack.empty()) {
    for (std::size_t i = 0; i < table.cells.size(); ++i) by_stack[table.cells[i].stack].push_back(i);
  }
  static const std::vector<std::size_t> kNone;
  const auto it = by_stack.find(stack);
  return it == by_stack.end() ? kNone : it->second;
}

}  // namespace gpuwise
