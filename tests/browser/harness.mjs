// Shared by the browser tests: serves build/web/site on a loopback port, opens it in
// Debian's headless Chromium through playwright-core, and watches for page errors and
// requests to any other origin.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { decodePng, inkFraction } from './png.mjs';

export const siteDir = fileURLToPath(new URL('../../build/web/site/', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.ttf': 'font/ttf', '.csv': 'text/csv',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json',
};

export async function startServer() {
  if (!existsSync(join(siteDir, 'index.html'))) {
    throw new Error(`${siteDir} has no index.html: build the web preset first (scripts/build.sh web)`);
  }
  const requests = [];
  const overrides = new Map();  // path -> body served instead of the file (a "new deploy")
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    if (overrides.has(path)) {
      res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' });
      res.end(overrides.get(path));
      return;
    }
    const file = normalize(join(siteDir, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(siteDir)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream', 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  // close() also drops kept-alive connections: a page must not reach a stopped server.
  const close = () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
  return { origin, requests, overrides, close };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
}

// A page that records every problem a visitor would hit: script errors and requests
// that leave the site's origin.
export async function openPage(browser, origin, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 1280, height: 800 },
    deviceScaleFactor: options.deviceScaleFactor || 1,
    locale: options.locale || 'en-US',
    colorScheme: options.colorScheme || 'dark',
    hasTouch: options.hasTouch || false,
    isMobile: options.isMobile || false,
    acceptDownloads: true,
    // 'block' when a test routes a file the service worker may already have cached
    // (Playwright's routes do not see requests a service worker answers).
    serviceWorkers: options.serviceWorkers || 'allow',
  });
  const page = await context.newPage();
  const problems = { pageErrors: [], foreignRequests: [] };
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) problems.foreignRequests.push(url);
  });
  if (options.beforeLoad) await options.beforeLoad(page);
  // No path: '#v=1', a link of the first release's format, which opens the catalog (the
  // first view before Ask, issue 30): the tests written for it keep their page. A test of
  // the real first visit passes path: ''.
  await page.goto(origin + '/' + (options.path === undefined ? '#v=1' : options.path));
  return { page, context, problems };
}

// The first frame is drawn (ready), the frame after it has published the view and the
// page's info (published), and the code of the views the first view does not need
// (index.later.wasm, src/ui/later.h) is linked: what the tests read, on any tab.
// later.test.mjs checks the moments before that.
export async function waitReady(page, timeout = 30000) {
  await page.waitForFunction(() => window.gpuwise && window.gpuwise.ready === true && window.gpuwise.published === true &&
    window.gpuwiseLater && window.gpuwiseLater.state === 2, null, { timeout });
  // ...and a frame drawn since has published what the view's panel shows.
  await page.waitForFunction(() => window.gpuwise.frames > window.gpuwiseLater.readyFrame, null, { timeout });
}

export async function state(page) {
  return JSON.parse(await page.evaluate(() => window.gpuwise.state()));
}

// Waits until the app has drawn `count` more frames (it may be idle: then any input
// wakes it, which the callers provide).
export async function waitFrames(page, count = 2) {
  const start = await page.evaluate(() => window.gpuwise.frames);
  await page.waitForFunction(({ start, count }) => window.gpuwise.frames >= start + count, { start, count }, { timeout: 15000 });
}

// Clicks the centre of a widget the app published in window.gpuwise.targets, the way a
// person does: the pointer arrives, rests a moment, then presses and releases. (Dear
// ImGui decides hover on the frame before the press; a teleporting click can miss.)
export async function clickTarget(page, key) {
  await page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key, { timeout: 10000 });
  const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2, { steps: 2 });
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 1);
  await page.mouse.up();
  await waitFrames(page, 1);
}

// Polls state() from node until `predicate(state)` holds (the page's CSP forbids eval,
// so the predicate runs here, not in the page).
export async function waitForState(page, predicate, timeout = 20000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await state(page);
    if (predicate(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`state never matched ${predicate}; last state: ${JSON.stringify(last)}`);
}

export async function screenshotInk(page, region) {
  const image = decodePng(await page.screenshot());
  return inkFraction(image, region);
}

// Replaces the text of an ImGui input field the way a person does: click it, select
// all, type, press Enter. Keys are held a moment: ImGui 1.86 samples key state per frame.
export async function typeInto(page, key, text) {
  await clickTarget(page, key);
  await page.keyboard.down('Control');
  await pressKey(page, 'a');
  await page.keyboard.up('Control');
  await waitFrames(page, 1);
  await page.keyboard.type(text, { delay: 30 });
  await pressKey(page, 'Enter');
  await waitFrames(page, 1);
}

// A key held until the app has drawn a frame with it down, then released: a slow frame
// on a busy machine can otherwise swallow a quick press and release together.
export async function pressKey(page, key) {
  await page.keyboard.down(key);
  await waitFrames(page, 1);
  await page.keyboard.up(key);
  await waitFrames(page, 1);
}

// Replaces the text of the focused field the way a Chinese input method enters it: all of
// it selected, a composition (`composing`: the keys typed, e.g. pinyin, which must not reach
// the field), then the committed text, then Enter unless `enter` is false (a list's filter
// filters as one types). A pinyin keyboard commits digits from its number row as composed
// text too: that is how the number fields are typed. `cdp`: a session to reuse.
export async function commitWithIme(page, text, { composing = text, enter = true, cdp = null } = {}) {
  await page.keyboard.down('Control');
  await pressKey(page, 'a');
  await page.keyboard.up('Control');
  await waitFrames(page, 1);
  const session = cdp || await page.context().newCDPSession(page);
  await session.send('Input.imeSetComposition', { text: composing, selectionStart: composing.length, selectionEnd: composing.length });
  await waitFrames(page, 1);
  await session.send('Input.insertText', { text });
  if (enter) await pressKey(page, 'Enter');
  else await waitFrames(page, 2);
  if (!cdp) await session.detach();
}
