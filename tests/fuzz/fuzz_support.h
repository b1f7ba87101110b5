// Shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp): the shipped data, loaded
// once, and FUZZ_CHECK, which aborts (a crash libFuzzer saves) when an invariant breaks.
// Built by the fuzz preset; run by scripts/fuzz.sh and, briefly, by scripts/test.sh.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "money/prices.h"
#include "estimate/speed.h"
#include "text/json_util.h"
#include "view/share_link.h"
#include "view/state_json.h"
#include "view/view_state.h"

// Not assert(): it must hold in every build type.
#define FUZZ_CHECK(condition)                                                          \
  do {                                                                                 \
    if (!(condition)) {                                                                \
      std::fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                    \
    }                                                                                  \
  } while (0)

namespace gpuwise::fuzz {

inline std::string read_source_file(const std::string& relative_path) {
  std::ifstream in(std::string(GPUWISE_SOURCE_DIR) + "/" + relative_path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// data/gpus.json and data/prices.json as the site ships them.
inline const Catalog& shipped_catalog() {
  static const Catalog catalog = load_catalog(read_source_file("data/gpus.json"));
  return catalog;
}
inline const PriceBook& shipped_prices() {
  static const PriceBook book = load_prices(read_source_file("data/prices.json"), shipped_catalog());
  return book;
}
inline const SpeedCalibration& shipped_calibration() {
  static const SpeedCalibration cal = [] {
    std::vector<CatalogIssue> issues;
    return load_speed_calibration(read_source_file("data/speed_calibration.json"), issues);
  }();
  return cal;
}
// A small catalog of the shipped rows that stand for every kind a computation treats
// apart: consumer cards with and without an NVLink bridge, datacenter modules of three
// vendors, a card without BF16 (V100), one with two GPUs a board (K80), an Intel card, a
// unified-memory Mac. Built once: a target that prices or estimates every card of the
// whole catalog for each input ran at 20 to 250 inputs a second; on these it runs at
// several hundred to thousands (docs/TRUST.md).
inline const Catalog& fixture_catalog() {
  static const Catalog catalog = [] {
    static const char* const ids[] = {"rtx-3090", "rtx-4090",   "h100-sxm5", "mi300x",           "tesla-v100-sxm2-32gb",
                                      "gaudi2",   "tesla-k80",  "arc-pro-b70", "apple-m2-ultra-76c"};
    Catalog out;
    for (const char* id : ids) {
      const int index = shipped_catalog().find(id);
      if (index >= 0) out.gpus.push_back(shipped_catalog().gpus[static_cast<std::size_t>(index)]);
    }
    out.schema_version = shipped_catalog().schema_version;
    return out;
  }();
  return catalog;
}
// The fixture catalog, or one of its cards alone, as `pick` says: one input in four takes
// all nine (so orders across cards, such as cheapest first, are fuzzed), the others one
// card, which reaches that card's paths at a ninth of the cost. job_cost over all nine
// for every input ran at about 950 inputs a CPU-second, with no margin under 1,000.
inline const Catalog& fixture_catalog_or_card(unsigned pick) {
  static const std::vector<Catalog> cards = [] {
    std::vector<Catalog> out;
    for (const Gpu& gpu : fixture_catalog().gpus) {
      Catalog one;
      one.gpus.push_back(gpu);
      one.schema_version = fixture_catalog().schema_version;
      out.push_back(std::move(one));
    }
    return out;
  }();
  if (pick % 4 == 0 || cards.empty()) return fixture_catalog();
  return cards[(pick / 4) % cards.size()];
}
// data/prices.json read against the fixture catalog (rows of other cards are dropped).
inline const PriceBook& fixture_prices() {
  static const PriceBook book = [] {
    PriceBook b = load_prices(read_source_file("data/prices.json"), fixture_catalog());
    b.today = "2026-12-02";
    return b;
  }();
  return book;
}

// The ids a fuzzer picks from most of the time (fuzz_numbers.h any_key).
inline const std::vector<std::string>& preset_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const auto& p : model_presets()) out.push_back(p.id);
    return out;
  }();
  return ids;
}
inline const std::vector<std::string>& quant_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const auto& q : quantisations()) out.push_back(q.id);
    return out;
  }();
  return ids;
}
inline const std::vector<std::string>& shipped_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const Gpu& gpu : shipped_catalog().gpus) out.push_back(gpu.id);
    return out;
  }();
  return ids;
}

inline bool finite(double value) { return std::isfinite(value); }

// Whatever a link or a saved state decoded to, the site writes it back as a link and as
// JSON (URL bar, localStorage); both must read back to the same view with no notice.
// (The JSON half is the slow one under the sanitizers: with_json = false skips it.)
inline void check_view_round_trips(const ViewState& state, bool with_json = true) {
  const std::string link = encode_link(state);
  const LinkDecode from_link = decode_link(link, ViewState{}, nullptr);
  if (!(from_link.state == state) || !from_link.notices.empty()) {
    std::fprintf(stderr, "link round trip changed the view: %s\n", link.c_str());
    for (const auto& notice : from_link.notices) std::fprintf(stderr, "  notice: %s\n", notice.c_str());
  }
  FUZZ_CHECK(from_link.state == state);
  FUZZ_CHECK(from_link.notices.empty());
  if (!with_json) return;

  const std::string text = dump_json(view_state_to_json(state));
  const ParsedJson parsed = parse_json(text);
  FUZZ_CHECK(parsed.ok());
  const LinkDecode from_json = view_state_from_json(parsed.value, ViewState{}, nullptr);
  if (!(from_json.state == state) || !from_json.notices.empty()) {
    std::fprintf(stderr, "JSON round trip changed the view: %s\n", text.c_str());
    for (const auto& notice : from_json.notices) std::fprintf(stderr, "  notice: %s\n", notice.c_str());
  }
  FUZZ_CHECK(from_json.state == state);
  FUZZ_CHECK(from_json.notices.empty());
}

// Card ids in a view decoded against the catalog are all in the catalog.
inline bool is_shipped_id(const std::string& id) {
  for (const auto& known : shipped_ids()) {
    if (known == id) return true;
  }
  return false;
}
inline void check_ids_known(const ViewState& state) {
  for (const auto& id : state.compare_ids) FUZZ_CHECK(is_shipped_id(id));
  FUZZ_CHECK(state.catalog.selected_id.empty() || is_shipped_id(state.catalog.selected_id));
  FUZZ_CHECK(is_shipped_id(state.roi.gpu_id));
  FUZZ_CHECK(is_shipped_id(state.advisor.gpu_id));
}

// A view that differs from the defaults almost everywhere, to decode links on top of.
inline const ViewState& busy_defaults() {
  static const ViewState state = decode_link(
      "v=1&tab=roi&lang=zh&cur=CNY&cny=7.1&theme=light&q=3090&cat.vendor=NVIDIA,AMD&cat.vram=16"
      "&cat.ymin=2018&sort=-name&cat.hide=interface&sel=rtx-3090&profile=custom&w=fp32_tflops:2"
      "&rank.top=5&cmp=rtx-3090,rtx-4090&fit.model=custom&fit.p=70&fit.prec=int4&fit.mode=lora"
      "&roi.gpu=h100-sxm5&roi.n=8&roi.price=&roi.resale=1000&roi.months=60",
      ViewState{}, nullptr).state;
  return state;
}

}  // namespace gpuwise::fuzz
