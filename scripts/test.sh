#!/usr/bin/env bash
# Sets everything up, builds native and web, and runs every test:
#   1. core unit tests compiled to wasm, under node      (ctest, web preset)
#   2. core unit tests natively, the command-line tool,
#      and the browser tests against build/web/site      (ctest, native preset)
# Exits non-zero on any failure. Leaves the command-line tool at build/native/gpuwise.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
start=$(date +%s)
bash scripts/setup.sh || exit 1
bash scripts/build.sh native || exit 1
bash scripts/build.sh web || exit 1

failed=0
echo "== core tests compiled to WebAssembly, under node"
ctest --preset web || failed=1
echo "== native tests: core, command line, browser (set-up, builds and wasm tests took $(( $(date +%s) - start )) s)"
# Last, so the run ends with ctest's summary of what ran.
ctest --preset native || failed=1
exit $failed
