#!/usr/bin/env python3
"""Trunk post-build step (release only): minify wasm-bindgen's JS glue with terser.

The glue is ~40 KB as generated, 18 KB minified (7.4 → 5.6 KB gzipped; issue 13 keeps the
page's wasm + js under 260 KB gzipped). Trunk's own `--minify` fails on this file ("Failed to
minify JS: RequiredTokenNotFound"), so terser (npm, pure JavaScript; scripts/tools.sh installs
it) does it. The `integrity` hash trunk wrote for the file in index.html is recomputed, or the
browser would refuse the changed file. Without terser on PATH the glue is left as it is, with a
warning (a `trunk serve` outside scripts/tools.sh still works).

Runs before scripts/csp.py (Trunk.toml), which hashes the inline loader afterwards.
"""
import base64
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys

staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
terser = shutil.which("terser")
if terser is None:
    print("minify_js: terser not on PATH (scripts/tools.sh installs it); JS left unminified",
          file=sys.stderr)
    sys.exit(0)

index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()
for path in glob.glob(os.path.join(staging, "*.js")):
    subprocess.run([terser, path, "--module", "--compress", "--mangle", "--output", path],
                   check=True)
    data = open(path, "rb").read()
    digest = "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()
    name = re.escape("./" + os.path.basename(path))
    # The file's <link ... href="./NAME" ... integrity="sha384-..."> (attributes in any order).
    html, n = re.subn(
        r'(<link\b[^>]*\bhref="' + name + r'"[^>]*\bintegrity=")sha384-[A-Za-z0-9+/=]+(")',
        lambda m: m.group(1) + digest + m.group(2),
        html,
    )
    if n == 0 and "integrity=" in html:
        sys.exit(f"minify_js: no integrity attribute for {os.path.basename(path)} in index.html")
open(index, "w", encoding="utf-8").write(html)
