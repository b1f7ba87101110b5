// The gpuwise command: the same core as the site, scriptable. One file per subcommand.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace gpuwise::cli {

// The arguments after the subcommand, with small readers for `--flag value`.
class Args {
 public:
  explicit Args(std::vector<std::string> words) : words_(std::move(words)) {}
  bool flag(const std::string& name) const;                    // --json
  std::optional<std::string> value(const std::string& name) const;  // --gpu ID
  std::vector<std::string> positional() const;                 // words that are not flags
  // Every --name in the words that is not in `known`; for a clear "unknown option" error.
  std::vector<std::string> unknown(const std::vector<std::string>& known_flags,
                                   const std::vector<std::string>& known_values) const;

 private:
  std::vector<std::string> words_;
};

// Reads a whole file; false (and a message on stderr) when it cannot.
bool read_file(const std::string& path, std::string& out);
// data/<name> from --data-dir, $GPUWISE_DATA_DIR or the source tree's data/.
std::string data_path(const Args& args, const std::string& name);
// The date prices are aged against: --today YYYY-MM-DD, else today's UTC date.
// Empty (and a message on stderr) when --today is not a date.
std::string today_date(const Args& args);

int run_catalog(const Args& args);
int run_validate(const Args& args);
int run_roi(const Args& args);
int run_fit(const Args& args);
int run_link(const Args& args);
int run_rank(const Args& args);
int run_speed(const Args& args);

}  // namespace gpuwise::cli
