// Every English string that core hands the UI to show (labels, descriptions, sentence
// patterns) has a 简体中文 entry in src/ui/strings_zh.inc. tests/check_translations.py
// covers the literals written in the UI itself.
#include <catch2/catch.hpp>

#include <string_view>
#include <unordered_map>

#include "advisor.h"
#include "metrics.h"
#include "presets.h"
#include "ranking.h"
#include "session.h"
#include "share_link.h"
#include "state_json.h"
#include "view_fields.h"
#include "vram_fit.h"

namespace {
const std::unordered_map<std::string_view, const char*> kChinese = {
#include "../../src/ui/strings_zh.inc"
};
void require_translation(const std::string& english) {
  INFO("missing in src/ui/strings_zh.inc: {\"" << english << "\", \"...\"},");
  CHECK(kChinese.count(english) == 1);
}
}  // namespace

using namespace gpuwise;

TEST_CASE("profile, metric and preset labels are translated") {
  for (const auto& profile : ranking_profiles()) {
    require_translation(profile.label);
    require_translation(profile.description);
  }
  for (const auto& metric : ranking_metrics()) {
    require_translation(metric.label);
    require_translation(metric.description);
  }
  for (const auto& preset : view_presets()) require_translation(preset.label);
  require_translation(scoring_summary());
  require_translation(missing_rule_summary());
}

TEST_CASE("VRAM-fit and advisor sentences and words are translated") {
  for (const auto& pattern : fit_notice_patterns()) require_translation(pattern);
  for (const auto& pattern : advisor_why_patterns()) require_translation(pattern);
  for (const auto& precision : fit_modes()) require_translation(precision);
  for (const char* part : {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead"}) {
    require_translation(part);
  }
  for (const char* key : {"ram", "cpu_cores", "num_workers", "disk", "power_supply", "cores", "per GPU",
                          "hdd", "sata-ssd", "nvme", "nvme-raid0"}) {
    require_translation(key);
  }
}

TEST_CASE("price words shown from the data are translated") {
  for (const char* word : {"new", "used", "on-demand", "spot", "hyperscaler", "gpu-cloud", "marketplace",
                           "china-cloud"}) {
    require_translation(word);
  }
}

TEST_CASE("field labels, units and tab labels are translated") {
  for (const ViewField& field : view_fields()) {
    require_translation(field.label);
    if (field.unit[0] >= 'a' && field.unit[0] <= 'z') require_translation(field.unit);  // words, not GB or W
  }
  for (const TabInfo& tab : kTabs) require_translation(tab.label);
}

namespace {
void require_pattern_translations(const TemplateText& text) {
  if (text.pattern != "{0}") require_translation(text.pattern);  // "{0}": a value, nothing to translate
  for (const auto& inner : text.nested) {
    if (!inner.pattern.empty()) require_pattern_translations(inner);
  }
}
}  // namespace

TEST_CASE("every notice a bad link or saved state gives is a translated pattern") {
  const char* const links[] = {
      "v=x&v=2&foo=1&=x&q=1&q=2&roi.hpd=99&fit.batch=1.5&cat.ymin=1980&roi.price=-5&lang=fr&theme=blue",
      "tab=settings&rank.fits=yes&metric=hashrate&sort=nope&cmp=rtx-9999,RTX%203090,rtx-3090,rtx-3090",
      "cat.hide=nope&w=hashrate:1,vram_gb:abc,fp32_tflops:1,fp32_tflops:2&q=%zz&cat.vendor=,a&rank.cuda=x"
      "&fit.model=gpt-9&sel=Bad%20Id",
      "cmp=a,b,c,d,e&q=%FF%01",
  };
  const std::vector<std::string> ids = {"rtx-3090"};
  for (const char* link : links) {
    for (const auto& notice : decode_link(link, ViewState{}, &ids).notice_texts) require_pattern_translations(notice);
  }
  std::string many = "v=1";
  for (int i = 0; i < 30; ++i) many += "&bad" + std::to_string(i) + "=1";
  for (const auto& notice : decode_link(many, ViewState{}, nullptr).notice_texts) require_pattern_translations(notice);
  const json states[] = {
      json::array(),
      json{{"v", "x"}, {"roi", 5}, {"fit", {{"bar", 1}, {"params_b", "x"}}}, {"catalog", {{"vendors", {1, "a"}},
           {"hidden_columns", 5}}}, {"ranking", {{"custom_weights", 3}, {"fits_model", 1}}}},
      json{{"v", 2}},
  };
  for (const json& state : states) {
    for (const auto& notice : view_state_from_json(state, ViewState{}, nullptr).notice_texts) {
      require_pattern_translations(notice);
    }
  }
  require_pattern_translations(link_notice({"{0}", {"x"}}));
  for (const auto& notice : start_view("", "{not json", "en", nullptr).notice_texts) require_pattern_translations(notice);
  for (const auto& notice : start_view("", R"({"lang": 1})", "en", nullptr).notice_texts) {
    require_pattern_translations(notice);
  }
  ViewState s;
  require_pattern_translations(*apply_cli_value(view_field("roi.hpd"), "99", s));
}
