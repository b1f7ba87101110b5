#include "text/stable_sort.h"

#include <algorithm>
#include <numeric>

namespace gpuwise {

// Bottom-up merge sort of positions: n log n comparisons, one buffer, no recursion.
// A row is taken from the right-hand run only when it is strictly less, which is what
// keeps equal rows in their order.
std::vector<std::size_t> stable_order(std::size_t count, PositionLess less, const void* context) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::vector<std::size_t> merged(count);
  for (std::size_t width = 1; width < count; width *= 2) {
    for (std::size_t low = 0; low < count; low += 2 * width) {
      const std::size_t middle = std::min(low + width, count);
      const std::size_t high = std::min(low + 2 * width, count);
      std::size_t left = low, right = middle, out = low;
      while (left < middle && right < high) {
        merged[out++] = less(context, order[right], order[left]) ? order[right++] : order[left++];
      }
      while (left < middle) merged[out++] = order[left++];
      while (right < high) merged[out++] = order[right++];
    }
    order.swap(merged);
  }
  return order;
}

}  // namespace gpuwise
