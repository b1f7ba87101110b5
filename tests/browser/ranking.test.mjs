// The Ranking tab in a real browser: a profile switch reorders the cards, and the CUDA
// filter answers the guide's question ("my code needs CUDA 10.2").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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
