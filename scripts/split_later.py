#!/usr/bin/python3
"""Moves the code the first view does not need out of the site's wasm into index.later.wasm.

The page downloads index.wasm first and index.later.wasm right after its first frame
(web/loader.js). What goes where is computed from the call graph of the linked module on
every build, never from a list kept by hand:

  - entries: the functions named "gpuwise::ui::Later<...>::entry" (src/ui/later.h). The app
    calls them only through pointers (the rows of src/ui/panels.h for every tab but the
    first view's, the card details) and only once the page says the module is in;
  - roots of index.wasm: the exports, the start function, and every function-table entry
    that is not an entry (any of them may be called through a pointer at any time);
  - index.wasm keeps every function reachable from those roots by direct calls; all other
    functions (what only entries reach) go to index.later.wasm.

Emscripten 3.1.6's JS has no loader for a split module that fits an app that must never
wait, so web/loader.js does it: Debian's binaryen (wasm-split, 108) leaves a placeholder
import in each entry's table slot of index.wasm ("placeholder" "<slot>"); index.later.wasm
imports the memory, the table, the stack pointer and the functions it calls from index.wasm
("primary"), and its element segment writes the entries into their slots when it is
instantiated. wasm-split names each new export after its function (~700 long C++ names):
they are renamed to numbers here, and the first one to "#" + a hash of the linked module, so
that an index.later.wasm of another build cannot link (the loader fetches it again, then
says so).

  split_later.py split WASM LATER   WASM (linked, with function names) -> WASM + LATER,
                                    names kept for scripts/order_functions.py
  split_later.py check WASM LATER   the final pair: no call into LATER other than
                                    through its table slots, every import of LATER is an
                                    export of WASM, its segments fill exactly the
                                    placeholder slots, and node links the two

Both stop with a message (exit 1) when a check fails; `split` fails when a function an
entry exists for is also reached from the first view's code (it would stay in index.wasm
with all it calls), naming the chain of calls that reaches it.
"""
import gzip
import hashlib
import os
import pathlib
import re
import subprocess
import sys
import tempfile

# The wasm features emcc 3.1.6 emits by default (as scripts/order_functions.py).
FEATURES = ["--enable-mutable-globals", "--enable-sign-ext"]
ENTRY_PREFIX = "gpuwise::ui::Later<"
PRIMARY = "primary"          # the namespace index.later.wasm imports index.wasm's exports from
PLACEHOLDER = "placeholder"  # the namespace of the placeholders in index.wasm's table

FUNC = re.compile(r" \(func \$(\S+)")
CALL = re.compile(r"\((?:call|return_call|ref\.func) \$([^\s()]+)")
IMPORT = re.compile(r' \(import "([^"]*)" "([^"]*)" \((\w+) \$([^\s()]+)')
EXPORT = re.compile(r' \(export "([^"]*)" \((\w+) \$([^\s()]+)\)\)')
ELEM = re.compile(r" \(elem (?:\$\S+ )?(?:\(table \$\S+\) )?\(i32\.const (\d+)\)(?: func)? ?(.*)\)$")
START = re.compile(r" \(start \$([^\s()]+)\)")


class SplitError(Exception):
    pass


def unescape(name):
    """A name as binaryen prints it ("f\\28int\\29") as C++ spells it ("f(int)")."""
    return re.sub(r"\\([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


class Module:
    """The parts of binaryen's text form that the split reads: functions and their direct
    calls, imports, exports, element segments, the start function."""

    def __init__(self, text):
        lines = text.split("\n")
        if not lines or not lines[0].startswith("(module"):
            raise SplitError("not a module")
        self.funcs = {}       # name -> body text
        self.imports = []     # (module, name, kind, internal name)
        self.exports = []     # (name, kind, internal name)
        self.elems = []       # (offset, [function names])
        self.start = None
        current, body = None, []
        for line in lines[1:]:
            if line.startswith(" ("):
                if current:
                    self.funcs[current] = "\n".join(body)
                current, body = None, []
                func = FUNC.match(line)
                if func:
                    current = func.group(1)
                elif line.startswith(" (import "):
                    match = IMPORT.match(line)
                    if match:
                        self.imports.append(match.groups())
                elif line.startswith(" (export "):
                    match = EXPORT.match(line)
                    if match:
                        self.exports.append(match.groups())
                elif line.startswith(" (elem "):
                    match = ELEM.match(line)
                    if not match:
                        raise SplitError(f"an element segment this script cannot read: {line[:120]}")
                    self.elems.append((int(match.group(1)), re.findall(r"\$([^\s()]+)", match.group(2))))
                elif line.startswith(" (start "):
                    self.start = START.match(line).group(1)
            if current:
                body.append(line)
        if current:
            self.funcs[current] = "\n".join(body)
        self.calls = {name: set(CALL.findall(body)) for name, body in self.funcs.items()}

    def table_slots(self):
        """slot -> function name, from the element segments."""
        slots = {}
        for offset, names in self.elems:
            for index, name in enumerate(names):
                slots[offset + index] = name
        return slots


def entry_target(entry):
    """The function an entry forwards to: "gpuwise::ui::Later<&F(args)>::entry(args)" -> "F(args)"."""
    name = unescape(entry)
    end = name.rfind(">::entry(")
    return name[len(ENTRY_PREFIX) + 1:end] if name.startswith(ENTRY_PREFIX + "&") and end > 0 else None


def without_arguments(name):
    """"f<g(int)>::h(int) const" -> "f<g(int)>::h": a C++ name without its argument list."""
    name = name.removesuffix(" const")
    if not name.endswith(")"):
        return name
    depth = 0
    for index in range(len(name) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(name[index], 0)
        if depth == 0:
            return name[:index]
    return name


def plan(module):
    """(deferred function names, entries) for `module`; SplitError when an entry's function
    is reached from the first view's code."""
    entries = sorted(name for name in module.funcs if unescape(name).startswith(ENTRY_PREFIX))
    if not entries:
        raise SplitError(f"no function named {ENTRY_PREFIX}...>::entry: was the link run with --profiling-funcs, "
                         "and do src/ui/panels.h's rows still go through Later<>?")
    entry_set = set(entries)
    roots = [name for _, kind, name in module.exports if kind == "func"]
    if module.start:
        roots.append(module.start)
    roots += [name for _, names in module.elems for name in names if name not in entry_set]
    caller = {}  # reached function -> the function that first reached it (None: a root)
    stack = []
    for root in roots:
        if root not in caller:
            caller[root] = None
            stack.append(root)
    while stack:
        name = stack.pop()
        for callee in module.calls.get(name, ()):
            if callee not in caller:
                caller[callee] = name
                stack.append(callee)

    def chain(name):
        names = []
        while name is not None:
            names.append(without_arguments(unescape(name)))
            name = caller[name]
        return " <- ".join(names)

    by_plain_name = {unescape(name): name for name in module.funcs}
    problems = []
    for entry in entries:
        if entry in caller:
            problems.append(f"{unescape(entry)} is called directly ({chain(entry)}): call it only through "
                            "a table row or Later<Fn>::pointer (src/ui/later.h)")
        target = by_plain_name.get(entry_target(entry) or "")
        if target and target in caller:
            problems.append(f"{unescape(target)} is deferred (src/ui/later.h) but the first view's code reaches it, "
                            f"so it stays in index.wasm with everything it calls: {chain(target)}")
    if problems:
        raise SplitError("\n".join(problems))
    deferred = [name for name in module.funcs if name not in caller]
    return deferred, entries


def run(*command):
    result = subprocess.run(list(command), capture_output=True, text=True)
    if result.returncode != 0:
        raise SplitError(f"{' '.join(command[:2])} failed: {result.stderr.strip()[:2000]}")
    return result.stdout


def disassemble(wasm, tmp):
    out = pathlib.Path(tmp) / (pathlib.Path(wasm).name + ".wat")
    run("wasm-dis", str(wasm), "-o", str(out))
    return out.read_text(encoding="utf-8")


def assemble(text, wasm, tmp, names=True):
    wat = pathlib.Path(tmp) / (pathlib.Path(wasm).name + ".out.wat")
    wat.write_text(text, encoding="utf-8")
    run("wasm-as", *FEATURES, *(["-g"] if names else []), str(wat), "-o", str(wasm))


def rename_new_exports(primary_text, later_text, original_exports, build_id):
    """wasm-split's new exports (one per function of index.wasm that index.later.wasm calls,
    named after it) become "#<build id>" and then "1", "2", ... in both modules. Names that
    start with a digit or '#' are no JavaScript identifier, so they cannot meet the names
    emcc gave its own exports."""
    new = sorted({name for name, _, _ in Module(primary_text).exports if name not in original_exports})
    mapping = {name: (f"#{build_id}" if index == 0 else str(index)) for index, name in enumerate(new)}
    primary_text = re.sub(r'^ \(export "([^"]*)"', lambda m: f' (export "{mapping.get(m.group(1), m.group(1))}"',
                          primary_text, flags=re.M)
    later_text = re.sub(rf'^ \(import "{PRIMARY}" "([^"]*)"',
                        lambda m: f' (import "{PRIMARY}" "{mapping.get(m.group(1), m.group(1))}"',
                        later_text, flags=re.M)
    return primary_text, later_text, len(new)


def split(wasm, later):
    wasm, later = pathlib.Path(wasm), pathlib.Path(later)
    build_id = hashlib.sha256(wasm.read_bytes()).hexdigest()[:8]
    with tempfile.TemporaryDirectory() as tmp:
        module = Module(disassemble(wasm, tmp))
        deferred, entries = plan(module)
        listed = pathlib.Path(tmp) / "deferred.txt"
        listed.write_text("\n".join(deferred) + "\n", encoding="utf-8")
        primary_out, later_out = pathlib.Path(tmp) / "primary.wasm", pathlib.Path(tmp) / "later.wasm"
        run("wasm-split", *FEATURES, str(wasm), f"--split-funcs=@{listed}", "-g",
            f"--import-namespace={PRIMARY}", f"--placeholder-namespace={PLACEHOLDER}",
            "-o1", str(primary_out), "-o2", str(later_out))
        primary_text, later_text = disassemble(primary_out, tmp), disassemble(later_out, tmp)
        moved = len(Module(later_text).funcs)
        if moved != len(deferred):
            raise SplitError(f"wasm-split moved {moved} functions, not the {len(deferred)} asked for "
                             "(names it could not find?)")
        original_exports = {name for name, _, _ in module.exports}
        primary_text, later_text, shared = rename_new_exports(primary_text, later_text, original_exports, build_id)
        assemble(primary_text, wasm, tmp)
        assemble(later_text, later, tmp)
    print(f"split_later: {len(entries)} entries; {len(deferred)} of {len(module.funcs)} functions to {later.name}, "
          f"which calls {shared} of {wasm.name}'s (build #{build_id})")


def constant_call_indirect_targets(body):
    """The constant slots of the call_indirect instructions in a function's text."""
    slots = []
    for match in re.finditer(r"\(call_indirect\b", body):
        depth, index, children, child_start = 0, match.start(), [], None
        while index < len(body):
            char = body[index]
            if char == "(":
                depth += 1
                if depth == 2:
                    child_start = index
            elif char == ")":
                if depth == 2 and child_start is not None:
                    children.append(body[child_start:index + 1])
                depth -= 1
                if depth == 0:
                    break
            index += 1
        if children:
            constant = re.fullmatch(r"\(i32\.const (\d+)\)", children[-1])
            if constant:
                slots.append(int(constant.group(1)))
    return slots


LINK_CHECK = r"""
const fs = require('fs');
const [primaryFile, laterFile] = process.argv.slice(1);
const primary = new WebAssembly.Module(fs.readFileSync(primaryFile));
const stub = () => { throw new Error('stub'); };
const imports = {};
for (const i of WebAssembly.Module.imports(primary)) {
  if (i.kind !== 'function') throw new Error(`index.wasm imports a ${i.kind} (${i.module}.${i.name})`);
  (imports[i.module] = imports[i.module] || {})[i.name] = stub;
}
const app = new WebAssembly.Instance(primary, imports).exports;
const table = Object.values(app).find((v) => v instanceof WebAssembly.Table);
const placeholders = WebAssembly.Module.imports(primary).filter((i) => i.module === 'placeholder').map((i) => Number(i.name));
const before = placeholders.map((slot) => table.get(slot));
new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(laterFile)), { primary: app });
const unfilled = placeholders.filter((slot, i) => table.get(slot) === before[i]);
if (unfilled.length) throw new Error(`slots still holding placeholders after linking: ${unfilled}`);
console.log(placeholders.length);
"""


def check(wasm, later):
    wasm, later = pathlib.Path(wasm), pathlib.Path(later)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        primary, deferred = Module(disassemble(wasm, tmp)), Module(disassemble(later, tmp))
    placeholders = {internal for module, _, kind, internal in primary.imports if module == PLACEHOLDER}
    if not placeholders:
        problems.append(f"{wasm.name} has no placeholder: nothing is deferred")
    slots = {slot for slot, name in primary.table_slots().items() if name in placeholders}
    table_uses = sum(1 for _, names in primary.elems for name in names if name in placeholders)
    if table_uses != len(placeholders):
        problems.append(f"{len(placeholders)} placeholders but {table_uses} table slots hold one")
    for name, calls in primary.calls.items():
        direct = calls & placeholders
        if direct:
            problems.append(f"function {name} of {wasm.name} calls deferred code directly ({', '.join(sorted(direct))})")
        constant = set(constant_call_indirect_targets(primary.funcs[name])) & slots
        if constant:
            problems.append(f"function {name} of {wasm.name} calls deferred code in table slot(s) {sorted(constant)}")
    exports = {(name, kind) for name, kind, _ in primary.exports}
    for module, name, kind, _ in deferred.imports:
        if module != PRIMARY or (name, kind) not in exports:
            problems.append(f"{later.name} imports {module}.{name} ({kind}), which {wasm.name} does not export")
    if not any(module == PRIMARY and name.startswith("#") for module, name, _, _ in deferred.imports):
        problems.append(f"{later.name} imports no build id (#...) from {wasm.name}")
    filled = set(deferred.table_slots())
    if filled != slots:
        problems.append(f"{later.name} fills table slots {sorted(filled - slots)[:10]} that hold no placeholder, "
                        f"or leaves {sorted(slots - filled)[:10]} unfilled")
    if not problems:
        result = subprocess.run(["node", "-e", LINK_CHECK, str(wasm), str(later)], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"node could not link {later.name} to {wasm.name}: {result.stderr.strip()[-1500:]}")
    if problems:
        raise SplitError("\n".join(problems))
    size = lambda path: len(gzip.compress(path.read_bytes(), 9, mtime=0))  # noqa: E731
    print(f"split_later: checked; {len(slots)} entries in table slots; {wasm.name} {os.path.getsize(wasm):,} B "
          f"({size(wasm):,} B zlib -9), {later.name} {os.path.getsize(later):,} B ({size(later):,} B zlib -9)")


def main(argv):
    if len(argv) != 4 or argv[1] not in ("split", "check"):
        sys.exit("usage: split_later.py split|check WASM LATER")
    try:
        (split if argv[1] == "split" else check)(argv[2], argv[3])
    except SplitError as error:
        sys.exit(f"split_later: {error}")


if __name__ == "__main__":
    main(sys.argv)
