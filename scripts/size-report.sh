#!/usr/bin/env bash
# Size of what the browser downloads: every top-level .wasm and .js in dist/, raw and gzip -9.
set -euo pipefail
DIST="${1:-dist}"
BUDGET=$((260 * 1024))  # issue 13: wasm + js the page downloads ≤ 260 KB gzipped
total=0
printf '%-48s %10s %10s\n' "file" "bytes" "gzip" >&2
for f in "$DIST"/*.wasm "$DIST"/*.js; do
  [ -e "$f" ] || continue
  raw=$(wc -c <"$f"); gz=$(gzip -9c "$f" | wc -c)
  total=$((total + gz))
  printf '%-48s %10d %10d\n' "$(basename "$f")" "$raw" "$gz" >&2
done
printf 'size report: wasm + js = %d bytes gzipped (budget %d)\n' "$total" "$BUDGET"
[ "$total" -le "$BUDGET" ] || echo "size report: OVER BUDGET" >&2
