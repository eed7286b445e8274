#!/usr/bin/env bash
# Stress test of `benchfit measure` against the real llama.cpp llama-server (issue 14): a server
# that closes connections often must not produce failures the server did not cause.
#
#   bash scripts/llama-server-stress.sh [RUNS] [BENCHFIT_BINARY]
#
# Serves the tiny GGUF (scripts/llama-server.sh) with 4 slots and a 1 s read/write timeout
# (`--timeout 1`, so idle keep-alive connections are dropped quickly; llama-server also closes
# the connection after every streamed response while advertising keep-alive), then runs RUNS
# (default 20) measurements of 100 short requests each, alternating closed loop at concurrency
# 8 (more than the slots: requests queue) and open loop at 20 requests/s Poisson (idle gaps, so
# pooled connections age and are closed under the client). Every run must end with 100
# completed, 0 failed, 0 incomplete; re-sent requests (`summary.retried`) are counted and shown.
# Outside CI (minutes of CPU).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS="${1:-20}"
LAUNCH=()
source "$ROOT/scripts/llama-server-lib.sh"
benchfit_bin "${2:-}"
start_llama_server "4 slots, --timeout 1" -np 4 -c 4096 -t 2 --timeout 1

bad=0
for i in $(seq 1 "$RUNS"); do
  if [ $((i % 2)) -eq 1 ]; then load=(--concurrency 8); else load=(--rate 20 --arrival poisson); fi
  "$BIN" measure --url "http://127.0.0.1:$PORT/v1" --model tiny "${load[@]}" --requests 100 \
    --prompt-tokens 16 --output-tokens 8 --seed "$i" --out "$WORK/r$i.json" >"$WORK/r$i.txt" 2>&1 \
    || { echo "run $i: exit $?"; cat "$WORK/r$i.txt"; bad=$((bad + 1)); continue; }
  python3 - "$WORK/r$i.json" "$i" "${load[*]}" <<'PY' || bad=$((bad + 1))
import json, sys
m = json.load(open(sys.argv[1])); s = m["summary"]; r = s["requests"]
retried = s.get("retried", "n/a")
reasons = "; ".join(f"{f['count']} × {f['reason']}" for f in s["failure_reasons"])
print(f"run {sys.argv[2]:>2} ({sys.argv[3]}): {r['completed']} completed, {r['failed']} failed, "
      f"{r['incomplete']} incomplete, {retried} re-sent {reasons}")
sys.exit(0 if r == {"completed": 100, "failed": 0, "incomplete": 0} else 1)
PY
done
echo "llama-server stress: $RUNS runs × 100 requests, $bad runs with failures"
[ "$bad" -eq 0 ]
