// CSV export, the start view (link vs saved vs defaults), reset, saved prices, presets.
#include <catch2/catch.hpp>

#include "text/csv.h"
#include "view/presets.h"
#include "view/session.h"
#include "view/share_link.h"
#include "text/json_util.h"

using namespace gpuwise;

TEST_CASE("CSV fields are quoted only when needed and formulas are defused") {
  CHECK(csv_field("GeForce RTX 3090") == "GeForce RTX 3090");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("line\nbreak") == "\"line\nbreak\"");
  CHECK(csv_field("=HYPERLINK(1)") == "'=HYPERLINK(1)");
  const std::string csv = to_csv({"name", "vram_gb"}, {{"RTX 3090", "24"}, {"显卡", "8"}});
  CHECK(csv == "\xEF\xBB\xBFname,vram_gb\r\nRTX 3090,24\r\n显卡,8\r\n");
}

TEST_CASE("a link wins over the saved view and shows exactly the sharer's view") {
  ViewState saved;
  saved.tab = Tab::about;
  saved.catalog.search = "mine";
  const std::string saved_json = dump_json(view_state_to_json(saved));

  ViewState shared;
  shared.tab = Tab::ranking;
  shared.ranking.profile = "rnn";
  const StartView start = start_view(encode_link(shared), saved_json, "zh", nullptr);
  CHECK(start.from_link);
  CHECK(start.view == shared);  // not merged with the saved search, not switched to zh
  CHECK(start.notices.empty());
}

TEST_CASE("without a link the saved view returns, without either, the browser's language") {
  ViewState saved;
  saved.catalog.search = "mine";
  saved.language = "en";
  StartView start = start_view("", dump_json(view_state_to_json(saved)), "zh", nullptr);
  CHECK_FALSE(start.from_link);
  CHECK(start.view == saved);

  start = start_view("", "", "zh", nullptr);
  CHECK(start.view.language == "zh");
  CHECK(start.view.tab == kFirstViewTab);

  start = start_view("", "{not json", "en", nullptr);
  CHECK(start.view == ViewState{});
  REQUIRE(start.notices.size() == 1);
  CHECK(start.notices[0].find("could not be read") != std::string::npos);
}

TEST_CASE("a garbage link still opens the app, with notices") {
  const StartView start = start_view("#v=1&tab=nowhere&zzz=1", "", "en", nullptr);
  CHECK(start.from_link);
  CHECK(start.view.tab == Tab::catalog);  // a v=1 link's first view
  CHECK(start.notices.size() >= 2);
  const StartView now = start_view("#v=2&tab=nowhere&zzz=1", "", "en", nullptr);
  CHECK(now.view.tab == kFirstViewTab);
}

TEST_CASE("reset keeps only the language") {
  ViewState view;
  view.language = "zh";
  view.tab = Tab::roi;
  view.roi.hours_per_day = 24;
  ViewState fresh = reset_view(view);
  CHECK(fresh.language == "zh");
  fresh.language = "en";
  CHECK(fresh == ViewState{});
}

TEST_CASE("saved prices round-trip and bad entries are skipped with a notice") {
  PriceOverrides mine;
  mine.price_usd["rtx-4090"] = 1599;
  mine.rate_usd_per_hour["h100-sxm5"] = 2.49;
  std::vector<std::string> notices;
  const PriceOverrides back = price_overrides_from_json(price_overrides_to_json(mine), notices);
  CHECK(back.price_usd == mine.price_usd);
  CHECK(back.rate_usd_per_hour == mine.rate_usd_per_hour);
  CHECK(notices.empty());

  const PriceOverrides read = price_overrides_from_json(
      R"({"price_usd": {"rtx-4090": 1599, "Bad Id": 5, "a100-pcie-80gb": -3, "h100-sxm5": "x"}})", notices);
  CHECK(read.price_usd.size() == 1);
  CHECK(notices.size() == 3);
  notices.clear();
  CHECK(price_overrides_from_json("[1,2]", notices).price_usd.empty());
  CHECK(notices.size() == 1);
}

TEST_CASE("every preset is a valid link that decodes to itself") {
  REQUIRE(view_presets().size() >= 5);
  for (const ViewPreset& preset : view_presets()) {
    INFO(preset.id);
    const LinkDecode decoded = decode_link(encode_link(preset.view), ViewState{}, nullptr);
    CHECK(decoded.notices.empty());
    CHECK(decoded.state == preset.view);
    CHECK(preset.view != ViewState{});
  }
}
