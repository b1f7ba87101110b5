#!/usr/bin/env bash
# Builds one preset (native | web) after setup. Usage: scripts/build.sh native|web
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/env.sh
preset="${1:?usage: scripts/build.sh native|web}"
if [ ! -f "build/$preset/build.ninja" ]; then
  cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset" -j "$(nproc)"
