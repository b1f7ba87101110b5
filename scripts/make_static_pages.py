#!/usr/bin/python3
"""Build-time HTML for search engines, screen readers and visitors without WebAssembly.

Writes, from data/gpus.json (and copies the data files given after the site folder,
without indentation, into site/data/):
- site/index.html: web/index.html with its <!-- CATALOG_SUMMARY --> marker replaced by a
  visually hidden (screen-reader visible) list of every GPU with its key figures;
- site/catalog.html: the whole catalog as a plain, sortable-by-eye HTML table with the
  sources of every row, linked from the main page.
Run by CMake with Debian's python3 (standard library only).
"""
import html
import json
import pathlib
import sys

COLUMNS = [
    ("name", "GPU", ""), ("vendor", "Vendor", ""), ("architecture", "Architecture", ""),
    ("release_year", "Year", ""), ("vram_gb", "VRAM", "GB"), ("memory_type", "Memory", ""),
    ("memory_bandwidth_gbs", "Bandwidth", "GB/s"), ("fp32_tflops", "FP32", "TFLOPS"),
    ("fp64_tflops", "FP64", "TFLOPS"), ("fp16_tensor_tflops", "FP16 tensor", "TFLOPS"),
    ("bf16_tensor_tflops", "BF16 tensor", "TFLOPS"), ("fp8_tensor_tflops", "FP8 tensor", "TFLOPS"),
    ("cuda_cores", "CUDA cores", ""), ("tensor_cores", "Tensor cores", ""), ("tdp_w", "TDP", "W"),
    ("launch_price_usd", "Launch price", "USD"),
]


def cell(gpu, key):
    value = gpu.get(key)
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:g}"
    return html.escape(str(value))


def summary_list(gpus):
    items = []
    for gpu in gpus:
        parts = [f"{gpu['vram_gb']:g} GB {html.escape(gpu['memory_type'])}",
                 f"{gpu['memory_bandwidth_gbs']:g} GB/s"]
        if gpu.get("fp32_tflops"):
            parts.append(f"FP32 {gpu['fp32_tflops']:g} TFLOPS")
        if gpu.get("fp16_tensor_tflops"):
            parts.append(f"FP16 tensor {gpu['fp16_tensor_tflops']:g} TFLOPS")
        parts.append(f"{gpu['tdp_w']:g} W")
        items.append(f"<li>{html.escape(gpu['name'])} ({html.escape(gpu['architecture'])}, "
                     f"{gpu['release_year']}): {', '.join(parts)}</li>")
    return ("<section class=\"sr-only\" aria-label=\"GPU catalog\">\n"
            f"<h1>gpuwise: {len(gpus)} GPUs for deep learning</h1>\n"
            "<p>The full table with sources: <a href=\"catalog.html\">catalog.html</a>.</p>\n"
            "<ul>\n" + "\n".join(items) + "\n</ul>\n</section>")


def catalog_page(gpus, template_head):
    rows = []
    for gpu in gpus:
        cells = "".join(f"<td>{cell(gpu, key)}</td>" for key, _, _ in COLUMNS)
        sources = " ".join(f"<a href=\"{html.escape(url)}\" rel=\"noopener\">[{i + 1}]</a>"
                           for i, url in enumerate(gpu["sources"]))
        notes = html.escape(gpu.get("notes", ""))
        rows.append(f"<tr id=\"{html.escape(gpu['id'])}\">{cells}<td>{sources}</td><td>{notes}</td></tr>")
    headers = "".join(f"<th>{label}{f' ({unit})' if unit else ''}</th>" for _, label, unit in COLUMNS)
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
The interactive site with rankings and buy-vs-rent figures: <a href="./">gpuwise</a>. The data file: <a href="data/gpus.json">data/gpus.json</a>.</p>
<table>
<thead><tr>{headers}<th>Sources</th><th>Notes</th></tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
</body>
</html>
"""


def main():
    gpus_path, template_path, site_dir = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    # Any further arguments are data files: the site gets them without indentation
    # (same JSON, a quarter fewer bytes before compression).
    (site_dir / "data").mkdir(parents=True, exist_ok=True)
    for data_path in sys.argv[4:]:
        data = json.loads(pathlib.Path(data_path).read_text(encoding="utf-8"))
        (site_dir / "data" / pathlib.Path(data_path).name).write_text(
            json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    gpus = json.loads(pathlib.Path(gpus_path).read_text(encoding="utf-8")).get("gpus", [])
    gpus = [g for g in gpus if isinstance(g, dict) and "name" in g and "vram_gb" in g and "sources" in g]
    gpus.sort(key=lambda g: (-g.get("release_year", 0), g["name"]))
    template = pathlib.Path(template_path).read_text(encoding="utf-8")
    marker = "<!-- CATALOG_SUMMARY -->"
    if marker not in template:
        sys.exit(f"{template_path} has no {marker}")
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / "index.html").write_text(template.replace(marker, summary_list(gpus)), encoding="utf-8")
    social = "\n".join(line for line in template.splitlines()
                       if 'property="og:' in line or 'name="twitter:' in line)
    (site_dir / "catalog.html").write_text(catalog_page(gpus, social), encoding="utf-8")
    print(f"static pages: {len(gpus)} GPUs in index.html (hidden list) and catalog.html")


if __name__ == "__main__":
    main()
