// The app shell as a visitor meets it: the page loads, draws, switches tabs on a click,
// makes no request outside its origin, and explains itself when it cannot run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, state, clickTarget, waitForState, screenshotInk } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The summary's list items as a screen reader gets them (Chromium's accessibility tree).
async function summaryItemsInAccessibilityTree({ page, context }) {
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((node) => !node.ignored && node.role && node.role.value === 'listitem').length;
}
const summaryItemsInHtml = (page) => page.evaluate(() => {
  const count = document.querySelectorAll('#catalog-summary li').length;
  if (count < 100) throw new Error(`index.html's summary lists only ${count} cards`);
  return count;
});

test('the page draws, a tab click changes the view, and nothing leaves the origin', async () => {
  const requested = [];
  const { page, context, problems } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.on('request', (request) => requested.push(new URL(request.url()).pathname)),
  });
  await waitReady(page);
  assert.ok(await page.evaluate(() => window.gpuwise.frames) >= 1);
  // index.html preloads the app's files, and the loader's requests take the preloaded
  // responses over: each file is downloaded once, and the browser says the preload served it.
  for (const file of ['/index.wasm', '/index.js', '/data/gpus.bin', '/data/cuda.json']) {
    assert.equal(requested.filter((path) => path === file).length, 1, `${file} requested once: ${requested}`);
    assert.equal(await page.evaluate((f) => performance.getEntriesByName(new URL(f, location.href).href)[0]?.initiatorType, file),
      'link', `${file} came from the preload`);
  }
  // The plain catalog shows no price: prices.json is left for the first view that does.
  assert.equal(requested.filter((path) => path === '/data/prices.json').length, 0, `prices.json not requested: ${requested}`);
  assert.equal(await page.locator('#loading').count(), 0, 'the loading screen is gone');
  assert.ok(await screenshotInk(page) > 0.02, 'the screenshot is not blank');
  assert.equal((await state(page)).tab, 'catalog');

  await clickTarget(page, 'tab:about');
  await waitForState(page, (s) => s.tab === 'about');
  await clickTarget(page, 'tab:ranking');
  await waitForState(page, (s) => s.tab === 'ranking');

  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.foreignRequests, []);
  await context.close();
});

test('a first view of the catalog draws before prices.json is read; a link to the ROI tab reads it in frame 1', async () => {
  // Whether the page's info was out when the first frame's callback returned.
  const watchFirstFrame = (page) => page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => raf((time) => {
      callback(time);
      const g = window.gpuwise;
      if (g && g.ready && !window.__firstFrame) {
        window.__firstFrame = { published: g.published === true, state: g._state,
                                summaryHidden: document.getElementById('catalog-summary').hidden };
      }
    });
  });
  const catalogFirst = await openPage(browser, server.origin, { beforeLoad: watchFirstFrame });
  await waitReady(catalogFirst.page);
  const startup = await catalogFirst.page.evaluate(() => window.gpuwise.startup);
  assert.equal(startup.prices_ms, 0, 'the catalog table does not wait for prices.json');
  // The first frame returns as soon as it is drawn (it shows once its callback returns);
  // the URL, the saved view and window.gpuwise follow in the next frame.
  // The catalog summary for screen readers is held back until then too (its layout cost
  // the first frame ~30 ms), and then shown: every card is in the accessibility tree.
  assert.deepEqual(await catalogFirst.page.evaluate(() => window.__firstFrame),
    { published: false, state: '{}', summaryHidden: true });
  await catalogFirst.page.waitForFunction(() => !document.getElementById('catalog-summary').hidden, null, { timeout: 5000 });
  assert.equal(await summaryItemsInAccessibilityTree(catalogFirst), await summaryItemsInHtml(catalogFirst.page));
  assert.ok(startup.published_ms > startup.drawn_ms, JSON.stringify(startup));
  assert.notEqual(await catalogFirst.page.evaluate(() => window.gpuwise._state), '{}');
  assert.match(await catalogFirst.page.evaluate(() => location.hash), /^#v=2/);
  // Nor for its Latin glyphs: the loader drew them while the app downloaded (its guess of
  // the font size was right), so the first frame's atlas only had to add 中文.
  assert.ok(startup.atlas_glyphs > 100 && startup.atlas_drawn < 10, `atlas ${startup.atlas_glyphs}, drawn ${startup.atlas_drawn}`);
  // Nothing on the plain catalog wants a price; the first tab that shows one asks for the
  // file (issue 28), and reads it.
  assert.equal(await catalogFirst.page.evaluate(() => window.gpuwise.status.prices), 'pending');
  await clickTarget(catalogFirst.page, 'tab:roi');
  await catalogFirst.page.waitForFunction(() => window.gpuwise.status.prices === 'ready', null, { timeout: 15000 });
  await catalogFirst.context.close();

  const roiFirst = await openPage(browser, server.origin, { path: '#v=1&tab=roi' });
  await waitReady(roiFirst.page);
  const roiStartup = await roiFirst.page.evaluate(() => window.gpuwise.startup);
  // When the catalog was there for frame 1 (the files usually arrive before the wasm),
  // the ROI tab's first frame had its prices too: no frame of "loading prices".
  if (roiStartup.catalog_ms > 0) assert.ok(roiStartup.prices_ms > 0, `prices read in frame 1 (${JSON.stringify(roiStartup)})`);
  assert.equal(await roiFirst.page.evaluate(() => window.gpuwise.status.prices), 'ready');
  assert.deepEqual(roiFirst.problems.pageErrors, []);
  await roiFirst.context.close();
});

// The data files' bytes reach the page in tasks the browser runs between others: on a busy
// main thread they came after the first frame in 1 load of 12, which then showed
// "Loading the GPU catalog..." instead of the catalog. The loader starts the app once they
// are in, and a download that hangs holds it back 3 s at most.
test('the first frame shows the catalog even when its file comes late; a hung download delays the app 3 s at most', async () => {
  const late = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/data/gpus.bin', (route) => setTimeout(() => route.continue(), 1500)),
  });
  await waitReady(late.page);
  const lateStartup = await late.page.evaluate(() => window.gpuwise.startup);
  assert.ok(lateStartup.catalog_ms > 0 && lateStartup.main_ms > 1000, `catalog in the first frame: ${JSON.stringify(lateStartup)}`);
  await late.context.close();

  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const hung = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/data/gpus.bin', async (route) => { await held; await route.continue().catch(() => {}); }),
  });
  await waitReady(hung.page, 15000);
  const hungStartup = await hung.page.evaluate(() => window.gpuwise.startup);
  assert.equal(hungStartup.catalog_ms, 0, 'started without the catalog');
  assert.ok(hungStartup.main_ms > 2500, `held back ~3 s: ${JSON.stringify(hungStartup)}`);
  assert.equal(await hung.page.evaluate(() => window.gpuwise.table.rows), 0);
  release();
  await hung.page.waitForFunction(() => window.gpuwise.table.rows > 100, null, { timeout: 10000 });
  await hung.context.close();
});

test('the canvas follows the window size and the device pixel ratio', async () => {
  // Every width and height the page's canvas is given, in order.
  const recordSizes = (page) => page.addInitScript(() => {
    const sizes = window.__canvasSizes = [];
    for (const side of ['width', 'height']) {
      const own = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, side);
      Object.defineProperty(HTMLCanvasElement.prototype, side, {
        configurable: true, get: own.get,
        set(value) { if (this.id === 'canvas') sizes.push(`${side}=${value}`); own.set.call(this, value); },
      });
    }
  });
  const { page, context } = await openPage(browser, server.origin,
    { viewport: { width: 900, height: 600 }, deviceScaleFactor: 2, beforeLoad: recordSizes });
  await waitReady(page);
  const size = await page.evaluate(() => { const c = document.getElementById('canvas'); return { w: c.width, h: c.height }; });
  assert.deepEqual(size, { w: 1800, h: 1200 });
  // Each size set makes the WebGL drawing buffer anew: start-up sets the full size once,
  // without SDL's 1x1 probe (canvas_size_web.cpp), and a resize event that changes nothing
  // sets nothing. The context has no depth buffer (ImGui draws in 2D).
  assert.deepEqual(await page.evaluate(() => window.__canvasSizes), ['width=1800', 'height=1200']);
  await page.evaluate(() => window.dispatchEvent(new Event('resize')));
  await page.waitForTimeout(200);
  assert.deepEqual(await page.evaluate(() => window.__canvasSizes), ['width=1800', 'height=1200']);
  assert.equal(await page.evaluate(() => document.getElementById('canvas').getContext('webgl2').getContextAttributes().depth), false);
  await page.setViewportSize({ width: 700, height: 500 });
  await page.waitForFunction(() => document.getElementById('canvas').width === 1400, null, { timeout: 15000 });
  await context.close();
});

test('without JavaScript the page points to the plain catalog and screen readers get the summary', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(server.origin + '/');
  assert.match(await page.textContent('.noscript'), /catalog\.html/);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('catalog-summary')).display), 'block');
  assert.equal(await summaryItemsInAccessibilityTree({ page, context }), await summaryItemsInHtml(page));
  await context.close();
});

test('a missing wasm file shows a readable message, not a blank page', async () => {
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.route('**/index.wasm', (route) => route.fulfill({ status: 404, body: 'gone' })),
  });
  await page.waitForSelector('#error:not([hidden])', { timeout: 10000 });
  const text = await page.textContent('#error-text');
  assert.match(text, /Could not download the app \(index\.wasm\)/);
  assert.match(text, /404/);
  // The catalog summary is not held back for a first frame that will not come.
  assert.equal(await page.evaluate(() => document.getElementById('catalog-summary').hidden), false);
  await context.close();
});

test('a browser without WebGL2 is told so', async () => {
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return kind === 'webgl2' ? null : original.call(this, kind, ...rest);
      };
    }),
  });
  await page.waitForSelector('#error:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#error-text'), /WebGL2/);
  await context.close();
});

// Every glyph is drawn on a canvas and read back: a browser that returns made-up canvas
// pixels (a privacy setting) would show no readable text, so the page says why.
test('a browser that hides canvas pixels is told so, with the plain catalog', async () => {
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.addInitScript(() => {
      CanvasRenderingContext2D.prototype.getImageData = function (x, y, w, h) {
        const image = new ImageData(w, h);
        for (let i = 0; i < image.data.length; i++) image.data[i] = Math.floor(Math.random() * 256);
        return image;
      };
    }),
  });
  await page.waitForSelector('#error:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#error-text'), /hides canvas pixels/);
  assert.equal(await page.getAttribute('#error a', 'href'), 'catalog.html');
  await context.close();
});

test('a browser without WebAssembly is told so', async () => {
  const { page, context } = await openPage(browser, server.origin, {
    beforeLoad: (p) => p.addInitScript(() => { delete window.WebAssembly; }),
  });
  await page.waitForSelector('#error:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#error-text'), /WebAssembly/);
  await context.close();
});
