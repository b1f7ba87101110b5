#include "money/outlay.h"

#include <algorithm>
#include <cmath>

#include "estimate/advisor.h"
#include "text/csv.h"
#include "text/json_util.h"
#include "text/number_text.h"

namespace gpuwise {
namespace {

// The largest power supply a desktop takes (the advisor warns above it as well).
constexpr double kLargestDesktopPsuW = 1600;

// A module that sits on a server baseboard (SXM, OAM, a superchip board) rather than in a slot.
bool baseboard_module(const Gpu& gpu) {
  const std::string& bus = gpu.interface;
  return gpu.kind == "module" && (bus.rfind("SXM", 0) == 0 || bus.rfind("OAM", 0) == 0 ||
                                  bus.find("uperchip") != std::string::npos);
}


// The cheapest machine row of this form holding `boards` with `lanes` per card, in the
// buyer's market else any; with `desktop_ok` false the desktop class is skipped (the
// supply is too big). A row without a price or a stated lane count counts as dearest /
// as x8 (a board with two full slots). Ties go to the smaller machine.
const MachinePrice* machine_for(const PriceBook& book, const std::string& form, int boards, int lanes,
                                bool desktop_ok, const std::string& market, bool& other_market) {
  const auto cheaper = [](const MachinePrice& a, const MachinePrice* b) {
    if (!b) return true;
    if (a.usd.has_value() != b->usd.has_value()) return a.usd.has_value();
    if (a.usd && *a.usd != *b->usd) return *a.usd < *b->usd;
    return a.max_gpus < b->max_gpus;
  };
  const MachinePrice* best = nullptr;
  for (int pass = 0; pass < 2 && !best; ++pass) {
    for (const MachinePrice& row : book.machines) {
      if (row.form != form || row.max_gpus < boards || (!desktop_ok && row.machine_class == "desktop")) continue;
      // One card goes in a full slot (a riser would only slow its loading); several need
      // what the engine asks.
      const int need = boards > 1 ? lanes : kTensorParallelLanes;
      if ((row.pcie_lanes > 0 ? row.pcie_lanes : kTensorParallelLanes) < need) continue;
      if (pass == 0 && row.market != market) continue;
      if (cheaper(row, best)) best = &row;
    }
    other_market = pass == 1;
  }
  return best;
}

// The largest machine of this form: what several are bought of beyond its size.
const MachinePrice* largest_machine(const PriceBook& book, const std::string& form) {
  const MachinePrice* best = nullptr;
  for (const MachinePrice& row : book.machines) {
    if (row.form == form && (!best || row.max_gpus > best->max_gpus)) best = &row;
  }
  return best;
}

}  // namespace

bool priced_as_machine(const Gpu& gpu) {
  return price_is_for_machine(gpu) || (gpu.kind == "module" && has_unified_memory(gpu) &&
                                       gpu.interface.rfind("SoM", 0) == 0);
}

std::optional<double> Outlay::budget_usd(const std::string& covers) const {
  return covers == "cards" ? cards_usd : total_usd;
}

bool passively_cooled(const Gpu& gpu) { return gpu.line == "datacenter" && gpu.kind == "card"; }

Outlay machine_outlay(const Catalog& catalog, const PriceBook& book, const Gpu& gpu, int gpus,
                      const BuyerView& buyer, int min_pcie_lanes) {
  Outlay out;
  out.gpus = std::max(1, gpus);
  const int per_board = std::max(1, gpu.gpus_per_board);
  out.boards = (out.gpus + per_board - 1) / per_board;
  if (out.boards > 1) out.min_pcie_lanes = std::max(1, min_pcie_lanes);
  out.card_price = buyer_price(catalog, book, gpu.id, buyer);
  if (out.card_price.found()) out.cards_usd = out.boards * out.card_price.usd_per_board;

  if (priced_as_machine(gpu) || !out.card_price.system_name.empty()) {
    out.machine = "included";  // the price is the machine's (or a share of a system's)
    out.machine_usd = 0;
  } else if (baseboard_module(gpu) || gpu.kind == "card") {
    const std::string form = gpu.kind == "card" ? "pcie" : "sxm";
    out.psu_w = power_supply_w(gpu, out.boards);  // what advise() would size the supply at
    const bool desktop_ok = out.psu_w <= kLargestDesktopPsuW;
    bool other = false;
    const MachinePrice* row =
        machine_for(book, form, out.boards, out.min_pcie_lanes, desktop_ok, buyer.market, other);
    out.machines = 1;
    if (!row) {
      // Beyond the largest machine, several servers (a cluster); desktops and workstations
      // do not add up that way, so their price stays unknown.
      row = largest_machine(book, form);
      if (row && row->machine_class == "server") {
        out.machines = (out.boards + row->max_gpus - 1) / row->max_gpus;
        other = row->market != buyer.market;
      } else {
        row = nullptr;
      }
    }
    out.passive_cooling = form == "pcie" && passively_cooled(gpu);
    if (row) {
      out.machine = row->machine_class;
      out.machine_row = *row;
      out.machine_other_market = other;
      // Its draw holds for the form; its price only for the GPU generations it was seen for
      // (an HGX H100 host's bill is no price for a 2017 SXM2 server).
      if (row->usd && gpu.release_year >= row->price_min_year) out.machine_usd = *row->usd * out.machines;
      out.host_power_w = row->host_power_w.value_or(kAssumedHostPowerW) * out.machines;
      // A server's host draw (CPUs, fans, switches, NICs) is for all its slots: fewer GPUs
      // than slots count their share of it, as owning part of a server would.
      if (row->machine_class == "server" && row->max_gpus > 0 && out.boards < row->max_gpus * out.machines) {
        out.host_power_w = row->host_power_w.value_or(kAssumedHostPowerW) * out.boards / row->max_gpus;
      }
      out.host_power_assumed = !row->host_power_w;
    } else {
      out.machine = form == "pcie" ? "desktop" : "server";
      out.host_power_w = kAssumedHostPowerW;
      out.host_power_assumed = true;
    }
    if (!out.machine_usd) {
      out.missing = form == "sxm" ? TemplateText{I18N("no sourced price for a server that holds {0} (enter the host's "
                                                      "price in Buy or rent)"),
                                                 {gpu.name}}
                                  : TemplateText{I18N("no sourced price for a machine that holds {0} of these cards"),
                                                 {std::to_string(out.boards)}};
    }
  } else {
    out.machine = "unknown";
    out.host_power_w = kAssumedHostPowerW;
    out.host_power_assumed = true;
    out.missing = {I18N("no machine price for {0}: it goes into a laptop or a vendor's own system"), {gpu.name}};
  }
  if (!out.card_price.found()) out.missing = {I18N("no price for {0} in the data"), {gpu.name}};
  if (out.cards_usd && out.machine_usd) {
    out.total_usd = *out.cards_usd + *out.machine_usd;
    out.missing = {};
  }
  return out;
}

// A machine of the view's cards (speed.cards, each `count` times): the host the first
// card's outlay chooses for all of its GPUs, and every card at the buyer's price. Absent
// (with the first missing card's reason) when any card has no price.
Outlay mixed_machine_outlay(const Catalog& catalog, const PriceBook& book, const std::vector<std::string>& cards,
                            int count, const BuyerView& buyer, int min_pcie_lanes) {
  Outlay out;
  const int each = std::max(1, count);
  double cards_usd = 0;
  bool priced = !cards.empty();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const int index = catalog.find(cards[i]);
    if (index < 0) return Outlay{};
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    const int gpus = i == 0 ? each * static_cast<int>(cards.size()) : each;
    const Outlay part = machine_outlay(catalog, book, gpu, gpus, buyer, min_pcie_lanes);
    if (i == 0) {
      out = part;  // the host for every GPU of the machine
      out.boards = 0;
    }
    out.boards += i == 0 ? (part.boards * each) / std::max(1, gpus) : part.boards;
    if (!part.cards_usd) {
      if (priced) out.missing = part.missing;
      priced = false;
      continue;
    }
    cards_usd += i == 0 ? *part.cards_usd * each / gpus : *part.cards_usd;
  }
  out.gpus = each * static_cast<int>(cards.size());
  out.cards_usd = priced ? std::optional<double>(cards_usd) : std::nullopt;
  out.total_usd = priced && out.machine_usd ? std::optional<double>(cards_usd + *out.machine_usd) : std::nullopt;
  return out;
}

std::string outlay_csv_cells(const Outlay& outlay) {
  const auto money = [](const std::optional<double>& usd) { return usd ? shortest_number(std::round(*usd)) : ""; };
  return "," + money(outlay.cards_usd) + "," + csv_field(outlay.machine) + "," + money(outlay.machine_usd) + "," +
         money(outlay.total_usd);
}

bool within_budget(const Outlay& outlay, const BuyerView& buyer) {
  if (!(buyer.budget_usd > 0)) return true;
  const auto spent = outlay.budget_usd(buyer.budget_covers);
  return spent && *spent <= buyer.budget_usd;
}

std::optional<double> per_thousand(double value, const std::optional<double>& usd, double per_usd) {
  if (!usd || !(*usd > 0) || !(per_usd > 0) || !std::isfinite(value)) return std::nullopt;
  return value * 1000 / (*usd * per_usd);
}

json outlay_to_json(const Outlay& outlay) {
  const auto number_or_null = [](const std::optional<double>& v) { return v ? json(std::round(*v * 100) / 100) : json(nullptr); };
  json out = {{"gpus", outlay.gpus},
              {"boards", outlay.boards},
              {"card_usd", outlay.card_price.found() ? json(std::round(outlay.card_price.usd_per_board * 100) / 100)
                                                     : json(nullptr)},
              {"card_price_kind", price_kind_key(outlay.card_price.kind)},
              {"card_price_market", outlay.card_price.market},
              {"card_price_date", outlay.card_price.date_seen},
              {"cards_usd", number_or_null(outlay.cards_usd)},
              {"machine", outlay.machine},
              {"machines", outlay.machines},
              {"machine_usd", number_or_null(outlay.machine_usd)},
              {"psu_w", outlay.psu_w},
              {"total_usd", number_or_null(outlay.total_usd)},
              {"host_power_w", outlay.host_power_w},
              {"host_power_assumed", outlay.host_power_assumed}};
  if (outlay.machine_row) {
    out["machine_source"] = outlay.machine_row->source;
    out["machine_date"] = outlay.machine_row->date_seen;
    out["machine_max_gpus"] = outlay.machine_row->max_gpus;
    out["machine_pcie_lanes"] = outlay.machine_row->pcie_lanes > 0 ? json(outlay.machine_row->pcie_lanes) : json(nullptr);
  }
  if (outlay.min_pcie_lanes > 0) out["min_pcie_lanes"] = outlay.min_pcie_lanes;
  if (outlay.passive_cooling) out["passive_cooling"] = true;
  if (!outlay.missing.pattern.empty()) out["missing"] = outlay.missing.text();
  return out;
}

}  // namespace gpuwise
