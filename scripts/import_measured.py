#!/usr/bin/env python3
"""Regenerates data/benchmarks.json from a folder of measured sets.

Each set is {"id", "what", "unit", "source", "date", "rows": [{"gpu", "case", "value", ...}]},
read from a public repository at a pinned commit (the set's `source`). This script maps each
row's GPU name to a data/gpus.json id, keeps what a buyer can use, and writes the rows with
the ORIGINAL public source URL. Rows whose card is not in the catalog are skipped and counted.

usage: scripts/import_measured.py MEASURED_DIR [--out data/benchmarks.json]
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Source names -> catalog ids. None: no catalog card (laptop parts, Apple's 8 GB M1, Jetson NX, MIG slices,
# other accelerators). A note explains a mapping that is a choice rather than a plain match.
GPU_IDS = {
    # Lambda (v0 and v1/v2)
    "V100 32GB": ("tesla-v100-sxm2-32gb", "Lambda's V100 32GB server is SXM2 (the form factor is not printed in the CSV)"),
    "Quadro RTX 8000": ("quadro-rtx-8000", ""),
    "Quadro RTX 8000 V1": ("quadro-rtx-8000", "Lambda's second Quadro RTX 8000 system ('V1' in the CSV)"),
    "Quadro RTX 6000": ("quadro-rtx-6000", ""),
    "Quadro RTX 5000": ("quadro-rtx-5000", ""),
    "Titan RTX": ("titan-rtx", ""),
    "RTX 3090": ("rtx-3090", ""),
    "A100 40GB PCIe": ("a100-pcie-40gb", ""),
    "A100 80GB PCIe": ("a100-pcie-80gb", ""),
    "A100 40GB SXM4": ("a100-sxm4-40gb", ""),
    "A100 80GB SXM4": ("a100-sxm4-80gb", ""),
    "RTX A6000": ("rtx-a6000", ""),
    "RTX A5000": ("rtx-a5000", ""),
    "Lambda Cloud — RTX A6000": ("rtx-a6000", "Lambda Cloud virtual machine"),
    "RTX A40": ("a40", ""),
    "RTX A4000": ("rtx-a4000", ""),
    "RTX A4500": ("rtx-a4500", ""),
    "RTX A5500": ("rtx-a5500", ""),
    "RTX 2080Ti": ("rtx-2080-ti", ""),
    "GTX 1080Ti": ("gtx-1080-ti", ""),
    "RTX 3080": ("rtx-3080", ""),
    "RTX 3070": ("rtx-3070", ""),
    "RTX 3080 Max-Q": (None, ""), "RTX 2080 SUPER MAX-Q": (None, ""), "RTX 2080 MAX-Q": (None, ""),
    "RTX 2070 MAX-Q": (None, ""),
    "LambdaCloud 1x V100 16GB": ("tesla-v100-sxm2-16gb", "Lambda Cloud VM; Lambda's V100 16GB instances are SXM2"),
    "LambdaCloud 1x A10": ("a10", "Lambda Cloud virtual machine"),
    "LambdaCloud 1x A100 40GB PCIe": ("a100-pcie-40gb", "Lambda Cloud virtual machine"),
    "RTX 6000 Ada": ("rtx-6000-ada", ""),
    "RTX 4090": ("rtx-4090", ""),
    "LambdaCloud 1x H100 80GB PCIe": ("h100-pcie", "Lambda Cloud virtual machine"),
    "LambdaCloud 1x H100 80GB SXM5": ("h100-sxm5", "Lambda Cloud virtual machine"),
    "LambdaCloud 1x GH200 96GB": ("gh200", "Lambda Cloud virtual machine"),
    "LambdaCloud 1x B200 192GB SXM5": ("b200", "Lambda Cloud virtual machine; 192 GB as Lambda names it (NVIDIA: 180 GB usable)"),
    # MLPerf
    "NVIDIA A30": ("a30", ""), "NVIDIA H100-PCIe-80GB": ("h100-pcie", ""), "NVIDIA L4": ("l4", ""),
    "NVIDIA L40": ("l40", ""), "NVIDIA A100-PCIe-80GB": ("a100-pcie-80gb", ""), "NVIDIA A40": ("a40", ""),
    "NVIDIA H100-SXM-80GB": ("h100-sxm5", ""), "NVIDIA A100-SXM-80GB": ("a100-sxm4-80gb", ""),
    "NVIDIA A2": ("a2", ""), "NVIDIA T4": ("tesla-t4", ""),
    "NVIDIA H200-SXM-141GB": ("h200-sxm", ""), "NVIDIA L40S": ("l40s", ""), "NVIDIA H100-NVL-94GB": ("h100-nvl", ""),
    "NVIDIA GH200 Grace Hopper Superchip 96GB": ("gh200", ""),
    "NVIDIA GH200 Grace Hopper Superchip 144GB": ("gh200", "the 144 GB HBM3e GH200; the catalog row is the 96 GB HBM3 part"),
    "AMD Instinct MI300X-NPS1-SPX-192GB-750W": ("mi300x", ""), "AMD MI300X-NPS1-SPX-192GB-750W": ("mi300x", ""),
    "NVIDIA B200-SXM-180GB": ("b200", ""),
    "NVIDIA Jetson AGX Orin 64G": ("jetson-agx-orin-64gb", "the Jetson AGX Orin 64 GB module"),
    # stas00 MAMF
    "Intel Gaudi 2": ("gaudi2", ""), "Intel Gaudi 3": ("gaudi3", ""),
    "NVIDIA A100 SXM": ("a100-sxm4-80gb", "the source does not say 40 or 80 GB; both have the same peak"),
    "NVIDIA A100 PCIe": ("a100-pcie-80gb", "the source does not say 40 or 80 GB; both have the same peak"),
    "NVIDIA GH200 SXM": ("gh200", ""), "NVIDIA H100 SXM": ("h100-sxm5", ""), "NVIDIA H200 SXM": ("h200-sxm", ""),
    "NVIDIA B200 SXM": ("b200", ""), "NVIDIA B300 SXM": ("b300", ""), "NVIDIA GB200 SXM": ("gb200", "one Blackwell GPU of a GB200"),
    "AMD MI300X": ("mi300x", ""), "AMD MI325X": ("mi325x", ""), "AMD MI355X": ("mi355x", ""),
    # llama.cpp
    "3070 8GB": ("rtx-3070", ""), "3080 10GB": ("rtx-3080", ""), "3080 Ti 12GB": ("rtx-3080-ti", ""),
    "4070 Ti 12GB": ("rtx-4070-ti", ""), "4080 16GB": ("rtx-4080", ""), "3090 24GB": ("rtx-3090", ""),
    "4090 24GB": ("rtx-4090", ""), "RTX 4000 Ada 20GB": ("rtx-4000-ada", ""),
    "RTX 5000 Ada 32GB": ("rtx-5000-ada", ""), "RTX A6000 48GB": ("rtx-a6000", ""),
    "RTX 6000 Ada 48GB": ("rtx-6000-ada", ""), "A40 48GB": ("a40", ""), "L40S 48GB": ("l40s", ""),
    "A100 PCIe 80GB": ("a100-pcie-80gb", ""), "A100 SXM 80GB": ("a100-sxm4-80gb", ""),
    "H100 PCIe 80GB": ("h100-pcie", ""),
    # Apple machines (unified memory), mapped since the catalog lists them (issue 13)
    "M1 Max 32‑Core GPU 64GB": ("apple-m1-max-32c", ""),
    "M2 Ultra 76-Core GPU 192GB": ("apple-m2-ultra-76c", ""),
    "M3 Max 40‑Core GPU 64GB": ("apple-m3-max-40c", "the 64 GB configuration; the catalog row is the 128 GB one, same chip and 400 GB/s"),
}

UNITS = {"images/s": "images_per_s", "sequences/s": "sequences_per_s", "tokens/s": "tokens_per_s",
         "samples/s": "samples_per_s", "queries/s": "queries_per_s", "tflops": "tflops"}

# The public URL of each set's source (a set's `source` reads "github.com/OWNER/REPO @ COMMIT ... PATH").
def source_url(set_source, path):
    m = re.match(r"github\.com/([^ ]+) @ ([0-9a-f]{40})", set_source)
    return "https://github.com/%s/blob/%s/%s" % (m.group(1), m.group(2), path)


def unit_of(text):
    text = text.lower()
    if text.startswith("items/s"):
        return "items_per_s"
    return UNITS.get(text)


def lambda_rows(s, software):
    base = "pytorch/csv_v1_v2/" if s["id"].endswith("v1v2") else "pytorch/"
    for r in s["rows"]:
        precision = "fp16" if r["precision"].startswith("fp16") else "fp32"
        file = base + "pytorch-train-throughput-%s.csv" % precision
        notes = []
        if r["unit"].startswith("items/s"):
            notes.append(r["unit"])
        if precision == "fp32":
            notes.append("fp32 column: TF32 tensor cores on Ampere and newer")
        yield r, {"model": r["model"], "precision": "amp-fp16" if precision == "fp16" else "fp32-tf32",
                  "phase": "train", "batch": r.get("batch_size"), "unit": unit_of(r["unit"]),
                  "software": software(r), "source": source_url(s["source"], file), "notes": notes}


def llamacpp_rows(s):
    for r in s["rows"]:
        size, quant = r["model"].split()
        test = r["test"]
        phase = "decode" if test.startswith("tg") else "prefill"
        notes = ["llama-bench %s: %s %d tokens from an empty context" %
                 (test, "generates" if phase == "decode" else "processes a prompt of", int(test[2:]))]
        row = {"model": "llama-3-" + size.lower(), "precision": quant.lower(), "phase": phase,
               "context": int(test[2:]), "unit": "tokens_per_s", "software": "llama.cpp (CUDA 12.1.1), llama-bench -ngl 10000",
               "source": source_url(s["source"], "README.md"), "notes": notes}
        if r.get("num_gpus", 1) > 1:
            row["gpus"] = r["num_gpus"]
            notes.append("%d GPUs of one kind in one machine, llama.cpp's default split (whole layers per GPU)" % r["num_gpus"])
        yield r, row


# llama.cpp community runs whose settings are all stated (issue 27's checks of layers kept
# in system RAM): each row with its own public source. Not calibrated on; `gpuwise speed
# --check` predicts them. Other community rows were left out: models without a preset
# (Qwen3.8 hybrid attention, Gemma 3's tied embeddings and sliding window, DeepSeek's MLA),
# quantisations without a format here (IQ1_S, UD-Q4_K_XL), RPC over a network, or KV
# cache kept in host memory.
COMMUNITY_SET = {
    "id": "llamacpp-community-offload",
    "what": "llama.cpp community runs with some layers kept in system RAM (-ngl below the layer count), settings stated in the source: an RTX 2080 8 GB with quad-channel DDR4 (i9-10900X, ~102 GB/s measured by the contributor), Q4_K_M, context 4096, llmfit bench (average of 3 warmed runs)",
    "source": "https://github.com/AlexsJones/llmfit",
    "dates": "2026-07 (pull requests #755 and #774)",
}
COMMUNITY_ROWS = [
    {"gpu_id": "rtx-2080", "set": "llamacpp-community-offload", "name_in_source": "RTX 2080 8GB", "model": "qwen3-14b", "precision": "q4_k_m",
     "phase": "decode", "context": 4096, "gpu_layers": 32, "host_bandwidth_gbs": 102, "value": 16.9,
     "unit": "tokens_per_s", "date": "2026-07-20", "software": "llama.cpp via llmfit bench, -ngl 32 of 40 layers",
     "source": "https://github.com/AlexsJones/llmfit/pull/774",
     "notes": "32 of 40 layers on the GPU, 8 in quad-channel DDR4 (~102 GB/s measured, i9-10900X, as the contributor says in llmfit PR #755); generation at context 4096"},
    {"gpu_id": "rtx-2080", "set": "llamacpp-community-offload", "name_in_source": "RTX 2080 8GB", "model": "phi-4", "precision": "q4_k_m",
     "phase": "decode", "context": 4096, "gpu_layers": 32, "host_bandwidth_gbs": 102, "value": 16.7,
     "unit": "tokens_per_s", "date": "2026-07-20", "software": "llama.cpp via llmfit bench, -ngl 32 of 40 layers",
     "source": "https://github.com/AlexsJones/llmfit/pull/774",
     "notes": "32 of 40 layers on the GPU, 8 in quad-channel DDR4 (~102 GB/s measured, i9-10900X, as the contributor says in llmfit PR #755); generation at context 4096"},
]


MLPERF_MODELS = {"resnet50": "resnet50", "resnet": "resnet50", "retinanet": "retinanet", "bert": "bert-large",
                 "rnnt": "rnnt", "3d-unet": "3d-unet", "dlrm": "dlrm", "dlrm-v2": "dlrm-v2", "gptj": "gpt-j-6b",
                 "llama2-70b": "llama-2-70b", "mixtral-8x7b": "mixtral-8x7b", "stable-diffusion-xl": "sdxl"}


def mlperf_rows(s, folder_of):
    for r in s["rows"]:
        if r.get("n_accel") != 1:
            continue  # multi-accelerator systems: per-card figures would assume linear scaling
        bench = r["case"].replace(" Offline", "")
        m = re.match(r"(.+?)(-99(\.9)?)?$", bench)
        model = MLPERF_MODELS.get(m.group(1), m.group(1))
        unit = "tokens_per_s" if r["unit"].lower() == "tokens/s" else "samples_per_s"
        notes = ["MLPerf closed, Offline scenario, %s accuracy target" % (m.group(2)[1:] + "%" if m.group(2) else "default"),
                 "system: %s (%s)" % (r.get("system", "?"), r.get("submitter", "?"))]
        precision = r.get("weight_dtype") or "vendor-tuned (INT8/FP8)"
        yield r, {"model": model, "precision": precision, "phase": "inference", "batch": None, "unit": unit,
                  "software": r.get("software", ""), "source": source_url(s["source"], folder_of(r)), "notes": notes}


def mamf_rows(s):
    for r in s["rows"]:
        notes = ["maximum achievable matmul TFLOPS (best of a shape sweep, best shape %s); a ceiling, not training speed" % r["best_shape"]]
        if r.get("notes"):
            notes.append(r["notes"])
        yield r, {"model": "matmul", "precision": r["dtype"].split("_")[0], "phase": "matmul", "unit": "tflops",
                  "software": "torch " + r["torch"],
                  "source": source_url(s["source"], "compute/accelerator/README.md"), "notes": notes}


# Rows the set's own notes call outliers: kept and shown, left out of calibration and checks.
OUTLIER_F16_PREFILL = {
    "a100-sxm4-80gb": "outlier in the source: F16 prompt processing ~10x below the A100 PCIe and below its own Q4_K_M",
    "l40s": "outlier in the source: F16 prompt processing below its own Q4_K_M",
}

SET_DATES = {  # per-row dates are not in the sets; the month of the run as the source gives it
    "lambda-pytorch-train-v0": "2022-07-06",
    "xiongjiedai-llama3-llamacpp": "2024-05-12",
    "xiongjiedai-llama3-llamacpp-multigpu": "2024-05-12",
    "mlperf-inference-v3.0-closed-offline": "2023-04-05",
    "mlperf-inference-v4.1-closed-offline": "2024-08-28",
}


def lambda_v1v2_date(r):
    # v2 rows (LambdaCloud H100/GH200/B200) ran 2024-10..2025-12; v1 rows 2022-10..2024.
    return "2025-12-17" if r["gpu"].startswith("LambdaCloud") and r["gpu"] not in (
        "LambdaCloud 1x V100 16GB", "LambdaCloud 1x A10", "LambdaCloud 1x A100 40GB PCIe") else "2022-10-01"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("measured_dir")
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "benchmarks.json"))
    args = ap.parse_args()
    catalog = {g["id"] for g in json.load(open(os.path.join(ROOT, "data", "gpus.json")))["gpus"]}

    def load(name):
        return json.load(open(os.path.join(args.measured_dir, name + ".json")))

    sets, rows, skipped = [], [], {}
    plans = [
        ("lambda-pytorch-train-v0", lambda s: lambda_rows(s, lambda r: "PyTorch, NGC pytorch:20.01-py3 (pre-Ampere) or 20.10+ (Ampere)")),
        ("lambda-pytorch-train-v1v2", lambda s: lambda_rows(s, lambda r: "PyTorch, NGC pytorch:24.x" if lambda_v1v2_date(r) > "2024" else "PyTorch, NGC pytorch:22.09-py3")),
        ("xiongjiedai-llama3-llamacpp", llamacpp_rows),
        ("xiongjiedai-llama3-llamacpp-multigpu", llamacpp_rows),
        ("mlperf-inference-v3.0-closed-offline", lambda s: mlperf_rows(s, lambda r: r["location"])),
        ("mlperf-inference-v4.1-closed-offline", lambda s: mlperf_rows(s, lambda r: r["location"])),
        ("stas00-mamf", mamf_rows),
    ]
    for set_id, reader in plans:
        s = load(set_id)
        sets.append({"id": set_id, "what": s["what"], "source": "https://" + s["source"].split(" @ ")[0],
                     "commit": s["source"].split(" @ ")[1][:40], "dates": s.get("date", "")})
        for r, row in reader(s):
            gpu = GPU_IDS.get(r["gpu"].split(" * ")[0], (None, ""))  # "3090 24GB * 2": the card
            if gpu[0] is None or gpu[0] not in catalog:
                skipped[r["gpu"]] = skipped.get(r["gpu"], 0) + 1
                continue
            if set_id == "lambda-pytorch-train-v1v2":
                date = lambda_v1v2_date(r)
            elif set_id == "stas00-mamf":
                date = "2026-08-10"
            else:
                date = SET_DATES[set_id]
            notes = ([gpu[1]] if gpu[1] else []) + row.pop("notes")
            if set_id in ("lambda-pytorch-train-v1v2",) and date == "2022-10-01":
                notes.append("run month not given per row: v1 runs 2022-10..2024, dated to the first")
            if set_id == "stas00-mamf":
                notes.append("date: the table's last edit; rows were measured 2024-08..2026-08")
            out = {"gpu_id": gpu[0], "set": set_id, "name_in_source": r["gpu"], "model": row["model"],
                   "precision": row["precision"], "phase": row["phase"]}
            for key in ("context", "batch", "gpus"):
                if row.get(key):
                    out[key] = row[key]
            if (set_id == "xiongjiedai-llama3-llamacpp" and row["phase"] == "prefill" and row["precision"] == "f16"
                    and gpu[0] in OUTLIER_F16_PREFILL):
                out["outlier"] = True
                notes.append(OUTLIER_F16_PREFILL[gpu[0]])
            out.update({"value": r["value"], "unit": row["unit"], "date": date, "software": row["software"],
                        "source": row["source"]})
            if notes:
                out["notes"] = "; ".join(notes)
            rows.append(out)
    sets.append(COMMUNITY_SET)
    rows.extend(COMMUNITY_ROWS)
    doc = {"schema_version": 1, "sets": sets, "results": rows}
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("%d rows from %d sets; skipped %d rows of %d cards not in the catalog: %s" % (
        len(rows), len(sets), sum(skipped.values()), len(skipped),
        ", ".join("%s (%d)" % kv for kv in sorted(skipped.items()))), file=sys.stderr)


if __name__ == "__main__":
    main()
