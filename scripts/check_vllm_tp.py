#!/usr/bin/env python3
"""Checks the vLLM tensor-parallel estimate against public multi-GPU serving figures.

The rows are vLLM / SGLang runs on 2 to 8 GPUs of one kind (output tokens/s for the whole
tensor-parallel group), each with its public source. The estimate is `gpuwise speed
--engine vllm --json` at the run's request count (vLLM's default max_num_seqs, 256, where
the source sets none) and an offline batch's time: the prompts at the prefill rate, then
the output at the decode rate of the whole batch,

    throughput = n x out / (n x in / prefill + out x n / decode_total)

with `in` and `out` the source's lengths, or ShareGPT's (about 200 and 200 tokens, the
datasets vLLM's and SGLang's benchmarks default to) where the source states none: our
assumption, marked in the table. The decode context is in + out / 2 (the average cached).

usage: scripts/check_vllm_tp.py [--gpuwise build/native/gpuwise] [--markdown]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SGLANG = "https://github.com/sgl-project/sglang/blob/120affb9613cc3f5bcd055ec09c7621d3ced0ebc/benchmark/benchmark_vllm_060/README.md"
LAMBDA = "https://github.com/LambdaLabsML/vllm-benchmark/blob/0e8fc5d0f9865a326666cb82aeb2d8dc74c82c5e/benchmark_v0.md"
AMD = "https://www.amd.com/ja/developer/resources/rocm-hub/dev-ai/performance-results.html"
SHAREGPT = (200, 200)

# (card, GPUs, preset, format, requests at once, (in, out) or None for ShareGPT, measured output tokens/s, engine, source)
ROWS = [
    ("h100-sxm5", 4, "llama-3-70b", "bf16", 256, None, 3856.01, "SGLang 0.3.0, ShareGPT offline", SGLANG),
    ("h100-sxm5", 4, "llama-3-70b", "bf16", 256, None, 3700.64, "vLLM 0.6.0, ShareGPT offline", SGLANG),
    ("h100-sxm5", 4, "llama-3-70b", "bf16", 256, None, 3542.88, "vLLM 0.6.0, max-num-seq 256", LAMBDA),
    ("h100-sxm5", 8, "llama-3.1-405b", "fp8", 256, None, 1714.07, "vLLM 0.6.0, max-num-seq 256", LAMBDA),
    ("a100-sxm4-80gb", 2, "llama-3-70b", "fp8", 256, None, 662.64, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("h100-sxm5", 2, "llama-3-70b", "fp8", 256, None, 1727.69, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("a100-sxm4-80gb", 8, "llama-3-70b", "fp8", 256, None, 1162.78, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("h100-sxm5", 8, "llama-3-70b", "fp8", 256, None, 2572.8, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("a100-sxm4-80gb", 8, "llama-3.1-405b", "fp8", 256, None, 467.85, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("h100-sxm5", 8, "llama-3.1-405b", "fp8", 256, None, 1230.74, "vLLM 0.5.4, 320 prompts at once", LAMBDA),
    ("mi300x", 8, "llama-3-70b", "fp8", 500, (128, 2048), 13279.6, "vLLM 0.11.1 ROCm, max seqs 500", AMD),
    ("mi300x", 8, "llama-3-70b", "fp8", 500, (500, 2000), 11347.4, "vLLM 0.11.1 ROCm, max seqs 500", AMD),
    ("mi300x", 8, "llama-3-70b", "fp8", 500, (2048, 2048), 7651.7, "vLLM 0.11.1 ROCm, max seqs 500", AMD),
    ("mi300x", 8, "llama-3.1-405b", "fp8", 500, (128, 2048), 3816.8, "vLLM 0.11.1 ROCm, max seqs 500", AMD),
    ("mi300x", 8, "llama-3.1-405b", "fp8", 500, (2048, 2048), 2196.4, "vLLM 0.11.1 ROCm, max seqs 500", AMD),
]


def estimate(gpuwise, card, gpus, preset, quant, requests, lengths):
    tokens_in, tokens_out = lengths
    args = [gpuwise, "speed", "--engine", "vllm", "--gpu", card, "--gpus", str(gpus), "--preset", preset,
            "--quant", quant, "--concurrent", str(requests), "--context", str(tokens_in + tokens_out // 2),
            "--prompt", str(tokens_in), "--json"]
    out = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    if not out["fits"] or out["decode_total_tokens_per_s"] is None or out["prefill_tokens_per_s"] is None:
        return None
    seconds = requests * tokens_in / out["prefill_tokens_per_s"] + tokens_out * requests / out["decode_total_tokens_per_s"]
    return requests * tokens_out / seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuwise", default=os.path.join(ROOT, "build", "native", "gpuwise"))
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    lines = ["| GPUs | model, format | requests | in / out tokens | run | measured | estimated | error |",
             "|---|---|---|---|---|---|---|---|"]
    errors = []
    for card, gpus, preset, quant, requests, lengths, measured, run, source in ROWS:
        assumed = lengths is None
        predicted = estimate(args.gpuwise, card, gpus, preset, quant, requests, lengths or SHAREGPT)
        error = predicted / measured - 1 if predicted else None
        if error is not None:
            errors.append(abs(error))
        lines.append("| %dx %s | %s %s | %d | %s | [%s](%s) | %.0f | %s | %s |" % (
            gpus, card, preset, quant, requests, "%d / %d%s" % ((lengths or SHAREGPT) + ("*" if assumed else "",)),
            run, source, measured, "%.0f" % predicted if predicted else "—",
            "%+.0f %%" % (error * 100) if error is not None else "—"))
    summary = "%d runs, median |error| %.0f %%, within 30 %%: %d" % (
        len(errors), statistics.median(errors) * 100, sum(1 for e in errors if e <= 0.3))
    if args.markdown:
        print("\n".join(lines))
        print("\n%s (* ShareGPT's lengths, our assumption: the source states none)." % summary)
    else:
        print("\n".join(lines))
        print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
