// End-to-end test of the built page (dist/) in Debian's headless Chromium.
// Run from the repo root after `trunk build --release`: `node --test tests/e2e/`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.BENCHFIT_DIST || path.join(here, '..', '..', 'dist');
let server, browser, base;

before(async () => {
  server = await serve(dist);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
  const url = page.url();
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
  assert.match(await text(page, '.field.invalid .error'), /Prompt tokens must be a whole number from 1/);
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
  assert.match(page.url(), /rate=0.3/);
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
