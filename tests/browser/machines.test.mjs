// Issue 13 in a real browser: the software filters of the catalog and the ranking
// ("unified memory", "runs on CUDA", "runs PyTorch (any backend)"), and the card view of a
// Mac Studio with its kind, software line and what to expect; also on a phone with touch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, clickTarget, waitForState, waitFrames } from './harness.mjs';

const catalog = JSON.parse(readFileSync(new URL('../../data/gpus.json', import.meta.url)));
const unifiedIds = catalog.gpus.filter((g) => g.gpu_memory_share_pct !== undefined).map((g) => g.id).sort();
const cudaCount = catalog.gpus.filter((g) => g.software.includes('cuda')).length;
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const tableIds = (page) => page.evaluate(() => [...window.gpuwise.table.ids].sort());

test('"unified memory" lists the Apple and DGX Spark rows; "runs on CUDA" and "PyTorch (any backend)" filter too', async () => {
  assert.ok(catalog.gpus.length >= 200);
  assert.ok(unifiedIds.includes('dgx-spark') && unifiedIds.some((id) => id.startsWith('apple-')));
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 15000 });

  await clickTarget(page, 'catalog-unified');
  await waitForState(page, (s) => s.catalog.unified_only === true);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, unifiedIds.length, { timeout: 15000 });
  assert.deepEqual(await tableIds(page), unifiedIds);

  await clickTarget(page, 'catalog-unified');
  await clickTarget(page, 'catalog-on-cuda');
  await waitForState(page, (s) => s.catalog.cuda_only === true && s.catalog.unified_only === false);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, cudaCount, { timeout: 15000 });
  assert.ok(!(await tableIds(page)).some((id) => id.startsWith('apple-') || id.startsWith('arc-')));

  // The ranking has the same filters, in its own link keys.
  await clickTarget(page, 'tab:ranking');
  await waitForState(page, (s) => s.tab === 'ranking');
  await clickTarget(page, 'rank-unified');
  await waitForState(page, (s) => s.ranking.unified_only === true);
  await page.waitForFunction((n) => window.gpuwise.ranking.length === n, unifiedIds.length, { timeout: 15000 });
  assert.deepEqual([...(await page.evaluate(() => window.gpuwise.ranking))].sort(), unifiedIds);
  // "Runs PyTorch (any backend)" opens a menu of cuda.json's releases; in a link,
  // 1.11 (before Apple's MPS backend, 1.12) drops the Macs but keeps ROCm and CUDA rows.
  await clickTarget(page, 'rank-torch-any');
  await waitFrames(page, 2);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
  const linked = await openPage(browser, server.origin, { path: '#v=1&tab=ranking&rank.unified=1&rank.torchany=1.11' });
  await waitReady(linked.page);
  await waitForState(linked.page, (s) => s.ranking.pytorch_any === '1.11' && s.ranking.unified_only);
  await linked.page.waitForFunction(() => window.gpuwise.ranking.length > 0, null, { timeout: 15000 });
  const before112 = await linked.page.evaluate(() => window.gpuwise.ranking);
  assert.ok(!before112.some((id) => id.startsWith('apple-')), `PyTorch 1.11 predates MPS: ${before112}`);
  assert.deepEqual(linked.problems.pageErrors, []);
  await linked.context.close();
});

test('the card view of a Mac Studio says its kind, software and what to expect; the link keeps the filter', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=catalog&cat.unified=1&cat.torch=2.5&q=m2%20ultra',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.catalog.unified_only && s.catalog.pytorch_any === '2.5');
  await page.waitForFunction(() => window.gpuwise.table.ids.includes('apple-m2-ultra-76c'), null, { timeout: 15000 });
  const row = await page.evaluate(() => window.gpuwise.table.ids.indexOf('apple-m2-ultra-76c'));
  await clickTarget(page, `row:${row}`);
  await waitForState(page, (s) => s.catalog.selected_id === 'apple-m2-ultra-76c');
  for (const key of ['card-software', 'expect:pytorch-mps', 'expect:mlx']) {
    await page.waitForFunction((k) => window.gpuwise.targets[k], key, { timeout: 15000 });
  }
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('on a phone (390x844, touch) a tap on "unified memory" narrows the catalog and the Mac card opens', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 15000 });
  // The filters fold under one line on a phone (issue 30): a tap unfolds them.
  await page.waitForFunction(() => window.gpuwise.targets['fold:catalog-filters'], null, { timeout: 10000 });
  const fold = await page.evaluate(() => window.gpuwise.targets['fold:catalog-filters']);
  await page.touchscreen.tap(fold.x + fold.w / 2, fold.y + fold.h / 2);
  await page.waitForFunction(() => window.gpuwise.targets['catalog-unified'], null, { timeout: 10000 });
  const box = await page.evaluate(() => window.gpuwise.targets['catalog-unified']);
  assert.ok(box.y + box.h <= 844, `the filter is on screen: ${JSON.stringify(box)}`);
  await page.touchscreen.tap(box.x + box.w / 2, box.y + box.h / 2);
  await waitForState(page, (s) => s.catalog.unified_only === true);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, unifiedIds.length, { timeout: 15000 });
  // The open filters fill the first screen: a tap on their line folds them and the rows show.
  const folded = await page.evaluate(() => window.gpuwise.targets['fold:catalog-filters']);
  await page.touchscreen.tap(folded.x + folded.w / 2, folded.y + folded.h / 2);
  await page.waitForFunction(() => window.gpuwise.targets['row:0'], null, { timeout: 10000 });
  const first = await page.evaluate(() => window.gpuwise.table.ids[0]);
  const r = await page.evaluate(() => window.gpuwise.targets['row:0']);
  await page.touchscreen.tap(r.x + Math.min(60, r.w / 2), r.y + r.h / 2);
  await waitForState(page, (s) => s.catalog.selected_id === first);
  await page.waitForFunction(() => window.gpuwise.targets['card-software'], null, { timeout: 15000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
