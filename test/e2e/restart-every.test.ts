/**
 * `restart-every: 1`, end to end: every pair gets a new base and a new head process, and they are not primed (both
 * start cold together and take turns), so a pair costs about what it costs in a block of 8 (bench/RESULTS.md
 * section 11). Each server process writes how many requests it has served; those counts show how many processes
 * ran and that no priming load reached them. With the open loop on, its rate comes from one base process measured
 * first, then stopped.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../../src/report.ts';
import { runAction } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github.ts';
import { makeRepo, processesUnder, pullRequestEvent, type TestRepo } from '../support/repo.ts';

/** A server that spends `workUs` per request and keeps its count of requests served in `<dir>/served-<pid>`. */
function countingServer(dir: string, workUs: number): string {
  return `const http = require('node:http');
const { writeFileSync } = require('node:fs');
const file = ${JSON.stringify(dir)} + '/served-' + process.pid;
let served = 0;
const save = () => writeFileSync(file, String(served));
save();
setInterval(save, 50).unref();
function burn(us) { const end = process.hrtime.bigint() + BigInt(us * 1000); while (process.hrtime.bigint() < end); }
http.createServer((req, res) => {
  served++;
  burn(${workUs});
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
}).listen(process.env.PORT);
`;
}

describe('restart-every: 1', () => {
  let fake: FakeGitHub;
  let r: TestRepo | undefined;
  let counts: string;
  before(async () => {
    fake = await startFakeGitHub({ token: 'ghs_testtoken' });
    counts = mkdtempSync(join(tmpdir(), 'perf-gate-served-'));
  });
  after(async () => {
    await fake.close();
    r?.cleanup();
    rmSync(counts, { recursive: true, force: true });
  });

  test('every pair gets new processes, none of them primed; a 3x slower head is a regression', async () => {
    r = makeRepo({ 'server.js': countingServer(counts, 100) }, { 'server.js': countingServer(counts, 300) });
    const pairs = 8;
    const run = await runAction({
      workspace: r.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/',
        rounds: String(pairs),
        duration: '1s',
        warmup: '0.25s',
        'restart-every': '1',
        // A quarter of base's rate stays well within the slower head's capacity (under half of base's).
        'latency-rate': '25%',
        // The profiling pass starts servers of its own; it is not what this test counts.
        flamegraphs: 'false',
      },
      event: pullRequestEvent(r, 41),
      apiUrl: fake.url,
    });
    const path = run.outputs.report;
    assert.ok(path && existsSync(path), run.stdout);
    const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
    assert.equal(report.rounds.length, 2 * pairs, run.stdout);

    // A process per side per pair, and one base process measured first for the open loop's rate.
    const served = readdirSync(counts).map((f) => Number(readFileSync(join(counts, f), 'utf8')));
    assert.equal(served.length, 2 * pairs + 1, `processes: ${served.join(', ')}`);

    // What reached the servers: the measured rounds (closed and open loop), each round's warm-up (a quarter of its
    // duration) and the one second that set the rate; with two turns of 1 s priming per side per pair, more than
    // three times the closed-loop load would have.
    const closed = report.rounds.reduce((sum, round) => sum + round.measurement.responses, 0);
    const paced = report.rounds.reduce((sum, round) => sum + (round.measurement.paced?.responses ?? 0), 0);
    const total = served.reduce((a, b) => a + b, 0);
    assert.ok(total > closed + paced, `served ${total}, measured ${closed} + ${paced}`);
    assert.ok(
      total < 2 * closed + paced,
      `served ${total}: priming reached the servers (measured ${closed} + ${paced})`,
    );

    // Every round had its open-loop load, at one rate for the gate, taken from base.
    assert.ok(report.rounds.every((round) => round.measurement.paced !== undefined));
    const rates = new Set(report.rounds.map((round) => round.measurement.paced?.rate));
    assert.equal(rates.size, 1, `rates: ${[...rates].join(', ')}`);

    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    assert.equal(rps?.verdict, 'regression', JSON.stringify(rps));
    assert.equal(run.code, 1, 'a regression fails the step');
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
