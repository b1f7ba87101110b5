// In Chinese, every string the page asked tr() for has a translation: the app lists the
// misses in window.gpuwise.untranslated. Visits every tab, the ROI formulas popup and a
// case that never pays off, so core's sentences are drawn too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitForState, waitFrames, clickTarget, state } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

async function untranslated(page) {
  const list = await page.evaluate(() => window.gpuwise.untranslated);
  assert.ok(Array.isArray(list), 'the page publishes window.gpuwise.untranslated');
  return list;
}

test('every tab in Chinese shows no untranslated string', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=catalog&lang=zh' });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh');
  // The translations arrive with the font; until then the page reads English.
  await page.waitForFunction(() => window.gpuwise.status.cjk_font === 'ready', null, { timeout: 10000 });
  for (const tab of ['catalog', 'ranking', 'compare', 'advisor', 'speed', 'roi', 'about']) {
    await page.evaluate((t) => { location.hash = `#v=1&tab=${t}&lang=zh&cmp=rtx-4090,a100-sxm4-80gb`; }, tab);
    await waitForState(page, (s) => s.tab === tab);
    await page.mouse.move(5, 5);
    await waitFrames(page, 3);
  }
  // Owning never pays off at 0 hours a day: core's reason, then every formula.
  await page.evaluate(() => { location.hash = '#v=1&tab=roi&lang=zh&roi.gpu=rtx-4090&roi.hpd=0'; });
  await waitForState(page, (s) => s.tab === 'roi' && s.roi.hours_per_day === 0);
  await clickTarget(page, 'roi-formulas');
  await waitFrames(page, 3);
  assert.ok(await page.evaluate(() => window.gpuwise.roi.ok), 'the ROI computed');
  assert.deepEqual(await untranslated(page), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// The translations are a file of their own (data/strings_zh.json). A failed or stale
// download says so and leaves a working page in English words; nothing else changes.
for (const [what, reply, expected] of [
  ['missing', { status: 404, body: 'gone' }, /could not download data\/strings_zh\.json/],
  ['stale', { status: 200, contentType: 'application/json', body: '{"version":"0000000000000000","chinese":["x"]}' },
    /another version of the page/],
  ['garbled', { status: 200, contentType: 'application/json', body: '["not", "an object"]' }, /not a JSON object/],
]) {
  test(`a ${what} translations file gives a notice and an English page that works`, async () => {
    const { page, context, problems } = await openPage(browser, server.origin, {
      path: '#v=1&tab=ranking&lang=zh',
      serviceWorkers: 'block',  // else the offline copy may answer for the file
      beforeLoad: (p) => p.route('**/data/strings_zh.json', (route) => route.fulfill(reply)),
    });
    await waitReady(page);
    await page.waitForFunction(() => window.gpuwise.status.cjk_font === 'failed', null, { timeout: 10000 });
    const notices = (await page.evaluate(() => window.gpuwise.notices)).join(' | ');
    assert.match(notices, expected);
    const s = await state(page);
    assert.equal(s.language, 'zh', 'the language chosen is kept (and stays in the link)');
    assert.equal(s.tab, 'ranking');
    assert.deepEqual(await untranslated(page), [], 'English shown for want of a file is not a missing translation');
    await clickTarget(page, 'tab:compare');
    await waitForState(page, (st) => st.tab === 'compare');
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
  });
}
