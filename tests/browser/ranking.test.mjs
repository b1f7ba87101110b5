// The Ranking tab in a real browser: a profile switch reorders the cards, and the CUDA
// filter answers the guide's question ("my code needs CUDA 10.2").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, openPage, waitReady, clickTarget, waitForState } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

async function rankingIds(page) {
  await page.waitForFunction(() => window.gpuwise.ranking && window.gpuwise.ranking.length > 0, null, { timeout: 10000 });
  return page.evaluate(() => window.gpuwise.ranking);
}

test('switching the profile from CNN to FP64 changes the order', async () => {
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=ranking' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ranking' && s.ranking.profile === 'cnn');
  const cnn = await rankingIds(page);

  await clickTarget(page, 'profile');
  await clickTarget(page, 'profile:fp64');
  await waitForState(page, (s) => s.ranking.profile === 'fp64');
  await page.waitForFunction((first) => window.gpuwise.ranking[0] !== first || window.gpuwise.ranking[1] !== undefined, cnn[0]);
  const fp64 = await rankingIds(page);
  assert.notDeepEqual(fp64.slice(0, 10), cnn.slice(0, 10), 'the top 10 differ between profiles');
  assert.ok(page.url().includes('profile=fp64'), `the link follows: ${page.url()}`);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a CUDA 10.2 filter leaves no Ampere or newer card', async () => {
  const { page, context } = await openPage(browser, server.origin, { path: '#v=1&tab=ranking&rank.cuda=10.2&rank.top=60' });
  await waitReady(page);
  await waitForState(page, (s) => s.ranking.cuda === '10.2');
  const ids = await rankingIds(page);
  assert.ok(ids.length > 0);
  for (const id of ids) assert.ok(!/^(rtx-30|rtx-40|rtx-50|a100|h100|h200|b200|l4|l40|rtx-a)/.test(id), `${id} needs CUDA 11+`);
  await context.close();
});

// The page and `gpuwise rank --fits-on` call the same core filter (rank_with_fit): for
// the example they list the same cards in the same order.
test('"fits my model on 1 GPU" lists what gpuwise rank --fits-on 1 lists', async () => {
  const cli = (args) => JSON.parse(execFileSync('build/native/gpuwise', args, { encoding: 'utf8' }));
  const model = ['--params-b', '70', '--precision', 'bf16', '--mode', 'inference'];
  const shape = cli(['fit', ...model, '--json']).input;  // the shape the CLI borrows from the nearest preset
  const expected = cli(['rank', '--profile', 'cnn', '--fits-on', '1', ...model, '--json']).results.map((r) => r.id);
  assert.ok(expected.length > 0 && expected.length < 40, `a few cards hold 70B in bf16: ${expected}`);
  const link = `#v=1&tab=ranking&rank.fits=1&rank.fitn=1&fit.model=custom&fit.p=${shape.params_b}` +
    `&fit.prec=bf16&fit.mode=inference&fit.layers=${shape.layers}&fit.kvh=${shape.kv_heads}` +
    `&fit.hdim=${shape.head_dim}&fit.hidden=${shape.hidden_size}&fit.ctx=${shape.context}&fit.batch=${shape.batch_size}`;
  const { page, context } = await openPage(browser, server.origin, { path: link });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ranking' && s.ranking.fits_model === true);
  const ids = await rankingIds(page);
  assert.deepEqual(ids, expected);
  await context.close();
});

// The CNN profile ranks by ResNet-50 training, measured first (vision_ranking.h): the page
// lists what `gpuwise rank --profile cnn` lists, and two cards with Lambda's runs are in
// the order of those runs (the RTX 3090 above the RTX A5000).
test('the CNN profile ranks by measured ResNet-50 training, as gpuwise rank does', async () => {
  const cli = (args) => JSON.parse(execFileSync('build/native/gpuwise', args, { encoding: 'utf8' }));
  const expected = cli(['rank', '--profile', 'cnn', '--top', '60', '--json']).results;
  assert.ok(expected.some((r) => r.measured), 'some figures are measured');
  const { page, context, problems } = await openPage(browser, server.origin, { path: '#v=1&tab=ranking&rank.top=60' });
  await waitReady(page);
  await waitForState(page, (s) => s.tab === 'ranking' && s.ranking.profile === 'cnn');
  await page.waitForFunction(() => window.gpuwise.ranking && window.gpuwise.ranking.length >= 60, null, { timeout: 20000 });
  const ids = await rankingIds(page);
  assert.deepEqual(ids.slice(0, 60), expected.map((r) => r.id));
  assert.ok(ids.indexOf('rtx-3090') >= 0 && ids.indexOf('rtx-3090') < ids.indexOf('rtx-a5000'),
            `the 3090 above the A5000: ${ids.indexOf('rtx-3090')} ${ids.indexOf('rtx-a5000')}`);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
