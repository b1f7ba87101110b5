// One stable sort for every table core orders (issue 15). std::stable_sort and std::sort
// are instantiated anew for each row type and comparator: seventeen call sites (sixteen
// in core, one in ui) came to 48 KB of wasm, 12 KB of a first visit's gzip bytes, for
// tables of a few hundred rows at most. Here the sorting itself is one function,
// stable_order(), that orders positions through a plain function pointer; each call
// site adds only a small trampoline and the final move of its rows.
//
// The one hot sort, the ranking of up to 10,000 cards, keeps std::sort in
// ranking_scores.cpp, which the web build compiles for speed.
#pragma once
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace gpuwise {

// True when the row at position a must come before the row at position b.
using PositionLess = bool (*)(const void* context, std::size_t a, std::size_t b);

// The positions 0 .. count-1 in sorted order; rows that compare equal keep their order.
std::vector<std::size_t> stable_order(std::size_t count, PositionLess less, const void* context);

// Sorts rows by less(a, b), stably, like std::stable_sort.
template <class T, class Less>
void stable_sort_rows(std::vector<T>& rows, const Less& less) {
  if (rows.size() < 2) return;
  struct Context {
    const std::vector<T>& rows;
    const Less& less;
  };
  const Context context{rows, less};
  const std::vector<std::size_t> order = stable_order(
      rows.size(),
      [](const void* c, std::size_t a, std::size_t b) {
        const Context& x = *static_cast<const Context*>(c);
        return static_cast<bool>(x.less(x.rows[a], x.rows[b]));
      },
      &context);
  std::vector<T> sorted;
  sorted.reserve(rows.size());
  for (const std::size_t position : order) sorted.push_back(std::move(rows[position]));
  rows = std::move(sorted);
}

// Ascending by operator<.
template <class T>
void stable_sort_rows(std::vector<T>& rows) {
  stable_sort_rows(rows, std::less<T>{});
}

}  // namespace gpuwise
