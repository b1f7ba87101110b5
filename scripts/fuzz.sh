#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (ASan + UBSan, Debian's clang-14) after
# building them with the fuzz preset into build/fuzz.
#
#   scripts/fuzz.sh TARGET|all [SECONDS | -runs=N] [more libFuzzer flags]
#     TARGET   share_link state_json catalog catalog_binary prices roi vram_fit benchmarks job_cost speed training machine software image ask (or all)
#     SECONDS  how long each target runs (default 60)
#     -runs=N  stop after N executions instead, e.g. -runs=10000000 (docs/TRUST.md)
#
# Seeds come from tests/fuzz/corpus/<target> and are never written to: new corpus entries
# go to a temporary folder (or to $FUZZ_CORPUS_DIR/<target> to keep them between runs).
# A crash, leak, sanitizer report or broken invariant makes the target fail; its input is
# saved in build/fuzz/findings/ with the command to replay it. Targets run $FUZZ_JOBS at a
# time (default: the number of cores). Exits 1 when any target fails.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ALL_TARGETS=(share_link state_json catalog catalog_binary prices roi vram_fit benchmarks job_cost speed training machine software image ask)
usage() { sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
which="$1"; shift
if [ "$which" = all ]; then
  targets=("${ALL_TARGETS[@]}")
elif [[ " ${ALL_TARGETS[*]} " == *" $which "* ]]; then
  targets=("$which")
else
  echo "fuzz: unknown target '$which'" >&2; usage
fi
limit=(-max_total_time=60)
if [ $# -ge 1 ]; then
  case "$1" in
    ''|*[!0-9]*) ;;                                  # not a number: a libFuzzer flag
    *) limit=(-max_total_time="$1"); shift ;;
  esac
fi
for arg in "$@"; do
  case "$arg" in -runs=*) limit=(-max_total_time=0) ;; esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuwise-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT

bash scripts/setup.sh || exit 1
echo "fuzz: building the targets (fuzz preset, build/fuzz)"
# Quiet unless something is rebuilt with a warning or fails.
bash scripts/build.sh fuzz > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
grep -E 'warning|error' "$work/build.log" || true

# Stop at the first report of either sanitizer, with a stack; report leaks.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

findings="$ROOT/build/fuzz/findings"
mkdir -p "$findings"

run_target() {
  local name="$1" corpus dict=()
  shift
  if [ -n "${FUZZ_CORPUS_DIR:-}" ]; then corpus="$FUZZ_CORPUS_DIR/$name"; else corpus="$work/corpus-$name"; fi
  mkdir -p "$corpus"
  [ -f "tests/fuzz/dict/$name.dict" ] && dict=(-dict="tests/fuzz/dict/$name.dict")
  # The first folder receives new entries; the checked-in seeds are only read.
  "build/fuzz/fuzz_$name" "${limit[@]}" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
    "${dict[@]}" -artifact_prefix="$findings/$name-" "$@" "$corpus" "tests/fuzz/corpus/$name" \
    >"$work/$name.log" 2>&1
}

jobs_max="${FUZZ_JOBS:-$(nproc)}"
start=$(date +%s)
declare -A pid_of
for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  run_target "$name" "$@" &
  pid_of[$name]=$!
done

failed=0
total_runs=0
for name in "${targets[@]}"; do
  wait "${pid_of[$name]}"; status=$?
  runs="$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/$name.log" | tail -n1)"
  executed="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$name.log" | grep -o '[0-9]*$' | tail -n1)"
  total_runs=$(( total_runs + ${executed:-0} ))
  if [ $status = 0 ]; then
    echo "fuzz $name: ok, ${runs:-no summary}"
  else
    failed=1
    echo "fuzz $name: FAILED (exit $status), ${runs:-${executed:-?} runs}"
    grep -E 'ERROR|SUMMARY|runtime error|invariant broken|#[0-9]+ 0x' "$work/$name.log" | head -n 30 | sed 's/^/  /'
    artifact="$(grep -o "Test unit written to [^ ]*" "$work/$name.log" | tail -n1 | sed 's/Test unit written to //')"
    [ -n "$artifact" ] && echo "  replay: build/fuzz/fuzz_$name $artifact"
    cp "$work/$name.log" "$findings/$name.log"
    echo "  full log: build/fuzz/findings/$name.log"
  fi
done
echo "fuzz: $total_runs executions in $(( $(date +%s) - start )) s, ${#targets[@]} target(s), $([ $failed = 0 ] && echo 'no findings' || echo 'FINDINGS above')"
exit $failed
