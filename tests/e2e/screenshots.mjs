// Writes the README's screenshots from the built dist/: `node tests/e2e/screenshots.mjs`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const { server, browser, base } = await startPage();
async function shot(url, file, opts = {}) {
  const page = await browser.newPage({ viewport: opts.viewport || { width: 1000, height: 1500 }, colorScheme: opts.dark ? 'dark' : 'light' });
  await page.goto(url);
  await page.waitForSelector('#cost-request');
  if (opts.waitCurve) await page.waitForSelector('#curve svg');
  await page.screenshot({ path: path.join(root, 'docs', file), fullPage: !!opts.full });
  await page.close();
}
await shot(base, 'screenshot.png', { waitCurve: true });
await shot(`${base}?v=1&gpu=h100&pin=1800&pout=400&c=8&busy=10&embed=1`, 'embed.png', { viewport: { width: 540, height: 340 } });
// The "What to buy" section of the worked example at 3 req/s under p95 TTFT 2 s and TPOT 60 ms.
{
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  await page.goto(`${base}?prate=3&pttft=2000&ptpot=60`);
  await page.waitForSelector('#plan-table');
  await page.waitForFunction(() => /^3\.00 req\/s/.test(document.querySelector('#plan-summary')?.innerText ?? ''));
  await page.locator('#plan').screenshot({ path: path.join(root, 'docs', 'plan.png') });
  await page.close();
}
await shot(base, 'dark.png', { dark: true, waitCurve: true, viewport: { width: 1000, height: 1100 } });
await browser.close();
server.close();
