#!/usr/bin/env python3
"""Writes the generated tables of docs/speed.md from the model's own output.

Between `<!-- speed_docs: NAME -->` and `<!-- /speed_docs -->` it puts:
  check    the accuracy table of `gpuwise speed --check --json` (every set, in sample and held out)
  factors  the fitted factors of data/speed_calibration.json
  bands    the error band of each class in data/speed_calibration.json
  vllm     scripts/check_vllm_tp.py's table (vLLM tensor parallel against public serving runs)

usage: scripts/speed_docs.py [--gpuwise build/native/gpuwise] [--check]
  --check  change nothing; exit 1 when docs/speed.md differs from what it would write
"""
import argparse
import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import check_vllm_tp  # noqa: E402

AIMS = {  # (set, phase): the aim the tests hold it to
    ("xiongjiedai-llama3-llamacpp", "decode"): "Spearman ≥ 0.95, error ≤ 20 %",
    ("xiongjiedai-llama3-llamacpp", "prefill"): "Spearman ≥ 0.90, error ≤ 20 %",
    ("xiongjiedai-llama3-llamacpp-multigpu", "decode"): "error ≤ 20 % (issue 27)",
    ("xiongjiedai-llama3-llamacpp-multigpu", "prefill"): "error ≤ 30 % (issue 27)",
    ("llamacpp-community-offload", "decode"): "error ≤ 25 % (a check)",
    ("lambda-pytorch-train-v0", "train"): "Spearman ≥ 0.92 (0.93 before the LLM-run fit)",
    ("lambda-pytorch-train-v1v2", "train"): "Spearman ≥ 0.95",
    ("llm-training", "train"): "error ≤ 20 % held out",
    ("llm-training dense", "train"): "error ≤ 15 % held out",
    ("llm-training moe", "train"): "error ≤ 20 %: missed (Training below)",
    ("serving", "serve"): "error ≤ 25 % (a check)",
}
# The LLM training and serving checks by family or class are in the hand-written tables of
# the Training and Cost of a job sections; this table has their totals.
SHOWN_LLM_CHECKS = {"llm-training", "llm-training dense", "llm-training moe", "serving"}


def check_table(gpuwise):
    out = subprocess.run([gpuwise, "speed", "--check", "--json"], capture_output=True, text=True, check=True).stdout
    rows = json.loads(out)["checks"]
    by_key = {}
    for r in rows:
        by_key.setdefault((r["set"], r["phase"]), {})[r["held_out"]] = r
    lines = ["| set | phase | n | in sample: Spearman (min), median error | held out: Spearman (min), median error | aim |",
             "|---|---|---|---|---|---|"]

    def cell(r):
        if not r:
            return "—"
        spearman = "%.3f (%.3f)" % (r["spearman"], r["spearman_min"]) if r["groups"] else "— (too few cards)"
        return "%s, %.1f %%" % (spearman, r["median_abs_error_pct"])

    order = ["xiongjiedai-llama3-llamacpp", "xiongjiedai-llama3-llamacpp-multigpu", "llamacpp-community-offload",
             "lambda-pytorch-train-v0", "lambda-pytorch-train-v1v2", "llm-training", "llm-training dense",
             "llm-training moe", "serving"]
    keys = sorted((k for k in by_key if not k[0].startswith(("llm-training", "serving")) or k[0] in SHOWN_LLM_CHECKS),
                  key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[0], k[1]))
    for key in keys:
        held = by_key[key]
        sample = held.get("in-sample")
        out_of = held.get("leave-one-card-out") or held.get("leave-one-set-out") or held.get("not fitted")
        label = ("leave one card out" if "leave-one-card-out" in held else
                 "leave one set out" if "leave-one-set-out" in held else "never fitted on")
        n = (sample or out_of or {}).get("n", 0)
        lines.append("| %s | %s | %d | %s | %s: %s | %s |" % (
            key[0], key[1], n, cell(sample), label, cell(out_of), AIMS.get(key, "")))
    return "\n".join(lines)


def calibration():
    return json.load(open(os.path.join(ROOT, "data", "speed_calibration.json")))


def factors_table():
    cal = calibration()
    # Training's efficiencies (MFU per architecture and precision) are the Training section's.
    families = sorted(set(cal["decode_bandwidth"]) | set(cal["prefill_quantised"]) | set(cal["prefill_16bit"]),
                      key=lambda f: (f == "default", f))
    lines = ["| family | decode bandwidth share | prefill share, GGUF quantised | prefill share, 16-bit |",
             "|---|---|---|---|"]
    for family in families:
        cells = [cal[t].get(family) for t in ("decode_bandwidth", "prefill_quantised", "prefill_16bit")]
        lines.append("| %s | %s |" % (family if family != "default" else "default (all cards; any other family)",
                                       " | ".join("%.3f" % c if c is not None else "(default)" for c in cells)))
    lines.append("")
    lines.append("Per-layer decode overhead %.1f µs in today's builds (%.1f µs in builds before 2025); "
                 "attention cost %.2f of its ideal FLOPs in today's builds on matrix units (4 before); "
                 "a mixture-of-experts layer adds %s µs on NVIDIA cards (gpt-oss-20b %s, Qwen3-30B-A3B %s; Apple %s); "
                 "its prompts reach %.2f of a dense model's prefill share. "
                 "llama.cpp hand-over %.1f µs per extra device (%d runs); "
                 "pipeline overlap %.2f of the ideal (%d runs)." % (
                     cal["decode_overhead_us_per_layer"],
                     cal.get("older_builds_overhead_us_per_layer", cal["decode_overhead_us_per_layer"]),
                     cal.get("attention_cost", 4),
                     "{:,.0f}".format(cal.get("moe_layer_overhead_us", {}).get("NVIDIA", 0)),
                     "{:,.0f}".format(cal.get("moe_layer_overhead_us", {}).get("NVIDIA|gpt-oss-20b", 0)),
                     "{:,.0f}".format(cal.get("moe_layer_overhead_us", {}).get("NVIDIA|qwen3-30b-a3b", 0)),
                     "{:,.0f}".format(cal.get("moe_layer_overhead_us", {}).get("Apple", 0)),
                     cal.get("moe_prefill_share", 1),
                     cal["llamacpp_handover_us"],
                     cal["samples"].get("llamacpp_handover", 0), cal["llamacpp_pipeline_overlap"],
                     cal["samples"].get("llamacpp_pipeline_overlap", 0)))
    return "\n".join(lines)


def bands_table():
    cal = calibration()
    lines = ["| class | runs | band (measured / estimated, p10 to p90) | an estimate of 100 reads |", "|---|---|---|---|"]
    for key, band in sorted(cal["bands"].items()):
        lines.append("| %s | %d | %.3f to %.3f | %.0f to %.0f |" % (key, band["samples"], band["low"], band["high"],
                                                                     100 * band["low"], 100 * band["high"]))
    lines.append("| any other class: not measured for this vendor | 0 | 0.5 to 1.5 (ours) | 50 to 150 |")
    return "\n".join(lines)


def vllm_table(gpuwise):
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        sys.argv = ["check_vllm_tp.py", "--gpuwise", gpuwise, "--markdown"]
        check_vllm_tp.main()
    return buffer.getvalue().strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuwise", default=os.path.join(ROOT, "build", "native", "gpuwise"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    path = os.path.join(ROOT, "docs", "speed.md")
    text = open(path, encoding="utf-8").read()
    tables = {"check": check_table(args.gpuwise), "factors": factors_table(), "bands": bands_table(),
              "vllm": vllm_table(args.gpuwise)}

    def put(match):
        return "<!-- speed_docs: %s -->\n%s\n<!-- /speed_docs -->" % (match.group(1), tables[match.group(1)])

    updated = re.sub(r"<!-- speed_docs: (\w+) -->.*?<!-- /speed_docs -->", put, text, flags=re.S)
    if args.check:
        if updated != text:
            print("docs/speed.md: the generated tables are stale; run scripts/speed_docs.py", file=sys.stderr)
            return 1
        print("docs/speed.md: the generated tables match the model's output")
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
