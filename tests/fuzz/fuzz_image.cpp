// Fuzzes image generation (estimate/image.h, money/image_job.h) as the page, the link and
// the CLI reach it: an ImageView built from the bytes (any model or precision text, any
// width, height and step count, the int limits included) through the check, one card's
// estimate, the Images tab's table and the image job's cost; or the bytes as
// data/image_calibration.json. Either a problem in words and no rows, or figures that are
// finite and not negative, a fit that says how much it needs, and no figure without a
// band. The catalog, prices, benchmarks and software table are the shipped ones, loaded
// once; the table runs on a few cards of them so one run stays fast.
#include <cstddef>
#include <cstdint>

#include "catalog/benchmarks.h"
#include "catalog/data_file.h"
#include "catalog/software.h"
#include "estimate/image.h"
#include "fuzz_numbers.h"
#include "fuzz_support.h"
#include "money/image_job.h"

using namespace gpuwise;

namespace {

const ImageCalibration& shipped_image_calibration() {
  static const ImageCalibration cal = [] {
    std::vector<CatalogIssue> issues;
    return load_image_calibration(fuzz::read_source_file("data/image_calibration.json"), issues);
  }();
  return cal;
}
const SoftwareTable& shipped_software() {
  static const SoftwareTable table = load_software(fuzz::read_source_file("data/software.json"));
  return table;
}
const Compat& shipped_compat() {
  static const Compat compat = load_compat(fuzz::read_source_file("data/cuda.json"));
  return compat;
}

// Cards on every path: measured NVIDIA (4090, 4070, 3060 12 GB), too small (a 4 GB card),
// no tensor cores (P100, K80: software says no), AMD, a Mac (unified memory), Intel Arc,
// an H100 (FP8), a card without prices.
const Catalog& few_cards() {
  static const Catalog catalog = [] {
    Catalog out;
    for (const char* id : {"rtx-4090", "rtx-4070", "rtx-3060", "gtx-1650", "tesla-p100-pcie-16gb", "tesla-k80",
                           "rx-7900-xtx", "apple-m2-ultra-76c", "arc-a770-16gb", "h100-sxm5", "ascend-910b"}) {
      const int index = fuzz::shipped_catalog().find(id);
      if (index >= 0) out.gpus.push_back(fuzz::shipped_catalog().gpus[static_cast<std::size_t>(index)]);
    }
    return out;
  }();
  return catalog;
}
// The image runs of benchmarks.json for those cards (the table looks a measured run up per card).
const Benchmarks& few_benchmarks() {
  static const Benchmarks b = load_benchmarks(fuzz::read_source_file("data/benchmarks.json"), few_cards());
  return b;
}

std::vector<std::string> ids_of(bool models) {
  std::vector<std::string> out;
  if (models) {
    for (const ImageModel& m : image_models()) out.push_back(m.id);
  } else {
    for (const ImagePrecision& p : image_precisions()) out.push_back(p.id);
  }
  return out;
}

bool non_negative(double v) { return fuzz::finite(v) && v >= 0; }

void check_estimate(const ImageEstimate& e) {
  FUZZ_CHECK(non_negative(e.needed_gb) && non_negative(e.usable_gb) && non_negative(e.lacks_gb));
  // Fits (lacks nothing), lacks a positive amount, or was not computed at all (needs 0).
  FUZZ_CHECK(e.fits ? e.lacks_gb == 0 : (e.lacks_gb > 0 || e.needed_gb == 0));
  if (!e.fits && e.needed_gb == 0) FUZZ_CHECK(e.iterations_per_s == 0 && e.seconds_per_image == 0);
  FUZZ_CHECK(!e.offload || e.fits);
  FUZZ_CHECK(non_negative(e.iterations_per_s) && non_negative(e.seconds_per_image));
  FUZZ_CHECK(non_negative(e.images_per_hour) && non_negative(e.offload_s_per_prompt));
  if (e.iterations_per_s > 0) {
    FUZZ_CHECK(e.seconds_per_image > 0 && e.images_per_hour > 0);
    FUZZ_CHECK(e.band.low_ratio > 0 && e.band.low_ratio <= e.band.high_ratio);
  }
}

void fuzz_view(FuzzedDataProvider& in) {
  static const std::vector<std::string> models = ids_of(true), precisions = ids_of(false);
  ImageView view;
  view.model = fuzz::any_key(in, models);
  view.precision = fuzz::any_key(in, precisions);
  // Mostly sizes near the models' own, sometimes anything an int holds.
  view.width = in.ConsumeBool() ? 64 * in.ConsumeIntegralInRange<int>(1, 40) : fuzz::any_whole(in, 4096);
  view.height = in.ConsumeBool() ? 64 * in.ConsumeIntegralInRange<int>(1, 40) : fuzz::any_whole(in, 4096);
  view.steps = fuzz::any_whole(in, 150);
  view.fits_only = in.ConsumeBool();
  view.top_n = fuzz::any_whole(in, 50);
  const bool bad = check_image_view(view).has_value();

  const Gpu& one = few_cards().gpus[in.ConsumeIntegralInRange<std::size_t>(0, few_cards().gpus.size() - 1)];
  // estimate_image() computes any positive size (the fit calls it on the measured runs' own
  // sizes); the check is what refuses a view, and the table and the job below follow it.
  // Unknown names or a size or step count of 0 or less: nothing computed.
  const ImageEstimate e = estimate_image(one, view, shipped_image_calibration());
  if (!find_image_model(view.model) || !find_image_precision(view.precision) || view.width <= 0 ||
      view.height <= 0 || view.steps <= 0) {
    FUZZ_CHECK(!e.fits && e.needed_gb == 0 && e.iterations_per_s == 0);
  }
  check_estimate(e);

  ImageTable table = image_table(few_cards(), few_benchmarks(), shipped_image_calibration(), view);
  // A bad view: the problem and no rows; a view that fits no card: that problem, and
  // the cards that lack memory when they are asked for.
  if (bad) FUZZ_CHECK(table.problem.has_value() && table.rows.empty());
  if (table.problem) FUZZ_CHECK(!table.problem->text().empty());
  FUZZ_CHECK(table.problem.has_value() == (bad || table.cards_fit == 0));
  FUZZ_CHECK(table.cards_fit >= 0 && table.cards_fit <= table.cards_estimated);
  for (const ImageRow& row : table.rows) {
    check_estimate(row.estimate);
    if (view.fits_only) FUZZ_CHECK(row.estimate.fits);
    if (row.measured) FUZZ_CHECK(row.measured->gpu_id == row.gpu_id && row.measured->value > 0);
  }
  // What "Export CSV" and `gpuwise image --json` give.
  FUZZ_CHECK(!image_table_csv(table).empty());
  FUZZ_CHECK(!dump_json(image_table_to_json(table)).empty());

  RoiView ownership;
  ownership.hours_per_day = fuzz::any_number(in, 24);
  ownership.months = fuzz::any_whole(in, 150);
  ownership.kwh_price_usd = fuzz::any_number(in, 1);
  const double images = fuzz::any_number(in, 1e6);
  const bool gated = in.ConsumeBool();
  const ImageJobResult job = image_job_cost(few_cards(), fuzz::shipped_prices(), shipped_image_calibration(), view,
                                            images, ownership, gated ? &shipped_software() : nullptr,
                                            gated ? &shipped_compat() : nullptr);
  if (bad) FUZZ_CHECK(job.problem.has_value());
  if (job.problem) FUZZ_CHECK(job.options.empty() && !job.problem->text().empty());
  for (const ImageJobOption& o : job.options) {
    FUZZ_CHECK(o.estimate.fits && non_negative(o.hours) && o.hours > 0);
    for (const auto* usd : {&o.own_cost_usd, &o.own_usd_per_1000, &o.rent_cost_usd, &o.rent_usd_per_1000}) {
      if (*usd) FUZZ_CHECK(non_negative(**usd));
    }
    FUZZ_CHECK(o.own_cost_usd.has_value() == o.own_missing.pattern.empty());
    FUZZ_CHECK(o.rent_cost_usd.has_value() == o.rent_missing.pattern.empty());
  }
  for (const LeftOut& out : job.gate.left_out) FUZZ_CHECK(gated && out.support.grade == Grade::no);
  FUZZ_CHECK(!image_job_csv(job).empty());
  FUZZ_CHECK(!dump_json(image_job_to_json(job)).empty());
}

void fuzz_calibration(const std::uint8_t* data, std::size_t size) {
  std::vector<CatalogIssue> issues;
  const ImageCalibration cal =
      load_image_calibration(std::string_view(reinterpret_cast<const char*>(data), size), issues);
  for (const CatalogIssue& issue : issues) FUZZ_CHECK(!issue.to_string().empty());
  FUZZ_CHECK(non_negative(cal.efficiency));
  ImageView view;
  for (const Gpu& gpu : few_cards().gpus) check_estimate(estimate_image(gpu, view, cal));
  FUZZ_CHECK(!dump_json(image_calibration_to_json(cal)).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 0 && data[0] == '{') {
    fuzz_calibration(data, size);
    return 0;
  }
  FuzzedDataProvider in(data, size);
  fuzz_view(in);
  return 0;
}
