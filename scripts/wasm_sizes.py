#!/usr/bin/env python3
"""Names the biggest contributors to a wasm file: code bytes per crate, from the `name` section.

Usage: wasm_sizes.py FILE.wasm [TOP]. Run it on the pre-wasm-opt build (which keeps names):
target/wasm32-unknown-unknown/web/benchfit-web.wasm.
"""
import re
import sys
from collections import Counter


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7F) << s; s += 7
        if x < 0x80:
            return r, i


def crate_of(name):
    """The crate of a Rust symbol: legacy-mangled `_ZN<len><crate>...`, or `<impl crate::...>`."""
    m = re.match(r"_ZN(\d+)", name)
    if m:
        n = int(m.group(1))
        start = m.end()
        part = name[start:start + n]
        if part.startswith("_$LT$"):
            inner = re.search(r"\$LT\$([a-z_][a-z0-9_]*)\.\.", part)
            return inner.group(1) if inner else "<impl>"
        return part
    m = re.search(r"([a-z_][a-z0-9_]*)::", name)
    return m.group(1) if m else "<other>"


def main(path, top=12):
    b = open(path, "rb").read()
    i = 8
    imports = 0
    bodies, names = [], {}
    while i < len(b):
        sid = b[i]; i += 1
        size, i = leb(b, i)
        end = i + size
        if sid == 2:  # imports: count functions
            n, j = leb(b, i)
            for _ in range(n):
                for _ in range(2):
                    l, j = leb(b, j); j += l
                kind = b[j]; j += 1
                if kind == 0:
                    _, j = leb(b, j); imports += 1
                elif kind == 1:
                    j += 1; flags = b[j]; j += 1; _, j = leb(b, j)
                    if flags & 1: _, j = leb(b, j)
                elif kind == 2:
                    flags = b[j]; j += 1; _, j = leb(b, j)
                    if flags & 1: _, j = leb(b, j)
                elif kind == 3:
                    j += 2
        elif sid == 10:
            n, j = leb(b, i)
            for _ in range(n):
                s, j2 = leb(b, j)
                bodies.append(j2 - j + s); j = j2 + s
        elif sid == 0:
            l, j = leb(b, i)
            if b[j:j + l] == b"name":
                j += l
                while j < end:
                    sub = b[j]; j += 1
                    ss, j = leb(b, j)
                    if sub == 1:
                        n, k = leb(b, j)
                        for _ in range(n):
                            idx, k = leb(b, k); l2, k = leb(b, k)
                            names[idx] = b[k:k + l2].decode("utf-8", "replace"); k += l2
                    j += ss
        i = end
    per = Counter()
    for n, size in enumerate(bodies):
        name = names.get(n + imports, "?")
        crate = crate_of(name)
        per[crate] += size
    total = sum(bodies)
    print(f"code section: {total} bytes in {len(bodies)} functions (before wasm-opt)")
    for crate, size in per.most_common(int(top)):
        print(f"  {crate:<28} {size:>9} bytes  {size * 100 / total:5.1f}%")


if __name__ == "__main__":
    main(*sys.argv[1:])
