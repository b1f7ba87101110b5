// workload_support() remembers its answers while a SupportMemo lives (on this thread): a
// job's software gate and Ask's candidates grade the same card for the same workload, each
// grade a pass over every cell of software.json per stack. Open one where the cards, the
// table and cuda.json do not change while it lives (Ask's job candidates). Answers are
// workload_support()'s own; within another memo's life a new one does nothing.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "catalog/software.h"

namespace gpuwise {

class SupportMemo {
 public:
  SupportMemo();
  ~SupportMemo();
  SupportMemo(const SupportMemo&) = delete;
  SupportMemo& operator=(const SupportMemo&) = delete;

  static SupportMemo* current();  // the memo open on this thread, or nullptr

  struct Answer {
    const SoftwareTable* table;
    const Compat* compat;
    std::string workload;
    WorkloadSupport support;
  };
  std::map<const Gpu*, std::vector<Answer>> answers;  // by the card graded

 private:
  bool open_ = false;  // this memo answers (no other was open when it began)
};

}  // namespace gpuwise
