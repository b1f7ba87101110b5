#include "catalog/compat.h"

#include "catalog/data_file.h"

#include <algorithm>
#include <set>

#include "catalog/data_details.h"
#include "text/json_util.h"
#include "text/stable_sort.h"

namespace gpuwise {

// [SECTION] Versions

bool is_version(std::string_view text) {
  if (text.empty()) return false;
  int digits = 0;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      if (++digits > 6) return false;  // keeps every part inside an int
    } else if (c == '.' && digits > 0) {
      digits = 0;
    } else {
      return false;
    }
  }
  return digits > 0;
}

namespace {

std::vector<int> version_parts(std::string_view text) {
  std::vector<int> parts{0};
  for (char c : text) {
    if (c == '.') parts.push_back(0);
    else if (c >= '0' && c <= '9') parts.back() = parts.back() * 10 + (c - '0');
  }
  return parts;
}

int major_of(std::string_view version) { return version_parts(version)[0]; }

// "12.x" or "12": a whole major series.
bool is_major_query(std::string_view text, int& major) {
  std::string_view digits = text;
  if (digits.size() > 2 && digits.substr(digits.size() - 2) == ".x") digits.remove_suffix(2);
  if (digits.find('.') != std::string_view::npos || !is_version(digits)) return false;
  major = major_of(digits);
  return true;
}

}  // namespace

int compare_versions(std::string_view a, std::string_view b) {
  std::vector<int> pa = version_parts(a);
  std::vector<int> pb = version_parts(b);
  const std::size_t n = std::max(pa.size(), pb.size());
  pa.resize(n, 0);
  pb.resize(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (pa[i] != pb[i]) return pa[i] < pb[i] ? -1 : 1;
  }
  return 0;
}

bool wheel_runs_on(const PytorchWheel& wheel, std::string_view cc, bool* via_ptx) {
  if (via_ptx) *via_ptx = false;
  if (!is_version(cc)) return false;
  const std::vector<int> card = version_parts(cc);
  const int card_minor = card.size() > 1 ? card[1] : 0;
  for (const auto& sass : wheel.compute_capabilities) {
    const std::vector<int> code = version_parts(sass);
    const int code_minor = code.size() > 1 ? code[1] : 0;
    // NVIDIA's binary compatibility: sm_X.y code runs on X.z for z >= y, never across majors.
    if (code[0] == card[0] && code_minor <= card_minor) return true;
  }
  // PTX is counted within its own major only: across majors the JIT path was never
  // tested by that release, and its bundled cuDNN / cuBLAS predate the card.
  if (!wheel.ptx.empty() && major_of(wheel.ptx) == card[0] && compare_versions(wheel.ptx, cc) <= 0) {
    if (via_ptx) *via_ptx = true;
    return true;
  }
  return false;
}

// [SECTION] Loading

namespace {

// The shared row reader (data_file.h) with cuda.json's own shapes: versions and years.
class EntryReader : public RowReader {
 public:
  using RowReader::RowReader;

  void warn_unknown(const std::set<std::string>& known) { unknown_fields(known, "unknown field (a typo?); ignored"); }

  // A version string such as "12.8"; required unless `optional`.
  std::string version(const char* field, bool optional = false) {
    const json* value = find(field, !optional);
    if (!value) return "";
    if (!value->is_string() || !is_version(value->get_ref<const std::string&>())) {
      error(field, "must be a version string like \"12.8\" (got " + dump_json(*value) + ")");
      return "";
    }
    return value->get<std::string>();
  }

  std::string text(const char* field) { return string(field, false).value_or(""); }
  std::vector<std::string> strings(const char* field) {
    return RowReader::strings(field, false, "string").value_or(std::vector<std::string>{});
  }

  int year(const char* field) {
    const json* value = find(field, true);
    if (!value) return 0;
    if (!value->is_number_integer() || value->get<long long>() < 1990 || value->get<long long>() > 2100) {
      error(field, "must be a year between 1990 and 2100 (got " + dump_json(*value) + ")");
      return 0;
    }
    return static_cast<int>(value->get<long long>());
  }
};

// "compute_capabilities '8.6'" when the entry names itself, else "compute_capabilities #3".
std::string entry_label(const char* list, const json& entry, const char* key, std::size_t index) {
  auto it = entry.is_object() ? entry.find(key) : entry.end();
  if (entry.is_object() && it != entry.end() && it->is_string()) {
    return std::string(list) + " '" + it->get<std::string>() + "'";
  }
  return std::string(list) + " #" + std::to_string(index + 1);
}

const json* list_field(const json& root, const char* key, std::vector<CatalogIssue>& issues) {
  auto it = root.find(key);
  if (it == root.end() || !it->is_array()) {
    issues.push_back({CatalogIssue::Severity::error, "", key, "must be a list"});
    return nullptr;
  }
  return &*it;
}

void read_toolkits(const json& list, Compat& compat) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& entry = list[i];
    const std::string label = entry_label("cuda_toolkits", entry, "version", i);
    if (!entry.is_object()) {
      compat.issues.push_back({CatalogIssue::Severity::error, label, "", "must be an object"});
      continue;
    }
    EntryReader reader(entry, label, compat.issues);
    reader.warn_unknown({"version", "release_year"});
    CudaToolkit toolkit;
    toolkit.version = reader.version("version");
    toolkit.release_year = reader.year("release_year");
    if (!toolkit.version.empty() && !seen.insert(toolkit.version).second) {
      reader.error("version", "is listed twice");
    }
    if (!reader.failed()) compat.toolkits.push_back(toolkit);
  }
  stable_sort_rows(compat.toolkits, [](const auto& a, const auto& b) {
    return compare_versions(a.version, b.version) < 0;
  });
}

void read_compute_capabilities(const json& list, Compat& compat) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& entry = list[i];
    const std::string label = entry_label("compute_capabilities", entry, "cc", i);
    if (!entry.is_object()) {
      compat.issues.push_back({CatalogIssue::Severity::error, label, "", "must be an object"});
      continue;
    }
    EntryReader reader(entry, label, compat.issues);
    reader.warn_unknown({"cc", "architecture", "first_cuda", "last_cuda", "notes", "sources"});
    ComputeCapabilityRange range;
    range.cc = reader.version("cc");
    range.architecture = reader.text("architecture");
    range.first_cuda = reader.version("first_cuda");
    range.last_cuda = reader.version("last_cuda", /*optional=*/true);
    range.notes = reader.text("notes");
    range.sources = reader.strings("sources");
    if (!range.cc.empty() && !seen.insert(range.cc).second) reader.error("cc", "is listed twice");
    if (!range.first_cuda.empty() && !range.last_cuda.empty() &&
        compare_versions(range.first_cuda, range.last_cuda) > 0) {
      reader.error("last_cuda", "is older than first_cuda (" + range.last_cuda + " < " + range.first_cuda + ")");
    }
    if (!reader.failed()) compat.compute_capabilities.push_back(range);
  }
}

void read_pytorch(const json& list, Compat& compat) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& entry = list[i];
    const std::string label = entry_label("pytorch", entry, "version", i);
    if (!entry.is_object()) {
      compat.issues.push_back({CatalogIssue::Severity::error, label, "", "must be an object"});
      continue;
    }
    EntryReader reader(entry, label, compat.issues);
    reader.warn_unknown({"version", "release_year", "wheels", "sources", "notes"});
    PytorchRelease release;
    release.version = reader.version("version");
    release.release_year = reader.year("release_year");
    release.notes = reader.text("notes");
    release.sources = reader.strings("sources");
    if (!release.version.empty() && !seen.insert(release.version).second) {
      reader.error("version", "is listed twice");
    }
    auto wheels = entry.find("wheels");
    if (wheels == entry.end() || !wheels->is_array() || wheels->empty()) {
      reader.error("wheels", "must be a non-empty list of {cuda, compute_capabilities, ptx}");
    } else {
      for (std::size_t w = 0; w < wheels->size(); ++w) {
        const json& wheel_json = (*wheels)[w];
        const std::string field = "wheels[" + std::to_string(w) + "]";
        if (!wheel_json.is_object()) {
          reader.error(field, "must be an object");
          continue;
        }
        EntryReader wheel_reader(wheel_json, label + ", " + field, compat.issues);
        wheel_reader.warn_unknown({"cuda", "compute_capabilities", "ptx"});
        PytorchWheel wheel;
        wheel.cuda = wheel_reader.version("cuda");
        wheel.ptx = wheel_reader.version("ptx", /*optional=*/true);
        wheel.compute_capabilities = wheel_reader.strings("compute_capabilities");
        for (const auto& cc : wheel.compute_capabilities) {
          if (!is_version(cc)) wheel_reader.error("compute_capabilities", "'" + cc + "' is not a version like \"8.6\"");
        }
        if (wheel.compute_capabilities.empty() && wheel.ptx.empty()) {
          wheel_reader.error("compute_capabilities", "is empty and there is no ptx: the wheel runs nowhere");
        }
        if (wheel_reader.failed()) reader.error(field, "has errors (see above); release dropped");
        else release.wheels.push_back(wheel);
      }
    }
    if (!reader.failed()) compat.pytorch.push_back(release);
  }
}

// "stacks" is optional (older files have none): then every row's software is unknown.
// `moved`: the fields the page's compact file left in details.json (the sources).
void read_stacks(const json& list, Compat& compat, const std::set<std::string>& moved) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& entry = list[i];
    const std::string label = entry_label("stacks", entry, "key", i);
    if (!entry.is_object()) {
      compat.issues.push_back({CatalogIssue::Severity::error, label, "", "must be an object"});
      continue;
    }
    EntryReader reader(entry, label, compat.issues);
    reader.warn_unknown(
        {"key", "name", "pytorch_backend", "pytorch_first", "pytorch_versions", "expect", "expect_zh", "sources"});
    SoftwareStack stack;
    stack.key = reader.string("key", true).value_or("");
    stack.name = reader.string("name", true).value_or("");
    stack.pytorch_backend = reader.text("pytorch_backend");
    stack.pytorch_first = reader.version("pytorch_first", /*optional=*/true);
    stack.pytorch_versions = reader.strings("pytorch_versions");
    for (const std::string& version : stack.pytorch_versions) {
      if (!is_version(version)) reader.error("pytorch_versions", "'" + version + "' is not a version like \"2.1\"");
    }
    stack.expect = reader.text("expect");
    stack.expect_zh = reader.text("expect_zh");
    stack.sources = reader.strings("sources");
    if (!stack.key.empty() && !is_slug(stack.key)) reader.error("key", "'" + stack.key + "' must be a slug like pytorch-mps");
    if (!stack.key.empty() && !seen.insert(stack.key).second) reader.error("key", "is listed twice");
    if ((!stack.pytorch_first.empty() || !stack.pytorch_versions.empty()) && stack.pytorch_backend.empty()) {
      reader.error(stack.pytorch_first.empty() ? "pytorch_versions" : "pytorch_first", "is set but pytorch_backend is not");
    }
    if (stack.expect.empty() != stack.expect_zh.empty()) {
      reader.error(stack.expect.empty() ? "expect" : "expect_zh", "expect and expect_zh go together (both languages)");
    }
    if (stack.sources.empty() && !moved.count("sources")) reader.error("sources", "needs at least one source URL");
    if (!reader.failed()) compat.stacks.push_back(stack);
  }
}

bool has_toolkit(const Compat& compat, const std::string& version) {
  for (const auto& t : compat.toolkits) {
    if (t.version == version) return true;
  }
  return false;
}

// References to toolkits the table does not list would silently fail every query.
void check_references(Compat& compat) {
  auto warn = [&](const std::string& row, const char* field, const std::string& version) {
    compat.issues.push_back({CatalogIssue::Severity::warning, row, field,
                             "CUDA " + version + " is not in cuda_toolkits"});
  };
  for (const auto& cc : compat.compute_capabilities) {
    const std::string row = "compute_capabilities '" + cc.cc + "'";
    if (!has_toolkit(compat, cc.first_cuda)) warn(row, "first_cuda", cc.first_cuda);
    if (!cc.last_cuda.empty() && !has_toolkit(compat, cc.last_cuda)) warn(row, "last_cuda", cc.last_cuda);
  }
  for (const auto& release : compat.pytorch) {
    for (const auto& wheel : release.wheels) {
      if (!has_toolkit(compat, wheel.cuda)) warn("pytorch '" + release.version + "'", "wheels", wheel.cuda);
    }
  }
}

}  // namespace

Compat load_compat(std::string_view json_text) {
  Compat compat;
  json root;
  if (!open_data_file(json_text, "cuda.json", "with cuda_toolkits, compute_capabilities and pytorch", compat.issues,
                      compat.schema_version, root)) {
    return compat;
  }
  for (auto it = root.begin(); it != root.end(); ++it) {
    static const std::set<std::string> kKnown = {"schema_version", "sources", "cuda_toolkits",
                                                 "compute_capabilities", "pytorch", "stacks",
                                                 kDetailsMovedKey};
    if (!kKnown.count(it.key())) {
      compat.issues.push_back({CatalogIssue::Severity::warning, "", it.key(), "unknown field (a typo?); ignored"});
    }
  }
  if (const json* list = list_field(root, "cuda_toolkits", compat.issues)) read_toolkits(*list, compat);
  if (const json* list = list_field(root, "compute_capabilities", compat.issues)) {
    read_compute_capabilities(*list, compat);
  }
  if (const json* list = list_field(root, "pytorch", compat.issues)) read_pytorch(*list, compat);
  if (root.contains("stacks")) {
    if (const json* list = list_field(root, "stacks", compat.issues)) read_stacks(*list, compat, moved_to_details(root));
  }
  check_references(compat);
  return compat;
}

// [SECTION] Queries

int Compat::error_count() const {
  int count = 0;
  for (const auto& issue : issues) count += issue.severity == CatalogIssue::Severity::error;
  return count;
}

const ComputeCapabilityRange* Compat::find_cc(std::string_view cc) const {
  if (!is_version(cc)) return nullptr;
  for (const auto& range : compute_capabilities) {
    if (compare_versions(range.cc, cc) == 0) return &range;
  }
  return nullptr;
}

const PytorchRelease* Compat::find_pytorch(std::string_view version) const {
  if (!is_version(version)) return nullptr;
  const std::vector<int> wanted = version_parts(version);
  if (wanted.size() < 2 || wanted.size() > 3) return nullptr;  // "2.1" or "2.1.2", not "2"
  for (const auto& release : pytorch) {
    const std::vector<int> have = version_parts(release.version);
    if (have[0] == wanted[0] && (have.size() > 1 ? have[1] : 0) == wanted[1]) {
      return &release;
    }
  }
  return nullptr;
}

bool Compat::is_known_cuda(std::string_view version) const {
  int major = 0;
  const bool whole_major = is_major_query(version, major);
  for (const auto& toolkit : toolkits) {
    if (whole_major ? major_of(toolkit.version) == major : toolkit.version == version) return true;
  }
  return false;
}

namespace {
bool range_covers(const ComputeCapabilityRange& range, std::string_view toolkit) {
  return compare_versions(range.first_cuda, toolkit) <= 0 &&
         (range.last_cuda.empty() || compare_versions(toolkit, range.last_cuda) <= 0);
}
}  // namespace

bool Compat::runs_cuda(const Gpu& gpu, std::string_view cuda_version) const {
  const ComputeCapabilityRange* range = gpu.vendor == "NVIDIA" ? find_cc(gpu.compute_capability) : nullptr;
  if (!range) return false;
  int major = 0;
  const bool whole_major = is_major_query(cuda_version, major);
  for (const auto& toolkit : toolkits) {
    const bool asked = whole_major ? major_of(toolkit.version) == major : toolkit.version == cuda_version;
    if (asked && range_covers(*range, toolkit.version)) return true;
  }
  return false;
}

std::vector<std::string> Compat::cuda_versions_for(const Gpu& gpu) const {
  std::vector<std::string> out;
  const ComputeCapabilityRange* range = gpu.vendor == "NVIDIA" ? find_cc(gpu.compute_capability) : nullptr;
  if (!range) return out;
  for (const auto& toolkit : toolkits) {
    if (range_covers(*range, toolkit.version)) out.push_back(toolkit.version);
  }
  return out;
}

std::vector<PytorchSupport> Compat::pytorch_for(const Gpu& gpu) const {
  std::vector<PytorchSupport> out;
  if (gpu.vendor != "NVIDIA" || !is_version(gpu.compute_capability)) return out;
  for (const auto& release : pytorch) {
    PytorchSupport support{release.version, release.release_year, {}};
    for (const auto& wheel : release.wheels) {
      bool via_ptx = false;
      if (wheel_runs_on(wheel, gpu.compute_capability, &via_ptx)) support.wheels.push_back({wheel.cuda, via_ptx});
    }
    if (!support.wheels.empty()) out.push_back(support);
  }
  return out;
}

bool Compat::runs_pytorch(const Gpu& gpu, std::string_view pytorch_version) const {
  const PytorchRelease* release = find_pytorch(pytorch_version);
  if (!release || gpu.vendor != "NVIDIA") return false;
  for (const auto& wheel : release->wheels) {
    if (wheel_runs_on(wheel, gpu.compute_capability)) return true;
  }
  return false;
}

const SoftwareStack* Compat::find_stack(std::string_view key) const {
  for (const auto& stack : stacks) {
    if (stack.key == key) return &stack;
  }
  return nullptr;
}

std::vector<const SoftwareStack*> Compat::stacks_for(const Gpu& gpu) const {
  std::vector<const SoftwareStack*> out;
  for (const std::string& key : gpu.software) {
    if (const SoftwareStack* stack = find_stack(key)) out.push_back(stack);
  }
  return out;
}

bool Compat::runs_pytorch_any(const Gpu& gpu, std::string_view pytorch_version) const {
  if (!find_pytorch(pytorch_version)) return false;
  for (const SoftwareStack* stack : stacks_for(gpu)) {
    if (stack->pytorch_backend == "cuda") {
      if (runs_pytorch(gpu, pytorch_version)) return true;
    } else if (!stack->pytorch_versions.empty()) {
      // "2.1" matches "2.1" and "2.1.2": the X.Y of the asked version.
      const PytorchRelease* asked = find_pytorch(pytorch_version);
      for (const std::string& version : stack->pytorch_versions) {
        if (asked && find_pytorch(version) == asked) return true;
      }
    } else if (!stack->pytorch_backend.empty() && !stack->pytorch_first.empty() &&
               compare_versions(stack->pytorch_first, pytorch_version) <= 0) {
      return true;
    }
  }
  return false;
}

std::vector<CatalogIssue> Compat::check_software(const Catalog& catalog) const {
  std::vector<CatalogIssue> out;
  std::string known;
  for (const auto& stack : stacks) known += (known.empty() ? "" : ", ") + stack.key;
  for (const Gpu& gpu : catalog.gpus) {
    for (const std::string& key : gpu.software) {
      if (!find_stack(key)) {
        out.push_back({CatalogIssue::Severity::error, gpu.id, "software",
                       "unknown stack '" + key + "' (cuda.json stacks: " + (known.empty() ? "none" : known) + ")"});
      }
    }
  }
  return out;
}

TemplateText Compat::no_cuda_why(const Gpu& gpu) const {
  if (gpu.vendor == "AMD") return {I18N("AMD cards run ROCm/HIP, not CUDA; ROCm support is not covered here"), {}};
  if (gpu.vendor == "Intel") return {I18N("Intel accelerators do not run CUDA"), {}};
  if (gpu.vendor == "Apple") return {I18N("Apple silicon runs Metal (MLX, llama.cpp, PyTorch MPS), not CUDA"), {}};
  if (gpu.vendor != "NVIDIA") return {I18N("{0} cards do not run CUDA"), {gpu.vendor}};
  if (!find_cc(gpu.compute_capability)) {
    return {I18N("compute capability '{0}' is not in cuda.json"), {gpu.compute_capability}};
  }
  return {};
}

std::string Compat::no_cuda_reason(const Gpu& gpu) const { return no_cuda_why(gpu).text(); }

}  // namespace gpuwise
