#!/usr/bin/python3
"""Every UI string has a 简体中文 translation.

Collects the English strings the UI shows: literals passed to tr("...") or marked N_("...")
in src/ui, and the label tables of src/core that the UI translates (column, metric and
profile labels: the second string literal of each table row marked `// i18n`). Fails, listing them, when
any is missing from src/ui/strings_zh.inc; also fails on an entry whose Chinese text
lost a printf placeholder the English has.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
LITERAL = r'"((?:[^"\\]|\\.)*)"'


def table():
    entries = {}
    for line in (ROOT / "src/ui/strings_zh.inc").read_text(encoding="utf-8").splitlines():
        m = re.match(r'\s*\{' + LITERAL + r'\s*,\s*' + LITERAL + r'\s*\},', line)
        if m:
            entries[m.group(1)] = m.group(2)
    return entries


def used_strings():
    found = {}
    for path in sorted(list((ROOT / "src/ui").glob("*.cpp")) + list((ROOT / "src/platform").glob("*.cpp"))):
        text = path.read_text(encoding="utf-8")
        # tr("a" "b"): adjacent literals are one string, as in C++.
        for m in re.finditer(r'\b(?:tr|N_)\(\s*((?:' + LITERAL + r'\s*)+)', text):
            joined = "".join(re.findall(LITERAL, m.group(1)))
            found.setdefault(joined, f"{path.name}:{text[:m.start()].count(chr(10)) + 1}")
    for path in sorted((ROOT / "src/core").glob("*.cpp")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "// i18n" in line:
                # Table rows read {"key", "Label", ...}: the second literal is shown.
                literals = re.findall(LITERAL, line.split("// i18n")[0])
                if len(literals) >= 2:
                    found.setdefault(literals[1], f"{path.name}:{number}")
    return found


def placeholders(text):
    return sorted(re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[dsfgux%]", text))


def main():
    zh = table()
    missing = [(where, s) for s, where in used_strings().items() if s not in zh]
    broken = [(s, t) for s, t in zh.items() if placeholders(s) != placeholders(t)]
    for where, s in sorted(missing):
        print(f"missing translation: {where}: \"{s}\"")
    for s, t in broken:
        print(f"placeholders differ: \"{s}\" -> \"{t}\"")
    print(f"translations: {len(used_strings())} UI strings, {len(zh)} entries, "
          f"{len(missing)} missing, {len(broken)} with wrong placeholders")
    return 1 if missing or broken else 0


if __name__ == "__main__":
    sys.exit(main())
