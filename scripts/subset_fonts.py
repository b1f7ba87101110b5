#!/usr/bin/python3
"""Build-time font subsets, made from the characters the UI actually uses.

- Latin: DejaVu Sans cut to ASCII, Latin-1 and every other non-CJK character found in
  the UI sources; compiled into the wasm as a byte array (it is needed for frame one).
- CJK: WenQuanYi Micro Hei cut to the CJK characters found in the UI sources; a separate
  file that the page downloads only when Chinese is shown.
Run by CMake (cmake/Assets.cmake) with Debian's python3 and python3-fonttools.
"""
import argparse
import pathlib
import subprocess
import sys


def is_cjk(ch):
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x3000 <= code <= 0x303F)


def ui_characters(source_dirs):
    chars = set()
    for directory in source_dirs:
        for path in sorted(pathlib.Path(directory).rglob("*")):
            if path.suffix in (".cpp", ".h", ".inc", ".json"):
                chars.update(path.read_text(encoding="utf-8"))
    return chars


def subset(font, font_number, text, unicodes, out):
    text_file = pathlib.Path(str(out) + ".chars.txt")
    text_file.write_text(text, encoding="utf-8")
    subprocess.run([
        "/usr/bin/python3", "-m", "fontTools.subset", font, f"--font-number={font_number}",
        f"--text-file={text_file}", f"--unicodes={unicodes}", "--no-hinting",
        "--layout-features=", "--drop-tables+=FFTM,GDEF,GPOS,GSUB,kern",
        f"--output-file={out}"], check=True)


def embed(binary_path, cpp_path, symbol):
    data = pathlib.Path(binary_path).read_bytes()
    lines = [f"// Generated from {pathlib.Path(binary_path).name} by scripts/subset_fonts.py. Do not edit.",
             "#include <cstddef>",
             f"extern const unsigned char {symbol}[] = {{"]
    for i in range(0, len(data), 20):
        lines.append("  " + ",".join(str(b) for b in data[i:i + 20]) + ",")
    lines.append("};")
    lines.append(f"extern const std::size_t {symbol}_size = {len(data)};")
    pathlib.Path(cpp_path).write_text("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sources", nargs="+", required=True)
    parser.add_argument("--latin-font", required=True)
    parser.add_argument("--cjk-font", required=True)
    parser.add_argument("--latin-out", required=True)
    parser.add_argument("--latin-cpp", required=True)
    parser.add_argument("--cjk-out", required=True)
    args = parser.parse_args()

    chars = ui_characters(args.sources)
    cjk = "".join(sorted(c for c in chars if is_cjk(c)))
    latin_extra = "".join(sorted(c for c in chars if ord(c) > 0xFF and not is_cjk(c) and c.isprintable()))
    subset(args.latin_font, 0, latin_extra, "U+0020-007E,U+00A0-00FF,U+2013,U+2014,U+2026", args.latin_out)
    embed(args.latin_out, args.latin_cpp, "kLatinFont")
    # The CJK subset also carries the full-width punctuation Chinese text uses.
    subset(args.cjk_font, 0, cjk, "U+3000-3003,U+FF01-FF1F", args.cjk_out)
    print(f"fonts: latin {pathlib.Path(args.latin_out).stat().st_size} bytes, "
          f"cjk {len(cjk)} characters, {pathlib.Path(args.cjk_out).stat().st_size} bytes")


if __name__ == "__main__":
    sys.exit(main())
