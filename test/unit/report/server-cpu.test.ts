/**
 * The server's CPU time per request (metric `cpu`): compared when the load generator set the pace of a scenario's
 * first pair (src/decide/pace.ts), so that a server faster than the generator cannot hide a costlier head behind
 * an unchanged req/s; read back from report.json, decided again alike, and shown in µs.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import { generatorPaced, LOADGEN_BUSY } from '../../../src/decide/pace.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { paceNote } from '../../../src/gate/assemble.ts';
import { metricValue } from '../../../src/model/derived.ts';
import type { Round, RoundMeasurement, Side } from '../../../src/model/measure.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { formatValue, metricLabel } from '../../../src/report/format.ts';
import { decisionHeadline } from '../../../src/report/headline.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { gateReport, mergeAsMeasured } from '../../support/reports.ts';

const SCENARIO = 'GET /a';
const RULES = [{ name: SCENARIO, expectStatus: undefined, threshold: undefined }];
const OPTIONS = { threshold: 0.05, latencyThreshold: 0.2, alpha: 0.05 };

interface Load {
  /** The load generator's cores. */
  loadgenCpu: number;
  /** Base's server CPU per request, µs; undefined: not measured. */
  baseUs: number | undefined;
  /** Head's CPU per request over base's. */
  factor: number;
}

/** One side's round: req/s and latency alike on both sides (the generator's pace), CPU per request as given. */
function measurement(cpuUs: number | undefined, loadgenCpu: number, jitter: number): RoundMeasurement {
  const elapsedSec = 2;
  const responses = Math.round(20_000 * jitter);
  return {
    responses,
    elapsedSec,
    rps: responses / elapsedSec,
    latencyMs: { p50: 0.5 / jitter, p90: 0.8, p99: 1.5 / jitter, max: 4, mean: 0.55 },
    bytesPerSec: 1e6,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu,
    ...(cpuUs === undefined ? {} : { serverCpuSec: (responses * cpuUs) / 1e6 }),
  };
}

/** Pairs of rounds in ABBA order; `load(pair)` says how each pair was loaded. */
function rounds(pairs: number, load: (pair: number) => Load, seed = 7): Round[] {
  const rng = mulberry32(seed);
  const noise = (): number => Math.exp(0.01 * (rng() + rng() + rng() - 1.5));
  return Array.from({ length: pairs }, (_, pair) => {
    const { loadgenCpu, baseUs, factor } = load(pair);
    const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    const shared = noise();
    return order.map((side, position): Round => {
      const us = baseUs === undefined ? undefined : baseUs * (side === 'head' ? factor : 1) * noise();
      return {
        pair,
        position,
        side,
        scenario: SCENARIO,
        measurement: measurement(us, loadgenCpu, shared * noise()),
        startedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, pair * 2 + position)).toISOString(),
      };
    });
  }).flat();
}

/** A generator at 95% of its core against a server at about 0.4 of one: the generator sets the pace. */
const GENERATOR_BOUND: Load = { loadgenCpu: 0.95, baseUs: 40, factor: 1.1 };

describe('the server’s CPU time per request', () => {
  test('the generator set the pace: a head 10% costlier per request is a regression, not no change', () => {
    const decision = decide(
      rounds(12, () => GENERATOR_BOUND),
      RULES,
      OPTIONS,
    );
    const cpu = decision.comparisons.find((c) => c.metric === 'cpu');
    assert.ok(cpu, 'the CPU time per request is compared');
    assert.equal(cpu.verdict, 'regression');
    assert.equal(cpu.threshold, OPTIONS.threshold, 'judged against the req/s threshold');
    assert.ok(cpu.worse && Math.abs(cpu.change - 0.1) < 0.02, `change ${cpu.change}`);
    assert.ok(Math.abs(cpu.base - 40) < 1, `base ${cpu.base} µs`);
    // req/s and latency cannot see it: they measure the generator.
    for (const c of decision.comparisons.filter((c) => c.metric !== 'cpu'))
      assert.equal(c.verdict, 'no-change');
    assert.equal(decision.verdict, 'regression');
    assert.notEqual(decision.verdict, 'no-change');
    assert.deepEqual(
      decision.comparisons.map((c) => c.metric),
      ['rps', 'cpu', 'p99'],
    );
    assert.match(
      decisionHeadline(decision),
      /^head's server CPU per request is \d+\.\d% higher on GET \/a \(\d+\.\d µs → \d+\.\d µs, p/,
    );
  });

  test('the server set the pace, or its CPU was not measured: no CPU comparison, the gate as before', () => {
    const serverBound = decide(
      rounds(12, () => ({ ...GENERATOR_BOUND, loadgenCpu: 0.3 })),
      RULES,
      OPTIONS,
    );
    const unmeasured = decide(
      rounds(12, () => ({ ...GENERATOR_BOUND, baseUs: undefined })),
      RULES,
      OPTIONS,
    );
    for (const decision of [serverBound, unmeasured]) {
      assert.deepEqual(
        decision.comparisons.map((c) => c.metric),
        ['rps', 'p99'],
      );
      assert.equal(decision.verdict, 'no-change');
    }
  });

  test('the first pair alone decides, so the family is fixed before the first look', () => {
    const laterBound = rounds(12, (pair) =>
      pair === 0 ? { ...GENERATOR_BOUND, loadgenCpu: 0.3 } : GENERATOR_BOUND,
    );
    assert.ok(!decide(laterBound, RULES, OPTIONS).comparisons.some((c) => c.metric === 'cpu'));
    const firstBound = rounds(12, (pair) =>
      pair === 0 ? GENERATOR_BOUND : { ...GENERATOR_BOUND, loadgenCpu: 0.3 },
    );
    const decision = decide(firstBound, RULES, OPTIONS);
    assert.equal(decision.comparisons.filter((c) => c.metric === 'cpu').length, 1);
    // Every comparison's interval counts the CPU comparison in its family.
    const alone = decide(
      rounds(12, () => ({ ...GENERATOR_BOUND, loadgenCpu: 0.3 })),
      RULES,
      OPTIONS,
    );
    assert.ok(decision.comparisons[0]!.level < alone.comparisons[0]!.level);
  });

  test('the rule: the generator without idle time, or busier than the server; both sides alike', () => {
    const pair = (loadgenCpu: number, baseCores: number | undefined, headCores = baseCores) => {
      const side = (s: Side, cores: number | undefined): Round => ({
        pair: 0,
        position: s === 'base' ? 0 : 1,
        side: s,
        scenario: SCENARIO,
        measurement: {
          ...measurement(undefined, loadgenCpu, 1),
          ...(cores === undefined ? {} : { serverCpuSec: cores * 2 }),
        },
        startedAt: '2025-01-01T00:00:00.000Z',
      });
      return { base: side('base', baseCores), head: side('head', headCores) };
    };
    assert.equal(generatorPaced(pair(LOADGEN_BUSY, 3)), true, 'no idle time: even a server on 3 cores waits');
    assert.equal(generatorPaced(pair(0.6, 0.4)), true, 'busier than the server');
    assert.equal(generatorPaced(pair(0.6, 0.8)), false, 'the server busier');
    assert.equal(generatorPaced(pair(0.95, undefined)), false, 'the server’s CPU not measured');
    assert.equal(generatorPaced(pair(0.6, 0.5, 0.8)), false, 'the servers’ mean: 0.65');
    assert.equal(generatorPaced(pair(0.6, 0.8, 0.5)), false, 'the same with the sides swapped');
    assert.equal(generatorPaced(pair(0.6, 0.4, 0.7)), true);
    assert.equal(generatorPaced(pair(0.6, 0.7, 0.4)), true);
  });

  test('the value: CPU seconds over responses, in µs; n/a without either', () => {
    const m = measurement(41.2, 0.9, 1);
    assert.ok(Math.abs(metricValue(m, 'cpu') - 41.2) < 1e-9);
    assert.ok(Number.isNaN(metricValue(measurement(undefined, 0.9, 1), 'cpu')));
    assert.ok(Number.isNaN(metricValue({ ...m, responses: 0 }, 'cpu')));
  });
});

describe('CPU per request in report.json and the report', () => {
  /** A gate's report of generator-bound rounds, as the gate would write it. */
  function paced(): ReturnType<typeof gateReport> {
    const report = gateReport({ paths: { '/a': 1 }, pairs: 12 });
    const rs = rounds(12, () => GENERATOR_BOUND);
    const decision = decide(rs, report.settings.scenarios, { ...OPTIONS, looks: [12] });
    return {
      ...report,
      rounds: rs,
      decision,
      verdict: decision.verdict,
      notes: [paceNote(decision, rs)!],
    };
  }

  test('serverCpuSec is read back, and the decision made again compares CPU per request alike', () => {
    const gate = paced();
    const file = parseReportFile(JSON.stringify(gate), 'report.json');
    assert.deepEqual(
      file.report.rounds.map((r) => r.measurement.serverCpuSec),
      gate.rounds.map((r) => r.measurement.serverCpuSec),
    );
    const again = mergeAsMeasured([file]);
    assert.deepEqual(again.decision, gate.decision);
    assert.equal(again.verdict, 'regression');
    const negative = JSON.parse(JSON.stringify(gate)) as {
      rounds: { measurement: { serverCpuSec: number } }[];
    };
    negative.rounds[0]!.measurement.serverCpuSec = -1;
    assert.throws(() => parseReportFile(JSON.stringify(negative), 'report.json'), /serverCpuSec/);
  });

  test('the report names it "server CPU per request" in µs, charts it, and says why it is compared', () => {
    assert.equal(metricLabel('cpu'), 'server CPU per request');
    assert.equal(formatValue('cpu', 41.23), '41.2 µs');
    assert.equal(formatValue('cpu', 4.123), '4.12 µs');
    assert.equal(formatValue('cpu', 412.3), '412 µs');
    const markdown = renderMarkdown(paced());
    assert.match(
      markdown,
      /\| GET \/a \| server CPU per request \| \d+\.\d µs \| \d+\.\d µs \| \+\d+\.\d% \(/,
    );
    assert.match(markdown, /title "server CPU per request: head ÷ base per pair/);
    assert.match(markdown, /the load generator set the pace \(in the first pair/);
    assert.doesNotMatch(markdown, /may set the pace/, 'the busy note would say less: it gives way');
  });

  test('the note: the busy note where nothing was compared, naming scenarios where not all were', () => {
    const idle = rounds(4, () => ({ ...GENERATOR_BOUND, loadgenCpu: 0.3 }));
    assert.equal(paceNote(decide(idle, RULES, OPTIONS), idle), undefined);
    const busy = rounds(4, (pair) =>
      pair === 0 ? { ...GENERATOR_BOUND, baseUs: undefined } : GENERATOR_BOUND,
    );
    assert.match(
      noteText(paceNote(decide(busy, RULES, OPTIONS), busy)!),
      /^the load generator kept 95% of a core busy/,
    );
    const two = [
      ...rounds(4, () => GENERATOR_BOUND),
      ...rounds(4, () => GENERATOR_BOUND).map((r) => ({
        ...r,
        scenario: 'GET /b',
        measurement: { ...r.measurement, loadgenCpu: 0.3 },
      })),
    ];
    const rules = [...RULES, { ...RULES[0]!, name: 'GET /b' }];
    assert.match(
      noteText(paceNote(decide(two, rules, OPTIONS), two)!),
      /^the load generator set the pace on GET \/a \(/,
    );
  });
});
