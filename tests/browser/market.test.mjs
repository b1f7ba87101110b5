// The buyer's market and budget on a phone (issue 28): the header's market picker, tapped
// at 390 px; a budget typed through a Chinese input method on the ranking; bad values
// (a negative budget, an unknown market) say so and change nothing else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitForState, waitFrames, clickTarget, commitWithIme } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function tap(page, key) {
  await page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key, { timeout: 10000 });
  const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
  assert.ok(r.x >= 0 && r.x + r.w <= 390, `${key} is on the screen (${JSON.stringify(r)})`);
  assert.ok(r.h >= 30, `${key} is finger-sized (${r.h} px)`);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await waitFrames(page, 2);
}

// Types digits the way a pinyin keyboard commits them in its number row: a composition,
// then the committed text, then Enter.
async function composeInto(page, key, text) {
  await tap(page, key);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
  await commitWithIme(page, text);
}

test('on a phone in Chinese the market picker is tapped from China to Europe and the link keeps it', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '', locale: 'zh-CN' });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh' && s.market === 'cn');
  // On a phone the header is one line: the market is under "More" (issue 30).
  await tap(page, 'header-more');
  await tap(page, 'market');
  await tap(page, 'market:eu');
  const s = await waitForState(page, (st) => st.market === 'eu');
  assert.equal(s.currency, 'auto', 'the currency follows the market unless the reader picks one');
  await page.waitForFunction(() => /[#&]mkt=eu(&|$)/.test(location.hash), null, { timeout: 10000 });
  // A currency picked by hand stays when the market changes again.
  await tap(page, 'currency:USD');
  await waitForState(page, (st) => st.currency === 'USD');
  await tap(page, 'market:us');
  const back = await waitForState(page, (st) => st.market === 'us');
  assert.equal(back.currency, 'USD');
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a budget typed in Chinese on a phone keeps the ranking to machines within it; a negative one is refused', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    ...phone,
    path: '#v=1&tab=ranking&lang=zh&mkt=us&used=1&profile=llm-inference&fit.model=llama-3-70b&fit.prec=int4&fit.ctx=4096',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ranking' && s.used === true);
  // On a phone the buyer's choices fold under one line that says what is on: a tap opens it.
  await page.waitForFunction(() => window.gpuwise.targets['fold:ranking-buyer'], null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.gpuwise.targets['input:budget']), undefined, 'folded at first');
  await tap(page, 'fold:ranking-buyer');
  await composeInto(page, 'input:budget', '2000');
  await waitForState(page, (s) => s.budget_usd === 2000);
  await page.waitForFunction(() => /[#&]budget=2000(&|$)/.test(location.hash), null, { timeout: 10000 });
  await page.waitForFunction(() => window.gpuwise.ranking_outlay && window.gpuwise.ranking_outlay.by_budget, null, { timeout: 15000 });
  const outlay = await page.evaluate(() => window.gpuwise.ranking_outlay);
  assert.ok(outlay.rows.length > 0, 'some machine runs a 70B model within $2,000');
  for (const row of outlay.rows) assert.ok(row.total_usd !== null && row.total_usd <= 2000, JSON.stringify(row));
  assert.ok(outlay.over_budget > 0, 'the others are counted as over budget');
  // What more money buys: each faster machine over the budget is a line on the page, on
  // the phone's screen, in Chinese (untranslated stays empty below).
  const fastest = Math.max(...(await page.evaluate(() => window.gpuwise.ranking_estimate.tokens_per_s)).filter((t) => t !== null));
  assert.ok(outlay.faster_over.length > 0, 'a budget shows what is faster above it');
  for (const option of outlay.faster_over) {
    assert.ok(option.total_usd > 2000, JSON.stringify(option));
    assert.ok(option.tokens_per_s > fastest, `${option.id} is faster than every machine within the budget`);
    await page.waitForFunction((k) => window.gpuwise.targets[k], `budget-faster-over:${option.id}`, { timeout: 10000 });
    const r = await page.evaluate((k) => window.gpuwise.targets[k], `budget-faster-over:${option.id}`);
    assert.ok(r.x >= 0 && r.x + r.w <= 390, `the line for ${option.id} fits the phone (${JSON.stringify(r)})`);
  }

  // A slip of the finger: the budget there was stays, and so does the list.
  await composeInto(page, 'input:budget', '-5');
  await waitFrames(page, 3);
  const after = await waitForState(page, (s) => s.budget_usd === 2000);
  assert.equal(after.market, 'us');
  assert.ok(/[#&]budget=2000(&|$)/.test(await page.evaluate(() => location.hash)));
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a link with a negative budget or an unknown market says so and opens with the defaults for them', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    ...phone, path: '#v=1&tab=ranking&mkt=mars&budget=-5&used=1',
  });
  await waitReady(page);
  const s = await waitForState(page, (st) => st.tab === 'ranking');
  assert.equal(s.market, 'us');
  assert.equal(s.budget_usd, 0);
  assert.equal(s.used, true, 'the good value of the same link is kept');
  await page.waitForFunction(() => window.gpuwise.notices && window.gpuwise.notices.length >= 2, null, { timeout: 10000 });
  const notices = (await page.evaluate(() => window.gpuwise.notices)).join(' | ');
  assert.match(notices, /'mkt' must be one of us, eu, cn; kept us/);
  assert.match(notices, /'budget' must be 0 or a number from 1 to 1000000000; kept 0/);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
