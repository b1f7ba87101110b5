#include "catalog/support_memo.h"

namespace gpuwise {
namespace {
thread_local SupportMemo* g_support_memo = nullptr;
}  // namespace

SupportMemo::SupportMemo() : open_(!g_support_memo) {
  if (open_) g_support_memo = this;
}

SupportMemo::~SupportMemo() {
  if (open_) g_support_memo = nullptr;
}

SupportMemo* SupportMemo::current() { return g_support_memo; }

}  // namespace gpuwise
