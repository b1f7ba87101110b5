// The words of the buy-vs-rent calculator: the "Show the formulas" popup (every formula
// with this result's numbers filled in) and the sentence saying why owning never pays
// off. Each is a TemplateText whose pattern is an I18N() literal, so the page shows it
// translated (tr(pattern) + fill_template) and the CLI in English; one wording for both.
// The computation is roi.cpp; the JSON is roi_json.cpp.
#pragma once
#include <string>
#include <vector>

#include "money/roi.h"
#include "text/template_text.h"

namespace gpuwise {

// One row of the formulas popup. The TemplateText columns are what the UI translates;
// the strings are the same in English with the numbers filled in (the CLI prints them).
struct FormulaLine {
  TemplateText label_text;    // "Cost of renting to month m"; "Sell now (held {0} months)"
  TemplateText formula_text;  // "rent(m) = rate × GPUs × hours/day × 30.4375 × m"
  TemplateText numbers_text;  // "{0}" with "0.3900 × 1 × 8 × 30.4375 × 36", or a reason
  TemplateText result_text;   // "{0}" with "$3,418.74"; "month {0}"
  std::string label;          // label_text.text(), and so on
  std::string formula;
  std::string numbers;
  std::string result;
};

// Money in `currency` ("USD" or "CNY" at cny_per_usd; CNY without a rate stays USD).
std::vector<FormulaLine> roi_formulas(const RoiResult& result, const std::string& currency = "USD",
                                      double cny_per_usd = 0);

// Why owning never pays off (empty pattern when it does), money in `currency`:
// "The rental rate ({0}/GPU-hour) is no more than your own running cost (...)".
TemplateText roi_never_reason(const RoiResult& result, const std::string& currency = "USD", double cny_per_usd = 0);

}  // namespace gpuwise
