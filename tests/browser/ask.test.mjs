// Ask (issue 30), the first view, in a real browser: a first visit on a phone opens it with
// the answer on the first screen; a question asked in three taps and one number typed in
// Chinese through an input method changes the state, the link and the answers; the
// screen-reader line reads the first answer; "Check the working" opens the detailed tab
// with the same inputs; `gpuwise ask` gives the page's answers; bad values keep the question.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady, waitForState, waitFrames, state, commitWithIme } from './harness.mjs';

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

// Text as a pinyin keyboard commits it: a composition (`composing`, the keys typed), the
// committed text, then Enter (not in a list's filter, which filters as one types).
async function composeInto(page, key, text, { enter = true, composing = text } = {}) {
  await tap(page, key, true);
  await page.waitForFunction(() => window.gpuwiseHost.wantText && document.activeElement && document.activeElement.id === 'ime',
    null, { timeout: 10000 });
  await waitFrames(page, 1);
  await commitWithIme(page, text, { enter, composing });
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

test('on a phone in Chinese: sell or keep 8 idle V100s, three cards side by side, and PyTorch without CUDA', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { ...phone, path: '#v=2&lang=zh', locale: 'zh-CN' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ask' && s.language === 'zh');
  await answers(page);
  // 8 张闲置 V100: what (own), which cards (filtered by typing V100), how many (8 by IME).
  await tap(page, 'ask-goal');
  await tap(page, 'ask-goal:own');
  await waitForState(page, (s) => s.ask.goal === 'own');
  await tap(page, 'ask-have');
  await composeInto(page, 'input:ask-have-filter', 'V100 SXM2 16', { enter: false });
  await tap(page, 'ask-have:tesla-v100-sxm2-16gb');
  await waitForState(page, (s) => s.ask.have === 'tesla-v100-sxm2-16gb');
  await composeInto(page, 'input:ask-count', '8');
  await waitForState(page, (s) => s.ask.count === 8);
  await page.waitForFunction(() => /ask\.n=8/.test(location.hash) && /ask\.goal=own/.test(location.hash), null, { timeout: 10000 });
  const own = await page.waitForFunction(() => {
    const a = window.gpuwise.ask;
    return a && a.goal === 'own' && a.answers.length === 3 && a.answers[0].gpus[0].count === 8 && a;
  }, null, { timeout: 20000 }).then((h) => h.jsonValue());
  assert.deepEqual(own.answers.map((a) => a.way).sort(), ['keep', 'rent_out', 'sell']);
  for (let i = 1; i < 3; i++) assert.ok(own.answers[i - 1].held_usd >= own.answers[i].held_usd, 'best first');
  // The keeping ways warn that Volta's CUDA support has ended.
  assert.ok(own.answers.filter((a) => a.way !== 'sell').every((a) => a.caveats.some((c) => /last toolkit/.test(c))));
  // "Check the working": the Price & ROI tab for these 8 cards.
  await tap(page, 'ask-open:0');
  await waitForState(page, (s) => s.tab === 'roi' && s.roi.gpu_id === 'tesla-v100-sxm2-16gb' && s.roi.gpu_count === 8);
  await tap(page, 'tab:ask');
  await waitForState(page, (s) => s.tab === 'ask' && s.ask.goal === 'own');

  // RTX 4090 vs 5090 vs a used 3090 for a 32B model: the cards picked in the refinements.
  await tap(page, 'ask-goal');
  await tap(page, 'ask-goal:run');
  await tap(page, 'ask-model');
  await tap(page, 'ask-model:qwen2.5-32b');
  // The owner's cards are not the card one runs a model on: they start afresh.
  await waitForState(page, (s) => s.ask.goal === 'run' && s.ask.model === 'qwen2.5-32b' && s.ask.have === '' && s.ask.count === 1);
  await tap(page, 'ask-refine');
  for (const [typed, id] of [['4090', 'rtx-4090'], ['5090', 'rtx-5090'], ['英伟达 3090', 'rtx-3090']]) {
    await tap(page, 'ask-add-card');
    await composeInto(page, 'input:ask-card-filter', typed, { enter: false, composing: typed === '4090' || typed === '5090' ? typed : 'yingweida' });
    // The list is filtered (a card the words do not name is gone) before its row is tapped:
    // a row's place in the whole list is not its place in the filtered one.
    await page.waitForFunction(() => window.gpuwise.targets['ask-add-card:gtx-1050'] === undefined &&
      !!window.gpuwise.targets['input:ask-card-filter'], null, { timeout: 10000 });
    await waitFrames(page, 2);
    await tap(page, `ask-add-card:${id}`);
    await waitForState(page, (s) => s.ask.cards.includes(id));
  }
  const three = await page.waitForFunction(() => {
    const a = window.gpuwise.ask;
    return a && a.answers.length === 3 && a.answers.map((x) => x.gpus[x.gpus.length - 1].id).join() === 'rtx-4090,rtx-5090,rtx-3090' && a;
  }, null, { timeout: 20000 }).then((h) => h.jsonValue());
  assert.ok(three.answers[1].tokens_per_s > three.answers[2].tokens_per_s, 'the 5090 is faster than the 3090');
  await page.waitForFunction(() => /ask\.cards=rtx-4090(,|%2C)rtx-5090(,|%2C)rtx-3090/.test(location.hash), null, { timeout: 10000 });
  await tap(page, 'ask-compare');
  const compared = await waitForState(page, (s) => s.tab === 'compare');
  assert.deepEqual(compared.compare_ids, ['rtx-4090', 'rtx-5090', 'rtx-3090']);
  await tap(page, 'tab:ask');

  // PyTorch without CUDA: fine-tune 8B on any maker but NVIDIA.
  await tap(page, 'ask-card-remove:0');
  await tap(page, 'ask-card-remove:0');
  await tap(page, 'ask-card-remove:0');
  await waitForState(page, (s) => s.ask.cards.length === 0);
  await tap(page, 'ask-goal');
  await tap(page, 'ask-goal:finetune');
  await tap(page, 'ask-vendor');
  await tap(page, 'ask-vendor:not-nvidia');
  await waitForState(page, (s) => s.ask.vendor === 'not-nvidia' && s.ask.goal === 'finetune');
  const noCuda = await page.waitForFunction(() => {
    const a = window.gpuwise.ask;
    return a && a.goal === 'finetune' && a.answers.length > 0 && a.assumptions.some((t) => /NVIDIA/.test(t)) && a;
  }, null, { timeout: 20000 }).then((h) => h.jsonValue());
  for (const a of noCuda.answers) assert.doesNotMatch(a.gpus.map((g) => g.name).join(), /NVIDIA|GeForce|Tesla|Quadro|RTX/);
  await page.mouse.move(5, 5);
  await waitFrames(page, 3);
  assert.deepEqual(await page.evaluate(() => window.gpuwise.untranslated), []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a first visit in US English: the question on the first frame, the answer right after', async () => {
  // Its first frame reads neither prices.json nor cuda.json (the question needs no rate);
  // they load the frame after, and the answer follows with index.later.wasm.
  const { page, context, problems } = await openPage(browser, server.origin, { path: '', locale: 'en-US' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ask' && s.market === 'us' && s.language === 'en');
  const result = await answers(page);
  assert.ok(result.answers.every((a) => a.kind === 'rent' || a.outlay > 0), 'priced answers');
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
    { link: '#v=2&ask.goal=own&ask.have=tesla-v100-sxm2-16gb&ask.n=8', args: ['--goal', 'own', '--have', 'tesla-v100-sxm2-16gb', '--count', '8'] },
    { link: '#v=2&ask.model=qwen2.5-32b&ask.cards=rtx-4090,rtx-5090,rtx-3090', args: ['--goal', 'run', '--preset', 'qwen2.5-32b', '--cards', 'rtx-4090,rtx-5090,rtx-3090'] },
    { link: '#v=2&ask.goal=finetune&ask.vendor=not-nvidia', args: ['--goal', 'finetune', '--preset', 'llama-3-8b', '--vendor', 'not-nvidia'] },
  ];
  for (const q of questions) {
    const { page, context } = await openPage(browser, server.origin, { path: q.link });
    await waitReady(page);
    const shown = await answers(page);
    await context.close();
    const cli = JSON.parse(execFileSync(gpuwise, ['ask', ...q.args, '--json'], { encoding: 'utf8' }));
    const key = (a) => `${a.way} ${a.gpus.map((g) => `${g.count}x${g.id}`).join('+')} ${Math.round(a.outlay ?? a.per_month ?? a.per_job ?? a.held_usd)}`;
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
