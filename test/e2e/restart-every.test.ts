/**
 * `restart-every`, end to end.
 *
 * At 1 every pair gets a new base and a new head process, started at the same time and not primed (both start cold
 * together and take turns), so a pair costs about what it costs in a block of 8 (bench/RESULTS.md sections 11–12). Each server process writes how many requests it has served and when it started and listened; those
 * show how many processes ran, that no priming load reached them, and that the two sides started together. With the
 * open loop on, its rate comes from one base process measured first, then stopped.
 *
 * Above 1 (the default is 8), the pairs of a block share their processes: a head process that runs slower than the
 * others for its whole life is reported as such, and the verdict must then hold in every block (src/verdict.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readReport, runAction, workflowCommands } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github.ts';
import { makeRepo, processesUnder, pullRequestEvent, type TestRepo } from '../support/repo.ts';

/**
 * A server that spends `workUs` per request (`slowWorkUs` instead in the second head process) and starts
 * listening `listenAfterMs` after it starts. It keeps `{ served, started, listening }` in `<dir>/served-<pid>`.
 */
function countingServer(
  dir: string,
  workUs: number,
  options: { listenAfterMs?: number; slowWorkUs?: number } = {},
): string {
  return `const http = require('node:http');
const { readdirSync, writeFileSync } = require('node:fs');
const dir = ${JSON.stringify(dir)};
const side = process.env.PERF_GATE_SIDE;
// The how-manyth process of its side (processes of one side never start at the same time).
const nth = readdirSync(dir).filter((f) => f.startsWith('start-' + side)).length + 1;
writeFileSync(dir + '/start-' + side + '-' + nth, '');
const workUs = side === 'head' && nth === 2 ? ${options.slowWorkUs ?? workUs} : ${workUs};
const file = dir + '/served-' + process.pid;
const state = { served: 0, started: Date.now(), listening: 0 };
const save = () => writeFileSync(file, JSON.stringify(state));
save();
setInterval(save, 50).unref();
function burn(us) { const end = process.hrtime.bigint() + BigInt(us * 1000); while (process.hrtime.bigint() < end); }
const server = http.createServer((req, res) => {
  state.served++;
  burn(workUs);
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
});
setTimeout(() => server.listen(process.env.PORT, () => { state.listening = Date.now(); save(); }), ${options.listenAfterMs ?? 0});
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
  let offsets: string;
  before(async () => {
    fake = await startFakeGitHub({ token: 'ghs_testtoken' });
    counts = mkdtempSync(join(tmpdir(), 'perf-gate-served-'));
    offsets = mkdtempSync(join(tmpdir(), 'perf-gate-offsets-'));
  });
  after(async () => {
    await fake.close();
    r?.cleanup();
    rmSync(counts, { recursive: true, force: true });
    rmSync(offsets, { recursive: true, force: true });
  });

  test('at 1, every pair gets new processes, started together, none of them primed; a 3x slower head is a regression', async () => {
    // Each process takes 2 s to listen: one after the other, the two sides would take 4 s to start.
    const options = { listenAfterMs: 2000 };
    r = makeRepo(
      { 'server.js': countingServer(counts, 100, options) },
      { 'server.js': countingServer(counts, 300, options) },
    );
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
    const report = readReport(run);
    assert.equal(report.rounds.length, 2 * pairs, run.stdout);

    // A process per side per pair, and one base process measured first for the open loop's rate.
    const processes = servedIn(counts);
    const served = processes.map((p) => p.served);
    assert.equal(served.length, 2 * pairs + 1, `processes: ${served.join(', ')}`);
    // Base and head of each pair start together: every process but the open loop's lone base was starting (up to
    // listening) while another one was.
    const overlapping = processes.filter((p) =>
      processes.some((q) => q !== p && q.started < p.listening && p.started < q.listening),
    );
    assert.equal(overlapping.length, 2 * pairs, JSON.stringify(processes));

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
    // Starting took about 2 s of every pair's 4.5 or so: worth a note, and under the 4 s of one side after the other.
    const startup = report.notes.find((note) => note.startsWith('starting base and head took'));
    assert.match(startup ?? report.notes.join(' | '), /took (1\.9|2\.\d) s of every pair's \d+\.\d s/);
    assert.match(startup!, /`restart-every: 4` starts them once per 4 pairs/);
    assert.ok(
      report.decision?.comparisons.every((c) => c.processes === undefined),
      'a process pair per pair has no blocks to compare',
    );
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('in blocks of 4 pairs, a head process that runs slower for its whole life is reported and decides nothing', async () => {
    r?.cleanup();
    // Base and head are the same code; the second head process spends 40% more per request than the others.
    const server = countingServer(offsets, 150, { slowWorkUs: 210 });
    r = makeRepo({ 'server.js': server }, { 'server.js': `${server}// head\n` });
    const run = await runAction({
      workspace: r.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/',
        rounds: '12',
        duration: '1s',
        warmup: '0.25s',
        'restart-every': '4',
        flamegraphs: 'false',
      },
      event: pullRequestEvent(r, 42),
      apiUrl: fake.url,
    });
    const report = readReport(run);
    assert.equal(report.rounds.length, 24, run.stdout);
    assert.equal(servedIn(offsets).length, 6, 'three blocks of one base and one head process');
    // A third of the pairs came from the slow process: its block differs from the other two, so a verdict had to
    // hold in every block, and none can (the slow block is 25–40% off, the others within a percent or two).
    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    assert.ok(rps?.processes, JSON.stringify(rps));
    assert.equal(rps.processes.restartEvery, 4);
    const [first, second, third] = rps.processes.changes;
    assert.ok(
      second! < -0.15 && Math.abs(first!) < 0.1 && Math.abs(third!) < 0.1,
      `${rps.processes.changes}`,
    );
    assert.equal(rps.verdict, 'inconclusive');
    assert.notEqual(report.verdict, 'regression');
    assert.equal(run.code, 0, 'inconclusive is neutral');
    // Said in the comment; an annotation on the run too when it took a verdict back (the pairs alone may have
    // called a regression, or may not have: 4 of 12 pairs are not always enough).
    const said = "the server's processes differed for their whole life: in blocks of 4 pairs";
    const overruled = report.decision!.comparisons.some((c) => c.processes?.overruled !== undefined);
    assert.equal(
      workflowCommands(run.stdout, 'warning').some((w) => w.startsWith(said)),
      overruled,
      run.stdout,
    );
    assert.ok(run.stdout.includes(said), 'in the log either way');
    const comments = fake.comments.get(42) ?? [];
    assert.ok(
      comments.some((c) => c.body.includes(said)),
      'in the comment',
    );
    assert.match(comments.at(-1)!.body, /GET \/ req\/s [+−±]\d+\.\d%, −\d+\.\d%, [+−±]\d+\.\d% \(F = /);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
