// gpuwise image: whether a diffusion model fits each card and how fast it runs (steps a
// second, seconds an image, images an hour, with the band), the measured run beside it
// (src/core/estimate/image.h, docs/images.md). The flags are the image.* fields of the view,
// read like a link; the rows are image_table()'s after the software gate, as the Images tab
// shows them, with the cards current software cannot run listed apart.
//   --check      predicted vs measured, in sample and leave-one-card-out
//   --calibrate  the factors fitted from data/benchmarks.json (as JSON)
#include <cstdio>
#include <string>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "catalog/software.h"
#include "cli.h"
#include "estimate/gates.h"
#include "estimate/image.h"
#include "money/image_job.h"
#include "money/prices.h"
#include "text/json_util.h"
#include "view/view_state.h"

namespace gpuwise::cli {
namespace {

std::string usage() {
  const ImageView d;
  return "usage: gpuwise image [--model sd15|sdxl|flux1-dev|flux1-schnell] [--precision fp16|fp8|nf4|gguf-q8|gguf-q4]\n"
         "                     [--software pytorch|webui] [--width PX] [--height PX] [--steps N] [--gpu ID] [--top N]\n"
         "                     [--fits-only] [--json]\n"
         "       gpuwise image --check [--json]      estimates vs the measured runs, in sample and held out\n"
         "       gpuwise image --calibrate           the fitted factors as JSON (data/image_calibration.json)\n"
         "Default: --model " + d.model + " --precision " + d.precision + " --width " + std::to_string(d.width) +
         " --height " + std::to_string(d.height) + " --steps " + std::to_string(d.steps) + " --software " + d.software +
         "; every card, the ones it does not fit on last.\n";
}

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise image: %s\n%s", message.c_str(), usage().c_str());
  return 2;
}

void print_checks(const std::vector<ImageCheck>& checks) {
  std::printf("%-19s %4s %6s %8s %8s %9s\n", "held out", "n", "groups", "spearman", "min", "med err %");
  for (const ImageCheck& c : checks) {
    std::printf("%-19s %4d %6d %8.3f %8.3f %9.1f\n", c.held_out.c_str(), c.n, c.groups, c.spearman, c.spearman_min,
                c.median_abs_error_pct);
    for (const auto& [group, rho] : c.group_spearman) std::printf("    %-48s %6.3f\n", group.c_str(), rho);
  }
}

}  // namespace

int run_image(const Args& args) {
  std::vector<std::string> switches = field_switches({"image"});
  switches.insert(switches.end(), {"--json", "--check", "--calibrate"});
  std::vector<std::string> values = field_flags({"image"});
  values.insert(values.end(), {"--gpu", "--data-dir"});
  const auto unknown = args.unknown(switches, values);
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "benchmarks.json"), text)) return 2;
  const Benchmarks benchmarks = load_benchmarks(text, catalog);
  if (args.flag("--calibrate")) {
    std::printf("%s\n", dump_json(image_calibration_to_json(fit_image_calibration(catalog, benchmarks)), 2).c_str());
    return 0;
  }
  if (args.flag("--check")) {
    const std::vector<ImageCheck> checks = check_image(catalog, benchmarks);
    if (args.flag("--json")) std::printf("%s\n", dump_json(image_checks_to_json(checks), 2).c_str());
    else print_checks(checks);
    return 0;
  }
  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "image_calibration.json"), text)) return 2;
  const ImageCalibration calibration = load_image_calibration(text, issues);
  for (const auto& issue : issues) std::fprintf(stderr, "image_calibration.json: %s\n", issue.to_string().c_str());
  if (!issues.empty()) return 2;
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable software = load_software(text);
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);

  // Every card unless --top or --fits-only say otherwise; the rest of the view is the page's.
  ViewState state;
  state.image.fits_only = false;
  state.image.top_n = static_cast<int>(catalog.gpus.size());
  if (!read_field_flags(args, "image", {"image"}, state)) {
    std::fprintf(stderr, "%s", usage().c_str());
    return 2;
  }
  const ImageView& view = state.image;
  if (auto problem = check_image_view(view)) return fail(problem->text());

  Catalog cards = catalog;
  if (auto id = args.value("--gpu")) {
    const int index = catalog.find(*id);
    if (index < 0) return fail("unknown GPU id '" + *id + "'");
    cards.gpus = {catalog.gpus[static_cast<std::size_t>(index)]};
  }
  const GatedImageTable gated = gated_image_table(cards, benchmarks, calibration, software, &compat, view);
  json out = image_table_to_json(gated.table);
  add_gate_json(gated.gate, out);
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(out, 2).c_str());
    return 0;
  }
  if (gated.table.problem) std::printf("%s\n", gated.table.problem->text().c_str());
  std::printf("assuming %s; * rests on the card's own measured runs of this model and precision\n",
              image_software_assumed(view.software));
  for (const ImageRow& row : gated.table.rows) {
    const ImageEstimate& e = row.estimate;
    if (e.fits) {
      std::printf("%-28s fits%-14s %5.1f GB  %6.2f it/s%s %7.2f s/image (%.2f to %.2f)  %7.0f images/h\n",
                  row.gpu_id.c_str(), e.offload ? " (TE offload)" : "", e.needed_gb, e.iterations_per_s,
                  e.rests_on_measured ? "*" : " ",
                  e.seconds_per_image, e.seconds_per_image / e.band.high_ratio, e.seconds_per_image / e.band.low_ratio,
                  e.images_per_hour);
    } else {
      std::printf("%-28s no: lacks %.1f GB (needs %.1f, usable %.1f)\n", row.gpu_id.c_str(), e.lacks_gb, e.needed_gb,
                  e.usable_gb);
    }
  }
  // As the page's fit tooltip says: "does not fit" is for the weights held on the card.
  if (gated.table.cards_fit < static_cast<int>(gated.table.rows.size())) {
    std::printf("(a card that lacks memory may still run it with ComfyUI's low-VRAM mode, streaming the weights "
                "from system RAM every step: slower, not estimated here)\n");
  }
  for (const LeftOut& left : gated.gate.left_out) {
    std::printf("%-28s left out: %s\n", left.gpu_id.c_str(),
                workload_sentence(left.support).c_str());
  }
  return 0;
}

// gpuwise job --kind image: what --images pictures cost on each card, owned or rented, per
// 1,000 (money/image_job.h), with the Images tab's model flags and roi's owning flags.
int run_image_job(const Args& args) {
  std::vector<std::string> values = field_flags({"image"});
  for (const std::string& flag : job_ownership_flags()) values.push_back(flag);
  for (const char* flag : {"--kind", "--images", "--data-dir", "--today", "--market"}) values.push_back(flag);
  // The buyer's market and --used price owning and pick the rent's provider kinds (issue 28);
  // a budget is not applied to a batch of images, so --budget is not taken here.
  const auto unknown = args.unknown({"--json", "--used"}, values);
  auto job_fail = [](const std::string& message) {
    std::fprintf(stderr, "gpuwise job: %s\nusage: gpuwise job --kind image [--images N] [--model ID] [--precision P] "
                         "[--width PX] [--height PX] [--steps N]\n       [roi's owning flags] [--market us|eu|cn] [--used] [--json]\n",
                 message.c_str());
    return 2;
  };
  if (const auto refused = refuse_roi_flags(args)) return job_fail(*refused);
  if (!unknown.empty()) return job_fail("unknown option '" + unknown.front() + "'");
  ViewState state;
  if (!read_field_flags(args, "job", {"image"}, state, {"--top", "--fits-only"}) ||
      !read_field_flag(args, "job", "--images", {"job"}, state) ||
      !read_field_flag(args, "job", "--market", {""}, state) ||
      !read_field_flags(args, "job", {"roi"}, state, not_job_ownership_flags())) {
    return 2;
  }
  state.buyer.used = args.flag("--used");
  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  if (!read_file(data_path(args, "prices.json"), text)) return 2;
  PriceBook book = load_prices(text, catalog);
  book.today = today_date(args);
  if (book.today.empty()) return 2;
  std::vector<CatalogIssue> issues;
  if (!read_file(data_path(args, "image_calibration.json"), text)) return 2;
  const ImageCalibration calibration = load_image_calibration(text, issues);
  if (!issues.empty()) return job_fail("image_calibration.json: " + issues.front().to_string());
  if (!read_file(data_path(args, "software.json"), text)) return 2;
  const SoftwareTable software = load_software(text);
  if (!read_file(data_path(args, "cuda.json"), text)) return 2;
  const Compat compat = load_compat(text);
  const ImageJobResult result =
      image_job_cost(catalog, book, calibration, state.image, state.job.images, state.roi, &software, &compat,
                     state.buyer);
  if (result.problem) return job_fail(result.problem->text());
  if (args.flag("--json")) {
    std::printf("%s\n", dump_json(image_job_to_json(result), 2).c_str());
    return 0;
  }
  std::printf("%s images of %s, %dx%d, %d steps (prices as of %s)\n", format_number(result.images, 0).c_str(),
              state.image.model.c_str(), state.image.width, state.image.height, state.image.steps, book.today.c_str());
  std::printf("%-28s %9s %9s %12s %12s  %s\n", "card", "s/image", "hours", "own /1000", "rent /1000", "provider");
  for (const ImageJobOption& o : result.options) {
    auto money = [](const std::optional<double>& v) { return v ? "$" + format_number(*v, 2) : std::string("-"); };
    std::printf("%-28s %9.2f %9.2f %12s %12s  %s\n", o.gpu_id.c_str(), o.estimate.seconds_per_image, o.hours,
                money(o.own_usd_per_1000).c_str(), money(o.rent_usd_per_1000).c_str(),
                o.rate ? o.rate->provider.c_str() : o.rent_missing.text().c_str());
  }
  for (const LeftOut& left : result.gate.left_out) {
    std::printf("left out: %s: %s\n", left.name.c_str(),
                workload_sentence(left.support).c_str());
  }
  return 0;
}

}  // namespace gpuwise::cli
