/**
 * Issue 34, finding 4: a report file (`mode: report`, merged shards) cannot crash the publishing job. Every number
 * of report.json is checked by one schema: each numeric field of a full report (settings, rounds with their
 * open-loop part and CPU figures, the adaptive run, diagnostics with their paired tests, the profile's functions,
 * timing) is set in turn to values no measurement gives — huge, negative, a denormal, fractional where a count
 * belongs — and the file is then refused with a message naming `results` and the field, or read, merged, decided
 * and rendered without an exception.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import type { SideDiagnostics } from '../../../src/model/diagnostics.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { gateReport, mergeAsMeasured } from '../../support/reports.ts';

function side(rssMb: number): SideDiagnostics {
  return {
    windows: 12,
    processes: 3,
    eventLoopDelayMs: { p50: 10.2, p99: 20, max: 32 },
    eventLoopUtilization: 0.5,
    cpuCores: 0.49,
    peakRssMb: rssMb,
    peakHeapMb: rssMb / 5,
    rssTrendMbPerRound: 0.2,
    rssTrend: { mode: 'across-rounds', slopeMb: 0.2, unit: 'round', points: 12, growing: 5, of: 9 },
    leak: false,
  };
}

/** A report with every optional part: CPU figures, open-loop load, diagnostics, a profile, a shard, a pull request. */
function fullReport(): Report {
  const report = gateReport({ paths: { '/a': 0.9 }, pairs: 10, shard: { index: 1, count: 2 } });
  for (const r of report.rounds) {
    Object.assign(r.measurement, {
      serverCpu: 0.8,
      serverCpuSec: 2.4,
      serviceCpu: 0.1,
      foreignCpu: 0.05,
      stealCpu: 0.01,
      slices: 8,
      paced: {
        rate: 500,
        sent: 1500,
        responses: 1500,
        failures: 0,
        latencyMs: { p50: 1, p90: 2, p99: 3, max: 9, mean: 1.2 },
        sendLagP99Ms: 0.2,
      },
    });
  }
  const test = {
    units: 10,
    unit: 'pair' as const,
    medianDifference: 1.5,
    pHeadHigher: 0.01,
    pBaseHigher: 0.9,
    level: 0.05,
  };
  report.diagnostics = {
    base: side(80),
    head: side(90),
    comparison: {
      eventLoopP99Ratio: 1.2,
      eventLoop: 'similar',
      leak: 'none',
      eventLoopTest: test,
      memoryTest: { ...test, medianDifference: -0.3 },
    },
    blockedMs: 12,
  };
  report.profile = {
    files: [],
    dir: '',
    seconds: 3,
    hotter: [
      {
        fn: 'hot',
        file: 'src/a.js',
        line: 3,
        baseSelf: 0.1,
        headSelf: 0.3,
        baseUsPerRequest: 12,
        headUsPerRequest: 30,
      },
    ],
  };
  return report;
}

/** Every path to a number in a JSON value. */
function numberPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...at, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...at, k]));
  return [];
}

/** Sets the number at `path`; returns the one it replaced. */
function setAt(json: unknown, path: (string | number)[], value: number): number {
  let node = json as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const replaced = node[path.at(-1)!] as number;
  node[path.at(-1)!] = value;
  return replaced;
}

const VALUES = [1e308, -1e308, 1e-310, -5e-324, 1e15 + 0.5, -1];

describe('every number of report.json is checked (finding 4)', () => {
  test('the report of a gate with every optional part reads back', () => {
    const merged = mergeAsMeasured([parseReportFile(JSON.stringify(fullReport()), 'r.json')]);
    assert.ok(renderMarkdown(merged).length > 0);
  });

  test('no value of any numeric field crashes the publishing job: refused naming the field, or read, merged and rendered', () => {
    const base = JSON.parse(JSON.stringify(fullReport())) as unknown;
    const paths = numberPaths(base);
    // Rounds repeat one shape: the first stands for the rest.
    const chosen = paths.filter((p) => p[0] !== 'rounds' || (p[1] as number) < 1);
    assert.ok(chosen.length > 100, `${chosen.length} numeric fields`);
    const crashed: string[] = [];
    for (const path of chosen) {
      for (const value of VALUES) {
        // The report with this one number changed (and back, for the next).
        const original = setAt(base, path, value);
        const text = JSON.stringify(base);
        setAt(base, path, original);
        const where = `${path.join('.')} = ${value}`;
        let file: ReturnType<typeof parseReportFile>;
        try {
          file = parseReportFile(text, 'shard-1/report.json');
        } catch (error) {
          if (
            !(error instanceof GateError) ||
            !error.message.startsWith('input `results`: shard-1/report.json')
          )
            crashed.push(`${where}: parse threw ${String(error)}`);
          continue;
        }
        try {
          const markdown = renderMarkdown(mergeAsMeasured([file]));
          if (/NaN|Infinity/.test(markdown)) crashed.push(`${where}: the comment shows NaN or Infinity`);
        } catch (error) {
          crashed.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    assert.deepEqual(crashed, []);
  });

  test('the fields of issue 34 are refused, named', () => {
    const cases: [(r: Report) => void, RegExp][] = [
      [
        (r) => (r.rounds[1]!.measurement.serverCpuSec = 1e-310),
        /`rounds`\[1\]\.measurement\.serverCpuSec is out of range/,
      ],
      [
        (r) => (r.rounds[1]!.measurement.serverCpu = 5e-324),
        /`rounds`\[1\]\.measurement\.serverCpu is out of range/,
      ],
      [
        (r) => (r.diagnostics!.comparison.eventLoopTest!.medianDifference = 1e308),
        /`diagnostics\.comparison\.eventLoopTest\.medianDifference` is out of range/,
      ],
      [
        (r) => (r.profile!.hotter[0]!.headUsPerRequest = 1e308),
        /`profile\.hotter`\[0\]\.headUsPerRequest is out of range/,
      ],
    ];
    for (const [change, expected] of cases) {
      const report = fullReport();
      change(report);
      assert.throws(() => parseReportFile(JSON.stringify(report), 'r.json'), expected);
    }
  });
});
