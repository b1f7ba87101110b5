// Image generation: the models' parts, the memory a card needs, a step's time, the table.
// The calibration and the check are in image_fit.cpp. docs/images.md has every formula.
#include "estimate/image.h"

#include <algorithm>
#include <cmath>

#include "estimate/speed.h"
#include "estimate/vram_fit.h"
#include "text/csv.h"
#include "text/format.h"
#include "text/json_util.h"
#include "text/limits.h"
#include "text/stable_sort.h"

namespace gpuwise {

// [SECTION] Models and precisions

namespace {

// Part sizes in GB (1e9 bytes) at 16 bits. SD 1.5: 859.5 M UNet, 123.1 M CLIP ViT-L,
// 83.7 M VAE parameters (counted from the diffusers pipeline). SDXL: a 2.6 B UNet and 817 M of
// text encoders (CLIP ViT-L and OpenCLIP ViT-bigG) in the SDXL paper, the same VAE. FLUX.1:
// the sizes Hugging Face's quantization blog measured (transformer 23.8 GB, T5-XXL 9.52,
// CLIP-L 0.246, VAE 0.168); dev and schnell share the architecture.
constexpr ImageModel kModels[] = {
    {"sd15", "Stable Diffusion 1.5", I18N("UNet"), 1.719, 0, 0.246, 0.167, false, true, 8, 256, 1536, 512, 512, 25,
     0.18, "https://forums.fast.ai/t/stable-diffusion-parameter-budget-allocation/101515"},
    {"sdxl", "SDXL 1.0", I18N("UNet"), 5.2, 0, 1.634, 0.167, false, true, 8, 512, 2048, 1024, 1024, 30, 0.12,
     "https://arxiv.org/abs/2307.01952"},
    {"flux1-dev", "FLUX.1 dev", I18N("transformer"), 23.8, 9.52, 0.246, 0.168, true, false, 16, 256, 2048, 1024, 1024,
     28, 0, "https://github.com/huggingface/blog/blob/0b53cb19406564a21da2bff693a71a08e73538ee/diffusers-quantization.md"},
    {"flux1-schnell", "FLUX.1 schnell", I18N("transformer"), 23.8, 9.52, 0.246, 0.168, true, false, 16, 256, 2048,
     1024, 1024, 4, 0,
     "https://github.com/huggingface/blog/blob/0b53cb19406564a21da2bff693a71a08e73538ee/diffusers-quantization.md"},
};

// The share of 16-bit bytes each format keeps, from the blog's "memory after loading" of
// FLUX.1 dev (GiB read as stored, CLIP and VAE at 16 bits taken off): FP8 weight-only and
// NF4 quantise the transformer and T5 (17.016 and 12.584 GiB); the GGUF runs quantise the
// transformer only, T5 staying at 16 bits (Q8_0 21.502 GiB; Q4_1 from its offloaded peak,
// 9.164 GiB, less the 1.2 GB of activations).
constexpr ImagePrecision kPrecisions[] = {
    {"fp16", I18N("16-bit (FP16 / BF16)"), 1.0, 1.0, false, false},
    {"fp8", I18N("FP8 weights (computed in 16-bit)"), 0.536, 0.536, false, false},
    {"nf4", I18N("NF4 (bitsandbytes)"), 0.393, 0.393, true, true},
    {"gguf-q8", I18N("GGUF Q8_0"), 0.553, 1.0, true, false},
    {"gguf-q4", I18N("GGUF Q4"), 0.363, 1.0, true, false},
};

// FLUX.1's transformer (black-forest-labs/FLUX.1-dev transformer/config.json): 19 double-
// and 38 single-stream blocks, 24 heads of 128, 16 x 16 pixels a token, 512 text tokens.
constexpr double kFluxBlocks = 57, kFluxHidden = 3072, kFluxPixelsPerToken = 256, kFluxTextTokens = 512;
// GB of activations while denoising, per megapixel: 1.2 for FLUX.1 (the blog's offloaded
// BF16 peak, 23.271 GiB, less the 23.8 GB transformer); the UNets are assumed alike.
constexpr double kDenoiseGbPerMp = 1.2;
// Decoding the latent: the blog's BF16 peak with everything on the GPU (36.166 GiB) less the
// weights, 5.1 GB for a megapixel; in 512 x 512 tiles (ComfyUI's fallback, diffusers'
// enable_vae_tiling) a quarter of that.
constexpr double kVaeDecodeGbPerMp = 5.1, kVaeTileMp = 0.262144;
constexpr double kOverheadGb = 1.0;  // CUDA context and workspaces, as vram_fit.h's fixed part
// Moving offloaded parts to the GPU and back, GB/s: diffusers' model offload cost 6.465 s an
// image on an RTX 4090 (32.312 s with, 25.847 s without) for ~13.5 GB of NF4 parts.
constexpr double kOffloadGbPerS = 2.09;
constexpr double kTflopsPerWatt = 1.0;  // the power cap the speed model uses (speed.h)

}  // namespace

int image_family(const ImageModel& model) { return model.transformer ? 2 : std::string_view(model.id) == "sd15" ? 0 : 1; }
const char* image_family_key(int family) { return family == 0 ? "sd15" : family == 1 ? "sdxl" : "flux"; }

TableView<ImageModel> image_models() { return kModels; }
TableView<ImagePrecision> image_precisions() { return kPrecisions; }

const ImageModel* find_image_model(std::string_view id) {
  for (const ImageModel& m : kModels) {
    if (id == m.id) return &m;
  }
  return nullptr;
}

const ImagePrecision* find_image_precision(std::string_view id) {
  for (const ImagePrecision& p : kPrecisions) {
    if (id == p.id) return &p;
  }
  return nullptr;
}

const char* image_workload(std::string_view precision) { return precision == "nf4" ? "image-nf4" : "image"; }

// [SECTION] Input

std::optional<TemplateText> check_image_view(const ImageView& view) {
  const ImageModel* model = find_image_model(view.model);
  if (!model) return TemplateText(I18N("unknown image model '{0}'"), {view.model});
  const ImagePrecision* precision = find_image_precision(view.precision);
  if (!precision) return TemplateText(I18N("unknown precision '{0}'"), {view.precision});
  const auto& software = image_software_keys();
  if (std::none_of(software.begin(), software.end(), [&](const char* key) { return view.software == key; })) {
    return TemplateText(I18N("unknown image software '{0}' (pytorch or webui)"), {view.software});
  }
  if (precision->flux_only && !model->transformer) {
    return TemplateText(I18N("{0} is offered for FLUX.1 only, not {1}"), {precision->id, model->name});
  }
  if (view.steps < limits::kImageSteps.min || view.steps > limits::kImageSteps.max) {
    const TemplateText want = describe_range(limits::kImageSteps);
    return TemplateText(I18N("steps {0} must be {1}"), {std::to_string(view.steps), want.text()}, {{}, want});
  }
  for (const auto& [name, side] : {std::pair<const char*, int>{I18N("width"), view.width}, {I18N("height"), view.height}}) {
    if (side < model->min_side || side > model->max_side) {
      return TemplateText(I18N("{0} {1} is outside what {2} takes ({3} to {4} pixels)"),
                          {name, std::to_string(side), model->name, std::to_string(model->min_side),
                           std::to_string(model->max_side)},
                          {TemplateText(name)});
    }
    if (side % model->multiple != 0) {
      const int lower = side / model->multiple * model->multiple;
      return TemplateText(I18N("{0} {1} must be a multiple of {2} for {3} ({4} or {5})"),
                          {name, std::to_string(side), std::to_string(model->multiple), model->name,
                           std::to_string(lower), std::to_string(lower + model->multiple)},
                          {TemplateText(name)});
    }
  }
  return std::nullopt;
}

// [SECTION] The estimate

ImageMemory image_memory(const ImageModel& model, const ImagePrecision& precision, int width, int height) {
  ImageMemory m;
  const double mp = static_cast<double>(width) * height / 1e6;
  m.denoiser_gb = model.denoiser_gb * precision.weight_share;
  m.text_gb = model.t5_gb * precision.t5_share + model.clip_gb;
  m.vae_gb = model.vae_gb;
  m.activations_gb = kDenoiseGbPerMp * mp;
  m.vae_decode_gb = kVaeDecodeGbPerMp * mp;
  m.overhead_gb = kOverheadGb;
  const double weights = m.denoiser_gb + m.text_gb + m.vae_gb;
  // The peak is the larger of denoising and decoding; the text encoders run first, alone.
  m.all_gb = weights + std::max(m.activations_gb, m.vae_decode_gb) + m.overhead_gb;
  m.offload_gb = std::max({m.denoiser_gb + m.activations_gb, m.text_gb, m.vae_gb + m.vae_decode_gb}) + m.overhead_gb;
  return m;
}

namespace {

// The matrix peak PyTorch reaches for the model's compute type (TFLOPS, one GPU): FP16
// models on NVIDIA GeForce run FP16 convolutions and GEMMs at the full rate the catalog's
// FP32-accumulate figure halves (as the speed model does for llama.cpp; an AMD or Intel
// consumer card's figure is already its one FP16 rate: doubling it made an RX 9070 XT twice
// an RTX 4070 in SDXL, where measured runs put it near an RTX 3090 Ti); BF16 where the card
// has it, else FP16, else the vector units. Capped by the board's power (speed.h's 1 TFLOPS/W).
double image_peak_tflops(const Gpu& gpu, const ImageModel& model, bool for_vae) {
  double peak = 0;
  if (model.fp16_compute && gpu.fp16_tensor_tflops) {
    peak = *gpu.fp16_tensor_tflops * (half_rate_fp32_accumulate(gpu) && !for_vae ? 2 : 1);
  } else if (gpu.bf16_tensor_tflops) {
    peak = *gpu.bf16_tensor_tflops;
  } else if (gpu.fp16_tensor_tflops) {
    peak = *gpu.fp16_tensor_tflops;
  } else {
    peak = std::max(gpu.fp16_tflops.value_or(0), gpu.fp32_tflops.value_or(0));
  }
  if (peak <= 0) return 0;
  if (gpu.tdp_w && *gpu.tdp_w > 0) {
    const double cap = *gpu.tdp_w / std::max(1, gpu.gpus_per_board) * kTflopsPerWatt;
    peak = 1 / (1 / peak + 1 / cap);
  }
  return peak;
}

double vector_tflops(const Gpu& gpu) { return std::max(gpu.fp16_tflops.value_or(0), gpu.fp32_tflops.value_or(0)); }

// A step's matrix work: FLUX.1 from its shape (2 x parameters a token, plus attention over
// every token in each block), in TFLOP; a UNet as the factor on its fitted work at the native
// size, the self-attention share growing with the square of the pixels.
double step_shape(const ImageModel& model, double pixels) {
  if (model.transformer) {
    const double tokens = pixels / kFluxPixelsPerToken + kFluxTextTokens;
    const double params = model.denoiser_gb / 2 * 1e9;
    return (2 * params * tokens + 4 * kFluxBlocks * tokens * tokens * kFluxHidden) / 1e12;
  }
  const double r = pixels / (static_cast<double>(model.native_width) * model.native_height);
  const double a = model.attention_share;
  return (1 - a) * r + a * r * r;
}

}  // namespace

ImageSpeedTerms image_speed_terms(const Gpu& gpu, const ImageView& view) {
  ImageSpeedTerms t;
  const ImageModel* model = find_image_model(view.model);
  const ImagePrecision* precision = find_image_precision(view.precision);
  if (!model || !precision || view.width <= 0 || view.height <= 0 || view.steps <= 0) return t;
  t.family = image_family(*model);
  t.precision = static_cast<int>(precision - image_precisions().begin());
  const double pixels = static_cast<double>(view.width) * view.height;
  t.step_tflop = step_shape(*model, pixels);
  t.from_shape = model->transformer;
  t.size_ratio = pixels / (static_cast<double>(model->native_width) * model->native_height);
  t.megapixels = pixels / 1e6;
  t.peak_tflops = image_peak_tflops(gpu, *model, false);
  t.vae_peak_tflops = image_peak_tflops(gpu, *model, true);
  t.vector_tflops = vector_tflops(gpu);
  t.steps = view.steps;
  t.vendor = gpu.vendor;
  t.ok = t.peak_tflops > 0 && t.vector_tflops > 0;
  return t;
}

namespace {
// `efficiency` times the vendor's multiplier in `shares` (1 when it has none).
double scaled(double efficiency, const std::map<std::string, double, std::less<>>& shares, std::string_view vendor) {
  const auto it = shares.find(vendor);
  return efficiency * (it == shares.end() ? 1.0 : it->second);
}
}  // namespace

double ImageCalibration::efficiency_of(std::string_view vendor) const {
  return scaled(efficiency, vendor_efficiency, vendor);
}

double ImageCalibration::vae_efficiency_of(std::string_view vendor) const {
  return scaled(efficiency, vendor_vae_efficiency, vendor);
}

double image_step_seconds(const ImageSpeedTerms& t, const ImageCalibration& c) {
  if (!t.ok || c.efficiency <= 0) return 0;
  const int f = t.family;
  const double work = t.from_shape ? t.step_tflop : c.work_tflop[f] * t.step_tflop;
  const double matrix_s = work / (c.efficiency_of(t.vendor) * t.peak_tflops);
  const double vector_s = c.vector_tflop[f] * t.size_ratio / t.vector_tflops;
  return (matrix_s + vector_s) * c.slowdown[t.precision] + c.overhead_s[f];
}

double image_vae_seconds(const ImageSpeedTerms& t, const ImageCalibration& c) {
  if (!t.ok || c.efficiency <= 0) return 0;
  return c.vae_tflop_per_mp * t.megapixels / (c.vae_efficiency_of(t.vendor) * t.vae_peak_tflops);
}

std::string image_measured_key(std::string_view gpu_id, std::string_view model, std::string_view precision) {
  return std::string(gpu_id) + "|" + std::string(model) + "|" + std::string(precision);
}

const char* image_software_assumed(std::string_view software) {
  if (software == "webui") {
    return I18N("the SD WebUI family (AUTOMATIC1111, Forge, SD.Next) as readers run it: its crowd-sourced runs against the PyTorch pipelines' figures");
  }
  return I18N("PyTorch 2 pipelines (diffusers, ComfyUI) without torch.compile or TensorRT; FP8 and GGUF as weight-only formats");
}

const std::vector<const char*>& image_software_keys() {
  static const std::vector<const char*> keys = {"pytorch", "webui"};
  return keys;
}

const char* image_software_label(std::string_view key) {
  return key == "webui" ? I18N("SD WebUI family (AUTOMATIC1111, Forge, SD.Next)") : I18N("diffusers / ComfyUI (PyTorch 2)");
}

ImageEstimate estimate_image(const Gpu& gpu, const ImageView& view, const ImageCalibration& cal) {
  ImageEstimate e;
  e.gpu_id = gpu.id;
  const ImageModel* model = find_image_model(view.model);
  const ImagePrecision* precision = find_image_precision(view.precision);
  if (!model || !precision || view.width <= 0 || view.height <= 0 || view.steps <= 0) return e;
  e.memory = image_memory(*model, *precision, view.width, view.height);
  e.usable_gb = usable_vram_gb(gpu);
  // The whole picture decoded at once where it fits, else in tiles; then the text encoders
  // offloaded where even that does not fit. A unified-memory machine has nowhere to offload to.
  const ImageMemory& m = e.memory;
  const double tile_gb = std::min(m.vae_decode_gb, kVaeDecodeGbPerMp * kVaeTileMp);
  const double weights = m.denoiser_gb + m.text_gb + m.vae_gb;
  const double tiled_all = weights + std::max(m.activations_gb, tile_gb) + m.overhead_gb;
  const double tiled_offload =
      std::max({m.denoiser_gb + m.activations_gb, m.text_gb, m.vae_gb + tile_gb}) + m.overhead_gb;
  const bool unified = has_unified_memory(gpu);
  if (m.all_gb <= e.usable_gb) {
    e.fits = true;
    e.needed_gb = m.all_gb;
  } else if (tiled_all <= e.usable_gb) {
    e.fits = e.tiled_vae = true;
    e.needed_gb = tiled_all;
  } else if (!unified && m.offload_gb <= e.usable_gb) {
    e.fits = e.offload = true;
    e.needed_gb = m.offload_gb;
  } else if (!unified && tiled_offload <= e.usable_gb) {
    e.fits = e.offload = e.tiled_vae = true;
    e.needed_gb = tiled_offload;
  } else {
    e.needed_gb = unified ? tiled_all : tiled_offload;
    e.lacks_gb = e.needed_gb - e.usable_gb;
  }
  const auto band = cal.bands.find(gpu.vendor);
  const auto fallback = cal.bands.find("default");
  e.band = band != cal.bands.end() ? band->second : fallback != cal.bands.end() ? fallback->second : Band{};
  e.band.class_key = "diffusers/" + gpu.vendor + "/image";
  const ImageSpeedTerms terms = image_speed_terms(gpu, view);
  const double step_s = image_step_seconds(terms, cal);
  if (!(step_s > 0) || !std::isfinite(step_s)) return e;
  e.has_figures = true;
  e.iterations_per_s = 1 / step_s;
  e.seconds_per_image = view.steps * step_s + image_vae_seconds(terms, cal);
  // Measured first: the card's own runs of this model, precision and software set it; the
  // WebUI family without them is the PyTorch figure times its crowd's share, its band the
  // estimate's widened by the crowd's spread.
  const bool webui = view.software == "webui";
  const std::string key = image_measured_key(gpu.id, view.model, view.precision);
  auto measured = cal.measured_factors.find(webui ? key + "|webui" : key);
  double factor = 1;
  if (measured != cal.measured_factors.end() && measured->second > 0 && std::isfinite(measured->second)) {
    factor = measured->second;
    e.rests_on_measured = true;
  } else if (webui) {
    if (!(cal.webui_share > 0)) {
      e.has_figures = false;  // no share fitted: "—", never the PyTorch figure under another name
      return e;
    }
    auto pytorch = cal.measured_factors.find(key);
    factor = cal.webui_share * (pytorch != cal.measured_factors.end() && pytorch->second > 0 ? pytorch->second : 1);
    e.band.low_ratio *= cal.webui_band.low_ratio;
    e.band.high_ratio *= cal.webui_band.high_ratio;
    e.band.class_key = "webui/" + gpu.vendor + "/image";
    const bool model_measured =
        std::find(cal.webui_models.begin(), cal.webui_models.end(), view.model) != cal.webui_models.end();
    e.band.samples = model_measured ? cal.webui_band.samples : 0;
  }
  e.iterations_per_s *= factor;
  e.seconds_per_image /= factor;
  e.images_per_hour = 3600 / e.seconds_per_image;
  if (e.offload) e.offload_s_per_prompt = 2 * m.text_gb / kOffloadGbPerS;
  return e;
}

// [SECTION] The table

std::optional<MeasuredResult> matching_image_measurement(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                          const ImageView& view) {
  const MeasuredResult* best = nullptr;
  double best_distance = 0;
  const bool view_16bit = view.precision == "fp16";
  for (const MeasuredResult& r : benchmarks.results) {
    // MLPerf's SDXL runs (phase "inference", images a second, TensorRT at FP8 or INT8,
    // batched) count as optimised ones. They are the only measurement of their cards (GH200,
    // Jetson AGX Orin) and INT8 is no precision of the tab, so they show whatever precision
    // is asked for, last, with their own precision in the tooltip.
    const bool mlperf = r.phase == "inference" && r.unit == "samples_per_s";
    if (r.gpu_id != gpu_id || (r.phase != "image" && !mlperf) || r.model != view.model) continue;
    const bool row_16bit = r.precision == "fp16" || r.precision == "bf16";
    if (!mlperf && (view_16bit ? !row_16bit : r.precision != view.precision)) continue;
    // Plain runs before optimised or suspect ones; then the nearest size, steps and batch.
    const double pixels = static_cast<double>(r.width.value_or(0)) * r.height.value_or(0);
    double distance = (r.outlier ? 100 : 0) + (r.optimised || mlperf ? 10 : 0) + (r.batch.value_or(1) != 1 ? 5 : 0);
    distance += pixels > 0 ? std::fabs(std::log(pixels / (static_cast<double>(view.width) * view.height))) : 3;
    distance += r.steps ? std::fabs(std::log(static_cast<double>(*r.steps) / view.steps)) * 0.1 : 0.5;
    if (!best || distance < best_distance) {
      best = &r;
      best_distance = distance;
    }
  }
  if (!best) return std::nullopt;
  return *best;
}

ImageTable image_table(const Catalog& catalog, const Benchmarks& benchmarks, const ImageCalibration& calibration,
                       const ImageView& view) {
  ImageTable table;
  table.software = view.software;
  table.problem = check_image_view(view);
  if (!table.problem && view.software == "webui" && !(calibration.webui_share > 0)) {
    table.problem = TemplateText(I18N("image_calibration.json has no SD WebUI share: the WebUI figures cannot be computed"));
  }
  if (table.problem) return table;
  std::vector<ImageRow> fit, other;
  for (const Gpu& gpu : catalog.gpus) {
    ImageRow row{gpu.id, gpu.name, estimate_image(gpu, view, calibration), std::nullopt};
    if (!row.estimate.has_figures) continue;
    ++table.cards_estimated;
    row.measured = matching_image_measurement(benchmarks, gpu.id, view);
    if (row.estimate.fits) {
      ++table.cards_fit;
      fit.push_back(std::move(row));
    } else if (!view.fits_only) {
      other.push_back(std::move(row));
    }
  }
  stable_sort_rows(fit, [](const ImageRow& a, const ImageRow& b) {
    return a.estimate.seconds_per_image < b.estimate.seconds_per_image;
  });
  stable_sort_rows(other, [](const ImageRow& a, const ImageRow& b) { return a.estimate.lacks_gb < b.estimate.lacks_gb; });
  for (ImageRow& row : other) fit.push_back(std::move(row));
  // At least one row: a link's top_n of 0 or less (or INT_MIN) must not become a huge size.
  const auto top_n = static_cast<std::size_t>(std::max(1, view.top_n));
  if (fit.size() > top_n) fit.resize(top_n);
  table.rows = std::move(fit);
  if (table.cards_fit == 0) {
    const std::vector<std::string> args = {find_image_model(view.model)->name, std::to_string(view.width),
                                           std::to_string(view.height)};
    // One card asked for (gpuwise image --gpu): say it of that card, not of every card.
    table.problem = catalog.gpus.size() == 1
                        ? TemplateText(I18N("{0} at {1} x {2} does not fit the {3}, even with the text encoders offloaded"),
                                       {args[0], args[1], args[2], catalog.gpus[0].name})
                        : TemplateText(I18N("{0} at {1} x {2} fits no card, even with the text encoders offloaded"), args);
  }
  return table;
}

namespace {

std::string figure(double value) { return format_number(value, value >= 100 ? 0 : value >= 10 ? 1 : 2); }

json measured_json(const MeasuredResult& m) {
  return json{{"value", m.value},     {"unit", m.unit},     {"date", m.date},
              {"software", m.software}, {"source", m.source}, {"optimised", m.optimised || m.phase != "image"},
              {"outlier", m.outlier}, {"phase", m.phase}};
}

}  // namespace

std::string image_table_csv(const ImageTable& table) {
  const CsvRow header = {"card", "id", "fits", "offload", "needed_gb", "usable_gb", "iterations_per_s", "iterations_per_s_low",
       "iterations_per_s_high", "seconds_per_image", "seconds_per_image_low", "seconds_per_image_high",
       "images_per_hour", "measured", "measured_unit", "measured_source"};
  std::vector<CsvRow> rows;
  for (const ImageRow& row : table.rows) {
    const ImageEstimate& e = row.estimate;
    const bool speed = e.fits && e.iterations_per_s > 0;
    auto cell = [&](double v) { return speed ? format_number(v, 3) : std::string(); };
    rows.push_back({row.name, row.gpu_id, e.fits ? "yes" : "no", e.offload ? "text encoders" : "none",
                    format_number(e.needed_gb, 2), format_number(e.usable_gb, 2), cell(e.iterations_per_s),
                    cell(e.band.low(e.iterations_per_s)), cell(e.band.high(e.iterations_per_s)),
                    cell(e.seconds_per_image), cell(e.seconds_per_image / e.band.high_ratio),
                    cell(e.seconds_per_image / e.band.low_ratio), cell(e.images_per_hour),
                    row.measured ? format_number(row.measured->value, 3) : "", row.measured ? row.measured->unit : "",
                    row.measured ? row.measured->source : ""});
  }
  return to_csv(header, rows);
}

json image_table_to_json(const ImageTable& table) {
  json out = json::object();
  out["problem"] = table.problem ? json(table.problem->text()) : json(nullptr);
  out["cards_fit"] = table.cards_fit;
  out["cards_estimated"] = table.cards_estimated;
  out["software"] = image_software_assumed(table.software);
  out["software_key"] = table.software;
  json results = json::array();
  for (const ImageRow& row : table.rows) {
    const ImageEstimate& e = row.estimate;
    json r = {{"id", row.gpu_id},
              {"name", row.name},
              {"fits", e.fits},
              {"offload", e.offload ? "text-encoders" : "none"},
              {"tiled_vae", e.tiled_vae},
              {"needed_gb", std::round(e.needed_gb * 100) / 100},
              {"needed_gb_all_on_gpu", std::round(e.memory.all_gb * 100) / 100},
              {"needed_gb_text_encoders_offloaded", std::round(e.memory.offload_gb * 100) / 100},
              {"usable_gb", std::round(e.usable_gb * 100) / 100},
              {"band", {{"class", e.band.class_key}, {"samples", e.band.samples}}},
              {"rests_on_measured", e.rests_on_measured}};
    if (e.fits && e.iterations_per_s > 0) {
      const Band& b = e.band;
      r["iterations_per_s"] = e.iterations_per_s;
      r["iterations_per_s_low"] = b.low(e.iterations_per_s);
      r["iterations_per_s_high"] = b.high(e.iterations_per_s);
      r["seconds_per_image"] = e.seconds_per_image;
      r["seconds_per_image_low"] = e.seconds_per_image / b.high_ratio;
      r["seconds_per_image_high"] = e.seconds_per_image / b.low_ratio;
      r["images_per_hour"] = e.images_per_hour;
      r["low"] = r["seconds_per_image_low"];  // the headline figure is seconds an image
      r["high"] = r["seconds_per_image_high"];
    } else {
      for (const char* k : {"iterations_per_s", "seconds_per_image", "images_per_hour", "low", "high"}) r[k] = nullptr;
      r["reason"] = e.fits ? "the card lacks a compute figure the estimate needs"
                           : "does not fit: lacks " + figure(e.lacks_gb) + " GB";
    }
    r["measured"] = row.measured ? measured_json(*row.measured) : json(nullptr);
    results.push_back(std::move(r));
  }
  out["results"] = std::move(results);
  return out;
}

}  // namespace gpuwise
