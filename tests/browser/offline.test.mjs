// Installable and offline (issue 12): the manifest and link-preview tags, the service
// worker's offline copy, and a new deploy offered with a reload button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, waitFrames, clickTarget, siteDir } from './harness.mjs';

const catalog = JSON.parse(readFileSync(new URL('../../data/gpus.json', import.meta.url)));
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

function pngSize(path) {
  const bytes = readFileSync(path);
  assert.equal(bytes.toString('latin1', 1, 4), 'PNG', `${path} is a PNG`);
  return { w: bytes.readUInt32BE(16), h: bytes.readUInt32BE(20) };
}

test('the manifest, icons and link-preview tags are present and point at real files', async () => {
  const server = await startServer();
  const { page, context } = await openPage(browser, server.origin);
  await waitReady(page);
  const meta = (selector) => page.getAttribute(selector, 'content');
  const image = await meta('meta[property="og:image"]');
  const url = await meta('meta[property="og:url"]');
  assert.match(url, /^https?:\/\/[^/]+\/(.*\/)?$/, 'og:url is an absolute address of the site');
  assert.equal(image, url + 'preview.png');
  assert.equal(await meta('meta[name="twitter:image"]'), image);
  assert.equal(await meta('meta[name="twitter:card"]'), 'summary_large_image');
  assert.deepEqual(pngSize(join(siteDir, 'preview.png')), { w: 1200, h: 630 });

  const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
  const manifest = await (await fetch(new URL(manifestHref, server.origin + '/'))).json();
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name && manifest.start_url);
  for (const icon of manifest.icons) {
    assert.ok(existsSync(join(siteDir, icon.src)), `${icon.src} exists`);
    if (icon.type === 'image/png') {
      const [w, h] = icon.sizes.split('x').map(Number);
      assert.deepEqual(pngSize(join(siteDir, icon.src)), { w, h });
    }
  }
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  for (const rel of ['icon', 'apple-touch-icon']) {
    const href = await page.getAttribute(`link[rel="${rel}"]`, 'href');
    assert.ok(existsSync(join(siteDir, href)), `${rel}: ${href} exists`);
  }
  // The page still allows only its own files.
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /worker-src 'self'/);
  assert.match(csp, /manifest-src 'self'/);
  await context.close();
  await server.close();
});

test('after a first visit the page opens offline; a new deploy is offered with a reload button', async () => {
  const server = await startServer();
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });

  // A new deploy: the server now has a different build of sw.js.
  const current = readFileSync(join(siteDir, 'sw.js'), 'utf8');
  server.overrides.set('/sw.js', current.replace(/var VERSION = '([^']*)'/, "var VERSION = '$1-next'"));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForFunction(() => window.gpuwise.targets['update-reload'], null, { timeout: 30000 });
  // The click reloads the page: no waiting for frames after the release.
  const button = await page.evaluate(() => window.gpuwise.targets['update-reload']);
  await page.mouse.move(button.x + button.w / 2, button.y + button.h / 2, { steps: 2 });
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 1);
  const reloaded = page.waitForEvent('load', { timeout: 30000 });
  await page.mouse.up();
  await reloaded;
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.frames > 2 && !window.gpuwise.targets['update-reload'], null, { timeout: 30000 });
  const caches = await page.evaluate(() => caches.keys());
  assert.equal(caches.length, 1, `one build cached: ${caches}`);
  assert.match(caches[0], /-next$/);

  // The server stops; a reload still shows the whole catalog, and the other tabs, whose
  // code is in index.later.wasm (waitReady waits for it): clicked, and from a link.
  await server.close();
  await page.reload();
  await waitReady(page);
  await page.waitForFunction((n) => window.gpuwise.table.rows === n, catalog.gpus.length, { timeout: 20000 });
  await clickTarget(page, 'tab:ranking');
  await page.waitForFunction(() => window.gpuwise.status.panel === 'ranking' && window.gpuwise.ranking.length > 0,
    null, { timeout: 20000 });
  await page.goto(server.origin + '/?again#v=1&tab=advisor');  // a new document, not a hash change
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.status.panel === 'advisor' && !!window.gpuwise.targets['fit-model'],
    null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.gpuwise.status.later_code), 'ready');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
