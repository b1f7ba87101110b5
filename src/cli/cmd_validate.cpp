// gpuwise validate [FILE...]: every problem on its own line; non-zero exit on any error.
// Without FILE it checks the shipped data: gpus.json, prices.json, benchmarks.json and
// software.json (against the catalog) and cuda.json. A FILE is read as the kind its name says
// (prices*, cuda*, benchmarks*, software*, else catalog).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "cli.h"
#include "catalog/compat.h"
#include "money/market.h"
#include "catalog/software.h"
#include "money/prices.h"

namespace gpuwise::cli {
namespace {

int report(const std::string& path, const std::vector<CatalogIssue>& issues, const std::string& summary) {
  int errors = 0;
  for (const auto& issue : issues) {
    std::printf("%s: %s\n", path.c_str(), issue.to_string().c_str());
    errors += issue.severity == CatalogIssue::Severity::error;
  }
  std::printf("%s: %s, %d errors, %d warnings\n", path.c_str(), summary.c_str(), errors,
              static_cast<int>(issues.size()) - errors);
  return errors;
}

// What the prices cover and how old they are (issue 14 asks for these counts).
void print_coverage(const std::string& path, const PriceBook& book) {
  const PriceBookStats s = price_book_stats(book);
  std::printf("%s: street prices for %d cards (%d new, %d used, %d in yuan); oldest date %s\n", path.c_str(),
              s.cards_with_street_price, s.cards_with_new_price, s.cards_with_used_price, s.cards_with_cny_price,
              s.oldest_date.empty() ? "none" : s.oldest_date.c_str());
  std::printf("%s: cloud rates by provider kind:", path.c_str());
  for (ProviderKind kind : kProviderKinds) {
    std::printf(" %s %d", provider_kind_key(kind), s.rates_by_kind[static_cast<int>(kind)]);
  }
  std::printf("; %d spot; %d refreshed by scripts/refresh_prices.py\n", s.spot_rates, s.refreshable_rates);
  std::printf("%s: stale (seen more than %d months before %s): %d street prices, %d cloud rates\n", path.c_str(),
              kStaleAfterMonths, book.today.c_str(), s.stale_street_prices, s.stale_rates);
}

std::string joined(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out.empty() ? "none" : out;
}

// Issue 28's counts: rows priced, per market, the default prices' ages, the parts no one rents.
void print_buyer_coverage(const std::string& path, const Catalog& catalog, const PriceBook& book) {
  const PriceCoverage c = price_coverage(catalog, book);
  std::printf("%s: %d of %d catalog rows have a dated purchase price (%d new, %d used, %d through a system's price); "
              "%d more only a rental rate\n",
              path.c_str(), c.priced, c.rows, c.priced_new, c.priced_used, c.priced_by_system,
              static_cast<int>(c.rental_only.size()));
  for (const MarketCoverage& m : market_coverage(catalog, book)) {
    std::printf("%s: market %s: %d rows priced (%d new, %d used)\n", path.c_str(), m.market.c_str(), m.cards_any,
                m.cards_new, m.cards_used);
  }
  for (const DefaultPriceAges& d : c.defaults) {
    std::printf("%s: default %s price in %s: %d rows, %d older than %d months or undated (%.0f %%), %d from another "
                "market\n",
                path.c_str(), d.used ? "used" : "new", d.market.c_str(), d.cards, d.older, kStaleAfterMonths,
                d.cards ? 100.0 * d.older / d.cards : 0.0, d.other_market);
  }
  std::printf("%s: rental only: %s\n", path.c_str(), joined(c.rental_only).c_str());
  std::printf("%s: no price and no rate: %s\n", path.c_str(), joined(c.unpriced).c_str());
  std::printf("%s: datacenter rows without a rate: %s\n", path.c_str(), joined(c.datacenter_without_rate).c_str());
}

// The note issue 29 asks for: card x stack grades by grade, and the sources behind them.
void print_software_counts(const std::string& path, const SoftwareTable& table, const Catalog& catalog,
                           const Compat& compat) {
  int by_grade[5] = {};
  std::vector<std::string> sources;
  for (const Gpu& gpu : catalog.gpus) {
    for (const SupportStack& stack : table.stacks) {
      const Support support = stack_support(table, &compat, gpu, stack.key);
      ++by_grade[static_cast<int>(support.grade)];
      if (support.cell) sources.push_back(support.cell->source);
    }
  }
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  std::printf("%s: card x stack grades:", path.c_str());
  for (Grade g : {Grade::first_class, Grade::works, Grade::community, Grade::no, Grade::unknown}) {
    std::printf(" %s %d", grade_key(g), by_grade[static_cast<int>(g)]);
  }
  std::printf(" (%zu cards x %zu stacks); %zu public sources behind the cells, plus cuda.json and the catalog's figures\n",
              catalog.gpus.size(), table.stacks.size(), sources.size());
}

bool name_has(const std::string& path, const char* word) {
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return name.find(word) != std::string::npos;
}

}  // namespace

int run_validate(const Args& args) {
  std::vector<std::string> files = args.positional({"--data-dir", "--today"});
  const bool shipped = files.empty();
  if (shipped) files = {data_path(args, "gpus.json"), data_path(args, "prices.json"), data_path(args, "cuda.json"),
                       data_path(args, "benchmarks.json"), data_path(args, "software.json")};

  // Prices name catalog ids, so the catalog is read first (the shipped one, or the
  // first catalog file given).
  Catalog catalog;
  std::string text;
  const std::string catalog_path = data_path(args, "gpus.json");
  if (read_file(catalog_path, text)) catalog = load_catalog(text);

  int errors = 0;
  for (const std::string& path : files) {
    if (!read_file(path, text)) {
      ++errors;
      continue;
    }
    if (name_has(path, "prices")) {
      PriceBook book = load_prices(text, catalog);
      book.today = today_date(args);
      errors += report(path, book.issues, std::to_string(book.street_prices.size()) + " street prices and " +
                                              std::to_string(book.cloud_rates.size()) + " cloud rates loaded");
      print_coverage(path, book);
      print_buyer_coverage(path, catalog, book);
    } else if (name_has(path, "benchmarks")) {
      const Benchmarks measured = load_benchmarks(text, catalog);
      errors += report(path, measured.issues, std::to_string(measured.results.size()) + " measured results in " +
                                                  std::to_string(measured.sets.size()) + " sets loaded");
    } else if (name_has(path, "software")) {
      // Coverage and the catalog's tags are checked with the shipped cuda.json (PyTorch on CUDA).
      SoftwareTable table = load_software(text);
      std::string cuda_text;
      const Compat compat = read_file(data_path(args, "cuda.json"), cuda_text) ? load_compat(cuda_text) : Compat{};
      if (table.error_count() == 0) {
        const std::vector<CatalogIssue> coverage = check_software_coverage(table, catalog, &compat);
        table.issues.insert(table.issues.end(), coverage.begin(), coverage.end());
      }
      errors += report(path, table.issues, std::to_string(table.cells.size()) + " cells for " +
                                               std::to_string(table.stacks.size()) + " stacks loaded");
      print_software_counts(path, table, catalog, compat);
    } else if (name_has(path, "cuda")) {
      Compat compat = load_compat(text);
      // The catalog's `software` keys are checked against this file's stacks.
      const std::vector<CatalogIssue> software = compat.check_software(catalog);
      compat.issues.insert(compat.issues.end(), software.begin(), software.end());
      errors += report(path, compat.issues, std::to_string(compat.compute_capabilities.size()) +
                                                " compute capabilities, " + std::to_string(compat.pytorch.size()) +
                                                " PyTorch releases and " + std::to_string(compat.stacks.size()) +
                                                " software stacks loaded");
    } else {
      const Catalog loaded = load_catalog(text);
      errors += report(path, loaded.issues, std::to_string(loaded.gpus.size()) + " GPUs loaded");
    }
  }
  return errors > 0 ? 1 : 0;
}

}  // namespace gpuwise::cli
