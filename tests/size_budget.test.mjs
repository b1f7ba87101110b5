// The size budget check itself (scripts/size_budget.mjs), on a made-up site: it must
// fail over budget, with a message saying how to raise the budget, and pass under it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkBudget, gzipBytes, readBudget } from '../scripts/size_budget.mjs';

const site = mkdtempSync(join(tmpdir(), 'gpuwise-size-'));
mkdirSync(join(site, 'data'));
writeFileSync(join(site, 'index.wasm'), randomBytes(5000));  // random bytes do not compress
writeFileSync(join(site, 'data', 'gpus.json'), '{"gpus": []}'.repeat(100));
const files = ['/index.wasm', '/data/gpus.json'];

test('a tiny budget fails, naming the budget file and how to raise it', () => {
  const result = checkBudget(site, files, 100);
  assert.equal(result.ok, false);
  assert.ok(result.totalBytes > 5000);
  assert.match(result.message, /over the budget of 100 B in bench\/size_budget\.json/);
  assert.match(result.message, /raise english_first_visit_gzip_bytes/);
  assert.match(result.message, /\/index\.wasm \d+/);
});

test('a budget at the exact total passes; one byte less fails', () => {
  const total = gzipBytes(join(site, 'index.wasm')) + gzipBytes(join(site, 'data', 'gpus.json'));
  assert.equal(checkBudget(site, files, total).ok, true);
  assert.equal(checkBudget(site, files, total - 1).ok, false);
});

test('the committed budget is a whole number of bytes', () => {
  assert.ok(readBudget() > 100000);
  const bad = join(site, 'bad_budget.json');
  writeFileSync(bad, '{"english_first_visit_gzip_bytes": "400 KB"}');
  assert.throws(() => readBudget(bad), /must be a whole number of bytes/);
});
