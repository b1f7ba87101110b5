#!/usr/bin/env bash
# clang-tidy (Debian's clang-tidy-14) over src/core, src/cli, src/ui and src/platform with
# the checks of .clang-tidy, using build/native/compile_commands.json (scripts/build.sh
# native first). Any finding is an error: exits 1 and prints it. About 210 s of CPU
# (under 2 minutes on 2 free cores).
#   scripts/tidy.sh [FILE-REGEX]   e.g. scripts/tidy.sh 'src/core/money/roi.cpp' for one file
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
db=build/native/compile_commands.json
[ -f "$db" ] || { echo "tidy: $db missing: run scripts/build.sh native first" >&2; exit 1; }
files="${1:-$ROOT/src/(core|cli|ui|platform)/}"
log="$(mktemp "${TMPDIR:-/tmp}/gpuwise-tidy.XXXXXX")"
trap 'rm -f "$log"' EXIT
start=$(date +%s)
# The header filter and the checks come from .clang-tidy. The compile commands are gcc's:
# clang would add -Wsign-conversion to -Wconversion, which the build leaves off for clang
# too (cmake/Warnings.cmake).
run-clang-tidy-14 -p build/native -j "$(nproc)" -quiet \
  -extra-arg=-Wno-sign-conversion "$files" > "$log" 2>&1
status=$?
sed -i 's/\x1b\[[0-9;]*m//g' "$log"   # run-clang-tidy-14 always asks for colour
count=$(grep -cE '^/.*: (warning|error): ' "$log")
if [ $status = 0 ] && [ "$count" = 0 ]; then
  echo "tidy: no findings ($(( $(date +%s) - start )) s)"
  exit 0
fi
# The findings (with their code excerpts), without run-clang-tidy's command echo.
grep -vE '^(clang-tidy-14 |[0-9]+ warnings? (and [0-9]+ errors? )?generated|Suppressed [0-9]+ warnings|Use -header-filter|Error while processing)' "$log" | sed "s#$ROOT/##"
echo "tidy: $count finding(s) in $(( $(date +%s) - start )) s (checks: .clang-tidy)"
exit 1
