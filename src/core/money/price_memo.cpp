#include "money/price_memo.h"

namespace gpuwise {
namespace {
thread_local PriceMemo* g_price_memo = nullptr;
}  // namespace

PriceMemo::PriceMemo() : open_(!g_price_memo) {
  if (open_) g_price_memo = this;
}

PriceMemo::~PriceMemo() {
  if (open_) g_price_memo = nullptr;
}

PriceMemo* PriceMemo::current() { return g_price_memo; }

}  // namespace gpuwise
