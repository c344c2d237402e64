/**
 * `engine: autocannon` (a fresh autocannon instance per turn, the design before kept connections) through the built
 * action, on a throwaway repository whose head spends ten times base's work per request: a change no CPU shared with
 * other tests moves near the asserted −30%, so it runs beside them. Every other end-to-end gate runs the default
 * engine (kept connections). About 20 s.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../../src/model/report.ts';
import { readReport, runAction } from '../support/action.ts';
import { SUITE_CONNECTIONS, SUITE_PIN } from '../support/example.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

describe('load engines, end to end', () => {
  let fake: FakeGitHub;
  let repo: TestRepo;

  before(async () => {
    fake = await startFakeGitHub({ token: 'ghs_testtoken' });
    repo = makeRepo(
      { 'server.js': serverSource({ workUs: 100 }) },
      { 'server.js': serverSource({ workUs: 1000 }) },
    );
  });
  after(async () => {
    await fake.close();
    repo.cleanup();
  });

  async function gate(engine: string): Promise<{ report: Report; code: number | null; stdout: string }> {
    const run = await runAction({
      workspace: repo.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/work',
        rounds: '8',
        duration: '0.25s',
        connections: SUITE_CONNECTIONS,
        pin: SUITE_PIN,
        prime: '0.25s',
        flamegraphs: 'off',
        comment: 'off',
        engine,
      },
      event: pullRequestEvent(repo, 3),
      apiUrl: fake.url,
    });
    assert.deepEqual(processesUnder(repo.workspace), [], 'no process left behind');
    return { report: readReport(run), code: run.code, stdout: run.stdout };
  }

  for (const engine of ['autocannon'] as const) {
    test(`${engine}: measures the slower head, its turns recorded in the plan`, async () => {
      const { report, code, stdout } = await gate(engine);
      assert.equal(report.error, undefined, stdout);
      assert.equal(report.plan?.engine, engine);
      // Its warm-up within every pair (fresh connections), in the plan as in the settings.
      assert.equal(report.plan?.scenarios[0]?.warmupSec, 0.25);
      assert.equal(report.sequential?.pairs, 8);
      const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
      // 1 ms of work per request against 100 µs: head a fraction as fast (at 300 µs, −72% to −27% with two other
      // processes busy). Its estimate holds whatever the host; how wide the interval is, and so the verdict, is the
      // host's.
      assert.ok(rps && rps.change < -0.3, `req/s ${rps?.change}, interval ${rps?.ci}`);
      assert.ok(['regression', 'inconclusive'].includes(rps.verdict), rps.verdict);
      assert.equal(code, report.verdict === 'regression' ? 1 : 0, 'the step fails on a regression alone');
      for (const round of report.rounds) {
        const m = round.measurement;
        assert.ok(m.responses > 0, 'every round answered');
        assert.equal(m.errors + m.timeouts, 0);
      }
    });
  }
});
