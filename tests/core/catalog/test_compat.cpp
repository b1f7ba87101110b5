// CUDA and PyTorch compatibility: version order, the loader's messages, and the
// queries against the shipped cuda.json and catalog.
#include <catch2/catch.hpp>

#include <algorithm>

#include "catalog/catalog.h"
#include "catalog/compat.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::read_source_file;

using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;

namespace {

const Gpu& gpu(const std::string& id) {
  const int index = shipped_catalog().find(id);
  REQUIRE(index >= 0);
  return shipped_catalog().gpus[index];
}

std::vector<std::string> wheel_cudas(const Compat& compat, const Gpu& g, const std::string& version) {
  for (const auto& support : compat.pytorch_for(g)) {
    if (support.version != version) continue;
    std::vector<std::string> out;
    for (const auto& wheel : support.wheels) out.push_back(wheel.cuda + (wheel.via_ptx ? "+ptx" : ""));
    return out;
  }
  return {};
}

// A minimal valid cuda.json to break one piece at a time.
json minimal_compat() {
  return json{{"schema_version", 1},
              {"cuda_toolkits", {{{"version", "11.8"}, {"release_year", 2022}}, {{"version", "12.0"}, {"release_year", 2022}}}},
              {"compute_capabilities",
               {{{"cc", "8.6"}, {"architecture", "Ampere"}, {"first_cuda", "11.8"}},
                {{"cc", "3.7"}, {"architecture", "Kepler"}, {"first_cuda", "11.8"}, {"last_cuda", "11.8"}}}},
              {"pytorch",
               {{{"version", "2.0"},
                 {"release_year", 2023},
                 {"wheels", {{{"cuda", "11.8"}, {"compute_capabilities", {"3.7", "8.6"}}}}}}}}};
}

bool has_issue(const Compat& c, const std::string& row, const std::string& field, const std::string& words) {
  for (const auto& issue : c.issues) {
    if (issue.row == row && issue.field == field && issue.to_string().find(words) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

// [SECTION] Versions

TEST_CASE("versions compare numerically, part by part") {
  CHECK(compare_versions("12.10", "12.9") == 1);
  CHECK(compare_versions("9.2", "10.0") == -1);
  CHECK(compare_versions("12", "12.0") == 0);
  CHECK(compare_versions("1.13", "1.9") == 1);
  CHECK(compare_versions("8.6", "8.6") == 0);
  CHECK(is_version("12.8"));
  CHECK(is_version("1.13.1"));
  CHECK_FALSE(is_version("12."));
  CHECK_FALSE(is_version(".5"));
  CHECK_FALSE(is_version("12.x"));
  CHECK_FALSE(is_version(""));
  CHECK_FALSE(is_version("1234567.0"));  // too long for an int part
}

TEST_CASE("wheel rule: SASS runs on the same major at an equal or higher minor, PTX within its major") {
  const PytorchWheel wheel{"12.8", {"7.0", "8.0"}, "8.0"};
  bool via_ptx = true;
  CHECK(wheel_runs_on(wheel, "8.6", &via_ptx));  // sm_80 code on 8.6
  CHECK_FALSE(via_ptx);
  CHECK(wheel_runs_on(wheel, "7.5", &via_ptx));  // sm_70 code on 7.5
  CHECK_FALSE(wheel_runs_on(wheel, "9.0"));      // never across majors, not even by PTX
  CHECK_FALSE(wheel_runs_on(wheel, "6.1"));
  const PytorchWheel ptx_only{"12.8", {"7.5"}, "8.0"};
  CHECK(wheel_runs_on(ptx_only, "8.9", &via_ptx));
  CHECK(via_ptx);
  CHECK_FALSE(wheel_runs_on(ptx_only, "12.0"));
  CHECK_FALSE(wheel_runs_on(wheel, ""));  // non-NVIDIA cards have no compute capability
}

// [SECTION] The loader

TEST_CASE("the shipped cuda.json loads without issues") {
  const Compat& c = shipped_compat();
  for (const auto& issue : c.issues) INFO(issue.to_string());
  CHECK(c.issues.empty());
  CHECK(c.schema_version == 1);
  CHECK(c.toolkits.size() == 33);
  CHECK(c.compute_capabilities.size() == 19);  // 11.0 (Jetson Thor) and 12.1 (GB10) added for issue 13
  CHECK(c.pytorch.size() == 29);
  CHECK(c.toolkits.front().version == "6.5");
  CHECK(c.toolkits.back().version == "13.4");
}

TEST_CASE("every NVIDIA card of the shipped catalog has its compute capability in cuda.json") {
  for (const auto& g : shipped_catalog().gpus) {
    INFO(g.id);
    if (g.vendor == "NVIDIA") {
      CHECK(shipped_compat().find_cc(g.compute_capability) != nullptr);
      CHECK(shipped_compat().no_cuda_reason(g).empty());
    }
  }
}

TEST_CASE("a minimal cuda.json loads") {
  const Compat c = load_compat(dump_json(minimal_compat()));
  CHECK(c.issues.empty());
  CHECK(c.compute_capabilities.size() == 2);
  CHECK(c.pytorch[0].wheels[0].compute_capabilities.size() == 2);
}

TEST_CASE("loader: broken JSON names the line and column") {
  const Compat c = load_compat("{\"schema_version\": 1,\n \"cuda_toolkits\": [,]}");
  REQUIRE(c.error_count() == 1);
  CHECK(c.issues[0].to_string().find("line 2") != std::string::npos);
  CHECK(c.toolkits.empty());
}

TEST_CASE("loader: wrong top-level shapes are errors naming the field") {
  CHECK(load_compat("[1, 2]").issues[0].message.find("must be a JSON object") != std::string::npos);
  json j = minimal_compat();
  j["schema_version"] = 0;
  j.erase("pytorch");
  const Compat c = load_compat(dump_json(j));
  CHECK(has_issue(c, "", "schema_version", "must be 1"));
  // A newer file is read as far as possible, like gpus.json and prices.json.
  j["schema_version"] = 2;
  const Compat newer = load_compat(dump_json(j));
  CHECK(newer.error_count() == 1);  // only the missing pytorch list
  CHECK(newer.compute_capabilities.size() == 2);
  CHECK(has_issue(c, "", "pytorch", "must be a list"));
  CHECK(c.compute_capabilities.size() == 2);  // the rest still loads
}

TEST_CASE("loader: a bad entry names its entry and field, the others load") {
  json j = minimal_compat();
  j["compute_capabilities"][0]["first_cuda"] = "eleven";
  j["compute_capabilities"][1]["last_cuda"] = "6.5";  // older than first_cuda 11.8
  const Compat c = load_compat(dump_json(j));
  CHECK(has_issue(c, "compute_capabilities '8.6'", "first_cuda", "must be a version string like \"12.8\" (got \"eleven\")"));
  CHECK(has_issue(c, "compute_capabilities '3.7'", "last_cuda", "older than first_cuda"));
  CHECK(c.compute_capabilities.empty());
  CHECK(c.pytorch.size() == 1);
}

TEST_CASE("loader: duplicates, missing fields, bad wheels, unknown fields and unknown toolkits") {
  json j = minimal_compat();
  j["cuda_toolkits"].push_back({{"version", "12.0"}, {"release_year", 2022}});
  j["cuda_toolkits"][0].erase("release_year");
  j["pytorch"].push_back({{"version", "2.1"},
                          {"release_year", 2023},
                          {"wheels", {{{"cuda", "12.1"}, {"compute_capabilities", {"8.6", "sm_90"}}}}}});
  j["pytorch"].push_back({{"version", "2.2"},
                          {"release_year", 2024},
                          {"wheels", {{{"cuda", "12.1"}, {"compute_capabilities", {"8.6"}}}}}});
  j["compute_capabilities"][0]["first_cdua"] = "11.8";
  const Compat c = load_compat(dump_json(j));
  CHECK(has_issue(c, "cuda_toolkits '12.0'", "version", "listed twice"));
  CHECK(has_issue(c, "cuda_toolkits '11.8'", "release_year", "required"));
  CHECK(has_issue(c, "pytorch '2.1', wheels[0]", "compute_capabilities", "'sm_90' is not a version"));
  CHECK(has_issue(c, "compute_capabilities '8.6'", "first_cdua", "unknown field"));
  CHECK(has_issue(c, "pytorch '2.2'", "wheels", "CUDA 12.1 is not in cuda_toolkits"));
  REQUIRE(c.pytorch.size() == 2);  // 2.1 dropped, 2.0 and 2.2 kept
  CHECK(c.pytorch[1].version == "2.2");
}

// [SECTION] CUDA toolkits per card

TEST_CASE("CUDA 10.2 runs on no Ampere card of the shipped catalog, Turing, Volta, Pascal yes") {
  int ampere = 0;
  for (const auto& g : shipped_catalog().gpus) {
    if (g.architecture == "Ampere") {
      ++ampere;
      INFO(g.id);
      CHECK_FALSE(shipped_compat().runs_cuda(g, "10.2"));
    }
  }
  CHECK(ampere >= 20);
  CHECK(shipped_compat().runs_cuda(gpu("rtx-2080-ti"), "10.2"));
  CHECK(shipped_compat().runs_cuda(gpu("tesla-v100-sxm2-32gb"), "10.2"));
  CHECK(shipped_compat().runs_cuda(gpu("gtx-1080-ti"), "10.2"));
}

TEST_CASE("CUDA 12.x and 12.0 run on no Kepler card, Maxwell still runs 12.x but not 13.0") {
  for (const auto& g : shipped_catalog().gpus) {
    if (g.architecture != "Kepler") continue;
    INFO(g.id);
    CHECK_FALSE(shipped_compat().runs_cuda(g, "12.x"));
    CHECK_FALSE(shipped_compat().runs_cuda(g, "12.0"));
    CHECK_FALSE(shipped_compat().runs_cuda(g, "12"));
  }
  CHECK(shipped_compat().runs_cuda(gpu("gtx-titan-x"), "12.x"));
  CHECK_FALSE(shipped_compat().runs_cuda(gpu("gtx-titan-x"), "13.0"));
  CHECK_FALSE(shipped_compat().runs_cuda(gpu("tesla-v100-sxm2-32gb"), "13.x"));
  CHECK(shipped_compat().runs_cuda(gpu("rtx-5090"), "12.x"));   // from 12.8
  CHECK_FALSE(shipped_compat().runs_cuda(gpu("rtx-5090"), "12.6"));
}

TEST_CASE("unknown CUDA versions are neither known nor run") {
  CHECK(shipped_compat().is_known_cuda("12.8"));
  CHECK(shipped_compat().is_known_cuda("12.x"));
  CHECK_FALSE(shipped_compat().is_known_cuda("12.7"));  // never released
  CHECK_FALSE(shipped_compat().is_known_cuda("14.x"));
  CHECK_FALSE(shipped_compat().is_known_cuda("cuda12"));
  CHECK_FALSE(shipped_compat().runs_cuda(gpu("rtx-3090"), "12.7"));
}

TEST_CASE("a card's CUDA list: every toolkit between its first and last") {
  // RTX 3090, 8.6: 11.1 .. 13.4 = 11.1-11.8 (8) + 12.0-12.6 (7) + 12.8, 12.9 + 13.0-13.4 (5) = 22
  const auto rtx_3090 = shipped_compat().cuda_versions_for(gpu("rtx-3090"));
  REQUIRE(rtx_3090.size() == 22);
  CHECK(rtx_3090.front() == "11.1");
  CHECK(rtx_3090.back() == "13.4");
  // K80, 3.7: 6.5 .. 11.8 = 6.5 7.0 7.5 8.0 9.0 9.1 9.2 10.0 10.1 10.2 (10) + 11.0-11.8 (9) = 19
  const auto k80 = shipped_compat().cuda_versions_for(gpu("tesla-k80"));
  REQUIRE(k80.size() == 19);
  CHECK(k80.back() == "11.8");
  // K10, 3.0: 6.5 .. 10.2 = 10
  CHECK(shipped_compat().cuda_versions_for(gpu("tesla-k10")).size() == 10);
}

TEST_CASE("non-NVIDIA cards have no CUDA, and say why") {
  const Gpu& amd = gpu("rx-7900-xtx");
  CHECK(shipped_compat().cuda_versions_for(amd).empty());
  CHECK(shipped_compat().pytorch_for(amd).empty());
  CHECK_FALSE(shipped_compat().runs_cuda(amd, "12.x"));
  CHECK_FALSE(shipped_compat().runs_pytorch(amd, "2.1"));
  CHECK(shipped_compat().no_cuda_reason(amd).find("ROCm") != std::string::npos);
  CHECK(shipped_compat().no_cuda_reason(gpu("gaudi2")).find("Intel") != std::string::npos);
}

// [SECTION] PyTorch per card

TEST_CASE("PyTorch on the RTX 3090 (8.6): from 1.7 (cu110, sm_80 code), never 1.0-1.6") {
  const Compat& c = shipped_compat();
  const Gpu& g = gpu("rtx-3090");
  const auto releases = c.pytorch_for(g);
  REQUIRE_FALSE(releases.empty());
  CHECK(releases.front().version == "1.7");
  CHECK(releases.back().version == "2.14");
  CHECK(releases.size() == 22);  // 1.7 .. 1.13 (7) + 2.0 .. 2.14 (15)
  CHECK(wheel_cudas(c, g, "1.7") == std::vector<std::string>{"11.0"});
  CHECK(wheel_cudas(c, g, "2.1") == std::vector<std::string>{"11.8", "12.1"});
  CHECK_FALSE(c.runs_pytorch(g, "1.6"));
  CHECK_FALSE(c.runs_pytorch(g, "1.0"));  // compute_50 PTX is not counted across majors
  CHECK(c.runs_pytorch(g, "2.1"));
  CHECK(c.runs_pytorch(g, "2.1.2"));  // patch releases share the 2.1 wheels
}

TEST_CASE("PyTorch on the Tesla K80 (3.7): 1.0 to 2.7, the last ones only as cu118") {
  const Compat& c = shipped_compat();
  const Gpu& g = gpu("tesla-k80");
  const auto releases = c.pytorch_for(g);
  REQUIRE_FALSE(releases.empty());
  CHECK(releases.front().version == "1.0");  // sm_35 code runs on 3.7
  CHECK(releases.back().version == "2.7");
  CHECK(wheel_cudas(c, g, "2.1") == std::vector<std::string>{"11.8"});
  CHECK(wheel_cudas(c, g, "2.7") == std::vector<std::string>{"11.8"});
  CHECK_FALSE(c.runs_pytorch(g, "2.8"));
  // The K40 (3.5) loses official wheels at 1.4, when they switched sm_35 to sm_37.
  CHECK(c.runs_pytorch(gpu("tesla-k40c"), "1.3"));
  CHECK_FALSE(c.runs_pytorch(gpu("tesla-k40c"), "1.4"));
  // The K10 (3.0) never had an official wheel.
  CHECK(c.pytorch_for(gpu("tesla-k10")).empty());
}

TEST_CASE("PyTorch on the V100 and the RTX 5090: dropped and added wheels") {
  const Compat& c = shipped_compat();
  CHECK(wheel_cudas(c, gpu("tesla-v100-sxm2-32gb"), "2.11") == std::vector<std::string>{"12.6"});
  const auto blackwell = c.pytorch_for(gpu("rtx-5090"));
  REQUIRE_FALSE(blackwell.empty());
  CHECK(blackwell.front().version == "2.7");
  CHECK(wheel_cudas(c, gpu("rtx-5090"), "2.7") == std::vector<std::string>{"12.8"});
  CHECK_FALSE(c.runs_pytorch(gpu("rtx-5090"), "2.6"));
  CHECK_FALSE(c.runs_pytorch(gpu("rtx-5090"), "9.9"));  // unknown release
  CHECK(c.find_pytorch("2") == nullptr);
}

// [SECTION] Issue 13: stacks, and cards that run no CUDA
TEST_CASE("a non-CUDA card passes the compatibility filters through its own PyTorch backend") {
  const Catalog& c = shipped_catalog();
  const Compat& compat = gpuwise::test::shipped_compat();
  REQUIRE(compat.error_count() == 0);
  CHECK(compat.check_software(c).empty());
  const Gpu& arc = c.gpus[static_cast<std::size_t>(c.find("arc-b580"))];
  CHECK_FALSE(compat.runs_cuda(arc, "12.x"));
  CHECK_FALSE(compat.runs_pytorch(arc, "2.5"));  // no official CUDA wheel
  CHECK_FALSE(has_stack(arc, "cuda"));
  CHECK(compat.runs_pytorch_any(arc, "2.5"));      // XPU backend since 2.5
  CHECK_FALSE(compat.runs_pytorch_any(arc, "2.4"));
  // torch_npu exists for PyTorch 1.11 and 2.1 on, not for 1.12 to 2.0.
  const Gpu& atlas = c.gpus[static_cast<std::size_t>(c.find("atlas-300i-duo"))];
  CHECK(compat.runs_pytorch_any(atlas, "1.11"));
  CHECK_FALSE(compat.runs_pytorch_any(atlas, "2.0"));
  CHECK(compat.runs_pytorch_any(atlas, "2.1.2"));
  const Gpu& mac = c.gpus[static_cast<std::size_t>(c.find("apple-m2-ultra-76c"))];
  CHECK(compat.runs_pytorch_any(mac, "2.1"));
  CHECK_FALSE(compat.no_cuda_reason(mac).empty());
  const SoftwareStack* mps = compat.find_stack("pytorch-mps");
  REQUIRE(mps);
  CHECK(mps->expect.find("MPS") != std::string::npos);
  CHECK_FALSE(mps->expect_zh.empty());
  CHECK_FALSE(mps->sources.empty());
  // The new NVIDIA parts: GB10 (12.1) runs the sm_120 wheels; Thor (11.0) has CUDA 13.
  const Gpu& spark = c.gpus[static_cast<std::size_t>(c.find("dgx-spark"))];
  CHECK(compat.runs_cuda(spark, "13.0"));
  CHECK(compat.runs_pytorch(spark, "2.8"));
  const Gpu& thor = c.gpus[static_cast<std::size_t>(c.find("jetson-agx-thor"))];
  CHECK(compat.runs_cuda(thor, "13.0"));
  CHECK_FALSE(compat.runs_cuda(thor, "12.8"));
}
