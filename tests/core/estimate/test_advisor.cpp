// The system advisor (the guide's §6): one test per rule, numbers worked by hand.
// Method: docs/advisor.md.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "estimate/advisor.h"

using namespace gpuwise;

namespace {
Gpu card(const std::string& id, const std::string& line, double vram_gb, double tdp_w, bool nvlink,
         int gpus_per_board = 1) {
  Gpu gpu;
  gpu.id = id;
  gpu.name = id;
  gpu.line = line;
  gpu.vram_gb = vram_gb;
  gpu.tdp_w = tdp_w;
  gpu.nvlink = nvlink;
  gpu.gpus_per_board = gpus_per_board;
  return gpu;
}
const Gpu kRtx4090 = card("rtx-4090", "geforce", 24, 450, false);
const Gpu kH100 = card("h100-sxm5", "datacenter", 80, 700, true);
const Gpu kK80 = card("tesla-k80", "datacenter", 12, 300, false, 2);  // 2 GPUs of 12 GB per board

AdvisorView view(int cards, double read_mbs = 300) {
  AdvisorView v;
  v.gpu_count = cards;
  v.dataset_read_mbs = read_mbs;
  return v;
}

bool has_warning(const AdvisorResult& r, const std::string& start) {
  for (const auto& w : r.warnings) {
    if (w.text().rfind(start, 0) == 0) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("RAM: at least one card's VRAM (the guide), we suggest all cards' VRAM, rounded up") {
  const AdvisorResult one = advise(kRtx4090, view(1));
  CHECK(one.ram_minimum_gb == 24);
  CHECK(one.total_vram_gb == 24);
  CHECK(one.ram.value == 32);  // 24 GB rounds up to 32
  CHECK(one.ram.unit == "GB");
  CHECK(one.ram.why.text() ==
        "The guide: at least as much RAM as the card's VRAM (24 GB). Rounded up to a standard size: 32 GB.");

  const AdvisorResult two = advise(kRtx4090, view(2));
  CHECK(two.ram_minimum_gb == 24);  // the guide: more GPUs need no more RAM
  CHECK(two.ram.value == 64);       // 2 × 24 = 48 -> 64
  CHECK(two.ram.why.args == std::vector<std::string>{"24", "48", "64"});

  CHECK(advise(kH100, view(8)).ram.value == 1024);  // 8 × 80 = 640 -> 1024
  // A K80 board holds 2 GPUs of 12 GB: one card is 24 GB.
  const AdvisorResult k80 = advise(kK80, view(1));
  CHECK(k80.gpus_total == 2);
  CHECK(k80.ram_minimum_gb == 24);
  CHECK(k80.ram.value == 32);

  CHECK(round_up_ram_gb(2) == 16);  // nobody builds a training box with less
  CHECK(round_up_ram_gb(16) == 16);
  CHECK(round_up_ram_gb(16.5) == 32);
  CHECK(round_up_ram_gb(5000) == 5120);
}

TEST_CASE("CPU: 4 DataLoader workers + 1 training process per GPU, rounded to a core count") {
  CHECK(advise(kRtx4090, view(1)).cpu_cores.value == 6);   // 1 × (4 + 1) = 5 -> 6
  CHECK(advise(kRtx4090, view(2)).cpu_cores.value == 12);  // 2 × 5 = 10 -> 12
  CHECK(advise(kH100, view(8)).cpu_cores.value == 48);     // 8 × 5 = 40 -> 48
  CHECK(advise(kK80, view(1)).cpu_cores.value == 12);      // 2 GPUs × 5 = 10 -> 12
  const AdvisorResult r = advise(kH100, view(8));
  CHECK(r.cpu_cores.why.text().find("8 × (4 + 1) = 40 cores, rounded up to 48") != std::string::npos);
  CHECK(r.cpu_cores.why.text().find("cut off") != std::string::npos);  // the guide's rule is missing
  CHECK(r.num_workers.value == 4);
  CHECK(r.num_workers.unit == "per GPU");
  CHECK(round_up_core_count(300) == 320);
}

TEST_CASE("disk: the cheapest class whose sustained reads cover all GPUs with 25% headroom") {
  // 1 × 100 MB/s × 1.25 = 125 <= HDD 200
  CHECK(advise(kRtx4090, view(1, 100)).disk.choice == "hdd");
  // 1 × 160 × 1.25 = 200: exactly an HDD
  CHECK(advise(kRtx4090, view(1, 160)).disk.choice == "hdd");
  // 1 × 300 × 1.25 = 375 > 200, <= SATA SSD 500
  const AdvisorResult sata = advise(kRtx4090, view(1, 300));
  CHECK(sata.disk.choice == "sata-ssd");
  CHECK(sata.disk.value == Approx(375));
  CHECK(sata.disk.why.text() ==
        "1 × 300 MB/s per GPU × 1.25 headroom = 375 MB/s of reads; the cheapest class that sustains it is "
        "SATA SSD (reads 500 MB/s, writes 460 MB/s in the guide's figures).");
  // 2 × 300 × 1.25 = 750 > 500, <= NVMe 2400
  CHECK(advise(kRtx4090, view(2, 300)).disk.choice == "nvme");
  // 8 × 300 × 1.25 = 3000 > 2400: ceil(3000 / 2400) = 2 NVMe drives striped
  const AdvisorResult raid = advise(kH100, view(8, 300));
  CHECK(raid.disk.choice == "nvme-raid0");
  CHECK(raid.disk.value == Approx(3000));
  CHECK(raid.disk.why.args.back() == "2");
  REQUIRE(disk_classes().size() == 3);
  CHECK(disk_classes()[2].write_mbs == 1700);
}

TEST_CASE("power supply: (TDP × cards + 250 W) × 1.25, up to the next standard size") {
  CHECK(advise(kRtx4090, view(1)).power_supply.value == 1000);  // (450 + 250) × 1.25 = 875 -> 1000
  CHECK(advise(kRtx4090, view(2)).power_supply.value == 1600);  // (900 + 250) × 1.25 = 1437.5 -> 1600
  const AdvisorResult four = advise(kRtx4090, view(4));         // (1800 + 250) × 1.25 = 2562.5 -> 2600
  CHECK(four.power_supply.value == 2600);
  CHECK(has_warning(four, "2600 W is more than one desktop power supply delivers"));
  CHECK(advise(kH100, view(8)).power_supply.value == 7400);  // (5600 + 250) × 1.25 = 7312.5 -> 7400
  // TDP is per board: one K80 board is 300 W for both GPUs. (300 + 250) × 1.25 = 687.5 -> 750
  CHECK(advise(kK80, view(1)).power_supply.value == 750);
  CHECK(round_up_psu_w(449) == 450);
  CHECK(round_up_psu_w(1601) == 1800);
}

TEST_CASE("multi-GPU warnings: GeForce in 4+ GPU servers, and whether cards link directly") {
  CHECK(advise(kRtx4090, view(1)).warnings.empty());
  const AdvisorResult two = advise(kRtx4090, view(2));
  CHECK_FALSE(has_warning(two, "The guide: in 4-"));
  CHECK(has_warning(two, "rtx-4090 has no GPU-to-GPU link"));
  const AdvisorResult four = advise(kRtx4090, view(4));
  CHECK(has_warning(four, "The guide: in 4-, 8- and 16-GPU servers GeForce cards"));
  const AdvisorResult h100 = advise(kH100, view(8));
  CHECK_FALSE(has_warning(h100, "The guide: in 4-"));
  CHECK(has_warning(h100, "h100-sxm5 has a GPU-to-GPU link"));
}

TEST_CASE("advisor inputs are clamped and every sentence uses a known pattern") {
  const AdvisorResult zero = advise(kRtx4090, view(0, -5));
  CHECK(zero.input.gpu_count == 1);
  CHECK(zero.input.dataset_read_mbs == 0);
  REQUIRE(zero.notices.size() == 2);
  CHECK(zero.notices[0].text() == "gpu_count 0 is out of range; clamped to 1");  // RangeClamp's sentence
  const AdvisorResult nan = advise(kRtx4090, view(1, std::nan("")));
  CHECK(nan.input.dataset_read_mbs == 300);
  CHECK(nan.notices.size() == 1);

  const auto& patterns = advisor_why_patterns();
  auto known = [&](const TemplateText& t) {
    return std::find(patterns.begin(), patterns.end(), t.pattern) != patterns.end();
  };
  for (const AdvisorResult& r : {zero, advise(kRtx4090, view(4, 5000)), advise(kH100, view(8))}) {
    for (const Advice* a : {&r.ram, &r.cpu_cores, &r.num_workers, &r.disk, &r.power_supply}) {
      CHECK(known(a->why));
      CHECK(std::isfinite(a->value));
      CHECK(a->why.text().find('{') == std::string::npos);  // every placeholder filled
    }
    for (const auto& w : r.warnings) CHECK(known(w));
    for (const auto& n : r.notices) CHECK(known(n));
  }
}
