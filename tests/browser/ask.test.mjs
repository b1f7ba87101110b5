// Ask (issue 30), the first view, in a real browser: a first visit on a phone opens it with
// the answer on the first screen; a question asked in three taps and one number typed in
// Chinese through an input method changes the state, the link and the answers; the
// screen-reader line reads the first answer; "Check the working" opens the detailed tab
// with the same inputs; `gpuwise ask` gives the page's answers; bad values keep the question.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady, waitForState, waitFrames, pressKey, state } from './harness.mjs';

const gpuwise = fileURLToPath(new URL('../../build/native/gpuwise', import.meta.url));
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const answers = (page) => page.waitForFunction(() => window.gpuwise.ask && window.gpuwise.ask.answers.length > 0 &&
  window.gpuwise.ask, null, { timeout: 20000 }).then((h) => h.jsonValue());

async function scrollTo(page, key) {
  const { width, height } = page.viewportSize();
  for (let i = 0; i < 40; i++) {
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    if (r && r.y >= 0 && r.y + r.h <= height) return r;
    await page.mouse.move(Math.min(640, width / 2), height / 2);
    await page.mouse.wheel(0, r && r.y < 0 ? -300 : 300);
    await waitFrames(page, 2);
  }
  throw new Error(`${key} never came on screen`);
}

// `left`: a text field's own box is at the left of its target (a whole number's has its - and
// + buttons on the right).
async function tap(page, key, left = false) {
  await page.waitForFunction((k) => window.gpuwise.targets && window.gpuwise.targets[k], key, { timeout: 10000 })
    .catch((e) => { throw new Error(`${key} never drawn: ${e.message}`); });
  const r = await scrollTo(page, key);
  assert.ok(r.x >= 0 && r.x + Math.min(r.w, 40) <= 390, `${key} is on the screen (${JSON.stringify(r)})`);
  await page.touchscreen.tap(r.x + (left ? 12 : Math.min(r.w / 2, 60)), r.y + r.h / 2);
  await waitFrames(page, 2);
}

// Digits as a pinyin keyboard commits them: a composition, the committed text, Enter.
async function composeInto(page, key, text) {
  await tap(page, key, true);
  await page.waitForFunction(() => window.gpuwiseHost.wantText && document.activeElement && document.activeElement.id === 'ime',
    null, { timeout: 10000 });
  await waitFrames(page, 1);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await waitFrames(page, 1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  await waitFrames(page, 1);
  await cdp.send('Input.insertText', { text });
  await pressKey(page, 'Enter');
  await cdp.detach();
}

test('a first visit on a phone in Chinese: Ask fills the first screen, three taps and a budget typed by IME ask the question', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '', locale: 'zh-CN' });
  await waitReady(page);
  const first = await waitForState(page, (s) => s.tab === 'ask' && s.language === 'zh' && s.market === 'cn');
  assert.equal(first.ask.goal, 'run');
  await answers(page);
  await waitFrames(page, 3);
  // The header and the tabs take at most a fifth of the screen; the question and the first
  // answer are on the first screen, above the fold.
  const targets = await page.evaluate(() => window.gpuwise.targets);
  const tabsBottom = Math.max(...Object.entries(targets).filter(([k]) => k.startsWith('tab:')).map(([, r]) => r.y + r.h));
  assert.ok(tabsBottom <= 844 / 5, `header and tabs end at ${tabsBottom} px, more than a fifth of 844`);
  for (const key of ['ask-goal', 'ask-model', 'input:ask-budget', 'ask-answer:0']) {
    assert.ok(targets[key] && targets[key].y >= 0 && targets[key].y + targets[key].h <= 844, `${key} on the first screen: ${JSON.stringify(targets[key])}`);
  }

  // 我想微调一个 8B 模型，预算 1 万元: what (fine-tune), which model (Llama 3 8B), budget 10000 in yuan.
  await tap(page, 'ask-goal');
  await tap(page, 'ask-goal:finetune');
  await waitForState(page, (s) => s.ask.goal === 'finetune');
  await tap(page, 'ask-model');
  await tap(page, 'ask-model:llama-3-8b');
  await composeInto(page, 'input:ask-budget', '10000');
  const asked = await waitForState(page, (s) => s.budget_usd > 1000 && s.budget_usd < 2000);
  await page.waitForFunction(() => /ask\.goal=finetune/.test(location.hash) && /budget=\d+/.test(location.hash), null, { timeout: 10000 });
  const result = await page.waitForFunction((budget) => {
    const a = window.gpuwise.ask;
    return a && a.goal === 'finetune' && a.answers.length > 0 && a.assumptions.some((t) => /budget covers/.test(t)) && a;
  }, asked.budget_usd, { timeout: 20000 }).then((h) => h.jsonValue());
  for (const a of result.answers) {
    if (a.kind === 'buy') assert.ok(a.outlay <= asked.budget_usd + 1e-6, `bought within the budget: ${JSON.stringify(a)}`);
    assert.ok(a.low <= a.hours && a.hours <= a.high, 'the figure inside its band');
    assert.ok(['lora', 'qlora'].includes(a.quant));
  }
  // The screen-reader line reads the first answer.
  const firstName = result.answers[0].gpus[result.answers[0].gpus.length - 1].name;
  await page.waitForFunction((name) => document.getElementById('live').textContent.includes(name), firstName, { timeout: 10000 });
  // The refinements fold under the question; a speed wanted typed through the IME.
  await tap(page, 'ask-refine');
  await page.waitForFunction(() => !!window.gpuwise.targets['input:ask-days'], null, { timeout: 10000 });
  for (const key of ['ask-refine', 'ask-open:0']) {
    const r = await page.evaluate((k) => window.gpuwise.targets[k], key);
    assert.ok(r.h >= 30, `${key} is finger-sized (${r.h} px)`);
  }
  await composeInto(page, 'input:ask-days', '2');
  await waitForState(page, (s) => s.ask.days === 2);
  const fast = await page.waitForFunction(() => {
    const a = window.gpuwise.ask;
    return a && a.answers.length > 0 && a.answers.every((x) => x.hours <= 48) && a;
  }, null, { timeout: 20000 }).then((h) => h.jsonValue());
  assert.ok(fast.answers.length > 0);
  await page.mouse.move(5, 5);
  await waitFrames(page, 3);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('"Check the working" opens the detailed tab with the same inputs', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '#v=2&ask.model=llama-3-70b&budget=2000' });
  await waitReady(page);
  const result = await answers(page);
  await tap(page, 'ask-open:0');
  const s = await waitForState(page, (st) => st.tab === 'speed');
  assert.equal(s.speed.preset, 'llama-3-70b');
  const first = result.answers[0];
  assert.deepEqual(s.speed.cards, first.gpus.map((g) => g.id));
  // The Speed tab's row for that machine has the figure the answer gave.
  const row = await page.waitForFunction(() => window.gpuwise.speed && window.gpuwise.speed.rows.length > 0 &&
    window.gpuwise.speed.rows[0], null, { timeout: 20000 }).then((h) => h.jsonValue());
  assert.ok(Math.abs(row.decode_tokens_per_s - first.tokens_per_s) < 0.05 * first.tokens_per_s,
    `Speed tab ${row.decode_tokens_per_s} vs Ask ${first.tokens_per_s}`);
  // Back: Ask is one tap away, with the question as it was.
  await tap(page, 'tab:ask');
  await waitForState(page, (st) => st.tab === 'ask' && st.ask.model === 'llama-3-70b' && st.budget_usd === 2000);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('gpuwise ask gives the page\'s answers for the same question', async () => {
  const questions = [
    { link: '#v=2&ask.model=llama-3-70b&budget=2000', args: ['--goal', 'run', '--preset', 'llama-3-70b', '--budget', '2000'] },
    { link: '#v=2&ask.goal=train', args: ['--goal', 'train', '--preset', 'llama-3-8b'] },
    { link: '#v=2&ask.goal=image&ask.model=sdxl&ask.have=rtx-4070', args: ['--goal', 'image', '--model', 'sdxl', '--have', 'rtx-4070'] },
  ];
  for (const q of questions) {
    const { page, context } = await openPage(browser, server.origin, { path: q.link });
    await waitReady(page);
    const shown = await answers(page);
    await context.close();
    const cli = JSON.parse(execFileSync(gpuwise, ['ask', ...q.args, '--json'], { encoding: 'utf8' }));
    const key = (a) => `${a.way} ${a.gpus.map((g) => `${g.count}x${g.id}`).join('+')} ${Math.round(a.outlay ?? a.per_month ?? a.per_job)}`;
    assert.deepEqual(shown.answers.map(key), cli.answers.map(key), `${q.link}: the page and gpuwise ask agree`);
  }
});

test('bad values in a link give a message and keep the rest of the question', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, {
    path: '#v=2&ask.model=gpt-9&ask.goal=train&budget=1e309&ask.days=-3',
  });
  await waitReady(page);
  await page.waitForFunction(() => window.gpuwise.notices && window.gpuwise.notices.length >= 3, null, { timeout: 10000 });
  const notices = (await page.evaluate(() => window.gpuwise.notices)).join(' | ');
  assert.match(notices, /ask\.model/);
  assert.match(notices, /budget/);
  assert.match(notices, /ask\.days/);
  const s = await state(page);
  assert.equal(s.ask.goal, 'train');          // kept
  assert.equal(s.ask.model, 'llama-3-8b');    // the default
  assert.equal(s.budget_usd, 0);
  await answers(page);                         // and the answer is there
  // An image model asked to run as a language model: a clear problem, no blank screen.
  await page.evaluate(() => { location.hash = '#v=2&ask.goal=run&ask.model=sdxl'; });
  const bad = await page.waitForFunction(() => window.gpuwise.ask && window.gpuwise.ask.problem && window.gpuwise.ask, null,
    { timeout: 10000 }).then((h) => h.jsonValue());
  assert.match(bad.problem, /unknown model 'sdxl'/);
  assert.ok(await page.evaluate(() => !!window.gpuwise.targets['ask-problem']));
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
