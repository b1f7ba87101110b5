#!/usr/bin/env python3
"""Every path a doc or comment names exists (STYLE.md, "Docs describe the present").

Reads the docs (README.md, data/README.md, docs/*.md, the READMEs under src/), the sources
(src/, bench/, cmake/), scripts/, tests/, web/, every CMakeLists.txt and the workflows, and
checks each repository path they name:
  - from the top: src/..., docs/..., tests/..., scripts/..., data/..., web/..., assets/...,
    cmake/..., bench/..., .github/..., and the top files (CMakeLists.txt, README.md, ...);
  - from a core folder, as includes and comments name them: "money/roi.h" is
    src/core/money/roi.h (or the same under tests/core); from src/: "ui/app.h"; "core/..."
    is under src/ or tests/ (these need a file ending: "text/html" is no path);
  - in CMake, ${CMAKE_SOURCE_DIR}/... and ${CMAKE_CURRENT_SOURCE_DIR}/...
A glob (src/ui/panel_*.cpp) must match a file; "a.{h,cpp}" and "a.h/.cpp" name both files.
Not checked: URLs, build outputs (build/, deps/, node_modules/), placeholders (<name>,
${var}, {name} with no comma, YYYY, NNN, ...), the data files' own text, and what the
site's data/ folder gets from the web build (SITE_DATA).

  check_doc_paths.py             exits 1 and names file:line and each path that does not exist
  check_doc_paths.py --mutation  proves the check can fail: a doc naming missing paths (and a
                                 URL, which is no path) must have exactly those paths caught
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What is read, as globs from the top.
SCANNED = [
    "README.md", "data/README.md", "docs/*.md",
    *("src/**/*" + ending for ending in (".md", ".h", ".cpp", ".inc", ".in", ".js", ".html")),
    "scripts/*", "tests/**/*.py", "tests/**/*.mjs", "tests/**/*.cmake", "tests/**/*.txt",
    "web/*", "**/CMakeLists.txt", "CMakePresets.json", ".github/workflows/*",
    "bench/*.cpp", "bench/*.mjs", "bench/*.py", "cmake/*.cmake",
]
SKIPPED_DIRS = ("build", "deps", "node_modules", ".git")

# Folders a repository path starts with, and the files at the top.
TOP_FOLDERS = ("src", "docs", "tests", "scripts", "data", "web", "assets", "cmake", "bench", ".github")
TOP_FILES = ("CMakeLists.txt", "CMakePresets.json", "README.md", "package.json", "package-lock.json")
# Folders a name may start from, and where they are: "money/roi.h" is under src/core or tests/core.
BASES = {p.name: ("src/core", "tests/core") for p in (ROOT / "src" / "core").iterdir() if p.is_dir()}
BASES.update({p.name: ("src",) for p in (ROOT / "src").iterdir() if p.is_dir()})
BASES["core"] = ("src", "tests")
ENDINGS = ("h", "cpp", "inc", "in", "md", "py", "sh", "mjs", "js", "json", "cmake", "txt", "html",
           "css", "yml", "svg", "c")
# What the web build writes into the site's data/ folder (src/platform/CMakeLists.txt and
# src/tools/compact_data.cpp): the page fetches these, the repository has no such files.
# A name ending in "/" stands for the folder and everything in it.
SITE_DATA = ("data/gpus.bin", "data/details.json", "data/strings_zh.json", "data/full/")
SITE_DATA_MAKERS = ("src/platform/CMakeLists.txt", "src/tools/compact_data.cpp")
# A file whose top-folder names are another project's: its names count in that tree.
OTHER_TREES = {"cmake/SdlEmscripten.cmake": "deps/sdl2"}  # SDL's src/ folders

NAME = r"(?:[\w.\-+/*?]|\{[\w.,]*\})+"
TOKEN = re.compile(r"(?<![\w.\-+/@~:*?}%$>\\])(" + NAME + ")")
CMAKE_DIR = re.compile(r"\$\{CMAKE_(CURRENT_)?SOURCE_DIR\}/(" + NAME + ")")
URL = re.compile(r"[A-Za-z][\w+.\-]*://\S*|\bwww\.\S*|\b[\w.-]+\.(?:com|org|io|net|dev)/\S*")
PLACEHOLDER = re.compile(r"NNN|XXX|YYYY|\.\.\.|//")
BRACES = re.compile(r"\{([\w.,]*)\}")


def expand(token):
    """The names one token stands for: braces and "a.h/.cpp" give one name per choice; none
    for a placeholder ({name}, a Python or JavaScript field)."""
    both = re.fullmatch(r"(.*)\.(\w+)/\.(\w+)", token)
    if both:
        return [f"{both.group(1)}.{both.group(2)}", f"{both.group(1)}.{both.group(3)}"]
    match = BRACES.search(token)
    if not match:
        return [token]
    if "," not in match.group(1):
        return []
    out = []
    for choice in match.group(1).split(","):
        out += expand(token[:match.start()] + choice + token[match.end():])
    return out


def places(name):
    """Where a name would be, from the top; empty when it is no repository path."""
    if not name or PLACEHOLDER.search(name) or name.startswith(("/", ".")) and not name.startswith(".github/"):
        return []
    parts = name.split("/")
    if parts[0] in TOP_FOLDERS and len(parts) > 1:
        return [name]
    if name in TOP_FILES:
        return [name]
    if parts[0] in BASES and len(parts) > 1 and "." in parts[-1]:
        if parts[-1].rsplit(".", 1)[1] not in ENDINGS:
            return []
        return [f"{base}/{name}" for base in BASES[parts[0]]]
    return []


def exists(rel, tree=None):
    if any(rel == name or name.endswith("/") and rel.startswith(name) for name in SITE_DATA):
        return True
    for top in [ROOT] + ([ROOT / tree] if tree else []):
        if any(ch in rel for ch in "*?"):
            pattern = rel.rstrip("/").replace("/**/", "/")  # file(GLOB_RECURSE ...) below
            head, _, tail = pattern.rpartition("/")
            found = top.glob(rel.rstrip("/")) if "**" not in rel else (top / head).rglob(tail)
            if next(iter(found), None) is not None:
                return True
        elif (top / rel.rstrip("/")).exists():
            return True
    return False


def names_in(path, line):
    """Each (name as written, places it may be) in one line of `path`."""
    line = URL.sub(" ", line)
    out = []
    for match in CMAKE_DIR.finditer(line):
        base = path.parent if match.group(1) else ROOT
        for name in expand(match.group(2).rstrip(".,:;")):
            if PLACEHOLDER.search(name) or name.split("/")[0] in SKIPPED_DIRS and base == ROOT:
                continue
            rel = (base / name).relative_to(ROOT).as_posix()
            if "GLOB_RECURSE" in line and "*" in name:
                rel = rel.rpartition("/")[0] + "/**/" + rel.rpartition("/")[2]
            out.append((rel, [rel]))
    line = CMAKE_DIR.sub(" ", line)
    for match in TOKEN.finditer(line):
        after = line[match.end():match.end() + 1]
        if after in ("<", "$", "%", "["):  # a name that goes on as a placeholder
            continue
        for name in expand(match.group(1).rstrip(".,:;")):
            where = places(name)
            if where:
                out.append((name, where))
    return out


def check(extra=None):
    """(problems as text, paths checked, files read). `extra` maps a path to text read as well."""
    problems, checked, files = [], 0, 0
    sources = [(p, p.read_text(encoding="utf-8", errors="replace")) for p in scanned_files()]
    sources += list((extra or {}).items())
    for path, text in sources:
        rel = path.relative_to(ROOT).as_posix()
        tree = OTHER_TREES.get(rel)
        if tree and not (ROOT / tree).is_dir():
            continue  # that project is not fetched: its names cannot be checked
        files += 1
        for number, line in enumerate(text.splitlines(), 1):
            for name, where in names_in(path, line):
                checked += 1
                if not any(exists(p, tree) for p in where):
                    problems.append(f"{rel}:{number}: {name} does not exist")
    makers = " ".join((ROOT / m).read_text(encoding="utf-8") for m in SITE_DATA_MAKERS)
    for name in SITE_DATA:
        if name.rstrip("/").split("/")[-1] not in makers:
            problems.append(f"tests/check_doc_paths.py: SITE_DATA lists {name}, which the web build "
                            f"({', '.join(SITE_DATA_MAKERS)}) no longer writes")
    return problems, checked, files


def scanned_files():
    seen = set()
    for pattern in SCANNED:
        for path in sorted(ROOT.glob(pattern)):
            rel = path.relative_to(ROOT)
            if not path.is_file() or rel.parts[0] in SKIPPED_DIRS or path in seen:
                continue
            seen.add(path)
            yield path


def main():
    if "--mutation" in sys.argv:
        fake = ROOT / "docs" / "mutation.md"
        # Built from parts so that this file names no missing path itself.
        gone = ["src/core/catalog/" + "gone.h", "docs/" + "gone.md", "money/" + "gone.h",
                "src/ui/" + "panel_gone*.cpp", "${CMAKE_CURRENT_SOURCE_DIR}/" + "gone.py"]
        text = ("A page that names " + ", ".join(gone) + ", and https://example.com/docs/gone.md,\n"
                "which is a URL, and tests/check_doc_paths.py, which exists.\n")
        problems, _, _ = check({fake: text})
        caught = [p for p in problems if p.startswith(fake.relative_to(ROOT).as_posix() + ":")]
        if len(caught) != len(gone):
            print(f"mutation survived: {len(gone)} missing paths named, {len(caught)} caught: {caught}")
            return 1
        print(f"mutation caught: {caught[0]} (and {len(caught) - 1} more)")
        return 0
    problems, checked, files = check()
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} of {checked} named paths do not exist")
        return 1
    print(f"doc paths: {checked} named paths in {files} files, every one exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
