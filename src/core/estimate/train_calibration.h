// The training and serving parts of the speed calibration (data/speed_calibration.json,
// "training" and "serving"): what training.cpp fits on the public LLM training runs of
// data/benchmarks.json and serving.cpp measures on its serving runs. Plain structs, so
// speed.h can hold them without the functions.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "estimate/band.h"

namespace gpuwise {

// The measured runs behind a family's efficiency, for "measured: NeMo, torchtitan on H100 ...".
struct TrainMeasured {
  std::string vendor;                 // "NVIDIA": which vendor's stack the runs speak for
  std::vector<std::string> cards;     // catalog names, e.g. "H100 SXM5 80 GB"
  std::vector<std::string> software;  // "NeMo", "torchtitan", "LLM Foundry / Composer"
  int runs = 0;
};

// A card's (or a class's) measured training against the model (train_anchors.h): the
// factor its efficiency is multiplied by and what it rests on.
struct TrainAnchor {
  double factor = 1;
  int workloads = 0;                // Lambda workloads behind it (0: the card's own LLM runs)
  std::string card;                 // catalog name of the measured card it rests on
  bool own = true;                  // the card's own runs; false: the nearest measured card of its class
};

struct TrainCalibration {
  // Model-FLOPs utilisation of one GPU in a machine, dense models: "<family>/<precision>"
  // ("Hopper/bf16", "Blackwell/fp8") where the family has runs at that precision;
  // "default/NVIDIA" for an NVIDIA architecture without runs (the lowest measured NVIDIA
  // family: one CUDA stack) and "default" for any other (the lowest measured family times
  // a caution share): never above a measured family.
  std::map<std::string, double> mfu;
  double fp8_share = 0;  // FP8 MFU / BF16 MFU, each of its own peak, where a family has both; 0: not fitted
  double moe_share = 0;  // a mixture of experts' MFU / its family's dense MFU; 0: not fitted
  std::map<std::string, Band> bands;              // "pytorch/NVIDIA/train", "pytorch/NVIDIA/train-moe"
  std::map<std::string, TrainMeasured> measured;  // by family
  std::map<std::string, int> samples;             // runs behind each mfu entry
  // Measured first (train_anchors.h): per card id, and the Lambda workloads' throughput
  // per anchored training TFLOP/s ("resnet50/amp-fp16").
  std::map<std::string, TrainAnchor> card_anchors;
  std::map<std::string, double> workload_scale;
};

// The serving part ("serving"): the band of an endpoint's tokens/s at a batch, from the
// public serving runs (estimate/serving.h check_serving), per engine and vendor.
struct ServingCalibration {
  std::map<std::string, Band> bands;  // "vllm/NVIDIA/serve"
  // Measured first: a class's median of measured / estimated tokens/s over its public runs,
  // which every estimate of the class is multiplied by (1 where a class has none).
  std::map<std::string, double> factors;
};

}  // namespace gpuwise
