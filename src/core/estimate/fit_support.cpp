#include "estimate/fit_support.h"

#include <algorithm>
#include <cmath>

#include "text/stable_sort.h"

namespace gpuwise {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  stable_sort_rows(values);
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 1;
  stable_sort_rows(values);
  const double at = q * static_cast<double>(values.size() - 1);
  const std::size_t below = static_cast<std::size_t>(std::floor(at));
  const std::size_t above = std::min(values.size() - 1, below + 1);
  return values[below] + (values[above] - values[below]) * (at - static_cast<double>(below));
}

void fill_medians(const std::map<std::string, FamilyValues>& by_family, const std::string& what,
                  std::map<std::string, double>& table, std::map<std::string, int>& samples) {
  std::vector<double> all;
  for (const auto& [family, fv] : by_family) {
    const std::vector<double>& values = fv.values;
    if (fv.cards.size() >= kMinCardsPerFamily) {
      table[family] = median(values);
      samples[what + "/" + family] = static_cast<int>(values.size());
    }
    all.insert(all.end(), values.begin(), values.end());
  }
  if (!all.empty()) {
    table["default"] = median(all);
    samples[what + "/default"] = static_cast<int>(all.size());
  }
}

bool held_out(const MeasuredResult& r, const std::string& exclude_set, const std::string& exclude_gpu) {
  return (!exclude_set.empty() && r.set == exclude_set) || (!exclude_gpu.empty() && r.gpu_id == exclude_gpu);
}

SpeedCheck summarise(const std::string& set, const std::string& phase, const std::string& held,
                     const std::vector<SpeedCheckPoint>& pairs) {
  SpeedCheck check;
  check.set = set;
  check.phase = phase;
  check.held_out = held;
  check.n = static_cast<int>(pairs.size());
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> groups;
  std::vector<double> errors, all_p, all_m;
  for (const auto& p : pairs) {
    groups[p.group].first.push_back(p.predicted);
    groups[p.group].second.push_back(p.measured);
    errors.push_back(std::fabs(p.predicted / p.measured - 1) * 100);
    all_p.push_back(p.predicted);
    all_m.push_back(p.measured);
    check.points.push_back({p.gpu_id, p.group, p.predicted, p.measured});
  }
  std::vector<double> rhos;
  for (const auto& [name, values] : groups) {
    if (values.first.size() < 4) continue;
    rhos.push_back(spearman(values.first, values.second));
    check.group_spearman[name] = rhos.back();
  }
  check.groups = static_cast<int>(rhos.size());
  check.spearman = median(rhos);
  check.spearman_min = rhos.empty() ? 0 : *std::min_element(rhos.begin(), rhos.end());
  check.spearman_pooled = spearman(all_p, all_m);
  check.median_abs_error_pct = median(errors);
  return check;
}

Band band_of_ratios(const std::vector<double>& ratios, const std::string& class_key) {
  Band band;
  band.class_key = class_key;
  band.samples = static_cast<int>(ratios.size());
  if (ratios.empty()) return band;
  const bool small = ratios.size() < kSmallClassRuns;
  band.low_ratio = std::min(1.0, small ? *std::min_element(ratios.begin(), ratios.end()) : percentile(ratios, 0.1));
  band.high_ratio = std::max(1.0, small ? *std::max_element(ratios.begin(), ratios.end()) : percentile(ratios, 0.9));
  return band;
}

}  // namespace gpuwise
