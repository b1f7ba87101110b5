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
