#!/usr/bin/env python3
"""Trunk post-build hook: add a Content-Security-Policy to the built index.html.

The policy allows only the page's own assets, WebAssembly compilation, and trunk's inline
loader script by its SHA-256 hash (computed here from the built file, so it always matches).
"""
import base64
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
path = os.path.join(staging, "index.html")
html = open(path, encoding="utf-8").read()
hashes = []
for body in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S):
    digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
    hashes.append(f"'sha256-{digest}'")
policy = (
    "default-src 'none'; "
    f"script-src 'self' 'wasm-unsafe-eval' {' '.join(hashes)}; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; object-src 'none'"
)
meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}" />'
html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\s*', "", html)
html = html.replace("<head>", "<head>\n    " + meta, 1)
open(path, "w", encoding="utf-8").write(html)
