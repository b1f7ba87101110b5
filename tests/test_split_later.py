#!/usr/bin/python3
"""scripts/split_later.py: what only Later<> entries reach leaves the first module.

A small module shaped like the site's (an entry in the function table forwarding to a
panel, a first view that shares a helper with it, a host import, the stack pointer) is
split; the two halves link under node and compute what the whole did, called through the
table as the page calls them. The script refuses a module where the first view's code
reaches an entry's function (naming the chain) or calls an entry directly, and its check
of the output refuses a first module that calls a placeholder, a second module that fills
a slot holding no placeholder, and a second module of another build.

usage: test_split_later.py [SITE_DIR]   also checks the built site's pair, when given
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import split_later as sl  # noqa: E402

ENTRY = r"$gpuwise::ui::Later<&gpuwise::ui::DrawB\28int\29>::entry\28int\29"
PANEL = r"$gpuwise::ui::DrawB\28int\29"


def module_text(first_view_calls_panel=False, first_view_calls_entry=False):
    main_body = "(i32.add (call $shared) (call $first_only))"
    if first_view_calls_panel:
        main_body = f"(i32.add (call $first_only) (call {PANEL} (i32.const 0)))"
    if first_view_calls_entry:
        main_body = f"(i32.add (call $first_only) (call {ENTRY} (i32.const 0)))"
    return "\n".join([
        "(module",
        " (type $v (func (result i32)))",
        " (type $i (func (param i32) (result i32)))",
        ' (import "env" "host" (func $host (result i32)))',
        " (global $__stack_pointer (mut i32) (i32.const 4096))",
        " (memory $0 1)",
        " (table $0 4 4 funcref)",
        f" (elem (i32.const 1) $callback {ENTRY} $panel_callback)",
        ' (export "memory" (memory $0))',
        ' (export "table" (table $0))',
        ' (export "main" (func $main))',
        ' (export "call" (func $call))',
        f" (func $main (result i32) {main_body})",
        " (func $first_only (result i32) (i32.const 1))",
        " (func $shared (result i32)",
        "  (global.set $__stack_pointer (i32.sub (global.get $__stack_pointer) (i32.const 16)))",
        "  (global.set $__stack_pointer (i32.add (global.get $__stack_pointer) (i32.const 16)))",
        "  (i32.const 10))",
        " (func $callback (param $x i32) (result i32) (i32.add (local.get $x) (i32.const 7)))",
        # A table entry only the panel uses still stays: any pointer may be called at any time.
        " (func $panel_callback (param $x i32) (result i32) (local.get $x))",
        " (func $call (param $slot i32) (param $x i32) (result i32)",
        "  (call_indirect (type $i) (local.get $x) (local.get $slot)))",
        f" (func {ENTRY} (param $x i32) (result i32) (call {PANEL} (local.get $x)))",
        f" (func {PANEL} (param $x i32) (result i32)",
        "  (i32.store (i32.const 64) (local.get $x))",
        "  (i32.add (i32.add (call $shared) (call $b_only)) (i32.add (call $host) (i32.load (i32.const 64)))))",
        " (func $b_only (result i32) (i32.const 1000))",
        ")",
    ])


# main(); the panel through its table slot (2) once the second module is in; slot 1.
RUN = r"""
const fs = require('fs');
const [primaryFile, laterFile] = process.argv.slice(1);
const imports = { env: { host: () => 100000 } };
const primary = new WebAssembly.Module(fs.readFileSync(primaryFile));
let e;
if (laterFile) {
  imports.placeholder = {};
  for (const i of WebAssembly.Module.imports(primary)) {
    if (i.module === 'placeholder') imports.placeholder[i.name] = () => { throw new Error('placeholder ' + i.name + ' called'); };
  }
}
e = new WebAssembly.Instance(primary, imports).exports;
const out = [e.main()];
let early = 'none';
if (laterFile) {
  try { e.call(2, 5); } catch (error) { early = error.message; }
  new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(laterFile)), { primary: e });
}
out.push(e.call(2, 5), e.call(1, 5), early);
console.log(JSON.stringify(out));
"""


def run_node(*files):
    out = subprocess.run(["node", "-e", RUN, *map(str, files)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def wat_to_wasm(text, wasm):
    wat = wasm.with_suffix(".wat")
    wat.write_text(text)
    subprocess.run(["wasm-as", "-g", *sl.FEATURES, str(wat), "-o", str(wasm)], check=True)


def wasm_to_wat(wasm):
    return subprocess.run(["wasm-dis", str(wasm)], check=True, capture_output=True, text=True).stdout


class SplitLater(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.tmp.name)
        self.wasm, self.later = self.dir / "index.wasm", self.dir / "index.later.wasm"

    def tearDown(self):
        self.tmp.cleanup()

    def test_split_links_and_computes_the_same(self):
        wat_to_wasm(module_text(), self.wasm)
        whole = run_node(self.wasm)
        self.assertEqual(whole, [11, 101015, 12, "none"])
        sl.split(self.wasm, self.later)
        sl.check(self.wasm, self.later)
        # The panel's code is in the second module, and calling it before that is linked
        # reaches the placeholder (the page never does: src/ui/later.h).
        self.assertEqual(run_node(self.wasm, self.later), [11, 101015, 12, "placeholder 2 called"])
        first, second = wasm_to_wat(self.wasm), wasm_to_wat(self.later)
        defined = lambda text, name: f"\n (func {name} " in text  # noqa: E731 (not an import)
        for name in ("$b_only", PANEL, ENTRY):
            self.assertFalse(defined(first, name), name)
            self.assertTrue(defined(second, name), name)
        for name in ("$shared", "$first_only", "$callback", "$panel_callback"):
            self.assertTrue(defined(first, name), name)
            self.assertFalse(defined(second, name), name)
        # What the second module calls of the first is exported under short names, one of
        # them the build id; the imports match.
        exported = re.findall(r'\(export "([^"]*)"', first)
        self.assertTrue(any(re.fullmatch(r"#[0-9a-f]{8}", name) for name in exported), exported)
        self.assertTrue(all(len(name) <= 9 for name in exported), exported)
        self.assertIn('(import "placeholder" "2"', first)

    def test_an_entrys_function_reached_from_the_first_view_stops_the_split(self):
        wat_to_wasm(module_text(first_view_calls_panel=True), self.wasm)
        with self.assertRaisesRegex(sl.SplitError, r"gpuwise::ui::DrawB\(int\) is deferred .* reaches it.*"
                                                   r"gpuwise::ui::DrawB <- main"):
            sl.split(self.wasm, self.later)

    def test_a_direct_call_of_an_entry_stops_the_split(self):
        wat_to_wasm(module_text(first_view_calls_entry=True), self.wasm)
        with self.assertRaisesRegex(sl.SplitError, r"entry\(int\) is called directly \(gpuwise::ui::Later<&gpuwise::ui::DrawB\(int\)>::entry <- main\)"):
            sl.split(self.wasm, self.later)

    def test_a_module_without_entries_is_refused(self):
        wat_to_wasm(module_text().replace("gpuwise::ui::Later<", "gpuwise::ui::Now<"), self.wasm)
        with self.assertRaisesRegex(sl.SplitError, "no function named gpuwise::ui::Later<"):
            sl.split(self.wasm, self.later)

    def test_the_check_refuses_broken_outputs(self):
        wat_to_wasm(module_text(), self.wasm)
        sl.split(self.wasm, self.later)
        first, second = wasm_to_wat(self.wasm), wasm_to_wat(self.later)
        placeholder = re.search(r'\(import "placeholder" "2" \(func \$(\S+)', first).group(1)
        broken = self.dir / "broken.wasm"

        # The first module calling deferred code directly...
        calls = first.replace("(func $first_only (result i32)\n  (i32.const 1)",
                              f"(func $first_only (result i32)\n  (call ${placeholder} (i32.const 1))", 1)
        self.assertNotEqual(calls, first)
        wat_to_wasm(calls, broken)
        with self.assertRaisesRegex(sl.SplitError, "calls deferred code directly"):
            sl.check(broken, self.later)
        # ...or through a constant table slot (what wasm-split makes of a direct call).
        constant = first.replace("(func $first_only (result i32)\n  (i32.const 1)",
                                 "(func $first_only (result i32)\n  (call_indirect (param i32) (result i32) (i32.const 1) (i32.const 2))", 1)
        wat_to_wasm(constant, broken)
        with self.assertRaisesRegex(sl.SplitError, r"calls deferred code in table slot\(s\) \[2\]"):
            sl.check(broken, self.later)
        # A second module that writes over a slot of the first's own function.
        over = re.sub(r"\(elem (.*)\(i32\.const 2\)", r"(elem \1(i32.const 1)", second, count=1)
        self.assertNotEqual(over, second)
        wat_to_wasm(over, broken)
        with self.assertRaisesRegex(sl.SplitError, r"fills table slots \[1\] that hold no placeholder"):
            sl.check(self.wasm, broken)
        # A second module of another build imports another build id: it cannot link.
        other = re.sub(r'"#[0-9a-f]{8}"', '"#00000000"', second)
        wat_to_wasm(other, broken)
        with self.assertRaisesRegex(sl.SplitError, r"imports primary\.#00000000 .* does not export"):
            sl.check(self.wasm, broken)

    def test_the_built_site(self):
        if not SITE:
            self.skipTest("no site folder given")
        sl.check(SITE / "index.wasm", SITE / "index.later.wasm")


SITE = pathlib.Path(sys.argv.pop(1)) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None

if __name__ == "__main__":
    unittest.main()
