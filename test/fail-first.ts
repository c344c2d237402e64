/**
 * Fail-first check of the fault suite: for each piece of fault handling, builds a copy of dist/index.js with
 * that handling taken out (a "mutant") and runs the fault cases that rely on it against the copy. Every case must
 * FAIL against its mutant: a case that still passes does not test the handling it is named after.
 *
 *   npx node test/fail-first.ts            # all mutants (about 3 minutes on 2 cores)
 *   npx node test/fail-first.ts 403 trim   # those whose name contains one of the words
 *   PERF_GATE_DIST=/tmp/build/index.js npx node test/fail-first.ts   # mutants of another build
 *
 * Not part of `npm test` (each mutant reruns cases of test/e2e/faults.test.ts). Cases whose handling came in a
 * later commit than the suite's first version were also run against the builds before it (README, "When the gate
 * fails").
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Mutant {
  name: string;
  /** What the mutant takes out. */
  removes: string;
  /**
   * Text of dist/index.js and what it becomes (each must occur; the first occurrence is replaced). A RegExp where
   * the bundler renames variables (`child` may become `child2`).
   */
  edits: [string | RegExp, string][];
  /** --test-name-pattern of the cases that must fail. */
  cases: string;
}

const MUTANTS: Mutant[] = [
  {
    name: 'start-output',
    removes: "the server's last output under a crash at start",
    edits: [[/\{ side: spec\.side, output: child\d*\.output\.lastLines\(40\) \}/, '{ side: spec.side }']],
    cases: 'crashes at start: the step fails',
  },
  {
    name: 'alive-after-round',
    removes: 'the check that the server is still alive after each round',
    edits: [['for (const server of loaded) server.assertAlive(during);', '']],
    cases: 'crashes in the middle of a round',
  },
  {
    name: 'both-fail',
    removes: 'the error when base and head both fail a path in the first pair',
    edits: [['if (baseRate >= 0.5 && headRate >= 0.5) {', 'if (false) {']],
    cases: 'both sides answer 404',
  },
  {
    name: 'no-base',
    removes: 'the message when there is no base to compare against',
    edits: [['if (!choice) {', 'if (false) {']],
    cases: 'push event without `base`',
  },
  {
    name: '403',
    removes: 'recognising a 403 on creating as a missing permission',
    edits: [[/if \(status\d* === 403 && requestMethod\d*\(error\d*\) === "POST"\) \{/, 'if (false) {']],
    cases: '403 for a missing permission',
  },
  {
    name: 'trim',
    removes: 'trimming the comment to the API limit',
    edits: [
      [
        /function fitComment\(markdown\d*, limit\d*, pointer\d*, what\d* = "a comment"\) \{/,
        '$&\n  return markdown;',
      ],
    ],
    cases: 'longer than 65,536',
  },
  {
    name: 'percent',
    removes: 'validation of percentages',
    edits: [[/throw configError\(input, `\\`\$\{text\d*\}\\` is not a percentage`[^;]*;/, 'return 0.05;']],
    cases: 'invalid input threshold',
  },
  {
    name: 'duration',
    removes: 'the syntax and range checks of durations (a sign is accepted, any value passes)',
    edits: [
      [
        'var DURATION = /^(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)$/;',
        'var DURATION = /^(-?\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)$/;',
      ],
      [/if \(ms\d* < bounds\d*\.minMs \|\| ms\d* > bounds\d*\.maxMs\) \{/, 'if (false) {'],
    ],
    cases: 'invalid input duration',
  },
  {
    name: 'boolean',
    removes: 'validation of booleans',
    edits: [[/throw configError\(input, `\\`\$\{text\d*\}\\` is not a boolean`[^;]*;/, 'return true;']],
    cases: 'invalid input fail-on-regression',
  },
  {
    name: 'cancel-leftovers',
    removes:
      'killing, on cancellation, what each child left by session, group and mark (issue 34, finding 5)',
    edits: [[/for \(const \[pid\d*, mark\d*\] of unstopped\d*\) killLeftNow\(pid\d*, mark\d*\);/, '']],
    cases: 'mid-gate',
  },
  {
    name: 'deleted-fork',
    removes: 'refusing a head the payload cannot prove is of this repository (issue 34, finding 1)',
    edits: [
      [/if \(payloadProvesSameRepository\d*\(eventName\d*, payload\d*\)\) return void 0;/, 'return void 0;'],
    ],
    cases: 'deleted fork',
  },
  {
    name: 'mask',
    removes: 'registering the token as a secret',
    edits: [['if (config.token) setSecret(config.token);', '']],
    cases: 'token is never printed',
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));
// The build the mutants are made from: dist/, or the one PERF_GATE_DIST names (as the end-to-end tests take it).
const built = process.env.PERF_GATE_DIST || join(root, 'dist/index.js');
const dist = readFileSync(built, 'utf8');
const only = process.argv.slice(2);
const chosen = MUTANTS.filter((m) => only.length === 0 || only.some((word) => m.name.includes(word)));

const rows: string[] = [];
let wrong = 0;
for (const mutant of chosen) {
  let text = dist;
  for (const [from, to] of mutant.edits) {
    const found = typeof from === 'string' ? text.includes(from) : from.test(text);
    if (!found) throw new Error(`mutant ${mutant.name}: ${built} no longer contains ${String(from)}`);
    text = typeof from === 'string' ? text.replace(from, () => to) : text.replace(from, to);
  }
  // The copy sits beside the real build so that it finds loadgen.js and the rest.
  const dir = mkdtempSync(join(tmpdir(), `perf-gate-mutant-${mutant.name}-`));
  for (const file of ['loadgen.js', 'cli.js']) copyFileSync(join(dirname(built), file), join(dir, file));
  writeFileSync(join(dir, 'index.js'), text);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['--test', '--test-reporter=spec', `--test-name-pattern=${mutant.cases}`, 'test/e2e/faults.test.ts'],
    {
      cwd: root,
      env: { ...process.env, PERF_GATE_DIST: join(dir, 'index.js'), PERF_GATE_ACTION_TIMEOUT_MS: '90000' },
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  rmSync(dir, { recursive: true, force: true });
  const passed = /^ℹ pass (\d+)/m.exec(run.stdout)?.[1] ?? '?';
  const failed = /^ℹ fail (\d+)/m.exec(run.stdout)?.[1] ?? '?';
  const ok = run.status !== 0 && failed !== '0' && failed !== '?';
  if (!ok) wrong++;
  rows.push(
    `| ${mutant.name} | ${mutant.removes} | \`${mutant.cases}\` | ${failed} failed, ${passed} passed | ${ok ? 'fails as it must' : '**STILL PASSES**'} | ${((Date.now() - started) / 1000).toFixed(0)} s |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}
console.log('| mutant | takes out | cases | result | verdict | time |');
console.log('| --- | --- | --- | --- | --- | ---: |');
for (const row of rows) console.log(row);
process.exitCode = wrong === 0 ? 0 : 1;
