#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "cli.h"
#include "prices.h"

namespace gpuwise::cli {

bool Args::flag(const std::string& name) const {
  return std::find(words_.begin(), words_.end(), name) != words_.end();
}

std::optional<std::string> Args::value(const std::string& name) const {
  for (std::size_t i = 0; i + 1 < words_.size(); ++i) {
    if (words_[i] == name) return words_[i + 1];
  }
  const std::string prefix = name + "=";
  for (const auto& word : words_) {
    if (word.rfind(prefix, 0) == 0) return word.substr(prefix.size());
  }
  return std::nullopt;
}

std::vector<std::string> Args::positional() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_[i].rfind("--", 0) == 0) {
      // A flag that takes a value swallows the next word; we cannot know which do here,
      // so subcommands with positionals only take boolean flags before them.
      continue;
    }
    out.push_back(words_[i]);
  }
  return out;
}

std::vector<std::string> Args::unknown(const std::vector<std::string>& known_flags,
                                       const std::vector<std::string>& known_values) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    const std::string& word = words_[i];
    if (word.rfind("--", 0) != 0) continue;
    const std::string name = word.substr(0, word.find('='));
    if (std::find(known_values.begin(), known_values.end(), name) != known_values.end()) {
      if (word.find('=') == std::string::npos) ++i;  // skip its value
      continue;
    }
    if (std::find(known_flags.begin(), known_flags.end(), name) == known_flags.end()) out.push_back(word);
  }
  return out;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "gpuwise: cannot read %s\n", path.c_str());
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}

std::string data_path(const Args& args, const std::string& name) {
  if (auto dir = args.value("--data-dir")) return *dir + "/" + name;
  if (const char* env = std::getenv("GPUWISE_DATA_DIR")) return std::string(env) + "/" + name;
  return std::string(GPUWISE_DATA_DIR) + "/" + name;
}

std::string today_date(const Args& args) {
  if (auto given = args.value("--today")) {
    // price_age() knows a date when it can age one against itself.
    if (!price_age(*given, *given).known) {
      std::fprintf(stderr, "gpuwise: --today '%s' is not a date like 2026-12-02\n", given->c_str());
      return {};
    }
    return *given;
  }
  const std::time_t now = std::time(nullptr);
  const std::tm* utc = std::gmtime(&now);  // one thread: the static result is fine
  char text[16] = "";
  if (utc) std::strftime(text, sizeof text, "%Y-%m-%d", utc);
  return text;
}

}  // namespace gpuwise::cli
