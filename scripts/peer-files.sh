#!/usr/bin/env bash
# Real result files from the real peer load tools, for the importer tests (issue 14). Not CI.
#
#   bash scripts/peer-files.sh [tool ...]     # default: guidellm aiperf inference-perf vllm genai-perf
#
# Each tool is installed from PyPI into its own venv under $BENCHFIT_TOOLS/peers/<tool>
# (default ~/.cache/benchfit-tools; Python 3.12 via pyenv or python3.12), then run against the
# project's llama.cpp llama-server (scripts/llama-server.sh: CPU, tiny random-weight GGUF, 4
# slots) at one fixed load: concurrency 4, 40 requests, 64 prompt tokens, 128 output tokens
# (ignore_eos), streaming /v1/completions (GuideLLM: its default /v1/chat/completions). Tokens:
# the tools need a Hugging Face tokenizer and nothing can be downloaded from a model hub, so
# scripts/peer_tokenizer.py writes one from the GGUF's own vocabulary and merges.
# The result files, the tool's console output and a README.txt (exact command, tool version,
# date) land in crates/benchfit-core/tests/data/import/real/<tool>-<version>/.
# Env: PEER_REQUESTS (40), PEER_CONCURRENCY (4), PORT (18800), KEEP_SERVER (0).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="${BENCHFIT_TOOLS:-$HOME/.cache/benchfit-tools}"
PEERS="$TOOLS/peers"
N="${PEER_REQUESTS:-40}" C="${PEER_CONCURRENCY:-4}" PORT="${PORT:-18800}"
DATA="$ROOT/crates/benchfit-core/tests/data/import/real"
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
mkdir -p "$PEERS"

py312() {
  if command -v pyenv >/dev/null && pyenv versions --bare | grep -q '^3\.12'; then
    PYENV_VERSION=$(pyenv versions --bare | grep '^3\.12' | tail -1) pyenv exec python "$@"
  else python3.12 "$@"; fi
}
install() { # tool pip-spec
  local venv="$PEERS/$1"
  [ -x "$venv/bin/python" ] || py312 -m venv "$venv"
  "$venv/bin/pip" show -q "$1" >/dev/null 2>&1 \
    || nice -n 15 "$venv/bin/pip" install -q --disable-pip-version-check "$2" >&2
}
version() { "$PEERS/$1/bin/pip" show "$1" 2>/dev/null | awk '/^Version:/ {print $2}'; }

eval "$(bash "$ROOT/scripts/llama-server.sh")"
"$TOOLS/py-llama/bin/python" "$ROOT/scripts/peer_tokenizer.py" "$GGUF" "$PEERS/tokenizer" >&2
TOK="$PEERS/tokenizer"
URL="http://127.0.0.1:$PORT"
if ! curl -sf "$URL/health" >/dev/null 2>&1; then
  say "starting llama-server on $URL (4 slots, alias tiny)"
  "$LLAMA_SERVER" -m "$GGUF" --alias tiny --host 127.0.0.1 --port "$PORT" --metrics -np 4 \
    -c 4096 -t 1 >"$PEERS/llama-server.log" 2>&1 &
  SERVER=$!
  trap '[ "${KEEP_SERVER:-0}" = 1 ] || kill "$SERVER" 2>/dev/null || true' EXIT
  for _ in $(seq 60); do curl -sf "$URL/health" >/dev/null 2>&1 && break; sleep 0.5; done
fi

record() { # tool version dir command-string
  local out="$DATA/$1-$2"
  mkdir -p "$out"
  {
    echo "Written by scripts/peer-files.sh (issue 14) on $(date -u +%Y-%m-%dT%H:%M:%SZ)."
    echo "Tool: $1 $2 (PyPI), Python $("$PEERS/$1/bin/python" -V 2>&1 | cut -d' ' -f2)."
    echo "Server: llama.cpp llama-server (llama-cpp-python 0.3.36 vendor copy), CPU, tiny random GGUF"
    echo "  (scripts/tiny_gguf.py), 4 slots; model alias \"tiny\"; tokenizer from scripts/peer_tokenizer.py."
    echo "Load: concurrency $C, $N requests, 64 prompt tokens, 128 output tokens, streaming."
    echo "Command (run in a scratch directory):"
    echo "  $4"
    echo "The tool's own summary (console table, or genai-perf's CSV export) is in console.txt beside this file."
  } >"$out/README.txt"
  echo "$out"
}

run_guidellm() {
  install guidellm guidellm
  local v w cmd; v=$(version guidellm); w=$(mktemp -d)
  cmd="guidellm run --backend kind=openai_http,target=$URL,model=tiny --profile kind=concurrent,streams=$C --constraint kind=max_requests,count=$N --tokenizer kind=hf_auto,model=$TOK --data kind=synthetic_text,prompt_tokens=64,output_tokens=128 --output kind=json,path=$w/benchmarks.json --output kind=console --disable-console-interactive"
  ( cd "$w" && "$PEERS/guidellm/bin/"$cmd >"$w/console.txt" 2>&1 )
  local out; out=$(record guidellm "$v" "$w" "$cmd")
  cp "$w/benchmarks.json" "$out/"
  sed -n '/Request Latency Statistics/,$p' "$w/console.txt" >"$out/console.txt"
  sed -n '/Run Summary Info/,/Text Metrics/p' "$w/console.txt" >>"$out/console.txt"
}

run_aiperf() {
  install aiperf aiperf
  local v w cmd; v=$(version aiperf); w=$(mktemp -d)
  cmd="aiperf profile --model tiny --url $URL --endpoint-type completions --streaming --tokenizer $TOK --concurrency $C --request-count $N --synthetic-input-tokens-mean 64 --synthetic-input-tokens-stddev 0 --output-tokens-mean 128 --output-tokens-stddev 0 --extra-inputs ignore_eos:true --artifact-dir $w/out --ui-type simple"
  ( cd "$w" && "$PEERS/aiperf/bin/"$cmd >"$w/console.txt" 2>&1 )
  local out; out=$(record aiperf "$v" "$w" "$cmd")
  cp "$w/out/profile_export_aiperf.json" "$out/"
  cp "$w/out/profile_export_console.txt" "$out/console.txt"
}

run_inference_perf() {
  install inference-perf inference-perf
  local v w cmd; v=$(version inference-perf); w=$(mktemp -d)
  cat >"$w/config.yml" <<YML
api: {type: completion, streaming: true}
data:
  type: random
  input_distribution: {min: 64, max: 64, mean: 64, std_dev: 0, total_count: $N}
  output_distribution: {min: 128, max: 128, mean: 128, std_dev: 0, total_count: $N}
load:
  type: concurrent
  stages: [{num_requests: $N, concurrency_level: $C}]
  num_workers: 1
server: {type: vllm, model_name: tiny, base_url: "$URL", ignore_eos: true}
tokenizer: {pretrained_model_name_or_path: "$TOK"}
report:
  request_lifecycle: {summary: true, per_stage: true, per_request: false}
storage:
  local_storage: {path: "$w/out"}
YML
  cmd="inference-perf -c config.yml"
  ( cd "$w" && "$PEERS/inference-perf/bin/"$cmd >"$w/console.txt" 2>&1 )
  local out; out=$(record inference-perf "$v" "$w" "$cmd")
  cp "$w/config.yml" "$w/out/summary_lifecycle_metrics.json" "$out/"
  sed -n '/Stage.*Req Rate\|Req Rate/,$p' "$w/console.txt" >"$out/console.txt"
  [ -s "$out/console.txt" ] || cp "$w/console.txt" "$out/console.txt"
}

run_vllm() {
  # vLLM's bench client needs no GPU, but its PyPI wheel pins CUDA torch and dozens of server
  # packages: installed with --no-deps, the missing light modules added as imports fail, torch
  # and friends taken from the GuideLLM venv (a .pth file), transformers pinned to vLLM's range.
  local venv="$PEERS/vllm"
  if [ ! -x "$venv/bin/vllm" ]; then
    install guidellm guidellm
    py312 -m venv "$venv"
    echo "$PEERS/guidellm/lib/python3.12/site-packages" \
      >"$venv/lib/python3.12/site-packages/zz-guidellm-deps.pth"
    nice -n 15 "$venv/bin/pip" install -q --disable-pip-version-check --no-deps vllm >&2
    nice -n 15 "$venv/bin/pip" install -q --disable-pip-version-check cbor2 psutil pyzmq \
      aiohttp requests openai openai-harmony msgspec cloudpickle pillow pybase64 cachetools \
      py-cpuinfo "transformers>=5.16.1,<5.21.0" fastapi prometheus-client \
      partial-json-parser uvicorn xgrammar llguidance watchfiles orjson >&2 || true
  fi
  local v w cmd; v=$(version vllm); w=$(mktemp -d)
  cmd="vllm bench serve --backend openai --base-url $URL --endpoint /v1/completions --model tiny --tokenizer $TOK --dataset-name random --random-input-len 64 --random-output-len 128 --num-prompts $N --max-concurrency $C --ignore-eos --save-result --save-detailed --result-dir $w --percentile-metrics ttft,tpot,itl,e2el --metric-percentiles 50,90,95,99"
  ( cd "$w" && "$venv/bin/"$cmd >"$w/console.txt" 2>&1 )
  local out; out=$(record vllm "$v" "$w" "$cmd")
  cp "$w"/openai-*.json "$out/vllm_bench_serve.json"
  sed -n '/Serving Benchmark Result/,$p' "$w/console.txt" >"$out/console.txt"
}

run_genai_perf() {
  # genai-perf drives the C++ perf_analyzer, which PyPI's perf_analyzer package (a placeholder)
  # lacks: the binary is taken from the tritonclient 2.48.0 wheel (2.52 needs glibc 2.38; 2.41
  # lacks --request-count), with libcudart.so.12 from nvidia-cuda-runtime-cu12 and libb64.so.0d
  # from the system (Debian: apt-get install libb64-0d).
  local venv="$PEERS/genai-perf"
  install genai-perf genai-perf
  if [ ! -x "$venv/bin/perf_analyzer" ] || ! "$venv/bin/perf_analyzer" --version >/dev/null 2>&1; then
    nice -n 15 "$venv/bin/pip" install -q --disable-pip-version-check nvidia-cuda-runtime-cu12 >&2
    local tc; tc=$(mktemp -d)
    "$venv/bin/pip" download -q --no-deps -d "$tc" tritonclient==2.48.0 >&2
    ( cd "$tc" && unzip -o -q ./*.whl '*bin/perf_analyzer' && cp ./*/data/bin/perf_analyzer "$venv/bin/" )
    chmod +x "$venv/bin/perf_analyzer"
  fi
  export LD_LIBRARY_PATH="$venv/lib/python3.12/site-packages/nvidia/cuda_runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  local v w cmd; v=$(version genai-perf); w=$(mktemp -d)
  cmd="genai-perf profile -m tiny --url 127.0.0.1:$PORT --endpoint-type completions --streaming --tokenizer $TOK --concurrency $C --request-count $N --synthetic-input-tokens-mean 64 --synthetic-input-tokens-stddev 0 --output-tokens-mean 128 --output-tokens-stddev 0 --extra-inputs ignore_eos:true --artifact-dir $w/out"
  ( cd "$w" && PATH="$venv/bin:$PATH" COLUMNS=200 "$venv/bin/"$cmd >"$w/console.txt" 2>&1 )
  local out; out=$(record genai-perf "$v" "$w" "$cmd")
  cp "$w"/out/*/profile_export_genai_perf.json "$out/"
  cp "$w"/out/*/profile_export_genai_perf.csv "$out/console.txt"
}

for t in "${@:-guidellm aiperf inference-perf vllm genai-perf}"; do
  for tool in $t; do
    say "$tool"
    case "$tool" in
      guidellm) run_guidellm ;;
      aiperf) run_aiperf ;;
      inference-perf) run_inference_perf ;;
      vllm) run_vllm ;;
      genai-perf) run_genai_perf ;;
      *) echo "peer-files.sh: unknown tool $tool (guidellm, aiperf, inference-perf, vllm, genai-perf)" >&2; exit 2 ;;
    esac || echo "peer-files.sh: $tool failed" >&2
  done
done
