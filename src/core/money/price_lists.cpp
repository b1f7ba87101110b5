// prices.json's lists beside street prices and rates: each market's electricity tariff,
// the machines around the GPUs (host costs), and the rental history. Formats: data/README.md.
#include <algorithm>
#include <cmath>

#include "money/price_rows.h"
#include "text/limits.h"

namespace gpuwise {
namespace {

constexpr const char* kTariffFields[] = {"market", "kwh_price", "kwh_currency", "date_seen", "source", "notes"};
constexpr const char* kMachineFields[] = {"class",      "form",   "max_gpus",  "usd",    "psu_w", "ram_gb", "host_power_w",
                                          "pcie_lanes", "price_min_year", "market", "date_seen", "source", "notes"};
constexpr const char* kSeriesFields[] = {"gpu_id", "points", "source", "notes"};

// Rejects a row that is not an object; true when the row can be read.
bool object_row(PriceRowReader& reader, const json& row) {
  if (row.is_object()) return true;
  reader.error("", "must be a JSON object, not " + std::string(row.type_name()));
  return false;
}

double usd_per_unit(const PriceBook& book, const std::string& currency) {
  if (currency == "EUR") return book.eur_per_usd > 0 ? 1 / book.eur_per_usd : 0;
  if (currency == "CNY") return book.cny_per_usd > 0 ? 1 / book.cny_per_usd : 0;
  return 1;
}

}  // namespace

void read_market_tariffs(const json& rows, PriceBook& book, const std::set<std::string>& moved) {
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    PriceRowReader reader(row, price_row_label("markets", index, row), book.issues, &moved);
    if (!object_row(reader, row)) continue;
    MarketTariff tariff;
    tariff.market = reader.choice("market", {"us", "eu", "cn"}, nullptr);
    tariff.currency = reader.choice("kwh_currency", {"USD", "EUR", "CNY"}, "USD");
    if (auto kwh = reader.positive_number("kwh_price")) {
      if (*kwh > 100) reader.error("kwh_price", "must be at most 100 a kWh (a typo?)");
      tariff.kwh_local = *kwh;
    }
    const double rate = usd_per_unit(book, tariff.currency);
    if (rate <= 0) reader.error("kwh_currency", "needs the file's " + std::string(tariff.currency == "EUR" ? "eur_per_usd" : "cny_per_usd") + " to convert");
    tariff.kwh_usd = std::min(tariff.kwh_local * rate, limits::kKwhPriceUsd.max);
    reader.date("date_seen", tariff.date_seen);
    reader.url("source", tariff.source);
    tariff.notes = reader.text("notes", false);
    reader.unknown_fields(kTariffFields);
    for (const MarketTariff& other : book.tariffs) {
      if (other.market == tariff.market) reader.warning("market", "'" + tariff.market + "' has a tariff already; the first is used");
    }
    if (!reader.failed()) book.tariffs.push_back(std::move(tariff));
  }
}

void read_machine_prices(const json& rows, PriceBook& book, const std::set<std::string>& moved) {
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    PriceRowReader reader(row, price_row_label("machines", index, row), book.issues, &moved);
    if (!object_row(reader, row)) continue;
    MachinePrice machine;
    machine.machine_class = reader.choice("class", {"desktop", "workstation", "server"}, nullptr);
    machine.form = reader.choice("form", {"pcie", "sxm"}, "pcie");
    const auto gpus = reader.number("max_gpus", true);
    if (gpus && !(*gpus >= 1 && *gpus <= 1000 && std::floor(*gpus) == *gpus)) {
      reader.error("max_gpus", "must be a whole number from 1 to 1000");
    } else if (gpus) {
      machine.max_gpus = static_cast<int>(*gpus);
    }
    machine.usd = reader.positive_number("usd", false);
    if (machine.usd && *machine.usd > limits::kHostCostUsd.max) reader.error("usd", "is above the host cost range");
    machine.psu_w = reader.positive_number("psu_w", false).value_or(0);
    machine.ram_gb = reader.positive_number("ram_gb", false).value_or(0);
    machine.host_power_w = reader.positive_number("host_power_w", false);
    const auto lanes = reader.number("pcie_lanes", false);
    if (lanes && !(*lanes >= 1 && *lanes <= 16 && std::floor(*lanes) == *lanes)) {
      reader.error("pcie_lanes", "must be a whole number from 1 to 16");
    } else if (lanes) {
      machine.pcie_lanes = static_cast<int>(*lanes);
    }
    const auto min_year = reader.number("price_min_year", false);
    if (min_year && !(*min_year >= 1990 && *min_year <= 2100 && std::floor(*min_year) == *min_year)) {
      reader.error("price_min_year", "must be a year from 1990 to 2100");
    } else if (min_year) {
      machine.price_min_year = static_cast<int>(*min_year);
    }
    if (machine.host_power_w && *machine.host_power_w > limits::kHostPowerW.max) {
      reader.error("host_power_w", "is above the host power range");
    }
    if (!machine.usd && !machine.host_power_w) reader.error("usd", "is required unless the row gives host_power_w");
    machine.market = reader.choice("market", {"us", "eu", "cn"}, "us");
    reader.date("date_seen", machine.date_seen);
    reader.url("source", machine.source);
    machine.notes = reader.text("notes", false);
    reader.unknown_fields(kMachineFields);
    if (!reader.failed()) book.machines.push_back(std::move(machine));
  }
}

void read_rental_history(const json& rows, const Catalog* catalog, PriceBook& book,
                         const std::set<std::string>& moved) {
  for (std::size_t index = 0; index < rows.size(); ++index) {
    const json& row = rows[index];
    PriceRowReader reader(row, price_row_label("rental_history", index, row), book.issues, &moved);
    if (!object_row(reader, row)) continue;
    RentalSeries series;
    reader.gpu_id(series.gpu_id, catalog);
    reader.url("source", series.source);
    series.notes = reader.text("notes", false);
    const json* points = reader.find("points", true);
    if (points && (!points->is_array() || points->size() < 2)) {
      reader.error("points", "must be a list of at least two {\"date\", \"usd_per_gpu_hour\"} points");
    } else if (points) {
      for (const json& point : *points) {
        const auto date = point.is_object() ? point.find("date") : point.end();
        const auto usd = point.is_object() ? point.find("usd_per_gpu_hour") : point.end();
        if (!point.is_object() || date == point.end() || !date->is_string() || !is_date(date->get<std::string>()) ||
            usd == point.end() || !usd->is_number() || !(usd->get<double>() > 0) ||
            usd->get<double>() > limits::kUsdPerHour.max) {
          reader.error("points", "each point needs a date (2026-05-01) and a usd_per_gpu_hour > 0 (got " +
                                     describe_json(point) + ")");
          break;
        }
        series.points.push_back({date->get<std::string>(), usd->get<double>()});
      }
      if (!std::is_sorted(series.points.begin(), series.points.end(),
                          [](const RentalPoint& a, const RentalPoint& b) { return a.date < b.date; })) {
        reader.error("points", "must be oldest first");
      }
    }
    reader.unknown_fields(kSeriesFields);
    if (!reader.failed()) book.rental_history.push_back(std::move(series));
  }
}

}  // namespace gpuwise
