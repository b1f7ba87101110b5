// What a memo of answers (money/price_memo.h, catalog/support_memo.h) shares: while one
// lives, it is the memo open on its thread, and the functions it remembers for answer
// from it; a memo begun while another is open does nothing (the outer one keeps
// answering), so a loop may open one whether or not its caller did.
//   class PriceMemo : public ThreadMemo<PriceMemo> { ... };
#pragma once

namespace gpuwise {

template <class Memo>
class ThreadMemo {
 public:
  ThreadMemo(const ThreadMemo&) = delete;
  ThreadMemo& operator=(const ThreadMemo&) = delete;

  static Memo* current() { return open_memo(); }  // the memo open on this thread, or nullptr

 protected:
  ThreadMemo() : open_(!open_memo()) {
    if (open_) open_memo() = static_cast<Memo*>(this);
  }
  ~ThreadMemo() {
    if (open_) open_memo() = nullptr;
  }

 private:
  static Memo*& open_memo() {
    thread_local Memo* memo = nullptr;
    return memo;
  }
  bool open_ = false;  // this memo answers (no other was open when it began)
};

}  // namespace gpuwise
