// The view state is one struct; its JSON is what window.gpuwise.state() returns.
#include <catch2/catch.hpp>

#include "view/view_state.h"
#include "text/json_util.h"

using namespace gpuwise;

TEST_CASE("tab keys round-trip and unknown keys are refused") {
  for (int i = 0; i < kTabCount; ++i) {
    Tab tab = Tab::catalog;
    REQUIRE(tab_from_key(tab_key(static_cast<Tab>(i)), tab));
    CHECK(static_cast<int>(tab) == i);
  }
  Tab tab = Tab::about;
  CHECK_FALSE(tab_from_key("settings", tab));
  CHECK(tab == Tab::about);  // untouched on failure
}

TEST_CASE("the state JSON carries the tab, language and catalog view") {
  ViewState state;
  state.tab = Tab::ranking;
  state.catalog.search = "3090";
  state.catalog.vendors = {"NVIDIA"};
  const json j = view_state_to_json(state);
  CHECK(j["v"] == 2);
  CHECK(j["tab"] == "ranking");
  CHECK(j["language"] == "en");
  CHECK(j["catalog"]["search"] == "3090");
  CHECK(j["catalog"]["vendors"] == json::array({"NVIDIA"}));
  CHECK(j["catalog"]["sort_column"] == "release_year");
  CHECK(j["catalog"]["hidden_columns"].is_null());
  CHECK(j["roi"]["price_usd"].is_null());
  CHECK(j["ranking"]["profile"] == "cnn");
  CHECK(j["fit"]["precision"] == "bf16");
}

TEST_CASE("view states compare field by field") {
  ViewState a, b;
  CHECK(a == b);
  b.catalog.min_vram_gb = 24;
  CHECK(a != b);
  b = a;
  b.language = "zh";
  CHECK(a != b);
  b = a;
  b.roi.price_usd = 1599;
  CHECK(a != b);
  b = a;
  b.ranking.custom_weights.push_back({"fp32_tflops", 1});
  CHECK(a != b);
  b = a;
  b.compare_ids = {"rtx-3090", "rtx-4090"};
  CHECK(a != b);
}
