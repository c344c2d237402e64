/**
 * Issue 23, finding 7: once measuring began, report.json and the verdict survive any failure. A gate whose
 * measuring throws an error that is not a GateError (a bug) still writes report.json with every pair measured until
 * then; a `mode: report` file with finite but huge values is refused before the statistics see them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import type { GateServer, LoadRunner, Probes } from '../../../src/gate/ports.ts';
import { systemClock } from '../../../src/gate/ports.ts';
import { runGate } from '../../../src/gate/run-gate.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { Report } from '../../../src/model/report.ts';
import { gateConfig, measurement } from '../../support/gate-fakes.ts';
import { commitRepo } from '../../support/repo.ts';
import { gateReport, mergeAsMeasured } from '../../support/reports.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A repository with a base commit and a head commit. */
function repository(): { root: string; base: string; head: string } {
  const repo = commitRepo('perf-gate-crash-', { 'server.js': '// base\n' }, { 'server.js': '// head\n' });
  dirs.push(repo.root);
  return repo;
}

const probes: Probes = {
  server: () => ({
    env: {},
    open: async () => ({ close: async () => {}, abandon: async () => {} }),
  }),
  summary: () => ({
    base: undefined,
    head: undefined,
    comparison: { eventLoopP99Ratio: undefined, eventLoop: undefined, leak: undefined },
    blockedMs: 0,
  }),
};

function server(side: 'base' | 'head'): GateServer {
  const port = side === 'base' ? 41_001 : 41_002;
  return {
    side,
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: 1,
    assertAlive: () => {},
    stop: async () => {},
  };
}

/** runGate on `repo` with fake servers and probes, `load` as its load generator, 8 pairs, nothing installed. */
function gateOnFakes(
  repo: { root: string; base: string; head: string },
  outputDir: string,
  load: LoadRunner,
  cancelled?: () => boolean,
): Promise<Report> {
  const log = {
    info: () => {},
    output: () => {},
    warning: () => {},
    group: <T>(_: unknown, body: () => Promise<T>) => body(),
  };
  return runGate(
    {
      config: gateConfig({ outputDir, pairs: 8, install: 'skip' }),
      root: repo.root,
      base: { sha: repo.base, label: 'main' },
      head: { sha: repo.head, label: 'feature' },
      log,
    },
    {
      collaborators: () => ({ clock: systemClock, load, startServer: async (side) => server(side), probes }),
      ...(cancelled ? { cancelled } : {}),
    },
  );
}

describe('runGate after an unexpected error (finding 7)', () => {
  test('report.json is written with the pairs measured before a TypeError, and the error is the report’s', async () => {
    const { root, base, head } = repository();
    const outputDir = join(root, '..', `${root.split('/').at(-1)}-out`);
    dirs.push(outputDir);
    let takes = 0;
    const load: LoadRunner = {
      open: async () => {},
      turns: async (turns) =>
        turns.map((turn) => ({
          pool: turn.pool,
          responses: 1000 * turn.sec,
          sec: turn.sec,
          errors: 0,
          timeouts: 0,
          reconnects: 0,
        })),
      take: async () => {
        // Three pairs of one scenario (a take per side), then a bug.
        if (++takes > 6) throw new TypeError("Cannot read properties of undefined (reading 'rps')");
        return takes % 2 === 1 ? measurement(1000) : measurement(990);
      },
      close: async () => {},
      stop: async () => {},
    };
    const report = await gateOnFakes({ root, base, head }, outputDir, load);
    assert.equal(report.verdict, 'inconclusive');
    assert.equal(report.error?.code, 'internal');
    assert.match(report.error?.message ?? '', /perf-gate failed unexpectedly \(Cannot read properties/);
    assert.equal(new Set(report.rounds.map((r) => r.pair)).size, 3, 'the three pairs measured are kept');
    const path = join(outputDir, 'report.json');
    assert.ok(existsSync(path), 'report.json was written');
    const written = JSON.parse(readFileSync(path, 'utf8')) as Report;
    assert.equal(written.rounds.length, 6);
    assert.equal(written.error?.code, 'internal');
    // And it reads back as `mode: report` reads it.
    assert.equal(parseReportFile(JSON.stringify(written), 'report.json').report.rounds.length, 6);
  });
});

describe('runGate during a cancellation', () => {
  test('once the job is being cancelled, the run does not write report.json over the cancellation’s', async () => {
    const { root, base, head } = repository();
    const outputDir = join(root, '..', `${root.split('/').at(-1)}-cancelled`);
    dirs.push(outputDir);
    let cancelling = false;
    const load: LoadRunner = {
      open: async () => {},
      turns: async () => {
        // The cancellation killed the load generator under the run.
        cancelling = true;
        throw new GateError('load', 'the load generator exited');
      },
      take: async () => measurement(1000),
      close: async () => {},
      stop: async () => {},
    };
    const report = await gateOnFakes({ root, base, head }, outputDir, load, () => cancelling);
    assert.equal(report.error?.code, 'load', 'the run still returns what it saw');
    assert.ok(!existsSync(join(outputDir, 'report.json')), 'report.json is left to the cancellation');
  });
});

describe('`mode: report`: finite but huge values (finding 7)', () => {
  /** A field of a round's measurement and a value no load generator could have measured. */
  const fields: [string, number][] = [
    ['rps', 1e308],
    ['bytesPerSec', 1e308],
    ['elapsedSec', 1e308],
    ['latencyMs.p99', 1e308],
    ['latencyMs.max', 1e308],
    ['responses', Number.MAX_SAFE_INTEGER],
    // Denormals: their logarithm is -Infinity, which the statistics refused with an exception.
    ['rps', 5e-324],
    ['latencyMs.p50', 1e-320],
  ];
  for (const [field, value] of fields) {
    test(`measurement.${field} = ${value} is refused, naming the field`, () => {
      const report = gateReport({ paths: { '/a': 1 } });
      const [outer, inner] = field.split('.') as [string, string | undefined];
      const m = report.rounds[3]!.measurement as unknown as Record<string, Record<string, number> | number>;
      if (inner === undefined) m[outer] = value;
      else (m[outer] as Record<string, number>)[inner] = value;
      assert.throws(
        () => parseReportFile(JSON.stringify(report), 'shard-1/report.json'),
        new RegExp(`\`rounds\`\\[3\\]\\.measurement\\.${field.replace('.', '\\.')} is out of range`),
      );
    });
  }

  test('before the bounds, a denormal req/s crashed the statistics of `mode: report`', () => {
    const report = gateReport({ paths: { '/a': 1 } });
    for (const r of report.rounds) if (r.side === 'head') r.measurement.rps = 5e-324;
    assert.throws(() => mergeAsMeasured([parseReportFile(JSON.stringify(report), 'r.json')]), /out of range/);
  });

  test('values at the edge of the real range still decide and render', () => {
    const report = gateReport({ paths: { '/a': 1 } });
    for (const r of report.rounds) r.measurement.rps = r.side === 'head' ? 1e9 : 1;
    const merged = mergeAsMeasured([parseReportFile(JSON.stringify(report), 'r.json')]);
    assert.ok(Number.isFinite(merged.decision!.comparisons[0]!.change));
  });
});
