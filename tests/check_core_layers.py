#!/usr/bin/env python3
"""src/core's domain folders include one way only (issue 26).

The order comes from src/core/README.md: its folder table lists the folders from the
bottom up, and a file may include headers of its own folder or of folders listed above
it in that table, never of a folder listed below. Every include of a core header names
its folder ("catalog/catalog.h"); a bare name would depend on the include path instead.
Also checked: every folder has a row, every row a folder, tests/core mirrors the folders.

  check_core_layers.py            exits 1 and names each include that breaks the order
  check_core_layers.py --mutation proves the check can fail: an upward include added to
                                  the lowest folder must be caught
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "core"
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
ROW = re.compile(r"^\|\s*`([a-z_]+)/`\s*\|", re.M)


def folder_order():
    return ROW.findall((CORE / "README.md").read_text(encoding="utf-8"))


def problems(order, extra=None):
    """Every broken rule, as text. `extra` maps a path to text that replaces its own."""
    out = []
    folders = sorted(p.name for p in CORE.iterdir() if p.is_dir())
    rank = {name: i for i, name in enumerate(order)}
    for name in folders:
        if name not in rank:
            out.append(f"src/core/{name}/ has no row in src/core/README.md's folder table")
    for name in order:
        if name not in folders:
            out.append(f"src/core/README.md lists {name}/, which does not exist")
    loose = [p.name for p in CORE.iterdir() if p.is_file() and p.suffix in (".h", ".cpp", ".inc")]
    for name in loose:
        out.append(f"src/core/{name} is in no domain folder")
    for path in sorted(CORE.rglob("*")):
        if path.suffix not in (".h", ".cpp", ".inc", ".in") or path.parent == CORE:
            continue
        own = path.relative_to(CORE).parts[0]
        text = (extra or {}).get(path, None) or path.read_text(encoding="utf-8")
        for include in INCLUDE.findall(text):
            where = f"{path.relative_to(ROOT)}: #include \"{include}\""
            parts = include.split("/")
            if len(parts) != 2 or parts[0] not in rank:
                if (CORE / own / include).exists() or any((CORE / f / include).exists() for f in folders):
                    out.append(f"{where} must name its folder")
                continue  # a system or third-party header
            if not (CORE / include).exists():
                out.append(f"{where} names no file")
            elif own in rank and rank[parts[0]] > rank[own]:
                out.append(f"{where} points up: {parts[0]}/ is above {own}/ in src/core/README.md")
    tests = ROOT / "tests" / "core"
    for path in sorted(tests.rglob("test_*.cpp")):
        folder = path.relative_to(tests).parts[0]
        if folder not in rank:
            out.append(f"{path.relative_to(ROOT)} is not in a folder named after a src/core folder")
    return out


def main():
    order = folder_order()
    if "--mutation" in sys.argv:
        lowest = CORE / order[0]
        victim = sorted(lowest.glob("*.cpp"))[0]
        upward = f'#include "{order[-1]}/{sorted((CORE / order[-1]).glob("*.h"))[0].name}"\n'
        found = problems(order, {victim: upward + victim.read_text(encoding="utf-8")})
        if not any("points up" in p for p in found):
            print("mutation survived: an upward include was not caught")
            return 1
        print(f"mutation caught: {found[0]}")
        return 0
    found = problems(order)
    for line in found:
        print(line)
    if found:
        return 1
    files = sum(1 for p in CORE.rglob("*") if p.suffix in (".h", ".cpp", ".inc"))
    print(f"core layers: {len(order)} folders, {files} files, every include points down or sideways")
    return 0


if __name__ == "__main__":
    sys.exit(main())
