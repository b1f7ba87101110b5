#!/usr/bin/python3
"""Puts the functions of the site's wasm in name order, which gzip compresses better.

The web link keeps function names (--profiling-funcs) only for this step. Binaryen's
optimiser, which emcc runs last, leaves the functions in an order of its own; in name
order the functions of one class or namespace (ImGui::Table*, gpuwise::ui::*, the
std::vector<T> of one T) sit side by side and gzip finds their repeats: the English
first visit's index.wasm measured 404,192 -> 388,157 B gzip -9 (issue 15). The module is
disassembled with Debian's binaryen (wasm-dis), its top-level (func ...) blocks sorted,
and assembled again (wasm-as), which drops the names. Calls, the function table and the
exports name functions, not their positions, so nothing else changes; wasm-as validates
the result and the build stops on any error.

usage: order_functions.py WASM
"""
import gzip
import os
import pathlib
import re
import subprocess
import sys
import tempfile

# The wasm features emcc 3.1.6 emits by default; wasm-as refuses anything else.
FEATURES = ["--enable-mutable-globals", "--enable-sign-ext"]
FUNC = re.compile(r" \(func \$(\S+)")


def reorder(text):
    """The module text with its top-level func blocks in name order; the rest stays put."""
    lines = text.split("\n")
    if not lines[0].startswith("(module"):
        raise ValueError("not a module")
    blocks, start, end = [], None, None
    for index in range(1, len(lines)):
        line = lines[index]
        if line.startswith(" ("):
            if start is not None:
                blocks.append(lines[start:index])
            start = index
        elif line == ")":
            if start is not None:
                blocks.append(lines[start:index])
            end = index
            break
    if end is None:
        raise ValueError("the module text has no end")
    funcs = [b for b in blocks if FUNC.match(b[0])]
    others = [b for b in blocks if not FUNC.match(b[0])]
    if len(funcs) < 100:
        raise ValueError(f"only {len(funcs)} named functions: was the link run with --profiling-funcs?")
    funcs.sort(key=lambda b: FUNC.match(b[0]).group(1))
    out = [lines[0]]
    for block in others + funcs:
        out.extend(block)
    out.extend(lines[end:])
    return "\n".join(out), len(funcs)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: order_functions.py WASM")
    wasm = pathlib.Path(sys.argv[1])
    before = gzip.compress(wasm.read_bytes(), 9, mtime=0)
    with tempfile.TemporaryDirectory() as tmp:
        wat = pathlib.Path(tmp) / "module.wat"
        subprocess.run(["wasm-dis", str(wasm), "-o", str(wat)], check=True)
        text, count = reorder(wat.read_text(encoding="utf-8"))
        wat.write_text(text, encoding="utf-8")
        out = pathlib.Path(tmp) / "ordered.wasm"
        subprocess.run(["wasm-as", *FEATURES, str(wat), "-o", str(out)], check=True)
        os.replace(out, wasm)
    after = gzip.compress(wasm.read_bytes(), 9, mtime=0)
    print(f"order_functions: {count} functions in name order, names dropped; {wasm.name} zlib -9 "
          f"{len(before):,} B (with names) -> {len(after):,} B")


if __name__ == "__main__":
    main()
