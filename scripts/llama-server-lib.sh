# Shared start-up of the scripts that drive a real llama.cpp llama-server (sourced, not run):
# the server binary and tiny GGUF (scripts/llama-server.sh), the benchfit binary, a free port,
# the server started in the background and waited for, and cleaned up on exit.
#
#   source "$ROOT/scripts/llama-server-lib.sh"
#   benchfit_bin "${2:-}"                    # sets BIN: the given binary, else a debug build
#   start_llama_server "4 slots" -np 4 -c 4096 -t 2   # sets WORK, PORT, SERVER_PID
#
# Needs ROOT (the repository) set by the caller. Prefix the server with a command (e.g. nice)
# through the LAUNCH array.
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

eval "$(bash "$ROOT/scripts/llama-server.sh")"
cd "$ROOT"

# BIN: the benchfit binary given as $1, else `cargo build` of the CLI (debug).
benchfit_bin() {
  if [ -n "${1:-}" ]; then
    BIN="$1"
  else
    cargo build -q -p benchfit-cli
    BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/benchfit"
  fi
}

# Starts llama-server with the tiny GGUF on 127.0.0.1 and a free port, with --metrics and the
# given arguments; waits (up to 20 s) until /health answers, else prints its log and exits.
# $1: words for the log line; the rest: llama-server arguments.
start_llama_server() {
  local what="$1"
  shift
  WORK=$(mktemp -d)
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  say "starting llama-server on 127.0.0.1:$PORT ($what)"
  "${LAUNCH[@]}" "$LLAMA_SERVER" -m "$GGUF" --host 127.0.0.1 --port "$PORT" --metrics "$@" \
    >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  trap 'kill "$SERVER_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
  for _ in $(seq 1 100); do
    if server_healthy; then return 0; fi
    sleep 0.2
  done
  server_healthy || { cat "$WORK/server.log" >&2; exit 1; }
}

server_healthy() {
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
    "http://127.0.0.1:$PORT/health" >/dev/null 2>&1
}
