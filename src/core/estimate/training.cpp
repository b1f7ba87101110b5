#include "estimate/training.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "catalog/data_file.h"
#include "estimate/fit_support.h"
#include "estimate/train_anchors.h"
#include "estimate/vram_fit.h"
#include "text/json_util.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

constexpr double kParamsPerBillion = 1e9;  // the inputs count parameters in billions
constexpr double kFlopsPerTflop = 1e12;
constexpr double kBytesPerGb = 1e9;
constexpr double kGbsPerTbs = 1000;  // bandwidth: GB/s in the catalog, TB/s beside TFLOPS
// Lambda's check: the arithmetic intensity of its CNN / speech training steps (roofline).
constexpr double kTrainFlopsPerByte = 10;
// Forward (2) + backward (4) FLOPs per parameter per token; recomputing the activations
// (checkpointing) runs the forward pass once more: 8.
constexpr double kTrainFlopsPerParam = 6;
constexpr double kTrainFlopsPerParamRecompute = 8;
// Attention's Q·Kᵀ and A·V over the sequence: 2 products × 2 FLOPs per multiply-add ×
// 3 (forward and backward) per layer, hidden unit and token of the sequence: the count
// PaLM (appendix B) and LLM Foundry's MFU use, so measured MFUs compare.
constexpr double kAttentionTrainFlops = 12;
// Recomputing the activations runs attention's forward products (4 of the 12) again too.
constexpr double kAttentionTrainFlopsRecompute = 16;

// Our assumptions (docs/speed.md, "Training", says why each value):
// An FP8 run's MFU (of the FP8 peak) over a BF16 run's (of the BF16 peak) when no family
// has both: the fitted figure is 0.84 (Hopper).
constexpr double kFallbackFp8Share = 0.8;
// A mixture of experts' MFU over a dense model's when no family has both.
constexpr double kFallbackMoeShare = 0.5;
// Only when the calibration has no training entry at all (the file missing or refused):
// below every fitted family (Hopper, the lowest, 0.42), so a broken file never flatters.
constexpr double kFallbackTrainMfu = 0.3;
// A vendor (or an architecture outside NVIDIA's one CUDA stack) without measured runs
// gets this share of the lowest measured family: its kernels and stack are unknown (the
// matmul ceilings of MI300X reach 51 % of its printed peak, H100's 80 %: data/benchmarks.json,
// stas00-mamf).
constexpr double kNotMeasuredShare = 0.5;
// No BF16 tensor cores (Volta, Turing and older): FP16 with loss scaling and attention
// without FlashAttention-2 (which needs Ampere or newer). Megatron-LM reached 30 % of a
// V100's peak (arXiv:1909.08053) where the measured families reach 0.42 to 0.55.
constexpr double kNoBf16FlashShare = 0.75;
// Communication: FSDP gathers the weights twice and scatters the gradients once per step,
// 2 bytes each per parameter, while the step computes 6 FLOPs per parameter per token,
// so communication / compute = (n − 1)/n × FLOP/s per GPU / (link bytes/s × tokens per
// GPU per step). The measured recipes run one 8k-token sequence per GPU per micro-step.
constexpr double kTokensPerGpuStep = 8192;
// FSDP prefetches the next gather while computing; this share of the communication time
// stays exposed (the first gather, the last scatter, contention) while it is below the
// compute time; beyond it the step waits for the link.
constexpr double kUnhiddenCommShare = 0.3;
constexpr int kGpusPerMachine = 8;
// Per GPU across machines: torchtitan's H100 runs kept 97.7 % (BF16) and 98.2 % (FP8) of
// their 8-GPU tokens/s per GPU on 128 GPUs (benchmarks.json, torchtitan-h100-training).
constexpr double kSeveralMachinesShare = 0.98;
// Link bandwidth per GPU and direction, GB/s. NVLink by module generation (NVIDIA's
// figures halved: they count both directions); OAM for AMD's Infinity Fabric and Gaudi's
// RoCE ports, rounded down; a PCIe lane at 80 % of its nominal rate; consumer cards have
// no peer-to-peer over PCIe, so traffic crosses host memory at half that; an NVLink
// bridge joins two cards; separate machines (Macs, mini PCs) talk over 10 Gb Ethernet.
constexpr double kSxm2Gbs = 150, kSxm4Gbs = 300, kSxm5Gbs = 450, kSxm6Gbs = 900, kOamGbs = 300, kModuleGbs = 150;
constexpr double kPcie3x16Gbs = 15.75, kPcieEffectiveShare = 0.8, kNoPeerToPeerShare = 0.5, kBridgeGbs = 56;
constexpr double kNetworkGbs = 1.25;
// A class without measured runs: bands of our own choosing. An unmeasured NVIDIA
// architecture uses the NVIDIA floor (runs of it could be lower or higher); any other
// uses the cautious default, which real runs are more likely to beat.
constexpr double kNvidiaNotMeasuredLow = 0.7, kNvidiaNotMeasuredHigh = 1.5;
constexpr double kNotMeasuredLow = 0.6, kNotMeasuredHigh = 2.5;

double safe(double value) { return std::isfinite(value) && value > 0 ? value : 0; }

// The precision a family's table entry is kept under: fp16 and tf32 runs share bf16's.
const char* table_precision(TrainPrecision p) { return p == TrainPrecision::fp8 ? "fp8" : "bf16"; }

// [SECTION] Communication
struct Link {
  double gbs = 0;           // per GPU and direction
  std::string label;
};

Link pcie_link(const Gpu& gpu) {
  const std::string& in = gpu.interface;
  const std::size_t at = in.find("PCIe ");
  double gbs = kPcie3x16Gbs;  // MXM and unnamed slots: PCIe 3.0 x16
  std::string label = "PCIe";
  if (at != std::string::npos && at + 6 < in.size() && std::isdigit(static_cast<unsigned char>(in[at + 5]))) {
    const int generation = in[at + 5] - '0';
    int lanes = 16;
    const std::size_t x = in.find(" x", at);
    if (x != std::string::npos) lanes = std::max(1, std::atoi(in.c_str() + x + 2));
    if (in.find("x8 per GPU") != std::string::npos) lanes = 8;
    gbs = kPcie3x16Gbs * std::pow(2.0, generation - 3) * std::min(lanes, 16) / 16.0;
    label = "PCIe " + std::to_string(generation) + ".0 x" + std::to_string(std::min(lanes, 16));
  }
  gbs *= kPcieEffectiveShare;
  if (gpu.line == "geforce") {
    gbs *= kNoPeerToPeerShare;
    label += ", no peer-to-peer";
  }
  return {gbs, label};
}

Link link_between(const Gpu& gpu, int gpus) {
  const std::string& in = gpu.interface;
  if (gpu.kind == "system") return {kNetworkGbs, "10 Gb Ethernet between machines"};
  if (in.rfind("SXM2", 0) == 0 || in.rfind("SXM3", 0) == 0) return {kSxm2Gbs, "NVLink"};
  if (in.rfind("SXM4", 0) == 0) return {kSxm4Gbs, "NVLink"};
  if (in.rfind("SXM5", 0) == 0) return {kSxm5Gbs, "NVLink"};
  if (in.rfind("SXM6", 0) == 0) return {kSxm6Gbs, "NVLink"};
  if (in.find("uperchip") != std::string::npos) return {gpu.architecture == "Blackwell" ? kSxm6Gbs : kSxm5Gbs, "NVLink"};
  if (in.rfind("OAM", 0) == 0) return {kOamGbs, gpu.vendor == "AMD" ? "Infinity Fabric" : "OAM links"};
  if (in.find("PCIe") == std::string::npos && in.rfind("MXM", 0) != 0) return {kModuleGbs, "module links"};
  Link link = pcie_link(gpu);
  if (gpu.nvlink && gpus == 2) return {std::max(link.gbs, kBridgeGbs), "NVLink bridge"};
  return link;
}

struct Scaling {
  double share = 1;
  std::string link;
  bool several_machines = false;
};

// The share of its speed each of `gpus` GPUs keeps when each computes `flops_per_gpu`.
Scaling scaling_of(const Gpu& gpu, int gpus, double flops_per_gpu) {
  Scaling out;
  if (gpus <= 1) return out;
  const int in_machine = std::min(gpus, kGpusPerMachine);
  const Link link = link_between(gpu, gpus);
  out.link = link.label;
  const double ratio = (in_machine - 1.0) / in_machine * flops_per_gpu / (link.gbs * kBytesPerGb * kTokensPerGpuStep);
  out.share = 1 / (1 + kUnhiddenCommShare * std::min(ratio, 1.0) + std::max(0.0, ratio - 1));
  out.several_machines = gpus > kGpusPerMachine;
  if (out.several_machines) out.share *= kSeveralMachinesShare;
  if (!std::isfinite(out.share) || out.share <= 0) out.share = 0;
  return out;
}

// [SECTION] Efficiency from the calibration
std::optional<double> lookup(const std::map<std::string, double>& table, const std::string& key) {
  auto it = table.find(key);
  if (it == table.end() || !(it->second > 0) || !std::isfinite(it->second)) return std::nullopt;
  return it->second;
}

double fp8_share(const TrainCalibration& cal) { return cal.fp8_share > 0 ? cal.fp8_share : kFallbackFp8Share; }
double moe_share(const TrainCalibration& cal) { return cal.moe_share > 0 ? cal.moe_share : kFallbackMoeShare; }

// A family's dense MFU at the precision: its own entry, else its other precision's converted.
std::optional<double> family_mfu(const TrainCalibration& cal, const std::string& family, TrainPrecision p) {
  const bool fp8 = p == TrainPrecision::fp8;
  if (auto own = lookup(cal.mfu, family + "/" + table_precision(p))) return own;
  if (auto other = lookup(cal.mfu, family + "/" + (fp8 ? "bf16" : "fp8"))) {
    return fp8 ? *other * fp8_share(cal) : *other / fp8_share(cal);
  }
  return std::nullopt;
}

bool vendor_measured(const TrainCalibration& cal, const std::string& vendor) {
  return std::any_of(cal.measured.begin(), cal.measured.end(),
                     [&](const auto& entry) { return entry.second.vendor == vendor; });
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(share * 100))); }

// The class a card's training estimate belongs to (band.h): engine × vendor × phase.
// FP8 training has its own class: its speed-up over BF16 depends on the stack (Transformer
// Engine in NeMo gains 1.5 to 1.7x on an H100, torchao's float8 in torchtitan 1.3x).
std::string class_key(const Gpu& gpu, bool moe, bool fp8) {
  return "pytorch/" + gpu.vendor + (moe ? "/train-moe" : fp8 ? "/train-fp8" : "/train");
}

// [SECTION] The measured LLM runs
struct LlmRun {
  const MeasuredResult* row;
  const Gpu* gpu;
  TrainInput input;
  bool moe;
  std::string family;
};

std::optional<TrainInput> run_input_of(const MeasuredResult& r) {
  TrainInput in;
  if (r.precision == "bf16") {
    in.precision = TrainPrecision::bf16;
  } else if (r.precision == "fp8") {
    in.precision = TrainPrecision::fp8;
  } else {
    return std::nullopt;
  }
  if (const ModelPreset* preset = find_preset(r.model)) {
    in.params_b = preset->params_b;
    in.active_params_b = preset->active_params_b > 0 ? preset->active_params_b : preset->params_b;
    in.layers = preset->layers;
    in.hidden_size = preset->hidden_size;
  } else if (r.params_b && r.layers && r.hidden_size) {
    in.params_b = *r.params_b;
    in.active_params_b = r.active_params_b.value_or(*r.params_b);
    in.layers = *r.layers;
    in.hidden_size = *r.hidden_size;
  } else {
    return std::nullopt;  // Lambda's CNN / speech rows, and anything without a shape
  }
  if (!r.context) return std::nullopt;
  in.sequence_tokens = *r.context;
  in.gpus = r.gpus;
  in.recompute = r.full_recompute;
  in.power_limit_w = r.power_limit_w.value_or(0);
  return in;
}

bool is_llm_run(const MeasuredResult& r) {
  return r.phase == "train" && r.unit == "tokens_per_s" && run_input_of(r).has_value();
}

std::vector<LlmRun> llm_runs(const Catalog& catalog, const Benchmarks& benchmarks) {
  std::vector<LlmRun> out;
  for (const auto& r : benchmarks.results) {
    if (r.outlier || r.phase != "train" || r.unit != "tokens_per_s") continue;
    const std::optional<TrainInput> input = run_input_of(r);
    const int index = catalog.find(r.gpu_id);
    if (!input || index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    if (!(train_peak_tflops(gpu, input->precision) > 0)) continue;
    out.push_back({&r, &gpu, *input, input->active_params_b < input->params_b, training_family(gpu)});
  }
  return out;
}

// The MFU of one GPU in a machine the run shows: its FLOP/s per GPU over the peak and the
// scaling share at that MFU (a fixed point: the share depends on the FLOP/s it divides).
double run_mfu(const LlmRun& run) {
  const double peak = train_peak_tflops(*run.gpu, run.input.precision) *
                      power_capped_clock_share(*run.gpu, run.input.power_limit_w) * kFlopsPerTflop;
  const double achieved = run.row->value * train_flops_per_token(run.input);
  double mfu = achieved / peak;
  for (int step = 0; step < 6; ++step) {
    const double share = scaling_of(*run.gpu, run.input.gpus, mfu * peak).share;
    if (!(share > 0)) return 0;
    mfu = achieved / (peak * share);
  }
  return safe(mfu);
}

// "NeMo 26.02 (Megatron-Bridge)" -> "NeMo"; "torchtitan (Dec 2024)" -> "torchtitan".
std::string software_name(const std::string& software) {
  std::string out = software.substr(0, software.find(" ("));
  for (std::size_t at = out.find(' '); at != std::string::npos; at = out.find(' ', at + 1)) {
    if (at + 1 < out.size() && std::isdigit(static_cast<unsigned char>(out[at + 1]))) return out.substr(0, at);
  }
  return out;
}

void add_unique(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

// The fit on the runs `keep` lets through: the MFU per family and precision (dense runs),
// FP8 and mixture-of-experts shares, the defaults, and what each family rests on.
TrainCalibration fit_runs(const std::vector<LlmRun>& runs, const std::vector<double>& mfus,
                          const std::vector<bool>& keep) {
  TrainCalibration cal;
  // Per family and precision, the MFUs of each training stack: each stack counts once (the
  // median of its runs), so the stack that publishes the most runs does not set the figure.
  std::map<std::string, std::map<std::string, std::vector<double>>> dense;
  std::map<std::string, std::string> vendor_of;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!keep[i] || !(mfus[i] > 0)) continue;
    const LlmRun& run = runs[i];
    vendor_of[run.family] = run.gpu->vendor;
    TrainMeasured& m = cal.measured[run.family];
    m.vendor = run.gpu->vendor;
    add_unique(m.cards, run.gpu->name);
    add_unique(m.software, software_name(run.row->software));
    ++m.runs;
    if (!run.moe) dense[run.family + "/" + table_precision(run.input.precision)][software_name(run.row->software)].push_back(mfus[i]);
  }
  for (auto& [family, m] : cal.measured) {
    stable_sort_rows(m.cards);
    stable_sort_rows(m.software);
  }
  for (const auto& [key, stacks] : dense) {
    std::vector<double> per_stack;
    int runs_of_key = 0;
    for (const auto& [stack, values] : stacks) {
      per_stack.push_back(median(values));
      runs_of_key += static_cast<int>(values.size());
    }
    cal.mfu[key] = median(per_stack);
    cal.samples[key] = runs_of_key;
  }
  // FP8's gain is measured where one source ran the same card, model, sequence and GPU
  // count at both precisions: the FP8 run's MFU over the fastest BF16 run's (an FP8 run
  // uses its stack's whole set of speed-ups, torch.compile among them). The families' own
  // figures mix stacks (NeMo's FP8 beside LLM Foundry's BF16) and would read FP8 as slow;
  // they are the fallback when no source ran both.
  std::vector<double> fp8_ratios, family_fp8_ratios;
  for (const auto& [family, vendor] : vendor_of) {
    auto bf16 = lookup(cal.mfu, family + "/bf16"), fp8 = lookup(cal.mfu, family + "/fp8");
    if (bf16 && fp8) family_fp8_ratios.push_back(*fp8 / *bf16);
  }
  auto same_run = [](const LlmRun& a, const LlmRun& b) {
    return a.row->set == b.row->set && a.gpu == b.gpu && a.row->model == b.row->model &&
           a.input.sequence_tokens == b.input.sequence_tokens && a.input.gpus == b.input.gpus;
  };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!keep[i] || runs[i].moe || runs[i].input.precision != TrainPrecision::fp8 || !(mfus[i] > 0)) continue;
    double fastest_bf16 = 0;
    for (std::size_t j = 0; j < runs.size(); ++j) {
      if (keep[j] && runs[j].input.precision == TrainPrecision::bf16 && same_run(runs[i], runs[j])) {
        fastest_bf16 = std::max(fastest_bf16, mfus[j]);
      }
    }
    if (fastest_bf16 > 0) fp8_ratios.push_back(mfus[i] / fastest_bf16);
  }
  cal.fp8_share = median(fp8_ratios.empty() ? family_fp8_ratios : fp8_ratios);
  std::vector<double> moe_ratios;
  std::map<std::string, std::vector<double>> moe_only;  // families measured only on mixtures of experts
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!keep[i] || !runs[i].moe || !(mfus[i] > 0)) continue;
    if (auto dense_mfu = family_mfu(cal, runs[i].family, runs[i].input.precision)) {
      moe_ratios.push_back(mfus[i] / *dense_mfu);
    } else {
      moe_only[runs[i].family + "/" + table_precision(runs[i].input.precision)].push_back(mfus[i]);
    }
  }
  cal.moe_share = median(moe_ratios);
  for (const auto& [key, values] : moe_only) {
    cal.mfu[key] = median(values) / moe_share(cal);
    cal.samples[key] = static_cast<int>(values.size());
  }
  // The floors: never above a measured family (16-bit terms).
  double nvidia = 0, lowest = 0;
  for (const auto& [family, vendor] : vendor_of) {
    const std::optional<double> mfu = family_mfu(cal, family, TrainPrecision::bf16);
    if (!mfu) continue;
    lowest = lowest > 0 ? std::min(lowest, *mfu) : *mfu;
    if (vendor == "NVIDIA") nvidia = nvidia > 0 ? std::min(nvidia, *mfu) : *mfu;
  }
  if (nvidia > 0) cal.mfu["default/NVIDIA/bf16"] = nvidia;
  if (lowest > 0) cal.mfu["default/bf16"] = lowest * kNotMeasuredShare;
  return cal;
}

struct Fitted {
  std::vector<LlmRun> runs;
  std::vector<double> mfus;
};

Fitted prepared_runs(const Catalog& catalog, const Benchmarks& benchmarks) {
  Fitted out;
  out.runs = llm_runs(catalog, benchmarks);
  for (const LlmRun& run : out.runs) out.mfus.push_back(run_mfu(run));
  return out;
}

// The estimate of a run from a calibration: its tokens/s per GPU.
double predict_run(const LlmRun& run, const TrainCalibration& train) {
  SpeedCalibration cal;
  cal.train = train;
  return estimate_training(*run.gpu, run.input, cal).tokens_per_s_per_gpu;
}

// The calibration without one card (or, for a family measured on that card alone,
// without one run, so the family keeps its own figure).
TrainCalibration held_out_fit(const Fitted& fitted, std::size_t index) {
  const LlmRun& run = fitted.runs[index];
  std::set<std::string> family_cards;
  for (const LlmRun& other : fitted.runs) {
    if (other.family == run.family) family_cards.insert(other.gpu->id);
  }
  std::vector<bool> keep(fitted.runs.size(), true);
  for (std::size_t i = 0; i < fitted.runs.size(); ++i) {
    keep[i] = family_cards.size() > 1 ? fitted.runs[i].gpu->id != run.gpu->id : i != index;
  }
  return fit_runs(fitted.runs, fitted.mfus, keep);
}

void fill_bands(const Fitted& fitted, TrainCalibration& cal) {
  std::map<std::string, std::vector<double>> ratios;
  for (std::size_t i = 0; i < fitted.runs.size(); ++i) {
    const double predicted = predict_run(fitted.runs[i], held_out_fit(fitted, i));
    const LlmRun& run = fitted.runs[i];
    if (predicted > 0) {
      ratios[class_key(*run.gpu, run.moe, run.input.precision == TrainPrecision::fp8)].push_back(run.row->value / predicted);
    }
  }
  for (const auto& [key, values] : ratios) {
    cal.bands[key] = band_of_ratios(values, key);
  }
}

// [SECTION] Lambda's CNN and speech sets (single GPU, mixed precision or TF32)
struct LambdaRow {
  const MeasuredResult* row;
  const Gpu* gpu;
  TrainPrecision precision;
};

std::vector<LambdaRow> lambda_rows(const Catalog& catalog, const Benchmarks& benchmarks) {
  std::vector<LambdaRow> out;
  for (const auto& r : benchmarks.results) {
    if (r.phase != "train" || r.outlier || is_llm_run(r)) continue;
    const int index = catalog.find(r.gpu_id);
    if (index < 0) continue;
    const Gpu& gpu = catalog.gpus[static_cast<std::size_t>(index)];
    const TrainPrecision precision = r.precision == "fp32-tf32" ? TrainPrecision::tf32 : TrainPrecision::fp16;
    if (!(train_peak_tflops(gpu, precision) > 0) || !gpu.memory_bandwidth_gbs) continue;
    out.push_back({&r, &gpu, precision});
  }
  return out;
}

// Lambda's steps also stream activations and weights: a harmonic roofline of the
// training FLOP/s and bandwidth × kTrainFlopsPerByte (the workloads' typical intensity).
double lambda_roofline_tflops(double compute_tflops, double bandwidth_gbs) {
  if (!(compute_tflops > 0) || !(bandwidth_gbs > 0)) return 0;
  return 1 / (1 / compute_tflops + 1 / (kTrainFlopsPerByte * bandwidth_gbs / kGbsPerTbs));
}

// The card's training FLOP/s (train_flops_per_s) orders it; each workload's FLOPs per
// sample is one scale, the median of measured / unscaled predicted over `scale_rows`.
std::vector<SpeedCheckPoint> lambda_pairs(const std::vector<LambdaRow>& rows, const std::string& set,
                                          const SpeedCalibration& cal, const std::vector<LambdaRow>& scale_rows) {
  auto unscaled = [&](const LambdaRow& t) {
    TrainInput one_card;
    one_card.precision = t.precision;
    const double compute = train_flops_per_s(*t.gpu, one_card, cal) / kFlopsPerTflop;
    return lambda_roofline_tflops(compute, t.gpu->memory_bandwidth_gbs.value_or(0));
  };
  std::map<std::string, std::vector<double>> ratios;
  for (const auto& t : scale_rows) {
    const double u = unscaled(t);
    if (u > 0) ratios[t.row->model + " " + t.row->precision].push_back(t.row->value / u);
  }
  std::vector<SpeedCheckPoint> pairs;
  for (const auto& t : rows) {
    if (t.row->set != set) continue;
    const std::string group = t.row->model + " " + t.row->precision;
    auto it = ratios.find(group);
    if (it == ratios.end() || !(unscaled(t) > 0)) continue;
    pairs.push_back({t.gpu->id, group, median(it->second) * unscaled(t), t.row->value});
  }
  return pairs;
}

std::string run_group(const LlmRun& run) {
  return run.row->model + " " + run.row->precision + " " + std::to_string(run.input.sequence_tokens);
}

// Per run: the prediction in sample and with its card held out.
struct RunPredictions {
  std::vector<double> in_sample, held;
};
RunPredictions predictions(const Fitted& fitted, const TrainCalibration& all) {
  RunPredictions out;
  std::map<std::string, TrainCalibration> without_card;
  for (std::size_t i = 0; i < fitted.runs.size(); ++i) {
    const LlmRun& run = fitted.runs[i];
    out.in_sample.push_back(predict_run(run, all));
    auto it = without_card.find(run.gpu->id);
    if (it == without_card.end()) {
      std::vector<bool> keep(fitted.runs.size());
      for (std::size_t j = 0; j < keep.size(); ++j) keep[j] = fitted.runs[j].gpu->id != run.gpu->id;
      it = without_card.emplace(run.gpu->id, fit_runs(fitted.runs, fitted.mfus, keep)).first;
    }
    out.held.push_back(predict_run(run, it->second));
  }
  return out;
}

}  // namespace

std::optional<TrainInput> train_input_of(const MeasuredResult& row) { return run_input_of(row); }

// The family a card's training efficiency comes from: its architecture, except that
// Blackwell is two designs for training. B200/B300/GB200/GB300 (compute capability 10.x)
// run tcgen05 tensor cores with tensor memory, HBM and NVLink, and every measured
// Blackwell run is one of them; the GeForce 50 series, RTX PRO Blackwell and GB10
// (DGX Spark), compute capability 12.x, run the older mma.sync path on GDDR7 or LPDDR5X
// over PCIe, and no public LLM training run of them exists. Borrowing the B200's MFU
// (0.54) made 8x RTX PRO 4000 Blackwell the cheapest way to train 8B; as their own
// family they are "not measured" (the NVIDIA floor and its wide band).
std::string training_family(const Gpu& gpu) {
  std::string family = efficiency_family(gpu);
  if (family == "Blackwell" && gpu.compute_capability.rfind("12.", 0) == 0) family += " RTX (sm_12x)";
  return family;
}

// [SECTION] Input
const char* train_precision_key(TrainPrecision precision) {
  switch (precision) {
    case TrainPrecision::fp8: return "fp8";
    case TrainPrecision::fp16: return "fp16";
    case TrainPrecision::tf32: return "tf32";
    case TrainPrecision::bf16: break;
  }
  return "bf16";
}

// [SECTION] Estimate
double train_flops_per_token(const TrainInput& in) {
  const double active = std::isfinite(in.active_params_b) && in.active_params_b > 0 ? in.active_params_b : in.params_b;
  if (!std::isfinite(active) || active <= 0) return 0;
  const double per_param = in.recompute ? kTrainFlopsPerParamRecompute : kTrainFlopsPerParam;
  const double attention = (in.recompute ? kAttentionTrainFlopsRecompute : kAttentionTrainFlops) * std::max(0, in.layers) * static_cast<double>(std::max(0, in.hidden_size)) *
                           std::max(0, in.sequence_tokens);
  return safe(per_param * active * kParamsPerBillion + attention);
}

double train_peak_tflops(const Gpu& gpu, TrainPrecision precision) {
  switch (precision) {
    case TrainPrecision::fp8: return gpu.fp8_tensor_tflops.value_or(0);
    case TrainPrecision::tf32: return gpu.tf32_tensor_tflops.value_or(gpu.fp32_tflops.value_or(0));
    case TrainPrecision::fp16:
      if (gpu.fp16_tensor_tflops) return *gpu.fp16_tensor_tflops;
      if (gpu.bf16_tensor_tflops) return *gpu.bf16_tensor_tflops;
      break;
    case TrainPrecision::bf16:
      if (gpu.bf16_tensor_tflops) return *gpu.bf16_tensor_tflops;
      if (gpu.fp16_tensor_tflops) return *gpu.fp16_tensor_tflops;  // FP16 with loss scaling
      break;
  }
  // No tensor cores: mixed precision runs at the vector FP16 rate where it is fast.
  return std::max(gpu.fp16_tflops.value_or(0), gpu.fp32_tflops.value_or(0));
}

// Under a power limit a card lowers its clock and its voltage with it; dynamic power goes
// as clock × voltage², so the clock (and a compute-bound step's speed) goes as the cube
// root of the power share: 0.89 at 500 of 700 W. The law is our assumption (no public runs
// of one card at several limits); the limit is the source's.
double power_capped_clock_share(const Gpu& gpu, double power_limit_w) {
  const double board = gpu.tdp_w.value_or(0);
  if (!(power_limit_w > 0) || !(board > 0) || power_limit_w >= board) return 1;
  return std::cbrt(power_limit_w / board);
}

TrainEstimate estimate_training(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration) {
  const TrainCalibration& cal = calibration.train;
  TrainEstimate out;
  out.family = training_family(gpu);
  const bool moe = input.active_params_b > 0 && input.active_params_b < input.params_b;
  out.band.class_key = class_key(gpu, moe, input.precision == TrainPrecision::fp8);
  out.flops_per_token = train_flops_per_token(input);
  out.peak_tflops = safe(train_peak_tflops(gpu, input.precision) * power_capped_clock_share(gpu, input.power_limit_w));
  // An LLM in BF16 needs BF16 and FlashAttention-2; Lambda's FP16 / TF32 CNN runs do not.
  out.lacks_bf16_flash = !gpu.bf16_tensor_tflops && input.precision == TrainPrecision::bf16;

  // The efficiency: the family's own, else the floor of its vendor (NVIDIA) or of all.
  const std::optional<double> own = family_mfu(cal, out.family, input.precision);
  out.measured = own.has_value();
  double mfu = own.value_or(0);
  if (own) {
    const auto it = cal.measured.find(out.family);
    if (it != cal.measured.end()) {
      out.source = {I18N("measured: {0} on {1} ({2} runs)"),
                    {joined(it->second.software), joined(it->second.cards), std::to_string(it->second.runs)}};
    } else {  // a calibration file that names the factor but not the runs behind it
      out.source = {I18N("measured ({0})"), {out.family}};
    }
    auto band = cal.bands.find(out.band.class_key);
    if (band != cal.bands.end()) {
      out.band = band->second;
    } else {  // measured, but no run of this class (e.g. a mixture of experts): as unmeasured
      out.band.low_ratio = kNvidiaNotMeasuredLow;
      out.band.high_ratio = kNvidiaNotMeasuredHigh;
    }
  } else {
    const double precision_share = input.precision == TrainPrecision::fp8 ? fp8_share(cal) : 1.0;
    const bool nvidia = gpu.vendor == "NVIDIA";
    const auto nvidia_floor = lookup(cal.mfu, "default/NVIDIA/bf16");
    if (nvidia && nvidia_floor) {
      mfu = *nvidia_floor * precision_share;
      out.source = {I18N("not measured for this architecture ({0}): the lowest measured NVIDIA efficiency"), {out.family}};
      out.band.low_ratio = kNvidiaNotMeasuredLow;
      out.band.high_ratio = kNvidiaNotMeasuredHigh;
    } else {
      const auto floor = lookup(cal.mfu, "default/bf16");
      mfu = floor ? *floor * precision_share : kFallbackTrainMfu;
      out.source = {vendor_measured(cal, gpu.vendor)
                        ? I18N("not measured for this architecture ({0}): {1} % of the lowest measured efficiency")
                        : I18N("not measured for this vendor ({0}): {1} % of the lowest measured efficiency"),
                    {vendor_measured(cal, gpu.vendor) ? out.family : gpu.vendor, percent(kNotMeasuredShare)}};
      out.band.low_ratio = kNotMeasuredLow;
      out.band.high_ratio = kNotMeasuredHigh;
    }
    out.band.samples = 0;
  }
  // Measured first: the card's own training runs (or the nearest measured card of its
  // class) against the model, never above kMaxAnchoredMfu of the full-rate peak.
  if (const TrainAnchor* anchor = train_anchor_of(gpu, cal)) {
    const double ceiling = kMaxAnchoredMfu * (half_rate_fp32_accumulate(gpu) ? 2 : 1);
    mfu = std::min(mfu * anchor->factor, std::max(mfu, ceiling));
    out.anchored = true;
    out.anchor_factor = anchor->factor;
    out.source = anchor->own ? TemplateText{I18N("measured: Lambda's PyTorch transformer training of this card ({0} workloads), against the cards with LLM runs"),
                                            {std::to_string(anchor->workloads)}}
                             : TemplateText{I18N("measured on {0}, the nearest card of its class with runs (Lambda's PyTorch transformer training)"),
                                            {anchor->card}};
    if (!out.measured) {
      // The family's efficiency was a floor; the anchor replaces it, so the band is the
      // measured class's where there is one.
      auto band = cal.bands.find(out.band.class_key);
      if (band != cal.bands.end()) out.band = band->second;
      out.measured = true;
    }
  }
  if (moe) mfu *= moe_share(cal);
  if (out.lacks_bf16_flash) mfu *= kNoBf16FlashShare;
  out.mfu = safe(mfu);

  if (input.gpus < 1) {
    out.missing = {I18N("the GPU count must be 1 or more")};
    return out;
  }
  if (!(out.peak_tflops > 0)) {
    out.missing = input.precision == TrainPrecision::fp8 ? TemplateText{I18N("{0} has no FP8 tensor cores"), {gpu.name}}
                                                          : TemplateText{I18N("{0} has no published compute figure"), {gpu.name}};
    return out;
  }
  if (!(out.flops_per_token > 0)) {
    out.missing = {I18N("the model has no parameters to train")};
    return out;
  }
  const double flops_per_gpu = out.mfu * out.peak_tflops * kFlopsPerTflop;
  const Scaling scaling = scaling_of(gpu, input.gpus, flops_per_gpu);
  out.scaling = scaling.share;
  out.link = scaling.link;
  out.several_machines = scaling.several_machines;
  out.achieved_mfu = safe(out.mfu * out.scaling);
  out.tokens_per_s_per_gpu = safe(flops_per_gpu * out.scaling / out.flops_per_token);
  out.tokens_per_s = safe(out.tokens_per_s_per_gpu * input.gpus);
  const bool tensor_16bit = (gpu.bf16_tensor_tflops || gpu.fp16_tensor_tflops) &&
                            (input.precision == TrainPrecision::bf16 || input.precision == TrainPrecision::fp16);
  if (half_rate_fp32_accumulate(gpu) && tensor_16bit) {
    // The same FLOP/s, stated against the full-rate peak (TrainEstimate::peak_tflops).
    out.peak_tflops *= 2;
    out.mfu /= 2;
    out.achieved_mfu /= 2;
  }
  return out;
}

double train_tokens_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration) {
  return estimate_training(gpu, input, calibration).tokens_per_s;
}

double train_flops_per_s(const Gpu& gpu, const TrainInput& input, const SpeedCalibration& calibration) {
  const TrainEstimate e = estimate_training(gpu, input, calibration);
  return safe(e.tokens_per_s * e.flops_per_token);
}

// [SECTION] Calibration
void fit_train_calibration(const Catalog& catalog, const Benchmarks& benchmarks, const std::string& exclude_set,
                           const std::string& exclude_gpu, SpeedCalibration& calibration) {
  const Fitted fitted = prepared_runs(catalog, benchmarks);
  std::vector<bool> keep(fitted.runs.size());
  for (std::size_t i = 0; i < keep.size(); ++i) keep[i] = !held_out(*fitted.runs[i].row, exclude_set, exclude_gpu);
  calibration.train = fit_runs(fitted.runs, fitted.mfus, keep);
  if (exclude_set.empty() && exclude_gpu.empty()) fill_bands(fitted, calibration.train);
  if (exclude_set.empty()) fit_train_anchors(catalog, benchmarks, exclude_gpu, calibration);
}

json train_calibration_to_json(const TrainCalibration& cal) {
  auto r4 = [](double v) { return std::round(v * 10000) / 10000; };
  json mfu = json::object();
  for (const auto& [key, value] : cal.mfu) mfu[key] = r4(value);
  json bands = json::object();
  for (const auto& [key, band] : cal.bands) {
    bands[key] = {{"low", std::floor(band.low_ratio * 10000 + 1e-6) / 10000}, {"high", std::ceil(band.high_ratio * 10000 - 1e-6) / 10000}, {"samples", band.samples}};
  }
  json measured = json::object();
  for (const auto& [family, m] : cal.measured) {
    measured[family] = {{"vendor", m.vendor}, {"cards", m.cards}, {"software", m.software}, {"runs", m.runs}};
  }
  json anchors = json::object();
  for (const auto& [key, a] : cal.card_anchors) {
    anchors[key] = {{"factor", r4(a.factor)}, {"workloads", a.workloads}, {"card", a.card}, {"own", a.own}};
  }
  json scales = json::object();
  for (const auto& [key, value] : cal.workload_scale) scales[key] = r4(value);
  return json{{"mfu", mfu},           {"fp8_share", r4(cal.fp8_share)}, {"moe_share", r4(cal.moe_share)},
              {"bands", bands},       {"measured", measured},           {"samples", cal.samples},
              {"card_anchors", anchors},
              {"workload_scale", scales}};
}

void load_train_calibration(const json& root, TrainCalibration& cal, std::vector<CatalogIssue>& issues) {
  auto error = [&](const std::string& field, const std::string& message) {
    issues.push_back({CatalogIssue::Severity::error, "", "training." + field, message});
  };
  auto share = [&](const json& value, const std::string& field, double max) -> std::optional<double> {
    if (value.is_number() && std::isfinite(value.get<double>()) && value.get<double>() >= 0 && value.get<double>() <= max) {
      return value.get<double>();
    }
    error(field, "must be a number from 0 to " + std::to_string(static_cast<int>(max)) + " (got " + describe_json(value) + ")");
    return std::nullopt;
  };
  if (!root.is_object()) {
    error("", "must be an object (got " + describe_json(root) + ")");
    return;
  }
  auto mfu = root.find("mfu");
  if (mfu == root.end() || !mfu->is_object()) {
    error("mfu", "must be an object of family/precision -> MFU");
  } else {
    for (const auto& item : mfu->items()) {
      if (auto v = share(item.value(), "mfu." + item.key(), 1); v && *v > 0) cal.mfu[item.key()] = *v;
    }
  }
  for (const auto& [name, out] : {std::pair<const char*, double*>{"fp8_share", &cal.fp8_share}, {"moe_share", &cal.moe_share}}) {
    auto it = root.find(name);
    if (it == root.end()) continue;
    if (auto v = share(*it, name, 10)) *out = *v;
  }
  auto bands = root.find("bands");
  if (bands != root.end() && bands->is_object()) {
    for (const auto& item : bands->items()) {
      const json& b = item.value();
      if (!b.is_object() || !b.contains("low") || !b.contains("high")) {
        error("bands." + item.key(), "must be {\"low\", \"high\", \"samples\"}");
        continue;
      }
      auto low = share(b["low"], "bands." + item.key() + ".low", 1);
      auto high = share(b["high"], "bands." + item.key() + ".high", 100);
      if (!low || !high || *high < 1) continue;
      Band band;
      band.class_key = item.key();
      band.low_ratio = *low;
      band.high_ratio = *high;
      if (b.contains("samples") && b["samples"].is_number_integer() && std::fabs(b["samples"].get<double>()) < 1e9) {
        band.samples = std::max(0, b["samples"].get<int>());
      }
      cal.bands[item.key()] = band;
    }
  }
  auto measured = root.find("measured");
  if (measured != root.end() && measured->is_object()) {
    for (const auto& item : measured->items()) {
      const json& m = item.value();
      if (!m.is_object()) continue;
      TrainMeasured entry;
      if (m.contains("vendor") && m["vendor"].is_string()) entry.vendor = m["vendor"].get<std::string>();
      for (const char* list : {"cards", "software"}) {
        if (!m.contains(list) || !m[list].is_array()) continue;
        for (const json& word : m[list]) {
          if (word.is_string()) (list[0] == 'c' ? entry.cards : entry.software).push_back(word.get<std::string>());
        }
      }
      if (m.contains("runs") && m["runs"].is_number_integer() && std::fabs(m["runs"].get<double>()) < 1e9) {
        entry.runs = std::max(0, m["runs"].get<int>());
      }
      cal.measured[item.key()] = entry;
    }
  }
  if (auto it = root.find("card_anchors"); it != root.end() && !it->is_object()) {
    error("card_anchors", "must be an object of card id -> {factor, workloads, card, own} (got " + describe_json(*it) + ")");
  } else if (it != root.end()) {
    for (const auto& item : it->items()) {
      const std::string field = "card_anchors." + item.key();
      const json& a = item.value();
      if (!a.is_object() || !a.contains("factor")) {
        error(field, "must be {\"factor\": 0.05 to 20, \"workloads\", \"card\", \"own\"}");
        continue;
      }
      auto factor = share(a["factor"], field + ".factor", 20);
      if (!factor || *factor < 0.05) continue;
      TrainAnchor anchor;
      anchor.factor = *factor;
      if (a.contains("workloads") && a["workloads"].is_number_integer() && std::fabs(a["workloads"].get<double>()) < 1e6) {
        anchor.workloads = std::max(0, a["workloads"].get<int>());
      }
      if (a.contains("card") && a["card"].is_string()) anchor.card = a["card"].get<std::string>();
      if (a.contains("own") && a["own"].is_boolean()) anchor.own = a["own"].get<bool>();
      cal.card_anchors[item.key()] = anchor;
    }
  }
  if (auto scales = root.find("workload_scale"); scales != root.end() && scales->is_object()) {
    for (const auto& item : scales->items()) {
      if (auto v = share(item.value(), "workload_scale." + item.key(), 1e6); v && *v > 0) cal.workload_scale[item.key()] = *v;
    }
  }
  auto samples = root.find("samples");
  if (samples != root.end() && samples->is_object()) {
    for (const auto& item : samples->items()) {
      if (item.value().is_number_integer() && std::fabs(item.value().get<double>()) < 1e9) {
        cal.samples[item.key()] = item.value().get<int>();
      }
    }
  }
}

// [SECTION] Checking
void append_train_checks(const Catalog& catalog, const Benchmarks& benchmarks, const SpeedCalibration& all,
                         std::vector<SpeedCheck>& out) {
  // Lambda: the card's training FLOP/s orders the CNN and speech workloads. The model's own
  // order: the anchors rest on these runs (gpuwise check compares the shipped estimate).
  SpeedCalibration model_only = all;
  model_only.train.card_anchors.clear();
  const std::vector<LambdaRow> lambda = lambda_rows(catalog, benchmarks);
  std::vector<std::string> sets;
  for (const auto& t : lambda) {
    if (std::find(sets.begin(), sets.end(), t.row->set) == sets.end()) sets.push_back(t.row->set);
  }
  for (const auto& set : sets) {
    out.push_back(summarise(set, "train", "in-sample", lambda_pairs(lambda, set, model_only, lambda)));
    std::vector<LambdaRow> others;
    for (const auto& t : lambda) {
      if (t.row->set != set) others.push_back(t);
    }
    out.push_back(summarise(set, "train", "leave-one-set-out", lambda_pairs(lambda, set, model_only, others)));
  }
  // The LLM runs: all of them, dense and mixtures of experts apart, and each family.
  const Fitted fitted = prepared_runs(catalog, benchmarks);
  if (fitted.runs.empty()) return;
  const RunPredictions p = predictions(fitted, all.train);
  std::map<std::string, std::pair<std::vector<SpeedCheckPoint>, std::vector<SpeedCheckPoint>>> checks;
  for (std::size_t i = 0; i < fitted.runs.size(); ++i) {
    const LlmRun& run = fitted.runs[i];
    if (!(p.in_sample[i] > 0) || !(p.held[i] > 0)) continue;
    const SpeedCheckPoint in{run.gpu->id, run_group(run), p.in_sample[i], run.row->value};
    const SpeedCheckPoint held{run.gpu->id, run_group(run), p.held[i], run.row->value};
    for (const std::string& name : {std::string("llm-training"), std::string(run.moe ? "llm-training moe" : "llm-training dense"),
                                    "llm-training " + run.family}) {
      checks[name].first.push_back(in);
      checks[name].second.push_back(held);
    }
  }
  for (const auto& [name, pair] : checks) {
    out.push_back(summarise(name, "train", "in-sample", pair.first));
    out.push_back(summarise(name, "train", "leave-one-card-out", pair.second));
  }
}

std::vector<TrainOrderCheck> check_train_order(const Catalog& catalog, const Benchmarks& benchmarks) {
  const Fitted fitted = prepared_runs(catalog, benchmarks);
  const RunPredictions p = predictions(fitted, fit_runs(fitted.runs, fitted.mfus, std::vector<bool>(fitted.runs.size(), true)));
  // Per workload and card, the fastest measured run and its estimates.
  struct Slot {
    double measured = 0, predicted = 0, held = 0;
  };
  std::map<std::string, std::map<std::string, Slot>> best;
  for (std::size_t i = 0; i < fitted.runs.size(); ++i) {
    Slot& slot = best[run_group(fitted.runs[i])][fitted.runs[i].gpu->id];
    if (fitted.runs[i].row->value > slot.measured) slot = {fitted.runs[i].row->value, p.in_sample[i], p.held[i]};
  }
  std::vector<TrainOrderCheck> out;
  for (const auto& [workload, cards] : best) {
    for (auto a = cards.begin(); a != cards.end(); ++a) {
      for (auto b = std::next(a); b != cards.end(); ++b) {
        const bool a_faster = a->second.measured >= b->second.measured;
        const auto& fast = a_faster ? *a : *b;
        const auto& slow = a_faster ? *b : *a;
        TrainOrderCheck check{workload, fast.first, slow.first, fast.second.measured, slow.second.measured,
                              fast.second.predicted, slow.second.predicted, fast.second.held, slow.second.held};
        check.tie = std::fabs(fast.second.predicted / slow.second.predicted - 1) < kTrainOrderTie;
        check.right = !check.tie && fast.second.predicted > slow.second.predicted;
        check.held_out_right = fast.second.held > slow.second.held;
        out.push_back(check);
      }
    }
  }
  return out;
}

json train_order_to_json(const std::vector<TrainOrderCheck>& pairs) {
  json order = json::array();
  for (const auto& p : pairs) {
    order.push_back({{"workload", p.workload}, {"faster", p.faster_id}, {"slower", p.slower_id},
                     {"measured", {p.faster_measured, p.slower_measured}},
                     {"predicted", {std::round(p.faster_predicted), std::round(p.slower_predicted)}},
                     {"predicted_held_out", {std::round(p.faster_held_out), std::round(p.slower_held_out)}},
                     {"verdict", p.tie ? "tie" : p.right ? "right" : "wrong"}, {"held_out_right", p.held_out_right}});
  }
  return order;
}

}  // namespace gpuwise
