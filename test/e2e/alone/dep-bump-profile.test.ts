/**
 * A dependency bump, end to end through the built action (dist/index.js): test/fixtures/dep-bump is a quote service
 * whose pull request moves its dependency fmtkit from 1.0.0 to 2.0.0 (a local package, installed as a copy into
 * node_modules by `npm ci`, as a registry package would be), which does the same work in many small functions and
 * costs the service about a tenth more CPU per request. The profile must show the cost where it lives: the package
 * `fmtkit` among the packages, and, whenever anything is named hotter, the dependency first. Whether anything is
 * named depends on the gate finding the change and on the host's noise, so that is reported, not asserted (and a gate
 * that calls it no change profiles nothing).
 *
 * Needs 0x (from the npm registry the first time).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { changeToExplain } from '../../../src/gate/profiling.ts';
import type { Report } from '../../../src/model/report.ts';
import { runAction } from '../../support/action.ts';
import { gateScaffold } from '../../support/gate-scaffold.ts';
import { type Files, makeRepo, processesUnder, pullRequestEvent } from '../../support/repo.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/dep-bump/', import.meta.url));
const fixture = (path: string): string => readFileSync(join(FIXTURE, path), 'utf8');

function tree(side: 'base' | 'head'): Files {
  return {
    'package-lock.json': fixture(`${side}/package-lock.json`),
    'vendor/fmtkit/package.json': fixture(`${side}/vendor/fmtkit/package.json`),
    'vendor/fmtkit/index.js': fixture(`${side}/vendor/fmtkit/index.js`),
  };
}

describe('a dependency bump that costs more in many small functions', { timeout: 6 * 60_000 }, () => {
  const scaffold = gateScaffold();

  test('the package fmtkit is among the figures, and is first whenever anything is named hotter', async (t) => {
    const shared: Files = {
      'package.json': fixture('package.json'),
      '.npmrc': fixture('npmrc'),
      'index.js': fixture('index.js'),
      '.gitignore': 'node_modules/\n',
    };
    const r = scaffold.keep(makeRepo({ ...shared, ...tree('base') }, tree('head')));
    const run = await runAction({
      workspace: r.workspace,
      // A process pair per pair: the pairs are the unit, so that 8 of them can resolve a tenth (signed ranks reach
      // p = 0.008; blocks could not). Whether they do is the host's, and only decides whether anything is named.
      inputs: {
        start: 'node index.js',
        paths: '/',
        rounds: '8',
        duration: '0.5s',
        'restart-every': '1',
        prime: '0.25s',
        // 1 s a side, not the default 3 s: the package's share of a second's samples is figures enough on both sides.
        flamegraphs: '1s',
      },
      event: pullRequestEvent(r, 22),
      apiUrl: scaffold.fake().url,
      timeoutMs: 300_000,
    });
    const reportPath = run.outputs.report;
    assert.ok(reportPath, `no report output:\n${run.stdout}\n${run.stderr}`);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    // A gate that found no change profiles nothing (profilePlan): said in the log, nothing else to check.
    if (report.verdict === 'no-change') {
      assert.equal(report.profile, undefined);
      assert.match(run.stdout, /not profiled: no change to explain/);
      t.diagnostic(`no change (req/s ${rps ? (rps.change * 100).toFixed(1) : '?'}%): not profiled`);
      return;
    }
    const evidence = report.profile?.evidence;
    assert.ok(evidence, `no profile figures; notes: ${report.notes.join(' ')}`);
    t.diagnostic(
      `verdict ${report.verdict}, req/s ${rps ? (rps.change * 100).toFixed(1) : '?'}%; named: ${evidence.named.map((u) => `${u.level} ${u.name} ${u.deltaUs.toFixed(2)} µs`).join(', ') || 'nothing'}; ${evidence.tested} tested, ${evidence.evident} with evidence; profile ${report.profile?.seconds.toFixed(1)} s`,
    );

    // The cost where it lives: the package, both sides running it, its files under node_modules.
    const fmtkit = evidence.packages.find((u) => u.name === 'fmtkit');
    assert.ok(fmtkit, `packages: ${evidence.packages.map((u) => u.name).join(', ')}`);
    assert.ok(fmtkit.baseSelfUs > 0 && fmtkit.headSelfUs > 0);
    assert.ok(
      evidence.files.some((u) => u.file === 'node_modules/fmtkit/index.js' && u.package === 'fmtkit'),
    );
    // Functions only 2.0.0 has cost nothing on base.
    for (const u of evidence.functions.filter((f) =>
      ['formatNumber', 'isSafeText', 'formatPair'].includes(f.name),
    ))
      assert.equal(u.baseSelfUs, 0, u.name);

    // Named only with a change to explain, and then the dependency first.
    assert.equal(evidence.explain, changeToExplain(report.decision));
    if (!evidence.explain) assert.deepEqual(evidence.named, []);
    const hotter = evidence.named.filter((u) => u.deltaUs > 0);
    if (hotter.length > 0) assert.equal(hotter[0]!.package, 'fmtkit', JSON.stringify(hotter[0]));
    const first = report.profile?.hotter[0];
    if (first !== undefined)
      assert.ok(first.file.startsWith('node_modules/fmtkit'), `first named hotter: ${JSON.stringify(first)}`);

    // The comment shows the package's figures, whatever is named.
    const body = scaffold.fake().comments.get(22)?.[0]?.body ?? '';
    assert.match(body, /^\| `fmtkit` \| [\d.]+ µs \| [\d.]+ µs \|/m);
    assert.deepEqual(scaffold.fake().violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
