// The Price & ROI tab in a real browser: changing the electricity price moves the
// break-even month, and the result survives as a link; a stale price is marked and the
// calculator says it used one; the provider-kind picker changes the rent rate and is kept
// in the link, also on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, typeInto, waitForState, waitFrames, clickTarget, commitWithIme } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

async function breakEven(page) {
  await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  return page.evaluate(() => window.gpuwise.roi.break_even_month);
}

test('a dearer electricity price pushes the break-even month out', async () => {
  // An A100 at 24 h a day with a fixed price and rate. The price is above the used market's
  // (autumn 2026: $6-12.6k), so the resale now does not repay the whole purchase at once and
  // the break-even month depends on the running cost (at $8,000 owning won from month 1).
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.gpu=a100-pcie-80gb&roi.price=12000&roi.rate=1.2&roi.hpd=24',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'roi' && s.roi.gpu_id === 'a100-pcie-80gb');
  const cheapPower = await breakEven(page);
  assert.ok(cheapPower > 0, `breaks even at the US tariff (month ${cheapPower})`);

  await typeInto(page, 'input:roi-kwh', '0.9');
  await waitForState(page, (s) => Math.abs(s.roi.kwh_price_usd - 0.9) < 1e-9);
  await page.waitForFunction((before) => window.gpuwise.roi.break_even_month !== before, cheapPower, { timeout: 15000 });
  const dearPower = await breakEven(page);
  assert.ok(dearPower === 0 || dearPower > cheapPower, `break-even moved from ${cheapPower} to ${dearPower}`);
  assert.ok(page.url().includes('roi.kwh=0.9'), page.url());
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

const roiInfo = (page) => page.evaluate(() => window.gpuwise.roi);
const hasTarget = (page, key) => page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key,
  { timeout: 10000 });

test('a stale price shows its mark, and the calculator says it used one', async () => {
  // The GTX 1070's only price in the data was seen in October 2018: stale on any later day.
  for (const lang of ['en', 'zh']) {
    const { page, context, problems } = await openPage(browser, server.origin, {
      path: `#v=1&tab=roi&lang=${lang}&roi.gpu=gtx-1070&roi.rate=0.3`,
    });
    await waitReady(page);
    await waitForState(page, (s) => s.tab === 'roi' && s.roi.gpu_id === 'gtx-1070' && s.language === lang);
    await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
    assert.equal((await roiInfo(page)).uses_stale_price, true);
    await hasTarget(page, 'stale:roi-price');       // the mark next to the price's date and age
    await hasTarget(page, 'roi-stale-notice');      // the calculator's notice with the date
    assert.ok(await page.evaluate(() => window.gpuwise.stale_marks) >= 1);
    const untranslated = await page.evaluate(() => window.gpuwise.untranslated);
    assert.deepEqual(untranslated.filter((s) => /stale|months? old|seen|Rent from|Hyperscaler|Marketplace|cloud/i.test(s)), []);
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
  }
  // A fresh figure carries no mark: the user's own price and rate.
  const { page, context } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.gpu=gtx-1070&roi.price=200&roi.rate=0.3',
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  await waitFrames(page, 2);
  assert.equal((await roiInfo(page)).uses_stale_price, false);
  assert.equal(await page.evaluate(() => window.gpuwise.targets['roi-stale-notice']), undefined);
  await context.close();
});

test('the provider kinds pick the default rent rate and are kept in the link', async () => {
  // H100 SXM: rented from hyperscalers (dear), specialist clouds and marketplaces (cheap).
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=roi&roi.gpu=h100-sxm5' });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  const cheapest = await roiInfo(page);
  assert.notEqual(cheapest.rate_provider_kind, 'hyperscaler');
  // A US buyer starts with the US market's kinds (hyperscaler, gpu-cloud, marketplace):
  // unticking two leaves the hyperscalers.
  for (const kind of ['gpu-cloud', 'marketplace']) {
    await clickTarget(page, `roi-kind:${kind}`);
  }
  await waitForState(page, (s) => JSON.stringify(s.roi.provider_kinds) === '["hyperscaler"]');
  await page.waitForFunction(() => window.gpuwise.roi.rate_provider_kind === 'hyperscaler', null, { timeout: 10000 });
  const hyper = await roiInfo(page);
  assert.ok(hyper.rate_usd_per_hour > cheapest.rate_usd_per_hour, `${hyper.rate_usd_per_hour} > ${cheapest.rate_usd_per_hour}`);
  await page.waitForFunction(() => location.href.includes('roi.kinds=hyperscaler'), null, { timeout: 10000 });
  // The last kind cannot be unticked: some rate must stay the default.
  await clickTarget(page, 'roi-kind:hyperscaler');
  await waitFrames(page, 2);
  assert.deepEqual((await waitForState(page, () => true)).roi.provider_kinds, ['hyperscaler']);

  // The link brings the choice back.
  const again = await openPage(browser, server.origin, { path: '#v=1&tab=roi&roi.gpu=h100-sxm5&roi.kinds=hyperscaler' });
  await waitReady(again.page);
  await again.page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  assert.equal((await roiInfo(again.page)).rate_usd_per_hour, hyper.rate_usd_per_hour);
  assert.deepEqual(problems.pageErrors, []);
  await again.context.close();
  await context.close();
});

test('on a phone (390x844, touch) a tap on a provider kind changes the rate', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.gpu=rtx-4090',
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  const before = await roiInfo(page);
  // A US buyer's default kinds leave out China's clouds (issue 28): ticking them adds
  // AutoDL's yuan rate, the cheapest.
  assert.notEqual(before.rate_provider_kind, 'china-cloud');
  // The inputs fold under the figures they hold on a phone (issue 30): a tap unfolds them.
  await hasTarget(page, 'fold:roi-inputs');
  const fold = await page.evaluate(() => window.gpuwise.targets['fold:roi-inputs']);
  assert.ok(fold.y + fold.h <= 844, `the fold is on screen (y ${fold.y})`);
  await page.touchscreen.tap(fold.x + fold.w / 2, fold.y + fold.h / 2);
  await hasTarget(page, 'roi-kind:china-cloud');
  // On a phone the inputs stack up: scroll until the box is on screen.
  let r = await page.evaluate(() => window.gpuwise.targets['roi-kind:china-cloud']);
  for (let i = 0; i < 8 && r.y + r.h > 844; ++i) {
    await page.mouse.move(195, 600);
    await page.mouse.wheel(0, 200);
    await waitFrames(page, 2);
    r = await page.evaluate(() => window.gpuwise.targets['roi-kind:china-cloud']);
  }
  assert.ok(r.y >= 0 && r.y + r.h <= 844, `the picker is on screen (y ${r.y})`);
  assert.ok(r.h >= 30, `a finger-sized box (${r.h} px)`);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await waitForState(page, (s) => s.roi.provider_kinds.includes('china-cloud') && s.roi.provider_kinds.length === 4);
  await page.waitForFunction(() => window.gpuwise.roi.rate_provider_kind === 'china-cloud', null, { timeout: 10000 });
  assert.ok((await roiInfo(page)).rate_usd_per_hour < before.rate_usd_per_hour);
  assert.ok(page.url().includes('roi.kinds='), page.url());
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('in Chinese the sales tax, typed through an input method, delays the break-even and is kept in the link', async () => {
  // The worked case of test_roi.cpp: 1,000 USD a card, 1 USD an hour, 8 h a day.
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&lang=zh&roi.gpu=rtx-4090&roi.price=1000&roi.rate=1&roi.power=200&roi.hostw=0&roi.kwh=0.25'
      + '&roi.hpd=8&roi.months=12&roi.dep=0&roi.resale=0',
  });
  await waitReady(page);
  const untaxed = await breakEven(page);
  assert.ok(untaxed > 0, `breaks even without tax (month ${untaxed})`);
  await clickTarget(page, 'input:roi-tax');
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
  // A Chinese input method sends the digits as composed text: ２０ would not be a number,
  // so the test composes the ASCII digits a pinyin keyboard commits in its number row.
  await commitWithIme(page, '20');
  await waitForState(page, (s) => s.roi.sales_tax_pct === 20);
  await page.waitForFunction((before) => window.gpuwise.roi.break_even_month !== before, untaxed, { timeout: 15000 });
  const taxed = await breakEven(page);
  assert.ok(taxed === 0 || taxed > untaxed, `break-even moved from ${untaxed} to ${taxed}`);
  await page.waitForFunction(() => location.href.includes('roi.tax=20'), null, { timeout: 10000 });
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
