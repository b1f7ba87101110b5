// The whole outlay of a purchase: the cards at the buyer's price (market.h buyer_price)
// plus the machine they need: a desktop for one or two cards, a workstation for up to
// four, a server beyond (prices.json `machines`, sourced and dated), sized by the
// advisor's power rule; a unified-memory system or a price that is a share of a system
// is the machine itself. Budgets ("within $2,000 for the whole machine") filter on this.
// docs/roi.md, "The whole outlay".
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "money/market.h"
#include "money/prices.h"
#include "text/json_fwd.h"
#include "text/template_text.h"

namespace gpuwise {

// What a PCIe host draws beside its GPUs while they work, where prices.json gives none:
// our assumption (CPU, RAM, disks, fans of a desktop or workstation under load).
constexpr double kAssumedHostPowerW = 150;

// The PCIe lanes each card needs when a model is split over several: tensor parallel
// (vLLM, PyTorch) exchanges activations every layer and wants x8 or more; llama.cpp's
// layer split passes one small activation per token between cards, which an x1 riser
// carries (a mining board's host is then enough). One card sits in a normal x16 slot.
constexpr int kTensorParallelLanes = 8;
constexpr int kLayerSplitLanes = 1;

struct Outlay {
  int gpus = 0;                 // as asked (a K80 board holds 2)
  int boards = 0;               // cards, modules or systems bought
  PriceChoice card_price;       // per board, from buyer_price()
  std::optional<double> cards_usd;    // boards × price; absent without a price
  // "included": a system (its price is the machine's) or a share of a system's price;
  // else the class of machines_row: desktop, workstation, server.
  std::string machine;
  int machines = 0;             // of that class (servers beyond the largest)
  std::optional<MachinePrice> machine_row;  // the sourced machine price used
  bool machine_other_market = false;        // no machine price in the buyer's market: the US one
  std::optional<double> machine_usd;        // absent: no sourced price for the machine
  double psu_w = 0;             // the advisor's power supply for these cards
  std::optional<double> total_usd;          // cards + machine; absent when either is
  TemplateText missing;         // why total_usd is absent (empty pattern when present)
  double host_power_w = 0;      // the machine's draw beside the GPUs (0 for a system)
  bool host_power_assumed = false;          // kAssumedHostPowerW, not a sourced figure
  int min_pcie_lanes = 0;       // the lanes per card the machine had to give (0: one card)
  // A data-centre PCIe card has no fan of its own: it needs a server's airflow or a fan
  // shroud added to a desktop. Our assumption: the desktop price does not include one.
  bool passive_cooling = false;

  // What a budget is compared with: the total, or the cards alone ("cards").
  std::optional<double> budget_usd(const std::string& covers) const;
};

// The price is the whole machine's: a system, or a system-on-module sold as a kit (Jetson).
// Such a machine is bought one at a time (several would be a cluster, which the speed
// model does not estimate).
bool priced_as_machine(const Gpu& gpu);

// The outlay for `gpus` GPUs of `gpu` (1 or more) for this buyer. The machine is the
// cheapest sourced one in the buyer's market (else any) that holds the cards, takes their
// power supply and gives each card `min_pcie_lanes` when there are several
// (kTensorParallelLanes unless the caller knows the engine splits layers).
Outlay machine_outlay(const Catalog& catalog, const PriceBook& book, const Gpu& gpu, int gpus,
                      const BuyerView& buyer, int min_pcie_lanes = kTensorParallelLanes);

// Data-centre PCIe cards are cooled by the server's fans (line "datacenter", kind "card").
bool passively_cooled(const Gpu& gpu);

// One machine of several kinds of card (the Speed tab's speed.cards), `count` of each: the
// host the first card's outlay picks for all the GPUs, each card at the buyer's price.
Outlay mixed_machine_outlay(const Catalog& catalog, const PriceBook& book, const std::vector<std::string>& cards,
                            int count, const BuyerView& buyer, int min_pcie_lanes = kTensorParallelLanes);

// Within the buyer's budget (true when there is none); false when the figure the budget
// covers is unknown.
bool within_budget(const Outlay& outlay, const BuyerView& buyer);

// tokens/s (or any score) per 1,000 of the currency spent: value × 1000 / (usd × per_usd);
// absent without a positive outlay.
std::optional<double> per_thousand(double value, const std::optional<double>& usd, double per_usd);

// {"cards_usd", "machine", "machine_usd", "total_usd", "boards", ...} for the CLI's --json
// (null + "missing" where a figure is unknown).
json outlay_to_json(const Outlay& outlay);
// The outlay's CSV columns after a row: ",cards_usd,machine,machine_usd,total_usd" (kOutlayCsvHeader).
inline constexpr const char* kOutlayCsvHeader = ",cards_usd,machine,machine_usd,total_usd";
std::string outlay_csv_cells(const Outlay& outlay);

}  // namespace gpuwise
