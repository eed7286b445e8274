// End-to-end test of the built page (dist/) in Debian's headless Chromium.
// Run from the repo root after `trunk build --release`: `node --test tests/e2e/`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startPage, href, expectHref } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
let server, browser, base;

before(async () => {
  ({ server, browser, base } = await startPage());
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', e => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('#computed');
  return { page, errors };
}

const text = (page, sel) => page.locator(sel).innerText();

test('worked example loads with its verdict and costs, without interaction', async () => {
  const { page, errors } = await open(base);
  assert.equal(await text(page, '#verdict'), 'usable');
  assert.match(await text(page, '#evidence'), /3,200 tokens\/sec/);
  assert.match(await page.locator('#evidence mark.ev-figures').first().innerText(), /^3,200 tokens\/sec$/);
  assert.match(await text(page, '#cost-request'), /^\$\d/);
  assert.match(await text(page, '#cost-output'), /^\$\d/);
  assert.match(await text(page, '#computed'), /computed in \d+(\.\d)? ms/);
  // The physics check names the only possible reading.
  assert.match(await page.locator('main').innerText(), /Possible only as: total tok\/s on h100-sxm/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('changing concurrency changes the cost; the copied URL restores the same numbers', async () => {
  const { page, errors } = await open(base);
  const before = await text(page, '#cost-request');
  await page.fill('#conc', '2');
  await page.waitForFunction(b => document.querySelector('#cost-request').innerText !== b, before);
  const after = await text(page, '#cost-request');
  assert.notEqual(after, before);
  // Fewer requests share the GPU: each costs more.
  assert.ok(parseFloat(after.slice(1)) > parseFloat(before.slice(1)), `${after} vs ${before}`);
  const url = await href(page);
  assert.match(url, /[?&]c=2(&|$)/);
  const throughput = await text(page, '#throughput');
  const fresh = await open(url);
  assert.equal(await text(fresh.page, '#cost-request'), after);
  assert.equal(await text(fresh.page, '#throughput'), throughput);
  assert.equal(await fresh.page.inputValue('#conc'), '2');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await page.close();
  await fresh.page.close();
});

test('an invalid field shows an inline message and keeps the last good result', async () => {
  const { page, errors } = await open(base);
  const good = await text(page, '#cost-request');
  await page.fill('#pin', '-5');
  await page.waitForSelector('.field.invalid .error');
  assert.match(await text(page, '.field.invalid .error'), /Prompt tokens: must be a whole number of tokens from 1 to 10,000,000/);
  assert.equal(await text(page, '#cost-request'), good);
  assert.deepEqual(errors, []);
  await page.close();
});

test('hostile URL values render as text and are reported', async () => {
  const { page, errors } = await open(`${base}?b=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%20500%20tok%2Fs&c=-1&pin=abc`);
  assert.equal(await page.locator('img').count(), 0);
  assert.match(await text(page, '#evidence'), /<img src=x onerror=alert\(1\)>/);
  assert.match(await page.locator('main').innerText(), /were not valid and were replaced by defaults/);
  // No model in the claim and none chosen: the page says what is missing instead of a number.
  assert.match(await page.locator('.results, section.card .error').last().innerText(), /model/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a long pasted claim travels in the fragment, whole, and restores on reload', async () => {
  const { page, errors } = await open(base);
  // 30,000 characters: far over the ~8 KB a server accepts in a request line.
  const long = 'Llama 3 70B on 8x H100, vLLM, batch 64: 3,200 tok/s. ' + 'log line '.repeat(3300);
  await page.fill('#claim', long);
  await page.waitForFunction(() => location.hash.length > 25000 && location.search === '');
  const url = await href(page);
  const again = await open(url);
  assert.equal(await again.page.locator('#claim').inputValue(), long);
  assert.doesNotMatch(await again.page.locator('main').innerText(), /were not valid/);
  assert.deepEqual(again.errors, []);
  assert.deepEqual(errors, []);
  await again.page.close();
  await page.close();
});

test('SLOs, the concurrency curve and open-loop rates', async () => {
  const { page, errors } = await open(base);
  await page.waitForSelector('#curve svg polyline.tput');
  await page.fill('#stpot', '30');
  // p95 TPOT is ~29 ms at 8 in flight and ~34 ms at 16 (hand-checked in the core tests).
  await page.waitForFunction(() => /Highest concurrency that meets the SLOs: 8/.test(document.querySelector('#best-concurrency')?.innerText || ''));
  assert.match(await text(page, '#simulation'), /goodput/);
  await page.selectOption('#mode', 'rate');
  await page.fill('#rate', '0.3');
  await page.waitForFunction(() => /Poisson 0.30 req\/s/.test(document.querySelector('#simulation')?.innerText || ''));
  await expectHref(page, /rate=0.3/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('embed mode is a compact widget that links to the full page', async () => {
  const full = await open(base);
  const fullText = (await full.page.locator('body').innerText()).length;
  const { page, errors } = await open(`${base}?v=1&gpu=h100&pin=1800&pout=400&c=8&busy=10&embed=1`);
  assert.equal(await text(page, '#verdict'), 'usable');
  assert.match(await text(page, '#cost-request'), /^\$\d/);
  const link = await page.getAttribute('#open-full', 'href');
  assert.ok(!link.includes('embed=1') && link.includes('c=8'), link);
  const embedText = (await page.locator('body').innerText()).length;
  assert.ok(embedText < fullText * 0.3, `embed ${embedText} chars vs full ${fullText}`);
  assert.equal(await page.locator('#checklist-h').count(), 0);
  // Editing inside the widget keeps it a widget.
  await page.fill('#claim', '900 tok/s for Llama 3 8B on one L4');
  await page.waitForFunction(() => /embed=1/.test(location.search) && /L4/.test(decodeURIComponent(location.search)));
  assert.deepEqual([...errors, ...full.errors], []);
  await page.close();
  await full.page.close();
});

test('the full page offers an iframe snippet, Markdown and CSV', async () => {
  const { page, errors } = await open(base);
  await page.click('#embed-button');
  const snippet = await page.inputValue('#snippet');
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?v=1&b=.*&embed=1" width="520"/);
  await page.click('#copy-md');
  await page.waitForFunction(() => /Markdown copied/.test(document.querySelector('#copy-md').innerText));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the JavaScript package works from a plain page', async () => {
  const { page, errors } = await (async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', e => errors.push(String(e)));
    await page.goto(`${base}js-example.html`);
    await page.waitForFunction(() => document.querySelector('#cost').textContent.startsWith('$'));
    return { page, errors };
  })();
  // 2,209 tok/s per GPU × TP2, stated batch missing: caution, not reject.
  assert.equal(await text(page, '#verdict'), 'caution');
  assert.equal(await page.locator('#rows tbody tr').count(), 6);
  assert.match(await text(page, '#error'), /check: the claim text is empty/);
  assert.match(await page.getAttribute('body', 'data-url'), /^v=1&b=2%2C209/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard only: every form input is reachable with Tab and editable', async () => {
  const { page, errors } = await open(base);
  await page.focus('#claim');
  const seen = new Set();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    seen.add(await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName));
  }
  for (const id of ['pin', 'pout', 'conc', 'mode', 'gpu', 'price', 'sttft', 'stpot']) assert.ok(seen.has(id), `${id} not reached: ${[...seen]}`);
  const before = await text(page, '#cost-request');
  await page.focus('#conc');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.waitForFunction(b => document.querySelector('#cost-request').innerText !== b, before);
  assert.deepEqual(errors, []);
  await page.close();
});

test('dark theme follows prefers-color-scheme', async () => {
  const page = await browser.newPage({ colorScheme: 'dark' });
  await page.goto(base);
  await page.waitForSelector('#cost-request');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, bg);
  await page.close();
});

test('no request leaves the page origin, and the policy allows the page to run', async () => {
  const page = await browser.newPage();
  const urls = [];
  const errors = [];
  page.on('request', r => urls.push(r.url()));
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  // Time from navigation start to the verdict and cost in the DOM, measured in the page.
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('#verdict') && document.querySelector('#cost-request')) {
        window.__rendered = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const renders = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(base);
    await page.waitForSelector('#cost-request');
    renders.push(await page.evaluate(() => window.__rendered));
  }
  console.log(`first meaningful render: ${renders.map(r => r.toFixed(0)).join(', ')} ms (first load cold, then warm)`);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'none'/);
  assert.ok(urls.every(u => u.startsWith(base) || u.startsWith('data:')), urls.join('\n'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a measurement file imports, compares and recalibrates; bad and huge files are refused', async () => {
  const { page, errors } = await open(base);
  const sample = path.join(here, '..', '..', 'crates', 'benchfit-core', 'tests', 'data', 'import', 'vllm_bench_serve.json');
  await page.setInputFiles('#import-file', sample);
  await page.waitForSelector('#measured');
  // vLLM bench serve sample: 6.0 output tok/s, 3 completed, 1 failed.
  assert.match(await text(page, '#import-summary'), /^3 requests completed, 1 failed/);
  assert.match(await text(page, '#measured'), /output tok\/s\s+6\.00/);
  await page.click('#use-measurement');
  await page.waitForFunction(() => /6\.0 output tokens\/s aggregate/.test(document.querySelector('#claim').value));
  assert.match(await page.inputValue('#claim'), /concurrency 2, ISL\/OSL 100\/4/);
  await page.setInputFiles('#import-file', { name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": [1, 2') });
  await page.waitForSelector('#import-error');
  const big = path.join(os.tmpdir(), 'benchfit-big.json');
  fs.writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, 32));
  await page.setInputFiles('#import-file', big);
  await page.waitForFunction(() => /over 50 MB are refused/.test(document.querySelector('#import-error')?.innerText || ''));
  fs.unlinkSync(big);
  // A run that completed nothing (every request failed) shows its counts, not zeros as figures.
  const none = { date: '20241201-120000', backend: 'vllm', model_id: 'm', num_prompts: 3, completed: 0, failed: 3,
    duration: 1.5, request_throughput: 0, output_throughput: 0, total_token_throughput: 0, mean_ttft_ms: NaN };
  const body = JSON.stringify(none).replace('null', 'NaN');
  await page.setInputFiles('#import-file', { name: 'none.json', mimeType: 'application/json', buffer: Buffer.from(body) });
  await page.waitForSelector('#import-nothing');
  assert.match(await text(page, '#import-summary'), /^0 requests completed, 3 failed/);
  assert.equal(await page.locator('#measured').count(), 0);
  assert.equal(await page.locator('#use-measurement').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('claim chips: an edit wins over what was read and is kept in the URL', async () => {
  const { page, errors } = await open(base);
  assert.equal(await page.inputValue('#chip-gpu'), 'h100');
  assert.equal(await page.inputValue('#chip-batch'), '32');
  // Read as output tokens, 3,200 tok/s at batch 32 is impossible on any H100.
  await page.selectOption('#chip-metric', 'output');
  await page.waitForFunction(() => /not possible as written/.test(document.querySelector('main').innerText));
  await expectHref(page, /o\.metric=output/);
  await page.fill('#chip-gpu', 'h200');
  await page.waitForFunction(() => /o\.gpu=h200/.test(location.search));
  const fresh = await open(await href(page));
  assert.equal(await fresh.page.inputValue('#chip-gpu'), 'h200');
  assert.equal(await fresh.page.inputValue('#chip-metric'), 'output');
  // An invalid chip keeps what was typed and says why, beside it.
  await fresh.page.fill('#chip-batch', 'lots');
  await fresh.page.waitForSelector('#chip-batch-error');
  assert.equal(await fresh.page.inputValue('#chip-batch'), 'lots');
  assert.match(await text(fresh.page, '#chip-batch-error'), /batch/);
  // A link asking for a figure the claim lacks says so instead of ignoring it.
  const nofig = await open(`${base}?o.fig=5`);
  assert.match(await nofig.page.locator('main').innerText(), /figure 5 was chosen as the headline, but/);
  await nofig.page.close();
  assert.deepEqual([...errors, ...fresh.errors, ...nofig.errors], []);
  await page.close();
  await fresh.page.close();
});

test('GPU and model pickers offer the catalog and accept a typed id', async () => {
  const { page, errors } = await open(base);
  const ids = await page.$$eval('#gpu-list option', os => os.map(o => o.value));
  assert.ok(ids.includes('h200') && ids.includes('mi300x') && ids.includes('h100'), ids.join(','));
  const before = await text(page, '#throughput');
  await page.fill('#gpu', 'h200');
  await page.waitForFunction(b => document.querySelector('#throughput').innerText !== b, before);
  await expectHref(page, /gpu=h200/);
  // 4.8 vs 3.35 TB/s: the memory-bound decode is faster on the H200.
  const num = s => parseFloat(s.replace(/[^0-9.]/g, ''));
  assert.ok(num(await text(page, '#throughput')) > num(before));
  const onDemand = await text(page, '#cost-request');
  await page.selectOption('#tier', 'committed');
  await page.waitForFunction(b => document.querySelector('#cost-request').innerText !== b, onDemand);
  assert.match(await text(page, '#price-source'), /1-year commitment/);
  await expectHref(page, /tier=committed/);
  await page.fill('#model', 'no-such-model');
  await page.waitForFunction(() => /unknown model id/.test(document.querySelector('.results')?.innerText || ''));
  assert.deepEqual(errors, []);
  await page.close();
});

test('recompute time after an edit (reported, not asserted)', async () => {
  const { page } = await open(base);
  const times = [];
  for (let i = 0; i < 40; i++) {
    await page.fill('#conc', String(1 + (i % 30)));
    const t = await text(page, '#computed');
    times.push(parseFloat(t.match(/([\d.]+) ms/)[1]));
  }
  times.sort((a, b) => a - b);
  const p = q => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`recompute after an edit: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (n=${times.length})`);
  await page.close();
});

test('an imported peer file shows how the tool defines each metric beside benchfit', async () => {
  const { page, errors } = await open(base);
  const real = path.join(here, '..', '..', 'crates', 'benchfit-core', 'tests', 'data', 'import', 'real', 'vllm-0.33.0', 'vllm_bench_serve.json');
  await page.setInputFiles('#import-file', real);
  await page.waitForSelector('#import-definitions');
  // vLLM's TPOT keeps its re-tokenised output count (no server counts in the file): it differs.
  const tpot = page.locator('#import-definitions tr[data-metric="tpot"]');
  assert.equal(await tpot.getAttribute('class'), 'differs');
  assert.match(await tpot.innerText(), /≠/);
  assert.match(await page.locator('#import-definitions summary').innerText(), /^Metric definitions: [1-9]\d* of \d+ differ/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an imported concurrency sweep is drawn on the predicted curve', async () => {
  const { page, errors } = await open(base);
  await page.waitForSelector('#curve svg');
  const sweep = path.join(here, '..', '..', 'crates', 'benchfit-core', 'tests', 'data', 'import', 'benchfit_sweep_stub.json');
  await page.setInputFiles('#import-file', sweep);
  await page.waitForSelector('#curve-measured');
  // Stages at concurrency 1, 2, 4 and 8, all within the curve's range: four squares for
  // throughput and four for p95 TPOT.
  assert.match(await page.locator('#curve-measured').innerText(), /4 measured stages/);
  assert.equal(await page.locator('#curve .measured-stage rect.m-tput').count(), 4);
  assert.equal(await page.locator('#curve .measured-stage rect.m-lat').count(), 4);
  assert.deepEqual(errors, []);
  await page.close();
});

test('figures: a click makes another figure the headline, kept in the URL; "as read" clears it', async () => {
  const { page, errors } = await open(base);
  await page.fill('#claim', 'Llama 3.1 8B on one H100 with vLLM, batch 32: 3,100 output tokens/s aggregate and 95 tokens/s per user.');
  await page.waitForSelector('#figures li.figure');
  const head = () => page.getAttribute('#figures li.headline', 'data-index');
  const first = await head();
  const other = page.locator('#figures li.figure:not(.headline) button').first();
  const idx = await page.locator('#figures li.figure:not(.headline)').first().getAttribute('data-index');
  await other.click();
  await page.waitForFunction(i => new URLSearchParams(location.search).get('o.fig') === i, idx);
  assert.equal(await head(), idx);
  assert.match(await text(page, '#figures li.headline'), /chosen by the user/);
  // The choice survives a reload from the link.
  const fresh = await open(await href(page));
  await fresh.page.waitForSelector('#figures li.headline');
  assert.equal(await fresh.page.getAttribute('#figures li.headline', 'data-index'), idx);
  await page.click('#figures-reset');
  await page.waitForFunction(() => !new URLSearchParams(location.search).get('o.fig'));
  assert.equal(await head(), first);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await page.close();
  await fresh.page.close();
});
