// Image generation per card: whether a diffusion model fits (its parts: the UNet or
// transformer, the text encoders, the VAE, the activations at the picture's size; with
// and without the text encoders offloaded to system RAM, as ComfyUI and diffusers do) and
// how fast it runs (denoising steps a second, seconds an image, images an hour), for
// Stable Diffusion 1.5, SDXL and FLUX.1 dev / schnell at the precisions people run.
// A step's time is a roofline calibrated on the public measurements in benchmarks.json
// (phase "image"); its band is the class's held-out spread (band.h). Formulas, constants,
// sources and the measured accuracy: docs/images.md.
//
// [SECTION] Models and precisions    the parts of each model, with their sources
// [SECTION] Input                     ImageView (estimate_views.h) and its check
// [SECTION] Calibration               fitted factors (data/image_calibration.json)
// [SECTION] The estimate              estimate_image(): memory, speed, band
// [SECTION] The table                 every card for a view, the measured figure beside it
// [SECTION] Checking                  predicted against measured, in sample and leave-one-card-out
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/benchmarks.h"
#include "catalog/catalog.h"
#include "estimate/band.h"
#include "estimate/estimate_views.h"
#include "text/json_fwd.h"
#include "text/table_view.h"
#include "text/template_text.h"

namespace gpuwise {

// [SECTION] Models and precisions
struct ImageModel {
  const char* id;            // "sdxl"
  const char* name;          // "SDXL 1.0"
  const char* denoiser;      // I18N: "UNet" or "transformer"
  double denoiser_gb;        // 16-bit weights, GB (1e9 bytes)
  double t5_gb;              // the big text encoder a lower precision also shrinks (Flux's T5-XXL); 0 for SD
  double clip_gb;            // the other text encoders, kept 16-bit
  double vae_gb;
  bool transformer;          // FLOPs from the shape (Flux); UNets use a fitted work per step
  bool fp16_compute;         // runs in FP16 (SD: GeForce's full-rate FP16); Flux computes in BF16
  int multiple;              // width and height must be multiples of this
  int min_side, max_side;    // pixels
  int native_width, native_height;
  int typical_steps;         // what the usual workflows use (diffusers' and ComfyUI's defaults)
  double attention_share;    // UNets: share of a step's FLOPs in self-attention at the native size
  const char* source;        // where the part sizes come from
};
TableView<ImageModel> image_models();
const ImageModel* find_image_model(std::string_view id);

struct ImagePrecision {
  const char* id;            // "fp16", "fp8", "nf4", "gguf-q8", "gguf-q4"
  const char* label;         // "16-bit (FP16 / BF16)"
  double weight_share;       // bytes of the denoiser against 16-bit (measured, docs/images.md)
  double t5_share;           // bytes of FLUX.1's T5-XXL against 16-bit, as the measured runs had it
  bool flux_only;            // offered for FLUX.1 only
  bool needs_bitsandbytes;   // NF4
};
TableView<ImagePrecision> image_precisions();
const ImagePrecision* find_image_precision(std::string_view id);
// The workload a precision needs (catalog/software.h): "image", or "image-nf4".
const char* image_workload(std::string_view precision);

// [SECTION] Input
// The software keys of ImageView::software (a measured run's image_software), and a key's
// label (I18N).
const std::vector<const char*>& image_software_keys();
const char* image_software_label(std::string_view key);
// Why the view cannot be estimated (an unknown model or precision, a size the model
// cannot take, zero steps), as a translatable sentence; nullopt when it can.
std::optional<TemplateText> check_image_view(const ImageView& view);

// [SECTION] Calibration
// The three model families the factors are fitted for: SD 1.5, SDXL, FLUX.1 (dev and
// schnell share a transformer).
inline constexpr int kImageFamilies = 3;
int image_family(const ImageModel& model);             // 0, 1 or 2
const char* image_family_key(int family);              // "sd15", "sdxl", "flux"
struct ImageCalibration {
  double work_tflop[kImageFamilies] = {};    // UNets: TFLOP-equivalents a step at the native size (CFG included); FLUX.1 from its shape
  double vector_tflop[kImageFamilies] = {};  // work on the vector units a step, at the native size
  double overhead_s[kImageFamilies] = {};    // fixed time a step (launches, the scheduler)
  double efficiency = 0;                     // share of the power-capped matrix peak reached
  // A vendor whose own measured runs (kMinVendorRuns or more, fitted with the rest) reach
  // another share of its peak than the vendor with the most runs: that share's multiplier,
  // for the denoising steps and for the VAE decode apart (AMD's consumer cards on ROCm reach
  // less of their listed FP16 rate than NVIDIA's on CUDA, and their VAE decode, convolutions
  // through MIOpen, less again; one factor for both pushed every card's VAE time up).
  // Absent: 1.
  std::map<std::string, double, std::less<>> vendor_efficiency, vendor_vae_efficiency;
  double efficiency_of(std::string_view vendor) const;
  double vae_efficiency_of(std::string_view vendor) const;
  double vae_tflop_per_mp = 0;               // decoding the latent, per megapixel
  double slowdown[5] = {1, 1, 1, 1, 1};      // per image_precisions() entry, against 16-bit
  // Held-out (leave-one-card-out) spread per vendor ("NVIDIA"), band.h's ratios of measured /
  // predicted speed; "default" for a vendor without measured runs.
  std::map<std::string, Band> bands;
  int samples = 0;                           // measured runs behind the fit
  // Measured first: a card's measured runs of a model at a precision (median of measured /
  // fitted speed), keyed "rtx-4090|flux1-dev|fp8"; its estimate of them is multiplied by it.
  std::map<std::string, double, std::less<>> measured_factors;
  // The SD WebUI family against the PyTorch pipelines the rest is fitted on: the median of
  // its crowd-sourced runs' measured / shown speed, and their spread around it (a band the
  // estimate's own joins). 0: not fitted, and the WebUI figure is then "—".
  double webui_share = 0;
  Band webui_band;
  // The models the WebUI runs measured (SD 1.5 at 512 x 512 today): for another model the
  // share is carried over, and its band says "not measured" (samples 0).
  std::vector<std::string> webui_models;
};
json image_calibration_to_json(const ImageCalibration& calibration);
ImageCalibration load_image_calibration(std::string_view text, std::vector<CatalogIssue>& issues);

// The measured runs the fit and the check use: phase "image", one image at a time, not an
// outlier, not optimised (torch.compile, TensorRT, ...), a model and precision the estimate
// offers, PyTorch 2 or later (dated from 2023-03-15), and a size and step count given.
bool is_image_check_row(const MeasuredResult& row);
// The view a measured image run answers (its model, precision, size and steps).
ImageView image_view_of(const MeasuredResult& row);
// Fits the factors on those rows, leaving out `exclude_gpu`'s (leave-one-card-out), and,
// unless `with_bands` is false, the bands from the held-out residuals.
ImageCalibration fit_image_calibration(const Catalog& catalog, const Benchmarks& benchmarks,
                                       const std::string& exclude_gpu = "", bool with_bands = true);

// [SECTION] The estimate
// The parts of a speed estimate that do not depend on the calibration (the fit computes
// them once per measured run): the card's peaks and the step's shape.
struct ImageSpeedTerms {
  bool ok = false;             // the card has the figures and the view is valid
  int family = 0;              // image_family()
  int precision = 0;           // index into image_precisions()
  double step_tflop = 0;       // FLUX.1: the step's FLOPs; UNets: the size's factor on the fitted work
  bool from_shape = false;     // step_tflop is FLOPs (FLUX.1), not a factor
  double size_ratio = 0;       // pixels / the native pixels
  double megapixels = 0;
  double peak_tflops = 0, vae_peak_tflops = 0, vector_tflops = 0;
  int steps = 1;
  std::string_view vendor;     // the card's (ImageCalibration::vendor_efficiency): it outlives the terms
};
ImageSpeedTerms image_speed_terms(const Gpu& gpu, const ImageView& view);
double image_step_seconds(const ImageSpeedTerms& terms, const ImageCalibration& calibration);
double image_vae_seconds(const ImageSpeedTerms& terms, const ImageCalibration& calibration);

struct ImageMemory {
  double denoiser_gb = 0, text_gb = 0, vae_gb = 0;  // weights at the precision
  double activations_gb = 0;     // denoising, at the picture's size
  double vae_decode_gb = 0;      // decoding the full picture at once
  double overhead_gb = 0;        // CUDA context and workspaces, every GPU
  double all_gb = 0;             // everything on the GPU (VAE decoded in tiles where that is what fits)
  double offload_gb = 0;         // text encoders in system RAM between uses
};
ImageMemory image_memory(const ImageModel& model, const ImagePrecision& precision, int width, int height);

struct ImageEstimate {
  std::string gpu_id;
  bool fits = false;
  bool offload = false;            // fits only with the text encoders offloaded
  bool tiled_vae = false;          // the VAE decodes in tiles (the whole picture does not fit)
  double needed_gb = 0;            // in the mode it runs in (the least it needs when it fits nowhere)
  double usable_gb = 0;
  double lacks_gb = 0;
  ImageMemory memory;
  double iterations_per_s = 0;     // denoising steps a second (0: no figure)
  double seconds_per_image = 0;    // the steps and the VAE decode (the prompt encoded once)
  double offload_s_per_prompt = 0; // offloaded: moving the text encoders in and out for a new prompt
  double images_per_hour = 0;
  Band band;                       // the vendor's class, "diffusers/NVIDIA/image"
  bool rests_on_measured = false;  // the card's own runs of this model and precision set the speed
  bool has_figures = false;        // the card has the compute figures the speed needs
};
ImageEstimate estimate_image(const Gpu& gpu, const ImageView& view, const ImageCalibration& calibration);
// "rtx-4090|flux1-dev|fp8": the key of ImageCalibration::measured_factors.
std::string image_measured_key(std::string_view gpu_id, std::string_view model, std::string_view precision);
// The software an image figure assumes (translatable): PyTorch 2 pipelines without
// torch.compile, FP8 and GGUF as weight-only formats; or the SD WebUI family.
const char* image_software_assumed(std::string_view software = "pytorch");

// [SECTION] The table
struct ImageRow {
  std::string gpu_id, name;
  ImageEstimate estimate;
  std::optional<MeasuredResult> measured;  // the same card, model and precision class, nearest size and steps
};
struct ImageTable {
  std::optional<TemplateText> problem;  // a bad view (no rows) or a model that fits no card
  int cards_fit = 0;
  int cards_estimated = 0;
  std::vector<ImageRow> rows;           // fitting cards first, fastest first; at most top_n
  std::string software = "pytorch";     // the view's: what the figures assume
};
ImageTable image_table(const Catalog& catalog, const Benchmarks& benchmarks, const ImageCalibration& calibration,
                       const ImageView& view);
// The measured run nearest the view for the card (any run, optimised ones too: they say so).
std::optional<MeasuredResult> matching_image_measurement(const Benchmarks& benchmarks, const std::string& gpu_id,
                                                          const ImageView& view);
std::string image_table_csv(const ImageTable& table);
// {"results": [{"id", "fits", "needed_gb", "offload", "iterations_per_s", "seconds_per_image",
// "images_per_hour", "low", "high", ..., "measured"}]}; a figure that cannot be computed is
// null with a "reason".
json image_table_to_json(const ImageTable& table);

// [SECTION] Checking
struct ImageCheckPoint {
  std::string gpu_id, group;  // "sdxl fp16 1024x1024 iterations_per_s"
  double predicted = 0, measured = 0;
};
struct ImageCheck {
  std::string held_out;        // "in-sample" or "leave-one-card-out"
  int n = 0;
  int groups = 0;              // workloads with 3 or more cards
  double spearman = 0;         // median over those groups
  double spearman_min = 0;
  double median_abs_error_pct = 0;
  std::map<std::string, double> group_spearman;
  std::vector<ImageCheckPoint> points;
};
std::vector<ImageCheck> check_image(const Catalog& catalog, const Benchmarks& benchmarks);
json image_checks_to_json(const std::vector<ImageCheck>& checks);

}  // namespace gpuwise
