/**
 * `mode: history` measured (bench/NOTEBOOK.md §21).
 *
 *   npx node bench/history.ts size                 # 5,000 simulated runs: bytes of history, time to draw the charts
 *   npx node bench/history.ts creep [workUs]       # one real run of the built action on a 2× creep, at the defaults
 *   npx node bench/history.ts unchanged            # one real run on an unchanged main, at the defaults
 *   npx node bench/history.ts churn [runs]         # a branch as a chain of commits (one per run) against one commit
 *
 * The real runs take the inputs of example-workflows/history.yml as written (`mode: history`, `start`; every other
 * input at its default, `history-budget: 10m` included) on the app of test/fixtures/apps/history (each request burns
 * 400 µs of CPU at the release v1.0.0; the creep's commit burns `workUs`, default 900, about twice the cost with
 * node:http's own), in a throwaway repository with a bare origin, against the fake GitHub. They print one JSON line.
 * Run them under `flock -x /tmp/pg-heavy.lock`.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { historyCharts } from '../src/history/chart-series.ts';
import { formatLine, monthFile } from '../src/history/lines.ts';
import { historySvg } from '../src/report/history-chart.ts';
import { historyPage } from '../src/report/history-page.ts';
import { runAction } from '../test/support/action.ts';
import { TOKEN } from '../test/support/example.ts';
import { startFakeGitHub } from '../test/support/fake-github/index.ts';
import { makeHistoryRepo } from '../test/support/history-repo.ts';
import { simulateHistory } from '../test/support/history-sim.ts';

/** Bytes of the month files and the time to draw, for 5,000 runs of 1, 2 and 4 scenarios. */
function size(): void {
  for (const count of [1, 2, 4]) {
    const scenarios = ['GET /orders', 'POST /orders', 'GET /orders/:id', 'GET /health'].slice(0, count);
    const lines = simulateHistory({ runs: 5000, scenarios });
    const files = new Map<string, string>();
    for (const line of lines)
      files.set(monthFile(line.date), `${files.get(monthFile(line.date)) ?? ''}${formatLine(line)}`);
    const bytes = [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    // As git keeps them: each month file compressed (zlib, as git's objects are; packs delta them further).
    const stored = [...files.values()].reduce((sum, text) => sum + deflateSync(text).length, 0);
    const times: number[] = [];
    let svgBytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const charts = historyCharts(lines);
      const svgs = charts.map(historySvg);
      const page = historyPage(charts, {
        repository: 'o/r',
        date: new Date().toISOString(),
        perfGate: 'x',
        runs: lines.length,
        skipped: 0,
      });
      times.push(performance.now() - started);
      svgBytes = svgs.reduce((sum, svg) => sum + svg.length, 0) + page.length;
    }
    console.log(
      JSON.stringify({
        scenarios: count,
        runs: 5000,
        lines: lines.length,
        files: files.size,
        bytes,
        bytesPerLine: Math.round(bytes / lines.length),
        compressedBytes: stored,
        drawMs: times.map((t) => Math.round(t)),
        chartsAndPageBytes: svgBytes,
      }),
    );
  }
}

/**
 * What a chain of commits would cost: `runs` simulated runs, each committing its month file, charts, index.html and
 * README.md as perf-gate writes them, packed by `git gc`, against the one commit of the last run alone.
 */
function churn(runs: number): void {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-churn-'));
  const run = (...args: string[]): string =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@x',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@x',
      },
    });
  try {
    run('init', '-q');
    const lines = simulateHistory({ runs });
    const packed = (): number => {
      run('gc', '-q', '--aggressive', '--prune=now');
      return Number(/size-pack: (\d+)/.exec(run('count-objects', '-v'))?.[1] ?? 0) * 1024;
    };
    for (let i = 1; i <= lines.length; i++) {
      const done = lines.slice(0, i);
      const month = monthFile(done.at(-1)!.date);
      const charts = historyCharts(done);
      mkdirSync(join(dir, 'history'), { recursive: true });
      mkdirSync(join(dir, 'charts'), { recursive: true });
      writeFileSync(
        join(dir, month),
        done
          .filter((l) => monthFile(l.date) === month)
          .map(formatLine)
          .join(''),
      );
      for (const chart of charts) writeFileSync(join(dir, chart.file), historySvg(chart));
      const facts = { repository: 'o/r', date: done.at(-1)!.date, perfGate: 'x', runs: i, skipped: 0 };
      writeFileSync(join(dir, 'index.html'), historyPage(charts, facts));
      run('add', '-A');
      run('commit', '-q', '-m', String(i));
    }
    const chain = packed();
    const branch = run('symbolic-ref', '--short', 'HEAD').trim();
    run('checkout', '-q', '--orphan', 'one');
    run('commit', '-q', '-m', 'one');
    run('branch', '-D', branch);
    run('reflog', 'expire', '--expire=now', '--all');
    console.log(JSON.stringify({ runs: lines.length, chainPackBytes: chain, oneCommitPackBytes: packed() }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One real history run: v1.0.0 burns 400 µs per request, main's head `headUs`. */
async function realRun(what: string, headUs: number): Promise<void> {
  const repo = makeHistoryRepo();
  const fake = await startFakeGitHub({ token: TOKEN });
  try {
    const base = repo.commit(400, 'release');
    repo.tag('v1.0.0');
    const head = repo.commit(headUs, what);
    const started = Date.now();
    const run = await runAction({
      workspace: repo.checkout(),
      inputs: { mode: 'history', start: 'node index.js' },
      event: { ref: 'refs/heads/main', before: base, after: head },
      eventName: 'push',
      apiUrl: fake.url,
      token: TOKEN,
      env: { GITHUB_REF: 'refs/heads/main' },
      timeoutMs: 40 * 60_000,
    });
    const line = repo.history().at(-1);
    const rps = line?.scenarios[0]?.rps;
    const issue = fake.issues[0];
    console.log(
      JSON.stringify({
        what,
        date: new Date(started).toISOString(),
        exit: run.code,
        wallSec: Math.round((Date.now() - started) / 1000),
        verdict: line?.verdict,
        pairs: line?.pairs,
        rps: rps && { change: rps[0], low: rps[1], high: rps[2], noise: rps[3], verdict: rps[4 + 1] },
        other:
          line?.scenarios[0] &&
          Object.entries(line.scenarios[0]).filter(([k]) => k !== 'name' && k !== 'rps'),
        issue: issue ? { title: issue.title, state: issue.state } : null,
        stopped: /stopped (early|at)[^\n]*/.exec(run.stdout)?.[0],
        cpu: line?.runner.cpu,
        violations: fake.violations,
      }),
    );
    if (run.code !== 0) console.error(run.stdout.slice(-4000), run.stderr.slice(-2000));
  } finally {
    await fake.close();
    repo.cleanup();
  }
}

const [command = 'size', arg] = process.argv.slice(2);
if (command === 'size') size();
else if (command === 'creep') await realRun('a 2× creep', Number(arg ?? 900));
else if (command === 'unchanged') await realRun('an unchanged main', 400);
else if (command === 'churn') churn(Number(arg ?? 1000));
else throw new Error(`unknown command ${command}: size, creep or unchanged`);
