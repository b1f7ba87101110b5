// Time to first frame and idle frame rate in Debian's headless Chromium (the browser
// tests' launch flags, tests/browser/harness.mjs), for gpuwise, gpuwise with ?idle=off
// and the stock Dear ImGui example. Prints one JSON object; scripts/bench.sh makes the table.
//
//   node bench/browser_bench.mjs --gpuwise build/web/site --stock build/bench-stock/site
//        [--runs 9] [--idle-seconds 5]
//
// Every page gets the same init script: it wraps requestAnimationFrame (emscripten's main
// loop runs in rAF callbacks) and records, after each callback has run,
//   first_frame_ms  performance.now() after the first callback (navigation start = 0);
//   ready_ms        performance.now() after the callback in which window.gpuwise.ready
//                   turned true (gpuwise sets it when its first frame is drawn);
//   callbacks       rAF callbacks so far (the stock example draws once per callback).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { launchBrowser } from '../tests/browser/harness.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => {
  if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
  return pairs;
}, []));
const runs = Math.max(5, Number(args.runs || 9));
const idleSeconds = Number(args['idle-seconds'] || 5);
// After the first frame gpuwise keeps drawing while data arrives and the layout
// settles (~2 s on a quiet machine, longer on a busy one): its idle window starts once
// no frame was drawn for quietMs (settleMaxMs after the first frame at the latest).
// Pages that never pause (the stock example, ?idle=off) settle for settleMs.
const quietMs = 1000;
const settleMaxMs = 10000;
const settleMs = 2000;

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.ttf': 'font/ttf',
};

async function serve(dir) {
  const root = resolve(dir) + '/';
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root} has no index.html`);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream',
        'content-length': body.length, 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) };
}

function hookAnimationFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  const bench = window.__bench = { callbacks: 0, first_frame_ms: null, ready_ms: null };
  window.requestAnimationFrame = function (callback) {
    return raf(function (time) {
      callback(time);
      bench.callbacks++;
      const now = performance.now();
      if (bench.first_frame_ms === null) bench.first_frame_ms = now;
      if (bench.ready_ms === null && window.gpuwise && window.gpuwise.ready === true) bench.ready_ms = now;
    });
  };
}

const read = (page) => page.evaluate(() => ({
  callbacks: window.__bench.callbacks,
  first_frame_ms: window.__bench.first_frame_ms,
  ready_ms: window.__bench.ready_ms,
  frames: window.gpuwise ? window.gpuwise.frames : null,
}));

async function measure(browser, origin, path, isGpuwise, pauses, warmUp = false) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme: 'dark' });
  const page = await context.newPage();
  const errors = [];
  const requests = [];  // what a first visit downloads: the byte count of scripts/bench.sh
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) requests.push(url.pathname === '/' ? '/index.html' : url.pathname);
  });
  await page.addInitScript(hookAnimationFrames);
  await page.goto(origin + '/' + path);
  const deadline = Date.now() + 60000;
  let first;
  for (;;) {
    first = await read(page);
    if (isGpuwise ? first.ready_ms !== null : first.first_frame_ms !== null) break;
    if (Date.now() > deadline) throw new Error(`${path || 'page'} drew no frame in 60 s: ${errors.join('; ')}`);
    await page.waitForTimeout(20);
  }
  // gpuwise's own timeline of start-up and the first frame (window.gpuwise.startup), and
  // when the last file of the visit so far had arrived (index.later.wasm, asked for after
  // the first frame, is not one of them).
  const timeline = isGpuwise ? await page.evaluate(() => Object.assign({
    files_ms: Math.max(0, ...performance.getEntriesByType('resource')
      .filter((e) => !/favicon|icons\/|index\.later\.wasm/.test(e.name)).map((e) => e.responseEnd)),
  }, window.gpuwise.startup || {})) : null;
  // A first frame without the catalog ("Loading the GPU catalog...") is not the page a
  // visitor comes for, and cheaper than one with it: such a run would flatter the result.
  if (isGpuwise && !(timeline.catalog_ms > 0)) {
    throw new Error(`${path || 'page'}: the first frame was drawn without the catalog (window.gpuwise.startup.catalog_ms 0)`);
  }
  if (warmUp) {  // the first page a browser opens starts cold (276-331 ms against ~150): not counted
    await context.close();
    return null;
  }
  const settleDeadline = Date.now() + (pauses ? settleMaxMs : settleMs);
  let last = await read(page);
  let lastChange = Date.now();
  while ((!pauses || Date.now() - lastChange < quietMs) && Date.now() < settleDeadline) {
    await page.waitForTimeout(100);
    const now = await read(page);
    if (now.callbacks !== last.callbacks) lastChange = Date.now();
    last = now;
  }
  const before = await read(page);
  await page.waitForTimeout(idleSeconds * 1000);
  const after = await read(page);
  // gpuwise's code of the other tabs (index.later.wasm, src/ui/later.h) must be asked for
  // only after the first frame: then it is no part of the bytes to first use (report.py).
  const laterStart = isGpuwise ? await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname === '/index.later.wasm').map((e) => e.startTime)[0] ?? null) : null;
  await context.close();
  if (errors.length) throw new Error(`page errors on ${path}: ${errors.join('; ')}`);
  const perSecond = (a, b) => (b - a) / idleSeconds;
  return {
    requests: [...new Set(requests)].sort(),
    later_after_first_frame: laterStart !== null && laterStart > (isGpuwise ? first.ready_ms : first.first_frame_ms),
    first_frame_ms: isGpuwise ? first.ready_ms : first.first_frame_ms,
    timeline,
    idle_callbacks_per_s: perSecond(before.callbacks, after.callbacks),
    idle_frames_per_s: isGpuwise ? perSecond(before.frames, after.frames) : perSecond(before.callbacks, after.callbacks),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const gpuwise = await serve(args.gpuwise);
const stock = await serve(args.stock);
const browser = await launchBrowser();
const variants = [
  { key: 'gpuwise', server: gpuwise, path: '', isGpuwise: true, pauses: true },
  // The first view in Chinese (Ask since link version 2; a v=1 link opens the catalog).
  { key: 'gpuwise_zh', server: gpuwise, path: '#v=2&lang=zh', isGpuwise: true, pauses: true },
  { key: 'gpuwise_idle_off', server: gpuwise, path: '?idle=off', isGpuwise: true, pauses: false },
  { key: 'stock', server: stock, path: '', isGpuwise: false, pauses: false },
];
const samples = Object.fromEntries(variants.map((v) => [v.key, []]));
try {
  // Interleaved, so a slow moment of the machine hits every variant alike, and in an order
  // that turns each run: a page opened while the one before it is still being torn down (a
  // page drawing 60 frames a second, on 2 cores) starts late, and in a fixed order the
  // variant after the stock example took that every time (main() 133 ms against 97-105 for
  // the same page in the other places). A short pause lets that teardown end.
  for (const v of variants) await measure(browser, v.server.origin, v.path, v.isGpuwise, v.pauses, true);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(i + run) % variants.length];
      await new Promise((done) => setTimeout(done, 500));
      const sample = await measure(browser, v.server.origin, v.path, v.isGpuwise, v.pauses);
      samples[v.key].push(sample);
      process.stderr.write(`browser bench run ${run + 1}/${runs} ${v.key}: first frame ${sample.first_frame_ms.toFixed(0)} ms, ` +
        `idle ${sample.idle_frames_per_s.toFixed(1)} frames/s\n`);
    }
  }
} finally {
  await browser.close();
  await gpuwise.close();
  await stock.close();
}
const result = { runs, idle_seconds: idleSeconds };
for (const [key, list] of Object.entries(samples)) {
  result[key] = {
    first_frame_ms: median(list.map((s) => s.first_frame_ms)),
    idle_frames_per_s: median(list.map((s) => s.idle_frames_per_s)),
    idle_callbacks_per_s: median(list.map((s) => s.idle_callbacks_per_s)),
    first_frame_ms_all: list.map((s) => Math.round(s.first_frame_ms)),
    // Per step, the median over the runs (ms since navigation start).
    timeline: list[0].timeline ? Object.fromEntries(Object.keys(list[0].timeline).map((step) =>
      [step, median(list.map((s) => s.timeline[step]))])) : null,
    requests: list[0].requests,
    // index.later.wasm was asked for after the first frame in every run
    later_after_first_frame: list.every((s) => s.later_after_first_frame),
  };
}
process.stdout.write(JSON.stringify(result) + '\n');
