#!/usr/bin/env python3
"""Every flag a gpuwise subcommand's usage lists must change what the subcommand prints.

The defect this catches: a flag the usage lists that is accepted and silently ignored
(`gpuwise job --kind train ... --host-cost 99999` printing the same bytes as without it).

How it works:
  1. `gpuwise help` names the subcommands; each one's usage is what `gpuwise SUB --no-such-flag`
     prints (every subcommand but validate prints its usage on an unknown option; `fit --help`
     prints it too), and for a subcommand with kinds or goals, `gpuwise SUB --kind K
     --no-such-flag` (job --kind image has a usage of its own). The usage is cut into its forms
     ("usage: gpuwise job --kind train|finetune ...", "gpuwise job --kind serve ...", "gpuwise
     speed --check ...") and each form's flags are tested in that form's modes; the shared lines
     ("options: ...") and the prose's flags are tested in the subcommand's main modes; the help
     line's flags and `--data-dir` (every subcommand takes it) too.
  2. For each (subcommand, mode, flag), the mode's base command (BASES) runs once as it is and
     once with the flag set to a changed, valid value (SPECS; a switch is added, or removed when
     the base has it; a flag the base has gets another value). The output (the --json output
     where the base has --json) must differ, and the changed command must exit as the base does
     (a refused value is a bad test value, not a pass). The parts of the JSON that only repeat
     the input (ECHO: "buyer": {"market": ...}, fit's "input", ask's "assumptions") are left out
     of the comparison: a flag that changes only those was read and then not used. --data-dir
     points at a copy of data/ with every card renamed and one card added, so every
     subcommand's output moves with it.
  3. One line per check, then "N passed, M failed"; exit 1 when any failed. A flag with no test
     value, a mode with no base, or a base that fails is a failure too, so new flags and modes
     get a test.

--mutation proves the check can fail: the same checks with (a) a flag the runner drops before
calling gpuwise (what a dropped flag looks like), (b) the value the base already has, and
(c) the defaults the usage states ("Default: --steps 30 ...") must all be reported unchanged.

usage: check_cli_flags.py [GPUWISE [REPO_ROOT]] [--mutation] [--jobs N] [--verbose]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

TODAY = "2026-12-02"
LATER = "2028-06-01"  # a later --today: prices age and go stale
COPY_CARD = "zz-copy-card"  # the card the data copy adds (a clone of the RTX 4090)
DATA_COPY = "@DATA_COPY@"  # replaced by the copy's path
STATE_FILE = "@STATE_FILE@"  # a link state naming COPY_CARD, for `link encode`

# ---------------------------------------------------------------------------------------------
# [SECTION] Modes: how a subcommand's forms are told apart.
# A form's header ("gpuwise job --kind serve ...") gives its modes: the values of the selector
# (--kind a|b), else a switch right after the subcommand (speed --check), else a word (link
# decode), else "default". Every mode found must be here, and every mode here must be found.
SELECTORS = {"job": "--kind", "ask": "--goal"}
# Modes whose usage only an error message names (job's "--kind is required: ... or image").
EXTRA_MODES = {"job": ["image"]}
# The modes the shared lines, the prose and the help line apply to (default: the first form's).
MAIN_MODES = {"job": ["train", "finetune", "serve", "batch"]}

# ---------------------------------------------------------------------------------------------
# [SECTION] Base commands, one a mode: small and fast, --today where the subcommand takes it.
BASES = {
    ("catalog", "default"): ["catalog", "--json"],
    # validate takes a positional FILE, so --today is written with "=" (a separate value
    # would be read as a file name).
    ("validate", "default"): ["validate", "--today=" + TODAY],
    ("roi", "default"): ["roi", "--gpu", "rtx-4090", "--today", TODAY, "--json"],
    ("fit", "default"): ["fit", "--preset", "llama-3-8b", "--json"],
    ("link", "decode"): ["link", "decode", "#v=1&tab=speed&speed.model=llama-3-70b&cmp=rtx-3090," + COPY_CARD,
                         "--json"],
    ("link", "encode"): ["link", "encode", STATE_FILE],
    ("link", "fields"): ["link", "fields", "--json"],
    ("speed", "default"): ["speed", "--preset", "llama-3-8b", "--top", "3", "--today", TODAY, "--json"],
    ("speed", "check"): ["speed", "--check", "--json"],
    ("speed", "calibrate"): ["speed", "--calibrate"],
    ("advise", "default"): ["advise", "--gpu", "rtx-4090", "--json"],
    ("job", "train"): ["job", "--kind", "train", "--preset", "llama-3-8b", "--tokens-b", "1", "--today", TODAY,
                       "--json"],
    ("job", "finetune"): ["job", "--kind", "finetune", "--preset", "llama-3-8b", "--tokens-b", "0.1", "--today",
                          TODAY, "--json"],
    ("job", "serve"): ["job", "--kind", "serve", "--preset", "llama-3-8b", "--quant", "q4_k_m", "--users", "10",
                       "--tokens-per-day", "1000000", "--today", TODAY, "--json"],
    ("job", "batch"): ["job", "--kind", "batch", "--preset", "llama-3-8b", "--tokens-b", "1", "--today", TODAY,
                       "--json"],
    ("job", "image"): ["job", "--kind", "image", "--model", "sdxl", "--images", "1000", "--today", TODAY, "--json"],
    ("image", "default"): ["image", "--top", "3", "--json"],
    ("image", "check"): ["image", "--check", "--json"],
    ("image", "calibrate"): ["image", "--calibrate"],
    ("software", "default"): ["software", "--workload", "qlora", "--today", TODAY, "--json"],
    ("ask", "run"): ["ask", "--goal", "run", "--preset", "llama-3-8b", "--today", TODAY, "--json"],
    ("ask", "finetune"): ["ask", "--goal", "finetune", "--preset", "llama-3-8b", "--today", TODAY, "--json"],
    ("ask", "train"): ["ask", "--goal", "train", "--preset", "llama-3-8b", "--today", TODAY, "--json"],
    ("ask", "serve"): ["ask", "--goal", "serve", "--preset", "llama-3-8b", "--today", TODAY, "--json"],
    ("ask", "image"): ["ask", "--goal", "image", "--model", "sdxl", "--today", TODAY, "--json"],
    ("ask", "own"): ["ask", "--goal", "own", "--have", "rtx-3090", "--today", TODAY, "--json"],
    ("rank", "default"): ["rank", "--profile", "cnn", "--top", "3", "--today", TODAY, "--json"],
    ("check", "default"): ["check"],
}


# ---------------------------------------------------------------------------------------------
# [SECTION] Test values.
class V:
    """A flag's changed value. value None: a switch (added, or removed when the base has it).
    with_: words added to both runs (a flag that needs another: --budget-covers needs --budget).
    without: flags (with their values) taken out of both runs (--params-b where a --preset wins).
    base: a whole other base for this flag (words, as BASES). text: compare the text output
    (the base without --json)."""

    def __init__(self, value=None, with_=(), without=(), base=None, text=False):
        self.value, self.with_, self.without, self.base, self.text = value, list(with_), list(without), base, text


# Every subcommand: --data-dir (a copy of data/ that differs), --today (later: prices age), --json.
COMMON = {"--data-dir": V(DATA_COPY), "--today": V(LATER), "--json": V(text=True)}

OWNING = {  # roi's owning flags, as roi and every job read them
    "--host-cost": V("2500"), "--sales-tax": V("9"), "--host-power": V("250"), "--kwh-price": V("0.31"),
    "--months": V("24"), "--depreciation": V("40"), "--maintenance": V("150"), "--colocation": V("120"),
    "--rent-decline": V("30"), "--idle-power": V("45"), "--host-idle-power": V("80"),
}
BUYER = {"--market": V("eu"), "--used": V(), "--budget": V("3000"),
         "--budget-covers": V("cards", with_=["--budget", "3000"]),
         "--outlay-sort": V("value", with_=["--budget", "3000"])}

RANK_PRICED = ["rank", "--profile", "cnn", "--max-price", "3000", "--top", "3", "--today", TODAY, "--json"]

SPECS = {
    "catalog": {"--columns": V(), "--pytorch-any": V("2.5"), "--on-cuda": V(), "--unified-memory": V()},
    "validate": {},
    "check": {"--rows": V()},
    "roi": {**OWNING, **BUYER, **{
        "--gpu": V("rtx-3090"), "--count": V("2"), "--price": V("1234"), "--rate": V("0.77"), "--power": V("333"),
        "--hours-per-day": V("13"), "--resale": V("400"), "--rent-out-rate": V("0.6"), "--occupancy": V("55"),
        "--platform-fee": V("30"), "--provider-kinds": V("marketplace"), "--budget": V("1000"),
        # The card alone (about $2,755) is within $3,000; with its machine it is not.
        "--budget-covers": V("cards", with_=["--budget", "3000"]),
    }},
    "fit": {"--preset": V("llama-3-70b"), "--params-b": V("13"), "--precision": V("int4"), "--mode": V("lora"),
            "--context": V("16384"), "--batch": V("4"), "--layers": V("40"), "--kv-heads": V("16"),
            "--head-dim": V("64"), "--hidden": V("5120")},
    "link": {},
    "speed": {**BUYER, **{
        "--gpu": V("rtx-3090"), "--preset": V("llama-3-70b"), "--params-b": V("13"),
        "--active-params-b": V("3.6", with_=["--params-b", "14.8"]), "--quant": V("q8_0"),
        "--context": V("8192"), "--prompt": V("2048"), "--concurrent": V("4"), "--gpus": V("2"),
        "--unified-memory-gb": V("128", base=["speed", "--gpu", "apple-m2-ultra-76c", "--preset", "llama-3-70b",
                                              "--json"]),
        "--ram-gb": V("64", base=["speed", "--gpu", "rtx-4090", "--preset", "llama-3-70b", "--json"]),
        "--ram-gbs": V("100", base=["speed", "--gpu", "rtx-4090", "--preset", "llama-3-70b", "--ram-gb", "64",
                                    "--json"]),
        "--ram-layers": V("60", base=["speed", "--gpu", "rtx-4090", "--preset", "llama-3-70b", "--ram-gb", "64",
                                      "--json"]),
        "--sort": V("prefill"), "--top": V("5"),
        # The top rows' prices are not the ones --today ages (nor those a later date makes known).
        "--today": V(LATER, base=["speed", "--preset", "llama-3-8b", "--today", TODAY, "--json"]),
        "--engine": V("llamacpp", with_=["--quant", "bf16"]),
        # The fastest three have no price in another market, nor a used one: every card is listed.
        "--market": V("eu", base=["speed", "--preset", "llama-3-8b", "--today", TODAY, "--json"]),
        "--used": V(base=["speed", "--preset", "llama-3-8b", "--today", TODAY, "--json"]),
        "--fits-only": V(base=["speed", "--preset", "llama-3-70b", "--today", TODAY, "--json"]),
        "--check": V(), "--calibrate": V(),
    }},
    "advise": {"--gpu": V("h100-sxm5"), "--count": V("4"), "--read-mbs": V("900")},
    "job": {**OWNING, **BUYER, **{
        "--kind": V("finetune"), "--preset": V("llama-3-70b"), "--params-b": V("13"),
        "--active-params-b": V("2", with_=["--params-b", "16"]), "--tokens-b": V("2"), "--within-days": V("3"),
        "--recompute": V(), "--train-context": V("16384"), "--gpus": V("2"), "--users": V("40"),
        "--tokens-per-day": V("5000000"), "--hours-per-day": V("12"), "--quant": V("bf16"), "--context": V("2048"),
        "--concurrent": V("32"), "--provider-kinds": V("marketplace"), "--providers": V("marketplace"),
        "--top": V("2", text=True), "--images": V("5000"), "--model": V("flux1-schnell"), "--precision": V("fp8"),
        "--width": V("768"), "--height": V("768"), "--steps": V("20"),
    }},
    "image": {"--model": V("flux1-schnell"), "--precision": V("fp8"), "--width": V("768"), "--height": V("768"),
              "--steps": V("20"), "--gpu": V("rtx-4070"), "--top": V("5"), "--software": V("webui"),
              "--fits-only": V(base=["image", "--model", "flux1-dev", "--json"]), "--check": V(), "--calibrate": V()},
    "software": {"--gpu": V("tesla-k80"), "--workload": V("serve-bf16"),
                 "--today": V("2020-01-01")},  # support that ends within a year of --today
    "ask": {**BUYER, **OWNING, **{
        "--price": V("1234"), "--rate": V("0.77"), "--power": V("333"), "--resale": V("400"),
        "--rent-out-rate": V("0.6"), "--occupancy": V("55"), "--platform-fee": V("30"),
        "--provider-kinds": V("china-cloud"),  # the RTX 3090's cheapest rate is a marketplace's already
        "--goal": V("serve"), "--preset": V("llama-3-70b"),
        # --preset wins over --params-b (as in gpuwise fit): the base names a size instead.
        "--params-b": V("13", without=["--preset"], with_=["--params-b", "70"]), "--model": V("flux1-dev"),
        "--cards": V("rtx-4090,rtx-3090"), "--vendor": V("amd"), "--budget": V("2000"), "--rent": V(),
        "--condition": V("new"), "--tokens-b": V("5"), "--method": V("full"), "--users": V("50"),
        # 10 users (the default) already need more than 5M tokens a day: 200M needs more replicas.
        "--tokens-per-day": V("200000000"), "--hours-per-day": V("12"), "--target-tokens-per-s": V("100"),
        "--target-images-per-min": V("10"), "--deadline-days": V("3"), "--engine": V("vllm"),
        "--have": V("rtx-3060"), "--count": V("4"),
        "--budget-covers": V("cards", with_=["--budget", "2000"]),
    }},
    "rank": {**BUYER, **{
        "--profile": V("rnn"), "--metric": V("fp32_tflops"),
        "--weights": V("memory_bandwidth_gbs=1", base=["rank", "--profile", "custom", "--weights", "fp32_tflops=1",
                                                         "--top", "3", "--json"]),
        "--min-vram": V("48"), "--max-price": V("1000"), "--year-min": V("2023"), "--vendor": V("AMD"),
        "--cuda": V("10.2"), "--pytorch": V("2.0"), "--pytorch-any": V("2.5"), "--on-cuda": V(),
        "--unified-memory": V(), "--top": V("5"), "--budget": V("2000"),
        # The top cards by score have no price in another market, nor a used one: cards under $3,000 do.
        "--market": V("eu", base=RANK_PRICED), "--used": V(base=RANK_PRICED),
        # The top rows' prices are not the ones --today ages (nor those a later date makes known).
        "--today": V(LATER, base=["rank", "--profile", "cnn", "--today", TODAY, "--json"]),
        "--budget-covers": V("cards", with_=["--budget", "2000"]),
        "--outlay-sort": V("value", with_=["--budget", "2000"]),
        # The model flags: the LLM profile ranks by the speed model's tokens/s for the model the
        # flags describe, among the cards of which --fits-on N hold it.
        "--fits-on": V("2", base=["rank", "--profile", "llm-inference", "--fits-on", "1", "--top", "3", "--json"]),
    }},
}
RANK_MODEL = ["rank", "--profile", "llm-inference", "--fits-on", "1", "--top", "3", "--json"]
for _flag, _value in {"--preset": "llama-3-70b", "--params-b": "13", "--precision": "int4", "--mode": "lora",
                      "--context": "4096", "--batch": "4", "--layers": "40", "--kv-heads": "16",
                      "--head-dim": "64", "--hidden": "5120"}.items():
    SPECS["rank"][_flag] = V(_value, base=RANK_MODEL)
# An inference ranking is of inference (fit mode "inference"); the training profile takes --mode.
SPECS["rank"]["--mode"] = V("lora", base=["rank", "--profile", "llm-training", "--fits-on", "1", "--top", "3", "--json"])

# Per mode, where the subcommand's value does not fit the mode.
MODE_SPECS = {
    # train and finetune are one computation ("finetune trains every weight, as training does",
    # job_cost.h): the kind is changed to serve, which reads --tokens-per-day.
    ("job", "train", "--kind"): V("serve", with_=["--tokens-per-day", "1000000"]),
    ("job", "finetune", "--kind"): V("serve", with_=["--tokens-per-day", "1000000"]),
    ("job", "serve", "--kind"): V("batch", with_=["--tokens-b", "1"]),
    ("job", "batch", "--kind"): V("train"),
    ("job", "batch", "--quant"): V("q4_k_m"),  # batch's default is bf16
    ("job", "image", "--model"): V("flux1-schnell"),
    ("job", "image", "--precision"): V("fp8", with_=["--model", "flux1-dev"]),
    ("job", "finetune", "--tokens-b"): V("0.5"),
    ("ask", "finetune", "--goal"): V("train"),
    ("ask", "train", "--goal"): V("finetune"),
    ("ask", "serve", "--goal"): V("run"),
    ("ask", "own", "--goal"): V("run"),
    ("ask", "own", "--have"): V("rtx-4090"),
    ("ask", "train", "--cards"): V("h100-sxm5,a100-sxm4-80gb"),
    ("ask", "image", "--budget"): V("800"),
    ("speed", "check", "--json"): V(text=True),
    ("image", "check", "--json"): V(text=True),
}

# The usage of ask lists one form for five goals, but each refinement is for some of them
# (src/core/ask/ask_view.h says which): each is tested in the goals it is for.
ONLY_IN = {
    ("ask", "--tokens-b"): ["train", "finetune"], ("ask", "--deadline-days"): ["train", "finetune"],
    ("ask", "--method"): ["finetune"], ("ask", "--users"): ["serve"], ("ask", "--tokens-per-day"): ["serve"],
    ("ask", "--target-tokens-per-s"): ["run", "serve"], ("ask", "--target-images-per-min"): ["image"],
    ("ask", "--hours-per-day"): ["run", "image", "serve"], ("ask", "--have"): ["run", "image", "own"],
    ("ask", "--engine"): ["run"], ("ask", "--model"): ["image"],
    ("ask", "--preset"): ["run", "finetune", "train", "serve"], ("ask", "--params-b"): ["run", "finetune", "train", "serve"],
}
# Flags a mode takes that its form does not list but the usage's prose does.
ALSO_IN = {
    ("job", "train"): ["--hours-per-day"],  # "--hours-per-day is the owning use per day ... for train and batch"
    ("job", "batch"): ["--hours-per-day"],
    # "[roi's owning flags]": the owning line above --top, and --provider-kinds on its own line
    # ("--provider-kinds as in roi ... and roi's owning flags", gpuwise help).
    ("job", "image"): ["--provider-kinds"],
}

# Parts of a subcommand's JSON that only repeat the input (the flags as read, their provenance,
# sentences restating the question): a flag that changes nothing else was read but not used,
# so these are left out of the comparison. Paths of keys; "*" is every item of a list.
ECHO = {
    "roi": [("inputs",), ("defaults",), ("buyer", "market"), ("buyer", "used"), ("buyer", "budget_usd"),
            ("buyer", "budget_covers")],
    "job": [("buyer", "market"), ("buyer", "used"), ("buyer", "budget_usd"), ("kind",), ("per",), ("tokens",),
            ("images",)],
    "speed": [("buyer", "market"), ("buyer", "used"), ("buyer", "budget_usd")],
    "rank": [("buyer", "market"), ("buyer", "used"), ("buyer", "budget_usd"), ("buyer", "budget_covers"),
             ("speed", "model"), ("speed", "notes"), ("speed", "gpus"), ("profile",), ("metric",), ("label",),
             ("weights",)],
    "fit": [("input",)],
    "advise": [("dataset_read_mbs",), ("gpu_count",)],
    "ask": [("assumptions",), ("goal",), ("model",)],
}


def without_echo(sub, text):
    """The output as compared: JSON without the ECHO paths, else the text as it is."""
    try:
        data = json.loads(text)
    except ValueError:
        return text
    if not isinstance(data, dict):
        return text
    for path in ECHO.get(sub, []):
        node = data
        for key in path[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node.pop(path[-1], None)
    return json.dumps(data, sort_keys=True)


# (subcommand, mode, flag) that legitimately cannot change the output, with the reason.
ALLOW = {
    ("catalog", "default", "--json"): "required: without it catalog prints its usage and exits 2",
    ("job", "image", "--kind"): "the mode selector: another kind needs another kind's flags, which job --kind "
                                "image refuses",
    ("ask", "image", "--goal"): "the mode selector: --goal image takes --model, which the other goals refuse",
}


# ---------------------------------------------------------------------------------------------
# [SECTION] Usage parsing.
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def header_modes(sub, header):
    """The modes a form's header line names."""
    rest = header.split("gpuwise " + sub, 1)[1].strip()
    selector = SELECTORS.get(sub)
    if selector:
        m = re.search(re.escape(selector) + r" ([a-z0-9|-]+)", rest)
        if m:
            return m.group(1).split("|")
    m = re.match(r"(--[a-z-]+)(\s+\[|\s\s|\s*$)", rest)  # a switch, not "--gpu ID"
    if m:
        return [m.group(1)[2:]]
    m = re.match(r"([a-z][a-z-]*)\b", rest)
    if m:
        return [m.group(1)]
    return ["default"]


SCOPED = re.compile(r"^(\s+)((?:[a-z-]+(?: --[a-z-]+ [a-z0-9-]+)*)(?:, [a-z-]+(?: --[a-z-]+ [a-z0-9-]+)*)*):(\s|$)")


def parse_usage(sub, text):
    """[(modes, flags)] for each form, shared flags, prose flags, the owning flags line, and
    [(modes, condition words, flags)] for the lines a list of modes heads ("  own: [--price USD]",
    "  finetune --method full, train: [--months N]": the flags of those modes, under that condition)."""
    forms, shared, prose, owning, scoped = [], [], [], [], []
    block = None  # "form", "shared", "scoped" or None
    in_owning = False
    scoped_indent = 0
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if re.match(r"^(usage: )?\s*gpuwise " + re.escape(sub) + r"(\s|$)", line):  # not "gpuwise job: ..."
            forms.append((header_modes(sub, line), FLAG.findall(line)))
            block = "form"
            in_owning = False
            continue
        indented = line[:1].isspace()
        indent = len(line) - len(line.lstrip())
        m = SCOPED.match(line)
        known = {mode for modes, _ in forms for mode in modes}
        if m and all(w.split(" ")[0] in known for w in m.group(2).split(", ")):
            # "finetune --method full, train, serve, own: ..." (a condition may follow any mode;
            # it applies to the mode it follows)
            modes, conditions = [], {}
            for part in m.group(2).split(", "):
                words = part.split()
                modes.append(words[0])
                conditions[words[0]] = words[1:]
            scoped.append((modes, conditions, FLAG.findall(line[m.end():])))
            block, scoped_indent = "scoped", indent
            continue
        if block == "scoped" and indented and indent > scoped_indent:
            scoped[-1][2].extend(FLAG.findall(line))
            continue
        if block == "scoped":
            block = None
        if not indented and re.match(r"^[a-z][a-z ]*:\s", line) and not stripped.startswith("gpuwise"):
            block = "shared"  # "options: ..."
        elif not indented:
            block = None
        flags = FLAG.findall(line)
        if block == "form" and indented:
            forms[-1][1].extend(flags)
        elif block == "shared":
            shared.extend(flags)
        else:
            prose.extend(flags)
        if "owning, as gpuwise roi:" in line:
            in_owning = True
            owning.extend(FLAG.findall(line.split("owning, as gpuwise roi:", 1)[1]))
        elif in_owning and indented and all(w.startswith("--") for w in stripped.split()):
            owning.extend(flags)
        else:
            in_owning = False
    return forms, shared, prose, owning, scoped


class Runner:
    def __init__(self, binary, root, drop=None):
        self.binary, self.root, self.drop = binary, root, drop
        self.cache = {}

    def argv(self, words):
        out = list(words)
        # The mutation run's dropped flag: removed (with its value) before gpuwise sees it.
        flag = self.drop
        if flag and flag in out:
            i = out.index(flag)
            del out[i:i + (1 if flag in SWITCHES else 2)]
        return out

    def run(self, words):
        key = tuple(self.argv(words))
        if key not in self.cache:
            for attempt in range(20):  # the binary may vanish for a moment while it is relinked
                try:
                    p = subprocess.run([self.binary] + list(key), capture_output=True, text=True, cwd=self.root,
                                       timeout=60, stdin=subprocess.DEVNULL)
                    break
                except FileNotFoundError:
                    time.sleep(0.5)
            else:
                raise SystemExit("cannot run " + self.binary)
            self.cache[key] = (p.returncode, p.stdout, p.stderr)
        return self.cache[key]


SWITCHES = set()  # filled from the specs: flags that take no value
CONDITIONS = {}  # (sub, mode, flag): words the usage says the flag needs ("--method full"), in both runs


def usage_of(runner, sub, mode_words=()):
    rc, out, err = runner.run([sub] + list(mode_words) + ["--no-such-flag"])
    text = err + out
    if "usage:" not in text:
        rc, out, err = runner.run([sub, "--help"])
        text = out if "usage:" in out else ""
    return text


def discover(runner):
    """{(sub, mode): [flags]} as the usage lists them, and the stated defaults."""
    rc, help_text, _ = runner.run(["help"])
    subs, help_flags = [], {}
    current = None
    for line in help_text.splitlines():
        m = re.match(r"^  gpuwise ([a-z][a-z-]*)\b(.*)", line)
        if m:
            current = m.group(1)
            subs.append(current)
            help_flags[current] = FLAG.findall(m.group(2))
        elif current and line.startswith("    "):
            help_flags[current].extend(FLAG.findall(line))
        else:
            current = None
    everywhere = FLAG.findall(help_text.split("Every subcommand takes", 1)[1]) if "Every subcommand takes" in help_text else []
    listed, defaults = {}, []
    job_owning = []
    for sub in subs:
        text = usage_of(runner, sub)
        forms, shared, prose, owning, scoped = parse_usage(sub, text)
        job_owning += owning
        if not forms:
            forms = [(["default"], [])]
        modes_seen = []
        for modes, flags in forms:
            for mode in modes:
                listed.setdefault((sub, mode), [])
                listed[(sub, mode)] += flags
                modes_seen.append(mode)
        for modes, conditions, flags in scoped:
            for mode in modes:
                listed.setdefault((sub, mode), [])
                listed[(sub, mode)] += flags
                for flag in flags:
                    if conditions.get(mode):
                        CONDITIONS[(sub, mode, flag)] = conditions[mode]
        main = MAIN_MODES.get(sub, forms[0][0])
        covered = {f for _, flags in forms for f in flags} | {f for _, _, flags in scoped for f in flags}
        extra = shared + [f for f in prose + help_flags.get(sub, []) if f not in covered and f not in shared]
        for mode in main:
            listed[(sub, mode)] += extra + everywhere
        for m in re.finditer(r"Default: (.*)", text):
            words = [w.rstrip(".") for w in m.group(1).split(";")[0].split()]
            for i in range(0, len(words) - 1, 2):
                if words[i].startswith("--"):
                    defaults.append((sub, main[0], words[i], words[i + 1]))
        # A mode with a usage of its own (job --kind image): that usage's flags.
        for mode in EXTRA_MODES.get(sub, []):
            own = usage_of(runner, sub, [SELECTORS[sub], mode])
            own_forms, own_shared, own_prose, _, _ = parse_usage(sub, own)
            flags = [f for _, fl in own_forms for f in fl] + own_shared + own_prose
            if "roi's owning flags" in own:
                flags.append("@OWNING@")
            listed[(sub, mode)] = flags + everywhere
    for key, flags in listed.items():
        expanded = []
        for f in flags:
            expanded += job_owning if f == "@OWNING@" else [f]
        expanded += ALSO_IN.get(key, [])
        seen = []
        for f in expanded:
            if f not in seen and f != "--no-such-flag":
                seen.append(f)
        listed[key] = seen
    return listed, defaults


# ---------------------------------------------------------------------------------------------
# [SECTION] Checks.
GENERATED = {}  # flag -> V: a number flag of the field table with no value above (load_generated)


def generated_value(row):
    """A value inside a number field's range, away from its default: a third of the way up,
    two significant digits (as tests/core/view_state_samples.h picks one)."""
    lo, hi = row["range"]["min"], row["range"]["max"]
    value = lo + (hi - lo) / 3
    value = float("%.2g" % value)
    if row["kind"] == "whole":
        value = round(value)
    if row["default"] is not None and value == row["default"]:
        value = value + 1 if row["kind"] == "whole" else value * 1.5
    return ("%d" % value) if row["kind"] == "whole" else ("%g" % value)


def load_generated(binary):
    """A new number input needs no entry here: `gpuwise link fields --json` gives its flag
    and range, and a value is picked from them (its check still has to change the output)."""
    try:
        rows = json.loads(subprocess.run([binary, "link", "fields", "--json"], capture_output=True, text=True,
                                         timeout=60).stdout)
    except (ValueError, OSError, subprocess.SubprocessError):
        return
    for row in rows:
        if row.get("flag") and "range" in row and row["flag"] not in GENERATED:
            GENERATED[row["flag"]] = V(generated_value(row))


def spec_for(sub, mode, flag):
    return (MODE_SPECS.get((sub, mode, flag)) or SPECS.get(sub, {}).get(flag) or COMMON.get(flag) or
            GENERATED.get(flag))


def set_flag(words, flag, value):
    """words with `flag` set to value (None: switched on, or off when there)."""
    out = list(words)
    if value is None:
        if flag in out:
            out.remove(flag)
        else:
            out.append(flag)
        return out
    for i, w in enumerate(out):
        if w == flag and i + 1 < len(out):
            out[i + 1] = value
            return out
        if w.startswith(flag + "="):
            out[i] = flag + "=" + value
            return out
    return out + [flag, value]


def value_in(words, flag):
    for i, w in enumerate(words):
        if w == flag:
            return None if flag in SWITCHES else (words[i + 1] if i + 1 < len(words) else None)
        if w.startswith(flag + "="):
            return w.split("=", 1)[1]
    return None


class Check:
    def __init__(self, sub, mode, flag, base, changed, note=""):
        self.sub, self.mode, self.flag, self.base, self.changed, self.note = sub, mode, flag, base, changed, note

    def name(self):
        return "%s %s %s" % (self.sub, self.mode, self.flag)


def make_check(sub, mode, flag, spec, subst, same_value=False, forced_value=None):
    base = list(spec.base or BASES[(sub, mode)])
    if spec.text and "--json" in base:
        base.remove("--json")
    for flag_out in spec.without:
        i = base.index(flag_out)
        del base[i:i + (1 if flag_out in SWITCHES else 2)]
    with_ = CONDITIONS.get((sub, mode, flag), []) + spec.with_
    for i in range(0, len(with_), 2):
        base = set_flag(base, with_[i], with_[i + 1])
    base = [subst(w) for w in base]
    value = subst(spec.value) if spec.value is not None else None
    if forced_value is not None:
        value = forced_value
    if same_value:  # the mutation: the value the base already has
        value = value_in(base, flag)
    changed = set_flag(base, flag, value)
    return Check(sub, mode, flag, base, changed)


def verdict(runner, check):
    b_rc, b_out, b_err = runner.run(check.base)
    c_rc, c_out, c_err = runner.run(check.changed)
    if b_rc != 0:
        first = (b_err or b_out).strip().splitlines()
        return "base-failed", "the base exits %d: %s" % (b_rc, first[0] if first else "")
    if c_rc != b_rc:
        first = (c_err or c_out).strip().splitlines()
        return "rejected", "the changed command exits %d (base %d): %s" % (c_rc, b_rc, first[0] if first else "")
    if c_out == b_out:
        return "unchanged", "output unchanged"
    if without_echo(check.sub, c_out) == without_echo(check.sub, b_out):
        return "unchanged", "only the echo of the input changed (%s)" % ", ".join(
            "/".join(p) for p in ECHO.get(check.sub, []))
    return "changed", "output changed"


def show(words):
    return "gpuwise " + shlex.join(words)


def build_checks(listed, subst):
    checks, problems = [], []
    for key in BASES:
        if key not in listed:
            problems.append("base for %s %s, a mode the usage does not list" % key)
    # A table entry for a flag the usage no longer lists is stale: the tables follow the usage.
    for table, what in ((ALLOW, "ALLOW"), (MODE_SPECS, "MODE_SPECS")):
        for sub, mode, flag in table:
            if flag not in listed.get((sub, mode), []):
                problems.append("%s names %s %s %s, which the usage does not list" % (what, sub, mode, flag))
    for sub, flag in ONLY_IN:
        if not any(flag in flags for (s, _), flags in listed.items() if s == sub):
            problems.append("ONLY_IN names %s %s, which the usage does not list" % (sub, flag))
    for (sub, mode), flags in sorted(listed.items()):
        if (sub, mode) not in BASES:
            problems.append("no base command for %s %s (flags %s)" % (sub, mode, " ".join(flags)))
            continue
        for flag in flags:
            only = ONLY_IN.get((sub, flag))
            if only and mode not in only:
                continue
            if (sub, mode, flag) in ALLOW:
                checks.append(("allow", sub, mode, flag, ALLOW[(sub, mode, flag)]))
                continue
            spec = spec_for(sub, mode, flag)
            if spec is None:
                problems.append("no test value for %s %s %s" % (sub, mode, flag))
                continue
            check = make_check(sub, mode, flag, spec, subst)
            if check.changed == check.base:
                problems.append("the test value of %s %s %s is the base's own" % (sub, mode, flag))
                continue
            checks.append(check)
    return checks, problems


def make_data_copy(root, tmp):
    """data/ with every card renamed, a clone of the RTX 4090 added as COPY_CARD, and one
    measured run of the clone."""
    copy = os.path.join(tmp, "data")
    shutil.copytree(os.path.join(root, "data"), copy)
    path = os.path.join(copy, "gpus.json")
    with open(path, encoding="utf-8") as f:
        catalog = json.load(f)
    clone = None
    for gpu in catalog["gpus"]:
        if gpu["id"] == "rtx-4090":
            clone = json.loads(json.dumps(gpu))
        gpu["name"] = gpu["name"] + " (copy)"
    clone["id"] = COPY_CARD
    clone["name"] = "ZZ Copy Card"
    catalog["gpus"].append(clone)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(catalog, f, indent=2)
    # One measured run of the clone (the 4090's first), so that `check` reads the copy too.
    path = os.path.join(copy, "benchmarks.json")
    with open(path, encoding="utf-8") as f:
        benchmarks = json.load(f)
    run = next(r for r in benchmarks["results"] if r["gpu_id"] == "rtx-4090" and r["phase"] == "decode")
    benchmarks["results"].append(dict(run, gpu_id=COPY_CARD))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(benchmarks, f, indent=2)
    state = os.path.join(tmp, "state.json")
    with open(state, "w", encoding="utf-8") as f:
        json.dump({"v": 1, "tab": "compare", "compare_ids": ["rtx-3090", COPY_CARD]}, f)
    return copy, state


def run_all(runner, items, jobs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        # Warm the cache: every distinct command once.
        words = {tuple(w) for c in items if isinstance(c, Check) for w in (c.base, c.changed)}
        list(pool.map(lambda w: runner.run(list(w)), sorted(words)))
    return [(c, verdict(runner, c)) if isinstance(c, Check) else (c, None) for c in items]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gpuwise", nargs="?", default="build/native/gpuwise")
    parser.add_argument("root", nargs="?", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--mutation", action="store_true", help="prove the check reports ignored flags")
    parser.add_argument("--jobs", type=int, default=max(2, min(4, os.cpu_count() or 2)))
    parser.add_argument("--verbose", action="store_true", help="print the commands of passing checks too")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    # The binary as given (from here), else relative to the repository root.
    binary = os.path.abspath(args.gpuwise if os.path.exists(args.gpuwise) else os.path.join(root, args.gpuwise))
    load_generated(binary)
    for spec_table in list(SPECS.values()) + [COMMON, MODE_SPECS]:
        for flag, spec in spec_table.items():
            if spec.value is None:
                SWITCHES.add(flag if isinstance(flag, str) else flag[2])

    tmp = tempfile.mkdtemp(prefix="check_cli_flags.")
    try:
        copy, state = make_data_copy(root, tmp)

        def subst(word):
            return word.replace(DATA_COPY, copy).replace(STATE_FILE, state) if isinstance(word, str) else word

        runner = Runner(binary, root)
        listed, defaults = discover(runner)
        checks, problems = build_checks(listed, subst)
        if args.mutation:
            return mutation(runner, binary, root, checks, defaults, subst, args.jobs)
        passed = failed = 0
        for problem in problems:
            print("FAIL %s" % problem)
            failed += 1
        for check, result in run_all(runner, checks, args.jobs):
            if result is None:
                _, sub, mode, flag, reason = check
                print("ok   %s %s %s: allowed unchanged (%s)" % (sub, mode, flag, reason))
                passed += 1
                continue
            status, why = result
            if status == "changed":
                passed += 1
                print("ok   %s: %s" % (check.name(), why))
                if args.verbose:
                    print("       %s\n       %s" % (show(check.base), show(check.changed)))
            else:
                failed += 1
                print("FAIL %s: %s\n       base: %s\n       with: %s" % (check.name(), why, show(check.base),
                                                                          show(check.changed)))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# [SECTION] --mutation: the check must report these as unchanged.
# Flags the runner drops before gpuwise sees them, one a subcommand: a flag dropped in C++ looks so.
DROPPED = [("roi", "default", "--price"), ("image", "default", "--steps"), ("speed", "default", "--context"),
           ("fit", "default", "--mode"), ("job", "serve", "--users"), ("ask", "finetune", "--method"),
           ("rank", "default", "--min-vram"), ("advise", "default", "--read-mbs"), ("catalog", "default", "--on-cuda"),
           ("job", "train", "--recompute")]


def mutation(runner, binary, root, checks, defaults, subst, jobs):
    by_name = {(c.sub, c.mode, c.flag): c for c in checks if isinstance(c, Check)}
    mutants = []  # (label, runner, check)
    for sub, mode, flag in DROPPED:
        check = by_name.get((sub, mode, flag))
        if check is None:
            mutants.append(("dropped %s %s %s: no such check" % (sub, mode, flag), None, None))
            continue
        dropping = Runner(binary, root, drop=flag)
        mutants.append(("dropped %s" % check.name(), dropping, check))
    # The value the base already has: every flag the base sets.
    for check in by_name.values():
        value = value_in(check.base, check.flag)
        if value is not None and check.flag not in SWITCHES:
            same = Check(check.sub, check.mode, check.flag, check.base, list(check.base))
            mutants.append(("same value %s %s" % (check.name(), value), runner, same))
    # The defaults the usage states, added to a base without them.
    for sub, mode, flag, value in defaults:
        if (sub, mode) not in BASES:
            continue
        base = [subst(w) for w in BASES[(sub, mode)]]
        if value_in(base, flag) is not None:
            continue
        mutants.append(("stated default %s %s %s %s" % (sub, mode, flag, value), runner,
                        Check(sub, mode, flag, base, base + [flag, value])))
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda m: verdict(m[1], m[2]) if m[2] else ("missing", ""), mutants))
    for (label, _, check), (status, why) in zip(mutants, results):
        if status == "unchanged":
            passed += 1
            print("ok   %s: reported unchanged" % label)
        else:
            failed += 1
            print("FAIL %s: expected 'unchanged', got %s (%s)%s" % (
                label, status, why, "\n       with: " + show(check.changed) if check else ""))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
