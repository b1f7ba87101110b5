// The Price & ROI tab in a real browser: changing the electricity price moves the
// break-even month, and the result survives as a link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, typeInto, waitForState } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

async function breakEven(page) {
  await page.waitForFunction(() => window.gpuwise.roi && window.gpuwise.roi.ok, null, { timeout: 10000 });
  return page.evaluate(() => window.gpuwise.roi.break_even_month);
}

test('a dearer electricity price pushes the break-even month out', async () => {
  // An A100 at 24 h a day with a fixed price and rate, so the data's defaults do not matter.
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.gpu=a100-pcie-80gb&roi.price=8000&roi.rate=1.2&roi.hpd=24',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'roi' && s.roi.gpu_id === 'a100-pcie-80gb');
  const cheapPower = await breakEven(page);
  assert.ok(cheapPower > 0, `breaks even at 0.15 USD/kWh (month ${cheapPower})`);

  await typeInto(page, 'input:roi-kwh', '0.9');
  await waitForState(page, (s) => Math.abs(s.roi.kwh_price_usd - 0.9) < 1e-9);
  await page.waitForFunction((before) => window.gpuwise.roi.break_even_month !== before, cheapPower, { timeout: 15000 });
  const dearPower = await breakEven(page);
  assert.ok(dearPower === 0 || dearPower > cheapPower, `break-even moved from ${cheapPower} to ${dearPower}`);
  assert.ok(page.url().includes('roi.kwh=0.9'), page.url());
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
