// The code the first view does not need comes after the first frame (src/ui/later.h,
// scripts/split_later.py): a first visit asks for index.later.wasm only once its first frame
// is drawn; every tab and the card details work once it is in; a link to another tab asks
// for it at once and shows "Loading..." until then; a failed download says so in the
// reader's language and a tap tries again. Offline: offline.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, clickTarget, waitForState, waitFrames } from './harness.mjs';

const catalog = JSON.parse(readFileSync(new URL('../../data/gpus.json', import.meta.url)));
const LATER = '/index.later.wasm';
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const status = (page) => page.evaluate(() => window.gpuwise.status);
const laterStarts = (page) => page.evaluate((path) => performance.getEntriesByType('resource')
  .filter((e) => new URL(e.name).pathname === path).map((e) => e.startTime), LATER);

test('a first visit draws Ask\'s question from index.wasm alone and asks for index.later.wasm after that frame', async () => {
  const requested = [];
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '',
    beforeLoad: (p) => p.on('request', (r) => requested.push(new URL(r.url()).pathname)),
  });
  await page.waitForFunction(() => window.gpuwise && window.gpuwise.ready === true, null, { timeout: 30000 });
  await waitReady(page);
  const firstFrame = await page.evaluate(() => window.gpuwise.first_frame_ms);
  const starts = await laterStarts(page);
  assert.equal(starts.length, 1, `index.later.wasm requested once: ${starts}`);
  assert.ok(starts[0] > firstFrame, `index.later.wasm asked for at ${starts[0]} ms, the first frame was drawn at ${firstFrame} ms`);
  assert.equal(requested.filter((path) => path === LATER).length, 1);
  // That frame was Ask's question, drawn by index.wasm's own code (issue 30: the first
  // view); its answer, the planner's, comes with index.later.wasm.
  const startup = await page.evaluate(() => window.gpuwise.startup);
  assert.ok(startup.catalog_ms > 0, 'the first frame had the catalog');
  assert.equal((await status(page)).panel, 'ask');
  await page.waitForFunction(() => window.gpuwise.ask && window.gpuwise.ask.answers.length > 0, null, { timeout: 20000 });
  assert.ok(!requested.includes('/data/benchmarks.json'), 'the first view leaves benchmarks.json to the views that show measured runs');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('once it is in, every tab and a card\'s details work', async () => {
  const { page, context, problems } = await openPage(browser, server.origin);
  await waitReady(page);
  // Each tab's own mark that its panel, not "Loading...", was drawn.
  const drawn = {
    catalog: () => window.gpuwise.table.rows > 0,
    ranking: () => Array.isArray(window.gpuwise.ranking) && window.gpuwise.ranking.length > 0,
    compare: () => !!window.gpuwise.targets['compare-add'],
    advisor: () => !!window.gpuwise.targets['fit-model'],
    speed: () => !!window.gpuwise.speed && window.gpuwise.speed.rows.length > 0,
    roi: () => !!window.gpuwise.roi,
    about: () => true,
    ask: () => !!window.gpuwise.ask && window.gpuwise.ask.answers.length > 0,
  };
  for (const key of ['ranking', 'compare', 'advisor', 'speed', 'roi', 'about', 'ask', 'catalog']) {
    await clickTarget(page, `tab:${key}`);
    await waitForState(page, (s) => s.tab === key);
    await page.waitForFunction((k) => window.gpuwise.status.panel === k, key, { timeout: 20000 });
    await page.waitForFunction(drawn[key], null, { timeout: 20000 });
  }
  // The details beside the table, and a card's popup over the ranking.
  await clickTarget(page, 'row:0');
  await page.waitForFunction(() => !!window.gpuwise.targets['details-close'], null, { timeout: 10000 });
  await clickTarget(page, 'tab:ranking');
  await clickTarget(page, 'bar:0');
  await page.waitForFunction(() => !!window.gpuwise.targets['popup-compare'], null, { timeout: 10000 });
  assert.equal((await status(page)).later_code, 'ready');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a link to another tab asks for index.later.wasm at once and shows "Loading..." until it is in', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=speed',
    serviceWorkers: 'block',  // the route below must see the request
    beforeLoad: (p) => p.route(`**${LATER}`, async (route) => { await held; await route.continue(); }),
  });
  await page.waitForFunction(() => window.gpuwise && window.gpuwise.published === true, null, { timeout: 30000 });
  await waitFrames(page, 1);
  let now = await status(page);
  assert.equal(now.later_code, 'pending');
  assert.equal(now.panel, '', 'the speed panel waits for its code');
  assert.equal(await page.evaluate(() => window.gpuwise.speed), null);
  assert.equal((await waitForState(page, (s) => s.tab === 'speed')).tab, 'speed');
  release();
  await page.waitForFunction(() => window.gpuwise.status.panel === 'speed', null, { timeout: 20000 });
  await page.waitForFunction(() => !!window.gpuwise.speed && window.gpuwise.speed.rows.length > 0, null, { timeout: 20000 });
  // Asked for in the first frame, before it was drawn (the view needed it).
  const firstFrame = await page.evaluate(() => window.gpuwise.first_frame_ms);
  const starts = await laterStarts(page);
  assert.equal(starts.length, 1);
  assert.ok(starts[0] < firstFrame, `asked for at ${starts[0]} ms; first frame ${firstFrame} ms`);
  now = await status(page);
  assert.equal(now.later_code, 'ready');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('on a phone in Chinese, a failed download says why and a tap on 重试 brings the tab', async () => {
  let fail = true;
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=ranking&lang=zh',
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
    serviceWorkers: 'block',
    beforeLoad: (p) => p.route(`**${LATER}`, (route) => (fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue())),
  });
  await page.waitForFunction(() => window.gpuwise && window.gpuwise.published === true &&
    window.gpuwise.status.later_code === 'failed' && !!window.gpuwise.targets['later-retry'], null, { timeout: 30000 });
  const failed = await status(page);
  assert.match(failed.later_code_error, /index\.later\.wasm.*503/);
  assert.equal(failed.panel, '');
  await page.waitForFunction(() => window.gpuwise.status.cjk_font === 'ready', null, { timeout: 20000 });
  await waitFrames(page, 2);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), [], 'the message is in Chinese');
  // The first view still works meanwhile: Ask's question is index.wasm's own code (its
  // answer waits for the rest, with the same message and button).
  const tap = async (key) => {
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
    return r;
  };
  await tap('tab:ask');
  await page.waitForFunction(() => window.gpuwise.status.panel === 'ask' && !!window.gpuwise.targets['ask-goal'] &&
    !!window.gpuwise.targets['later-retry'], null, { timeout: 20000 });
  await tap('tab:ranking');
  await page.waitForFunction(() => window.gpuwise.status.panel === '' && !!window.gpuwise.targets['later-retry'], null, { timeout: 20000 });
  fail = false;
  const retry = await tap('later-retry');
  assert.ok(retry.h >= 30, `the button is finger-sized (${retry.h} px)`);
  await page.waitForFunction(() => window.gpuwise.status.panel === 'ranking', null, { timeout: 20000 });
  await page.waitForFunction(() => Array.isArray(window.gpuwise.ranking) && window.gpuwise.ranking.length > 0, null, { timeout: 20000 });
  assert.equal((await status(page)).later_code, 'ready');
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
