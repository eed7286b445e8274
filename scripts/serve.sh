#!/usr/bin/env bash
# Installs what is missing, builds the page and serves it with the worked example loaded.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
install_web_tools
build_dist
PORT="${PORT:-8080}"
say "benchfit is at http://127.0.0.1:$PORT/ (Ctrl-C stops it)"
cd "$ROOT" && exec trunk serve --release --offline --no-autoreload --port "$PORT" --address 127.0.0.1
