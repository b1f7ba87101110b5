#!/usr/bin/python3
"""Last step of the site build: writes sw.js, the service worker, from web/sw.js.in.

Its cache is named by a hash of every file in the site, so each build (new code or new
data) gets a fresh cache and the page can offer "new data available". It precaches
every file a visit needs; the Chinese font and translations (downloaded only when
Chinese is first shown) and the plain catalog page are cached when first fetched
instead, and the social preview image is for link crawlers only. The hash covers those
too, so a build that changes only a translation still gets a fresh cache.

usage: finish_site.py SITE_DIR TEMPLATE
"""
import hashlib
import json
import pathlib
import sys

NOT_CACHED = {"sw.js", ".nojekyll", "preview.png", "fonts/cjk.ttf", "data/strings_zh.json", "catalog.html"}


def main():
    site, template = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    every = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and p.relative_to(site).as_posix() != "sw.js")
    files = [name for name in every if name not in NOT_CACHED]
    digest = hashlib.sha256()
    for name in every:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    version = digest.hexdigest()[:16]
    text = template.read_text(encoding="utf-8")
    text = text.replace("@VERSION@", version).replace("@FILES@", json.dumps(files))
    out = site / "sw.js"
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
    print(f"service worker: build {version}, {len(files)} files cached")


if __name__ == "__main__":
    main()
