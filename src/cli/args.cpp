#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "cli.h"
#include "money/prices.h"
#include "view/view_fields.h"

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

std::vector<std::string> Args::values(const std::string& name) const {
  std::vector<std::string> out;
  const std::string prefix = name + "=";
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_[i] == name && i + 1 < words_.size()) {
      out.push_back(words_[++i]);
    } else if (words_[i].rfind(prefix, 0) == 0) {
      out.push_back(words_[i].substr(prefix.size()));
    }
  }
  return out;
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

std::vector<std::string> Args::positional(const std::vector<std::string>& value_flags) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_[i].rfind("--", 0) == 0) {
      if (std::find(value_flags.begin(), value_flags.end(), words_[i]) != value_flags.end()) ++i;  // its value
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

bool parse_number(const std::string& flag, const std::string& text, double& out, std::string& error) {
  // The links' reader (view_fields.h): "0x10", "inf" and trailing junk are refused here too.
  const std::optional<double> value = read_number(text);
  if (!value) {
    error = flag + " must be a number (got '" + text + "')";
    return false;
  }
  out = *value;
  return true;
}

bool parse_whole(const std::string& flag, const std::string& text, int& out, std::string& error) {
  double value = 0;
  if (!parse_number(flag, text, value, error)) return false;
  if (std::floor(value) != value || value < 0 || value > 1e8) {
    error = flag + " must be a whole number from 0 to 100000000 (got '" + text + "')";
    return false;
  }
  out = static_cast<int>(value);
  return true;
}

}  // namespace gpuwise::cli
