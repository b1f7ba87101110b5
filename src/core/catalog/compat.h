// Which CUDA toolkits and official PyTorch wheels run on a card, from data/cuda.json.
// The rules are in docs/ranking.md ("CUDA and PyTorch compatibility"). Loading never
// throws: problems become CatalogIssues naming the entry and the field.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "text/template_text.h"

namespace gpuwise {

struct CudaToolkit {
  std::string version;  // "12.8"
  int release_year = 0;
};

struct ComputeCapabilityRange {
  std::string cc;            // "8.6"
  std::string architecture;  // "Ampere"
  std::string first_cuda;    // oldest toolkit that targets it (table's lower bound: 6.5)
  std::string last_cuda;     // newest toolkit that targets it; empty: still supported
  std::string notes;
  std::vector<std::string> sources;
};

struct PytorchWheel {
  std::string cuda;                               // "12.1": the cu121 wheel
  std::vector<std::string> compute_capabilities;  // SASS (machine code) it ships
  std::string ptx;                                // PTX arch it embeds; empty: none
};

struct PytorchRelease {
  std::string version;  // "2.1"
  int release_year = 0;
  std::vector<PytorchWheel> wheels;
  std::string notes;
  std::vector<std::string> sources;
};

// One software stack a catalog row can list in `software` (cuda.json "stacks"): what it
// is, which PyTorch backend it is (if any) and from which release, and what a buyer
// should expect of it, each with its public source.
struct SoftwareStack {
  std::string key;              // "pytorch-mps": what gpus.json rows list
  std::string name;             // "PyTorch (MPS)"
  std::string pytorch_backend;  // "cuda", "rocm", "mps", "xpu", "npu" ...; empty: not a PyTorch backend
  std::string pytorch_first;    // first PyTorch release with this backend; empty: not known
  // The PyTorch releases (X.Y) it supports, where they are not every release from
  // pytorch_first on (torch_npu skips 1.12 to 2.0); empty: pytorch_first decides.
  std::vector<std::string> pytorch_versions;
  std::string expect;           // what to expect, one or two sentences (English); may be empty
  std::string expect_zh;        // the same in 简体中文
  std::vector<std::string> sources;
};

// One official wheel that runs on a card; via_ptx: only by JIT-compiling the wheel's
// PTX (works, but the first start is slow).
struct WheelSupport {
  std::string cuda;
  bool via_ptx = false;
};

struct PytorchSupport {
  std::string version;
  int release_year = 0;
  std::vector<WheelSupport> wheels;  // in cuda.json order (oldest CUDA first)
};

struct Compat {
  int schema_version = 0;
  std::vector<CudaToolkit> toolkits;  // oldest first, as in the file
  std::vector<ComputeCapabilityRange> compute_capabilities;
  std::vector<PytorchRelease> pytorch;
  std::vector<SoftwareStack> stacks;  // in file order
  std::vector<CatalogIssue> issues;  // row: "compute_capabilities '8.6'", "pytorch '2.1'", ...

  int error_count() const;

  const ComputeCapabilityRange* find_cc(std::string_view cc) const;
  // "2.1" or "2.1.2" (patch releases share the X.Y wheel lists): the release, or null.
  const PytorchRelease* find_pytorch(std::string_view version) const;

  // A version the CUDA filter accepts: a listed toolkit ("10.2"), or a major
  // ("12", "12.x") meaning "some 12.y toolkit".
  bool is_known_cuda(std::string_view version) const;

  // The card's compute capability is targeted by this toolkit ("12.x": by some 12.y).
  // False for non-NVIDIA cards, unknown compute capabilities and unknown versions.
  bool runs_cuda(const Gpu& gpu, std::string_view cuda_version) const;
  // Every toolkit in cuda_toolkits that targets the card, oldest first.
  std::vector<std::string> cuda_versions_for(const Gpu& gpu) const;
  // The PyTorch releases with at least one official Linux wheel that runs on the card,
  // oldest first.
  std::vector<PytorchSupport> pytorch_for(const Gpu& gpu) const;
  // Some official wheel of this release runs on the card (PTX JIT counts).
  bool runs_pytorch(const Gpu& gpu, std::string_view pytorch_version) const;
  // "Runs PyTorch (any backend) X.Y": an official CUDA wheel runs on it (runs_pytorch),
  // or it lists a non-CUDA PyTorch backend listing X.Y in pytorch_versions or, without
  // that list, whose first release is X.Y or older. A backend without either (torch_mlu,
  // HPU) counts for no version.
  bool runs_pytorch_any(const Gpu& gpu, std::string_view pytorch_version) const;
  const SoftwareStack* find_stack(std::string_view key) const;
  // The card's stacks as cuda.json describes them, in the row's order (unknown keys skipped).
  std::vector<const SoftwareStack*> stacks_for(const Gpu& gpu) const;
  // Every catalog row's `software` against `stacks`: an unknown key is an error naming
  // the row and the field (gpuwise validate).
  std::vector<CatalogIssue> check_software(const Catalog& catalog) const;
  // Why the card has no CUDA at all ("AMD cards use ROCm, not CUDA ..."); empty when it has.
  std::string no_cuda_reason(const Gpu& gpu) const;
  TemplateText no_cuda_why(const Gpu& gpu) const;  // the same as a pattern for tr(); empty pattern when it has
};

// Parses and validates the text of a cuda.json file.
Compat load_compat(std::string_view json_text);

// A wheel's machine code runs on a card of the same major and an equal or higher
// minor (sm_86 code runs on 8.9); its PTX, by JIT, on a card of the same major at or
// above the PTX arch (compute_120 on 12.x; not across majors, see docs/ranking.md).
// via_ptx is set when only the PTX makes it run.
bool wheel_runs_on(const PytorchWheel& wheel, std::string_view cc, bool* via_ptx = nullptr);

// [SECTION] Version numbers: compared numerically, part by part ("12.10" > "12.9").
// True for "12", "12.8", "1.13.1": dot-separated runs of 1 to 6 digits.
bool is_version(std::string_view text);
// -1, 0 or 1; missing parts count as 0 ("12" == "12.0"). Call with valid versions.
int compare_versions(std::string_view a, std::string_view b);

}  // namespace gpuwise
