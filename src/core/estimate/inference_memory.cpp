#include "estimate/inference_memory.h"

#include <algorithm>
#include <cmath>

namespace gpuwise {
namespace {

constexpr double kBytesPerGb = 1e9;
constexpr double kBitsPerByte = 8;
constexpr double kF32Bytes = 4;
constexpr double kF16Bytes = 2;
// A layer's largest intermediate tensors per token, in hidden widths: the FFN's gate and
// up projections (2 x 3.5) plus the attention input, output and residual (4).
constexpr double kActivationWidths = 2 * kFfnPerHidden + 4;

double finite_or_zero(double value) { return std::isfinite(value) && value > 0 ? value : 0; }
// A count of the shape as a non-negative number (the callers check ranges; this keeps a
// raw negative one from turning a part negative).
double count(int value) { return value > 0 ? static_cast<double>(value) : 0; }

// The parts both engines share: the layers, their KV cache, the embedding table.
InferenceMemory common_parts(const InferenceMemoryInput& in) {
  const ModelShape& m = in.model;
  InferenceMemory out;
  out.layers = std::max(1, m.layers);
  const double bytes_per_weight = in.weight_bits / kBitsPerByte;
  const double embedding_params = count(m.vocab_size) * count(m.hidden_size);
  // Untied: an embedding table and an output head of vocab x hidden each; tied: one.
  const double layer_params = std::max(0.0, m.params_b * 1e9 - embedding_params * (m.tied_embeddings ? 1 : 2));
  out.layer_weights_gb = finite_or_zero(layer_params / out.layers * bytes_per_weight / kBytesPerGb);
  out.head_gb = finite_or_zero(embedding_params * bytes_per_weight / kBytesPerGb);
  const double kv_per_token = 2.0 * count(m.kv_heads) * count(m.head_dim) * in.kv_bits / kBitsPerByte;
  out.layer_kv_gb = finite_or_zero(kv_per_token * count(in.context) * std::max(1, in.concurrent) / kBytesPerGb);
  return out;
}

}  // namespace

double InferenceMemory::per_gpu_gb(int gpus) const {
  const double fixed = std::min(per_gpu_fixed_gb(), one_gpu_gb());
  return (one_gpu_gb() - fixed) / std::max(1, gpus) + fixed;
}

InferenceMemory llamacpp_memory(const InferenceMemoryInput& in) {
  InferenceMemory out = common_parts(in);
  out.engine = Engine::llamacpp;
  out.usable_share = 1;  // it allocates what it needs; the overhead below is the runtime's
  // The token embeddings are read one row per token, on the CPU; the GPUs hold the output
  // head (a copy of the table when tied).
  out.host_weights_gb = out.head_gb;
  const double hidden = count(in.model.hidden_size);
  out.per_gpu_buffer_gb = kLlamaCppMicroBatchTokens * kF32Bytes * kActivationWidths * hidden / kBytesPerGb;
  out.shared_buffer_gb = kLlamaCppMicroBatchTokens * kF32Bytes * count(in.model.vocab_size) / kBytesPerGb;
  out.per_gpu_overhead_gb = kLlamaCppOverheadGb;
  return out;
}

InferenceMemory vllm_memory(const InferenceMemoryInput& in) {
  InferenceMemory out = common_parts(in);
  out.engine = Engine::vllm;
  out.usable_share = kVllmMemoryUtilization;
  // Embeddings and head both on the GPUs (vocabulary-parallel under tensor parallelism).
  if (!in.model.tied_embeddings) out.head_gb *= 2;
  // The profiling pass runs max_num_batched_tokens through the model in 16 bits; the
  // sampler holds f32 logits for max_num_seqs requests. vLLM reserves both on every GPU.
  const double hidden = count(in.model.hidden_size);
  out.per_gpu_buffer_gb = (kVllmBatchedTokens * kF16Bytes * kActivationWidths * hidden +
                           kVllmMaxSequences * kF32Bytes * count(in.model.vocab_size)) /
                          kBytesPerGb;
  out.per_gpu_overhead_gb = kVllmOverheadGb;
  return out;
}

InferenceMemory inference_memory(Engine engine, const InferenceMemoryInput& in) {
  return engine == Engine::llamacpp ? llamacpp_memory(in) : vllm_memory(in);
}

}  // namespace gpuwise
