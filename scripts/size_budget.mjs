// The size budget of a first visit (issue 15): the gzip -9 bytes of the files an English
// first visit downloads must stay at or under bench/size_budget.json, so a gain made once
// cannot erode silently. tests/browser/size_budget.test.mjs records which files a visit
// requests in Chromium and checks them with checkBudget(); tests/size_budget.test.mjs
// proves the check fails over budget.
//   node scripts/size_budget.mjs SITE_DIR FILE...   prints the bytes and the verdict (exit 1 over budget)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const budgetFile = fileURLToPath(new URL('../bench/size_budget.json', import.meta.url));

// What a server that compresses sends: the same `gzip -9 -n` as scripts/bench.sh.
export function gzipBytes(path) {
  return execFileSync('gzip', ['-9', '-n', '-c', path], { maxBuffer: 64 << 20 }).length;
}

export function readBudget(path = budgetFile) {
  const budget = JSON.parse(readFileSync(path, 'utf8'));
  const bytes = budget.english_first_visit_gzip_bytes;
  if (!Number.isInteger(bytes) || bytes <= 0) {
    throw new Error(`${path}: english_first_visit_gzip_bytes must be a whole number of bytes > 0 (got ${JSON.stringify(bytes)})`);
  }
  return bytes;
}

// files: site paths as requested ("/index.wasm"). Returns {ok, totalBytes, message}.
export function checkBudget(siteDir, files, budgetBytes, budgetName = 'bench/size_budget.json') {
  const sizes = files.map((file) => ({ file, bytes: gzipBytes(join(siteDir, file)) }))
    .sort((a, b) => b.bytes - a.bytes);
  const totalBytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const list = sizes.map((s) => `${s.file} ${s.bytes}`).join(', ');
  const ok = totalBytes <= budgetBytes;
  const message = ok
    ? `English first visit: ${totalBytes} B gzip -9, within the budget of ${budgetBytes} B (${budgetBytes - totalBytes} B to spare): ${list}`
    : `English first visit: ${totalBytes} B gzip -9 is ${totalBytes - budgetBytes} B over the budget of ${budgetBytes} B ` +
      `in ${budgetName}. Largest files first: ${list}. Make it smaller, or, if the bytes are worth it, raise ` +
      `english_first_visit_gzip_bytes in ${budgetName} in a commit of its own whose message says what the bytes buy ` +
      `(docs/BENCHMARKS.md, "Size budget").`;
  return { ok, totalBytes, message };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [siteDir, ...files] = process.argv.slice(2);
  if (!siteDir || files.length === 0) {
    console.error('usage: node scripts/size_budget.mjs SITE_DIR FILE...  (files as the page requests them: /index.wasm)');
    process.exit(2);
  }
  const result = checkBudget(siteDir, files, readBudget());
  console.log(result.message);
  process.exit(result.ok ? 0 : 1);
}
