// What the speed fit (speed.cpp) and the training fit (training.cpp) share: the median,
// the per-family medians of a calibration table, which rows a held-out fit leaves out,
// and the summary of predicted vs measured rows that check_speed() reports.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/speed.h"

namespace gpuwise {

double median(std::vector<double> values);  // 0 for none
// The q-quantile (0 to 1) by linear interpolation between the sorted values; 1 for none.
double percentile(std::vector<double> values, double q);

// With fewer runs than this, the 10th and 90th percentiles interpolate inside the runs and
// leave two in five outside; a class's band spans them all instead.
constexpr std::size_t kSmallClassRuns = 10;
// A class's band from its runs' measured / estimated ratios: the 10th to 90th percentile
// (all of them under kSmallClassRuns), always containing 1; `samples` the runs.
Band band_of_ratios(const std::vector<double>& ratios, const std::string& class_key);

// A family's own factor needs this many different cards; with one, that card's quirks
// (driver, clocks, a cloud VM) would become the family's, so it takes the default. Two
// is enough: with three, holding out one of the three measured Apple machines sent the
// other two to the default factor (decode, leave one card out: Spearman 0.947 vs 0.964).
constexpr std::size_t kMinCardsPerFamily = 2;

// Per family: the factor of each row, and the cards they came from.
struct FamilyValues {
  std::vector<double> values;
  std::set<std::string> cards;
  void add(const Gpu& gpu, double value) {
    values.push_back(value);
    cards.insert(gpu.id);
  }
};

// Fills table[family] with the median of each family's values (families with enough
// cards) and "default" with the median of all; samples counts them under "<what>/<family>".
void fill_medians(const std::map<std::string, FamilyValues>& by_family, const std::string& what,
                  std::map<std::string, double>& table, std::map<std::string, int>& samples);

// True when a fit that excludes `exclude_set` or `exclude_gpu` (empty: none) leaves the row out.
bool held_out(const MeasuredResult& r, const std::string& exclude_set, const std::string& exclude_gpu);

// One check from predicted vs measured rows: Spearman within each group of 4 or more
// rows (median and minimum), pooled Spearman, and the median |predicted / measured − 1|.
SpeedCheck summarise(const std::string& set, const std::string& phase, const std::string& held,
                     const std::vector<SpeedCheckPoint>& pairs);

}  // namespace gpuwise
