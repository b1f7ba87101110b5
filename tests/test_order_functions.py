#!/usr/bin/python3
"""scripts/order_functions.py: the site's wasm with its functions in name order.

A module of 120 functions defined in reverse name order, whose exports call each other
and through the function table, is reordered and still computes the same answers under
node; the text step keeps every other top-level item and refuses a module without
names.
"""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import order_functions as of  # noqa: E402

COUNT = 120


def module_text():
    funcs = [f'  (func $f{i:03d} (result i32) (i32.const {i}))' for i in reversed(range(COUNT))]
    return "\n".join([
        "(module",
        '  (type $t (func (result i32)))',
        "  (table 2 funcref)",
        "  (elem (i32.const 0) $f042 $f007)",
        *funcs,
        '  (func $z_call (export "call") (result i32) (i32.add (call $f007) (call $f100)))',
        '  (func $a_indirect (export "indirect") (param $i i32) (result i32) (call_indirect (type $t) (local.get $i)))',
        ")",
    ])


class OrderFunctions(unittest.TestCase):
    def run_module(self, wasm):
        script = ("const m = new WebAssembly.Module(require('fs').readFileSync(process.argv[1]));"
                  "const e = new WebAssembly.Instance(m, {}).exports;"
                  "console.log(JSON.stringify([e.call(), e.indirect(0), e.indirect(1)]));")
        out = subprocess.run(["node", "-e", script, str(wasm)], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    def test_reordered_module_computes_the_same(self):
        with tempfile.TemporaryDirectory() as tmp:
            wat, wasm = pathlib.Path(tmp) / "m.wat", pathlib.Path(tmp) / "m.wasm"
            wat.write_text(module_text())
            subprocess.run(["wasm-as", "-g", *of.FEATURES, str(wat), "-o", str(wasm)], check=True)
            self.assertEqual(self.run_module(wasm), [107, 42, 7])
            sys.argv = ["order_functions.py", str(wasm)]
            of.main()
            self.assertEqual(self.run_module(wasm), [107, 42, 7])
            # The names are gone and the functions are in name order: $a_indirect, $f000 ... $z_call.
            text = subprocess.run(["wasm-dis", str(wasm)], check=True, capture_output=True, text=True).stdout
            bodies = [line for line in text.split("\n") if line.startswith(" (func ")]
            self.assertEqual(len(bodies), COUNT + 2)
            self.assertNotIn("$f000", text)
            self.assertIn('(export "indirect" (func $0))', text)
            self.assertIn(f'(export "call" (func ${COUNT + 1}))', text)
            self.assertIn("(param", bodies[0])

    def test_text_step(self):
        text = "\n".join(["(module", " (type $t (func))", *[f" (func $f{i:03d}\n  (nop)\n )" for i in (5, 3, 4)], " (export \"x\" (func $f003))", ")"])
        with self.assertRaisesRegex(ValueError, "only 3 named functions"):
            of.reorder(text)
        many = "\n".join(["(module", " (memory 1)", *[f" (func $f{i:03d}\n )" for i in reversed(range(COUNT))], ")", ""])
        out, count = of.reorder(many)
        self.assertEqual(count, COUNT)
        lines = out.split("\n")
        self.assertEqual(lines[1], " (memory 1)")  # other items first, unchanged
        self.assertEqual(lines[2], " (func $f000")
        self.assertEqual(lines[-4], " (func $f119")
        with self.assertRaisesRegex(ValueError, "no end"):
            of.reorder("(module\n (func $a\n )")
        with self.assertRaisesRegex(ValueError, "not a module"):
            of.reorder("hello")


if __name__ == "__main__":
    unittest.main()
