// The About page states how close the estimates are over every measured run, as
// `gpuwise check` computes it: the same median, count and share within band, in both
// languages, and "—" with the reason when the measured runs cannot be loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady } from './harness.mjs';

const gpuwise = fileURLToPath(new URL('../../build/native/gpuwise', import.meta.url));

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('About states estimated ÷ measured over every run, as gpuwise check does', async () => {
  const check = JSON.parse(execFileSync(gpuwise, ['check', '--json'], { maxBuffer: 64 << 20 }).toString());
  const all = check.classes.find((c) => c.class === 'all');
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=2&tab=about' });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.about, null, { timeout: 60000 });
  const about = await page.evaluate(() => window.gpuwise.about);
  assert.equal(about.n, all.n);
  assert.equal(Math.round(about.median_ratio * 1000), Math.round(all.median_ratio * 1000));
  assert.equal(Math.round(about.within_band * 1000), Math.round(all.within_band * 1000));
  assert.equal(about.not_compared, check.not_compared.length);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('About says why when the measured runs cannot be loaded, and shows no figure', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=2&tab=about',
    serviceWorkers: 'block',
    beforeLoad: (p) => p.route('**/data/benchmarks.json',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"schema_version": 1, "sets": [' })),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.about && window.gpuwise.about.error, null, { timeout: 30000 });
  const about = await page.evaluate(() => window.gpuwise.about);
  assert.match(about.error, /benchmarks\.json/);
  assert.equal(about.n, undefined, 'no figure without the runs');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
