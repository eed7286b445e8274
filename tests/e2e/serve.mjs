// A tiny static file server for dist/ on loopback (used by the tests; `node serve.mjs DIR PORT`
// runs it standalone).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml' };

export function serve(dir, port = 0) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise(resolve => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/// The built page (dist/, or $BENCHFIT_DIST) served on loopback and Debian's headless Chromium
/// ($CHROMIUM to use another): `{ server, browser, base }`; close both when done.
export async function startPage() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = process.env.BENCHFIT_DIST || path.join(here, '..', '..', 'dist');
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { server, browser, base };
}

if (process.argv[1] && process.argv[1].endsWith('serve.mjs')) {
  const s = await serve(process.argv[2] || 'dist', Number(process.argv[3] || 8080));
  console.log(`serving on http://127.0.0.1:${s.address().port}/`);
}

/// The page's own address (`location.href`). Playwright's `page.url()` is its cached copy,
/// updated by an event from the browser that can arrive after the page has already re-rendered
/// (a `replaceState` on a loaded 2-core machine), so the tests read the address from the page.
export const href = page => page.evaluate(() => location.href);

/// Waits (5 s) until the page's address matches `re`; fails naming the address it has.
export async function expectHref(page, re) {
  try {
    await page.waitForFunction(([s, f]) => new RegExp(s, f).test(location.href), [re.source, re.flags], { timeout: 5000 });
  } catch {
    throw new Error(`the address ${await href(page)} never matched ${re}`);
  }
}
