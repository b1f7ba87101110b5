#!/usr/bin/env bash
# Runs a fixed list of gpuwise commands and writes each one's exit code, stdout and
# stderr to DIR/NNN.txt, so two builds can be compared with `diff -r`: a refactor must
# leave every file the same (issue 26), and a change of behaviour shows as a diff.
# Usage: scripts/cli_snapshot.sh [GPUWISE_BINARY] DIR
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -eq 2 ]; then bin="$1"; out="$2"; else bin="$ROOT/build/native/gpuwise"; out="${1:?usage: cli_snapshot.sh [BINARY] DIR}"; fi
mkdir -p "$out"
n=0
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  file="$out/$(printf '%03d' "$n").txt"
  {
    echo "\$ gpuwise $line"
    # shellcheck disable=SC2086  # the list's words are split on purpose
    (cd "$ROOT" && eval "\"$bin\" $line" 2>"$file.err")
    echo "exit $?"
    echo "--- stderr"
    cat "$file.err"
  } >"$file" 2>&1
  rm -f "$file.err"
done <"$ROOT/tests/fixtures/cli_commands.txt"
echo "cli_snapshot: $n commands -> $out"
