// VRAM fit: hand-worked examples (GB = 1e9 bytes), GQA vs MHA, clamping, and which
// shipped cards hold a model. Method: docs/vram-fit.md.
#include <algorithm>
#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "test_support.h"
#include "estimate/vram_fit.h"

using namespace gpuwise;
using Catch::Detail::Approx;

using gpuwise::test::shipped_catalog;
using gpuwise::test::shipped_compat;

namespace {
FitView preset_view(const std::string& id, const std::string& precision, const std::string& mode, int context,
                    int batch = 1) {
  FitView view = apply_preset(FitView{}, id);
  view.precision = precision;
  view.mode = mode;
  view.context = context;
  view.batch_size = batch;
  return view;
}

bool contains(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool has_notice_about(const FitResult& result, const std::string& field) {
  for (const auto& notice : result.notices) {
    if (notice.text().rfind(field, 0) == 0) return true;
  }
  return false;
}

const Gpu& shipped_gpu(const std::string& id) {
  const Catalog& catalog = shipped_catalog();
  const int index = catalog.find(id);
  REQUIRE(index >= 0);
  return catalog.gpus[index];
}
}  // namespace

TEST_CASE("Llama 3 70B bf16 inference at 8192 tokens, worked by hand") {
  // bf16 runs on vLLM (inference_memory.h): the Speed tab's engine for the format.
  const FitResult r = fit_model(preset_view("llama-3-70b", "bf16", "inference", 8192));
  CHECK(r.notices.empty());
  CHECK(r.engine == "vllm");
  REQUIRE(r.parts.size() == 6);
  // weights = 70.6e9 × 2 B = 141.2 GB (vLLM keeps the embeddings and the head on the GPUs)
  CHECK(r.part_gb("weights") == Approx(141.2));
  // KV = 2 × 80 layers × 8 KV heads × 128 head_dim × 8192 tokens × 1 × 2 B = 2,684,354,560 B
  CHECK(r.part_gb("kv_cache") == Approx(2.68435456));
  // activations: vLLM's profiling pass, 8192 tokens × 2 B × 11 × 8192 hidden = 1,476,395,008 B,
  // and the sampler's f32 logits, 256 × 4 B × 128256 = 131,334,144 B, on every GPU
  CHECK(r.part_gb("activations") == Approx(1.607729152));
  CHECK(r.part_gb("gradients") == 0);
  CHECK(r.part_gb("optimizer") == 0);
  // overhead: CUDA context, NCCL and CUDA graphs, 1 GB per GPU
  CHECK(r.part_gb("overhead") == Approx(1.0));
  CHECK(r.total_gb == Approx(141.2 + 2.68435456 + 1.607729152 + 1.0));
  CHECK(r.per_gpu_fixed_gb == Approx(2.607729152));
  CHECK(r.usable_share == Approx(0.9));  // gpu_memory_utilization
  // The formulas show the arithmetic a reader can redo.
  CHECK(r.part("weights")->formula.find("141.2 GB (vLLM / SGLang)") != std::string::npos);
  CHECK(r.part("kv_cache")->formula ==
        "kv_cache = 2 × layers × kv_heads × head_dim × context × batch × 2 B = "
        "2 × 80 × 8 × 128 × 8192 × 1 × 2 B = 2.68 GB");
}

TEST_CASE("70B bf16 needs two 80 GB cards; 8B bf16 fits one 24 GB card") {
  const FitResult big = fit_model(preset_view("llama-3-70b", "bf16", "inference", 8192));
  const Gpu& h100 = shipped_gpu("h100-sxm5");
  // training's usable = 80 × 1.073741824 (printed GB are GiB) × 0.95 = 81.604 GB;
  // vLLM fills 0.9 of it: 77.309 GB
  CHECK(usable_vram_gb(h100) == Approx(81.60437862));
  CHECK(usable_vram_gb(h100, big.usable_share) == Approx(77.309411328));
  CHECK_FALSE(fits(h100, big, 1));  // 146.49 GB > 77.31
  // each of 2: (146.4921 − 2.6077 fixed) / 2 + 2.6077 = 74.55 GB <= 77.31
  CHECK(per_gpu_need_gb(big, 2) == Approx(74.549906432));
  CHECK(fits(h100, big, 2));
  CHECK_FALSE(fits(h100, big, 0));

  // 8B: weights 8.03e9 × 2 = 16.06; KV 2 × 32 × 8 × 128 × 8192 × 2 = 1.073741824;
  // activations 8192 × 2 × 11 × 4096 + 256 × 4 × 128256 = 0.869531648; overhead 1
  const FitResult small = fit_model(preset_view("llama-3-8b", "bf16", "inference", 8192));
  CHECK(small.total_gb == Approx(16.06 + 1.073741824 + 0.869531648 + 1.0));
  CHECK(fits(shipped_gpu("rtx-4090"), small, 1));       // 19.00 <= 24 × 1.0737 × 0.9 = 23.19
  CHECK_FALSE(fits(shipped_gpu("rtx-4080"), small, 1));  // 19.00 > 16 × 1.0737 × 0.9 = 15.46
  CHECK(fits(shipped_gpu("rtx-4080"), small, 2));        // (19.00 − 1.87) / 2 + 1.87 = 10.44
}

TEST_CASE("grouped-query attention shrinks the KV cache by heads / KV heads") {
  // Llama 2 7B has 32 KV heads (MHA): 2 × 32 × 32 × 128 × 8192 × 2 B = 4,294,967,296 B
  const FitResult mha = fit_model(preset_view("llama-2-7b", "fp16", "inference", 8192));
  CHECK(mha.part_gb("kv_cache") == Approx(4.294967296));
  // Llama 3 8B, same layers and head_dim, 8 KV heads (GQA): a quarter of that
  const FitResult gqa = fit_model(preset_view("llama-3-8b", "fp16", "inference", 8192));
  CHECK(gqa.part_gb("kv_cache") == Approx(1.073741824));
  CHECK(mha.part_gb("kv_cache") / gqa.part_gb("kv_cache") == Approx(4.0));
  // The KV cache grows linearly with batch and context.
  const FitResult batch4 = fit_model(preset_view("llama-3-8b", "fp16", "inference", 8192, 4));
  CHECK(batch4.part_gb("kv_cache") == Approx(4 * 1.073741824));
  // fp32 models keep an fp32 cache; quantised weights keep a 16-bit cache.
  CHECK(fit_model(preset_view("llama-3-8b", "fp32", "inference", 8192)).part_gb("kv_cache") ==
        Approx(2 * 1.073741824));
  CHECK(fit_model(preset_view("llama-3-8b", "int4", "inference", 8192)).part_gb("kv_cache") ==
        Approx(1.073741824));
}

TEST_CASE("quantised weights: int8 is Q8_0, int4 Q4_K_M on llama.cpp, the embeddings in system RAM") {
  // The token embeddings (128256 × 8192 = 1.0507e9 parameters) stay in system RAM:
  // int8 = Q8_0, (70.6e9 − 1.0507e9) × 8.5 / 8 = 73.896 GB on the GPUs
  const FitResult int8 = fit_model(preset_view("llama-3-70b", "int8", "inference", 8192));
  CHECK(int8.engine == "llamacpp");
  CHECK(int8.part_gb("weights") == Approx(73.896159776));
  // int4 = Q4_K_M, × 4.85 / 8 = 42.164 GB; the 0.637 GB of embeddings in RAM are named
  const FitResult int4 = fit_model(preset_view("llama-3-70b", "int4", "inference", 8192));  // outlives w
  const MemoryPart* w = int4.part("weights");
  REQUIRE(w);
  CHECK(w->gb == Approx(42.1642794016));
  CHECK(w->formula.find("(0.64 GB) stay in system RAM") != std::string::npos);
  // llama.cpp: compute buffers of a 512-token micro-batch, 512 × 4 B × 11 × 8192 on every
  // GPU and the logits 512 × 4 B × 128256 on one; 0.5 GB of runtime per GPU; all of a
  // card's memory (its runtime counted as a part).
  CHECK(int4.part_gb("activations") == Approx(0.184549376 + 0.262668288));
  CHECK(int4.part_gb("overhead") == Approx(0.5));
  CHECK(int4.per_gpu_fixed_gb == Approx(0.684549376));
  CHECK(int4.usable_share == 1);
  // Measured: llama.cpp ran 70B Q4_K_M at 8192 tokens on one 48 GB L40S and on 2x RTX 3090.
  CHECK(fits(shipped_gpu("l40s"), int4, 1));
  CHECK(fits(shipped_gpu("rtx-3090"), int4, 2));
  CHECK_FALSE(fits(shipped_gpu("rtx-3090"), int4, 1));
}

TEST_CASE("full fine-tuning with Adam in mixed precision: 16 bytes per parameter") {
  // Llama 2 7B: weights 6.74e9 × 2 = 13.48; gradients 13.48; fp32 master + m + v 6.74e9 × 12 = 80.88
  const FitResult r = fit_model(preset_view("llama-2-7b", "bf16", "full", 2048));
  CHECK(r.part_gb("weights") == Approx(13.48));
  CHECK(r.part_gb("gradients") == Approx(13.48));
  CHECK(r.part_gb("optimizer") == Approx(80.88));
  CHECK(r.part_gb("weights") + r.part_gb("gradients") + r.part_gb("optimizer") == Approx(107.84));
  CHECK(r.part_gb("kv_cache") == 0);
  // activations, checkpointing on: (2 × 32 + 34) × 2048 × 1 × 4096 = 822,083,584 B;
  // off: 34 × 32 × 2048 × 4096 = 9,126,805,504 B
  const MemoryPart* act = r.part("activations");
  CHECK(act->gb == Approx(0.822083584));
  CHECK(act->low_gb == Approx(0.822083584));
  CHECK(act->high_gb == Approx(9.126805504));
  // total = 107.84 + 0.822083584 + (1 + 0.1 × 0.822083584)
  CHECK(r.total_gb == Approx(109.7442919424));

  // Pure fp32: 4 + 4 + 8 (m, v; no master copy) is also 16 B/param; activations double.
  const FitResult fp32 = fit_model(preset_view("llama-2-7b", "fp32", "full", 2048));
  CHECK(fp32.part_gb("weights") == Approx(26.96));
  CHECK(fp32.part_gb("optimizer") == Approx(53.92));
  CHECK(fp32.part_gb("weights") + fp32.part_gb("gradients") + fp32.part_gb("optimizer") == Approx(107.84));
  CHECK(fp32.part_gb("activations") == Approx(2 * 0.822083584));

  // Quantised weights cannot be fully fine-tuned: computed as bf16, with a notice.
  const FitResult int4 = fit_model(preset_view("llama-2-7b", "int4", "full", 2048));
  CHECK(int4.input.precision == "bf16");
  CHECK(int4.part_gb("optimizer") == Approx(80.88));
  REQUIRE(int4.notices.size() == 1);
  CHECK(int4.notices[0].text() == "full fine-tuning trains 16-bit weights; int4 was computed as bf16");
}

TEST_CASE("LoRA and QLoRA: frozen base plus small adapters trained with Adam") {
  // adapters = 0.5% of 8.03e9 = 40.15e6; weights 8.03e9 × 2 + 40.15e6 × 4 B = 16.2206 GB
  const FitResult lora = fit_model(preset_view("llama-3-8b", "bf16", "lora", 2048));
  CHECK(lora.part_gb("weights") == Approx(16.2206));
  CHECK(lora.part_gb("gradients") == Approx(0.1606));  // 40.15e6 × 4 B
  CHECK(lora.part_gb("optimizer") == Approx(0.3212));  // 40.15e6 × 8 B
  CHECK(lora.part_gb("kv_cache") == 0);
  // QLoRA: 8.03e9 × 0.53125 + 40.15e6 × 4 = 4.2659375 + 0.1606
  const FitResult qlora = fit_model(preset_view("llama-3-8b", "int4", "lora", 2048));
  const MemoryPart* w = qlora.part("weights");
  CHECK(w->gb == Approx(4.4265375));
  CHECK(w->low_gb == Approx(4.015 + 0.03212));   // 0.5 B/param, adapters 0.1%
  CHECK(w->high_gb == Approx(5.01875 + 0.3212));  // 0.625 B/param, adapters 1%
  // LoRA keeps the same activations as full fine-tuning (backprop runs through the base).
  CHECK(lora.part_gb("activations") ==
        Approx(fit_model(preset_view("llama-3-8b", "bf16", "full", 2048)).part_gb("activations")));
  CHECK(qlora.total_gb < lora.total_gb);
}

TEST_CASE("out-of-range and malformed inputs are clamped and reported, never NaN") {
  FitView view;
  view.params_b = 5000;
  view.batch_size = 0;
  view.context = 2000000;
  view.head_dim = 4;
  view.hidden_size = 100000;
  FitResult r = fit_model(view);
  CHECK(r.input.params_b == 2000);
  CHECK(r.input.batch_size == 1);
  CHECK(r.input.context == 1048576);
  CHECK(r.input.head_dim == 8);
  CHECK(r.input.hidden_size == 65536);
  CHECK(r.notices.size() == 5);
  CHECK(r.notices[0].text() == "params_b 5000 is out of range; clamped to 2000");
  CHECK(has_notice_about(r, "context"));
  CHECK(has_notice_about(r, "head_dim"));

  view = FitView{};
  view.params_b = std::nan("");
  view.precision = "fp12";
  view.mode = "train";
  view.layers = -3;
  r = fit_model(view);
  CHECK(r.input.params_b == Approx(8.03));
  CHECK(r.input.precision == "bf16");
  CHECK(r.input.mode == "inference");
  CHECK(r.input.layers == 1);
  CHECK(r.notices[0].text() == "params_b is not a number; using 8.03");
  CHECK(r.notices[1].text() == "precision: 'fp12' is not one of fp32, bf16, fp16, int8, int4; using bf16");
  CHECK(has_notice_about(r, "mode"));
  CHECK(has_notice_about(r, "layers"));

  // Every notice uses a pattern the UI can translate.
  const auto& patterns = fit_notice_patterns();
  for (const auto& notice : r.notices) {
    CHECK(std::find(patterns.begin(), patterns.end(), notice.pattern) != patterns.end());
  }

  // Everything at its maximum stays finite and positive in every mode.
  for (const auto& mode : fit_modes()) {
    FitView huge;
    huge.params_b = 2000;
    huge.precision = "fp32";
    huge.mode = mode;
    huge.batch_size = 1024;
    huge.context = 1048576;
    huge.layers = 512;
    huge.kv_heads = 256;
    huge.head_dim = 1024;
    huge.hidden_size = 65536;
    const FitResult h = fit_model(huge);
    CHECK(h.notices.empty());
    CHECK(std::isfinite(h.total_high_gb));
    for (const auto& part : h.parts) {
      CHECK(std::isfinite(part.high_gb));
      CHECK(part.low_gb >= 0);
      CHECK(part.low_gb <= part.gb);
      CHECK(part.gb <= part.high_gb);
    }
  }
}

TEST_CASE("presets carry published shapes and look-ups by id and size") {
  const auto& presets = model_presets();
  REQUIRE(presets.size() >= 10);
  std::set<std::string> ids;
  for (std::size_t i = 0; i < presets.size(); ++i) {
    const ModelPreset& p = presets[i];
    // Share-link friendly: lower case, digits, '-' and the version dots of the model name.
    const std::string_view id = p.id;
    CHECK(std::all_of(id.begin(), id.end(),
                      [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'; }));
    CHECK(ids.insert(p.id).second);
    CHECK(p.params_b > 0);
    CHECK(p.kv_heads >= 1);
    CHECK(p.hidden_size % p.head_dim == 0);                 // whole attention heads
    CHECK((p.hidden_size / p.head_dim) % p.kv_heads == 0);  // query heads share KV heads evenly
    CHECK(std::string_view(p.source).rfind("https://huggingface.co/", 0) == 0);
    if (i > 0) CHECK(presets[i - 1].params_b <= p.params_b);  // smallest first
  }
  // The site's default view is the llama-3-8b preset.
  const FitView defaults;
  const ModelPreset* llama8 = find_preset(defaults.preset);
  REQUIRE(llama8);
  CHECK(llama8->params_b == defaults.params_b);
  CHECK(llama8->layers == defaults.layers);
  CHECK(llama8->kv_heads == defaults.kv_heads);
  CHECK(llama8->hidden_size == defaults.hidden_size);

  const FitView mixtral = apply_preset(FitView{}, "mixtral-8x7b");
  CHECK(mixtral.preset == "mixtral-8x7b");
  CHECK(mixtral.params_b == 46.7);  // every expert is resident, not just the 2 active
  CHECK(find_preset("gpt-9") == nullptr);
  const FitView unknown = apply_preset(mixtral, "gpt-9");
  CHECK(unknown.preset == "custom");
  CHECK(unknown.params_b == 46.7);

  // Nearest by ratio: 10B is ×1.245 from 8.03B and ×1.3 from 13B.
  CHECK(std::string_view(nearest_preset(10).id) == "llama-3-8b");
  CHECK(std::string_view(nearest_preset(70).id) == "llama-3-70b");
  CHECK(std::string_view(nearest_preset(0.3).id) == "llama-3.2-1b");
  CHECK(std::string_view(nearest_preset(1500).id) == "llama-3.1-405b");
  FitView bare;
  bare.params_b = 70;
  const FitView shaped = shape_from_nearest_preset(bare);
  CHECK(shaped.preset == "custom");
  CHECK(shaped.params_b == 70);
  CHECK(shaped.layers == 80);
  CHECK(shaped.hidden_size == 8192);
}

TEST_CASE("cards_that_fit lists every card that holds the model at 1, 2, 4 and 8 GPUs") {
  const Catalog& catalog = shipped_catalog();
  REQUIRE(catalog.error_count() == 0);

  const auto big = cards_that_fit(catalog, fit_model(preset_view("llama-3-70b", "bf16", "inference", 8192)));
  REQUIRE(big.size() == 4);
  CHECK_FALSE(contains(big.at(1), "h100-sxm5"));
  CHECK_FALSE(contains(big.at(1), "h200-sxm"));  // 146.49 > 141 × 1.0737 × 0.9 = 136.26
  CHECK(contains(big.at(1), "mi300x"));          // 192 GB
  CHECK(contains(big.at(2), "h100-sxm5"));
  CHECK(contains(big.at(2), "a100-sxm4-80gb"));
  // 40 GB A100: on 2 each needs 74.55 > 38.65; on 4, (146.49 − 2.61) / 4 + 2.61 = 38.58 <= 38.65
  CHECK_FALSE(contains(big.at(2), "a100-sxm4-40gb"));
  CHECK(contains(big.at(4), "a100-sxm4-40gb"));
  CHECK_FALSE(contains(big.at(4), "rtx-4090"));  // 38.58 > 23.19
  CHECK(contains(big.at(8), "rtx-4090"));        // 143.88 / 8 + 2.61 = 20.59 <= 23.19

  const auto small = cards_that_fit(catalog, fit_model(preset_view("llama-3-8b", "bf16", "inference", 8192)));
  CHECK(contains(small.at(1), "rtx-4090"));
  CHECK_FALSE(contains(small.at(1), "rtx-4080"));
  // More GPUs never lose a card, and each list runs from the smallest VRAM up.
  for (int count : {2, 4, 8}) {
    const int fewer = count / 2;
    for (const auto& id : small.at(fewer)) CHECK(contains(small.at(count), id));
    CHECK(small.at(count).size() > small.at(fewer).size());
  }
  const auto& one = small.at(1);
  for (std::size_t i = 1; i < one.size(); ++i) {
    CHECK(shipped_gpu(one[i - 1]).vram_gb <= shipped_gpu(one[i]).vram_gb);
  }
}

TEST_CASE("a unified-memory system holds only the GPU's share of its memory") {
  const Catalog c = load_catalog(gpuwise::test::catalog_text(
      json::array({gpuwise::test::system_row("mac-studio"), gpuwise::test::valid_row("rtx-3090")})));
  REQUIRE(c.error_count() == 0);
  const Gpu& mac = c.gpus[0];
  // 192 GB printed × 1.073741824 × 0.95 usable × 75 % macOS share.
  CHECK(usable_vram_gb(mac) == Approx(192 * 1.073741824 * 0.95 * 0.75));
  CHECK(render_template(usable_memory_note(mac), [](const char* s) { return s; }).find("146.9 GB of the 192 GB") !=
        std::string::npos);
  CHECK(usable_memory_note(c.gpus[1]).pattern.empty());

  // A 70B model in BF16 needs ~141 GB of weights plus cache: on a Mac it runs on llama.cpp
  // (vLLM has no Metal backend), which may fill the 154.6 GB share; a model needing more
  // than the share but less than 192 GB does not fit.
  FitView big;
  big = apply_preset(big, "llama-3-70b");
  big.context = 2048;
  const FitResult fits_share = fit_model(big);
  CHECK(fits_share.engine == "vllm");
  REQUIRE(fits_share.total_gb > usable_vram_gb(mac, fits_share.usable_share));  // vLLM's 0.9 would not hold it
  CHECK(fits(mac, fits_share, 1));
  FitView bigger = big;
  bigger.params_b = 85;  // ~170 GB of weights: under 192 GB, over the GPU's share
  bigger.preset = "custom";
  const FitResult over_share = fit_model(bigger);
  REQUIRE(over_share.total_gb < 192);
  CHECK_FALSE(fits(mac, over_share, 1));
  const auto fitting = cards_that_fit(c, fits_share);
  const auto& one = fitting.at(1);
  CHECK(std::find(one.begin(), one.end(), "mac-studio") != one.end());
  CHECK(std::find(one.begin(), one.end(), "rtx-3090") == one.end());
}
