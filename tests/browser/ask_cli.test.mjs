// Ask on the page and `gpuwise ask` plan the same question identically: for links that set
// every goal, the three markets, a budget and the Price & ROI tab's inputs (sales tax, kWh
// price, horizon, hours, provider kinds, the owner's figures), the page's window.gpuwise.ask
// and `gpuwise ask ... --json` with the flags the field table gives those keys are the same
// JSON: ways, cards, counts, outlays (the tax in them), rents, owned costs, speed figures
// and their bands, caveats and assumptions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady } from './harness.mjs';

const gpuwise = fileURLToPath(new URL('../../build/native/gpuwise', import.meta.url));

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Each link with the flags that ask the same question (view_fields.cpp: ask.hours and, for
// train and full fine-tuning, roi.hpd are --hours-per-day; ask.n is --count, which for goal
// own is also roi.n, the view's count the card figures are for).
const questions = [
  { link: 'ask.model=llama-3-70b&budget=2500&mkt=us&roi.tax=8.5',
    args: ['--goal', 'run', '--preset', 'llama-3-70b', '--budget', '2500', '--market', 'us', '--sales-tax', '8.5'] },
  { link: 'ask.goal=serve&mkt=eu&ask.users=20&ask.hours=12&roi.kwh=0.3&roi.months=24&roi.tax=19',
    args: ['--goal', 'serve', '--preset', 'llama-3-8b', '--market', 'eu', '--users', '20', '--hours-per-day', '12',
      '--kwh-price', '0.3', '--months', '24', '--sales-tax', '19'] },
  { link: 'ask.goal=train&ask.model=llama-3.2-1b&mkt=cn&budget=20000&roi.hpd=20&roi.months=24&roi.kwh=0.12&roi.dep=30',
    args: ['--goal', 'train', '--preset', 'llama-3.2-1b', '--market', 'cn', '--budget', '20000', '--hours-per-day', '20',
      '--months', '24', '--kwh-price', '0.12', '--depreciation', '30'] },
  { link: 'ask.goal=finetune&mkt=eu&budget=3000&roi.tax=20&roi.kinds=gpu-cloud',
    args: ['--goal', 'finetune', '--preset', 'llama-3-8b', '--market', 'eu', '--budget', '3000', '--sales-tax', '20',
      '--provider-kinds', 'gpu-cloud'] },
  { link: 'ask.goal=finetune&ask.method=full&ask.model=llama-3.2-1b&mkt=us&roi.hpd=12&roi.kwh=0.25&roi.maint=200',
    args: ['--goal', 'finetune', '--method', 'full', '--preset', 'llama-3.2-1b', '--market', 'us', '--hours-per-day', '12',
      '--kwh-price', '0.25', '--maintenance', '200'] },
  { link: 'ask.goal=image&ask.model=sdxl&mkt=cn&budget=1500&ask.hours=6&roi.tax=13',
    args: ['--goal', 'image', '--model', 'sdxl', '--market', 'cn', '--budget', '1500', '--hours-per-day', '6',
      '--sales-tax', '13'] },
  { link: 'ask.goal=own&ask.have=rtx-3090&ask.n=4&roi.gpu=rtx-3090&roi.n=4&mkt=us&roi.kwh=0.3&roi.months=24&roi.occ=70&roi.rent=0.3&roi.colo=50',
    args: ['--goal', 'own', '--have', 'rtx-3090', '--count', '4', '--market', 'us', '--kwh-price', '0.3', '--months', '24',
      '--occupancy', '70', '--rent-out-rate', '0.3', '--colocation', '50'] },
  { link: 'ask.model=qwen2.5-32b&ask.rent=1&mkt=eu&ask.hours=8&roi.kinds=gpu-cloud,marketplace',
    args: ['--goal', 'run', '--preset', 'qwen2.5-32b', '--rent', '--market', 'eu', '--hours-per-day', '8',
      '--provider-kinds', 'gpu-cloud,marketplace'] },
];

// The page's first data files carry no source URLs (they come with the details file a
// reader opens a card's sources from, src/core/catalog/data_details.h): the answers'
// price_source and rate_source are left out; every other figure and word is compared.
const withoutSources = (value) => JSON.parse(JSON.stringify(value, (key, v) =>
  key === 'price_source' || key === 'rate_source' ? undefined : v));

test('every link decodes without a notice: no key of the question is dropped', () => {
  for (const q of questions) {
    const decoded = JSON.parse(execFileSync(gpuwise, ['link', 'decode', `#v=2&${q.link}`, '--json'], { encoding: 'utf8' }));
    assert.deepEqual(decoded.notices ?? [], [], q.link);
  }
});

test('the page and gpuwise ask give the same answers, the Price & ROI inputs included', async () => {
  for (const q of questions) {
    const cli = JSON.parse(execFileSync(gpuwise, ['ask', ...q.args, '--json'], { encoding: 'utf8' }));
    assert.equal(cli.problem, null, `${q.args.join(' ')}: ${cli.problem}`);
    assert.ok(cli.answers.length > 0, `${q.args.join(' ')} has answers`);
    const { page, context, problems } = await openPage(browser, server.origin, { path: `#v=2&${q.link}` });
    await waitReady(page);
    // The page plans again as its data files arrive (benchmarks, calibrations): its answer
    // is the one it settles on.
    const expected = withoutSources(cli);
    let shown;
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      shown = withoutSources(await page.evaluate(() => window.gpuwise.ask));
      if (JSON.stringify(shown) === JSON.stringify(expected)) break;
      await page.waitForTimeout(250);
    }
    assert.deepEqual(shown, expected, `#v=2&${q.link} and gpuwise ask ${q.args.join(' ')}`);
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
  }
});

test('gpuwise ask: the sales tax is in the outlays and the budget is compared with them', () => {
  const [plain, taxed] = [[], ['--sales-tax', '25']].map((extra) => JSON.parse(execFileSync(gpuwise,
    ['ask', '--goal', 'run', '--preset', 'llama-3-8b', '--budget', '1500', '--market', 'us', ...extra, '--json'],
    { encoding: 'utf8' })));
  for (const a of taxed.answers.filter((x) => x.kind === 'buy')) {
    assert.equal(a.sales_tax_pct, 25);
    assert.ok(Math.abs(a.outlay - a.outlay_before_tax * 1.25) < 1e-6 * a.outlay, JSON.stringify(a));
    assert.ok(a.outlay <= 1500, `within the budget with the tax: ${a.outlay}`);
  }
  assert.ok(plain.answers.filter((x) => x.kind === 'buy').every((a) => a.sales_tax_pct === undefined));
  assert.ok(taxed.assumptions.some((t) => /sales tax or import duty of 25 %/.test(t)));
});
