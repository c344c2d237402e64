/**
 * Issue 34, finding 6: the diagnostics and port preloads run inside both sides' servers. One shared file per run,
 * in the output directory, let head's build or server rewrite it and run its code inside base's server. Each side
 * now gets its own copy, in a private directory no command is told about, checked before each start as the load
 * generator's copy is (io/pinned.ts); docs/security.md says what this does and does not stop.
 */
import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { DiagnosticsRecorder } from '../../src/diagnostics/index.ts';
import { GateError } from '../../src/io/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'perf-gate-preloads-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('perf-gate’s preloads: each side’s own copy, out of the trees’ reach, checked before each start (issue 34, finding 6)', () => {
  /** The script a server's NODE_OPTIONS `--require`s first. */
  const required = (env: Record<string, string>): string =>
    /^--require "((?:[^"\\]|\\.)*)"/.exec(env.NODE_OPTIONS ?? '')?.[1] ?? '';
  const changedOnDisk = (error: unknown) =>
    error instanceof GateError && /changed on disk/.test(error.message);
  const tamper = (path: string) => {
    chmodSync(path, 0o600);
    appendFileSync(path, '\n// head’s code, now inside base’s server\n');
  };

  test('the diagnostics preload', () => {
    const out = join(dir, 'output', 'diagnostics');
    const recorder = new DiagnosticsRecorder(out);
    const base = required(recorder.server('base', 'pair1-base').env);
    const head = required(recorder.server('head', 'pair1-head').env);
    assert.ok(base !== '' && head !== '');
    assert.notEqual(base, head, 'a copy each: head’s code cannot reach into base’s server through its own');
    for (const path of [base, head]) {
      assert.ok(!path.startsWith(join(dir, 'output')), `${path}: not where the output directory is`);
    }
    // Head's build or server rewrites its copy: head's next start is refused, base's copy is untouched.
    tamper(head);
    assert.throws(() => recorder.server('head', 'pair2-head'), changedOnDisk);
    assert.equal(required(recorder.server('base', 'pair2-base').env), base);
    // And base's copy, found where the copies are: base's next start is refused.
    tamper(base);
    assert.throws(() => recorder.server('base', 'pair3-base'), changedOnDisk);
  });

  test('the port preload (a fixed `port` moved)', async () => {
    // Imported here: before the fix there was one shared copy and no such class.
    const { PortPreloads } = await import('../../src/diagnostics/port-map.ts');
    const ports = new PortPreloads();
    const moves = new Map([[3000, 41_000]]);
    const base = required(ports.env('base', moves, undefined));
    const head = required(ports.env('head', moves, undefined));
    assert.ok(base !== '' && head !== '');
    assert.notEqual(base, head, 'a copy each');
    tamper(head);
    assert.throws(() => ports.env('head', moves, undefined), changedOnDisk);
    assert.equal(required(ports.env('base', moves, undefined)), base);
  });
});
