/**
 * A line per action run for the suite's own measurements (bench/SUITE.md): when PERF_GATE_RUN_LOG names a file,
 * runAction appends the test file, the inputs that set its length, how long it took, its exit, each req/s
 * comparison's noise per pair, the measurement plan's lines and where its time went. Nothing is written otherwise.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Report } from '../../src/model/report.ts';

/** The plan's lines in the action's log: how long each scenario's turns are, and what a pair costs. */
const PLAN_LINE = /^(measurement plan: | {2}\S.* turns? of | {2}\d+ pairs)/;

export function logRun(
  inputs: Record<string, string>,
  run: { code: number | null; stdout: string; durationMs: number; reportPath: string | undefined },
): void {
  const file = process.env.PERF_GATE_RUN_LOG;
  if (!file) return;
  const report =
    run.reportPath && existsSync(run.reportPath)
      ? (JSON.parse(readFileSync(run.reportPath, 'utf8')) as Report)
      : undefined;
  const line = {
    test: process.argv.find((arg) => arg.endsWith('.test.ts'))?.replace(/^.*\/test\//, 'test/'),
    mode: inputs.mode,
    rounds: inputs.rounds,
    connections: inputs.connections,
    ms: run.durationMs,
    code: run.code,
    rps: (report?.decision?.comparisons ?? [])
      .filter((c) => c.metric === 'rps')
      .map((c) => ({ scenario: c.scenario, noise: c.noise, change: c.change, verdict: c.verdict })),
    plan: run.stdout.split('\n').filter((text) => PLAN_LINE.test(text)),
    // Where the run's time went: the gate's own (its installs and builds, measuring, profiling, and its teardown in
    // what is left of wallSec); the rest of `ms` is before the gate and after it (starting, publishing).
    wallSec: report?.timing.wallSec,
    prepareSec: report?.timing.prepareSec,
    measureSec: report?.timing.measureSec,
    profileSec: report?.profile?.seconds,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
