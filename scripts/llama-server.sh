#!/usr/bin/env bash
# Builds (or reuses) a CPU-only llama.cpp `llama-server` and a tiny random-weight Llama GGUF for
# the real-server test of `benchfit measure` (issue 5).
#
#   bash scripts/llama-server.sh            # prints two lines: LLAMA_SERVER=... and GGUF=...
#
# The sources are the llama.cpp copy vendored in the PyPI sdist of llama-cpp-python 0.3.36
# (vendor/llama.cpp). cmake and ninja come from PyPI, into a venv under $BENCHFIT_TOOLS
# (default ~/.cache/benchfit-tools), where the binary is cached between runs (~5 min to build
# on two cores, once). The model is written by scripts/tiny_gguf.py with the PyPI `gguf`
# package: hidden 256, 2 layers, 4 heads / 2 KV heads, vocab 512, random weights.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="${BENCHFIT_TOOLS:-$HOME/.cache/benchfit-tools}"
LCP_VERSION=0.3.36
GGUF_VERSION=0.17.1
DIR="$TOOLS/llama-server-$LCP_VERSION"
VENV="$TOOLS/py-llama"
BIN="$DIR/bin/llama-server"
MODEL="$TOOLS/tiny-llama-gguf-$GGUF_VERSION.gguf"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

mkdir -p "$TOOLS"
if [ ! -x "$VENV/bin/python" ]; then
  say "creating a Python venv for cmake, ninja and gguf in $VENV"
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import gguf, numpy" 2>/dev/null \
  || [ ! -x "$VENV/bin/cmake" ] || [ ! -x "$VENV/bin/ninja" ]; then
  say "installing cmake, ninja, gguf==$GGUF_VERSION, numpy from PyPI"
  "$VENV/bin/pip" install -q --disable-pip-version-check cmake ninja "gguf==$GGUF_VERSION" numpy >&2
fi

if [ ! -x "$BIN" ]; then
  work="$TOOLS/build-llama-$LCP_VERSION"
  rm -rf "$work"
  mkdir -p "$work"
  say "downloading the llama-cpp-python $LCP_VERSION sdist (for vendor/llama.cpp)"
  # --no-build-isolation: no metadata build step needs cmake from source; the sdist is just
  # saved (pip prints a metadata warning for it, which does not matter here).
  "$VENV/bin/pip" download -q --disable-pip-version-check --no-deps --no-binary :none: \
    --no-build-isolation -d "$work" "llama-cpp-python==$LCP_VERSION" >&2 \
    || "$VENV/bin/pip" download -q --disable-pip-version-check --no-deps -d "$work" \
      "llama-cpp-python==$LCP_VERSION" >&2
  tar -xzf "$work"/llama_cpp_python-"$LCP_VERSION".tar.gz -C "$work"
  src="$work/llama_cpp_python-$LCP_VERSION/vendor/llama.cpp"
  [ -f "$src/CMakeLists.txt" ] || { echo "llama-server.sh: no vendor/llama.cpp in the sdist" >&2; exit 1; }
  say "building llama-server (Release, static, CPU only; a few minutes)"
  PATH="$VENV/bin:$PATH" cmake -S "$src" -B "$work/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_TOOLS=ON -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_WEBUI=OFF \
    -DLLAMA_SERVER_SSL=OFF -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF >&2
  PATH="$VENV/bin:$PATH" cmake --build "$work/build" --target llama-server -j "$(nproc)" >&2
  mkdir -p "$DIR/bin"
  cp "$work/build/bin/llama-server" "$BIN"
  rm -rf "$work"
fi

if [ ! -f "$MODEL" ]; then
  say "writing the tiny random-weight GGUF $MODEL"
  "$VENV/bin/python" "$ROOT/scripts/tiny_gguf.py" "$MODEL.tmp"
  mv "$MODEL.tmp" "$MODEL"
fi

echo "LLAMA_SERVER=$BIN"
echo "GGUF=$MODEL"
