#!/usr/bin/env bash
# Runs every test: the Rust workspace (unit, integration, doc tests), then the built page in
# headless Chromium. Installs what is missing first.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
install_web_tools
install_test_tools
cd "$ROOT"
say "cargo fmt --check"
cargo fmt --all --check
say "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
say "cargo test --workspace"
cargo test --workspace
say "benchfit measure against a real llama.cpp llama-server (builds it once, ~5 min on 2 cores)"
bash scripts/llama-server-test.sh
build_dist
bash scripts/size-report.sh dist
say "browser tests (headless Chromium)"
node --test tests/e2e/
