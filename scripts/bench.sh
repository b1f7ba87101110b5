#!/usr/bin/env bash
# Benchmarks gpuwise against the stock Dear ImGui SDL2 + WebGL example and prints ONE
# table at the end (docs/BENCHMARKS.md explains every row):
#   1. bytes to first use (raw, gzip -9) of an English and a Chinese first visit;
#   2. time to first frame in headless Chromium (median of the runs);
#   3. idle frames per second, also with ?idle=off ("before");
#   4. core speed, native -O2 and wasm under node: ranking 10,000 GPUs, links, ROI.
#
#   scripts/bench.sh [--runs N] [--write-docs]
#     --runs N        browser and core runs per measure (default 9, at least 5): first frames
#                     vary by +-40 ms from run to run on 2 cores, and 5 could not tell 10 ms apart
#     --write-docs    also replace the table in docs/BENCHMARKS.md
#   BENCH_SITE_BUILD  the build folder of the site (default build/web, the web preset);
#                     another folder is configured like the web preset.
# Builds (once): the site, build/bench-stock (the example), build/bench-native and
# build/bench-wasm (bench/core_bench.cpp). Takes about 8 minutes after the builds.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/env.sh

runs=9
write_docs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --write-docs) write_docs=(--write-docs docs/BENCHMARKS.md); shift ;;
    *) sed -n '9,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
[ "$runs" -ge 5 ] 2>/dev/null || runs=5

EMSCRIPTEN_TOOLCHAIN=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake
configure_once() {  # build-dir, cmake arguments...
  local dir="$1"; shift
  [ -f "$dir/build.ninja" ] || cmake -G Ninja -B "$dir" "$@" >/dev/null
}

bash scripts/setup.sh
echo "== bench: building the site, the stock example and the core benchmark"
site_build="${BENCH_SITE_BUILD:-build/web}"
if [ "$site_build" = build/web ]; then
  bash scripts/build.sh web >/dev/null
else
  configure_once "$site_build" -S . -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$EMSCRIPTEN_TOOLCHAIN"
  cmake --build "$site_build" -j "$(nproc)" >/dev/null
fi
configure_once build/bench-stock -S bench/stock -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$EMSCRIPTEN_TOOLCHAIN" -DGPUWISE_SOURCE_DIR="$ROOT"
cmake --build build/bench-stock -j "$(nproc)" >/dev/null
configure_once build/bench-native -S . -DGPUWISE_BENCH=ON -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG"
cmake --build build/bench-native -j "$(nproc)" >/dev/null
# Core compiled exactly as for the site's index.wasm (CMakeLists.txt, src/core).
configure_once build/bench-wasm -S . -DGPUWISE_BENCH=ON -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$EMSCRIPTEN_TOOLCHAIN"
cmake --build build/bench-wasm -j "$(nproc)" >/dev/null

results="$ROOT/build/bench-results"
rm -rf "$results"
mkdir -p "$results"
ln -s "$ROOT/$site_build/site" "$results/gpuwise-site"
ln -s "$ROOT/build/bench-stock/site" "$results/stock-site"

echo "== bench: core speed, native -O2"
build/bench-native/bench/core_bench "$runs" | tee "$results/core-native.tsv"
echo "== bench: core speed, wasm under node"
node --no-experimental-fetch build/bench-wasm/bench/core_bench.js "$runs" | tee "$results/core-wasm.tsv"
echo "== bench: headless Chromium, $runs runs of each page"
node bench/browser_bench.mjs --gpuwise "$results/gpuwise-site" --stock "$results/stock-site" \
  --runs "$runs" --idle-seconds 5 > "$results/browser.json"

echo
/usr/bin/python3 bench/report.py --results "$results" "${write_docs[@]}"
