#!/usr/bin/env bash
# Installs what the build and tests need, skipping what is already there. Sourced by serve.sh
# and test.sh. Nothing here downloads prebuilt binaries: Rust tools build from crates.io,
# wasm-opt comes from npm's binaryen package, terser (pure JavaScript) from npm, Chromium from
# Debian.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="${BENCHFIT_TOOLS:-$HOME/.cache/benchfit-tools}"
TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
# terser minifies wasm-bindgen's JS glue after the build (scripts/minify_js.py).
TERSER_VERSION=5.51.4
# binaryen from npm first: trunk runs the first wasm-opt on PATH and Debian's (108) is too old.
export PATH="$TOOLS/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

install_web_tools() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (from source, a few minutes)"
    cargo install --locked "trunk@$TRUNK_VERSION"
  fi
  local wb
  wb=$(awk '$0=="name = \"wasm-bindgen\""{getline; gsub(/version = |"/, ""); print; exit}' "$ROOT/Cargo.lock")
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wb" ]; then
    say "installing wasm-bindgen-cli $wb (the version in Cargo.lock)"
    # Not --locked: a locked dependency of this release is missing from the registry.
    cargo install "wasm-bindgen-cli@$wb"
  fi
  if ! command -v wasm-pack >/dev/null 2>&1; then
    say "installing wasm-pack (from source)"
    cargo install wasm-pack
  fi
  if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
    say "installing wasm-opt (npm binaryen@$BINARYEN_VERSION) into $TOOLS"
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund "binaryen@$BINARYEN_VERSION" >&2
  fi
  if [ "$(terser --version 2>/dev/null)" != "terser $TERSER_VERSION" ]; then
    say "installing terser $TERSER_VERSION (npm) into $TOOLS"
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund "terser@$TERSER_VERSION" >&2
  fi
}

install_test_tools() {
  if [ ! -x /usr/bin/chromium ]; then
    say "installing Chromium from Debian"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >&2
  fi
  if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ]; then
    say "installing playwright-core for the browser tests"
    npm ci --prefix "$ROOT/tests/e2e" --no-audit --no-fund >&2
  fi
}

# Builds the page into dist/ (release, wasm-opt). Dependencies are fetched first so that the
# build itself runs offline.
build_dist() {
  say "building the page (trunk build --release)"
  (cd "$ROOT" && cargo fetch --target wasm32-unknown-unknown >&2 \
    && wasm-pack build crates/benchfit-js --target web --profile web --mode no-install >&2 \
    && trunk build --release --offline >&2)
}
