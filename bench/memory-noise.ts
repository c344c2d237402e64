/**
 * The A/A noise of the server's memory per request on the example workflows: each example's app gated as an
 * unchanged pull request (head = base) by the built action, as a runner runs it (test/support/example.ts), every
 * default; from each gate's rounds, per scenario, the standard deviation of the per-pair log ratios of bytes
 * allocated per request and of GC pause per request, and each side's slope of heap kept (MB per 100,000 requests).
 *
 *   npm run build -- --preserve-symlinks && flock /tmp/perf-gate-load.lock npx node bench/memory-noise.ts [gates=1] [example.yml …]
 *
 * Each gate's rounds (their memory) go to bench/data/memory-aa.jsonl; a table is printed.
 */
import { appendFileSync } from 'node:fs';
import type { Round } from '../src/model/measure.ts';
import type { Report } from '../src/model/report.ts';
import { sd } from '../src/stats/describe.ts';
import { fakeGitHubFor, fixtureApp, killUnder, runStep, TOKEN } from '../test/support/example.ts';
import { makeRepo, pullRequestEvent } from '../test/support/repo.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../test/support/workflow.ts';
import { dataFile, keyValues, machineLine } from './lib.ts';

const APPS: Record<string, string> = {
  'node-http.yml': 'node-http',
  'fastify.yml': 'fastify',
  'monorepo.yml': 'monorepo',
  'restify-fixed-port.yml': 'restify-fixed-port',
};
const args = process.argv.slice(2);
const gates = Number(keyValues(args.filter((a) => a.includes('='))).gates ?? '1');
const chosen = args.filter((a) => a.endsWith('.yml'));
const examples = chosen.length > 0 ? chosen : Object.keys(APPS);
const PR = 5;

async function aaGate(example: string): Promise<Report> {
  const app = fixtureApp(APPS[example]!);
  const repo = makeRepo(app.base, {});
  const fake = await fakeGitHubFor(repo, PR, 'write');
  try {
    const invocation = actionInvocation(perfGateJob(readWorkflow(example)), { token: TOKEN });
    const { report } = await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      eventName: 'pull_request',
      event: pullRequestEvent(repo, PR),
      fake,
      pullNumber: PR,
      baseSha: repo.baseSha,
      headSha: repo.headSha,
      timeoutMs: 30 * 60_000,
    });
    return report;
  } finally {
    await fake.close();
    killUnder(repo.dir);
    repo.cleanup();
  }
}

/** Per-pair log ratios of a per-request memory figure, head against base. */
function logRatios(rounds: readonly Round[], value: (r: Round) => number | undefined): number[] {
  const out: number[] = [];
  for (const pair of new Set(rounds.map((r) => r.pair))) {
    const [b, h] = (['base', 'head'] as const).map((side) =>
      value(rounds.find((r) => r.pair === pair && r.side === side)!),
    );
    if (b !== undefined && h !== undefined && b > 0 && h > 0) out.push(Math.log(h / b));
  }
  return out;
}

const perRequest = (of: 'allocatedBytes' | 'gcMs') => (r: Round | undefined) => {
  const m = r?.measurement.memory;
  return m && m.requests > 0 ? m[of] / m.requests : undefined;
};

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
const started = new Date().toISOString();
process.stderr.write(`${started} · ${machineLine()}\n`);
console.log(
  '| example | scenario | pairs | bytes/request (base) | noise of bytes/request | noise of GC pause/request | exact |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
for (const example of examples) {
  for (let g = 0; g < gates; g++) {
    const report = await aaGate(example);
    const memory = report.rounds.map((r) => ({
      pair: r.pair,
      side: r.side,
      scenario: r.scenario,
      memory: r.measurement.memory,
    }));
    appendFileSync(
      dataFile('memory-aa.jsonl'),
      `${JSON.stringify({ started, example, verdict: report.verdict, restartEvery: report.plan?.processes, memory })}\n`,
    );
    for (const scenario of new Set(report.rounds.map((r) => r.scenario))) {
      const rounds = report.rounds.filter((r) => r.scenario === scenario);
      const alloc = logRatios(rounds, perRequest('allocatedBytes'));
      const gc = logRatios(rounds, perRequest('gcMs'));
      const base = rounds.filter((r) => r.side === 'base').map(perRequest('allocatedBytes'));
      const exact = rounds.every((r) => r.measurement.memory?.exact);
      console.log(
        `| ${example} | ${scenario} | ${alloc.length} | ${Math.round(base[0] ?? 0)} | ${alloc.length > 1 ? pct(sd(alloc)) : '–'} | ${gc.length > 1 ? pct(sd(gc)) : '–'} | ${exact} |`,
      );
    }
  }
}
