// Make images: each card that holds the model (the Images tab's estimate_image at the
// model's default size and steps, FP16), bought new, used or as a computer, or rented.
#include <algorithm>

#include "ask/ask_plan.h"
#include "catalog/support_memo.h"
#include "estimate/image.h"
#include "text/format.h"

namespace gpuwise::ask_plan {

std::vector<Candidate> image_candidates(const Question& q, AskResult& result) {
  const SupportMemo grades;  // every card's grade reads only its stacks' cells
  std::vector<Candidate> out;
  if (!q.data.image) {
    result.problem = TemplateText{I18N("the image calibration is not loaded")};
    return out;
  }
  const ImageModel& model = *find_image_model(q.ask.model);
  ImageView view;
  view.model = model.id;
  view.width = model.native_width;
  view.height = model.native_height;
  view.steps = model.typical_steps;
  const double wanted_s = q.ask.images_per_min > 0 ? 60.0 / q.ask.images_per_min : 0;
  if (wanted_s > 0) result.speed_wanted = q.ask.images_per_min;
  const double hours = q.ask.hours_per_day > 0 ? q.ask.hours_per_day : kAskRunHoursPerDay;
  result.assumptions.push_back({I18N("{0} x {1} pixels, {2} steps, 16-bit weights"),
                                {std::to_string(view.width), std::to_string(view.height), std::to_string(view.steps)}});
  result.assumptions.push_back({I18N("renting: {0} hours a day, {1} days a month"),
                                {format_number(hours, 1), format_number(kDaysPerMonth, 1)}});
  const char* workload = image_workload(view.precision);
  const int have = q.ask.have.empty() ? -1 : q.data.catalog->find(q.ask.have);
  if (!q.ask.have.empty() && have < 0) {
    result.problem = TemplateText{I18N("unknown card '{0}'"), {q.ask.have}};
    return out;
  }
  // The buyer's card: another one is an answer only when it is kAskUpgradeSpeedup faster.
  const Gpu* mine = have >= 0 ? &q.data.catalog->gpus[static_cast<std::size_t>(have)] : nullptr;
  double yours_s = 0;
  if (mine) {
    const ImageEstimate e = estimate_image(*mine, view, *q.data.image);
    if (e.fits && e.seconds_per_image > 0) {
      yours_s = e.seconds_per_image;
      say_upgrade_speedup(*mine, result);
    }
  }
  for (const Gpu& gpu : q.data.catalog->gpus) {
    const ImageEstimate estimate = estimate_image(gpu, view, *q.data.image);
    if (!estimate.fits || !(estimate.seconds_per_image > 0)) continue;
    AskAnswer base;
    if (!grade_card(q, gpu, workload, base)) {
      ++result.left_out_software;
      continue;
    }
    base.figure = AskFigure::seconds_per_image;
    base.value = estimate.seconds_per_image;
    base.low = estimate.seconds_per_image / estimate.band.high_ratio;
    base.high = estimate.seconds_per_image / estimate.band.low_ratio;
    base.band_measured = estimate.band.measured();
    base.needed_gb = estimate.needed_gb;
    base.usable_gb = estimate.usable_gb;
    base.free_gb = std::max(0.0, estimate.usable_gb - estimate.needed_gb);
    base.quant = view.precision;
    if (estimate.offload) base.caveats.push_back({I18N("fits only with the text encoders moved out of GPU memory: slower per prompt")});
    // Without a speed asked, at least kAskImageSecondsFloor a picture: a card slower than
    // that is no answer to "make images", bought or rented.
    const bool meets = estimate.seconds_per_image <= (wanted_s > 0 ? wanted_s : kAskImageSecondsFloor);
    if (&gpu == mine) {
      Candidate own = yours(gpu, base, 0);
      own.goodness = -estimate.seconds_per_image;
      own.meets = true;  // it is the buyer's: what it does is the answer, however slow
      out.push_back(std::move(own));
    }
    if (yours_s > 0 && estimate.seconds_per_image * kAskUpgradeSpeedup > yours_s) continue;  // buys nothing
    if (mine) {
      // A card in place of the buyer's, in the buyer's machine (as running a model's upgrades):
      // not a whole new computer.
      if (gpu.kind == "card" && !priced_as_machine(gpu) && gpu.id != mine->id) {
        if (auto c = upgrade(q, gpu, *mine, base, AskWay::upgrade_replace, 0)) {
          c->goodness = -estimate.seconds_per_image;
          c->meets = meets;
          out.push_back(std::move(*c));
        }
      }
    } else {
      add_purchases(q, gpu, 1, kTensorParallelLanes, base, -estimate.seconds_per_image, meets, out);
    }
    if (const auto rate = market_rate(q, gpu)) {
      Candidate c = rental(gpu, 1, *rate, base, -estimate.seconds_per_image, meets);
      c.answer.per_month_usd = rate->usd_per_gpu_hour * hours * kDaysPerMonth;
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace gpuwise::ask_plan
