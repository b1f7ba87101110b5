// estimate_machine(): what a machine of cards does with a model on its engine. The
// memory comes from inference_memory.h, the per-card terms from speed_roofline() times the
// calibration's factors (speed.cpp), so one card gives exactly the calibrated figure.
//
// [SECTION] The machine      cards, links between GPUs, what cannot be estimated
// [SECTION] Memory           layers shared out by memory (llama.cpp), tensor parallel (vLLM), RAM
// [SECTION] llama.cpp        a token passes the devices one after another; prompts pipeline a little
// [SECTION] vLLM             every layer split over the GPUs, an all-reduce per layer
// [SECTION] The estimator    MachineEstimator: the checks, rooflines, factors and bands once; at(batch)
// [SECTION] Fit              the hand-over and the overlap from the multi-GPU runs
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "estimate/llm_rows.h"
#include "estimate/speed.h"
#include "text/format.h"
#include "text/stable_sort.h"

namespace gpuwise {
namespace {

constexpr double kBytesPerGb = 1e9;
constexpr double kFlopsPerTflop = 1e12;
constexpr double kActivationBytes = 2;  // 16-bit activations cross the link
constexpr int kLlamaCppBatchTokens = 2048;  // llama.cpp's default n_batch: micro-batches pipeline within it

double safe(double value) { return std::isfinite(value) && value > 0 ? value : 0; }

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  stable_sort_rows(values);
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// [SECTION] The machine

bool unified_memory(const Gpu& gpu) { return gpu.gpu_memory_share_pct.has_value(); }
// A computer of its own (a Mac, a DGX Spark, a Ryzen AI Max box, a Jetson): two of them
// are two machines on a network, which the model does not estimate.
bool own_computer(const Gpu& gpu) { return gpu.kind == "system" || unified_memory(gpu); }

// The link between GPUs in one machine, per direction, and the latency of a small
// all-reduce over it (our figures, docs/speed.md): NVLink on SXM / OAM modules, an NVLink
// bridge between two cards, else PCIe at the catalog's generation and lanes.
struct GpuLink {
  double gbs = 0;
  double latency_s = 0;
};

GpuLink pcie_link(const std::string& interface) {
  int generation = 4, lanes = 16;  // no figure in the text: a PCIe 4.0 x16 slot
  const std::size_t at = interface.find("PCIe ");
  if (at != std::string::npos && at + 5 < interface.size() && std::isdigit(static_cast<unsigned char>(interface[at + 5]))) {
    generation = interface[at + 5] - '0';
    const std::size_t x = interface.find(" x", at);
    if (x != std::string::npos) lanes = std::max(1, std::atoi(interface.c_str() + x + 2));
  }
  // GB/s per lane and direction after 8b/10b (gen 1-2) or 128b/130b coding; 80 % of it is reached.
  const double per_lane = generation <= 1 ? 0.25 : generation == 2 ? 0.5 : 0.985 * std::pow(2.0, generation - 3);
  return {per_lane * lanes * 0.8, 25e-6};
}

GpuLink gpu_link(const Gpu& gpu) {
  if (gpu.nvlink && gpu.kind == "module") return {300, 8e-6};
  if (gpu.kind == "module" && gpu.interface.find("OAM") != std::string::npos) return {150, 10e-6};
  if (gpu.nvlink) return {50, 10e-6};
  return pcie_link(gpu.interface);
}

std::string card_name(const Gpu& gpu) { return gpu.name.empty() ? gpu.id : gpu.name; }

// [SECTION] Memory

struct Device {
  const Gpu* gpu = nullptr;
  double capacity_gb = 0;
  double layers = 0;      // layers it holds (llama.cpp shares them out by free memory)
  bool holds_head = false;
  SpeedRoofline roofline;
  double decode_share = 0;
  double prefill_share = 0;
  GpuLink link;  // gpu_link() of its card
};

struct Placement {
  int ram_layers = 0;
  int gpu_layers = 0;
};

double capacity_gb(const Gpu& gpu, const SpeedInput& input, const InferenceMemory& mem) {
  if (input.unified_memory_gb > 0) return safe(input.unified_memory_gb * kUnifiedGpuShare * mem.usable_share);
  return safe(usable_vram_gb(gpu, mem.usable_share));  // a row without a memory figure holds nothing
}

// llama.cpp: the layers the GPUs cannot hold stay in RAM (Ollama-style) or the reader's
// count; the rest share out over the GPUs by their free memory (its default tensor split).
Placement place_layers(std::vector<Device>& devices, const SpeedInput& input, const InferenceMemory& mem,
                       bool ram_allowed) {
  Placement p;
  const double per_layer = mem.layer_weights_gb + mem.layer_kv_gb;
  double free_total = -mem.head_gb - mem.shared_buffer_gb;
  for (const Device& d : devices) free_total += d.capacity_gb - mem.per_gpu_fixed_gb();
  if (ram_allowed && input.host_ram_gb > 0) {
    if (input.ram_layers > 0) {
      p.ram_layers = input.ram_layers;
    } else if (per_layer > 0) {
      const double fit = std::floor(std::max(0.0, free_total) / per_layer);
      p.ram_layers = static_cast<int>(std::clamp(mem.layers - fit, 0.0, static_cast<double>(mem.layers)));
    }
  }
  p.gpu_layers = mem.layers - p.ram_layers;
  double free_sum = 0;
  for (const Device& d : devices) free_sum += std::max(0.0, d.capacity_gb - mem.per_gpu_fixed_gb());
  for (Device& d : devices) {
    const double free = std::max(0.0, d.capacity_gb - mem.per_gpu_fixed_gb());
    d.layers = free_sum > 0 ? p.gpu_layers * free / free_sum : static_cast<double>(p.gpu_layers) / static_cast<double>(devices.size());
  }
  if (p.gpu_layers > 0) devices.back().holds_head = true;
  return p;
}

// [SECTION] llama.cpp
struct Figures {
  double decode_s = 0;   // one step (0: unknown)
  double prefill_s = 0;  // one prompt token (0: unknown)
};

// `r`: the first device's roofline at the batch.
Figures llamacpp_figures(const std::vector<Device>& devices, const SpeedRoofline& r, const Placement& p,
                         const SpeedInput& input, const InferenceMemory& mem, const SpeedCalibration& cal) {
  Figures f;
  const int layers = std::max(1, r.layers);
  const double layer_read = (r.weight_bytes - r.head_bytes) / layers + r.concurrent * r.kv_bytes_per_request / layers;
  const double layer_decode_flops = r.decode_flops_per_token / layers;
  const double layer_prefill_flops = prefill_flops_per_token(r, cal.attention_cost_of(input.older_build, *devices.front().gpu)) / layers;
  double decode = 0, prefill_sum = 0, prefill_max = 0;
  // A mixture of experts' layers each add their card's expert-routing time; layers in RAM
  // the first card's (it runs them, their weights read from the host).
  const bool moe = input.model.mixture_of_experts();
  double moe_s = moe ? p.ram_layers * cal.moe_layer_overhead_of(*devices.front().gpu, input.model.preset) : 0;
  bool decode_known = true, prefill_known = true;
  int stages = 0;
  for (const Device& d : devices) {
    if (!(d.layers > 0) && !d.holds_head) continue;
    ++stages;
    if (moe) moe_s += d.layers * cal.moe_layer_overhead_of(*d.gpu, input.model.preset);
    const double bandwidth = d.roofline.bandwidth_gbs * d.decode_share * kBytesPerGb;
    const double flops = d.roofline.tensor_tflops * d.prefill_share * kFlopsPerTflop;
    const double bytes = d.layers * layer_read + (d.holds_head ? r.head_bytes : 0);
    if (!(bandwidth > 0)) decode_known = false;
    // Many requests at once turn a device's decode compute-bound: 2 x active FLOPs per token each.
    const double compute_s = flops > 0 ? r.concurrent * d.layers * layer_decode_flops / flops : 0;
    decode += std::max(bytes / bandwidth, compute_s);
    if (!(flops > 0)) prefill_known = false;
    const double t = d.layers * layer_prefill_flops / flops;
    prefill_sum += t;
    prefill_max = std::max(prefill_max, t);
  }
  if (p.ram_layers > 0) {
    // Decode reads the RAM layers at the host's bandwidth; a prompt copies their weights
    // to the first GPU once per micro-batch (llama.cpp offloads large batches) and runs there.
    ++stages;
    const double host = input.host_bandwidth_gbs * kHostDecodeShare * kBytesPerGb;
    decode += (p.ram_layers * layer_read + (p.gpu_layers == 0 ? r.head_bytes : 0)) / host;
    const Device& first = devices.front();
    const double flops = first.roofline.tensor_tflops * first.prefill_share * kFlopsPerTflop;
    const double copy = p.ram_layers * mem.layer_weights_gb * kBytesPerGb /
                        (pcie_link(first.gpu->interface).gbs * kBytesPerGb * kLlamaCppMicroBatchTokens);
    const double t = copy + p.ram_layers * layer_prefill_flops / flops;
    prefill_sum += t;
    prefill_max = std::max(prefill_max, t);
  }
  if (decode_known) {
    f.decode_s = decode + r.layers * cal.decode_overhead_of(input.older_build) + moe_s + (stages - 1) * cal.llamacpp_handover_s;
  }
  if (prefill_known) {
    // Micro-batches of one batch pipeline over the devices: ideally the batch takes the
    // sum of one micro-batch's stages plus (k - 1) of the slowest; llama.cpp reaches the
    // fitted share of that overlap.
    const int prompt = std::max(1, r.prompt_tokens);
    const double k = std::ceil(std::min(prompt, kLlamaCppBatchTokens) / static_cast<double>(kLlamaCppMicroBatchTokens));
    const double pipelined = prefill_sum / k + (k - 1) / k * prefill_max;
    f.prefill_s = stages > 1 ? prefill_sum - cal.llamacpp_pipeline_overlap * (prefill_sum - pipelined) : prefill_sum;
  }
  return f;
}

// [SECTION] vLLM
Figures vllm_figures(const std::vector<Device>& devices, const SpeedRoofline& r, const SpeedInput& input,
                     const SpeedCalibration& cal) {
  Figures f;
  const double n = static_cast<double>(devices.size());
  // Every GPU holds a share of every layer: the slowest sets the pace.
  double bandwidth = INFINITY, flops = INFINITY;
  GpuLink link{INFINITY, 0};
  for (const Device& d : devices) {
    bandwidth = std::min(bandwidth, d.roofline.bandwidth_gbs * d.decode_share * kBytesPerGb);
    flops = std::min(flops, d.roofline.tensor_tflops * d.prefill_share * kFlopsPerTflop);
    const GpuLink& l = d.link;
    link.gbs = std::min(link.gbs, l.gbs);
    link.latency_s = std::max(link.latency_s, l.latency_s);
  }
  // Two all-reduces per layer (after attention and after the MLP), ring: 2 (n-1)/n of the
  // activations cross the link; small ones cost the link's latency.
  const double ring = n > 1 ? 2 * (n - 1) / n : 0;
  const double hidden_bytes = input.model.hidden_size * kActivationBytes;
  const double all_reduces = 2.0 * r.layers;
  if (bandwidth > 0) {
    const double memory_s = (r.weight_bytes + r.concurrent * r.kv_bytes_per_request) / (n * bandwidth);
    const double compute_s = flops > 0 ? r.concurrent * r.decode_flops_per_token / (n * flops) : 0;
    const double reduce_s =
        n > 1 ? all_reduces * (link.latency_s + ring * r.concurrent * hidden_bytes / (link.gbs * kBytesPerGb)) : 0;
    // vLLM's fused expert kernels are not llama.cpp's: no mixture-of-experts layer cost.
    f.decode_s = std::max(memory_s, compute_s) + r.layers * cal.decode_overhead_of(input.older_build) + reduce_s;
  }
  if (flops > 0) {
    const double chunk = std::min(std::max(1, r.prompt_tokens), kVllmBatchedTokens);
    const double reduce_s =
        n > 1 ? all_reduces * (link.latency_s / chunk + ring * hidden_bytes / (link.gbs * kBytesPerGb)) : 0;
    f.prefill_s = prefill_flops_per_token(r, cal.attention_cost_of(input.older_build, *devices.front().gpu)) / (n * flops) + reduce_s;
  }
  return f;
}

// The speeds from one step's and one prompt token's seconds (0: unknown). `Out`: a
// SpeedEstimate, or a BatchFigures.
template <class Out>
void set_figures(const Figures& f, const SpeedRoofline& r, Out& out) {
  if (f.decode_s > 0 && std::isfinite(f.decode_s)) {
    out.decode_tokens_per_s = safe(1 / f.decode_s);
    out.decode_total_tokens_per_s = safe(r.concurrent / f.decode_s);
  }
  if (f.prefill_s > 0 && std::isfinite(f.prefill_s)) {
    out.prefill_tokens_per_s = safe(1 / f.prefill_s);
    out.time_to_first_token_s = safe(r.prompt_tokens * f.prefill_s);
  }
}

// The widest band of the machine's cards (a mixed machine is as sure as its least sure card).
Band machine_band(const SpeedCalibration& cal, Engine engine, const std::vector<Device>& devices,
                  const std::string& phase) {
  Band band = speed_band(cal, engine, *devices.front().gpu, phase);
  const Gpu* last = devices.front().gpu;
  for (const Device& d : devices) {
    // A card's GPUs are listed together and share its band: one look-up per kind (the
    // serving capacity asks for a machine's estimate at many batch sizes).
    if (d.gpu == last) continue;
    last = d.gpu;
    const Band other = speed_band(cal, engine, *d.gpu, phase);
    if (other.high_ratio - other.low_ratio > band.high_ratio - band.low_ratio) band = other;
  }
  return band;
}

}  // namespace

// [SECTION] The estimator: what the batch does not change, once
struct MachineEstimator::Plan {
  std::vector<MachineCard> machine;  // for an estimate the plan cannot give (a batch out of range)
  SpeedInput input;
  const SpeedCalibration* cal = nullptr;
  SpeedEstimate head;         // the estimate's fields the batch does not change
  bool answered = false;      // the machine or input cannot run: head is the whole estimate
  const Gpu* system = nullptr;  // several computers: head plus the memory of one at the batch
  Engine engine = Engine::llamacpp;
  InferenceMemoryInput memory_input;
  std::vector<Device> devices;  // capacity, roofline (at input.concurrent), factors and link filled

  // speed_input_problem() reads the batch only for its range: within it, the checks made at
  // input.concurrent hold at any batch.
  bool checks_hold(int concurrent) const {
    return concurrent == input.concurrent ||
           (limits::kBatchSize.contains(concurrent) && limits::kBatchSize.contains(input.concurrent));
  }
};

MachineEstimator::MachineEstimator(const std::vector<MachineCard>& machine, const SpeedInput& input,
                                   const SpeedCalibration& cal)
    : plan_(std::make_unique<Plan>()) {
  Plan& p = *plan_;
  p.machine = machine;
  p.input = input;
  p.cal = &cal;
  SpeedEstimate& out = p.head;
  std::vector<Device>& devices = p.devices;
  std::vector<std::string> kinds;
  for (const MachineCard& card : machine) {
    if (!card.gpu) continue;
    if (std::find(kinds.begin(), kinds.end(), card.gpu->id) == kinds.end()) kinds.push_back(card.gpu->id);
    for (int i = 0; i < std::clamp(card.count, 0, static_cast<int>(limits::kSpeedGpuCount.max)); ++i) {
      Device device;
      device.gpu = card.gpu;
      devices.push_back(device);
    }
  }
  p.answered = true;  // until the checks below pass
  if (devices.empty()) {
    out.reason = {I18N("the machine has no card")};
    return;
  }
  const Gpu& first = *devices.front().gpu;
  for (const std::string& id : kinds) out.gpu_id += (out.gpu_id.empty() ? "" : "+") + id;
  out.gpus = static_cast<int>(devices.size());
  out.mixed = kinds.size() > 1;
  out.family = efficiency_family(first);
  out.family_calibrated = cal.decode_bandwidth.count(out.family) > 0;
  if (auto problem = speed_input_problem(input)) {
    out.reason = *problem;
    return;
  }
  const Quantisation& quant = *find_quantisation(input.quant);
  Engine engine = *speed_engine(input);
  if (input.engine == "auto") {
    // The format's engine where it runs on every card of the machine, else llama.cpp.
    for (const Device& d : devices) {
      if (engine_for_card(quant, *d.gpu) != engine) engine = engine_for_card(quant, *d.gpu);
    }
  }
  p.engine = engine;
  out.engine = engine_key(engine);

  // What the model does not estimate, or the engine cannot run: no figures, a reason.
  const Gpu* system = nullptr;
  bool vendors = false;  // cards of more than one vendor
  for (const Device& d : devices) {
    if (own_computer(*d.gpu)) system = d.gpu;
    vendors = vendors || d.gpu->vendor != first.vendor;
  }
  if (system && devices.size() > 1) {
    // The memory of one of them (a model that fits one fits, as the VRAM fit says); no figures.
    p.system = system;
    out.reason = {I18N("several machines over a network are not estimated: {0} is a computer of its own, and "
                       "llama.cpp's RPC or exo over Ethernet or Thunderbolt runs far below one machine"),
                  {card_name(*system)}};
    return;
  }
  if (engine == Engine::vllm && !engine_runs_on(engine, *devices.front().gpu)) {
    out.reason = {I18N("vLLM / SGLang do not run on Apple GPUs: choose llama.cpp / Ollama")};
    return;
  }
  if (engine == Engine::vllm && vendors) {
    out.reason = {I18N("vLLM / SGLang run one vendor's GPUs in a machine (tensor parallel): choose llama.cpp / "
                       "Ollama for cards of several vendors")};
    return;
  }
  p.answered = false;

  p.memory_input.model = input.model;
  p.memory_input.weight_bits = quant.bits_per_weight;
  p.memory_input.context = input.context;
  p.memory_input.concurrent = input.concurrent;
  // The share of memory the engine may use is the engine's, whatever the batch.
  const InferenceMemory mem = inference_memory(engine, p.memory_input);
  const Device* previous = nullptr;
  for (Device& d : devices) {
    // A card's GPUs are listed together and have the same figures: worked out once.
    if (previous && previous->gpu == d.gpu) {
      d = *previous;
      continue;
    }
    previous = &d;
    d.capacity_gb = capacity_gb(*d.gpu, input, mem);
    d.roofline = speed_roofline(*d.gpu, input);
    d.decode_share = cal.decode_share_of(*d.gpu, input.model.preset, input.quant);
    d.prefill_share = cal.prefill_share_of(*d.gpu, d.roofline.quantised_path, input.model.preset, input.quant);
    // llama.cpp's expert products are smaller matrices than a dense layer's (SpeedCalibration).
    if (input.model.mixture_of_experts() && engine == Engine::llamacpp) d.prefill_share *= cal.moe_prefill_share;
    d.link = gpu_link(*d.gpu);
  }
  // The figures rest on each card's roofline at its family's factors.
  const SpeedRoofline& r = devices.front().roofline;
  out.bytes_per_token_gb = (r.weight_bytes + r.kv_bytes_per_request) / kBytesPerGb;
  for (const Device& d : devices) {
    out.effective_bandwidth_gbs += safe(d.roofline.bandwidth_gbs * d.decode_share);
    out.effective_tflops += safe(d.roofline.tensor_tflops * d.prefill_share);
  }
  // A mixture of experts runs other kernels (llama.cpp's expert matrix products): its own
  // classes where they are measured (speed_band falls back to the dense class).
  const bool moe = input.model.mixture_of_experts();
  out.decode_band = machine_band(cal, engine, devices, band_phase("decode", moe));
  out.prefill_band = machine_band(cal, engine, devices, band_phase("prefill", moe));
}

MachineEstimator::~MachineEstimator() = default;
MachineEstimator::MachineEstimator(MachineEstimator&&) noexcept = default;
MachineEstimator& MachineEstimator::operator=(MachineEstimator&&) noexcept = default;

namespace {

// What estimate_at() fills: SpeedEstimate's fields of the batch, without its text (a
// search tries ~18 batches; a whole SpeedEstimate each was a third of their time).
struct BatchFigures {
  bool fits = false;
  double needed_gb = 0, usable_gb = 0, lacks_gb = 0;
  int layers_in_ram = 0;
  double ram_needed_gb = 0, ram_usable_gb = 0;
  double decode_tokens_per_s = 0, decode_total_tokens_per_s = 0, prefill_tokens_per_s = 0, time_to_first_token_s = 0;
};

// The memory and the figures at a batch of `concurrent` (the plan's checks hold at it):
// fills the fit, memory, RAM and figure fields of `out` (a SpeedEstimate or a BatchFigures,
// with those fields at 0).
template <class Out>
void estimate_at(const MachineEstimator::Plan& p, int concurrent, Out& out) {
  const SpeedInput& input = p.input;  // its own batch is not read below: `concurrent` is
  const SpeedCalibration& cal = *p.cal;
  const Engine engine = p.engine;
  InferenceMemoryInput memory_input = p.memory_input;
  memory_input.concurrent = concurrent;
  const InferenceMemory mem = inference_memory(engine, memory_input);
  SpeedRoofline r = p.devices.front().roofline;
  r.concurrent = concurrent;
  const Gpu& first = *p.devices.front().gpu;
  const int n = p.head.gpus;
  Placement placement;
  placement.gpu_layers = mem.layers;
  bool gpus_hold = false;
  if (engine == Engine::llamacpp) {
    std::vector<Device> devices = p.devices;  // the layers each holds
    placement = place_layers(devices, input, mem, !unified_memory(first));
    const double per_layer = mem.layer_weights_gb + mem.layer_kv_gb;
    // Without layers in RAM a machine of one card is the VRAM fit's own arithmetic.
    double gpu_total = mem.one_gpu_gb();
    if (placement.ram_layers > 0) {
      gpu_total = placement.gpu_layers * per_layer + mem.per_gpu_fixed_gb() +
                  (placement.gpu_layers > 0 ? mem.head_gb + mem.shared_buffer_gb : 0);
    }
    if (p.head.mixed) {
      out.needed_gb = gpu_total + (n - 1) * mem.per_gpu_fixed_gb();
      for (const Device& d : devices) out.usable_gb += d.capacity_gb;
    } else {
      const double fixed = std::min(mem.per_gpu_fixed_gb(), gpu_total);
      out.needed_gb = (gpu_total - fixed) / n + fixed;
      out.usable_gb = devices.front().capacity_gb;
    }
    gpus_hold = out.needed_gb <= out.usable_gb;
    out.layers_in_ram = placement.ram_layers;
    if (placement.ram_layers > 0) {
      out.ram_needed_gb = mem.host_weights_gb + placement.ram_layers * per_layer +
                          (placement.gpu_layers == 0 ? mem.head_gb : 0);
      out.ram_usable_gb = std::max(0.0, input.host_ram_gb - kHostReservedGb);
    }
    const Figures f = llamacpp_figures(devices, r, placement, input, mem, cal);
    set_figures(f, r, out);
  } else {
    // Tensor parallel: every GPU holds 1/n of the shared parts; the smallest one decides.
    out.needed_gb = mem.per_gpu_gb(n);
    out.usable_gb = INFINITY;
    for (const Device& d : p.devices) out.usable_gb = std::min(out.usable_gb, d.capacity_gb);
    gpus_hold = out.needed_gb <= out.usable_gb;
    set_figures(vllm_figures(p.devices, r, input, cal), r, out);
  }
  const bool ram_holds = out.ram_needed_gb <= out.ram_usable_gb;
  out.fits = gpus_hold && ram_holds;
  out.lacks_gb = gpus_hold ? (ram_holds ? 0 : out.ram_needed_gb - out.ram_usable_gb) : out.needed_gb - out.usable_gb;
}

SpeedInput at_batch(SpeedInput input, int concurrent) {
  input.concurrent = concurrent;
  return input;
}

}  // namespace

SpeedEstimate MachineEstimator::at(int concurrent) const {
  const Plan& p = *plan_;
  if (!p.checks_hold(concurrent)) return MachineEstimator(p.machine, at_batch(p.input, concurrent), *p.cal).at(concurrent);
  SpeedEstimate out = p.head;
  if (p.system) {
    const SpeedEstimate one = estimate_machine({{p.system, 1}}, at_batch(p.input, concurrent), *p.cal);
    out.fits = one.fits;
    out.needed_gb = one.needed_gb;
    out.usable_gb = one.usable_gb;
    out.lacks_gb = one.lacks_gb;
    return out;
  }
  if (p.answered) return out;
  estimate_at(p, concurrent, out);
  for (const Device& d : p.devices) {
    if (!(out.decode_tokens_per_s > 0) && !(d.roofline.bandwidth_gbs > 0)) {
      out.decode_reason = {I18N("no memory bandwidth figure for {0} in the catalog"), {card_name(*d.gpu)}};
    }
    if (!(out.prefill_tokens_per_s > 0) && !(d.roofline.tensor_tflops > 0)) {
      out.prefill_reason = {I18N("no FP16 or FP32 throughput figure for {0} in the catalog"), {card_name(*d.gpu)}};
    }
  }
  return out;
}

MachineFigures MachineEstimator::figures_at(int concurrent) const {
  const Plan& p = *plan_;
  if (p.answered || p.system || !p.checks_hold(concurrent)) {
    const SpeedEstimate e = at(concurrent);
    return {e.fits, e.needed_gb, e.usable_gb, e.decode_tokens_per_s, e.decode_total_tokens_per_s, e.prefill_tokens_per_s};
  }
  BatchFigures e;
  estimate_at(p, concurrent, e);
  return {e.fits, e.needed_gb, e.usable_gb, e.decode_tokens_per_s, e.decode_total_tokens_per_s, e.prefill_tokens_per_s};
}

namespace {
// [SECTION] Speculative decoding (llama.cpp's --model-draft, vLLM's speculative model): a
// draft model proposes kDraftTokens tokens a step, the model checks them in one batched
// step and keeps those it accepts. Tokens a step at acceptance a: (1 - a^(k+1)) / (1 - a)
// (Leviathan, Kalman and Matias 2023, "Fast Inference from Transformers via Speculative
// Decoding", eq. 1); a step costs k draft steps and one check of k + 1 tokens, which costs
// kDraftCheckCost decode steps (a batch of six reads the weights once but does six tokens'
// work and sampling; 1.1 puts issue 5877's run, below, inside the band). The acceptance depends on the text (code and rewrites high, open chat
// low). Public llama.cpp runs bound the constants: 8B with a 1B draft on an RTX 3060 at 72 %
// accepted went 1.7x (llama.cpp issue 5877), 34 % accepted gained nothing (PR 10455), and a
// fast card (A100) with a small model ran 7-23 % slower (issue 10664). We take a = 0.6 and
// let the band run from 0.35 (no gain, or a loss) to 0.8. No stored run has a draft: the
// band is "not measured".
constexpr int kDraftTokens = 5;
constexpr double kDraftCheckCost = 1.1;
constexpr double kDraftAcceptance = 0.6, kDraftAcceptanceLow = 0.35, kDraftAcceptanceHigh = 0.8;

double tokens_per_step(double acceptance) {
  return (1 - std::pow(acceptance, kDraftTokens + 1)) / (1 - acceptance);
}

void add_draft_model(const std::vector<MachineCard>& machine, const SpeedInput& input, const SpeedCalibration& cal,
                     SpeedEstimate& out) {
  if (!(out.decode_tokens_per_s > 0)) return;  // nothing to speed up: the model's reason stands
  SpeedInput draft = input;
  draft.model = speed_model_from_size(input.draft_params_b, std::nullopt);
  draft.draft_params_b = 0;
  const SpeedEstimate d = MachineEstimator(machine, draft, cal).at(input.concurrent);
  // The draft's weights and cache sit beside the model's, on the first GPU.
  out.needed_gb += d.bytes_per_token_gb;
  const bool gpus_hold = out.needed_gb <= out.usable_gb;
  if (out.fits && !gpus_hold) out.lacks_gb = out.needed_gb - out.usable_gb;
  out.fits = out.fits && gpus_hold;
  if (!(d.decode_tokens_per_s > 0)) {
    out.decode_reason = {I18N("the draft model of {0} billion parameters has no decode figure on this machine"),
                         {format_number(input.draft_params_b, 3)}};
    out.decode_tokens_per_s = out.decode_total_tokens_per_s = 0;
    return;
  }
  const double step_s = kDraftCheckCost / out.decode_tokens_per_s + kDraftTokens / d.decode_tokens_per_s;
  const double speedup = tokens_per_step(kDraftAcceptance) / step_s / out.decode_tokens_per_s;
  out.decode_tokens_per_s *= speedup;
  out.decode_total_tokens_per_s *= speedup;
  out.decode_band.low_ratio *= tokens_per_step(kDraftAcceptanceLow) / tokens_per_step(kDraftAcceptance);
  out.decode_band.high_ratio *= tokens_per_step(kDraftAcceptanceHigh) / tokens_per_step(kDraftAcceptance);
  out.decode_band.samples = 0;
}
}  // namespace

SpeedEstimate estimate_machine(const std::vector<MachineCard>& machine, const SpeedInput& input,
                               const SpeedCalibration& cal) {
  SpeedEstimate out = MachineEstimator(machine, input, cal).at(input.concurrent);
  if (input.draft_params_b > 0) add_draft_model(machine, input, cal, out);
  return out;
}
// [SECTION] Fit
void fit_llamacpp_several_devices(const Catalog& catalog, const Benchmarks& benchmarks, SpeedCalibration& cal,
                                  const std::string& exclude_set, const std::string& exclude_gpu) {
  // Decode: the time beyond the estimate without hand-over, per extra device.
  SpeedCalibration bare = cal;
  bare.llamacpp_handover_s = 0;
  bare.llamacpp_pipeline_overlap = 0;
  std::vector<double> handovers;
  for (const LlmRow& row : llm_rows(catalog, benchmarks, "decode")) {
    if (row.row->gpus < 2 || row.row->gpu_layers || held_out(*row.row, exclude_set, exclude_gpu)) continue;
    const SpeedEstimate e = estimate_speed(*row.gpu, measured_input(row), bare);
    if (e.decode_tokens_per_s > 0) handovers.push_back((1 / row.row->value - 1 / e.decode_tokens_per_s) / (row.row->gpus - 1));
  }
  cal.llamacpp_handover_s = std::max(0.0, median_of(handovers));
  // Prefill: where the measured time lies between no overlap (0) and the ideal pipeline (1).
  SpeedCalibration ideal = bare;
  ideal.llamacpp_pipeline_overlap = 1;
  std::vector<double> overlaps;
  for (const LlmRow& row : llm_rows(catalog, benchmarks, "prefill")) {
    if (row.row->gpus < 2 || row.row->gpu_layers || held_out(*row.row, exclude_set, exclude_gpu)) continue;
    const SpeedInput input = measured_input(row);
    const double none = estimate_speed(*row.gpu, input, bare).prefill_tokens_per_s;
    const double all = estimate_speed(*row.gpu, input, ideal).prefill_tokens_per_s;
    if (!(none > 0) || !(all > none * 1.001)) continue;  // one micro-batch: nothing overlaps
    overlaps.push_back((1 / none - 1 / row.row->value) / (1 / none - 1 / all));
  }
  cal.llamacpp_pipeline_overlap = std::clamp(median_of(overlaps), 0.0, 1.0);
  if (!handovers.empty()) cal.samples["llamacpp_handover"] = static_cast<int>(handovers.size());
  if (!overlaps.empty()) cal.samples["llamacpp_pipeline_overlap"] = static_cast<int>(overlaps.size());
}

}  // namespace gpuwise
