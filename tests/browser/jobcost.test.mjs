// The cost of a job (Price & ROI tab, roi.view=job) and the LLM rankings by the speed model,
// in a real browser: the view opens from a link, its rows are core's job_cost() (the same
// as `gpuwise job`), inputs move state() and the URL, bad input gets a message and keeps
// the view, the LLM-inference ranking is ordered by estimated tokens/s as `gpuwise rank`
// orders it, the view works on a phone, and serving users (issue 27: users and hours up a
// day typed in Chinese through an input method on a phone; replicas, bands, the CSV).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, clickTarget, typeInto, waitForState, waitFrames, commitWithIme } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const cli = (args) => JSON.parse(execFileSync('build/native/gpuwise', args, { encoding: 'utf8' }));

async function job(page, predicate = () => true) {
  await page.waitForFunction(() => window.gpuwise.job && typeof window.gpuwise.job.ok === 'boolean', null, { timeout: 30000 });
  const deadline = Date.now() + 20000;
  let last;
  while (Date.now() < deadline) {
    last = await page.evaluate(() => window.gpuwise.job);
    if (last && predicate(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`window.gpuwise.job never matched ${predicate}; last: ${JSON.stringify(last)}`);
}

// Scrolls the page with the mouse wheel until the widget `key` is inside the window.
async function scrollTo(page, key) {
  const { width, height } = page.viewportSize();
  for (let i = 0; i < 40; i++) {
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    if (r && r.y >= 0 && r.y + r.h <= height) return;
    await page.mouse.move(Math.min(640, width / 2), height / 2);
    await page.mouse.wheel(0, r && r.y < 0 ? -300 : 300);
    await waitFrames(page, 2);
  }
}

test('the job view opens by link, shows core\'s rows, and follows an input into state() and the URL', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=roi&roi.view=job&job.tok=2' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'roi' && s.roi.view === 'job' && s.job.tokens_b === 2);
  const first = await job(page, (j) => j.ok && j.rows.length > 0 && j.cheapest.length > 3);
  assert.equal(first.kind, 'train');
  assert.equal(first.per, 'job');
  assert.ok(first.cheapest.length > 3, JSON.stringify(first.cheapest));
  for (let i = 1; i < first.cheapest.length; i++) assert.ok(first.cheapest[i - 1].cost_usd <= first.cheapest[i].cost_usd);
  for (const way of first.cheapest) assert.ok(way.how === 'own' || (way.how === 'rent' && way.provider), JSON.stringify(way));

  // The same function as the command line: `gpuwise job` with the page's defaults.
  const expected = cli(['job', '--kind', 'train', '--params-b', '8.03', '--tokens-b', '2', '--json']);
  assert.deepEqual(first.cheapest.map((w) => [w.id, w.gpus, w.how, w.cost_usd]),
    expected.cheapest.slice(0, first.cheapest.length).map((w) => [w.id, w.gpus, w.how, w.cost_usd]));

  // Twenty times the tokens: the same options take twenty times as long.
  await typeInto(page, 'input:job-tokens', '40');
  await waitForState(page, (s) => s.job.tokens_b === 40);
  const longer = await job(page, (j) => j.ok && j.rows[0].hours !== first.rows[0].hours);
  const before = new Map(first.rows.map((r) => [`${r.id}x${r.gpus}`, r.hours]));
  let compared = 0;
  for (const row of longer.rows) {
    const hours = before.get(`${row.id}x${row.gpus}`);
    if (hours === undefined) continue;
    assert.ok(Math.abs(row.hours / hours - 20) < 0.01, `${row.id} x${row.gpus}: ${hours} h -> ${row.hours} h`);
    compared++;
  }
  assert.ok(compared > 0);
  await page.waitForFunction(() => location.hash.includes('job.tok=40'), null, { timeout: 10000 });

  // Serving: a click on the job kind; the costs are a day's now.
  await clickTarget(page, 'job-kind:serve');
  await waitForState(page, (s) => s.job.kind === 'serve');
  const serving = await job(page, (j) => j.kind === 'serve');
  assert.equal(serving.per, 'day');
  assert.ok(serving.ok, serving.error);
  for (const row of serving.rows) assert.ok(row.hours <= 24, JSON.stringify(row));
  await page.waitForFunction(() => location.hash.includes('job.kind=serve'), null, { timeout: 10000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('bad input gets a message and keeps the view; a model that fits no card says so', async () => {
  // 0 tokens and 100 GPUs are out of range: refused with notices, the rest of the link kept.
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.view=job&job.tok=0&job.n=100&job.kind=finetune',
  });
  await waitReady(page);
  const s = await waitForState(page, (st) => st.roi.view === 'job' && st.job.kind === 'finetune');
  assert.equal(s.job.tokens_b, 20);
  assert.equal(s.job.gpu_count, 0);
  const notices = await page.evaluate(() => window.gpuwise.notices);
  assert.ok(notices.some((n) => n.includes("'job.tok' must be a number from")), JSON.stringify(notices));
  assert.ok(notices.some((n) => n.includes("'job.n' must be 0 or a whole number from 1 to 64")), JSON.stringify(notices));
  assert.ok((await job(page)).ok);

  // 2000B parameters trained on one GPU: no card holds it; the message names the need.
  await page.goto(server.origin + '/#v=1&tab=roi&roi.view=job&job.model=custom&job.p=2000&job.n=1');
  await waitForState(page, (st) => st.job.params_b === 2000 && st.job.gpu_count === 1);
  const big = await job(page, (j) => !j.ok);
  assert.match(big.error, /fits no card at 1 GPU\(s\): it still needs [\d.]+ GB per GPU/);
  await page.waitForFunction(() => window.gpuwise.targets['job-error'], null, { timeout: 10000 });
  // Nothing else changed: the view, the inputs and the other tab's state are as the link said.
  const after = await waitForState(page, (st) => st.roi.view === 'job');
  assert.equal(after.job.preset, 'custom');
  assert.equal(after.roi.gpu_id, 'rtx-4090');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('the LLM-inference ranking lists cards by estimated tokens/s, as gpuwise rank does', async () => {
  const expected = cli(['rank', '--profile', 'llm-inference', '--json']);
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=ranking&profile=llm-inference' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ranking' && s.ranking.profile === 'llm-inference');
  await page.waitForFunction(() => window.gpuwise.ranking_estimate && window.gpuwise.ranking_estimate.tokens_per_s, null,
    { timeout: 30000 });
  const estimate = await page.evaluate(() => window.gpuwise.ranking_estimate);
  const ids = await page.evaluate(() => window.gpuwise.ranking);
  assert.equal(estimate.phase, 'decode');
  assert.match(estimate.model, /^Llama 3 8B at BF16, context 8192/);
  assert.ok(estimate.not_fitting > 0, 'small cards do not hold 16 GB of weights');
  const speeds = estimate.tokens_per_s.filter((v) => v !== null);
  assert.ok(speeds.length > 10);
  for (let i = 1; i < speeds.length; i++) assert.ok(speeds[i - 1] >= speeds[i], `${speeds[i - 1]} then ${speeds[i]}`);
  assert.deepEqual(ids, expected.results.map((r) => r.id));
  assert.equal(expected.speed.model, estimate.model);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('on a phone (390 x 844, touch) the job view fits the screen and answers a tap', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.view=job',
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await waitForState(page, (s) => s.roi.view === 'job');
  await job(page, (j) => j.ok);
  // The inputs fold under one line (issue 30), so the answer is on the first screen; a tap
  // unfolds them, each within the screen's width (the page scrolls to the lower ones).
  await page.waitForFunction(() => window.gpuwise.targets['fold:job-inputs'], null, { timeout: 10000 });
  const fold = await page.evaluate(() => window.gpuwise.targets['fold:job-inputs']);
  assert.ok(fold.y + fold.h <= 844 && !(await page.evaluate(() => window.gpuwise.targets['job-kind:serve'])));
  await page.touchscreen.tap(fold.x + fold.w / 2, fold.y + fold.h / 2);
  await page.waitForFunction(() => window.gpuwise.targets['job-kind:serve'] && window.gpuwise.targets['input:job-tokens'],
    null, { timeout: 10000 });
  await waitFrames(page, 2);
  // Every input fits the width; the page scrolls to each one, as a user would (with four kinds
  // of job, images among them, the GPU count sits below the first screen).
  for (const key of ['roi-view:buy', 'roi-view:job', 'job-kind:train', 'job-kind:serve', 'job-kind:image', 'job-model',
    'input:job-tokens', 'job-gpus']) {
    assert.ok(await page.evaluate((k) => window.gpuwise.targets[k], key), `${key} is drawn`);
    await scrollTo(page, key);
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    assert.ok(r.x >= 0 && r.x + r.w <= 390 && r.y >= 0 && r.y + r.h <= 844, `${key} on screen: ${JSON.stringify(r)}`);
  }
  await scrollTo(page, 'job-kind:serve');
  const serve = await page.evaluate(() => window.gpuwise.targets['job-kind:serve']);
  await page.touchscreen.tap(serve.x + serve.w / 2, serve.y + serve.h / 2);
  await waitForState(page, (s) => s.job.kind === 'serve');
  assert.equal((await job(page, (j) => j.kind === 'serve')).per, 'day');
  // Back to buy or rent with a tap: the view choice is in the link too.
  const buy = (await page.evaluate(() => window.gpuwise.targets))['roi-view:buy'];
  await page.touchscreen.tap(buy.x + buy.w / 2, buy.y + buy.h / 2);
  await waitForState(page, (s) => s.roi.view === 'buy');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('in Chinese the job view, its error and the LLM ranking show no untranslated string', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=roi&roi.view=job&lang=zh' });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh' && s.roi.view === 'job');
  await job(page, (j) => j.ok && j.cheapest.length > 0);
  // Each link with what it must show before its strings are counted.
  const views = [
    ['#v=1&tab=roi&roi.view=job&lang=zh&job.kind=serve&job.model=mixtral-8x7b&job.n=2', () => job(page, (j) => j.kind === 'serve' && j.ok)],
    ['#v=1&tab=roi&roi.view=job&lang=zh&job.model=custom&job.p=2000&job.n=1', () => job(page, (j) => !j.ok)],
    ['#v=1&tab=roi&roi.view=job&lang=zh&job.kind=serve&job.tpd=10000000000000&job.conc=1', () => job(page, (j) => !j.ok && /no card serves/.test(j.error))],
    ['#v=1&tab=ranking&lang=zh&profile=llm-inference&fit.ctx=100000', () => page.waitForFunction(() => window.gpuwise.ranking_estimate && window.gpuwise.ranking_estimate.tokens_per_s, null, { timeout: 20000 })],
    ['#v=1&tab=ranking&lang=zh&profile=llm-training', () => page.waitForFunction(() => window.gpuwise.ranking_estimate && window.gpuwise.ranking_estimate.phase === 'train', null, { timeout: 20000 })],
    ['#v=1&tab=ranking&lang=zh&profile=llm-inference&fit.prec=fp32', () => page.waitForFunction(() => window.gpuwise.ranking_estimate && window.gpuwise.ranking_estimate.error, null, { timeout: 20000 })],
  ];
  for (const [link, shown] of views) {
    await page.evaluate((l) => { location.hash = l; }, link);
    await shown();
    await page.mouse.move(5, 5);
    await waitFrames(page, 4);
  }
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// Drags the page with a finger until the widget `key` is on the 390 x 844 screen, as a
// person scrolls to a field below (or above) the first screen: the finger goes down, moves
// in steps a frame apart, rests, and lifts; then the page settles. The app draws frames
// only while a finger is down or a glide runs and for 45 frames after, so the settling is
// watched a few frames at a time, never by waiting for more frames than it will draw.
async function fingerScrollTo(page, finger, key) {
  for (let drag = 0; drag < 8; drag++) {
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    if (r.y >= 0 && r.y + r.h <= 844) return r;
    // Up (the field is below): from near the bottom; down (above): from near the top.
    const distance = r.y + r.h > 844 ? -Math.min(r.y + r.h - 600, 500) : Math.min(200 - r.y, 500);
    const from = distance < 0 ? 780 : 120;
    await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 360, y: from }] });
    for (let step = 1; step <= 20; step++) {
      await finger.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 360, y: from + (distance * step) / 20 }] });
      await waitFrames(page, 1);
    }
    await waitFrames(page, 10);  // the finger rests, so it lifts without a glide
    await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    let before = JSON.stringify(await page.evaluate((k) => window.gpuwise.targets[k], key));
    for (let look = 0; look < 10; look++) {
      await waitFrames(page, 3);
      const now = JSON.stringify(await page.evaluate((k) => window.gpuwise.targets[k], key));
      if (now === before) break;
      before = now;
    }
  }
  return page.evaluate((k) => window.gpuwise.targets[k], key);
}

// Types `text` into the input `key` through a Chinese input method (CDP composition), as
// the ROI tab's sales-tax test does: a pinyin keyboard commits ASCII digits from its number row.
// On a phone the field is first scrolled into view by a finger, then tapped as a finger does,
// frames apart (the page focuses its input method when the finger lifts, once the frame that
// saw the press has asked for text).
async function typeWithIme(page, key, text) {
  await page.waitForFunction((k) => window.gpuwise.targets[k], key, { timeout: 10000 });
  const finger = await page.context().newCDPSession(page);
  const r = await fingerScrollTo(page, finger, key);
  assert.ok(r.y >= 0 && r.y + r.h <= 844, `${key} on screen: ${JSON.stringify(r)}`);
  const point = { x: r.x + 12, y: r.y + r.h / 2 };  // the number, not the - and + beside it
  await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await waitFrames(page, 3);
  await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
  await commitWithIme(page, text);
}

test('serving users on a phone in Chinese: users and hours up typed through an input method, replicas and bands', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.view=job&lang=zh&job.kind=serve&job.tpd=10000000',
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await waitForState(page, (s) => s.roi.view === 'job' && s.job.kind === 'serve');
  const start = await job(page, (j) => j.ok && j.kind === 'serve');
  assert.equal(start.per, 'day');
  // The inputs fold under one line on a phone (issue 30): a tap unfolds them.
  await page.waitForFunction(() => window.gpuwise.targets['fold:job-inputs'], null, { timeout: 10000 });
  const fold = await page.evaluate(() => window.gpuwise.targets['fold:job-inputs']);
  await page.touchscreen.tap(fold.x + fold.w / 2, fold.y + fold.h / 2);
  await page.waitForFunction(() => window.gpuwise.targets['input:job-users'] && window.gpuwise.targets['input:job-hours-up'],
    null, { timeout: 10000 });
  await waitFrames(page, 2);
  const targets = await page.evaluate(() => window.gpuwise.targets);
  for (const key of ['job-kind:serve', 'job-kind:batch', 'input:job-users', 'input:job-tokens-per-day', 'input:job-hours-up']) {
    const r = targets[key];
    assert.ok(r, `${key} is drawn`);
    assert.ok(r.x >= 0 && r.x + r.w <= 390 && r.y >= 0, `${key} fits the width: ${JSON.stringify(r)}`);
  }

  // 50 users typed in Chinese: each row has the replicas they need and a band on its cost.
  await typeWithIme(page, 'input:job-users', '50');
  await waitForState(page, (s) => s.job.users === 50);
  const fifty = await job(page, (j) => j.ok && j.rows.length > 0 && j.rows.every((r) => r.replicas >= 1));
  const ways = (j) => j.cheapest.map((w) => [w.id, w.gpus, w.how, w.cost_usd]);
  assert.notDeepEqual(ways(fifty), ways(start), 'the cheapest ways change with 50 users instead of 10');
  await page.waitForFunction(() => location.hash.includes('job.users=50'), null, { timeout: 10000 });
  for (const row of fifty.rows) {
    assert.ok(row.replicas * row.users_per_replica >= 50, JSON.stringify(row));
    assert.equal(row.hours, 24);
    if (row.rent_cost_usd !== null) assert.ok(row.low <= row.high, JSON.stringify(row));
    assert.ok(row.band && row.band.class.endsWith('/serve'), JSON.stringify(row));
  }
  for (const way of fifty.cheapest) assert.ok(way.low <= way.cost_usd && way.cost_usd <= way.high, JSON.stringify(way));
  // The same as the command line with these flags.
  const expected = cli(['job', '--kind', 'serve', '--preset', 'llama-3-8b', '--users', '50', '--tokens-per-day', '10000000',
    '--hours-per-day', '24', '--json']);
  assert.deepEqual(fifty.cheapest.map((w) => [w.id, w.gpus, w.how, w.cost_usd, w.replicas]),
    expected.cheapest.slice(0, fifty.cheapest.length).map((w) => [w.id, w.gpus, w.how, w.cost_usd, w.replicas]));

  // Up 8 hours a day: a rented replica is billed for 8 hours, a third of the day's cost.
  const rentedBefore = new Map(fifty.rows.filter((r) => r.rent_cost_usd !== null && r.replicas === 1)
    .map((r) => [`${r.id}x${r.gpus}`, r.rent_cost_usd]));
  await typeWithIme(page, 'input:job-hours-up', '8');
  await waitForState(page, (s) => s.job.up_hours_per_day === 8);
  const eight = await job(page, (j) => j.ok && j.rows.every((r) => r.hours === 8));
  let compared = 0;
  for (const row of eight.rows) {
    const day = rentedBefore.get(`${row.id}x${row.gpus}`);
    if (day === undefined || row.replicas !== 1) continue;
    assert.ok(Math.abs(row.rent_cost_usd / day - 1 / 3) < 0.01, `${row.id}: ${day} -> ${row.rent_cost_usd}`);
    compared++;
  }
  assert.ok(compared > 0);
  await page.waitForFunction(() => location.hash.includes('job.users=50') && location.hash.includes('job.up=8'), null,
    { timeout: 10000 });

  // 0 hours up a day is out of range (an endpoint that is up is up for some time): the
  // page's one clamp (text/limits.h) takes the nearest allowed value, 0.5 h, says so beside
  // the field in Chinese, and nothing else changes.
  await typeWithIme(page, 'input:job-hours-up', '0');
  await waitFrames(page, 4);
  const kept = await waitForState(page, (s) => s.job.up_hours_per_day === 0.5 && s.job.users === 50);
  assert.equal(kept.job.kind, 'serve');
  assert.equal(kept.job.tokens_per_day, 10000000);
  await job(page, (j) => j.ok && j.rows.every((r) => r.hours === 0.5));
  await waitFrames(page, 4);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);

  // The CSV export: a tap on the button downloads one row per card and count with the bands.
  // It sits below the table, so a finger scrolls to it first.
  await page.waitForFunction(() => window.gpuwise.targets['job-csv'], null, { timeout: 10000 });
  const finger = await page.context().newCDPSession(page);
  const csvButton = await fingerScrollTo(page, finger, 'job-csv');
  assert.ok(csvButton.y >= 0 && csvButton.y + csvButton.h <= 844, `the CSV button on screen: ${JSON.stringify(csvButton)}`);
  const press = { x: csvButton.x + csvButton.w / 2, y: csvButton.y + csvButton.h / 2 };
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 15000 }),
    (async () => {
      await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [press] });
      await waitFrames(page, 3);
      await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    })(),
  ]);
  assert.equal(download.suggestedFilename(), 'gpuwise-job-cost.csv');
  const lines = readFileSync(await download.path(), 'utf8').trim().split(/\r\n/);
  assert.match(lines[0], /^id,name,gpus,replicas,hours_up_per_day,.*rent_usd_low,rent_usd_high/);
  assert.ok(lines.length > 2, 'a row per card and count');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('training shows where its efficiency comes from, with a band, and a deadline from the link', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=roi&roi.view=job&job.n=8&job.days=7',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.job.within_days === 7 && s.job.gpu_count === 8);
  const train = await job(page, (j) => j.ok && j.rows.length > 0);
  for (const row of train.rows) {
    assert.ok(row.hours / 24 <= 7, JSON.stringify(row));
    assert.ok(row.low <= row.hours && row.hours <= row.high, JSON.stringify(row));
    assert.ok(/^(measured|not measured)/.test(row.efficiency_source), JSON.stringify(row));
  }
  const h100 = train.rows.find((r) => r.id === 'h100-sxm5');
  assert.ok(h100, 'an H100 node finishes 20B tokens within 7 days');
  assert.match(h100.efficiency_source, /^measured: .*H100/);
  await page.waitForFunction(() => window.gpuwise.targets['job-headline'], null, { timeout: 10000 });
  // Beside the cheapest way's estimate, the card's public training runs with their sources
  // (a GB200 node: NeMo's runs), each a link.
  const cheapest = train.cheapest[0].id;
  const runs = (await (await page.request.get(server.origin + '/data/benchmarks.json')).json()).results
    .filter((r) => r.gpu_id === cheapest && r.phase === 'train' && r.unit === 'tokens_per_s');
  assert.ok(runs.length > 0, `${cheapest} has measured training runs`);
  await page.waitForFunction(() => window.gpuwise.targets['job-measured:1'], null, { timeout: 10000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
