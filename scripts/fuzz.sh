#!/usr/bin/env bash
# Fuzz every parser benchfit feeds untrusted input to (issue 7), one target at a time, for a
# fixed time each: the claim reader + checklist, the URL scenario decoder (+ estimate), the
# measurement importers, the SSE stream parser and the Prometheus text reader.
#
#   scripts/fuzz.sh [seconds-per-target] [target ...]     (default 60 s, all targets)
#
# Not part of CI or scripts/test.sh. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`). Corpora grow under fuzz/corpus/<target>, crashes land in
# fuzz/artifacts/<target>; a crash stops the script with libFuzzer's report. Each finding
# becomes a regression test in the normal test suite.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(claim scenario import sse metrics)
fi
cd "$ROOT/fuzz"
# The fuzz crate has its own target dir; a CARGO_TARGET_DIR meant for the workspace is not used.
unset CARGO_TARGET_DIR
for t in "${TARGETS[@]}"; do
  printf '\033[1m==> fuzz %s for %s s\033[0m\n' "$t" "$SECONDS_PER_TARGET" >&2
  mkdir -p "corpus/$t"
  # Seed an empty corpus with the test samples (libFuzzer finds JSON structure slowly alone).
  if [ -z "$(ls -A "corpus/$t")" ]; then
    case "$t" in
      import) cp "$ROOT"/crates/benchfit-core/tests/data/import/*.json "corpus/$t/" ;;
      claim | scenario)
        if command -v python3 >/dev/null; then
          python3 - "$ROOT/crates/benchfit-core/tests/data/claims_dev.jsonl" "corpus/$t" "$t" <<'PY'
import json, sys, urllib.parse
src, out, target = sys.argv[1:4]
for i, line in enumerate(open(src, encoding="utf-8")):
    if not line.strip():
        continue
    text = json.loads(line).get("text", "")
    if target == "scenario":
        text = "v=1&b=" + urllib.parse.quote_plus(text) + "&pin=1800&pout=400&c=8"
    open(f"{out}/seed-{i}", "w", encoding="utf-8").write(text)
PY
        fi
        ;;
    esac
  fi
  # One process, one target at a time (libFuzzer's default; -jobs=1 would fork a child that
  # logs to fuzz-0.log). -timeout: one input taking over 10 s is a finding; -rss_limit_mb: so
  # is 2 GB of memory.
  log="$ROOT/fuzz/artifacts/$t.log"
  mkdir -p "$ROOT/fuzz/artifacts"
  status=0
  cargo +nightly fuzz run "$t" "corpus/$t" -- \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 >"$log" 2>&1 || status=$?
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY)' "$log" >&2 || true
  if [ "$status" -ne 0 ]; then
    tail -40 "$log" >&2
    echo "fuzz: $t failed (exit $status); the input is under fuzz/artifacts/$t" >&2
    exit "$status"
  fi
done
