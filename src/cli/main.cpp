// gpuwise: the command-line face of src/core. `gpuwise help` lists the subcommands.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"
#include "text/version.h"

namespace {

struct Subcommand {
  const char* name;
  int (*run)(const gpuwise::cli::Args&);
  const char* usage;
};

const Subcommand kSubcommands[] = {
    {"catalog", gpuwise::cli::run_catalog, "catalog [--columns] --json  the loaded catalog as JSON; --columns: the field table and\n"
                                         "                            every card's cells as shown"},
    {"validate", gpuwise::cli::run_validate, "validate [FILE...]        check the data (gpus, prices, cuda, benchmarks, software.json); exit 1 on any error"},
    {"roi", gpuwise::cli::run_roi, "roi --gpu ID [--count N] [--price USD] [--rate USD_PER_HOUR] ... [--json]  buy vs rent"},
    {"fit", gpuwise::cli::run_fit, "fit --params-b 70 --precision bf16 --mode inference --context 8192 [--batch N] [--preset ID]\n"
                                   "                            [--layers N --kv-heads N --head-dim N --hidden N] [--json]\n"
                                   "                            VRAM a model needs, part by part, and the cards that hold it on 1/2/4/8 GPUs;\n"
                                   "                            --params-b alone borrows the shape of the preset nearest in size"},
    {"link", gpuwise::cli::run_link, "link decode|encode        share links: decode 'FRAGMENT' [--json]; encode < state.json"},
    {"speed", gpuwise::cli::run_speed, "speed [--gpu ID] (--preset ID | --params-b B [--active-params-b B]) --quant q4_k_m --context N [--gpus N] [--json]\n"
                                       "                            decode / prefill tokens/s and fit per card; --check: estimates vs measured; --calibrate"},
    {"advise", gpuwise::cli::run_advise, "advise --gpu ID [--count N] [--read-mbs MBS] [--json]\n"
                                         "                            the machine around the cards: RAM, CPU cores, disk, power supply, warnings"},
    {"job", gpuwise::cli::run_job, "job --kind train --params-b 8 --tokens-b 20 [--gpus N] [--json]\n"
                                   "                            job --kind serve --preset ID --quant Q --tokens-per-day N [--json]\n"
                                   "                            hours and cost of a job per card and count, owned or rented; cheapest first;\n"
                                   "                            --provider-kinds as in roi (--providers is the same flag) and roi's owning flags"},
    {"image", gpuwise::cli::run_image, "image [--model sdxl] [--precision fp16] [--width 1024] [--height 1024] [--steps 30] [--gpu ID] [--json]\n"
                                       "                            whether a diffusion model fits each card and how fast (it/s, s/image, images/h);\n"
                                       "                            --check: estimates vs measured; --calibrate"},
    {"software", gpuwise::cli::run_software, "software [--gpu ID] [--workload KEY] [--json]\n"
                                             "                            software support per card (software.json, cuda.json): one card's matrix,\n"
                                             "                            or every card's grade for a workload (qlora, serve-bf16, image, ...)"},
    {"ask", gpuwise::cli::run_ask, "ask --goal run --preset llama-3-70b [--budget 2000 | --rent] [--json]\n"
                                   "                            the buyer's question answered: three to five ways (buy new or used, unified memory,\n"
                                   "                            rent, or upgrade --have), each with its cost, speed and band, fit, software, caveats"},
    {"check", gpuwise::cli::run_check, "check [--json] [--rows]   every measured row of benchmarks.json against the shipped estimate,\n"
                                       "                            per class (set/phase): rows, median estimate / measured, share within band"},
    {"rank", gpuwise::cli::run_rank, "rank --profile cnn --json  cards ranked for a workload (--metric, --cuda, --top ...)"},
};

void print_help() {
  std::printf("gpuwise %s: GPU catalog, rankings and buy-vs-rent figures\n\nusage:\n", gpuwise::version());
  std::printf("  gpuwise --version\n");
  for (const auto& sub : kSubcommands) std::printf("  gpuwise %s\n", sub.usage);
  std::printf("\nEvery subcommand takes --data-dir DIR (default: the source tree's data/).\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "help") || !std::strcmp(argv[1], "--help")) {
    print_help();
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::printf("gpuwise %s\n", gpuwise::version());
    return 0;
  }
  for (const auto& sub : kSubcommands) {
    if (!std::strcmp(argv[1], sub.name)) {
      return sub.run(gpuwise::cli::Args(std::vector<std::string>(argv + 2, argv + argc)));
    }
  }
  std::fprintf(stderr, "gpuwise: unknown subcommand '%s' (try gpuwise help)\n", argv[1]);
  return 2;
}
