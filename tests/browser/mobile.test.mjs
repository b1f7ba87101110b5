// Phones, input methods, the keyboard and screen readers (issue 12): the page's hidden
// input carries composed Chinese into ImGui, Tab and Esc work, a finger scrolls the
// catalog and taps tabs, and the aria-live region says the current view's answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, clickTarget, waitForState, waitFrames, pressKey } from './harness.mjs';

const catalog = JSON.parse(readFileSync(new URL('../../data/gpus.json', import.meta.url)));
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const activeId = (page) => page.evaluate(() => document.activeElement && document.activeElement.id);

test('an input method composes 显卡 into the search field; typing and Backspace still work', async () => {
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await clickTarget(page, 'search');
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'xianka', selectionStart: 6, selectionEnd: 6 });
  await waitFrames(page, 1);
  // While composing, nothing reaches the field: the pinyin is not the search.
  assert.equal(JSON.parse(await page.evaluate(() => window.gpuwise.state())).catalog.search, '');
  await cdp.send('Input.insertText', { text: '显卡' });
  await waitForState(page, (s) => s.catalog.search === '显卡');
  // A character none of the page's text uses gets a glyph from the system's CJK font
  // (drawn by the browser) before the frame that shows it: no box, even on an English page.
  const known = await page.evaluate(() => window.gpuwise.status.cjk_characters);
  await cdp.send('Input.insertText', { text: '鑫' });
  await waitForState(page, (s) => s.catalog.search === '显卡鑫');
  assert.equal(await page.evaluate(() => window.gpuwise.status.cjk_glyphs_from), 'system');
  assert.equal(await page.evaluate(() => window.gpuwise.status.cjk_characters), known + 1);
  await pressKey(page, 'Backspace');
  await waitForState(page, (s) => s.catalog.search === '显卡');
  // So does a character of another script (every glyph is drawn by the browser, from the
  // reader's own fonts): Cyrillic Ж, which the page's Latin set does not have.
  assert.equal(await page.evaluate(() => window.gpuwise.status.typed_characters), 0);
  await cdp.send('Input.insertText', { text: 'Ж' });
  await waitForState(page, (s) => s.catalog.search === '显卡Ж');
  assert.equal(await page.evaluate(() => window.gpuwise.status.typed_characters), 1);
  assert.equal(await page.evaluate(() => window.gpuwise.status.cjk_characters), known + 1);
  await pressKey(page, 'Backspace');
  await waitForState(page, (s) => s.catalog.search === '显卡');
  await page.keyboard.type('3090', { delay: 30 });
  await waitForState(page, (s) => s.catalog.search === '显卡3090');  // once each, not twice
  // Backspace deletes from the end (a slow frame may let ImGui's key repeat take more
  // than one character; the composed text is never doubled or lost).
  await pressKey(page, 'Backspace');
  await waitForState(page, (s) => /^显卡3?0?9?$/.test(s.catalog.search) && s.catalog.search !== '显卡3090');
  // Leaving the field (Esc) lets go of the hidden input, so a phone keyboard closes.
  await pressKey(page, 'Escape');
  await page.waitForFunction(() => document.activeElement.id !== 'ime', null, { timeout: 10000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('Tab reaches the search field, Esc closes a popup, the live region says the answer', async () => {
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 15000 });
  await page.waitForFunction(() => /GPUs match the filters/.test(document.getElementById('live').textContent), null, { timeout: 10000 });
  assert.equal(await page.getAttribute('#live', 'aria-live'), 'polite');

  await pressKey(page, 'Tab');
  await page.waitForFunction(() => document.activeElement.id === 'ime', null, { timeout: 10000 });
  await page.keyboard.type('a100', { delay: 30 });
  await waitForState(page, (s) => s.catalog.search === 'a100');
  await pressKey(page, 'Escape');

  await clickTarget(page, 'presets');
  await page.waitForFunction(() => Object.keys(window.gpuwise.targets).some((k) => k.startsWith('preset:')), null, { timeout: 10000 });
  await pressKey(page, 'Escape');
  await page.waitForFunction(() => !Object.keys(window.gpuwise.targets).some((k) => k.startsWith('preset:')), null, { timeout: 10000 });

  await clickTarget(page, 'tab:ranking');
  await waitForState(page, (s) => s.tab === 'ranking');
  await page.waitForFunction(() => /^Top of the ranking: 1\. /.test(document.getElementById('live').textContent), null, { timeout: 10000 });
  await context.close();
});

// The first catalog row on screen: the table publishes every row in sight as row:N.
const firstVisibleRow = (page) => page.evaluate(() =>
  Math.min(...Object.keys(window.gpuwise.targets).filter((k) => k.startsWith('row:')).map((k) => Number(k.slice(4)))));

test('on a phone a swipe scrolls the catalog, a tap switches tabs, targets are finger-sized', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 15000 });
  await page.waitForFunction(() => window.gpuwise.targets['row:0'], null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
  // The loader drew the Latin glyphs while the app downloaded, at the phone's font size
  // (16 CSS px at twice the pixels): the first frame's atlas only had to add 中文.
  const startup = await page.evaluate(() => window.gpuwise.startup);
  assert.ok(startup.atlas_glyphs > 100 && startup.atlas_drawn < 10, `atlas ${startup.atlas_glyphs}, drawn ${startup.atlas_drawn}`);
  const tab = await page.evaluate(() => window.gpuwise.targets['tab:about']);
  assert.ok(tab.h >= 38, `a tab is ${tab.h} px tall`);
  assert.equal(await firstVisibleRow(page), 0);

  const row = await page.evaluate(() => window.gpuwise.targets['row:1']);
  const cdp = await context.newCDPSession(page);
  const x = row.x + 60;
  let y = Math.min(row.y + 300, 780);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await waitFrames(page, 2);
  for (let i = 0; i < 8; i++) {
    y -= 30;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await waitFrames(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // The table publishes every row in sight: the first of them has moved down the list.
  await page.waitForFunction(() => Math.min(...Object.keys(window.gpuwise.targets).filter((k) => k.startsWith('row:'))
    .map((k) => Number(k.slice(4)))) >= 3, null, { timeout: 15000 });
  // A swipe is not a click: no card was opened.
  assert.equal(JSON.parse(await page.evaluate(() => window.gpuwise.state())).catalog.selected_id, '');

  const ranking = await page.evaluate(() => window.gpuwise.targets['tab:ranking']);
  await page.touchscreen.tap(ranking.x + ranking.w / 2, ranking.y + ranking.h / 2);
  await waitForState(page, (s) => s.tab === 'ranking');

  // Every tab in sight on a 360 px screen: they wrap rather than scroll away.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.waitForFunction(() => window.innerWidth === 360 && window.gpuwise.targets['tab:about'], null, { timeout: 10000 });
  await waitFrames(page, 2);
  const tabs = await page.evaluate(() => Object.entries(window.gpuwise.targets).filter(([k]) => k.startsWith('tab:')));
  assert.equal(tabs.length, 9);  // Ask, Catalog, Ranking, Compare, Advisor, Speed, Images, Price & ROI, About
  for (const [key, r] of tabs) assert.ok(r.x >= 0 && r.x + r.w <= 360 && r.w > 30, `${key} at ${JSON.stringify(r)}`);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a reader from mainland China starts in the China market: yuan, its tariff and clouds, in the link', async () => {
  const { page, context } = await openPage(browser, server.origin, { path: '', locale: 'zh-CN' });  // a first visit
  await waitReady(page);
  const s = await waitForState(page, (st) => st.language === 'zh' && st.market === 'cn');
  // The currency follows the market (auto: yuan here); the tariff and the provider kinds
  // are the market's defaults, so the view holds none of its own.
  assert.equal(s.currency, 'auto');
  assert.equal(s.roi.kwh_price_usd, null);
  assert.deepEqual(s.roi.provider_kinds, []);
  await page.waitForFunction(() => /mkt=cn/.test(location.hash), null, { timeout: 10000 });
  await context.close();
});
