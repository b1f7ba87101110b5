// Fuzzes Ask's planner (ask/ask.h) with a question built from the bytes: any goal, model
// (a preset, a size, an image model or junk), budget, market, renting, condition, engine,
// speed or images wanted, deadline, tokens, method, users, tokens a day, hours, a card
// one has and how many (the owner's goal), a maker and a card list, NaN and infinities included (a share link can hold anything), on the fixture
// catalog, two or three of its cards or one (fuzz_support.h). Either a problem and no answer, or at most
// five answers whose figures are finite and inside their bands, bought ones within the
// budget, rented ones with a rate; and the JSON `gpuwise ask` prints.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "ask/ask.h"
#include "fuzz_numbers.h"
#include "fuzz_support.h"

using namespace gpuwise;

namespace {

const ImageCalibration& image_calibration() {
  static const ImageCalibration c = [] {
    std::vector<CatalogIssue> issues;
    return load_image_calibration(fuzz::read_source_file("data/image_calibration.json"), issues);
  }();
  return c;
}
const SoftwareTable& software() {
  static const SoftwareTable t = load_software(fuzz::read_source_file("data/software.json"));
  return t;
}
const Compat& compat() {
  static const Compat c = load_compat(fuzz::read_source_file("data/cuda.json"));
  return c;
}
const std::vector<std::string>& models() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> m = fuzz::preset_ids();
    m.push_back("custom");
    for (const ImageModel& image : image_models()) m.push_back(image.id);
    return m;
  }();
  return out;
}

void check_answer(const AskAnswer& a, const BuyerView& buyer) {
  FUZZ_CHECK(!a.gpus.empty());
  if (is_owner_way(a.way)) {  // the owner of idle cards: what they hold, gain or lose; nothing bought
    FUZZ_CHECK(fuzz::finite(a.value) && a.low == a.value && a.high == a.value);
    FUZZ_CHECK(!a.rent && a.cost_usd() == 0);
    FUZZ_CHECK(!a.per_month_usd || fuzz::finite(*a.per_month_usd));
    return;
  }
  FUZZ_CHECK(fuzz::finite(a.value) && a.value > 0);
  FUZZ_CHECK(fuzz::finite(a.low) && fuzz::finite(a.high));
  FUZZ_CHECK(a.low <= a.value * (1 + 1e-9) && a.value <= a.high * (1 + 1e-9));
  FUZZ_CHECK(fuzz::finite(a.free_gb) && a.free_gb >= 0);
  FUZZ_CHECK(a.software != Grade::no);
  if (a.way == AskWay::yours) {  // the card the buyer has: nothing to buy
    FUZZ_CHECK(!a.rent && a.outlay_usd && *a.outlay_usd == 0 && a.cost_usd() == 0);
  } else if (a.rent) {
    FUZZ_CHECK(a.rate.has_value());
    FUZZ_CHECK(a.per_month_usd.has_value() != a.per_job_usd.has_value());
    FUZZ_CHECK(fuzz::finite(a.cost_usd()) && a.cost_usd() >= 0);
  } else {
    FUZZ_CHECK(a.outlay_usd && fuzz::finite(*a.outlay_usd) && *a.outlay_usd > 0);
  }
  (void)buyer;
}

// An answer (not the nearest machine) bought within the budget: what the budget covers.
void check_within_budget(const AskAnswer& a, const BuyerView& buyer) {
  if (a.rent || !(buyer.budget_usd > 0)) return;
  const bool upgrade = a.way == AskWay::upgrade_add || a.way == AskWay::upgrade_replace;
  if (a.way == AskWay::yours || is_owner_way(a.way)) return;  // nothing bought
  const auto covered = upgrade ? a.outlay_usd : a.outlay.budget_usd(buyer.budget_covers);
  FUZZ_CHECK(covered && *covered <= buyer.budget_usd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  AskView ask;
  static const std::vector<std::string> goals = {"run", "finetune", "train", "serve", "image", "own"};
  ask.goal = fuzz::any_key(in, goals);
  // FUZZ_ASK_GOAL=serve (say) fuzzes one goal's paths alone, for its own executions a second.
  static const char* const only_goal = std::getenv("FUZZ_ASK_GOAL");
  if (only_goal && *only_goal) ask.goal = only_goal;
  ask.model = fuzz::any_key(in, models());
  ask.params_b = fuzz::any_number(in, 2000);
  ask.rent = in.ConsumeBool();
  static const std::vector<std::string> conditions = {"any", "new", "used"};
  ask.condition = fuzz::any_key(in, conditions);
  static const std::vector<std::string> engines = {"auto", "llamacpp", "vllm"};
  ask.engine = fuzz::any_key(in, engines);
  ask.tokens_per_s = fuzz::any_number(in, 500);
  ask.images_per_min = fuzz::any_number(in, 60);
  ask.days = fuzz::any_whole(in, 400);
  ask.tokens_b = fuzz::any_number(in, 100);
  static const std::vector<std::string> methods = {"lora", "full"};
  ask.method = fuzz::any_key(in, methods);
  ask.users = fuzz::any_whole(in, 500);
  ask.tokens_per_day = fuzz::any_number(in, 1e9);
  ask.hours_per_day = fuzz::any_number(in, 24);
  if (in.ConsumeBool()) ask.have = fuzz::any_key(in, fuzz::shipped_ids());
  ask.count = fuzz::any_whole(in, 64);
  static const std::vector<std::string> vendors(std::begin(kAskVendors), std::end(kAskVendors));
  ask.vendor = fuzz::any_key(in, vendors);
  for (int i = in.ConsumeIntegralInRange(0, 5); i > 0 && in.ConsumeBool(); --i) {
    ask.cards.push_back(fuzz::any_key(in, fuzz::shipped_ids()));
  }
  BuyerView buyer;
  static const std::vector<std::string> markets = {"us", "eu", "cn"};
  buyer.market = fuzz::any_key(in, markets);
  buyer.budget_usd = in.ConsumeBool() ? fuzz::any_number(in, 20000) : 0;
  buyer.budget_covers = in.ConsumeBool() ? "cards" : "machine";

  // One input in sixty-four weighs all nine fixture cards, one in sixteen two or three of
  // them that the input picks (the picking across cards); the others one card, which reaches
  // every goal's paths: a serving or training plan prices each card at 1, 2, 4 and 8 GPUs,
  // and nine cards for every input ran at about 200 inputs a second (issue 30: >= 1,000).
  const unsigned pick = in.ConsumeIntegral<std::uint8_t>();
  Catalog few;
  const Catalog* catalog = &fuzz::fixture_catalog_or_card(pick | 1u);
  if (pick % 64 == 0) {
    catalog = &fuzz::fixture_catalog();
  } else if (pick % 16 == 0) {
    const std::vector<Gpu>& nine = fuzz::fixture_catalog().gpus;
    few.schema_version = fuzz::fixture_catalog().schema_version;
    const int count = in.ConsumeIntegralInRange(2, 3);
    for (int i = 0; i < count; ++i) {
      const Gpu& gpu = nine[in.ConsumeIntegralInRange<std::size_t>(0, nine.size() - 1)];
      if (few.find(gpu.id) < 0) few.gpus.push_back(gpu);
    }
    catalog = &few;
  }
  // The JSON `gpuwise ask` prints, for one input in four the fuzzer picks: the serialiser's
  // code on every input was a sixth of the coverage libFuzzer tallies per run.
  const bool dump = in.ConsumeIntegralInRange(0, 3) == 0;
  const AskData ask_data{catalog, &fuzz::fixture_prices(), &fuzz::shipped_calibration(), &image_calibration(), nullptr,
                         &software(), &compat()};
  const AskResult result = plan_ask(ask_data, ask, buyer, RoiView{});
  if (result.problem) {
    FUZZ_CHECK(result.answers.empty());
  } else {
    FUZZ_CHECK(result.answers.size() <= 5);
    for (const AskAnswer& a : result.answers) {
      check_answer(a, buyer);
      if (!ask.rent && ask.cards.empty()) check_within_budget(a, buyer);  // a card list shows each card, over budget or not
      // Only the asked cards, of the asked maker (the card one has aside).
      const AskGpu& bought = a.gpus.back();
      if (!ask.cards.empty() && bought.condition != "yours") {
        FUZZ_CHECK(std::find(ask.cards.begin(), ask.cards.end(), bought.id) != ask.cards.end());
      }
      if (ask.vendor == "not-nvidia" && bought.condition != "yours") {
        const int index = catalog->find(bought.id);
        FUZZ_CHECK(index >= 0 && catalog->gpus[static_cast<std::size_t>(index)].vendor != "NVIDIA");
      }
    }
    if (ask.goal == "own") FUZZ_CHECK(result.answers.size() <= 3);
  }
  if (result.nearest && result.nearest->meets_speed) check_answer(*result.nearest->meets_speed, buyer);
  if (dump) FUZZ_CHECK(!dump_json(ask_to_json(result)).empty());
  return 0;
}
