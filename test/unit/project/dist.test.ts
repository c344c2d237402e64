/** dist/ is committed: it must be exactly what `npm run build` makes from src/. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

test('dist/ is the build of src/ (run `npm run build` and commit dist/ when this fails)', () => {
  const out = mkdtempSync(join(tmpdir(), 'perf-gate-dist-'));
  try {
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: root,
      env: { ...process.env, PERF_GATE_OUTDIR: out },
      stdio: 'pipe',
    });
    const built = readdirSync(out).sort();
    const committed = readdirSync(join(root, 'dist')).sort();
    assert.deepEqual(committed, built, 'dist/ has the same files as a fresh build');
    for (const file of built) {
      const fresh = readFileSync(join(out, file));
      const current = readFileSync(join(root, 'dist', file));
      assert.ok(fresh.equals(current), `dist/${file} differs from a fresh build of src/`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
