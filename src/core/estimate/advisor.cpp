#include "estimate/advisor.h"

#include <algorithm>
#include <cmath>

#include "text/limits.h"

namespace gpuwise {
namespace {

// [SECTION] Rules and constants (docs/advisor.md explains each)
// The guide's §6 figures, sustained MB/s.
const std::vector<DiskClass> kDiskClasses = {
    {"hdd", "HDD", 200, 200},
    {"sata-ssd", "SATA SSD", 500, 460},
    {"nvme", "NVMe SSD", 2400, 1700},
};
constexpr double kDiskHeadroom = 1.25;      // checkpoints, logs and other jobs read too

constexpr int kWorkersPerGpu = 4;           // DataLoader workers per training process
constexpr int kMainProcessCoresPerGpu = 1;  // the training process that feeds each GPU

constexpr double kPlatformPowerW = 250;     // CPU, RAM, disks, fans, board
constexpr double kPsuHeadroom = 1.25;       // power spikes above TDP; supplies run best below 80% load
constexpr double kLargestDesktopPsuW = 1600;


// [SECTION] The why patterns: the only sentences the advisor produces.
const char* const kRamOneCard =
    "The guide: at least as much RAM as the card's VRAM ({0} GB). Rounded up to a standard size: {1} GB.";
const char* const kRamManyCards =
    "The guide: at least as much RAM as one card's VRAM ({0} GB); more cards need no more. We suggest the "
    "total VRAM of all cards ({1} GB), so a model spread over them can be loaded and saved through RAM, "
    "rounded up to a standard size: {2} GB.";
const char* const kCores =
    "The guide says the core count sets DataLoader num_workers, but its rule of thumb is cut off. We use "
    "{0} workers plus 1 core for the training process per GPU: {1} × ({0} + 1) = {2} cores, rounded up "
    "to {3}.";
const char* const kWorkers =
    "Start with num_workers = {0} per GPU; raise it while the GPU waits for data, lower it if RAM runs out "
    "(every worker holds batches of its own).";
const char* const kDiskOneClass =
    "{0} × {1} MB/s per GPU × {2} headroom = {3} MB/s of reads; the cheapest class that sustains it is {4} "
    "(reads {5} MB/s, writes {6} MB/s in the guide's figures).";
const char* const kDiskRaid =
    "{0} × {1} MB/s per GPU × {2} headroom = {3} MB/s of reads, more than one NVMe SSD sustains ({4} MB/s): "
    "stripe {5} NVMe drives (RAID 0) or cache the dataset in RAM.";
const char* const kPower =
    "({0} W TDP × {1} cards + {2} W for CPU and platform) × {3} headroom = {4} W; the next standard supply "
    "is {5} W.";
const char* const kPowerUnknown =
    "{0}'s maker publishes no board power, so no supply can be sized from it: use the maker's rating for "
    "the server or card.";
const char* const kWarnGeforce =
    "The guide: in 4-, 8- and 16-GPU servers GeForce cards lose much more performance than data-centre "
    "cards, which are built for multi-GPU work. For {0} cards consider a data-centre model.";
const char* const kWarnLink =
    "{0} has a GPU-to-GPU link (NVLink or the vendor's equivalent; see the card's notes): gradients move "
    "between the {1} cards faster than over PCIe.";
const char* const kWarnNoLink =
    "{0} has no GPU-to-GPU link: the {1} cards exchange data over PCIe, which slows multi-GPU training of "
    "large models.";
const char* const kWarnBigSupply =
    "{0} W is more than one desktop power supply delivers (about {1} W): plan a server chassis with several "
    "supplies and circuits rated for the load.";

const std::vector<std::string> kAllPatterns = {
    kRamOneCard,  kRamManyCards, kCores,    kWorkers,        kDiskOneClass,  kDiskRaid,       kPower,         kPowerUnknown,
    kWarnGeforce, kWarnLink,     kWarnNoLink, kWarnBigSupply, kNoticeClamped, kNoticeNotNumber,
};

std::string num(double value, int decimals = 0) { return format_number(value, decimals); }

// The field table's ranges with the one clamp (text/limits.h): a caller that skipped the
// table (a test, a fuzzer) gets the same values and sentences as everywhere else.
AdvisorView checked_input(const AdvisorView& view, std::vector<TemplateText>& notices) {
  AdvisorView in = view;
  RangeClamp clamp;
  in.gpu_count = clamp.whole("gpu_count", view.gpu_count, limits::kGpuCount);
  in.dataset_read_mbs =
      clamp.number("dataset_read_mbs", view.dataset_read_mbs, limits::kDatasetReadMbs, AdvisorView{}.dataset_read_mbs);
  notices = clamp.texts();
  return in;
}

// [SECTION] One function per recommendation
Advice ram_advice(double card_vram_gb, double total_vram_gb, int cards) {
  Advice advice{"ram", round_up_ram_gb(total_vram_gb), "GB", "", {}};
  if (cards == 1) {
    advice.why = {kRamOneCard, {num(card_vram_gb, 1), num(advice.value)}};
  } else {
    advice.why = {kRamManyCards, {num(card_vram_gb, 1), num(total_vram_gb, 1), num(advice.value)}};
  }
  return advice;
}

Advice cores_advice(int gpus_total) {
  const int needed = gpus_total * (kWorkersPerGpu + kMainProcessCoresPerGpu);
  Advice advice{"cpu_cores", static_cast<double>(round_up_core_count(needed)), "cores", "", {}};
  advice.why = {kCores, {std::to_string(kWorkersPerGpu), std::to_string(gpus_total), std::to_string(needed),
                         num(advice.value)}};
  return advice;
}

Advice workers_advice() {
  return {"num_workers", static_cast<double>(kWorkersPerGpu), "per GPU", "",
          {kWorkers, {std::to_string(kWorkersPerGpu)}}};
}

Advice disk_advice(int gpus_total, double read_mbs_per_gpu) {
  const double needed = gpus_total * read_mbs_per_gpu * kDiskHeadroom;
  const std::vector<std::string> head = {std::to_string(gpus_total), num(read_mbs_per_gpu, 1),
                                         num(kDiskHeadroom, 2), num(needed, 1)};
  for (const auto& disk : kDiskClasses) {
    if (disk.read_mbs >= needed) {
      auto args = head;
      args.insert(args.end(), {disk.name, num(disk.read_mbs), num(disk.write_mbs)});
      return {"disk", needed, "MB/s", disk.id, {kDiskOneClass, args}};
    }
  }
  const DiskClass& nvme = kDiskClasses.back();
  const int drives = static_cast<int>(std::ceil(needed / nvme.read_mbs));
  auto args = head;
  args.insert(args.end(), {num(nvme.read_mbs), std::to_string(drives)});
  return {"disk", needed, "MB/s", "nvme-raid0", {kDiskRaid, args}};
}

double psu_needed_w(double tdp_w, int cards) { return (tdp_w * cards + kPlatformPowerW) * kPsuHeadroom; }

Advice power_advice(double tdp_w, int cards) {
  const double needed = psu_needed_w(tdp_w, cards);
  Advice advice{"power_supply", round_up_psu_w(needed), "W", "", {}};
  advice.why = {kPower, {num(tdp_w), std::to_string(cards), num(kPlatformPowerW), num(kPsuHeadroom, 2),
                         num(needed, 1), num(advice.value)}};
  return advice;
}

}  // namespace

const std::vector<DiskClass>& disk_classes() { return kDiskClasses; }
const std::vector<std::string>& advisor_why_patterns() { return kAllPatterns; }

// [SECTION] Standard sizes
double round_up_ram_gb(double gb) {
  if (!std::isfinite(gb)) return 16;
  double size = 16;  // nobody sells a deep-learning machine with less
  while (size < gb && size < 4096) size *= 2;
  if (size < gb) size = std::ceil(gb / 1024) * 1024;
  return size;
}

int round_up_core_count(int cores) {
  static const int kSizes[] = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256};
  for (int size : kSizes) {
    if (size >= cores) return size;
  }
  return (cores + 63) / 64 * 64;
}

double round_up_psu_w(double watts) {
  static const double kSizes[] = {450, 550, 650, 750, 850, 1000, 1200, 1300, 1600};
  if (!std::isfinite(watts)) return kSizes[0];
  for (double size : kSizes) {
    if (size >= watts) return size;
  }
  return std::ceil(watts / 200) * 200;
}

// [SECTION] The advice
AdvisorResult advise(const Gpu& gpu, const AdvisorView& view) {
  AdvisorResult result;
  result.input = checked_input(view, result.notices);
  const int cards = result.input.gpu_count;
  const int per_board = std::max(gpu.gpus_per_board, 1);
  const double vram_gb = std::max(gpu.vram_gb, 0.0);

  result.gpus_total = cards * per_board;
  result.total_vram_gb = vram_gb * result.gpus_total;
  result.ram_minimum_gb = vram_gb * per_board;
  result.ram = ram_advice(result.ram_minimum_gb, result.total_vram_gb, cards);
  result.cpu_cores = cores_advice(result.gpus_total);
  result.num_workers = workers_advice();
  result.disk = disk_advice(result.gpus_total, result.input.dataset_read_mbs);
  result.power_supply = power_advice(std::max(gpu.tdp_w.value_or(0), 0.0), cards);

  const std::string name = gpu.name.empty() ? gpu.id : gpu.name;
  if (!gpu.tdp_w) result.power_supply = {"power_supply", 0, "W", "unknown", {kPowerUnknown, {name}}};
  if (gpu.line == "geforce" && cards >= 4) {
    result.warnings.push_back({kWarnGeforce, {std::to_string(cards)}});
  }
  if (cards >= 2) {
    result.warnings.push_back({gpu.nvlink ? kWarnLink : kWarnNoLink, {name, std::to_string(cards)}});
  }
  if (result.power_supply.value > kLargestDesktopPsuW) {
    result.warnings.push_back({kWarnBigSupply, {num(result.power_supply.value), num(kLargestDesktopPsuW)}});
  }
  return result;
}

double power_supply_w(const Gpu& gpu, int gpu_count) {
  if (!gpu.tdp_w) return 0;
  AdvisorView view;
  view.gpu_count = gpu_count;
  std::vector<TemplateText> notices;
  const int cards = checked_input(view, notices).gpu_count;
  return round_up_psu_w(psu_needed_w(std::max(*gpu.tdp_w, 0.0), cards));
}

}  // namespace gpuwise
