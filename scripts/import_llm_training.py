#!/usr/bin/env python3
"""Adds the public LLM training (tokens/s per GPU) and serving (generated tokens/s of a
serving engine at a concurrency) measurements to data/benchmarks.json.

Input: a JSON file whose `training` list holds one row per published run, as gathered from
public sources: gpu_id, gpus, model, params_b, framework, parallelism, precision, seq_len,
global_batch, tokens_per_s_per_gpu, date_seen, source (the public URL), notes. The script
keeps the rows the training model can use and writes them as sets of their own (one per
public source at one commit); the sets and rows it wrote before are replaced, every other
set is left as it is. What it leaves out, and why, is printed (docs/speed.md, "Training").

The `serving` rows become phase "serve" rows: value = generated tokens/s of all the run's
GPUs, batch = the requests decoded together (the concurrency, or the engine's maximum for
an offline run), prompt_tokens and generated_tokens a request, context = prompt + half the
generated tokens (what a paged KV cache holds on average).

usage: scripts/import_llm_training.py MEASUREMENTS.json [--out data/benchmarks.json] [--read-on YYYY-MM-DD]
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One set per public source at one commit: (id, what, source, commit, dates). A row's
# set is the first whose URL prefix its source starts with.
SETS = [
    ("nemo-megatron-bridge-training",
     "NVIDIA NeMo (Megatron-Bridge) performance summary: pre-training throughput per GPU of Llama 3/3.1 and "
     "mixture-of-experts models (DeepSeek-V3, Qwen3, gpt-oss) on DGX H100, B200, B300, GB200 and GB300 systems, "
     "containers 25.11 and 26.02, synthetic data",
     "https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/0a25f911b2ed6c6905a539504fdb8e5b40e3438b/",
     "0a25f911b2ed6c6905a539504fdb8e5b40e3438b", "containers 25.11 (Nov 2025) and 26.02 (Feb 2026)"),
    ("nemo-automodel-training",
     "NVIDIA NeMo AutoModel (PyTorch FSDP2 backend) performance summary: mixture-of-experts pre-training "
     "throughput per GPU on H100",
     "https://github.com/NVIDIA-NeMo/Automodel/blob/01926a5c443b7979463c73341bf64adf79de638e/",
     "01926a5c443b7979463c73341bf64adf79de638e", "page updated 2025-10-02"),
    ("nemo-24.12-training",
     "NVIDIA NeMo Framework 24.12 performance summary: Llama pre-training and fine-tuning throughput per GPU on DGX H100",
     "https://docs.nvidia.com/nemo-framework/user-guide/24.12/", "", "Dec 2024"),
    ("llm-foundry-mpt-training",
     "MosaicML LLM Foundry MPT training benchmarks (Composer, PyTorch FSDP FULL_SHARD): throughput per GPU and MFU "
     "of MPT 3B to 70B on H100 80GB and A100 40/80GB",
     "https://github.com/mosaicml/llm-foundry/blob/061f2c7ce64e655100286584a7629e2a09f827ba/",
     "061f2c7ce64e655100286584a7629e2a09f827ba", "undated page (2023 tables)"),
    ("torchtitan-a100-training",
     "PyTorch torchtitan performance doc: Llama 2/3 pre-training words per second per GPU on 64 A100 80GB (FSDP2)",
     "https://github.com/pytorch/torchtitan/blob/041336434916bdc0f88c1f89fda176fd3c2092e4/",
     "041336434916bdc0f88c1f89fda176fd3c2092e4", "undated page"),
    ("torchtitan-h100-training",
     "PyTorch torchtitan benchmark of Dec 2024: Llama 3.1 8B/70B/405B tokens/s per GPU on H100 (Grand Teton hosts, "
     "96 GB HBM2e at a 500 W limit), FSDP with torch.compile and Float8",
     "https://github.com/pytorch/torchtitan/blob/31a17bfdb70bab6f62a13d21816a5339b911d6e3/",
     "31a17bfdb70bab6f62a13d21816a5339b911d6e3", "Dec 2024"),
    ("torchtitan-h200-training",
     "PyTorch torchtitan benchmark of June 2025 (Trainy on WhiteFiber): Llama 3.1 8B tokens/s per GPU on 32 and 64 H200",
     "https://github.com/pytorch/torchtitan/blob/1af29373a02c4beb237c2de02793931ce53b48d8/",
     "1af29373a02c4beb237c2de02793931ce53b48d8", "June 2025"),
    ("intel-gaudi2-training",
     "Intel Gaudi 2 model performance page (Intel Gaudi software 1.19.0): LLM training throughput of 8 to 64 cards",
     "https://intel.com/content/www/us/en/developer/platform/gaudi/", "", "Intel Gaudi software 1.19.0"),
    ("pith-train-b200-issue",
     "A user's torchtitan run of Qwen3-30B-A3B on 8 B200, reported in a public GitHub issue",
     "https://github.com/mlc-ai/pith-train/issues/", "", "2026-07-22"),
]

# The source's model name -> (model field, params_b, active_params_b, layers, hidden_size, note).
# A preset id needs no shape (vram_fit.cpp has it); the others carry their config's shape.
MODELS = {
    "llama-3-8b": ("llama-3-8b", None, None, None, None, ""),
    "llama-3.1-8b": ("llama-3-8b", None, None, None, None, "Llama 3.1 8B in the source: the llama-3-8b preset's shape"),
    "llama-3-70b": ("llama-3-70b", None, None, None, None, ""),
    "llama-3.1-70b": ("llama-3-70b", None, None, None, None, "Llama 3.1 70B in the source: the llama-3-70b preset's shape"),
    "llama-3.1-405b": ("llama-3.1-405b", None, None, None, None, ""),
    "llama-2-7b": ("llama-2-7b", None, None, None, None, ""),
    "llama-2-13b": ("llama-2-13b", None, None, None, None, ""),
    "llama-2-70b": ("llama-2-70b", 69.0, None, 80, 8192, ""),
    "gpt-oss-20b": ("gpt-oss-20b", None, None, None, None, ""),
    "gpt-oss-120b": ("gpt-oss-120b", None, None, None, None, ""),
    "qwen3-30b-a3b": ("qwen3-30b-a3b", None, None, None, None, ""),
    "qwen3-235b-a22b": ("qwen3-235b-a22b", None, None, None, None, ""),
    "deepseek-v3": ("deepseek-v3", None, None, None, None, ""),
    # MPT shapes: the NumParams column of the source's tables and the model yamls' d_model / n_layers.
    "mpt-3b": ("mpt-3b", 2.65, None, 32, 2560, ""),
    "mpt-7b": ("mpt-7b", 6.7, None, 32, 4096, ""),
    "mpt-13b": ("mpt-13b", 12.9, None, 40, 5120, ""),
    "mpt-30b": ("mpt-30b", 30.0, None, 48, 7168, ""),
    "mpt-70b": ("mpt-70b", 64.9, None, 80, 8192, ""),
}
# torchtitan's rows without a sequence length ran its llama3_*.toml recipes: seq_len = 8192.
TORCHTITAN_DEFAULT_SEQ = 8192

# Serving sets (phase "serve").
SERVE_SETS = [
    ("sglang-vllm-060-serving",
     "SGLang v0.3.0 and vLLM v0.6.0 offline throughput (ShareGPT, 5000 prompts at an infinite rate) on A100 80GB and 4x H100",
     "https://github.com/sgl-project/sglang/blob/120affb9613cc3f5bcd055ec09c7621d3ced0ebc/",
     "120affb9613cc3f5bcd055ec09c7621d3ced0ebc", "about Sept 2024"),
    ("lambda-vllm-060-serving",
     "Lambda's vLLM v0.6.0 benchmark: offline output throughput (5000 prompts, max-num-seqs 256, max-seq-len 2048) on H100",
     "https://github.com/LambdaLabsML/vllm-benchmark/blob/0e8fc5d0f9865a326666cb82aeb2d8dc74c82c5e/",
     "0e8fc5d0f9865a326666cb82aeb2d8dc74c82c5e", "about Sept 2024"),
    ("amd-rocm-vllm-serving",
     "AMD ROCm performance results: vLLM 0.11.1 offline throughput of Llama 3.1 70B / 405B FP8 on 8x MI300X",
     "https://www.amd.com/ja/developer/resources/rocm-hub/dev-ai/performance-results.html", "", "2025-11-03"),
    ("intel-gaudi-serving",
     "Intel Gaudi model performance pages (software 1.18.0): LLM inference throughput at a fixed batch on Gaudi 2 and Gaudi 3",
     "https://intel.com/content/www/us/en/developer/platform/gaudi/", "", "Intel Gaudi software 1.18.0"),
    ("mistral-4090-vllm-serving",
     "A blog's vLLM runs of Mistral 7B on an RTX 4090 at 8 to 48 concurrent requests (256 prompt, 128 generated tokens)",
     "https://mushfiqrahman.dev/", "", "undated page"),
    ("databasemart-a40-vllm-serving",
     "A hosting vendor's vLLM run of Llama 3.1 8B on an A40 at 50 concurrent requests (100 prompt, 600 generated tokens)",
     "https://databasemart.com/blog/", "", "undated page"),
]
SERVE_MODELS = {"llama-3.1-8b": "llama-3-8b", "llama-3-8b": "llama-3-8b", "llama-3.1-70b": "llama-3-70b",
                "llama-3.3-70b": "llama-3-70b", "llama-3.1-405b": "llama-3.1-405b", "mistral-7b-v0.3": "mistral-7b"}
# ShareGPT as vLLM's and SGLang's benchmarks sample it: about 220 prompt and 200 generated
# tokens a request on average (our reading; the pages give no lengths).
SHAREGPT_PROMPT, SHAREGPT_GENERATED = 220, 200
VLLM_DEFAULT_MAX_SEQS = 256


def serve_row(row, read_on):
    """The benchmarks.json row for a serving measurement, or the reason it is left out."""
    engine = (row.get("engine") or "").lower()
    if "tensorrt" in engine:
        return None, "TensorRT-LLM: batches far beyond vLLM's 256 (the engine the site models)"
    stated = (row.get("precision") or "").lower()
    first = stated.split(" ")[0]
    precision = first if first in ("fp8", "bf16", "fp16") else "bf16" if "likely bf16" in stated else None
    if precision is None:
        return None, "precision FP4 or not stated"
    model = SERVE_MODELS.get(row["model"].split(" (")[0])
    if model is None:
        return None, "no preset for the model"
    notes = row.get("notes") or ""
    if row["gpus"] > 8:
        return None, "several machines"
    if row.get("request_rate") or (row.get("concurrency") is None and row.get("scenario") != "offline"):
        return None, "request-rate limited or concurrency not stated"
    if row.get("input_tokens") and row.get("output_tokens"):
        prompt, generated = int(row["input_tokens"]), int(row["output_tokens"])
        length_note = "%d prompt and %d generated tokens a request" % (prompt, generated)
    elif "ShareGPT" in notes or "5000 prompts" in notes:
        prompt, generated = SHAREGPT_PROMPT, SHAREGPT_GENERATED
        length_note = "ShareGPT lengths (about 220 prompt and 200 generated tokens a request: our reading, not the page's)"
    else:
        return None, "prompt and generated lengths not stated"
    batch = row.get("concurrency")
    if batch is None:
        m = re.search(r"max seqs (\d+)", notes) or re.search(r"max-num-seq (\d+)", notes)
        batch = int(m.group(1)) if m else VLLM_DEFAULT_MAX_SEQS
        length_note += "; offline: up to %d requests at once (the engine's maximum)" % batch
    source = row["source"]
    set_id = next((s[0] for s in SERVE_SETS if source.startswith(s[2])), None)
    if set_id is None:
        return None, "no set for its source"
    out = {"gpu_id": row["gpu_id"], "set": set_id, "name_in_source": row.get("gpu_as_written") or row["gpu_id"],
           "model": model, "precision": precision, "phase": "serve", "context": int(prompt + generated / 2),
           "prompt_tokens": prompt, "generated_tokens": generated, "batch": int(batch),
           "gpus": int(row["gpus"]), "value": row["output_tokens_per_s"], "unit": "tokens_per_s",
           "date": row.get("date_seen") or read_on, "software": row.get("engine") or "not stated", "source": source,
           "notes": "generated tokens/s of all %d GPU(s). %s; precision as the source says: %s. %s%s" % (
               row["gpus"], length_note, row.get("precision"), notes,
               "" if row.get("date_seen") else "; the page gives no date: the date it was read")}
    return out, None


def precision_of(text):
    """bf16 or fp8 (MXFP8, Float8 linears, FP8 with current scaling); None: not usable."""
    t = (text or "").lower()
    if "fp4" in t:
        return None  # the catalog has no FP4 peak to match
    if "fp8" in t or "float8" in t:
        return "fp8"
    if "bf16" in t:
        return "bf16"
    return None


def model_key(name):
    base = name.split(" (")[0].strip()
    if base == "llama-2-7b SFT":
        return "llama-2-7b", "supervised fine-tuning of every weight (SFT), packed sequences"
    return base, ""


def left_out(row):
    """Why a row cannot be used, or None."""
    name = row["model"]
    notes = row.get("notes") or ""
    if not row.get("tokens_per_s_per_gpu"):
        return "no tokens/s (time to train or TFLOP/s only)"
    if "LoRA" in name:
        return "LoRA fine-tune: not full training FLOPs"
    if "torchtune" in (row.get("framework") or ""):
        return "torchtune README: tokens/s imply an MFU above 0.8 (RTX A6000 full fine-tune) and above 1 (LoRA), and per-GPU vs total is not stated"
    if "LOW CONFIDENCE" in notes:
        return "low confidence in the source (precision not stated, inconsistent step times)"
    if "/blob/main/" in row["source"]:
        return "source not pinned to a commit and sequence length not stated"
    if precision_of(row.get("precision")) is None:
        return "precision FP4 or not stated: no matching peak"
    if model_key(name)[0] not in MODELS:
        return "model shape unknown"
    return None


def set_of(source):
    for s in SETS:
        if source.startswith(s[2]):
            return s[0]
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("measurements")
    parser.add_argument("--out", default=os.path.join(ROOT, "data", "benchmarks.json"))
    parser.add_argument("--read-on", default="2026-12-04", help="the date the undated pages were read")
    args = parser.parse_args()
    rows = json.load(open(args.measurements))["training"]
    catalog = {g["id"] for g in json.load(open(os.path.join(ROOT, "data", "gpus.json")))["gpus"]}
    doc = json.load(open(args.out))
    ours = {s[0] for s in SETS} | {s[0] for s in SERVE_SETS}
    doc["sets"] = [s for s in doc["sets"] if s["id"] not in ours]
    doc["results"] = [r for r in doc["results"] if r["set"] not in ours]
    used_sets = set()
    skipped = {}
    added = []
    for row in rows:
        why = left_out(row)
        set_id = set_of(row["source"])
        if not why and set_id is None:
            why = "no set for its source"
        if not why and row["gpu_id"] not in catalog:
            why = "card not in the catalog"
        if why:
            skipped[why] = skipped.get(why, 0) + 1
            continue
        key, model_note = model_key(row["model"])
        model, params_b, active_b, layers, hidden, shape_note = MODELS[key]
        notes = [n for n in (model_note, shape_note) if n]
        seq = row.get("seq_len")
        if not seq:
            seq = TORCHTITAN_DEFAULT_SEQ
            notes.append("sequence length not stated: torchtitan's llama3 recipe default, 8192")
        if "moe" in row["model"].lower() and active_b is None and params_b is not None:
            sys.exit("a mixture of experts needs its active parameters: " + row["model"])
        notes.append("precision as the source says: " + row["precision"])
        if row.get("parallelism"):
            notes.append("parallelism: " + row["parallelism"])
        if row.get("notes"):
            notes.append(row["notes"])
        date = row.get("date_seen")
        if not date:
            date = args.read_on
            notes.append("the page gives no date: the date it was read")
        out = {"gpu_id": row["gpu_id"], "set": set_id, "name_in_source": row.get("gpu_as_written") or row["gpu_id"],
               "model": model, "precision": precision_of(row["precision"]), "phase": "train", "context": int(seq)}
        if row.get("global_batch"):
            out["batch"] = int(row["global_batch"])
        out["gpus"] = int(row["gpus"])
        for field, value in (("params_b", params_b), ("active_params_b", active_b), ("layers", layers),
                             ("hidden_size", hidden)):
            if value is not None:
                out[field] = value
        out.update({"value": row["tokens_per_s_per_gpu"], "unit": "tokens_per_s", "date": date,
                    "software": row.get("framework") or "not stated", "source": row["source"],
                    "notes": "tokens/s per GPU. " + "; ".join(notes)})
        added.append(out)
        used_sets.add(set_id)
    for s in SETS:
        if s[0] in used_sets:
            entry = {"id": s[0], "what": s[1], "source": s[2].rstrip("/")}
            if s[3]:
                entry["commit"] = s[3]
            entry["dates"] = s[4]
            doc["sets"].append(entry)
    served = []
    serve_skipped = {}
    for row in json.load(open(args.measurements)).get("serving", []):
        if row["gpu_id"] not in catalog:
            serve_skipped["card not in the catalog"] = serve_skipped.get("card not in the catalog", 0) + 1
            continue
        out, why = serve_row(row, args.read_on)
        if why:
            serve_skipped[why] = serve_skipped.get(why, 0) + 1
            continue
        served.append(out)
        used_sets.add(out["set"])
    for s in SERVE_SETS:
        if s[0] in used_sets:
            entry = {"id": s[0], "what": s[1], "source": s[2].rstrip("/")}
            if s[3]:
                entry["commit"] = s[3]
            entry["dates"] = s[4]
            doc["sets"].append(entry)
    doc["results"].extend(added)
    doc["results"].extend(served)
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
    print("import_llm_training: %d rows in %d sets" % (len(added), len(used_sets)))
    for why, n in sorted(skipped.items(), key=lambda kv: -kv[1]):
        print("  left out %3d: %s" % (n, why))
    print("import_llm_training: %d serving rows" % len(served))
    for why, n in sorted(serve_skipped.items(), key=lambda kv: -kv[1]):
        print("  left out %3d: %s" % (n, why))


if __name__ == "__main__":
    main()
