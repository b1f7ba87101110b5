#!/usr/bin/env bash
# Sets everything up, builds native and web, and runs every test:
#   1. clang-tidy over src/ with the checks of .clang-tidy (scripts/tidy.sh)
#   2. core unit tests compiled to wasm, under node      (ctest, web preset)
#   3. core unit tests and the command-line tool under
#      AddressSanitizer + UBSan                          (ctest, asan preset, build/asan)
#   4. each libFuzzer target for 12 s from its seeds     (scripts/fuzz.sh, build/fuzz)
#   5. core unit tests natively, the command-line tool,
#      and the browser tests against build/web/site      (ctest, native preset)
# Every target of ours builds with -Wall -Wextra -Wshadow -Wconversion -Werror (cmake/Warnings.cmake).
# Exits non-zero on any failure. Leaves the command-line tool at build/native/gpuwise.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
start=$(date +%s)
bash scripts/setup.sh || exit 1
bash scripts/build.sh native || exit 1
bash scripts/build.sh web || exit 1

failed=0
echo "== clang-tidy over src/core, src/cli, src/ui, src/platform (.clang-tidy)"
bash scripts/tidy.sh || failed=1
echo "== core tests compiled to WebAssembly, under node"
ctest --preset web || failed=1
checks_start=$(date +%s)
echo "== core tests and command line under AddressSanitizer + UBSan (build/asan)"
if bash scripts/build.sh asan; then
  # The same tests run again below: print only the summary, and the failures in full.
  if ctest --preset asan -j "$(nproc)" > build/asan/ctest.log 2>&1; then
    grep -E "tests passed|Total Test time" build/asan/ctest.log
  else
    failed=1
    sed -n '/tests passed/,$p' build/asan/ctest.log
    ctest --preset asan --rerun-failed --output-on-failure 2>&1 | tail -n 100
  fi
else
  failed=1
fi
echo "== fuzzing every target for 12 s from tests/fuzz/corpus (build/fuzz; longer: scripts/fuzz.sh)"
bash scripts/fuzz.sh all 12 || failed=1
echo "== native tests: core, command line, browser (set-up, builds and wasm tests took $(( checks_start - start )) s, sanitizers and fuzzing $(( $(date +%s) - checks_start )) s)"
# Last, so the run ends with ctest's summary of what ran.
ctest --preset native || failed=1
exit $failed
