// gpuwise advise --gpu ID [--count N] [--read-mbs MBS] [--json]: the rest of the machine
// around the cards (RAM, CPU cores, DataLoader workers, disk, power supply and the
// multi-GPU warnings) from advise(), the function the Advisor tab calls (docs/advisor.md).
// The flags are the adv.* fields of the view, read and checked like a link's adv.* keys.
#include <cstdio>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "cli.h"
#include "estimate/advisor.h"
#include "text/format.h"
#include "text/json_util.h"
#include "view/view_state.h"

namespace gpuwise::cli {
namespace {

std::string usage() {
  const AdvisorView defaults;
  return "usage: gpuwise advise --gpu ID [--count N] [--read-mbs MBS] [--json] [--data-dir DIR]\n"
         "--count: cards (boards) in the machine, default " + std::to_string(defaults.gpu_count) +
         "; --read-mbs: how fast each GPU's training job reads its data, MB/s, default " +
         format_number(defaults.dataset_read_mbs, 1) + ".\n";
}

int fail(const std::string& message) {
  std::fprintf(stderr, "gpuwise advise: %s\n%s", message.c_str(), usage().c_str());
  return 2;
}

json advice_json(const Advice& a) {
  json out = {{"key", a.key}, {"value", a.value}, {"unit", a.unit}, {"why", a.why.text()}};
  out["choice"] = a.choice.empty() ? json(nullptr) : json(a.choice);
  return out;
}

json texts_json(const std::vector<TemplateText>& texts) {
  json out = json::array();
  for (const TemplateText& t : texts) out.push_back(t.text());
  return out;
}

std::vector<const Advice*> advice_rows(const AdvisorResult& r) {
  return {&r.ram, &r.cpu_cores, &r.num_workers, &r.disk, &r.power_supply};
}

}  // namespace

int run_advise(const Args& args) {
  std::vector<std::string> values = field_flags({"advisor"});
  values.push_back("--data-dir");
  const auto unknown = args.unknown({"--json"}, values);
  if (!unknown.empty()) return fail("unknown option '" + unknown.front() + "'");
  if (!args.value("--gpu")) return fail("--gpu ID is needed (a card id from gpuwise catalog --json)");
  ViewState state;
  if (!read_field_flags(args, "advise", {"advisor"}, state)) {
    std::fprintf(stderr, "%s", usage().c_str());
    return 2;
  }
  const AdvisorView& view = state.advisor;

  std::string text;
  if (!read_file(data_path(args, "gpus.json"), text)) return 2;
  const Catalog catalog = load_catalog(text);
  const int index = catalog.find(view.gpu_id);
  if (index < 0) return fail("unknown GPU id '" + view.gpu_id + "'");
  const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
  const AdvisorResult result = advise(gpu, view);

  if (args.flag("--json")) {
    json advice = json::array();
    for (const Advice* a : advice_rows(result)) advice.push_back(advice_json(*a));
    const json out = {{"gpu_id", gpu.id},
                      {"name", gpu.name},
                      {"gpu_count", result.input.gpu_count},
                      {"dataset_read_mbs", result.input.dataset_read_mbs},
                      {"gpus_total", result.gpus_total},
                      {"total_vram_gb", result.total_vram_gb},
                      {"ram_minimum_gb", result.ram_minimum_gb},
                      {"advice", advice},
                      {"warnings", texts_json(result.warnings)},
                      {"notices", texts_json(result.notices)}};
    std::printf("%s\n", dump_json(out, 2).c_str());
    return 0;
  }
  std::printf("%s x%d (%d GPUs, %s GB of VRAM), reading %s MB/s per GPU\n", gpu.name.c_str(),
              result.input.gpu_count, result.gpus_total, format_number(result.total_vram_gb, 1).c_str(),
              format_number(result.input.dataset_read_mbs, 1).c_str());
  for (const Advice* a : advice_rows(result)) {
    const std::string amount = a->choice.empty() ? format_number(a->value, 0) + " " + a->unit
                                                 : a->choice + " (" + format_number(a->value, 0) + " " + a->unit + ")";
    std::printf("%-13s %-24s %s\n", a->key.c_str(), amount.c_str(), a->why.text().c_str());
  }
  for (const TemplateText& w : result.warnings) std::printf("warning: %s\n", w.text().c_str());
  for (const TemplateText& n : result.notices) std::printf("note: %s\n", n.text().c_str());
  return 0;
}

}  // namespace gpuwise::cli
