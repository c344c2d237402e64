/**
 * `restart-every: 1` with the open loop, end to end: the one real run of what test/unit/gate-servers.test.ts proves
 * with fakes.
 *
 * At 1 every pair gets a new base and a new head process, started at the same time and not primed (both start cold
 * together and take turns), so a pair costs about what it costs in a block of 8 (bench/RESULTS.md sections 11–12).
 * Each server process writes how many requests it has served and when it started and listened; those show how
 * many processes ran, that no priming load reached them, and that the two sides started together. With the open
 * loop on (`latency-rate: 25%`), its rate comes from one base process measured first, then stopped.
 *
 * A pair that another process disturbed is measured again, with new processes: how many processes ran follows from
 * what the report and the log say was measured (2 per pair measured, those measured again included, and the one
 * base process for the rate), never from the pairs planned alone.
 *
 * Blocks of more than one pair, primed, are end to end in restify-listener.test.ts (2 blocks of 4); what the gate
 * makes of processes that differ for their whole life, in test/unit/process-offsets.test.ts; the note on a server
 * slow to start, in test/unit/plan.test.ts; the open loop catching a stall, in open-loop.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OPEN_LOOP_MAX_RATE } from '../../src/load/plan.ts';
import { readReport, runAction } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github.ts';
import { makeRepo, processesUnder, pullRequestEvent, type TestRepo } from '../support/repo.ts';

/**
 * A node:http server that spends `workUs` per request and starts listening `listenAfterMs` after it starts. It
 * keeps `{ served, started, listening }` in `<dir>/served-<pid>`.
 */
function countingServer(dir: string, options: { listenAfterMs: number; workUs: number }): string {
  return `const http = require('node:http');
const { writeFileSync } = require('node:fs');
const file = ${JSON.stringify(dir)} + '/served-' + process.pid;
const state = { served: 0, started: Date.now(), listening: 0 };
const save = () => writeFileSync(file, JSON.stringify(state));
save();
setInterval(save, 50).unref();
function burn(us) { const end = process.hrtime.bigint() + BigInt(us * 1000); while (process.hrtime.bigint() < end); }
const server = http.createServer((req, res) => {
  state.served++;
  burn(${options.workUs});
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
});
setTimeout(() => server.listen(process.env.PORT, () => { state.listening = Date.now(); save(); }), ${options.listenAfterMs});
`;
}

interface Served {
  served: number;
  started: number;
  listening: number;
}

function servedIn(dir: string): Served[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('served-'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Served);
}

describe('restart-every', () => {
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

  test('at 1, every pair gets new processes, started together, none of them primed: 2 per pair measured and 1 for the open loop’s rate; a 3x slower head is a regression', async () => {
    // Each process takes 0.25 s to listen, so that two started together are seen starting together.
    r = makeRepo(
      { 'server.js': countingServer(counts, { listenAfterMs: 250, workUs: 100 }) },
      { 'server.js': countingServer(counts, { listenAfterMs: 250, workUs: 300 }) },
    );
    const pairs = 8;
    const run = await runAction({
      workspace: r.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/',
        rounds: String(pairs),
        duration: '1s',
        warmup: '0.1s',
        'restart-every': '1',
        // A quarter of base's rate stays well within the slower head's capacity (under half of base's).
        'latency-rate': '25%',
        // The profiling pass starts servers of its own; it is not what this test counts.
        flamegraphs: 'false',
      },
      event: pullRequestEvent(r, 41),
      apiUrl: fake.url,
    });
    const report = readReport(run);
    assert.equal(report.rounds.length, 2 * pairs, run.stdout);
    // Every pair measured, those measured again included (a disturbed pair is measured again, with new processes).
    const again = report.sequential!.disturbedPairs;
    assert.equal(
      again,
      (run.stdout.match(/^pair \d+ was disturbed \(.*\): measuring it again$/gm) ?? []).length,
      run.stdout,
    );
    const measured = pairs + again;

    // A process per side per measured pair, and one base process measured first for the open loop's rate.
    const processes = servedIn(counts);
    const served = processes.map((p) => p.served);
    assert.equal(
      served.length,
      2 * measured + 1,
      `${again} pairs measured again; processes: ${served.join(', ')}`,
    );
    // Base and head of each pair start together: every process but the open loop's lone base was starting (up to
    // listening) while another one was.
    const overlapping = processes.filter((p) =>
      processes.some((q) => q !== p && q.started < p.listening && p.started < q.listening),
    );
    assert.equal(overlapping.length, 2 * measured, JSON.stringify(processes));

    // What reached the servers: the measured rounds (closed and open loop, the pairs measured again as much as the
    // pairs kept), each round's warm-up (a tenth of its duration) and the one second that set the rate; with two
    // turns of 1 s priming per side per pair, more than three times the closed-loop load would have.
    const closed = report.rounds.reduce((sum, round) => sum + round.measurement.responses, 0);
    const paced = report.rounds.reduce((sum, round) => sum + (round.measurement.paced?.responses ?? 0), 0);
    const total = served.reduce((a, b) => a + b, 0);
    const scale = measured / pairs;
    assert.ok(total > closed + paced, `served ${total}, measured ${closed} + ${paced}`);
    assert.ok(
      total < scale * (2 * closed + paced),
      `served ${total}: priming reached the servers (measured ${closed} + ${paced}, ${again} pairs measured again)`,
    );
    assert.ok(
      report.decision?.comparisons.every((c) => c.processes === undefined),
      'a process pair per pair has no blocks to compare',
    );

    // Every round had its open-loop load, at one rate for the gate, taken from the base process measured first
    // (cold, so its req/s is its own, not the pairs'): a quarter of its req/s, at most what the client sustains.
    assert.ok(report.rounds.every((round) => round.measurement.paced !== undefined));
    const rates = new Set(report.rounds.map((round) => round.measurement.paced?.rate));
    assert.equal(rates.size, 1, `rates: ${[...rates].join(', ')}`);
    const rate = [...rates][0]!;
    const logged = /^GET \/: open-loop load at (\d+) req\/s \(25% of base's (\d+) req\/s/m.exec(run.stdout);
    assert.ok(logged, run.stdout);
    assert.equal(Number(logged[1]), rate);
    assert.ok(
      Math.abs(rate - Math.min(OPEN_LOOP_MAX_RATE, Number(logged[2]) / 4)) <= 1,
      `rate ${rate}, base ${logged[2]} req/s`,
    );

    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    assert.equal(rps?.verdict, 'regression', JSON.stringify(rps));
    assert.equal(run.code, 1, 'a regression fails the step');
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
