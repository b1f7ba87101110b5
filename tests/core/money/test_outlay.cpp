// The whole outlay (outlay.h): cards × price plus the machine they need, systems that are
// their own machine, modules whose server has no price, budgets and per 1,000; and the
// speed table's and the cost of a job's rows with it (speed_outlay.h, job_outlay.h).
#include <catch2/catch.hpp>

#include "money/job_outlay.h"
#include "money/outlay.h"
#include "money/roi.h"
#include "test_support.h"

using namespace gpuwise;
using gpuwise::test::catalog_text;
using gpuwise::test::valid_row;

namespace {
json card(const std::string& id, double tdp, const std::string& kind = "card", const std::string& bus = "PCIe 4.0 x16") {
  json row = valid_row(id);
  row.erase("launch_price_usd");
  row["tdp_w"] = tdp;
  row["kind"] = kind;
  row["interface"] = bus;
  if (kind == "system") row["gpu_memory_share_pct"] = 75;
  return row;
}
const Catalog& outlay_catalog() {
  static const Catalog c = load_catalog(catalog_text(json::array(
      {card("small", 170), card("big", 575), card("mac", 270, "system", "SoC (unified memory)"),
       card("sxm", 700, "module", "SXM5"), card("mxm", 80, "module", "MXM")})));
  return c;
}
json street(const std::string& id, double usd, const std::string& condition) {
  return {{"gpu_id", id}, {"market", "us"}, {"condition", condition}, {"usd", usd}, {"date_seen", "2026-09-01"},
          {"seller", "tracker"}, {"source", "https://example.com/" + id}};
}
json machine(int gpus, double usd, const std::string& cls) {
  return {{"class", cls}, {"max_gpus", gpus}, {"usd", usd}, {"date_seen", "2026-05-16"},
          {"source", "https://example.com/host" + std::to_string(gpus)}};
}
const PriceBook& outlay_book() {
  static const PriceBook b = [] {
    PriceBook book = load_prices(dump_json(json{
        {"schema_version", 1},
        {"cny_per_usd", 7},
        {"street_prices", json::array({street("small", 300, "used"), street("small", 450, "new"), street("big", 3000, "new"),
                                       street("mac", 3500, "new"), street("sxm", 30000, "new"),
                                       street("mxm", 200, "used")})},
        {"cloud_rates", json::array()},
        {"machines", json::array({machine(1, 500, "desktop"), machine(2, 2000, "desktop"),
                                  {{"class", "server"}, {"form", "sxm"}, {"max_gpus", 8}, {"host_power_w", 4600},
                                   {"date_seen", "2026-01-01"}, {"source", "https://example.com/dgx"}}})}}));
    book.today = "2026-12-04";
    return book;
  }();
  return b;
}
Outlay outlay_of(const std::string& id, int gpus, bool used = false) {
  BuyerView buyer;
  buyer.used = used;
  const Catalog& c = outlay_catalog();
  return machine_outlay(c, outlay_book(), c.gpus[static_cast<std::size_t>(c.find(id))], gpus, buyer);
}
}  // namespace

TEST_CASE("outlay: the test data loads cleanly") { CHECK(outlay_book().issues.empty()); }

TEST_CASE("outlay: cards plus the machine they need") {
  // Two used 170 W cards: the 2-GPU desktop (the advisor's supply (2 × 170 + 250) × 1.25 → 750 W).
  const Outlay two = outlay_of("small", 2, true);
  CHECK(two.boards == 2);
  CHECK(*two.cards_usd == 600);
  CHECK(two.machine == "desktop");
  CHECK(*two.machine_usd == 2000);
  CHECK(*two.total_usd == 2600);
  CHECK(two.psu_w == 750);
  CHECK(two.host_power_assumed);
  CHECK(two.host_power_w == kAssumedHostPowerW);
  // One new card: the 1-GPU desktop.
  CHECK(*outlay_of("small", 1).total_usd == 950);
  // Three cards: no sourced machine holds them; the total is unknown, with the reason.
  const Outlay three = outlay_of("small", 3);
  CHECK(three.cards_usd);
  CHECK_FALSE(three.total_usd);
  CHECK(three.missing.text() == "no sourced price for a machine that holds 3 of these cards");
  // Two 575 W cards need more than a desktop supply ((1150 + 250) × 1.25 = 1750 W > 1600 W).
  CHECK_FALSE(outlay_of("big", 2).total_usd);
}

TEST_CASE("outlay: a system is its own machine, a module's server has its power but no price") {
  const Outlay mac = outlay_of("mac", 1);
  CHECK(mac.machine == "included");
  CHECK(*mac.total_usd == 3500);
  CHECK(mac.host_power_w == 0);
  const Outlay sxm = outlay_of("sxm", 8);
  CHECK(sxm.machine == "server");
  CHECK(*sxm.cards_usd == 240000);
  CHECK_FALSE(sxm.total_usd);  // the server without its GPUs has no sourced price
  CHECK(sxm.host_power_w == 4600);
  CHECK_FALSE(sxm.host_power_assumed);
  const Outlay sixteen = outlay_of("sxm", 16);  // two servers
  CHECK(sixteen.machines == 2);
  CHECK(sixteen.host_power_w == 9200);
  // Two modules own two eighths of a server's host draw: 4600 × 2 / 8 = 1150 W.
  CHECK(outlay_of("sxm", 2).host_power_w == Approx(1150));
  CHECK(outlay_of("sxm", 12).host_power_w == Approx(6900));  // 1.5 servers' worth
  const Outlay mxm = outlay_of("mxm", 1, true);
  CHECK(mxm.machine == "unknown");
  CHECK(mxm.missing.text().find("laptop") != std::string::npos);
}

TEST_CASE("outlay: a server's price holds for the GPU generations it was seen for, its draw for all") {
  json old_sxm = card("old-sxm", 300, "module", "SXM2");
  old_sxm["release_year"] = 2017;
  json new_sxm = card("new-sxm", 700, "module", "SXM5");
  new_sxm["release_year"] = 2022;
  const Catalog catalog = load_catalog(catalog_text(json::array({old_sxm, new_sxm})));
  PriceBook book = load_prices(dump_json(json{
      {"schema_version", 1},
      {"cny_per_usd", 7},
      {"street_prices", json::array({street("old-sxm", 200, "used"), street("new-sxm", 30000, "new")})},
      {"cloud_rates", json::array()},
      {"machines", json::array({{{"class", "server"}, {"form", "sxm"}, {"max_gpus", 8}, {"usd", 32010},
                                 {"price_min_year", 2020}, {"host_power_w", 4600}, {"date_seen", "2023-05-01"},
                                 {"source", "https://example.com/hgx"}}})}}));
  REQUIRE(book.issues.empty());
  auto outlay = [&](const std::string& id) {
    return machine_outlay(catalog, book, catalog.gpus[static_cast<std::size_t>(catalog.find(id))], 8, BuyerView{});
  };
  const Outlay hgx = outlay("new-sxm");
  REQUIRE(hgx.total_usd);
  CHECK(*hgx.total_usd == 8 * 30000 + 32010);
  const Outlay dgx1 = outlay("old-sxm");
  CHECK_FALSE(dgx1.machine_usd);  // a 2017 server is not priced by a 2023 HGX host's bill
  CHECK_FALSE(dgx1.total_usd);
  CHECK(dgx1.host_power_w == 4600);  // but draws like a server of its form
  // A year that is no year is a clear message.
  PriceBook bad = load_prices(dump_json(json{
      {"schema_version", 1}, {"street_prices", json::array()}, {"cloud_rates", json::array()},
      {"machines", json::array({{{"class", "server"}, {"form", "sxm"}, {"max_gpus", 8}, {"usd", 1}, {"price_min_year", 20.5},
                                 {"date_seen", "2023-05-01"}, {"source", "https://example.com/x"}}})}}));
  bool said = false;
  for (const auto& issue : bad.issues) said = said || issue.to_string().find("price_min_year': must be a year") != std::string::npos;
  CHECK(said);
  CHECK(bad.machines.empty());  // the row is not used
}

TEST_CASE("outlay: budgets on the whole machine or the cards, and per 1,000") {
  BuyerView buyer;
  buyer.used = true;
  buyer.budget_usd = 2500;
  const Outlay two = outlay_of("small", 2, true);  // 600 + 2000
  CHECK_FALSE(within_budget(two, buyer));
  buyer.budget_covers = "cards";
  CHECK(within_budget(two, buyer));
  buyer.budget_usd = 0;  // no budget: everything fits
  CHECK(within_budget(outlay_of("small", 3), buyer));
  buyer.budget_usd = 100000;
  buyer.budget_covers = "machine";
  CHECK_FALSE(within_budget(outlay_of("small", 3), buyer));  // an unknown total cannot be shown to fit
  CHECK(*per_thousand(26, 2600.0, 1) == Approx(10));
  CHECK(*per_thousand(26, 2600.0, 0.5) == Approx(20));  // per 1,000 of a currency worth half a dollar
  CHECK_FALSE(per_thousand(26, std::nullopt, 1));
  CHECK_FALSE(per_thousand(26, 0.0, 1));
  const json j = outlay_to_json(two);
  CHECK(j["total_usd"] == 2600);
  CHECK(j["machine"] == "desktop");
  CHECK(outlay_to_json(outlay_of("small", 3))["total_usd"].is_null());
}

TEST_CASE("outlay: the ROI's host defaults to the outlay's machine, its power to the machine's") {
  RoiView view;
  view.gpu_id = "small";
  view.gpu_count = 2;
  view.rate_usd_per_hour = 1;
  BuyerView buyer;
  buyer.used = true;
  const RoiResult r = compute_roi(outlay_catalog(), outlay_book(), view, buyer);
  REQUIRE(r.ok);
  CHECK(r.figures.price_usd == 300);
  CHECK(r.figures.host_cost_usd == 2000);
  CHECK(r.defaults.host_cost_is_outlay);
  CHECK(r.purchase_usd == Approx(2600));
  view.host_cost_usd = 0;  // the reader already has a machine
  CHECK(compute_roi(outlay_catalog(), outlay_book(), view, buyer).purchase_usd == Approx(600));
  // Eight SXM modules: the server's 4.6 kW, not 150 W.
  RoiView server;
  server.gpu_id = "sxm";
  server.gpu_count = 8;
  server.rate_usd_per_hour = 3;
  const RoiResult s = compute_roi(outlay_catalog(), outlay_book(), server, BuyerView{});
  REQUIRE(s.ok);
  CHECK(s.figures.host_power_w == 4600);
  CHECK(s.figures.host_cost_usd == 0);  // no sourced server price: 0, and the outlay says why
  CHECK_FALSE(s.defaults.outlay.missing.pattern.empty());
}

TEST_CASE("a machine of two kinds of card: each card at its price and one host for both") {
  BuyerView buyer;
  const Outlay both = mixed_machine_outlay(outlay_catalog(), outlay_book(), {"small", "big"}, 1, buyer);
  REQUIRE(both.gpus == 2);
  REQUIRE(both.cards_usd);
  CHECK(*both.cards_usd == Approx(450 + 3000));
  REQUIRE(both.total_usd);
  CHECK(*both.total_usd == Approx(450 + 3000 + 2000));  // the two-GPU desktop
  const Outlay twice = mixed_machine_outlay(outlay_catalog(), outlay_book(), {"small", "big"}, 2, buyer);
  CHECK(twice.gpus == 4);
  REQUIRE(twice.cards_usd);
  CHECK(*twice.cards_usd == Approx(2 * (450 + 3000)));
  // A card without a price leaves the total unknown, with a reason, never a partial sum.
  const Outlay unknown = mixed_machine_outlay(outlay_catalog(), outlay_book(), {"small", "no-such-card"}, 1, buyer);
  CHECK_FALSE(unknown.total_usd);
}

TEST_CASE("outlay: the cheapest host that suits the engine's links between cards") {
  // A $500 one-card desktop, a $2,000 two-slot x8/x8 desktop and a $480 mining board with
  // x1 risers for four cards: llama.cpp's layer split takes the mining board, tensor
  // parallel (the default) the x8/x8 desktop; one card goes in a normal x16 slot.
  json rig = machine(4, 480, "desktop");
  rig["pcie_lanes"] = 1;
  json dual = machine(2, 2000, "desktop");
  dual["pcie_lanes"] = 8;
  PriceBook book = load_prices(dump_json(json{
      {"schema_version", 1},
      {"cny_per_usd", 7},
      {"street_prices", json::array({street("small", 300, "used"), street("tp40", 250, "used")})},
      {"cloud_rates", json::array()},
      {"machines", json::array({machine(1, 500, "desktop"), dual, rig})}}));
  book.today = "2026-12-04";
  REQUIRE(book.issues.empty());
  json passive = card("tp40", 250);
  passive["line"] = "datacenter";
  const Catalog c = load_catalog(catalog_text(json::array({card("small", 170), passive})));
  REQUIRE(c.error_count() == 0);
  BuyerView buyer;
  buyer.used = true;
  const Gpu& small = c.gpus[static_cast<std::size_t>(c.find("small"))];
  const Outlay split = machine_outlay(c, book, small, 2, buyer, kLayerSplitLanes);
  REQUIRE(split.machine_row);
  CHECK(split.machine_row->pcie_lanes == 1);
  CHECK(*split.total_usd == 600 + 480);
  CHECK(split.min_pcie_lanes == kLayerSplitLanes);
  const Outlay tensor = machine_outlay(c, book, small, 2, buyer);
  CHECK(*tensor.total_usd == 600 + 2000);
  CHECK(tensor.min_pcie_lanes == kTensorParallelLanes);
  // Three cards: only the mining board holds them, and only for a layer split.
  CHECK(machine_outlay(c, book, small, 3, buyer, kLayerSplitLanes).total_usd);
  CHECK_FALSE(machine_outlay(c, book, small, 3, buyer).total_usd);
  // One card: the one-card desktop, whatever the engine.
  CHECK(*machine_outlay(c, book, small, 1, buyer, kLayerSplitLanes).machine_usd == 500);
  CHECK(outlay_to_json(split)["machine_pcie_lanes"] == 1);
  // A data-centre PCIe card has no fan: the outlay says so.
  const Outlay p40 = machine_outlay(c, book, c.gpus[static_cast<std::size_t>(c.find("tp40"))], 2, buyer, 1);
  CHECK(p40.passive_cooling);
  CHECK_FALSE(split.passive_cooling);
  CHECK(outlay_to_json(p40)["passive_cooling"] == true);
}

TEST_CASE("outlay: a machine row's pcie_lanes is checked") {
  json bad = machine(2, 900, "desktop");
  bad["pcie_lanes"] = 3.5;
  const PriceBook book = load_prices(dump_json(json{{"schema_version", 1},
                                                    {"cny_per_usd", 7},
                                                    {"street_prices", json::array()},
                                                    {"cloud_rates", json::array()},
                                                    {"machines", json::array({bad})}}));
  REQUIRE(book.issues.size() == 1);
  CHECK(book.issues[0].field == "pcie_lanes");
  CHECK(book.machines.empty());
}

// The cost of a job with the buyer's budget (job_outlay.h): an option's whole outlay, a
// serving endpoint's one machine per replica (issue 27's replicas with issue 28's outlay),
// and owning over the budget left out of the cheapest ways; renting needs no outlay.
TEST_CASE("the cost of a job on a budget: each option's outlay, a machine per serving replica") {
  JobCostResult result;
  result.ok = true;
  JobOption endpoint;  // serve: 3 replicas of one card each
  endpoint.gpu_id = "small";
  endpoint.gpus = 1;
  endpoint.replicas = 3;
  endpoint.tokens_per_s = 100;  // one replica's
  JobOption pair;  // train: 2 cards in one machine
  pair.gpu_id = "small";
  pair.gpus = 2;
  pair.tokens_per_s = 150;
  result.options = {endpoint, pair};
  auto way = [](int gpus, bool own) {
    JobWay w;
    w.gpu_id = "small";
    w.gpus = gpus;
    w.own = own;
    w.provider = own ? "" : "Cloud A";
    return w;
  };
  result.cheapest = {way(1, true), way(1, false), way(2, true)};
  BuyerView buyer;
  buyer.used = true;
  buyer.budget_usd = 2000;
  JobBuyerResult priced = job_cost_for_buyer(outlay_catalog(), outlay_book(), result, buyer);
  REQUIRE(priced.outlays.size() == 2);
  // Each replica: a used card at 300 and a one-card desktop at 500, three times.
  const Outlay& three = priced.outlays[0].outlay;
  CHECK(three.gpus == 3);
  CHECK(three.machines == 3);
  CHECK(*three.cards_usd == Approx(900));
  CHECK(*three.machine_usd == Approx(1500));
  CHECK(*three.total_usd == Approx(2400));
  CHECK(*priced.outlays[0].per_1000_usd == Approx(300 * 1000 / 2400.0));  // all replicas' tokens/s
  CHECK_FALSE(priced.outlays[0].within_budget);
  CHECK(*priced.outlays[1].outlay.total_usd == Approx(2600));  // 2 x 300 + the 2-card desktop's 2000
  CHECK_FALSE(priced.outlays[1].within_budget);
  CHECK(priced.own_over_budget == 2);
  REQUIRE(priced.cheapest.size() == 1);  // renting is left
  CHECK_FALSE(priced.cheapest.front().own);
  buyer.budget_usd = 2500;  // the endpoint's three machines fit, the pair's machine does not
  priced = job_cost_for_buyer(outlay_catalog(), outlay_book(), result, buyer);
  CHECK(priced.outlays[0].within_budget);
  CHECK(priced.own_over_budget == 1);
  CHECK(priced.cheapest.size() == 2);
  const std::string csv = job_buyer_csv(result, priced);
  CHECK(csv.find(",total_usd,within_budget,") != std::string::npos);
  CHECK(csv.find(",2400,yes,") != std::string::npos);
  CHECK(csv.find(",2600,no,") != std::string::npos);
}
