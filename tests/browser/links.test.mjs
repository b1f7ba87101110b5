// The site as a web citizen: presets and links restore a view exactly, the URL follows
// every change, a reload keeps the view, a garbage link gives a notice and a working
// app, Chinese renders, the CSV downloads, and nothing leaves the origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, state, clickTarget, waitForState, screenshotInk, waitFrames } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a preset from the menu restores its view and the URL follows', async () => {
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await clickTarget(page, 'presets');
  // Issue 30: the presets are the buyers' questions, each opening Ask with its inputs filled.
  await clickTarget(page, 'preset:run-70b-2000');
  const s = await waitForState(page, (st) => st.tab === 'ask' && st.ask.model === 'llama-3-70b');
  assert.equal(s.budget_usd, 2000);
  await page.waitForFunction(() => location.hash.includes('ask.model=llama-3-70b') && location.hash.includes('budget=2000'),
    null, { timeout: 15000 });
  await page.waitForFunction(() => window.gpuwise.ask && window.gpuwise.ask.answers.length > 0, null, { timeout: 15000 });
  const link = page.url();

  // The same link in a fresh tab gives exactly the same state.
  const second = await openPage(browser, server.origin, { path: link.slice(link.indexOf('#')) });
  await waitReady(second.page);
  await waitForState(second.page, (st) => st.tab === 'ask');
  assert.deepEqual(await state(second.page), await state(page));
  await second.context.close();
  assert.deepEqual(problems.foreignRequests, []);
  await context.close();
});

test('a change shows in the URL, a reload keeps it, and the saved view returns without a link', async () => {
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  await clickTarget(page, 'tab:advisor');
  await waitForState(page, (s) => s.tab === 'advisor');
  await page.waitForFunction(() => location.hash.includes('tab=advisor'), null, { timeout: 15000 });
  await page.reload();
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'advisor');
  // Same browser profile, no fragment: the view saved in localStorage comes back.
  await page.goto(server.origin + '/');
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'advisor');
  await context.close();
});

test('a garbage link shows a notice and the app still works', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=nowhere&cmp=rtx-9999,rtx-4090&zzz=%E0%A4&roi.hpd=banana',
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.notices && window.gpuwise.notices.length >= 3, null, { timeout: 10000 });
  const notices = (await page.evaluate(() => window.gpuwise.notices)).join(' | ');
  assert.match(notices, /rtx-9999/);
  assert.match(notices, /zzz/);
  const s = await state(page);
  assert.equal(s.tab, 'catalog');
  assert.deepEqual(s.compare_ids, ['rtx-4090']);
  assert.equal(s.roi.hours_per_day, 8);
  assert.ok(await screenshotInk(page) > 0.02);
  await clickTarget(page, 'tab:compare');
  await waitForState(page, (st) => st.tab === 'compare');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// Chinese glyphs come from the system's own CJK font where it has one (this machine has
// Debian's WenQuanYi Micro Hei, as most systems have a CJK font), drawn by the browser:
// no font download. ?cjk=file stands for a system without one: the subset is fetched.
for (const [source, query] of [['system', ''], ['file', 'index.html?cjk=file']]) {
  test(`switching to 中文 draws Chinese glyphs (${source} font)`, async () => {
    const fonts = () => server.requests.filter((r) => r.includes('cjk.ttf')).length;
    const strings = () => server.requests.filter((r) => r.includes('strings_zh.json')).length;
    const [fontsBefore, stringsBefore] = [fonts(), strings()];
    const { page, context, problems } = await openPage(browser, server.origin, { path: query, serviceWorkers: 'block' });
    await waitReady(page);
    // The English page already shows 中文 on the language switch: from the system's font,
    // or else from the subset, fetched at start-up.
    const from = await page.evaluate(() => window.gpuwise.status.cjk_glyphs_from);
    assert.ok(source === 'file' ? from !== 'system' : from === 'system', `glyphs from '${from}'`);
    const tab = await page.evaluate(() => window.gpuwise.targets['tab:catalog']);
    await clickTarget(page, 'language');
    await waitForState(page, (s) => s.language === 'zh');
    await page.waitForFunction(() => window.gpuwise.status.cjk_font === 'ready', null, { timeout: 10000 });
    await waitFrames(page, 2);
    assert.equal(await page.evaluate(() => window.gpuwise.status.cjk_glyphs_from), source);
    assert.equal(fonts(), fontsBefore + (source === 'file' ? 1 : 0), 'the CJK subset is fetched once per visit, and only without a system font');
    assert.equal(strings(), stringsBefore + 1, 'the translations are fetched once, on demand');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    // The Catalog tab now reads 显卡目录: real glyph pixels inside the tab.
    const zhTab = await page.evaluate(() => window.gpuwise.targets['tab:catalog']);
    assert.ok(zhTab.w !== tab.w, 'the tab label changed width');
    assert.ok(await screenshotInk(page, zhTab) > 0.08, 'the Chinese label has ink');
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
  });
}

// The page's first atlas holds only the characters the build found in the UI and the data
// (scripts/subset_fonts.py); any other one gets its glyph once ImGui first draws it
// (main.cpp, NoteDrawnText). A link's search in Latin-1, Cyrillic and Chinese: drawn as
// written, not as the '?' a missing glyph shows, which the same search with '?' in their
// place would look like.
test('a link whose text the first atlas lacks shows that text, not question marks', async () => {
  const searchPixels = async (query) => {
    const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=2&tab=catalog&q=' + query });
    await waitReady(page);
    await waitFrames(page, 2);
    const status = await page.evaluate(() => window.gpuwise.status);
    const box = await page.evaluate(() => window.gpuwise.targets.search);
    const pixels = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.w, height: box.h } });
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
    return { status, pixels };
  };
  const written = await searchPixels(encodeURIComponent('Café Ж 显卡'));
  const marks = await searchPixels(encodeURIComponent('Caf? ? ??'));
  assert.equal(written.status.typed_characters, 2, 'é and Ж each got a glyph');
  assert.equal(written.status.cjk_characters, marks.status.cjk_characters + 2, '显 and 卡 each got a glyph');
  assert.equal(marks.status.typed_characters, 0);
  assert.notDeepEqual(written.pixels, marks.pixels);
});

test('an English visit does not download the Chinese font or translations', async () => {
  const before = server.requests.length;
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForTimeout(300);
  assert.ok(!server.requests.slice(before).some((r) => r.includes('cjk.ttf') || r.includes('strings_zh.json')));
  await context.close();
});

test('the catalog downloads as CSV with the visible rows', async () => {
  const { page, context } = await openPage(browser, server.origin, { path: '#v=1&q=3090' });
  await waitReady(page);
  await waitForState(page, (s) => s.catalog.search === '3090');
  const [download] = await Promise.all([page.waitForEvent('download'), clickTarget(page, 'catalog-csv')]);
  assert.equal(download.suggestedFilename(), 'gpuwise-catalog.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r\n/);
  assert.match(lines[0], /name,vendor/);
  assert.ok(lines.some((l) => l.startsWith('GeForce RTX 3090,')), csv);
  assert.ok(lines.length <= 8, 'only the rows the search shows');
  await context.close();
});

test('a pasted link and the back button change the view', async () => {
  const { page, context } = await openPage(browser, server.origin, { path: '#v=1&tab=compare' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'compare');
  // Typing a new link into the address bar of an open page is a hash change.
  await page.evaluate(() => { location.hash = '#v=1&tab=about&lang=zh'; });
  await waitForState(page, (s) => s.tab === 'about' && s.language === 'zh');
  await page.goBack();
  await waitForState(page, (s) => s.tab === 'compare' && s.language === 'en');
  await context.close();
});

test('"Copy link" puts the page link on the clipboard and says so', async () => {
  const { page, context } = await openPage(browser, server.origin, { path: '#v=1&tab=ranking&profile=rnn' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  await waitReady(page);
  await waitForState(page, (s) => s.ranking.profile === 'rnn');
  await clickTarget(page, 'copy-link');
  await page.waitForFunction(() => window.gpuwise.status.clipboard !== '', null, { timeout: 15000 });
  assert.match(await page.evaluate(() => window.gpuwise.status.clipboard), /copied/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  await context.close();
});

test('opening a shared link keeps the prices saved on this device', async () => {
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  const mine = JSON.stringify({ price_usd: { 'rtx-4090': 1234 }, rate_usd_per_hour: {} });
  await page.evaluate((value) => localStorage.setItem('gpuwise.prices', value), mine);
  await page.goto(server.origin + '/#v=1&tab=roi&roi.gpu=rtx-4090');
  await page.reload();
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'roi');
  // Opening the link (and drawing its ROI) leaves the saved prices as they were.
  await page.waitForFunction(() => window.gpuwise.roi.ok, null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => localStorage.getItem('gpuwise.prices')), mine);
  await context.close();
});
