// The saved state: view_state_from_json is the exact inverse of view_state_to_json and
// reads damaged or foreign JSON as far as it can, with one notice per problem.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "view/state_json.h"
#include "view/notices.h"  // Notices::kMax
#include "view/view_fields.h"
#include "view_state_samples.h"

using namespace gpuwise;
using gpuwise::test::one_field_changes;
using gpuwise::test::shipped_card_ids;

namespace {

LinkDecode from_json(const json& j, const ViewState& defaults = ViewState{}) {
  return view_state_from_json(j, defaults, &shipped_card_ids());
}

LinkDecode from_text(const std::string& text, const ViewState& defaults = ViewState{}) {
  const ParsedJson parsed = parse_json(text);
  REQUIRE(parsed.ok());
  return from_json(parsed.value, defaults);
}

bool has_notice(const LinkDecode& d, const std::string& words) {
  for (const auto& notice : d.notices) {
    if (notice.find(words) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("state JSON: the defaults round-trip with no notices") {
  const LinkDecode d = from_json(view_state_to_json(ViewState{}));
  CHECK(d.state == ViewState{});
  CHECK(d.notices.empty());
}

TEST_CASE("state JSON: every field round-trips on its own and all together") {
  for (const auto& change : one_field_changes()) {
    INFO("field " << change.first);
    ViewState state;
    change.second(state);
    REQUIRE(state != ViewState{});
    const LinkDecode d = from_json(view_state_to_json(state));
    CHECK(d.state == state);
    CHECK(d.notices.empty());
  }
  const ViewState all = gpuwise::test::all_fields_changed();
  const LinkDecode d = from_json(view_state_to_json(all));
  CHECK(d.state == all);
  CHECK(d.notices.empty());
}

TEST_CASE("state JSON: a round trip through text (what localStorage holds) is exact") {
  ViewState state = gpuwise::test::all_fields_changed();
  state.fit.params_b = 0.1 + 0.2;  // 0.30000000000000004: needs all 17 digits
  const LinkDecode d = from_text(dump_json(view_state_to_json(state)));
  CHECK(d.state == state);
}

TEST_CASE("state JSON: missing fields keep the defaults silently") {
  ViewState saved;
  saved.theme = "dark";
  const LinkDecode d = from_text(R"({"language": "zh", "roi": {"months": 48}})", saved);
  CHECK(d.state.language == "zh");
  CHECK(d.state.roi.months == 48);
  CHECK(d.state.theme == "dark");
  CHECK(d.state.roi.hours_per_day == 8);
  CHECK(d.notices.empty());
}

TEST_CASE("state JSON: a wrong type or range keeps the default and names the field") {
  LinkDecode d = from_text(R"({"roi": {"hours_per_day": "8", "months": 0}, "fit": {"batch_size": 2.5}})");
  CHECK(d.state == ViewState{});
  REQUIRE(d.notices.size() == 3);
  CHECK(d.notices[0] == "'fit.batch_size' must be a whole number from 1 to 1024; kept 1");
  CHECK(d.notices[1] == "'roi.hours_per_day' must be a number from 0 to 24; kept 8");
  CHECK(d.notices[2] == "'roi.months' must be a whole number from 1 to 120; kept 36");

  d = from_text(R"({"language": "fr", "tab": 3, "ranking": {"fits_model": 1}})");
  CHECK(d.state == ViewState{});
  CHECK(has_notice(d, "'language' must be en or zh; kept en"));
  CHECK(has_notice(d, "'tab' must be one of ask, catalog,"));
  CHECK(has_notice(d, "'ranking.fits_model' must be true or false; kept false"));
}

TEST_CASE("state JSON: NaN and infinity from a program are refused") {
  json j = view_state_to_json(ViewState{});
  j["roi"]["hours_per_day"] = std::numeric_limits<double>::quiet_NaN();
  j["fit"]["params_b"] = std::numeric_limits<double>::infinity();
  j["roi"]["price_usd"] = -std::numeric_limits<double>::infinity();
  j["v"] = std::numeric_limits<double>::quiet_NaN();
  const LinkDecode d = from_json(j);
  CHECK(d.state == ViewState{});
  CHECK(d.notices.size() == 4);
  CHECK(has_notice(d, "'roi.price_usd' must be null or a number from 0 to 10000000; kept none"));
}

TEST_CASE("state JSON: unknown keys and sections that are not objects") {
  const LinkDecode d = from_text(R"({"foo": 1, "catalog": {"bar": 2, "search": "3090"}, "roi": 5})");
  CHECK(d.state.catalog.search == "3090");
  REQUIRE(d.notices.size() == 3);
  // nlohmann keeps object keys sorted, so the notices come in key order.
  CHECK(d.notices[0] == "ignored unknown key 'catalog.bar'");
  CHECK(d.notices[1] == "ignored unknown key 'foo'");
  CHECK(d.notices[2] == "'roi' must be an object; kept its defaults");
}

TEST_CASE("state JSON: not an object at all gives the defaults") {
  ViewState saved;
  saved.language = "zh";
  for (const char* text : {"[]", "null", "42", "\"state\""}) {
    INFO(text);
    const LinkDecode d = from_text(text, saved);
    CHECK(d.state == saved);
    REQUIRE(d.notices.size() == 1);
    CHECK(d.notices[0] == "the state is not a JSON object; used the defaults");
  }
}

TEST_CASE("state JSON: hidden columns and overrides distinguish null from a value") {
  ViewState saved;
  saved.catalog.hidden_columns = {"vram_gb"};
  saved.catalog.hidden_columns_set = true;
  saved.roi.price_usd = 1000;
  LinkDecode d = from_text(R"({"catalog": {"hidden_columns": null}, "roi": {"price_usd": null}})", saved);
  CHECK_FALSE(d.state.catalog.hidden_columns_set);
  CHECK(d.state.catalog.hidden_columns.empty());
  CHECK_FALSE(d.state.roi.price_usd.has_value());

  d = from_text(R"({"catalog": {"hidden_columns": []}, "roi": {"price_usd": 0}})");
  CHECK(d.state.catalog.hidden_columns_set);  // set, and empty: show every column
  CHECK(d.state.roi.price_usd == 0.0);        // 0 is a price, not "absent"
  CHECK(d.notices.empty());

  d = from_text(R"({"catalog": {"hidden_columns": "vram_gb"}})");
  CHECK(d.notices.at(0) == "'catalog.hidden_columns' must be null or a list of column keys; kept the default");
}

TEST_CASE("state JSON: lists drop the items that are not valid") {
  const LinkDecode d = from_text(
      R"({"compare_ids": ["rtx-3090", 5, "rtx-9999", "rtx-3090"],
          "ranking": {"custom_weights": [{"metric": "fp32_tflops", "weight": 2}, {"metric": "vram_gb"},
                                         "fp32_tflops", {"metric": "vram_gb", "weight": 1}]}})");
  CHECK(d.state.compare_ids == std::vector<std::string>{"rtx-3090"});
  CHECK(d.state.ranking.custom_weights ==
        std::vector<MetricWeight>{{"fp32_tflops", 2}, {"vram_gb", 1}});
  CHECK(has_notice(d, "dropped '5' from 'compare_ids': not text"));
  CHECK(has_notice(d, "dropped unknown card 'rtx-9999' from 'compare_ids'"));
  CHECK(has_notice(d, "dropped repeated 'rtx-3090' from 'compare_ids'"));
  CHECK(has_notice(d, "dropped weight '{\"metric\":\"vram_gb\"}' from 'ranking.custom_weights'"));
  CHECK(has_notice(d, "dropped weight '\"fp32_tflops\"' from 'ranking.custom_weights'"));
  CHECK(d.notices.size() == 5);
}

TEST_CASE("state JSON: versions") {
  LinkDecode d = from_text(R"({"v": 3, "language": "zh", "shiny": true, "catalog": {"new": 1}})");
  CHECK(d.state.language == "zh");
  REQUIRE(d.notices.size() == 1);
  CHECK(d.notices[0] == "this state is from a newer version of gpuwise (v=3); some settings may be missing");

  d = from_text(R"({"v": "1", "language": "zh"})");
  CHECK(d.state.language == "zh");
  CHECK(d.notices.at(0) == "'v' must be a whole number like 1; read the state as v=1");
  CHECK(from_text(R"({"language": "zh"})").notices.empty());  // no v: v=1
}

TEST_CASE("state JSON: text is capped and cleaned like in a link") {
  json j = view_state_to_json(ViewState{});
  j["catalog"]["search"] = std::string(500, 'x');
  j["catalog"]["vendors"] = json::array({"NVI\x01" "DIA"});
  const LinkDecode d = from_json(j);
  CHECK(d.state.catalog.search.size() == 200);
  CHECK(d.state.catalog.vendors == std::vector<std::string>{"NVIDIA"});  // the control byte is dropped
  CHECK(has_notice(d, "'catalog.search' was longer than 200 characters; cut it"));
  CHECK(has_notice(d, "'catalog.vendors' had invalid characters; replaced them"));
}

TEST_CASE("state JSON: any junk in any field gives a state whose link and JSON read back cleanly") {
  const json good = view_state_to_json(gpuwise::test::all_fields_changed());
  std::vector<std::pair<std::string, std::string>> paths;  // section ("" top level), name
  for (const auto& item : good.items()) {
    if (item.value().is_object()) {
      for (const auto& inner : item.value().items()) paths.push_back({item.key(), inner.key()});
    } else {
      paths.push_back({"", item.key()});
    }
  }
  const std::vector<json> junk = {nullptr, true, -1, 0, 1e300, -1e-300, 4294967297.0, "", "zh", "rtx-9999",
                                  std::string(300, 'q'), "\xff", json::array(), json::array({1, "a", nullptr}),
                                  json::object(), json::array({json::object({{"metric", 5}})}), 2.5};
  std::mt19937 random(777);
  auto pick = [&random](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  for (int round = 0; round < 1000; ++round) {
    json j = good;
    for (std::size_t k = 1 + pick(6); k > 0; --k) {
      const auto& path = paths[pick(paths.size())];
      json& slot = path.first.empty() ? j[path.second] : j[path.first][path.second];
      slot = junk[pick(junk.size())];
    }
    const LinkDecode d = from_json(j);
    std::string problems;
    if (d.notices.size() > static_cast<std::size_t>(Notices::kMax) + 1) problems += "too many notices ";
    const LinkDecode again = from_json(view_state_to_json(d.state));
    if (!(again.state == d.state) || !again.notices.empty()) problems += "JSON round trip ";
    const LinkDecode link = decode_link(encode_link(d.state), ViewState{}, &shipped_card_ids());
    if (!(link.state == d.state) || !link.notices.empty()) problems += "link round trip ";
    if (!problems.empty()) FAIL_CHECK("round " << round << ": " << problems << "for " << dump_json(j));
  }
}
