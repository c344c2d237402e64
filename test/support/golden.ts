/**
 * Golden files under test/fixtures/golden: a rendering must give the same bytes as its file; a change that alters
 * them on purpose regenerates them with `PERF_GATE_UPDATE_GOLDEN=1` and shows the diff.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export const GOLDEN_DIR = new URL('../fixtures/golden/', import.meta.url);
const UPDATE = process.env.PERF_GATE_UPDATE_GOLDEN === '1';

export function golden(name: string, actual: string): void {
  const file = new URL(name, GOLDEN_DIR);
  if (UPDATE || !existsSync(file)) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, actual);
    if (!UPDATE) assert.fail(`golden file ${name} did not exist: written now, check it in`);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from its golden file`);
}
