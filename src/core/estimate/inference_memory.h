// How much memory inference needs, one function per engine: weights at the format's real
// bits, the KV cache at the context and its own precision, activations as the engine
// allocates them, and a fixed runtime overhead per GPU. The VRAM fit's inference mode
// (vram_fit.h), the speed estimate (speed.h: Speed, Ranking, the cost of a job) and the
// command line all read it, so every tab gives the same fit. Constants: docs/vram-fit.md.
//
//   llama.cpp: the token embeddings stay in system RAM; every GPU holds a compute buffer
//     for a micro-batch of 512 tokens (flash attention, the default since 2025), the GPU
//     with the output head also its logits; the KV cache is f16, context x requests.
//   vLLM: fills gpu_memory_utilization (0.9) of each GPU; weights and KV cache split by
//     tensor parallelism; activations of its profiling pass (8192 batched tokens) and
//     the sampler's logits on every GPU; the paged KV cache must hold every request at
//     the full context.
#pragma once

#include "estimate/engine.h"

namespace gpuwise {

// The shape memory and speed depend on (speed.h's SpeedModel extends it with a name).
struct ModelShape {
  double params_b = 8.03;         // total: decides memory
  double active_params_b = 8.03;  // per token: decides speed (MoE: < params_b)
  int layers = 32, kv_heads = 8, head_dim = 128, hidden_size = 4096;
  int vocab_size = 128256;        // token embeddings and output head: vocab x hidden each
  bool tied_embeddings = false;   // the output head reuses the embeddings (one copy in the file)
  // A mixture of experts: fewer parameters active per token than it holds.
  bool mixture_of_experts() const { return active_params_b > 0 && active_params_b < params_b; }
};

struct InferenceMemoryInput {
  ModelShape model;
  double weight_bits = 16;  // bits per weight incl. scales (Quantisation::bits_per_weight)
  double kv_bits = 16;      // the KV cache's own precision (both engines default to 16 bits)
  int context = 4096;       // tokens per request
  int concurrent = 1;       // requests held at once
};

// The memory, in the parts that share out over several GPUs and the parts every GPU pays.
// GB = 1e9 bytes.
struct InferenceMemory {
  Engine engine = Engine::llamacpp;
  double usable_share = 1;          // of a GPU's printed memory the engine may fill
  int layers = 0;
  double layer_weights_gb = 0;      // one transformer layer's weights
  double layer_kv_gb = 0;           // one layer's KV cache for every request at the full context
  double head_gb = 0;               // on the GPUs once: output head (llama.cpp), + embeddings (vLLM)
  double host_weights_gb = 0;       // llama.cpp: the token embeddings, in system RAM
  double shared_buffer_gb = 0;      // on one GPU only: llama.cpp's logits for a micro-batch
  double per_gpu_buffer_gb = 0;     // compute buffers (llama.cpp) / profiled activations (vLLM)
  double per_gpu_overhead_gb = 0;   // runtime: CUDA context, cuBLAS / NCCL, CUDA graphs

  double weights_gb() const { return layers * layer_weights_gb + head_gb; }  // on the GPUs
  double kv_cache_gb() const { return layers * layer_kv_gb; }
  double activations_gb() const { return per_gpu_buffer_gb + shared_buffer_gb; }  // on one GPU
  double per_gpu_fixed_gb() const { return per_gpu_buffer_gb + per_gpu_overhead_gb; }
  // Everything on one GPU: weights, KV cache, activations and overhead.
  double one_gpu_gb() const { return weights_gb() + kv_cache_gb() + activations_gb() + per_gpu_overhead_gb; }
  // What each of `gpus` GPUs holds when the shared parts split evenly (layers by memory,
  // or tensor parallel): (one_gpu - fixed) / gpus + fixed.
  double per_gpu_gb(int gpus) const;
};

InferenceMemory llamacpp_memory(const InferenceMemoryInput& input);
InferenceMemory vllm_memory(const InferenceMemoryInput& input);
// The engine's function (PyTorch: vLLM's, the closest allocator).
InferenceMemory inference_memory(Engine engine, const InferenceMemoryInput& input);

// Fixed figures of the engines (docs/vram-fit.md says where each comes from).
constexpr int kLlamaCppMicroBatchTokens = 512;     // llama.cpp's default n_ubatch
constexpr double kLlamaCppOverheadGb = 0.5;        // CUDA context + cuBLAS workspace and pool, per GPU
constexpr double kVllmMemoryUtilization = 0.9;     // vLLM's default gpu_memory_utilization
constexpr int kVllmBatchedTokens = 8192;           // vLLM's default max_num_batched_tokens (profiling pass)
constexpr int kVllmMaxSequences = 256;             // vLLM's default max_num_seqs (sampler logits)
constexpr double kVllmOverheadGb = 1.0;            // CUDA context, NCCL and CUDA graphs, per GPU
constexpr double kFfnPerHidden = 3.5;              // FFN width / hidden size (Llama 3: 14336 / 4096)

}  // namespace gpuwise
