// The Catalog tab in a real browser: the table, search, sorting, and a bad catalog.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir, startServer, launchBrowser, openPage, waitReady, clickTarget, waitForState, screenshotInk, pressKey, waitFrames } from './harness.mjs';

const catalog = JSON.parse(readFileSync(new URL('../../data/gpus.json', import.meta.url)));
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the table lists the catalog; typing 3090 narrows it; sorting by FP32 puts the fastest first', async () => {
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 10000 });

  await clickTarget(page, 'search');
  await page.keyboard.type('3090');
  await waitForState(page, (s) => s.catalog.search === '3090');
  await page.waitForFunction(() => window.gpuwise.table.rows < 10, null, { timeout: 15000 });
  const ids = await page.evaluate(() => window.gpuwise.table.ids);
  assert.ok(ids.includes('rtx-3090') && ids.includes('rtx-3090-ti'), `got ${ids}`);
  assert.ok(ids.every((id) => id.includes('3090')), `got ${ids}`);

  // Clear the search, then sort by FP32 with a header click.
  await clickTarget(page, 'search');
  for (let i = 0; i < 4; i++) await pressKey(page, 'Backspace');
  await waitForState(page, (s) => s.catalog.search === '');
  await clickTarget(page, 'header:fp32_tflops');
  await waitForState(page, (s) => s.catalog.sort_column === 'fp32_tflops' && s.catalog.sort_descending);
  const fastest = catalog.gpus.filter((g) => g.fp32_tflops).sort((a, b) => b.fp32_tflops - a.fp32_tflops)[0];
  await page.waitForFunction((id) => window.gpuwise.table.ids[0] === id, fastest.id, { timeout: 15000 });

  // A second click reverses the order; cards without the figure stay last.
  await clickTarget(page, 'header:fp32_tflops');
  await waitForState(page, (s) => s.catalog.sort_column === 'fp32_tflops' && !s.catalog.sort_descending);
  const slowest = catalog.gpus.filter((g) => g.fp32_tflops).sort((a, b) => a.fp32_tflops - b.fp32_tflops)[0];
  await page.waitForFunction((id) => window.gpuwise.table.ids[0] === id, slowest.id, { timeout: 15000 });

  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// A column starts as wide as its widest cell over the whole catalog; ImGui reads that
// width only when it sets the table up, so the page measures only then (a new table, or
// another number of columns), not in every frame.
test('columns are measured again when the set of columns changes', async () => {
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 10000 });
  const widths = () => page.evaluate(() => Object.fromEntries(Object.entries(window.gpuwise.targets)
    .filter(([key]) => key.startsWith('header:')).map(([key, rect]) => [key, Math.round(rect.w)])));
  const before = await widths();
  // The name column is as wide as the longest names (up to its cap), not its header.
  assert.ok(before['header:name'] > 200, JSON.stringify(before));
  // Every column but the vendor shown (another number of columns), then the default again.
  await page.evaluate(() => { location.hash = '#v=1&tab=catalog&cat.hide=vendor'; });
  await waitForState(page, (s) => (s.catalog.hidden_columns || []).join() === 'vendor');
  await page.waitForFunction(() => !window.gpuwise.targets['header:vendor'], null, { timeout: 10000 });
  // The columns new to the table were measured: Interface and Software, whose cells are
  // longer than their headers, are as wide as a text column's cap (9 em). (Columns at
  // places the table had before keep those places' widths: ImGui's own table settings.)
  await page.waitForFunction(() => window.gpuwise.targets['header:software'], null, { timeout: 10000 });
  const all = await widths();
  assert.ok(all['header:interface'] > 120 && all['header:software'] > 120, JSON.stringify(all));
  await page.evaluate(() => { location.hash = '#v=1&tab=catalog'; });
  await page.waitForFunction(() => window.gpuwise.targets['header:vendor'], null, { timeout: 10000 });
  await waitFrames(page, 2);
  assert.deepEqual(await widths(), before);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a row click opens the card with its sources', async () => {
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  await clickTarget(page, 'search');
  await page.keyboard.type('rtx3090');
  await page.waitForFunction(() => window.gpuwise.table.rows >= 1 && window.gpuwise.targets['row:0'], null, { timeout: 15000 });
  const first = await page.evaluate(() => window.gpuwise.table.ids[0]);
  await clickTarget(page, 'row:0');
  await waitForState(page, (s) => s.catalog.selected_id === first);
  await page.waitForFunction(() => window.gpuwise.targets['source:0'], null, { timeout: 15000 });
  // Close sits right of the card's name, not on top of it, and closes the card.
  const close = await page.evaluate(() => window.gpuwise.targets['details-close']);
  const source = await page.evaluate(() => window.gpuwise.targets['source:0']);
  assert.ok(close.y < source.y, 'Close is at the top of the card');
  await clickTarget(page, 'details-close');
  await waitForState(page, (s) => s.catalog.selected_id === '');
  await context.close();
});

test('notes and sources are not part of the first visit; opening a card fetches them', async () => {
  const requested = [];
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.on('request', (request) => requested.push(new URL(request.url()).pathname)),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status.catalog_loaded, null, { timeout: 15000 });
  assert.equal((await page.evaluate(() => window.gpuwise.status)).details, 'pending');
  assert.ok(!requested.includes('/data/details.json'), 'details.json is fetched on demand only');
  await clickTarget(page, 'row:0');
  await page.waitForFunction(() => window.gpuwise.targets['source:0'], null, { timeout: 15000 });
  assert.ok(requested.includes('/data/details.json'));
  assert.equal((await page.evaluate(() => window.gpuwise.status)).details, 'ready');
  await context.close();
});

test('when the notes and sources cannot be fetched, the card says so and keeps its figures', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    serviceWorkers: 'block',  // else the offline copy may answer for details.json
    beforeLoad: (p) => p.route('**/data/details.json', (route) => route.fulfill({ status: 404, body: 'gone' })),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status.catalog_loaded, null, { timeout: 15000 });
  await clickTarget(page, 'row:0');
  await page.waitForFunction(() => window.gpuwise.status.details === 'failed', null, { timeout: 15000 });
  const status = await page.evaluate(() => window.gpuwise.status);
  assert.match(status.details_error, /could not download data\/details\.json \(the server answered 404\)/);
  assert.equal(status.catalog_gpus, catalog.gpus.length, 'the catalog itself is untouched');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a malformed catalog shows what is wrong and the app keeps working', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/data/gpus.bin', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"schema_version": 1, "gpus": [ {"id": } ]}' })),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status.catalog_error !== '', null, { timeout: 10000 });
  const status = await page.evaluate(() => window.gpuwise.status);
  assert.match(status.catalog_error, /not valid JSON: line 1, column \d+/);
  assert.ok(await screenshotInk(page) > 0.01, 'the page is not blank');
  await clickTarget(page, 'tab:about');
  await waitForState(page, (s) => s.tab === 'about');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a damaged binary catalog says so and the app keeps working', async () => {
  const shipped = readFileSync(join(siteDir, 'data', 'gpus.bin'));
  const { page, context, problems } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/data/gpus.bin', (route) =>
      route.fulfill({ status: 200, contentType: 'application/octet-stream', body: shipped.subarray(0, shipped.length - 40) })),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status.catalog_error !== '', null, { timeout: 10000 });
  const status = await page.evaluate(() => window.gpuwise.status);
  assert.match(status.catalog_error, /the catalog file is damaged \(.+ at byte \d+\); reload the page/);
  assert.ok(await screenshotInk(page) > 0.01, 'the page is not blank');
  await clickTarget(page, 'tab:about');
  await waitForState(page, (s) => s.tab === 'about');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a catalog with one bad row still shows the other rows and names the problem', async () => {
  const broken = structuredClone(catalog);
  broken.gpus[0].vram_gb = -1;
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/data/gpus.bin', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(broken) })),
  });
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length - 1, { timeout: 10000 });
  const status = await page.evaluate(() => window.gpuwise.status);
  assert.equal(status.catalog_issues.length, 1);
  assert.match(status.catalog_issues[0], new RegExp(`row '${catalog.gpus[0].id}', field 'vram_gb'`));
  await context.close();
});
