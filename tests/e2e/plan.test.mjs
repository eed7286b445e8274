// End-to-end test of the "What to buy" section (issue 13) in the built page (dist/), headless
// Chromium. Run from the repo root after `trunk build --release`: `node --test tests/e2e/`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, href, expectHref } from './serve.mjs';

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
  await page.waitForSelector('#plan-table', { timeout: 20000 });
  return { page, errors };
}

/// The ranked rows as [gpu name, per replica, weights/kv, $/request] tuples.
async function rows(page) {
  return page.$$eval('#plan-table tbody tr', trs => trs.map(tr =>
    [...tr.querySelectorAll('td')].slice(1, 4).map(td => td.innerText)
      .concat([tr.querySelector('td.cost').innerText.split(' ')[0], tr.dataset.gpu])));
}

async function timing(page) {
  const el = page.locator('#plan-time');
  return {
    ms: Number(await el.getAttribute('data-ms')),
    busy: Number(await el.getAttribute('data-busy-ms')),
    longest: Number(await el.getAttribute('data-longest-slice-ms')),
    candidates: Number(await el.getAttribute('data-candidates')),
    text: await el.innerText(),
  };
}

test('the worked example shows a ranked plan across the catalog, its chart and why-not', async () => {
  const { page, errors } = await open(base);
  const r = await rows(page);
  assert.ok(r.length >= 3, `${r.length} rows`);
  for (const row of r) assert.match(row[3], /^\$\d/);
  // Ranked cheapest first.
  const usd = r.map(x => parseFloat(x[3].slice(1)));
  for (let i = 1; i < usd.length; i++) assert.ok(usd[i] >= usd[i - 1], `${usd}`);
  const t = await timing(page);
  assert.match(t.text, /^Planned \d+ candidates in \d+ ms/);
  assert.ok(t.candidates > 300, `${t.candidates} candidates`);
  // Report the page's planning time (the target: ≤ 300 ms, no slice over 50 ms).
  console.log(`plan in page: ${t.candidates} candidates in ${t.ms.toFixed(0)} ms wall, ${t.busy.toFixed(0)} ms busy, longest slice ${t.longest.toFixed(0)} ms`);
  // The chart: one point per ranked row, the Pareto front, the TPOT SLO line.
  assert.ok(await page.locator('#plan-chart circle').count() >= r.length);
  assert.ok(await page.locator('#plan-chart circle.on-front').count() >= 1);
  assert.equal(await page.locator('#plan-slo-line').count(), 1);
  // Why not: rejected candidates with their reason (70B BF16 weights do not fit one L4).
  await page.click('#plan-why-not summary');
  assert.match(await page.locator('#plan-why-not').innerText(), /L4.*weights .* do not fit/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a shared URL restores the same plan', async () => {
  const { page, errors } = await open(base);
  await page.fill('#plan-prate', '3');
  await page.press('#plan-prate', 'Enter');
  // One field at a time: the rate's change is in the URL before the next field is typed (CI saw
  // the second field's edit lost once, under a loaded machine, when both were typed at once).
  await page.waitForFunction(() => /[?&]prate=3(&|$)/.test(location.search));
  // And the plan for it is drawn (a loaded 2-core machine lost the next field's edit again
  // while the planner's slices were still running).
  await page.waitForFunction(() => document.querySelector('.plan-result:not(.stale)') !== null);
  await page.fill('#plan-ptpot', '60');
  await page.press('#plan-ptpot', 'Enter');
  await page.waitForFunction(() => /[?&]prate=3(&|$)/.test(location.search) && /[?&]ptpot=60(&|$)/.test(location.search));
  // The plan for both edits, not the one for the rate alone (`stale` until its key matches).
  await page.waitForFunction(() => document.querySelector('.plan-result:not(.stale)') !== null);
  await page.waitForFunction(() => /^3\.00 req\/s/.test(document.querySelector('#plan-summary')?.innerText ?? ''));
  const want = await rows(page);
  const url = await href(page);
  const fresh = await open(url);
  await fresh.page.waitForFunction(() => /^3\.00 req\/s/.test(document.querySelector('#plan-summary')?.innerText ?? ''));
  assert.deepEqual(await rows(fresh.page), want);
  assert.equal(await fresh.page.inputValue('#plan-prate'), '3');
  assert.equal(await fresh.page.inputValue('#plan-ptpot'), '60');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await page.close();
  await fresh.page.close();
});

test('changing a GPU price re-ranks the table', async () => {
  const { page, errors } = await open(base);
  const first = (await rows(page))[0];
  const gpu = first[4];
  // Make the cheapest row's GPU expensive: another GPU comes first.
  await page.click('#plan-gpus summary');
  await page.fill(`#plan-price-${gpu}`, '50');
  await page.press(`#plan-price-${gpu}`, 'Enter');
  await page.waitForFunction(g => {
    const tr = document.querySelector('#plan-table tbody tr');
    return tr && tr.dataset.gpu !== g;
  }, gpu, { timeout: 20000 });
  const now = await rows(page);
  assert.notEqual(now[0][4], gpu);
  await expectHref(page, new RegExp(`[?&]pprice=${gpu}%3A50(&|$)`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embed widget shows the plan\'s top three for the same inputs as the page', async () => {
  const { page, errors } = await open(`${base}?prate=3&ptpot=60`);
  await page.waitForFunction(() => /^3\.00 req\/s/.test(document.querySelector('#plan-summary')?.innerText ?? ''));
  const want = (await rows(page)).slice(0, 3).map(r => [r[4], r[3]]);
  const url = new URL(await href(page));
  url.searchParams.set('embed', 'plan');
  const embed = await browser.newPage({ viewport: { width: 540, height: 460 } });
  const embedErrors = [];
  embed.on('pageerror', e => embedErrors.push(String(e)));
  await embed.goto(url.toString());
  await embed.waitForSelector('#embed-plan tbody tr', { timeout: 20000 });
  const got = await embed.$$eval('#embed-plan tbody tr', trs => trs.map(tr =>
    [tr.dataset.gpu, tr.querySelectorAll('td')[4].innerText]));
  assert.deepEqual(got, want);
  // The widget keeps its mode and the plan's keys in its address, and links to the full plan.
  await expectHref(embed, /[?&]embed=plan(&|$)/);
  await expectHref(embed, /[?&]ptpot=60(&|$)/);
  assert.match(await embed.getAttribute('#open-full', 'href'), /[?&]ptpot=60(&|$)/);
  assert.deepEqual([...errors, ...embedErrors], []);
  await page.close();
  await embed.close();
});
