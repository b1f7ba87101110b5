#!/usr/bin/env bash
# Sets everything up, builds the site into build/web/site/ (exactly what GitHub Pages
# publishes) and serves it on http://127.0.0.1:8000 until you press Ctrl+C.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh web
echo "gpuwise: serving build/web/site on http://127.0.0.1:${PORT:-8000}"
exec /usr/bin/python3 -m http.server "${PORT:-8000}" --bind 127.0.0.1 --directory build/web/site
