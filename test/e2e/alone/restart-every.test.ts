/**
 * `restart-every: 1` and the open loop, end to end, in one gate: the one real run of what
 * test/unit/gate/gate-servers.test.ts and gate-pairs.test.ts prove with fakes.
 *
 * At 1 every pair is a block of its own: a new base and a new head process, started at the same time and primed
 * (`prime`) before the pair, and the pair is the unit of every comparison. Each server process writes how many
 * requests it has served and when it started and listened; those show how many processes ran, that more than the
 * measured load reached them, and that the two sides started together. A pair that another process disturbed is
 * measured again, with new processes: how many processes ran follows from what the report and the log say was
 * measured (2 per pair measured, those measured again included), never from the pairs planned alone.
 *
 * The open loop (`latency-rate: 25%`) takes its rate from base's rate in the first priming, and head stalls its
 * event loop for 20 ms every 60 ms. A closed loop hides most of the stall from its p99 (only the 10 requests in
 * flight wait, a small share of thousands a second), but at a fixed offered rate every request that falls due during
 * a stall waits for it: p99 at fixed rate must catch it. Each side's sixth of open-loop load (0.08 s per pair, 1/6
 * of `duration`) is longer than the 60 ms from one stall's start to the next one's end, so every open-loop load holds
 * a whole stall.
 * 8 pairs, the fewest `rounds` allows: the change is about 4×, and its estimate needs no more. Whether it is called
 * a regression is host noise's to move (a CI host whose hypervisor stole 0.6 cores left two of 12 pairs with base's
 * p99 the larger and the verdict inconclusive at +173%; two busy processes raised base's p99 to head's): the test
 * asserts head's p99 at fixed rate, that it is never called better, and that the step's exit follows the verdict; the verdict itself, from such pairs, is
 * test/unit/load/open-loop.test.ts's.
 *
 * Blocks of more than one pair are end to end in restify-listener.test.ts (4 blocks of 2); what the gate makes of
 * processes that differ for their whole life, in test/unit/decide/process-offsets.test.ts; the note on a server slow to
 * start, in test/unit/gate/plan.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OPEN_LOOP_MAX_RATE } from '../../../src/load/plan.ts';
import { readReport, runAction } from '../../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, type TestRepo } from '../../support/repo.ts';

/**
 * The stall, at fixed phases of the wall clock: the first 20 ms of every 60, whenever a 1 ms timer finds itself in
 * them. `setInterval(burn, 150)` drifted on a busy host (each firing late, the next 150 ms after it), so a side's
 * 0.17 s of open-loop load could hold parts of two stalls and no whole one (p99 14 ms once, against 18 ms).
 */
const STALL = `setInterval(() => { const phase = Date.now() % 60; if (phase < 20) burn((20 - phase) * 1000); }, 1);`;

/**
 * A node:http server that spends `workUs` per request and starts listening `listenAfterMs` after it starts; with
 * `stall`, it blocks its event loop for 20 ms every 60 ms (a cache rebuilt synchronously, say). It keeps
 * `{ served, started, listening }` in `<dir>/served-<pid>`.
 */
function countingServer(
  dir: string,
  options: { listenAfterMs: number; workUs: number; stall?: boolean },
): string {
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
${options.stall ? STALL : ''}
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

describe('restart-every: 1 and the open loop', () => {
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

  test('at 1, every pair gets new processes, started together and primed: 2 per pair measured; the pair is the unit; a head that stalls 20 ms every 60 ms: p99 at fixed rate holds the stall’s wait and is never called better', async (t) => {
    // Each process takes 0.25 s to listen, so that two started together are seen starting together.
    r = makeRepo(
      // No work per request: at tens of thousands a second, the 10 requests in flight during a stall are too few
      // for the closed loop's p99 (at 100 µs a request, they were 1.5% of requests and moved it 2.6×).
      { 'server.js': countingServer(counts, { listenAfterMs: 250, workUs: 0 }) },
      { 'server.js': countingServer(counts, { listenAfterMs: 250, workUs: 0, stall: true }) },
    );
    const pairs = 8;
    const run = await runAction({
      workspace: r.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/',
        rounds: String(pairs),
        // 0.5 s: each side's open-loop sixth (83 ms) holds a whole stall of every 60 ms.
        duration: '0.5s',
        warmup: '0s',
        'restart-every': '1',
        // Each pair's processes primed 0.25 s per side (base's rate in the first sets the open loop's).
        prime: '0.25s',
        // A quarter of base's rate: well within what the open-loop client sustains on a busy machine, so that its
        // own lag is not what p99 measures.
        'latency-rate': '25%',
        // The profiling pass starts servers of its own; it is not what this test counts.
        flamegraphs: 'off',
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

    // A process per side per measured pair, blocks of one pair, each primed; the pair is the unit.
    assert.deepEqual(report.plan?.processes, { mode: 'blocks', restartEvery: 1, primeSec: 0.25 });
    assert.equal(report.plan?.unit, 'pairs');
    const processes = servedIn(counts);
    const served = processes.map((p) => p.served);
    assert.equal(
      served.length,
      2 * measured,
      `${again} pairs measured again; processes: ${served.join(', ')}`,
    );
    // Base and head of each pair start together: every process was starting (up to listening) while another was.
    const overlapping = processes.filter((p) =>
      processes.some((q) => q !== p && q.started < p.listening && p.started < q.listening),
    );
    assert.equal(overlapping.length, 2 * measured, JSON.stringify(processes));

    // What reached the servers: the measured rounds (closed and open loop), and before them each pair's priming.
    const loaded = report.rounds.reduce((sum, round) => sum + round.measurement.responses, 0);
    const paced = report.rounds.reduce((sum, round) => sum + (round.measurement.paced?.responses ?? 0), 0);
    const total = served.reduce((a, b) => a + b, 0);
    assert.ok(total > loaded + paced, `served ${total}, measured ${loaded} + ${paced}`);
    assert.ok(
      report.decision?.comparisons.every((c) => c.processes === undefined),
      'a process pair per pair has no blocks to compare',
    );

    // Every round had its open-loop load, at one rate for the gate, taken from base's rate in the first priming: a
    // quarter of its req/s, at most what the client sustains.
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

    for (const round of report.rounds) {
      const paced = round.measurement.paced!;
      assert.ok(paced.responses > 0.9 * paced.sent, `${round.side}: ${paced.responses} of ${paced.sent}`);
      assert.equal(paced.failures, 0);
    }

    // The stall: p99 at fixed rate holds its wait, and no verdict says otherwise.
    const of = (metric: string) => report.decision?.comparisons.find((c) => c.metric === metric);
    const [open, closed] = [of('p99open'), of('p99')];
    const pairLines = run.stdout.split('\n').filter((line) => /^pair \d+|open-loop/.test(line));
    t.diagnostic(
      [open, closed, of('rps')]
        .map(
          (c) =>
            `${c?.metric}: ${c?.base?.toFixed(2)} → ${c?.head?.toFixed(2)} (${((c?.change ?? 0) * 100).toFixed(0)}%, ${c?.verdict})`,
        )
        .join('; '),
    );
    assert.ok(
      open && closed,
      `comparisons: ${JSON.stringify(report.decision?.comparisons.map((c) => c.metric))}`,
    );
    // Requests fall due evenly, a third of them during a stall, waiting up to 20 ms: the 99th percentile waits about
    // 19 ms on any host, since they are timed from when they were due, however late the load generator runs.
    assert.ok(open.head >= 15, `p99 at fixed rate on head ${open.head.toFixed(2)} ms`);
    // Base's own p99 is the host's: a busy machine delays its requests as much (24 ms with two other processes
    // running). Head's cannot be called better for all that: every one of its windows holds a stall.
    assert.ok(['regression', 'inconclusive'].includes(open.verdict), pairLines.join('\n'));
    // The closed loop times only the requests in flight during a stall, so it sees less of it; how much less is the
    // host's to move (its p99 -20% on a quiet host, +60% with a busy core, against +300% and +97% at fixed rate),
    // and is shown above, not asserted.
    // A regression in any metric, p99 at fixed rate included, fails the step.
    const verdict = report.decision?.verdict;
    assert.equal(
      verdict === 'regression',
      report.decision?.comparisons.some((c) => c.verdict === 'regression'),
    );
    assert.equal(run.outputs.verdict, verdict);
    assert.equal(run.code, verdict === 'regression' ? 1 : 0);
    const body = fake.comments.get(41)?.[0]?.body ?? '';
    assert.match(body, /\| GET \/ \| p99 at fixed rate \| [\d.]+ ms \| [\d.]+ ms \| [+−]\d+\.?\d*% \(/);
    assert.match(
      body,
      /"p99 at fixed rate": after its closed-loop load, each side got 0\.08 s per pair of open-loop load at [\d,]+ req\/s for GET \//,
    );
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
