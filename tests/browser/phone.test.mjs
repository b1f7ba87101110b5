// A 390 x 844 phone with touch (issue 30, phones): the catalog's filters fold under one
// line that says what they are set to, so at least eight rows are on the first screen; a
// finger dragged over the filters scrolls (the table, or the page once they are open); a
// tap unfolds them; the same in Chinese, with 英伟达 typed into the search through an input
// method. The Ranking tab folds its weights and filters the same way and says where the
// weights come from.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitForState, waitFrames } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const targets = (page) => page.evaluate(() => window.gpuwise.targets);
const live = (page) => page.evaluate(() => document.getElementById('live').textContent);

// Catalog rows wholly in sight: under the table's header, above the table's and the
// screen's bottom edge (the table publishes every row it draws in sight as row:N).
async function rowsInSight(page) {
  return page.evaluate(() => {
    const t = window.gpuwise.targets;
    const table = t['catalog-table'], header = t['header:name'];
    if (!table || !header) return 0;
    const top = header.y + header.h, bottom = Math.min(table.y + table.h, window.innerHeight);
    return Object.keys(t).filter((k) => k.startsWith('row:') && t[k].y >= top && t[k].y + t[k].h <= bottom).length;
  });
}

const firstRow = (page) => page.evaluate(() =>
  Math.min(...Object.keys(window.gpuwise.targets).filter((k) => k.startsWith('row:')).map((k) => Number(k.slice(4)))));

// A finger put down at (x, y), moved by dy in eight steps of one frame each, and lifted.
async function drag(page, cdp, x, y, dy) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await waitFrames(page, 2);
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * i) / 8 }] });
    await waitFrames(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await waitFrames(page, 3);
}

async function tap(page, key) {
  const r = (await targets(page))[key];
  assert.ok(r, `no target ${key}`);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await waitFrames(page, 2);
}

// The checks both languages share: eight rows under a folded one-line summary, a drag over
// the filter area scrolls the table, a tap unfolds the filters, a drag over them scrolls
// the page, and a second tap folds them again.
async function checkFoldedCatalog(page, context) {
  await page.waitForFunction(() => window.gpuwise.targets['fold:catalog-filters'] && window.gpuwise.targets['catalog-table'],
    null, { timeout: 15000 });
  await waitFrames(page, 2);
  const rows = await rowsInSight(page);
  assert.ok(rows >= 8, `${rows} catalog rows in sight on a 390 x 844 screen`);
  let t = await targets(page);
  const fold = t['fold:catalog-filters'];
  assert.ok(fold.h <= 50 && fold.x >= 0 && fold.x + fold.w <= 390, `the summary is one line: ${JSON.stringify(fold)}`);
  assert.equal(t['catalog-on-cuda'], undefined, 'folded: the filters are not drawn');
  assert.ok(t.search, 'the search stays in sight');

  // A drag over the filter area (the summary line) scrolls the table, and opens nothing.
  const cdp = await context.newCDPSession(page);
  assert.equal(await firstRow(page), 0);
  await drag(page, cdp, fold.x + fold.w / 2, fold.y + fold.h / 2, -240);
  await page.waitForFunction(() => Math.min(...Object.keys(window.gpuwise.targets).filter((k) => k.startsWith('row:'))
    .map((k) => Number(k.slice(4)))) >= 3, null, { timeout: 10000 });
  assert.equal((await targets(page))['catalog-on-cuda'], undefined, 'a drag is not a tap');

  // A tap unfolds the filters under the summary.
  await tap(page, 'fold:catalog-filters');
  await page.waitForFunction(() => window.gpuwise.targets['catalog-on-cuda'], null, { timeout: 10000 });
  t = await targets(page);
  assert.ok(t['catalog-on-cuda'].y > t['fold:catalog-filters'].y);
  // Unfolded, the page is taller than the screen: a finger over the filters scrolls it.
  const on = t['catalog-torch-any'];
  const before = t['fold:catalog-filters'].y;
  await drag(page, cdp, 40, Math.min(on.y + on.h / 2, 780), -200);
  await page.waitForFunction((y) => window.gpuwise.targets['fold:catalog-filters'].y < y - 100, before, { timeout: 10000 });
  // And back down, from over the filters again: the page returns to its top.
  const torch = (await targets(page))['catalog-torch-any'];
  await drag(page, cdp, 40, Math.max(torch.y + torch.h / 2, 60), 400);
  await page.waitForFunction((y) => window.gpuwise.targets['fold:catalog-filters'].y === y, before, { timeout: 10000 });
  // A second tap folds them again.
  await tap(page, 'fold:catalog-filters');
  await page.waitForFunction(() => !window.gpuwise.targets['catalog-on-cuda'], null, { timeout: 10000 });
}

test('phone, English: eight catalog rows under a folded filter summary that says what is on', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '#v=1&cat.vendor=NVIDIA&cat.vram=24' });
  await waitReady(page);
  await page.waitForFunction(() => /^\d+ of \d+ GPUs match the filters\. Filters: NVIDIA, ≥ 24 GB$/.test(
    document.getElementById('live').textContent), null, { timeout: 15000 });
  await checkFoldedCatalog(page, context);

  // The summary follows the filters: with none, the live line names none.
  await page.goto(server.origin + '/#v=1');
  await waitReady(page);
  await page.waitForFunction(() => /^\d+ of \d+ GPUs match the filters\.$/.test(document.getElementById('live').textContent),
    null, { timeout: 15000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('phone, Chinese: the same folding, and 英伟达 typed through an input method keeps eight rows', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, locale: 'zh-CN', path: '#v=1&lang=zh&cat.vram=24' });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh');
  await page.waitForFunction(() => /筛选：≥ 24 GB$/.test(document.getElementById('live').textContent), null, { timeout: 15000 });
  await checkFoldedCatalog(page, context);

  await tap(page, 'search');
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'yingweida', selectionStart: 9, selectionEnd: 9 });
  await waitFrames(page, 1);
  await cdp.send('Input.insertText', { text: '英伟达' });
  await waitForState(page, (s) => s.catalog.search === '英伟达');
  const table = await page.evaluate(() => window.gpuwise.table);
  assert.ok(table.rows >= 8 && table.ids.every((id) => !/^(amd|intel|apple)-/.test(id)), `search 英伟达: ${table.ids.slice(0, 5)}`);
  await waitFrames(page, 2);
  assert.ok(await rowsInSight(page) >= 8);
  assert.match(await live(page), /筛选：≥ 24 GB$/);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('phone: the Ranking tab folds its filters, says what it ranks by, and shows eight bars', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '#v=1&tab=ranking&rank.vendor=NVIDIA' });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.targets['fold:ranking-filters'] && window.gpuwise.targets['bar:0'],
    null, { timeout: 15000 });
  await waitFrames(page, 2);
  const t = await targets(page);
  // The CNN profile ranks by measured ResNet-50 training: the line says so, inside the width.
  assert.ok(t['measured-basis'], 'the line saying what the cards are ranked by');
  assert.ok(t['measured-basis'].x + t['measured-basis'].w <= 390, 'not cut at the edge');
  assert.equal(t['cuda-filter'], undefined, 'folded: the filters are not drawn');
  const bars = Object.keys(t).filter((k) => k.startsWith('bar:') && t[k].y + t[k].h <= 844);
  assert.ok(bars.length >= 8, `${bars.length} bars in sight`);
  await tap(page, 'fold:ranking-filters');
  await page.waitForFunction(() => window.gpuwise.targets['cuda-filter'], null, { timeout: 10000 });
  // FP64 has no order in the guide: the line says the weights are ours (still a line).
  await page.goto(server.origin + '/#v=1&tab=ranking&profile=fp64');
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.targets['weights-basis'], null, { timeout: 15000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
