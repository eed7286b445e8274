#!/usr/bin/env bash
# benchfit's own overhead against a local Rust stub (issue 5, "Performance"): loopback only,
# bounded in requests and seconds. Not part of CI or scripts/test.sh (needs spare cores).
#
# Reports:
#  - send lag p99: the measurement file's summary.client.send_lag_ms (scheduled vs actual send);
#  - receive delay p99: the stub sends token k exactly k*GAP after its first token (absolute
#    deadlines on one timer-tick phase), so for each request and each chunk k >= 1,
#    t_k - t_0 - k*GAP is how much later than the first token chunk k was seen: client delay
#    plus the stub's own pacing lateness (printed by the stub: it is an upper bound on the
#    client's part). The first chunk's delay is bounded by TTFT - 1 ms (request upload,
#    stub read, connection setup on the first wave included), reported too;
#  - CPU per 1,000 tokens/s: benchfit's user+sys CPU seconds (/usr/bin/time) per 1,000
#    tokens streamed = cores used per 1,000 tokens/s.
# Then the same load with a Python peer (guidellm from PyPI, venv in /tmp) where it runs.
#
# Env: CONCURRENCY (2000), OUTPUT_TOKENS (100), REQUESTS (8000), TPS (50 per request),
#      PORT (18731), PEER (1: try guidellm).
#
# MODE=peers: instead, client CPU per 1,000 output tokens/s of benchfit and of each peer tool
# installed by scripts/peer-files.sh (GuideLLM, AIPerf, inference-perf, vLLM bench serve), all against the same
# llama-server at the same load (concurrency PEER_CONCURRENCY=4, 64 prompt / 128 output tokens),
# in the same run. Each client runs twice (SMALL=40 and LARGE=200 requests) under /usr/bin/time;
# the marginal cost (CPU_large − CPU_small)/(tokens_large − tokens_small) leaves out start-up
# (Python imports, tokenizer loading) and is the steady-state figure; the whole-run figure is
# printed too. Tokens are the server's: requests × 128 (successful ones, from each tool's file).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/work/target-perf}"
if [ "${MODE:-stub}" = peers ]; then
  exec bash scripts/client-overhead-peers.sh
fi
C="${CONCURRENCY:-2000}" N="${OUTPUT_TOKENS:-100}" R="${REQUESTS:-8000}" TPS="${TPS:-50}"
PORT="${PORT:-18731}" OUT="$(mktemp -d /tmp/client-overhead.XXXX)"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
cargo build --release -q -p benchfit-cli --bin benchfit --example stub_server
BIN="$CARGO_TARGET_DIR/release"

stub() { # seconds
  "$BIN/examples/stub_server" --port "$PORT" --tps "$TPS" --seconds "$1" 2>"$OUT/stub.$2.err" &
  STUB=$!
  sleep 0.5
}

stub 60 benchfit
/usr/bin/time -f "%U %S %e" -o "$OUT/benchfit.time" "$BIN/benchfit" measure \
  --url "http://127.0.0.1:$PORT/v1" --model stub --concurrency "$C" --requests "$R" \
  --output-tokens "$N" --prompt-tokens 16 --duration 50 --timeout 30 --out "$OUT/m.json" \
  >"$OUT/benchfit.txt" 2>"$OUT/benchfit.err" || true
kill -INT "$STUB" 2>/dev/null || true; wait "$STUB" 2>/dev/null || true
echo "== benchfit: concurrency $C, $N tokens/request at $TPS tokens/s, $R requests"
grep -E "requests:|throughput" "$OUT/benchfit.txt" || cat "$OUT/benchfit.err"
grep lateness "$OUT/stub.benchfit.err" || true
python3 - "$OUT/m.json" "$OUT/benchfit.time" "$TPS" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); user, sys_, wall = map(float, open(sys.argv[2]).read().split()[-3:])
gap = 1000.0 / float(sys.argv[3])
q = lambda a, p: sorted(a)[min(len(a) - 1, int(p * len(a)))] if a else float("nan")
rel, first, tokens = [], [], 0
for r in m["requests"]:
    c = r["chunks"]; tokens += r["output_tokens"]
    if not c: continue
    first.append(c[0]["t_ms"] - 1.0)
    rel += [ch["t_ms"] - c[0]["t_ms"] - gap * k for k, ch in enumerate(c[1:], 1)]
lag = (m["summary"]["client"].get("send_lag_ms") or {}).get("p99", float("nan"))
cpu = user + sys_
print(f"send lag p99 {lag:.3f} ms")
print(f"receive delay p99 {q(rel, .99):.3f} ms (p50 {q(rel, .5):.3f}, p99.9 {q(rel, .999):.3f}; {len(rel)} chunks); first chunk (TTFT - 1 ms) p99 {q(first, .99):.3f} ms")
print(f"CPU {cpu:.2f} s (user {user:.2f}, sys {sys_:.2f}) over {wall:.2f} s for {tokens} tokens: {1000 * cpu / max(tokens, 1):.4f} cores per 1,000 tokens/s")
open(sys.argv[1] + ".cpu", "w").write(str(1000 * cpu / max(tokens, 1)))
PY

[ "${PEER:-1}" = 1 ] || exit 0
echo "== Python peer: guidellm (same stub, same load)"
VENV=/tmp/peer-venv
[ -x "$VENV/bin/guidellm" ] || { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q guidellm; } \
  || { echo "guidellm: pip install failed"; exit 0; }
python3 -c 'import json
for i in range(int('"$R"')): print(json.dumps({"prompt": " ".join(["word"] * 16) + f" {i}"}))' >"$OUT/prompts.jsonl"
stub 60 peer
( cd "$OUT" && timeout 55 /usr/bin/time -f "%U %S %e" -o "$OUT/peer.time" "$VENV/bin/guidellm" run \
  --backend kind=openai_http,target="http://127.0.0.1:$PORT",model=stub \
  --profile kind=concurrent,streams="$C" --constraint kind=max_requests,count="$R" \
  --data kind=json_file,path="$OUT/prompts.jsonl" \
  --disable-console-interactive >"$OUT/peer.txt" 2>&1 ) || true
kill -INT "$STUB" 2>/dev/null || true; wait "$STUB" 2>/dev/null || true
grep -E "tokens sent" "$OUT/stub.peer.err" || true
if [ -s "$OUT/peer.time" ]; then
  python3 - "$OUT" <<'PY'
import re, sys
d = sys.argv[1]
user, sys_, wall = map(float, open(f"{d}/peer.time").read().split()[-3:])
m = re.search(r"(\d+) tokens sent", open(f"{d}/stub.peer.err").read())
tokens = int(m.group(1)) if m else 0
ours = float(open(f"{d}/m.json.cpu").read())
cpu = user + sys_
per = 1000 * cpu / max(tokens, 1)
print(f"guidellm: CPU {cpu:.2f} s over {wall:.2f} s for {tokens} tokens (stub count): {per:.4f} cores per 1,000 tokens/s")
print(f"ratio guidellm / benchfit: {per / ours:.1f}x" if tokens else "guidellm streamed no tokens: see peer.txt")
PY
fi
tail -5 "$OUT/peer.txt"
echo "files: $OUT"
