#!/bin/bash
# Instructions (millions) one CLI command costs, deterministic to ~±0.5 M: cachegrind with no address
# randomisation, fixed V8 seeds, one GC thread, a clean environment, stdout a pipe (as a script reads it).
#   bash bench/cli-instructions.sh <bin: dist/cli/brain.cjs | node> <brain.jsonl> <runs> <command args…>
# `{n}` in an argument becomes the run's number and a random number (a new text for each `add`). Count from the
# third run: the first two write the command's code cache (src/cli/code-cache.ts). Needs valgrind and setarch.
# Example (issue 24, in-process add at 100k; a copy of bench/.data/brain-100k-seed1-g1.jsonl):
#   bash bench/cli-instructions.sh dist/cli/brain.cjs /tmp/b/brain.jsonl 4 add type=learning "text=note {n}"
set -euo pipefail
bin=$1 brain=$2 runs=$3
shift 3
home=$(mktemp -d) log=$(mktemp)
trap 'rm -rf "$home" "$log"' EXIT
for i in $(seq "$runs"); do
  args=()
  for a in "$@"; do args+=("${a//\{n\}/$i-$RANDOM$RANDOM}"); done
  if [ "$bin" = node ]; then cmd=(-e 0); else cmd=("$bin" "${args[@]}"); fi
  env -i PATH="$PATH" HOME="$home" BRAIN_PATH="$brain" BRAIN_SERVE_AUTOSTART=0 BRAIN_FSYNC=0 TZ=UTC \
    BRAIN_NOW=2026-01-01T00:00:00.000Z \
    setarch "$(uname -m)" -R valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    --log-file="$log" node --hash-seed=1 --random-seed=1 --single-threaded-gc "${cmd[@]}" 2>/dev/null | cat >/dev/null
  awk '/I *refs/ { gsub(",", "", $4); printf "%.2f M\n", $4 / 1e6 }' "$log"
done
