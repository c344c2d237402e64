/**
 * Issue 34, finding 6: the diagnostics and port preloads run inside both sides' servers. One shared file per run,
 * in the output directory, let head's build or server rewrite it and run its code inside base's server. Each side
 * now gets its own copy, in a private directory no command is told about, checked before each start as the load
 * generator's copy is (io/pinned.ts); docs/security.md says what this does and does not stop.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DiagnosticsRecorder } from '../../../src/diagnostics/index.ts';
import { Child, killAll, safeEnv } from '../../../src/io/proc.ts';
import { runCommand } from '../../../src/io/run-command.ts';
import { GateError } from '../../../src/model/errors.ts';

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
    const { PortPreloads } = await import('../../../src/diagnostics/port-map.ts');
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

/**
 * What a process the pull request started can still do through `/proc/<pid>/fd/1` of perf-gate's own processes
 * (docs/security.md): it runs as the same user, so it may open their open files by name.
 */
describe('/proc/<pid>/fd of perf-gate’s processes', () => {
  test('perf-gate’s own stdout is the runner’s pipe: a started process can write lines to the log through it (a limit)', async () => {
    // A stand-in for perf-gate whose stdout is a pipe, as the runner's is (a shell pipeline makes one).
    const standIn = spawn(
      'sh',
      ['-c', 'exec node -e "console.log(process.pid); setTimeout(() => {}, 5000)" | cat'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let out = '';
    standIn.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    try {
      while (!out.includes('\n')) await sleep(10);
      const pid = Number(out.split('\n')[0]);
      const written = await runCommand(`printf '::warning::forged\\n' > /proc/${pid}/fd/1`, {
        cwd: dir,
        env: safeEnv(),
        timeoutMs: 5000,
      });
      assert.equal(written.code, 0, written.output.toString());
      while (!out.includes('forged')) await sleep(10);
      assert.match(
        out,
        /^::warning::forged$/m,
        'the line reached the stand-in’s stdout, outside any stop-commands',
      );
    } finally {
      standIn.kill('SIGKILL');
      await killAll();
    }
  });

  test('the pipes of perf-gate’s children (the load generator’s, the servers’) are socket pairs, which /proc cannot open: no line can be slipped into them', async () => {
    const child = new Child('sleep 5', { cwd: dir, env: safeEnv(), keepStdin: true });
    try {
      for (const fd of [0, 1, 2]) {
        assert.match(readlinkSync(`/proc/${child.pid}/fd/${fd}`), /^socket:/, `fd ${fd}`);
        const written = await runCommand(
          `printf '{"measurement":{"rps":1e9}}\\n' > /proc/${child.pid}/fd/${fd}`,
          {
            cwd: dir,
            env: safeEnv(),
            timeoutMs: 5000,
          },
        );
        assert.notEqual(written.code, 0, `fd ${fd} could be opened: ${written.output.toString()}`);
        assert.match(written.output.toString(), /No such device or address/);
      }
    } finally {
      await child.stop(100);
    }
  });
});
