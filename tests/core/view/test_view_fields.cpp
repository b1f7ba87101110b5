// The field table (view_fields.h) is the one description of every input: these tests
// change each field of the table in turn and check that ==, the JSON, the share link and
// the saved state all see it, and that the table covers every member of ViewState, so
// a new field cannot be half-added. Also: clamping, the CLI's value parser, translatable
// notices.
#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <cstring>
#include <utility>

#include "catalog/columns.h"
#include "catalog/compat.h"
#include "catalog/metrics.h"
#include "view/share_link.h"
#include "view/state_json.h"
#include "view/cli_values.h"
#include "view/view_fields.h"
#include "estimate/vram_fit.h"
#include "text/json_util.h"

using namespace gpuwise;

namespace {

// [SECTION] Counting the members of an aggregate: T{a, b, c} compiles for up to as many
// initialisers as T has members. Leaving members out is the point here, so clang's
// -Wmissing-field-initializers (an error under -Werror) is off for this file.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#ifdef __clang__  // AnyValue's conversion is declared only, for unevaluated use
#pragma clang diagnostic ignored "-Wundefined-internal"
#endif
struct AnyValue {
  template <typename T>
  operator T() const;  // declared only: used in unevaluated contexts
};
template <typename T, typename... A>
constexpr auto brace_initialisable(int) -> decltype(T{std::declval<A>()...}, true) {
  return true;
}
template <typename T, typename... A>
constexpr bool brace_initialisable(...) {
  return false;
}
template <typename T, typename... A>
constexpr int member_count() {
  if constexpr (brace_initialisable<T, A..., AnyValue>(0)) {
    return member_count<T, A..., AnyValue>();
  } else {
    return static_cast<int>(sizeof...(A));
  }
}

// Members of a section the table covers: one per field, and hidden_columns also holds
// hidden_columns_set.
int covered_members(const char* section) {
  int count = 0;
  for (const ViewField& field : view_fields()) {
    if (std::strcmp(field.section, section) != 0) continue;
    count += field.kind == FieldKind::hidden_columns ? 2 : 1;
  }
  return count;
}

int section_count() {
  std::vector<std::string> sections;
  for (const ViewField& field : view_fields()) {
    if (field.section[0] && std::find(sections.begin(), sections.end(), field.section) == sections.end()) {
      sections.emplace_back(field.section);
    }
  }
  return static_cast<int>(sections.size());
}

// A valid value other than the current one, chosen from the table alone (so a new
// field is tested without a new line here).
void change(const ViewField& field, ViewState& s) {
  switch (field.kind) {
    case FieldKind::tab: field.tab(s) = field.tab(s) == Tab::about ? Tab::roi : Tab::about; return;
    case FieldKind::sort_descending:
    case FieldKind::flag: field.flag(s) = !field.flag(s); return;
    case FieldKind::number:
    case FieldKind::whole: {
      const double to = field.range.max;
      const bool at_max = field.kind == FieldKind::number ? field.number(s) == to : field.whole(s) == static_cast<int>(to);
      const double value = at_max ? field.range.min : to;
      if (field.kind == FieldKind::number) field.number(s) = value;
      else field.whole(s) = static_cast<int>(value);
      return;
    }
    case FieldKind::optional_number: field.optional_number(s) = field.range.max; return;
    case FieldKind::weights: field.weights(s) = {{ranking_metrics().front().key, 2}}; return;
    case FieldKind::hidden_columns:
      field.flag(s) = true;
      field.list(s) = {catalog_columns().back().key};
      return;
    case FieldKind::list:  // a list of choices (roi.kinds) takes its first word
      field.list(s) = {field.rule == TextRule::card_id ? "rtx-3090"
                       : field.rule == TextRule::choice ? field.choices.front()
                                                        : "x y"};
      return;
    case FieldKind::text:
    case FieldKind::sort_column: break;
  }
  std::string& text = field.text(s);
  switch (field.rule) {
    case TextRule::any: text = "x y"; return;
    case TextRule::choice:
      for (const char* choice : field.choices) {
        if (text != choice) {
          text = choice;
          return;
        }
      }
      return;
    case TextRule::metric_key:
      text = text == ranking_metrics().back().key ? ranking_metrics().front().key : ranking_metrics().back().key;
      return;
    case TextRule::preset: text = text == "custom" ? model_presets().back().id : "custom"; return;
    case TextRule::version: text = text == "12.1" ? "11.8" : "12.1"; return;
    case TextRule::column_key:
      text = text == catalog_columns().front().key ? catalog_columns().back().key : catalog_columns().front().key;
      return;
    case TextRule::card_id: text = text == "rtx-3090" ? "h100-sxm5" : "rtx-3090"; return;
  }
}

}  // namespace

TEST_CASE("the field table covers every member of ViewState") {
  CHECK(member_count<CatalogView>() == covered_members("catalog"));
  CHECK(member_count<RankingView>() == covered_members("ranking"));
  CHECK(member_count<FitView>() == covered_members("fit"));
  CHECK(member_count<AdvisorView>() == covered_members("advisor"));
  CHECK(member_count<RoiView>() == covered_members("roi"));
  CHECK(member_count<JobView>() == covered_members("job"));
  // The buyer (money/market.h BuyerView) is one member whose fields are top-level keys.
  int buyer_fields = 0;
  for (const ViewField& field : view_fields()) {
    for (const char* key : {"mkt", "used", "budget", "bcov", "osort"}) buyer_fields += std::strcmp(field.link_key, key) == 0;
  }
  CHECK(member_count<BuyerView>() == buyer_fields);
  CHECK(member_count<ViewState>() == covered_members("") - buyer_fields + 1 + section_count());
  CHECK(member_count<MetricWeight>() == 2);  // metric + weight: operator== compares both
}

TEST_CASE("every field of the table is seen by ==, the JSON, the link and the saved state") {
  const ViewState defaults;
  const json default_json = view_state_to_json(defaults);
  for (const ViewField& field : view_fields()) {
    CAPTURE(field.link_key, field.name);
    ViewState changed;
    change(field, changed);
    CHECK_FALSE(changed == defaults);
    CHECK_FALSE(field_equal(field, changed, defaults));
    for (const ViewField& other : view_fields()) {
      if (&other != &field && std::strcmp(other.name, "sort_descending") != 0 && other.kind != FieldKind::sort_column) {
        CHECK(field_equal(other, changed, defaults));  // the change touched only this field
      }
    }
    const json changed_json = view_state_to_json(changed);
    CHECK(changed_json != default_json);
    const std::string link = encode_link(changed);
    CHECK(link != "v=2");
    const LinkDecode from_link = decode_link(link, defaults, nullptr);
    CHECK(from_link.notices.empty());
    CHECK(from_link.state == changed);
    const LinkDecode from_json = view_state_from_json(changed_json, defaults, nullptr);
    CHECK(from_json.notices.empty());
    CHECK(from_json.state == changed);
  }
}

TEST_CASE("every field has a label, and every number its range in the table") {
  for (const ViewField& field : view_fields()) {
    CAPTURE(field.link_key);
    CHECK(*field.label);
    if (field.kind == FieldKind::number || field.kind == FieldKind::whole || field.kind == FieldKind::optional_number) {
      CHECK(field.range.min <= field.range.max);
      ViewState defaults;
      CHECK_FALSE(clamp_field(field, defaults));  // the default is in range
    }
  }
}

TEST_CASE("link keys and CLI flags are unique per section") {
  for (const ViewField& a : view_fields()) {
    for (const ViewField& b : view_fields()) {
      if (&a == &b) continue;
      if (a.kind != FieldKind::sort_descending && b.kind != FieldKind::sort_descending) {
        CHECK(std::string(a.link_key) != b.link_key);
      }
      if (*a.cli_flag && !std::strcmp(a.section, b.section)) CHECK(std::string(a.cli_flag) != b.cli_flag);
    }
  }
}

TEST_CASE("clamp_view_state brings every number into the table's range") {
  ViewState s;
  s.roi.hours_per_day = 30;
  s.roi.months = 0;
  s.roi.price_usd = -5;
  s.catalog.min_vram_gb = 1e12;
  s.catalog.year_min = 1500;
  s.cny_per_usd = 0.001;
  s.fit.params_b = std::nan("");
  clamp_view_state(s);
  CHECK(s.roi.hours_per_day == 24);
  CHECK(s.roi.months == 1);
  CHECK(s.roi.price_usd == 0.0);
  CHECK(s.catalog.min_vram_gb == 10000);
  CHECK(s.catalog.year_min == 1990);
  CHECK(s.cny_per_usd == 0.01);
  CHECK(s.fit.params_b == ViewState{}.fit.params_b);  // NaN: the default
  ViewState in_range;
  in_range.catalog.year_min = 0;  // 0 is "no bound", allowed
  clamp_view_state(in_range);
  CHECK(in_range == ViewState{});
}

TEST_CASE("the CLI and links read a number with one parser and refuse alike") {
  ViewState s;
  const auto problem = apply_cli_value(view_field("roi.price"), "0x10", s);
  REQUIRE(problem);
  CHECK(problem->text() == "'--price' must be a number from 0 to 10000000 (got '0x10')");
  CHECK_FALSE(s.roi.price_usd);
  const LinkDecode link = decode_link("roi.price=0x10", ViewState{}, nullptr);
  REQUIRE(link.notices.size() == 1);
  CHECK(link.notices[0] == "'roi.price' must be empty or a number from 0 to 10000000; kept none");
  // Both say "a number from 0 to 10000000": the same phrase, from the same range.
  CHECK(link.notice_texts[0].nested.at(1).nested.at(0).pattern == problem->nested.at(1).pattern);

  CHECK_FALSE(apply_cli_value(view_field("roi.price"), "1599", s));
  CHECK(s.roi.price_usd == 1599.0);
  CHECK(apply_cli_value(view_field("roi.months"), "1.5", s)->text() ==
        "'--months' must be a whole number from 1 to 120 (got '1.5')");
  CHECK(apply_cli_value(view_field("fit.prec"), "fp12", s)->text() ==
        "'--precision' must be one of fp32, bf16, fp16, int8, int4 (got 'fp12')");
  CHECK(s.roi.months == 36);
  CHECK_FALSE(apply_cli_value(view_field("rank.vendor"), "NVIDIA,AMD", s));
  CHECK(s.ranking.vendors == std::vector<std::string>{"NVIDIA", "AMD"});
  CHECK(apply_cli_value(view_field("rank.vendor"), "NVIDIA,,AMD", s)->text() == "dropped an empty value from '--vendor'");
  CHECK(find_field_by_cli_flag("--count", {"roi"}) == &view_field("roi.n"));
  CHECK(find_field_by_cli_flag("--count", {"fit"}) == nullptr);
}

TEST_CASE("a version a link or a flag accepts is one the compatibility data can read") {
  // One rule (catalog/compat.h is_version) for links, flags and cuda.json: a link cannot
  // carry a version that compare_versions() and the CUDA/PyTorch checks would refuse.
  const std::vector<std::string> candidates = {"12",      "12.1",    "1.13.1", "2.10",  "0",      "123456",
                                               "1234567", "12.1234567", "12.",  ".1",    "1..2",   "12.x",
                                               "v12",     "12-1",    "",       "12.1.2.3"};
  for (const std::string& version : candidates) {
    ViewState s;
    const bool link_accepts = decode_link("rank.cuda=" + version, ViewState{}, nullptr).notices.empty();
    const bool flag_accepts = !apply_cli_value(view_field("rank.cuda"), version, s);
    CAPTURE(version);
    CHECK(flag_accepts == link_accepts);
    if (!version.empty()) CHECK(link_accepts == is_version(version));  // "" is "any version"
  }
  ViewState s;
  CHECK(apply_cli_value(view_field("rank.cuda"), "1234567", s));  // 7 digits: not an int part for compat
}

TEST_CASE("link notices are patterns the page translates, nested phrases too") {
  const LinkDecode d = decode_link("roi.hpd=99&foo=1", ViewState{}, nullptr);
  REQUIRE(d.notice_texts.size() == 2);
  CHECK(d.notice_texts[0].pattern == "'{0}' must be {1}; kept {2}");
  CHECK(d.notice_texts[0].text() == d.notices[0]);
  // A stand-in translation: every pattern in capitals, placeholders kept.
  static std::string store[8];
  static int next = 0;
  auto shout = [](const char* english) -> const char* {
    std::string& out = store[next++ % 8];
    out = english;
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out.c_str();
  };
  CHECK(render_template(d.notice_texts[0], shout) == "'roi.hpd' MUST BE A NUMBER FROM 0 TO 24; KEPT 8");
  CHECK(render_template(d.notice_texts[1], shout) == "IGNORED UNKNOWN KEY 'foo'");
  const LinkDecode saved = view_state_from_json(json{{"roi", {{"price_usd", "x"}}}}, ViewState{}, nullptr);
  REQUIRE(saved.notice_texts.size() == 1);
  CHECK(render_template(saved.notice_texts[0], shout) ==
        "'roi.price_usd' MUST BE NULL OR A NUMBER FROM 0 TO 10000000; KEPT NONE");
}
