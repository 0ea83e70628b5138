#!/bin/bash
# Instructions (millions) one hook run costs, deterministic to ±0.01 M: cachegrind with no address
# randomisation, fixed V8 seeds, one GC thread, a clean environment (docs/benchmarks.md, issue 22).
#   bash bench/hook-instructions.sh <bin: dist/cli/brain.cjs | node> <brain.jsonl> [event] [runs]
# event: stop (default), session-end, user-prompt-submit, post-tool-use. The payload comes through a pipe,
# a new session each run (no repeat firing). Run a build once before counting: its first two runs write the
# code cache (src/cli/code-cache.ts). Needs valgrind and setarch (util-linux). HOLD_LEARNER=1: a learner holds
# its lock meanwhile (test/support/hold-lock.ts), as in bench/hooks.ts — a queue hook then starts none.
set -euo pipefail
bin=$1 brain=$2 ev=${3:-stop} runs=${4:-3}
case $ev in
  stop) h='"hook_event_name":"Stop","stop_hook_active":false' ;;
  session-end) h='"hook_event_name":"SessionEnd","reason":"exit"' ;;
  user-prompt-submit) h='"hook_event_name":"UserPromptSubmit","prompt":"how do we run the tests?"' ;;
  post-tool-use) h='"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"npm test"},"tool_response":{"stdout":"ok"}' ;;
  *) echo "unknown event $ev" >&2; exit 2 ;;
esac
home=$(mktemp -d)
holder=
trap 'rm -rf "$home"; [ -n "$holder" ] && kill "$holder" 2>/dev/null; true' EXIT
if [ "${HOLD_LEARNER:-}" = 1 ]; then
  root=$(cd "$(dirname "$0")/.." && pwd)
  mkdir -p "$(dirname "$brain")/.brain"
  (cd "$root" && exec node --import tsx test/support/hold-lock.ts "$(dirname "$brain")/.brain/learn" learn >/dev/null) &
  holder=$!
  until [ -e "$(dirname "$brain")/.brain/learn.lock" ]; do sleep 0.1; done
fi
for _ in $(seq "$runs"); do
  payload="{\"session_id\":\"i$RANDOM$RANDOM\",\"tool_use_id\":\"t$RANDOM$RANDOM\",\"cwd\":\"$(dirname "$brain")\",$h}"
  if [ "$bin" = node ]; then cmd=(-e 0); else cmd=("$bin" hook "$ev"); fi
  echo "$payload" | env -i PATH="$PATH" HOME="$home" BRAIN_PATH="$brain" BRAIN_SERVE_AUTOSTART=0 BRAIN_FSYNC=0 TZ=UTC \
    setarch "$(uname -m)" -R valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    node --hash-seed=1 --random-seed=1 --single-threaded-gc "${cmd[@]}" 2>&1 >/dev/null |
    awk '/I *refs/ { gsub(",", "", $4); printf "%.2f M\n", $4 / 1e6 }'
done
