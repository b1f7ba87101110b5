// The Speed tab in a real browser: a link opens it with its inputs, the rows say which
// cards lack memory and show measured figures beside the estimates, typing and picking
// change the state and the link, bad values give a message and keep the view, and it
// works on a phone and in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitForState, clickTarget, waitFrames, pressKey, commitWithIme } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// window.gpuwise.speed once the table for the current view has been drawn.
async function speed(page, predicate = () => true, timeout = 20000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await page.evaluate(() => window.gpuwise.speed);
    if (last && predicate(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`speed never matched ${predicate}; last: ${JSON.stringify(last)?.slice(0, 500)}`);
}
const row = (table, id) => table.rows.find((r) => r.id === id);

// Types into a whole-number field: its target spans the text box and the - / + buttons,
// so the click goes to the text box at the left end (typeInto clicks the middle).
async function typeIntoCount(page, key, text) {
  await page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key, { timeout: 10000 });
  const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
  await page.mouse.move(r.x + 12, r.y + r.h / 2, { steps: 2 });
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 1);
  await page.mouse.up();
  await waitFrames(page, 1);
  await page.keyboard.down('Control');
  await pressKey(page, 'a');
  await page.keyboard.up('Control');
  await waitFrames(page, 1);
  await page.keyboard.type(text, { delay: 30 });
  await pressKey(page, 'Enter');
  await waitFrames(page, 1);
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
  throw new Error(`${key} never came into view`);
}

test('a link opens the Speed tab: a card that lacks memory says how much, a measured figure sits beside the estimate', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=speed&speed.model=llama-3-70b&speed.fits=0&speed.top=500',
  });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'speed' && s.speed.preset === 'llama-3-70b' && !s.speed.fits_only);
  const big = await speed(page, (t) => t.model === 'Llama 3 70B' && t.rows.length > 0);
  assert.equal(big.problem, '');
  const lacking = row(big, 'rtx-4090');
  assert.ok(lacking, 'the RTX 4090 is listed although it does not fit');
  assert.equal(lacking.fits, false);
  assert.ok(lacking.lacks_gb > 10 && lacking.lacks_gb < 40, `lacks ${lacking.lacks_gb} GB`);
  await page.waitForFunction(() => window.gpuwise.targets['speed-lacks:rtx-4090'], null, { timeout: 10000 });
  // The cards that fit come first, sorted by decode speed.
  const fitting = big.rows.filter((r) => r.fits);
  assert.ok(fitting.length > 0 && big.rows.indexOf(fitting[fitting.length - 1]) === fitting.length - 1);
  for (let i = 1; i < fitting.length; i++) assert.ok(fitting[i - 1].decode_tokens_per_s >= fitting[i].decode_tokens_per_s);

  // Llama 3 8B Q4_K_M at 512 tokens: llama-bench's tg512 on the RTX 4090.
  await page.evaluate(() => { location.hash = '#v=1&tab=speed&speed.ctx=512&speed.top=500'; });
  const small = await speed(page, (t) => t.model === 'Llama 3 8B' && row(t, 'rtx-4090')?.measured_decode);
  const r4090 = row(small, 'rtx-4090');
  assert.equal(r4090.measured_decode.tokens_per_s, 130.58);
  assert.equal(r4090.measured_decode.date, '2024-05-12');
  assert.match(r4090.measured_decode.source, /^https:\/\/github\.com\/XiongjieDai\//);
  assert.ok(Math.abs(r4090.decode_tokens_per_s / 130.58 - 1) < 0.25, `estimate ${r4090.decode_tokens_per_s}`);
  assert.ok(r4090.measured_prefill && r4090.measured_prefill.context === 512);
  await page.waitForFunction(() => window.gpuwise.targets['speed-measured:rtx-4090'], null, { timeout: 10000 });
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.foreignRequests, []);
  await context.close();
});

test('typing a context and picking a quantisation change the state, the link and the rows', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=speed&speed.ctx=512&speed.top=500' });
  await waitReady(page);
  await speed(page, (t) => row(t, 'rtx-4090')?.measured_decode?.context === 512);
  await typeIntoCount(page, 'input:speed-context', '1024');
  await waitForState(page, (s) => s.speed.context === 1024);
  await page.waitForFunction(() => location.hash.includes('speed.ctx=1024'), null, { timeout: 10000 });
  await speed(page, (t) => row(t, 'rtx-4090')?.measured_decode?.context === 1024);

  await clickTarget(page, 'speed-quant');
  await clickTarget(page, 'speed-quant:fp16');
  await waitForState(page, (s) => s.speed.quant === 'fp16');
  await page.waitForFunction(() => location.hash.includes('speed.quant=fp16'), null, { timeout: 10000 });
  // FP16 runs on vLLM by default, which the measured llama.cpp runs are not; on llama.cpp
  // the source's F16 run sits beside the estimate. 16-bit weights read 3.3 times the
  // bytes of Q4_K_M: decode slows down.
  const vllm = await speed(page, (t) => row(t, 'rtx-4090')?.engine === 'vllm');
  assert.equal(row(vllm, 'rtx-4090').measured_decode, null);
  await clickTarget(page, 'speed-engine');
  await clickTarget(page, 'speed-engine:llamacpp');
  await waitForState(page, (s) => s.speed.engine === 'llamacpp');
  const f16 = await speed(page, (t) => row(t, 'rtx-4090')?.measured_decode?.tokens_per_s < 100);
  assert.ok(row(f16, 'rtx-4090').decode_tokens_per_s < 80);
  assert.ok(row(f16, 'rtx-4090').decode_tokens_per_s_low < row(f16, 'rtx-4090').decode_tokens_per_s);

  // The check: Spearman and the scatter plots, computed by core when the section opens.
  await page.evaluate(() => { location.hash = '#v=1&tab=speed&speed.quant=fp16&speed.top=3'; });
  await waitForState(page, (s) => s.speed.top_n === 3);
  await scrollTo(page, 'speed-check');
  await clickTarget(page, 'speed-check');
  await page.waitForFunction(() => window.gpuwise.targets['speed-scatter:decode'] && window.gpuwise.targets['speed-scatter:train'],
    null, { timeout: 30000 });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a bad value in a link gives a message and keeps the rest of the view', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=speed&speed.quant=q9&speed.ctx=2048&speed.n=2',
  });
  await waitReady(page);
  const s = await waitForState(page, (st) => st.tab === 'speed' && st.speed.context === 2048);
  assert.equal(s.speed.quant, 'q4_k_m');
  assert.equal(s.speed.gpu_count, 2);
  const notices = await page.evaluate(() => window.gpuwise.notices);
  assert.ok(notices.some((n) => /speed\.quant/.test(n)), JSON.stringify(notices));
  await speed(page, (t) => t.rows.length > 0 && t.rows[0].gpus === 2);

  // A context beyond the model's limit: the message, no rows, and the input stays as given.
  await page.evaluate(() => { location.hash = '#v=1&tab=speed&speed.ctx=9000&speed.n=2'; });
  const beyond = await speed(page, (t) => t.problem !== '');
  assert.match(beyond.problem, /9000 tokens is beyond Llama 3 8B's limit of 8192/);
  assert.equal(beyond.rows.length, 0);
  const kept = await waitForState(page, (st) => st.speed.context === 9000);
  assert.equal(kept.speed.gpu_count, 2);
  await page.waitForFunction(() => window.gpuwise.targets['speed-problem'], null, { timeout: 10000 });

  // A model that fits no card: said, and the cards with what they lack when asked for.
  await page.evaluate(() => { location.hash = '#v=1&tab=speed&speed.model=deepseek-v3&speed.quant=bf16&speed.fits=0'; });
  const tooBig = await speed(page, (t) => /fits no card/.test(t.problem) && t.rows.length > 0);
  assert.ok(tooBig.rows.every((r) => !r.fits && r.lacks_gb > 0));
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('on a phone the Speed tab is a tap away and its bars are on screen', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.targets && window.gpuwise.targets['tab:speed'], null, { timeout: 15000 });
  const tab = await page.evaluate(() => window.gpuwise.targets['tab:speed']);
  assert.ok(tab.x >= 0 && tab.x + tab.w <= 390, `tab at ${JSON.stringify(tab)}`);
  await page.touchscreen.tap(tab.x + tab.w / 2, tab.y + tab.h / 2);
  await waitForState(page, (s) => s.tab === 'speed');
  const table = await speed(page, (t) => t.rows.length > 0);
  const key = `speed-bar:${table.rows[0].id}`;
  await page.waitForFunction((k) => window.gpuwise.targets[k], key, { timeout: 10000 });
  await waitFrames(page, 2);
  const bar = await page.evaluate((k) => window.gpuwise.targets[k], key);
  assert.ok(bar.x >= 0 && bar.x < 390 && bar.w > 20, `bar at ${JSON.stringify(bar)}`);
  assert.ok(bar.y > 0 && bar.y + bar.h < 844, `bar at ${JSON.stringify(bar)}`);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// Issue 27's inputs on a phone (390 px, touch) in Chinese: the engine, a machine of an RTX
// 3090 and an RTX 4090 picked through the card list's filter with Chinese typed by an
// input method, and system RAM typed the same way; the table, the state and the link follow.
test('on a phone in Chinese: the engine, a machine of mixed cards and system RAM, typed through an input method', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=1&tab=speed&lang=zh&speed.model=llama-3-70b&speed.ctx=512',
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh' && s.tab === 'speed');
  await speed(page, (t) => t.model === 'Llama 3 70B');
  const tap = async (key) => {
    await page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key, { timeout: 10000 })
      .catch((e) => { throw new Error(`${key} never drawn: ${e.message}`); });
    await scrollTo(page, key);  // the page may have scrolled to the table below the inputs
    await waitFrames(page, 2);
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    assert.ok(r.x >= 0 && r.x + Math.min(r.w, 40) <= 390, `${key} on screen: ${JSON.stringify(r)}`);
    await page.touchscreen.tap(r.x + Math.min(r.w / 2, 60), r.y + r.h / 2);
    await waitFrames(page, 2);
  };
  const cdp = await page.context().newCDPSession(page);
  const compose = async (key, composing, text) => {
    await tap(key);
    // The app asked for text this frame (its field is active), and the focus is on the
    // input-method box: a box still focused from the previous field is not enough.
    await page.waitForFunction(() => window.gpuwiseHost.wantText && document.activeElement && document.activeElement.id === 'ime', null, { timeout: 10000 });
    await waitFrames(page, 1);
    await commitWithIme(page, text, { composing, enter: false, cdp });
  };
  // On a phone the inputs fold under their summary line.
  await tap('speed-inputs');
  await tap('speed-engine');
  await tap('speed-engine:llamacpp');
  await waitForState(page, (s) => s.speed.engine === 'llamacpp');
  // The card list's filter takes the catalog's words, Chinese ones too: 英伟达 (NVIDIA) 3090.
  await tap('speed-add-card');
  await compose('input:speed-card-filter', 'yingweida', '英伟达 3090');
  await tap('speed-add-card:rtx-3090');
  await waitForState(page, (s) => s.speed.cards.length === 1 && s.speed.cards[0] === 'rtx-3090');
  await tap('speed-add-card');
  await compose('input:speed-card-filter', '4090', '4090');
  await tap('speed-add-card:rtx-4090');
  const mixed = await waitForState(page, (s) => s.speed.cards.length === 2);
  assert.deepEqual(mixed.speed.cards, ['rtx-3090', 'rtx-4090']);
  await page.waitForFunction(() => /speed\.cards=rtx-3090(,|%2C)rtx-4090/.test(location.hash), null, { timeout: 10000 });
  // One row, the machine's: 70B Q4_K_M fits 2 x 24 GB, layers one card after the other.
  const machine = await speed(page, (t) => t.rows.length === 1 && t.rows[0].id === 'rtx-3090+rtx-4090');
  const m = machine.rows[0];
  assert.equal(m.engine, 'llamacpp');
  assert.ok(m.fits, JSON.stringify(m));
  assert.ok(m.decode_tokens_per_s > 12 && m.decode_tokens_per_s < 22, `decode ${m.decode_tokens_per_s}`);
  assert.ok(m.decode_tokens_per_s_low < m.decode_tokens_per_s && m.decode_tokens_per_s < m.decode_tokens_per_s_high);
  // Under the unfolded inputs on a phone: the page scrolls down to the machine's row.
  await scrollTo(page, 'speed-bar:rtx-3090+rtx-4090');
  // Back to one RTX 4090 (a tap takes the 3090 out), with 64 GB of system RAM typed in.
  await tap('speed-card-remove:0');
  await waitForState(page, (s) => s.speed.cards.length === 1 && s.speed.cards[0] === 'rtx-4090');
  await compose('input:speed-ram', '64', '64');
  await pressKey(page, 'Enter');
  await waitForState(page, (s) => s.speed.host_ram_gb === 64);
  await page.waitForFunction(() => location.hash.includes('speed.ram=64'), null, { timeout: 10000 });
  const offload = await speed(page, (t) => t.rows.length === 1 && t.rows[0].layers_in_ram > 0);
  const o = offload.rows[0];
  assert.ok(o.fits && o.decode_tokens_per_s < 5, JSON.stringify(o));
  // The RAM's bandwidth and layer count appear once RAM is set, on screen.
  for (const key of ['input:speed-ram-bw', 'input:speed-ram-layers', 'speed-ram-layers:rtx-4090']) {
    await scrollTo(page, key);
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    assert.ok(r.x >= 0 && r.x < 390, `${key} at ${JSON.stringify(r)}`);
  }
  // More layers in RAM than the model has: the reason, no rows, the input kept.
  await page.evaluate(() => { location.hash = '#v=1&tab=speed&lang=zh&speed.model=llama-3-70b&speed.cards=rtx-4090&speed.ram=64&speed.ramlayers=90'; });
  const bad = await speed(page, (t) => t.problem !== '');
  assert.match(bad.problem, /90 layers in system RAM is more than the model's 80 layers/);
  await waitForState(page, (s) => s.speed.ram_layers === 90);
  await page.mouse.move(5, 5);
  await waitFrames(page, 3);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('in Chinese the Speed tab is translated, with nothing left in English', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=speed&lang=zh&speed.fits=0&speed.top=5' });
  await waitReady(page);
  await waitForState(page, (s) => s.language === 'zh' && s.tab === 'speed');
  await speed(page, (t) => t.rows.length > 0);
  await page.waitForFunction(() => /^最快：/.test(document.getElementById('live').textContent), null, { timeout: 15000 });
  await scrollTo(page, 'speed-check');
  await clickTarget(page, 'speed-check');
  await page.waitForFunction(() => window.gpuwise.targets['speed-scatter:decode'], null, { timeout: 30000 });
  await page.mouse.move(5, 5);
  await waitFrames(page, 3);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
