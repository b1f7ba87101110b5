// The gpuwise command: the same core as the site, scriptable. One file per subcommand.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace gpuwise {
struct ViewState;  // view/view_state.h: only the commands that fill one include it
struct FitView;    // estimate/estimate_views.h
}  // namespace gpuwise

namespace gpuwise::cli {

// The arguments after the subcommand, with small readers for `--flag value`.
class Args {
 public:
  explicit Args(std::vector<std::string> words) : words_(std::move(words)) {}
  bool flag(const std::string& name) const;                    // --json
  std::optional<std::string> value(const std::string& name) const;  // --gpu ID
  std::vector<std::string> values(const std::string& name) const;  // --gpu A --gpu B: every one, in order
  std::vector<std::string> positional() const;                 // words that are not flags
  // Words that are neither flags nor the value after one of `value_flags` (--data-dir DIR).
  std::vector<std::string> positional(const std::vector<std::string>& value_flags) const;
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

// [SECTION] Value flags from the field table (fields.cpp)
// Every value flag the table gives to the fields of `sections` ("roi", "fit", "ranking").
std::vector<std::string> field_flags(const std::vector<std::string>& sections);
// The table's on/off flags of those sections ("--unified-memory"): present means on.
std::vector<std::string> field_switches(const std::vector<std::string>& sections);
// The flags of the fields of `section` the table marks `more` (ViewField::more), as a usage
// line "       more: --a N --b N\n", or "" when there are none: a new input is listed.
std::string more_flags_usage(const char* section);
// Applies each such flag and switch present in `args` (numbers, words, comma-separated lists;
// weights have their own syntax) except those in `skip`. False, with "gpuwise COMMAND: '--price'
// must be a number from 0 to 10000000 (got '0x10')" on stderr, at the first bad value.
bool read_field_flags(const Args& args, const char* command, const std::vector<std::string>& sections,
                      ViewState& state, const std::vector<std::string>& skip = {});
// One flag of the table, the same way.
bool read_field_flag(const Args& args, const char* command, const char* flag, const std::vector<std::string>& sections,
                     ViewState& state);
// gpuwise fit's flags (--preset, --params-b and the shape) into `view`; false with a
// message on stderr. Shared by `gpuwise rank`'s "fits my model" filter.
bool read_fit_flags(const Args& args, const char* command, FitView& view);

// Numbers in the commands' own flags (job), read like link values: false with
// "--flag must be a number (got 'x')" in `error`. parse_whole also wants 0 to 1e8, whole.
bool parse_number(const std::string& flag, const std::string& text, double& out, std::string& error);
bool parse_whole(const std::string& flag, const std::string& text, int& out, std::string& error);

int run_catalog(const Args& args);
int run_validate(const Args& args);
int run_roi(const Args& args);
int run_fit(const Args& args);
int run_link(const Args& args);
int run_rank(const Args& args);
int run_speed(const Args& args);
int run_advise(const Args& args);
int run_job(const Args& args);
int run_image(const Args& args);
// `gpuwise job --kind image` (cmd_image.cpp), and the owning flags every job reads (cmd_job.cpp).
int run_image_job(const Args& args);
std::vector<std::string> job_ownership_flags();
std::vector<std::string> not_job_ownership_flags();  // the roi flags a job refuses
// A message for the first roi flag on the line that a job cannot use (one card's or one
// machine's figure, the owner's case), naming why; nullopt when there is none.
std::optional<std::string> refuse_roi_flags(const Args& args);
int run_software(const Args& args);
int run_ask(const Args& args);
int run_check(const Args& args);

}  // namespace gpuwise::cli
