// The rest of the machine around the GPUs (the guide's §6): RAM, CPU cores and DataLoader
// workers, disk class, power supply, and the guide's multi-GPU warning. Each answer is a
// number with a unit and a "why" built from a small fixed set of English patterns
// (advisor_why_patterns()), so the UI can translate the pattern and fill the numbers.
// Method: docs/advisor.md.
#pragma once
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "text/template_text.h"
#include "estimate/estimate_views.h"

namespace gpuwise {

struct Advice {
  std::string key;     // ram, cpu_cores, num_workers, disk, power_supply
  double value = 0;    // 64, 12, 4, 750, 1000
  std::string unit;    // GB, cores, per GPU, MB/s, W
  std::string choice;  // disk only: hdd, sata-ssd, nvme, nvme-raid0
  TemplateText why;
};

// The guide's sustained throughput per disk class, cheapest first.
struct DiskClass {
  std::string id;    // hdd, sata-ssd, nvme
  std::string name;  // "HDD", "SATA SSD", "NVMe SSD"
  double read_mbs = 0;
  double write_mbs = 0;
};
const std::vector<DiskClass>& disk_classes();

struct AdvisorResult {
  AdvisorView input;        // after clamping; gpu_count counts cards (boards)
  int gpus_total = 0;       // cards × GPUs per board: what workers and data reads scale with
  double total_vram_gb = 0; // every GPU's memory together
  double ram_minimum_gb = 0;  // the guide's floor: one card's VRAM
  Advice ram;
  Advice cpu_cores;
  Advice num_workers;
  Advice disk;
  Advice power_supply;
  std::vector<TemplateText> warnings;  // GeForce in 4+ GPU servers, GPU-to-GPU links, big supplies
  std::vector<TemplateText> notices;   // inputs that were clamped
};

// Advice for gpu_count cards of this GPU reading dataset_read_mbs per GPU.
// view.gpu_id is not looked up here: the caller passes the card.
AdvisorResult advise(const Gpu& gpu, const AdvisorView& view);
// advise()'s power_supply.value alone, without the rest of the advice and its sentences
// (machine_outlay() sizes a machine for every card and count a job prices).
double power_supply_w(const Gpu& gpu, int gpu_count);

// Every pattern a why, warning or notice can use, for translation tables and their tests.
const std::vector<std::string>& advisor_why_patterns();

// Standard sizes the advice rounds up to.
double round_up_ram_gb(double gb);       // 16, 32, 64, 128, ... (powers of two, 16 GB floor)
int round_up_core_count(int cores);      // 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, ...
double round_up_psu_w(double watts);     // 450, 550, 650, 750, 850, 1000, 1200, 1300, 1600, then +200

}  // namespace gpuwise
