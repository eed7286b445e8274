#!/usr/bin/env bash
# Client CPU per 1,000 output tokens/s: benchfit vs the peer tools, same llama-server, same load,
# same run (issue 14). Called by `MODE=peers bash scripts/client-overhead.sh`; see there.
# Env: BENCHFIT (a benchfit binary; default: cargo build --release -p benchfit-cli), SMALL (40),
#      LARGE (200), PEER_CONCURRENCY (4), PORT (18801), PEERS_LIST ("guidellm aiperf inference-perf vllm"),
#      REPEATS (1): each client's pair of runs is repeated, the clients taking turns, and the
#      medians are printed (CPU time on a shared machine varies from run to run).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="${BENCHFIT_TOOLS:-$HOME/.cache/benchfit-tools}"
PEERS="$TOOLS/peers"
C="${PEER_CONCURRENCY:-4}" SMALL="${SMALL:-40}" LARGE="${LARGE:-200}" PORT="${PORT:-18801}"
OUT="$(mktemp -d /tmp/client-overhead-peers.XXXX)"
if [ -z "${BENCHFIT:-}" ]; then
  cargo build --release -q -p benchfit-cli --bin benchfit
  BENCHFIT="$CARGO_TARGET_DIR/release/benchfit"
fi
eval "$(bash "$ROOT/scripts/llama-server.sh")"
[ -f "$PEERS/tokenizer/tokenizer.json" ] \
  || "$TOOLS/py-llama/bin/python" "$ROOT/scripts/peer_tokenizer.py" "$GGUF" "$PEERS/tokenizer" >&2
TOK="$PEERS/tokenizer" URL="http://127.0.0.1:$PORT"
"$LLAMA_SERVER" -m "$GGUF" --alias tiny --host 127.0.0.1 --port "$PORT" -np 4 -c 4096 -t 1 \
  >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 60); do curl -sf "$URL/health" >/dev/null 2>&1 && break; sleep 0.5; done

# run NAME N: the client's command for N requests, in $OUT/NAME.N/, timed; prints "user sys".
run() {
  local name=$1 n=$2 d="$OUT/$1.$2"
  mkdir -p "$d"
  case "$name" in
    benchfit) set -- "$BENCHFIT" measure --url "$URL/v1" --model tiny --concurrency "$C" \
      --requests "$n" --prompt-tokens 64 --output-tokens 128 --out "$d/m.json" ;;
    guidellm) set -- "$PEERS/guidellm/bin/guidellm" run \
      --backend "kind=openai_http,target=$URL,model=tiny" --profile "kind=concurrent,streams=$C" \
      --constraint "kind=max_requests,count=$n" --tokenizer "kind=hf_auto,model=$TOK" \
      --data "kind=synthetic_text,prompt_tokens=64,output_tokens=128" \
      --output "kind=json,path=$d/benchmarks.json" --disable-console ;;
    aiperf) set -- "$PEERS/aiperf/bin/aiperf" profile --model tiny --url "$URL" \
      --endpoint-type completions --streaming --tokenizer "$TOK" --concurrency "$C" \
      --request-count "$n" --synthetic-input-tokens-mean 64 --synthetic-input-tokens-stddev 0 \
      --output-tokens-mean 128 --output-tokens-stddev 0 --extra-inputs ignore_eos:true \
      --artifact-dir "$d/out" --ui-type none ;;
    vllm) set -- "$PEERS/vllm/bin/vllm" bench serve --backend openai --base-url "$URL" \
      --endpoint /v1/completions --model tiny --tokenizer "$TOK" --dataset-name random \
      --random-input-len 64 --random-output-len 128 --num-prompts "$n" --max-concurrency "$C" \
      --ignore-eos --save-result --result-dir "$d" --result-filename r.json ;;
    inference-perf)
      cat >"$d/config.yml" <<YML
api: {type: completion, streaming: true}
data:
  type: random
  input_distribution: {min: 64, max: 64, mean: 64, std_dev: 0, total_count: $n}
  output_distribution: {min: 128, max: 128, mean: 128, std_dev: 0, total_count: $n}
load: {type: concurrent, stages: [{num_requests: $n, concurrency_level: $C}], num_workers: 1}
server: {type: vllm, model_name: tiny, base_url: "$URL", ignore_eos: true}
tokenizer: {pretrained_model_name_or_path: "$TOK"}
storage: {local_storage: {path: "$d/out"}}
YML
      set -- "$PEERS/inference-perf/bin/inference-perf" -c "$d/config.yml" ;;
  esac
  ( cd "$d" && /usr/bin/time -f "%U %S %e" -o "$d/time" "$@" >"$d/log" 2>&1 ) || true
  python3 - "$name" "$d" <<'PY'
import glob, json, sys
name, d = sys.argv[1:]
ok = 0
try:
    if name == "benchfit":
        ok = json.load(open(f"{d}/m.json"))["summary"]["requests"]["completed"]
    elif name == "guidellm":
        b = json.load(open(f"{d}/benchmarks.json"))["benchmarks"][0]
        ok = b["metrics"]["request_totals"]["successful"]
    elif name == "aiperf":
        ok = json.load(open(f"{d}/out/profile_export_aiperf.json"))["request_count"]["avg"]
    elif name == "vllm":
        ok = json.load(open(f"{d}/r.json"))["completed"]
    elif name == "inference-perf":
        ok = json.load(open(f"{d}/out/summary_lifecycle_metrics.json"))["successes"]["count"]
except Exception as e:  # the tool failed: reported as 0 requests
    print(f"{name}: no result file ({e})", file=sys.stderr)
u, s, e = open(f"{d}/time").read().split()[-3:]
print(f"{float(u) + float(s)} {float(e)} {int(ok) * 128}")
PY
}

printf '%-15s %8s %8s %10s %12s %12s\n' client "cpu_s@$SMALL" "cpu_s@$LARGE" tokens \
  "s/1k tok" "marginal"
CLIENTS=""
for name in benchfit ${PEERS_LIST:-guidellm aiperf inference-perf vllm}; do
  if [ "$name" != benchfit ] && [ ! -x "$PEERS/$name/bin/python" ]; then
    echo "$name: not installed (bash scripts/peer-files.sh $name)"; continue
  fi
  CLIENTS="$CLIENTS $name"
done
for rep in $(seq "${REPEATS:-1}"); do
  for name in $CLIENTS; do
    read -r c1 _ t1 < <(run "$name" "$SMALL")
    read -r c2 _ t2 < <(run "$name" "$LARGE")
    echo "$name $c1 $c2 $t1 $t2" >>"$OUT/cpu.txt"
    python3 -c "
c1, c2, t1, t2 = $c1, $c2, $t1, $t2
whole = 1000 * c2 / t2 if t2 else float('nan')
marg = 1000 * (c2 - c1) / (t2 - t1) if t2 > t1 else float('nan')
print(f'%-15s %8.2f %8.2f %10d %12.4f %12.4f' % ('$name', c1, c2, t2, whole, marg))"
  done
done
if [ "${REPEATS:-1}" -gt 1 ]; then
  echo "medians of ${REPEATS} runs (s of CPU per 1,000 output tokens):"
  python3 - "$OUT/cpu.txt" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, c1, c2, t1, t2 = line.split()
    c1, c2, t1, t2 = map(float, (c1, c2, t1, t2))
    whole = 1000 * c2 / t2 if t2 else float("nan")
    marg = 1000 * (c2 - c1) / (t2 - t1) if t2 > t1 else float("nan")
    runs.setdefault(name, []).append((marg, whole))
ours = statistics.median(m for m, _ in runs.get("benchfit", [(float("nan"), 0)]))
for name, r in runs.items():
    marg = statistics.median(m for m, _ in r)
    whole = statistics.median(w for _, w in r)
    print(f"{name:15s} marginal {marg:.4f} ({marg / ours:.1f}x benchfit)  whole {whole:.4f}")
PY
fi
echo "files: $OUT"
