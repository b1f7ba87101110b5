// A read-only view of a fixed table written as a constexpr array in a .cpp file.
// A core table built as a std::vector of structs with std::string members is made by
// code that runs before main(): in the web build that start-up code was 11 KB of the
// wasm (issue 15). A constexpr array of plain values costs no code at all; this view
// lets callers loop over it, index it and count it as they did the vector.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace gpuwise {

template <class T>
class TableView {
 public:
  template <std::size_t N>
  constexpr TableView(const T (&rows)[N]) : first_(rows), count_(N) {}  // NOLINT: from an array, as a vector converts

  constexpr const T* begin() const { return first_; }
  constexpr const T* end() const { return first_ + count_; }
  constexpr std::size_t size() const { return count_; }
  constexpr bool empty() const { return count_ == 0; }
  constexpr const T& operator[](std::size_t i) const { return first_[i]; }
  constexpr const T& front() const { return first_[0]; }
  constexpr const T& back() const { return first_[count_ - 1]; }

 private:
  const T* first_;
  std::size_t count_;
};

// True when `word` is one of `words`: a list of names (a constexpr array of C strings, a
// TableView of them, or a vector of std::string).
template <class Words>
bool contains_word(const Words& words, std::string_view word) {
  for (const auto& w : words) {
    if (word == std::string_view(w)) return true;
  }
  return false;
}

// "NVIDIA, AMD, Intel": the list for a message that names the allowed values.
template <class Words>
std::string joined_words(const Words& words) {
  std::string out;
  for (const auto& w : words) (out += out.empty() ? "" : ", ") += std::string_view(w);
  return out;
}

}  // namespace gpuwise
