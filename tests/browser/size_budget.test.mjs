// The size budget (issue 15, bench/size_budget.json): the files an English first visit
// downloads, as Chromium requests them, stay within the committed gzip -9 budget.
// scripts/size_budget.mjs has the check; tests/size_budget.test.mjs proves it can fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, siteDir } from './harness.mjs';
import { join } from 'node:path';
import { checkBudget, readBudget, gzipBytes } from '../../scripts/size_budget.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('an English first visit stays within bench/size_budget.json', async () => {
  // What the page itself requests, as scripts/bench.sh counts it (the service worker's
  // offline copy, fetched after load, is not part of the visit). The code of the other
  // tabs, index.later.wasm (src/ui/later.h), is not part of it either: it must be asked
  // for only after the first frame, and its bytes are reported beside the budget.
  const requested = [];
  const { page, context } = await openPage(browser, server.origin, {
    path: '',  // the real first visit: Ask (issue 30)
    beforeLoad: (p) => p.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === server.origin) requested.push(url.pathname === '/' ? '/index.html' : url.pathname);
    }),
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status && window.gpuwise.status.catalog_loaded, null, { timeout: 15000 });
  await page.waitForTimeout(500);  // anything the first view fetches late is counted too
  const timing = await page.evaluate(() => ({
    firstFrame: window.gpuwise.first_frame_ms,
    later: performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/index.later.wasm')
      .map((e) => e.startTime),
  }));
  const files = [...new Set(requested)];
  await context.close();
  for (const must of ['/index.html', '/index.wasm', '/index.js', '/data/gpus.bin', '/index.later.wasm']) {
    assert.ok(files.includes(must), `a first visit requests ${must} (got ${files.join(', ')})`);
  }
  assert.equal(timing.later.length, 1, `index.later.wasm is downloaded once (${timing.later})`);
  assert.ok(timing.later[0] > timing.firstFrame,
    `index.later.wasm was asked for at ${timing.later[0]} ms, before the first frame (${timing.firstFrame} ms)`);
  const result = checkBudget(siteDir, files.filter((file) => file !== '/index.later.wasm'), readBudget());
  console.log(result.message);
  console.log(`After the first frame: /index.later.wasm ${gzipBytes(join(siteDir, 'index.later.wasm'))} B gzip -9`);
  assert.ok(result.ok, result.message);
});
