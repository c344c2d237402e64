/**
 * Issue 23, finding 9: a cancelled job (SIGINT, then SIGTERM 7.5 s later). The handler's logic with fakes: every
 * process is stopped, report.json is written with what was measured, the outputs are set, the comment says so
 * while there is time, and a second signal exits at once. And the real signal routing of src/io/proc.ts in a child
 * process: the first SIGINT no longer kills everything and exits on the spot.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CancelPorts, cancellation } from '../../../src/entry/cancel.ts';
import type { Report } from '../../../src/model/report.ts';
import { gateReport } from '../../support/reports.ts';

interface Recorded {
  events: string[];
  report: Report | undefined;
  exited: Promise<number>;
}

function fakes(options: { snapshot?: Report | undefined; comment?: () => Promise<void> } = {}): {
  ports: CancelPorts;
  recorded: Recorded;
} {
  const events: string[] = [];
  let exit!: (code: number) => void;
  const recorded: Recorded = {
    events,
    report: undefined,
    exited: new Promise((resolve) => (exit = resolve)),
  };
  const snapshot = 'snapshot' in options ? options.snapshot : cancelledReport();
  const ports: CancelPorts = {
    stopProcesses: () => void events.push('stop'),
    snapshot: (signal) => {
      events.push(`snapshot ${signal}`);
      return snapshot;
    },
    writeReport: async (report) => {
      events.push('write');
      recorded.report = report;
    },
    setOutputs: (report) => void events.push(`outputs ${report.verdict}`),
    postCancelled: async () => {
      events.push('comment');
      await (options.comment?.() ?? Promise.resolve());
      events.push('commented');
    },
    log: (message) => void events.push(`log ${message.split(':')[0]}`),
    exit: (code) => {
      events.push(`exit ${code}`);
      exit(code);
    },
  };
  return { ports, recorded };
}

/** What the gate had measured when the job was cancelled: 3 pairs, ended by the error. */
function cancelledReport(): Report {
  const report = gateReport({ paths: { '/a': 1 }, pairs: 3 });
  return {
    ...report,
    verdict: 'inconclusive',
    decision: undefined,
    error: {
      code: 'cancelled',
      message: 'the run was cancelled',
      side: undefined,
      output: undefined,
      neutral: false,
    },
  };
}

describe('the cancellation handler (finding 9)', () => {
  test('SIGINT: processes stopped, report written with the pairs measured, outputs set, comment updated, exit', async () => {
    const { ports, recorded } = fakes();
    cancellation(ports)('SIGINT');
    assert.equal(await recorded.exited, 130);
    assert.deepEqual(recorded.events, [
      'log SIGINT',
      'stop',
      'snapshot SIGINT',
      'write',
      'outputs inconclusive',
      'comment',
      'commented',
      'exit 130',
    ]);
    assert.equal(recorded.report?.error?.code, 'cancelled');
    assert.equal(new Set(recorded.report?.rounds.map((r) => r.pair)).size, 3);
  });

  test('a comment that takes too long is given up: the process exits within its time', async () => {
    const { ports, recorded } = fakes({ comment: () => new Promise(() => {}) });
    const started = Date.now();
    cancellation(ports, { commentMs: 100 })('SIGINT');
    assert.equal(await recorded.exited, 130);
    // The comment never answers: without its time limit the process would never exit.
    assert.ok(Date.now() - started < 10_000);
    assert.ok(recorded.events.includes('write'), 'the report was written first');
    assert.ok(!recorded.events.includes('commented'));
  });

  test('SIGTERM while the comment is being written: exit at once, the report already written', async () => {
    const { ports, recorded } = fakes({ comment: () => new Promise(() => {}) });
    const handle = cancellation(ports, { commentMs: 60_000 });
    handle('SIGINT');
    await sleep(20);
    handle('SIGTERM');
    assert.equal(await recorded.exited, 130);
    assert.deepEqual(recorded.events.slice(0, 5), [
      'log SIGINT',
      'stop',
      'snapshot SIGINT',
      'write',
      'outputs inconclusive',
    ]);
    assert.ok(recorded.events.includes('log SIGTERM again'));
  });

  test('before any gate began (no snapshot): processes stopped and exit, nothing written', async () => {
    const { ports, recorded } = fakes({ snapshot: undefined });
    cancellation(ports)('SIGTERM');
    assert.equal(await recorded.exited, 143);
    assert.deepEqual(recorded.events, ['log SIGTERM', 'stop', 'snapshot SIGTERM', 'exit 143']);
  });
});

describe('signal routing in src/io/proc.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-signal-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('with a handler, SIGINT reaches it (and the children are not killed behind its back)', async () => {
    const file = join(dir, 'events.txt');
    const script = join(dir, 'script.ts');
    const proc = new URL('../../../src/io/proc.ts', import.meta.url).pathname;
    writeFileSync(
      script,
      `import { appendFileSync } from 'node:fs';
import { Child, handleSignals } from '${proc}';
const child = new Child('sleep 30', { cwd: '/', env: process.env });
handleSignals((signal) => {
  appendFileSync('${file}', signal + ' ' + (child.exit === undefined ? 'child alive' : 'child dead') + '\\n');
  void child.stop(200).then(() => process.exit(0));
});
appendFileSync('${file}', 'ready\\n');
setInterval(() => {}, 1000);
`,
    );
    const runner = spawn(process.execPath, [script], { stdio: 'ignore' });
    for (let i = 0; i < 200 && !safeRead(file).includes('ready'); i++) await sleep(25);
    runner.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => runner.once('exit', resolve));
    assert.equal(code, 0);
    assert.equal(safeRead(file), 'ready\nSIGINT child alive\n');
  });
});

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
