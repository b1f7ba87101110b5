// core's one stable sort (stable_sort.h) against std::stable_sort.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "text/stable_sort.h"

using namespace gpuwise;

TEST_CASE("stable_sort_rows orders like std::stable_sort, at every size from 0 to 300") {
  std::mt19937 random(15);
  for (std::size_t size = 0; size <= 300; ++size) {
    // Few distinct keys, so most rows tie and stability is what decides their order.
    std::vector<std::pair<int, int>> rows;
    for (std::size_t i = 0; i < size; ++i) rows.push_back({static_cast<int>(random() % 7), static_cast<int>(i)});
    auto expected = rows;
    const auto by_key = [](const std::pair<int, int>& a, const std::pair<int, int>& b) { return a.first < b.first; };
    std::stable_sort(expected.begin(), expected.end(), by_key);
    stable_sort_rows(rows, by_key);
    REQUIRE(rows == expected);
  }
}

TEST_CASE("stable_sort_rows moves rows that own memory, and sorts by operator< by default") {
  std::vector<std::string> names = {"RTX 4090", "A100", "H100", "RTX 3090", "A100", "B200"};
  stable_sort_rows(names);
  CHECK(names == std::vector<std::string>{"A100", "A100", "B200", "H100", "RTX 3090", "RTX 4090"});
  std::vector<double> descending = {3, 1, 2};
  stable_sort_rows(descending, [](double a, double b) { return a > b; });
  CHECK(descending == std::vector<double>{3, 2, 1});
}

TEST_CASE("stable_order gives positions, equal rows in their first order") {
  const std::vector<int> keys = {2, 1, 2, 0, 1};
  const auto order = stable_order(
      keys.size(), [](const void* c, std::size_t a, std::size_t b) {
        const auto& k = *static_cast<const std::vector<int>*>(c);
        return k[a] < k[b];
      },
      &keys);
  CHECK(order == std::vector<std::size_t>{3, 1, 4, 0, 2});
  CHECK(stable_order(0, nullptr, nullptr).empty());
  CHECK(stable_order(1, nullptr, nullptr) == std::vector<std::size_t>{0});
}
