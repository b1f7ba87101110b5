// The share link: every field survives encode -> decode, the default view is "v=1",
// and every kind of bad link is read as far as possible with one notice per problem.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "view/share_link.h"
#include "view/state_json.h"
#include "view/view_fields.h"
#include "view_state_samples.h"

using namespace gpuwise;
using gpuwise::test::one_field_changes;
using gpuwise::test::shipped_card_ids;

namespace {

LinkDecode decode(std::string_view fragment, const ViewState& defaults = ViewState{}) {
  return decode_link(fragment, defaults, &shipped_card_ids());
}

bool has_notice(const LinkDecode& d, const std::string& words) {
  for (const auto& notice : d.notices) {
    if (notice.find(words) != std::string::npos) return true;
  }
  return false;
}

std::string all_notices(const LinkDecode& d) {
  std::string out;
  for (const auto& notice : d.notices) out += notice + "\n";
  return out;
}

bool is_clean_utf8(std::string text) { return !clean_utf8(text); }

int code_points(const std::string& text) {
  int n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// What in the state is outside what its link key accepts; empty when all is valid.
// (A string, not CHECKs, so the fuzz loop below stays fast under wasm.)
std::string invalid_fields(const ViewState& state) {
  ViewState s = state;
  std::string out;
  auto require = [&out](bool ok, const char* key) {
    if (!ok) out += std::string(key) + " ";
  };
  for (const ViewField& field : view_fields()) {
    switch (field.kind) {
      case FieldKind::number: require(field.range.contains(field.number(s)), field.link_key); break;
      case FieldKind::whole: require(field.range.contains(field.whole(s)), field.link_key); break;
      case FieldKind::optional_number: {
        const auto& value = field.optional_number(s);
        require(!value || field.range.contains(*value), field.link_key);
        break;
      }
      case FieldKind::text:
      case FieldKind::sort_column:
        require(is_clean_utf8(field.text(s)) && code_points(field.text(s)) <= field.max_chars, field.link_key);
        break;
      case FieldKind::list:
      case FieldKind::hidden_columns:
        require(static_cast<int>(field.list(s).size()) <= field.max_count, field.link_key);
        for (const auto& value : field.list(s)) {
          require(is_clean_utf8(value) && code_points(value) <= field.max_chars, field.link_key);
        }
        break;
      case FieldKind::weights:
        require(static_cast<int>(s.ranking.custom_weights.size()) <= field.max_count, field.link_key);
        for (const auto& w : s.ranking.custom_weights) require(field.range.contains(w.weight), field.link_key);
        break;
      case FieldKind::tab:
        require(static_cast<int>(s.tab) >= 0 && static_cast<int>(s.tab) < kTabCount, field.link_key);
        break;
      case FieldKind::flag:
      case FieldKind::sort_descending:
        break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the default view encodes to v=2 and decodes back with no notices") {
  CHECK(encode_link(ViewState{}) == "v=2");
  const LinkDecode d = decode("v=2");
  CHECK(d.state == ViewState{});
  CHECK(d.state.tab == Tab::ask);
  CHECK(d.notices.empty());
}

// Issue 30: v=1 links were made when the catalog was the first view and omit tab= for it.
TEST_CASE("a v=1 link without tab opens the catalog, one with tab or v=2 opens as written") {
  CHECK(decode("v=1").state.tab == Tab::catalog);
  CHECK(decode("v=1&q=3090").state.tab == Tab::catalog);
  CHECK(decode("q=3090").state.tab == Tab::catalog);  // no v: v=1
  CHECK(decode("v=1&tab=speed").state.tab == Tab::speed);
  CHECK(decode("v=2&q=3090").state.tab == Tab::ask);
  CHECK(decode("v=2&tab=catalog").state.tab == Tab::catalog);
  ViewState saved;
  saved.tab = Tab::roi;
  CHECK(decode("&&", saved).state.tab == Tab::roi);  // no setting: nothing changes
}

TEST_CASE("every field survives a link on its own") {
  for (const auto& change : one_field_changes()) {
    INFO("field " << change.first);
    ViewState state;
    change.second(state);
    REQUIRE(state != ViewState{});  // the change is real
    const std::string link = encode_link(state);
    INFO("link " << link);
    CHECK(link != "v=2");
    const LinkDecode d = decode(link);
    CHECK(d.state == state);
    CHECK(all_notices(d) == "");
  }
}

TEST_CASE("every field survives a link together with all the others") {
  const ViewState state = gpuwise::test::all_fields_changed();
  const LinkDecode d = decode(encode_link(state));
  CHECK(d.state == state);
  CHECK(all_notices(d) == "");
}

TEST_CASE("every link key is written by some change (the samples cover the table)") {
  std::string links;
  for (const auto& change : one_field_changes()) {
    ViewState state;
    change.second(state);
    links += "&" + encode_link(state) + "&";
  }
  for (const ViewField& field : view_fields()) {
    INFO("key " << field.link_key);
    CHECK(links.find("&" + std::string(field.link_key) + "=") != std::string::npos);
  }
}

TEST_CASE("a link lists only the changed fields, in table order, with readable keys") {
  ViewState s;
  s.tab = Tab::ranking;
  s.language = "zh";
  s.currency = "CNY";
  s.catalog.search = "3090";
  s.catalog.sort_column = "fp32_tflops";  // descending is the default: "-" in front
  s.ranking.profile = "custom";
  s.ranking.custom_weights = {{"fp32_tflops", 2}, {"memory_bandwidth_gbs", 1}};
  s.compare_ids = {"rtx-3090", "a100-sxm4-80gb"};
  s.fit.params_b = 70.6;
  s.roi.gpu_id = "h100-sxm5";
  s.roi.hours_per_day = 24;
  CHECK(encode_link(s) ==
        "v=2&tab=ranking&lang=zh&cur=CNY&q=3090&sort=-fp32_tflops&profile=custom"
        "&w=fp32_tflops:2,memory_bandwidth_gbs:1&cmp=rtx-3090,a100-sxm4-80gb&fit.p=70.6"
        "&roi.gpu=h100-sxm5&roi.hpd=24");
}

TEST_CASE("ascending sort, hidden columns and absent overrides have their own spelling") {
  ViewState s;
  s.catalog.sort_descending = false;  // release_year ascending: no '-'
  s.catalog.hidden_columns_set = true;  // set, empty: show every column
  CHECK(encode_link(s) == "v=2&sort=release_year&cat.hide=");

  ViewState saved;
  saved.roi.price_usd = 1000;
  const LinkDecode d = decode("v=1&roi.price=", saved);  // empty: back to the figure from data
  CHECK_FALSE(d.state.roi.price_usd.has_value());
  CHECK(d.notices.empty());
}

TEST_CASE("numbers are written in their shortest exact form") {
  CHECK(shortest_number(8.03) == "8.03");
  CHECK(shortest_number(24) == "24");
  CHECK(shortest_number(70.6) == "70.6");
  CHECK(shortest_number(0.15) == "0.15");
  CHECK(shortest_number(-0.0) == "0");
  CHECK(shortest_number(1e-7) == "1e-7");      // %g gives "1e-07"; the zero is dropped
  CHECK(shortest_number(1.5e20) == "1.5e20");  // no '+': it would read as a space
  CHECK(shortest_number(0.1 + 0.2) == "0.30000000000000004");  // 17 digits when needed
  CHECK(shortest_number(10e6) == "10000000");

  std::mt19937_64 random(20240601);
  std::uniform_real_distribution<double> exponent(-8, 9);
  for (int i = 0; i < 2000; ++i) {
    const double value = std::pow(10.0, exponent(random)) * (i % 2 ? 1 : -1);
    const std::string text = shortest_number(value);
    INFO(text);
    REQUIRE(read_number(text).has_value());
    CHECK(*read_number(text) == value);
    CHECK(text.find('+') == std::string::npos);
  }
}

TEST_CASE("numbers are read strictly") {
  CHECK(read_number("70.6") == 70.6);
  CHECK(read_number("-1") == -1.0);
  CHECK(read_number("1e3") == 1000.0);
  CHECK(read_number(".5") == 0.5);
  CHECK(read_number("5.") == 5.0);
  for (const char* bad : {"", "-", ".", "e3", "1e", "1e+", "inf", "nan", "NaN", "0x10", " 1", "1 ", "1,5", "1e999",
                          "--1", "+1"}) {
    INFO(bad);
    CHECK_FALSE(read_number(bad).has_value());
  }
}

TEST_CASE("values are percent-encoded: UTF-8 search text, separators inside values") {
  ViewState s;
  s.catalog.search = "显卡 3090";  // U+663E U+5361: E6 98 BE, E5 8D A1 in UTF-8
  CHECK(encode_link(s) == "v=2&q=%E6%98%BE%E5%8D%A1%203090");
  CHECK(decode(encode_link(s)).state.catalog.search == "显卡 3090");

  s.catalog.search = "a+b&c=d#e%f";
  s.catalog.vendors = {"A,B", "C:D", "E&F"};
  const std::string link = encode_link(s);
  CHECK(link == "v=2&q=a%2Bb%26c%3Dd%23e%25f&cat.vendor=A%2CB,C%3AD,E%26F");
  const LinkDecode d = decode(link);
  CHECK(d.state == s);
  CHECK(d.notices.empty());
}

TEST_CASE("a hand-typed link: '+' is a space, lower-case escapes, no v, leading '#' or a whole URL") {
  CHECK(decode("q=rtx+3090").state.catalog.search == "rtx 3090");
  CHECK(decode("q=%e6%98%be").state.catalog.search == "显");
  const LinkDecode no_version = decode("lang=zh");
  CHECK(no_version.state.language == "zh");
  CHECK(no_version.notices.empty());  // a missing v reads as v=1, silently
  CHECK(decode("#v=1&lang=zh").state.language == "zh");
  const LinkDecode url = decode("https://example.github.io/gpuwise/#v=1&tab=roi&roi.n=2");
  CHECK(url.state.tab == Tab::roi);
  CHECK(url.state.roi.gpu_count == 2);
  CHECK(url.notices.empty());
}

TEST_CASE("an empty link is the defaults, with no notices") {
  ViewState saved;
  saved.language = "zh";
  saved.roi.hours_per_day = 12;
  for (const char* empty : {"", "#", "&&&"}) {
    INFO(empty);
    const LinkDecode d = decode(empty, saved);
    CHECK(d.state == saved);
    CHECK(d.notices.empty());
  }
}

TEST_CASE("decoding applies the link over the caller's defaults") {
  ViewState saved;
  saved.language = "zh";
  saved.theme = "dark";
  const LinkDecode d = decode("v=1&tab=compare&theme=light", saved);
  CHECK(d.state.tab == Tab::compare);
  CHECK(d.state.theme == "light");
  CHECK(d.state.language == "zh");  // not in the link: the saved choice stays
}

TEST_CASE("an unknown key is ignored with one notice") {
  const LinkDecode d = decode("v=1&foo=bar&lang=zh");
  CHECK(d.state.language == "zh");
  REQUIRE(d.notices.size() == 1);
  CHECK(d.notices[0] == "ignored unknown key 'foo'");
}

TEST_CASE("a value out of range keeps the default and says which range") {
  const LinkDecode d = decode("v=1&roi.hpd=25");
  CHECK(d.state.roi.hours_per_day == 8);
  REQUIRE(d.notices.size() == 1);
  CHECK(d.notices[0] == "'roi.hpd' must be a number from 0 to 24; kept 8");

  ViewState saved;
  saved.roi.hours_per_day = 6;
  CHECK(decode("roi.hpd=-1", saved).notices[0] == "'roi.hpd' must be a number from 0 to 24; kept 6");
  CHECK(decode("fit.batch=1.5").notices[0] == "'fit.batch' must be a whole number from 1 to 1024; kept 1");
  CHECK(decode("fit.batch=2.0").state.fit.batch_size == 2);  // a whole number, however written
  CHECK(decode("cat.ymin=1980").notices[0] == "'cat.ymin' must be 0 or a whole number from 1990 to 2100; kept 0");
  CHECK(decode("cat.ymin=0").notices.empty());
  CHECK(decode("roi.price=-5").notices[0] == "'roi.price' must be empty or a number from 0 to 10000000; kept none");
}

TEST_CASE("numbers that are not numbers keep the default") {
  for (const char* bad : {"abc", "1e999", "-1e999", "NaN", "nan", "inf", "Infinity", "0x10", "", "1,5", "24h",
                          "99999999999999999999999999"}) {
    INFO(bad);
    const LinkDecode d = decode(std::string("roi.hpd=") + bad);
    CHECK(d.state.roi.hours_per_day == 8);
    CHECK(d.notices.size() == 1);
  }
  const LinkDecode huge = decode("fit.ctx=1e300&roi.months=4294967297");
  CHECK(huge.state.fit.context == 8192);
  CHECK(huge.state.roi.months == 36);
  CHECK(huge.notices.size() == 2);
}

TEST_CASE("a word outside its choices keeps the default") {
  CHECK(decode("lang=fr").notices.at(0) == "'lang' must be en or zh; kept en");
  CHECK(decode("cur=GBP").notices.at(0) == "'cur' must be one of auto, USD, EUR, CNY; kept auto");
  // The market and the budget (issue 28): an unknown market or a negative budget is said
  // and changes nothing else.
  CHECK(decode("mkt=jp").notices.at(0) == "'mkt' must be one of us, eu, cn; kept us");
  const LinkDecode bad_budget = decode("budget=-5&mkt=eu");
  CHECK(bad_budget.notices.at(0) == "'budget' must be 0 or a number from 1 to 1000000000; kept 0");
  CHECK(bad_budget.state.buyer.budget_usd == 0);
  CHECK(bad_budget.state.buyer.market == "eu");
  CHECK(decode("bcov=gpus").notices.at(0) == "'bcov' must be machine or cards; kept machine");
  CHECK(decode("theme=blue").notices.at(0) == "'theme' must be one of auto, light, dark; kept auto");
  CHECK(decode("tab=settings").notices.at(0) ==
        "'tab' must be one of ask, catalog, ranking, compare, advisor, speed, image, roi, about; kept catalog");
  CHECK(decode("v=2&tab=settings").notices.at(0) ==
        "'tab' must be one of ask, catalog, ranking, compare, advisor, speed, image, roi, about; kept ask");
  CHECK(has_notice(decode("profile=gaming"), "'profile' must be one of cnn, rnn,"));
  CHECK(decode("fit.prec=fp8").state.fit.precision == "bf16");
  CHECK(decode("fit.mode=qlora").state.fit.mode == "inference");
  CHECK(decode("fit.model=gpt-5").state.fit.preset == "llama-3-8b");
  CHECK(decode("fit.model=custom").state.fit.preset == "custom");
  CHECK(decode("rank.fits=yes").notices.at(0) == "'rank.fits' must be 0 or 1; kept 0");
  CHECK(decode("rank.cuda=12.x").state.ranking.cuda.empty());
  CHECK(decode("metric=hashrate").notices.at(0) == "'metric' must be a metric key like fp32_tflops or empty; kept (empty)");
  CHECK(decode("lang=ZH").state.language == "en");  // exact words only
}

TEST_CASE("unknown cards are dropped, ids are only checked when the catalog is known") {
  LinkDecode d = decode("cmp=rtx-3090,rtx-9999,a100-sxm4-80gb");
  CHECK(d.state.compare_ids == std::vector<std::string>{"rtx-3090", "a100-sxm4-80gb"});
  REQUIRE(d.notices.size() == 1);
  CHECK(d.notices[0] == "dropped unknown card 'rtx-9999' from 'cmp'");

  d = decode_link("cmp=rtx-3090,rtx-9999", ViewState{}, nullptr);  // no catalog: keep the id
  CHECK(d.state.compare_ids.size() == 2);
  CHECK(d.notices.empty());

  d = decode("roi.gpu=rtx-9999&sel=rtx-9999&adv.gpu=h100-sxm5");
  CHECK(d.state.roi.gpu_id == "rtx-4090");
  CHECK(d.state.catalog.selected_id.empty());
  CHECK(d.state.advisor.gpu_id == "h100-sxm5");
  CHECK(d.notices.size() == 2);
  CHECK(has_notice(d, "dropped unknown card 'rtx-9999' from 'roi.gpu'"));

  d = decode_link("cmp=RTX 3090,rtx-3090&roi.gpu=", ViewState{}, nullptr);  // not id-shaped
  CHECK(d.state.compare_ids == std::vector<std::string>{"rtx-3090"});
  CHECK(has_notice(d, "dropped 'RTX 3090' from 'cmp': not a card id"));
  CHECK(has_notice(d, "'roi.gpu' must be a card id like rtx-3090; kept rtx-4090"));
}

TEST_CASE("lists are capped and repeats dropped") {
  const LinkDecode d = decode("cmp=rtx-3090,rtx-4090,rtx-3090,a100-sxm4-80gb,h100-sxm5,l4,t4-not-a-card");
  CHECK(d.state.compare_ids == std::vector<std::string>{"rtx-3090", "rtx-4090", "a100-sxm4-80gb", "h100-sxm5"});
  CHECK(has_notice(d, "dropped repeated 'rtx-3090' from 'cmp'"));
  CHECK(has_notice(d, "'cmp' has more than 4 cards; kept the first 4"));

  std::string vendors = "cat.vendor=";
  for (int i = 0; i < 40; ++i) vendors += (i ? ",v" : "v") + std::to_string(i);
  const LinkDecode many = decode(vendors);
  CHECK(many.state.catalog.vendors.size() == 32);
  CHECK(many.state.catalog.vendors.back() == "v31");
  CHECK(has_notice(many, "'cat.vendor' has more than 32 values; kept the first 32"));

  CHECK(decode("cat.vendor=NVIDIA,,AMD").state.catalog.vendors == std::vector<std::string>{"NVIDIA", "AMD"});
}

TEST_CASE("weights: each entry is checked on its own") {
  const LinkDecode d = decode("profile=custom&w=fp32_tflops:2,hashrate:1,vram_gb:abc,memory_bandwidth_gbs,tdp_w:101");
  REQUIRE(d.state.ranking.custom_weights.size() == 1);
  CHECK(d.state.ranking.custom_weights[0] == MetricWeight{"fp32_tflops", 2});
  CHECK(d.notices.size() == 4);
  CHECK(has_notice(d, "dropped unknown metric 'hashrate' from 'w'"));
  CHECK(has_notice(d, "dropped weight 'vram_gb:abc' from 'w'"));
  CHECK(has_notice(d, "dropped weight 'tdp_w:101' from 'w': not a metric key with a weight from 0 to 100"));
  CHECK(decode("w=").state.ranking.custom_weights.empty());
}

TEST_CASE("sort and hidden columns take only catalog columns") {
  LinkDecode d = decode("sort=-hashrate");
  CHECK(d.state.catalog.sort_column == "release_year");
  CHECK(d.state.catalog.sort_descending);  // neither half of a bad sort applies
  CHECK(d.notices.at(0) == "'sort' must be a column key like fp32_tflops; kept -release_year");
  d = decode("sort=vram_gb");
  CHECK(d.state.catalog.sort_column == "vram_gb");
  CHECK_FALSE(d.state.catalog.sort_descending);
  d = decode("cat.hide=vram_gb,hashrate");
  CHECK(d.state.catalog.hidden_columns_set);
  CHECK(d.state.catalog.hidden_columns == std::vector<std::string>{"vram_gb"});
  CHECK(has_notice(d, "dropped unknown column 'hashrate' from 'cat.hide'"));
}

TEST_CASE("text is capped, cleaned of invalid UTF-8, and broken escapes read as typed") {
  LinkDecode d = decode("q=" + std::string(300, 'a'));
  CHECK(d.state.catalog.search == std::string(200, 'a'));
  CHECK(d.notices.at(0) == "'q' was longer than 200 characters; cut it");

  std::string chinese = "q=" + std::string(150, 'a');
  for (int i = 0; i < 60; ++i) chinese += "%E6%98%BE";  // 60 three-byte characters
  d = decode(chinese);
  CHECK(code_points(d.state.catalog.search) == 200);  // counted in characters, not bytes
  CHECK(d.state.catalog.search.size() == 150 + 50 * 3);
  CHECK(is_clean_utf8(d.state.catalog.search));

  d = decode("q=%FF%FEab%C0%80%ED%A0%80c%00d");  // bad bytes, an overlong, a surrogate, a NUL
  CHECK(is_clean_utf8(d.state.catalog.search));
  CHECK(d.state.catalog.search.find("ab") != std::string::npos);
  CHECK(d.state.catalog.search.find('\0') == std::string::npos);
  CHECK(d.notices.at(0) == "'q' had invalid characters; replaced them");

  d = decode("q=100%");
  CHECK(d.state.catalog.search == "100%");
  CHECK(d.notices.at(0) == "'q' has a broken %-escape; read it as typed");
  CHECK(decode("q=%4").state.catalog.search == "%4");
  CHECK(decode("q=%zz").state.catalog.search == "%zz");
}

TEST_CASE("a key given twice: the last one wins, with a notice") {
  const LinkDecode d = decode("q=a&lang=fr&q=b&lang=zh");
  CHECK(d.state.catalog.search == "b");
  CHECK(d.state.language == "zh");  // the bad first lang is not even read
  CHECK(d.notices.size() == 2);
  CHECK(has_notice(d, "'q' was given more than once; used the last one"));
}

TEST_CASE("versions: newer links are read as far as possible") {
  LinkDecode d = decode("v=3&lang=zh&newfeature=1&roi.hpd=99");
  CHECK(d.state.language == "zh");
  REQUIRE(d.notices.size() == 2);  // the version, and the bad value; unknown keys are covered
  CHECK(d.notices[0] == "this link is from a newer version of gpuwise (v=3); some settings may be missing");
  CHECK(d.notices[1] == "'roi.hpd' must be a number from 0 to 24; kept 8");

  for (const char* bad : {"v=abc", "v=0", "v=1.5", "v=", "v"}) {
    INFO(bad);
    d = decode(std::string(bad) + "&lang=zh");
    CHECK(d.state.language == "zh");
    REQUIRE(d.notices.size() == 1);
    CHECK(d.notices[0] == "'v' must be a whole number like 1; read the link as v=1");
  }
}

TEST_CASE("notices are capped so a garbage link cannot flood the page") {
  std::string link = "v=1";
  for (int i = 0; i < 100; ++i) link += "&junk" + std::to_string(i) + "=1";
  const LinkDecode d = decode(link);
  CHECK(d.notices.size() == Notices::kMax + 1);
  CHECK(d.notices.back() == "... and 80 more problems");

  std::string longest = "v=1";
  for (int i = 0; i < 300; ++i) longest += "&lang=zh";
  CHECK(has_notice(decode(longest), "more than 200 settings; ignored the rest"));
}

TEST_CASE("garbage links never crash and always give a valid view") {
  const std::vector<std::string> pieces = {
      "v", "=", "&", ",", ":", "%", "%2", "%E6%98%BE", "%FF", "%C0%80", "%ED%A0%80", "-", "+", "#", "1e999",
      "NaN", "-0", "0", "24", "1.5", "1e-400", "99999999999999999999", "rtx-3090", "rtx-9999", "fp32_tflops",
      "zh", "custom", "llama-3-8b", "2", std::string(250, 'a'), std::string(1, '\0'), "\xff", "\xe6\x98",
      ".", "-fp32_tflops", "true", "1"};
  std::vector<std::string> keys = {"v"};
  for (const ViewField& field : view_fields()) keys.push_back(field.link_key);

  std::mt19937 random(12345);
  auto pick = [&random](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  for (int round = 0; round < 3000; ++round) {
    std::string link;
    const std::size_t settings = 1 + pick(12);
    for (std::size_t i = 0; i < settings; ++i) {
      if (round % 3 == 0) {  // raw bytes
        for (std::size_t k = pick(40); k > 0; --k) link += static_cast<char>(pick(256));
        continue;
      }
      link += (i ? "&" : "") + keys[pick(keys.size())] + "=";
      for (std::size_t k = pick(5); k > 0; --k) link += pieces[pick(pieces.size())];
    }
    const LinkDecode d = decode(link);
    std::string problems = invalid_fields(d.state);
    if (d.notices.size() > static_cast<std::size_t>(Notices::kMax) + 1) problems += "too many notices ";
    for (const auto& notice : d.notices) {
      if (!is_clean_utf8(notice)) problems += "notice not UTF-8 ";
    }
    // What a bad link gives is a clean view: its own link reads back exactly, silently,
    const LinkDecode again = decode(encode_link(d.state));
    if (!(again.state == d.state) || !again.notices.empty()) problems += "link round trip ";
    // ... and so does its saved JSON.
    const LinkDecode saved = view_state_from_json(view_state_to_json(d.state), ViewState{}, &shipped_card_ids());
    if (!(saved.state == d.state) || !saved.notices.empty()) problems += "JSON round trip ";
    if (!problems.empty()) FAIL_CHECK("round " << round << ": " << problems << "for link " << link);
  }
}

TEST_CASE("docs/share-links.md lists every link key") {
  const std::string docs = gpuwise::test::read_source_file("docs/share-links.md");
  REQUIRE_FALSE(docs.empty());
  for (const ViewField& field : view_fields()) {
    INFO("key " << field.link_key);
    CHECK(docs.find("| `" + std::string(field.link_key) + "` |") != std::string::npos);
  }
}
