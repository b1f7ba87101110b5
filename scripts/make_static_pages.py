#!/usr/bin/python3
"""Build-time HTML for search engines, screen readers and visitors without WebAssembly.

Usage: make_static_pages.py GPUS_JSON COLUMNS_JSON TEMPLATE SITE_DIR [DATA_FILE...]

COLUMNS_JSON is what `gpuwise catalog --columns --json` prints (in the web build, the
same from build/web's catalog_columns tool under node): core's GPU field table (label,
unit, ... of every field, src/core/catalog/gpu_fields.inc) and every loaded card's cells as the
catalog shows them. This script holds no labels, units or number formats of its own.

Writes, from them (and copies the data files given after the site folder, without
indentation, into site/data/):
- site/index.html: web/index.html with its <!-- CATALOG_SUMMARY --> marker replaced by a
  visually hidden (screen-reader visible) list of every GPU with its key figures, shown
  to screen readers once the app has started (or could not);
- site/catalog.html: every catalog column for every GPU as a plain HTML table with the
  sources of every row, linked from the main page.
Run by CMake with Debian's python3 (standard library only).
"""
import html
import json
import pathlib
import sys

# Which figures the hidden summary on index.html names, in this order.
SUMMARY_KEYS = ["vram_gb", "memory_type", "memory_bandwidth_gbs", "fp32_tflops", "fp16_tensor_tflops", "tdp_w"]
MISSING = "–"


def with_unit(field, text):
    return f"{text} {field['unit']}" if field["unit"] and text != MISSING else text


def header(field):
    return f"{field['label']} ({field['unit']})" if field["unit"] else field["label"]


def summary_list(gpus, fields, cells):
    items = []
    for gpu in gpus:
        row = cells[gpu["id"]]
        parts = [f"{fields[key]['label']} {with_unit(fields[key], row[key])}"
                 for key in SUMMARY_KEYS if row.get(key, MISSING) != MISSING]
        items.append(f"<li>{html.escape(row['name'])} ({html.escape(row['architecture'])}, "
                     f"{html.escape(row['release_year'])}): {html.escape(', '.join(parts))}</li>")
    # Hidden until the app has drawn its first frame (web/loader.js shows it then, and at
    # once when the app cannot start; noscript.css without JavaScript): laid out at load,
    # its 200-odd lines cost ~30 ms of the first frame's main thread.
    return ("<section id=\"catalog-summary\" class=\"sr-only\" aria-label=\"GPU catalog\" hidden>\n"
            f"<h1>gpuwise: {len(gpus)} GPUs for deep learning</h1>\n"
            "<p>The full table with sources: <a href=\"catalog.html\">catalog.html</a>.</p>\n"
            "<ul>\n" + "\n".join(items) + "\n</ul>\n</section>")


def catalog_page(gpus, fields, cells, template_head):
    columns = [field for field in fields.values() if field["column"]]
    rows = []
    for gpu in gpus:
        row = cells[gpu["id"]]
        tds = "".join(f"<td>{html.escape(row[field['key']])}</td>" for field in columns)
        sources = " ".join(f"<a href=\"{html.escape(url)}\" rel=\"noopener\">[{i + 1}]</a>"
                           for i, url in enumerate(gpu["sources"]))
        notes = html.escape(gpu.get("notes", ""))
        rows.append(f"<tr id=\"{html.escape(gpu['id'])}\">{tds}<td>{sources}</td><td>{notes}</td></tr>")
    headers = "".join(f"<th>{html.escape(header(field))}</th>" for field in columns)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'">
<title>gpuwise: the GPU catalog ({len(gpus)} GPUs, with sources)</title>
<meta name="description" content="Specifications of {len(gpus)} GPUs for deep learning (NVIDIA GeForce, RTX workstation, Tesla / A / H / B / L data-centre, AMD Instinct and Radeon, Intel Gaudi) with the source of every figure.">
{template_head}
<link rel="stylesheet" href="style.css">
</head>
<body class="static">
<h1>gpuwise: the GPU catalog</h1>
<p>{len(gpus)} GPUs. Figures per GPU, dense (no sparsity), at boost clock; – means the vendor publishes no figure.
The interactive site with rankings and buy-vs-rent figures: <a href="./">gpuwise</a>. The data file: <a href="data/full/gpus.json">data/full/gpus.json</a>.</p>
<table>
<thead><tr>{headers}<th>{html.escape(fields["sources"]["label"])}</th><th>{html.escape(fields["notes"]["label"])}</th></tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
</body>
</html>
"""


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: make_static_pages.py GPUS_JSON COLUMNS_JSON TEMPLATE SITE_DIR [DATA_FILE...]")
    gpus_path, columns_path, template_path = sys.argv[1], sys.argv[2], sys.argv[3]
    site_dir = pathlib.Path(sys.argv[4])
    # Any further arguments are data files: the site gets them without indentation
    # (same JSON, a quarter fewer bytes before compression).
    (site_dir / "data").mkdir(parents=True, exist_ok=True)
    for data_path in sys.argv[5:]:
        data = json.loads(pathlib.Path(data_path).read_text(encoding="utf-8"))
        (site_dir / "data" / pathlib.Path(data_path).name).write_text(
            json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    table = json.loads(pathlib.Path(columns_path).read_text(encoding="utf-8"))
    fields = {field["key"]: field for field in table["fields"]}
    cells = table["cells"]
    # The rows core loaded (a row with errors is left out, as on the page), in file order
    # for their sources and notes, newest first.
    gpus = json.loads(pathlib.Path(gpus_path).read_text(encoding="utf-8")).get("gpus", [])
    by_id = {}
    for g in gpus:
        if isinstance(g, dict) and g.get("id") in cells:
            by_id.setdefault(g["id"], g)  # core keeps the first row of a duplicated id
    gpus = list(by_id.values())
    gpus.sort(key=lambda g: (-g.get("release_year", 0), g["name"]))
    template = pathlib.Path(template_path).read_text(encoding="utf-8")
    marker = "<!-- CATALOG_SUMMARY -->"
    if marker not in template:
        sys.exit(f"{template_path} has no {marker}")
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / "index.html").write_text(template.replace(marker, summary_list(gpus, fields, cells)),
                                         encoding="utf-8")
    social = "\n".join(line for line in template.splitlines()
                       if 'property="og:' in line or 'name="twitter:' in line)
    (site_dir / "catalog.html").write_text(catalog_page(gpus, fields, cells, social), encoding="utf-8")
    print(f"static pages: {len(gpus)} GPUs in index.html (hidden list) and catalog.html")


if __name__ == "__main__":
    main()
