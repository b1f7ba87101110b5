#!/usr/bin/env bash
# Builds one preset (native | web | asan | fuzz) after setup. Usage: scripts/build.sh PRESET
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/env.sh
preset="${1:?usage: scripts/build.sh native|web|asan|fuzz}"
if [ ! -f "build/$preset/build.ninja" ]; then
  cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset" -j "$(nproc)"
