/**
 * A secret in a request, end to end through the built action: the config file's header and body say `${API_TOKEN}`,
 * the step's environment holds the token, and the servers refuse any request without it. The requests carry it (no
 * request fails), and it is in none of what perf-gate writes: report.json, the job summary, the outputs, the comment
 * and the check run, every file of the output directory (what the artifact uploads), and the log, where the only
 * occurrence is the `::add-mask::` command before anything else could print it (the runner masks it from then on).
 * A second run, whose head prints the header and dies, puts it in the server's last output: redacted there too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type ActionRun, readReport, runAction } from '../support/action.ts';
import { UNASSERTED_TIMING } from '../support/example.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, pullRequestEvent, type TestRepo } from '../support/repo.ts';

const SECRET = 'pgk_4d8f2a19c7e3b5a6';

/** One scenario carries the token in a header and in its body (each scenario more adds a gate's worth of pairs). */
const CONFIG = `start: node server.js
ready:
  path: /health
scenarios:
  - name: create order
    method: POST
    path: /orders
    headers:
      authorization: Bearer \${API_TOKEN}
    body: '{"key":"\${API_TOKEN}"}'
    expect: 201
`;

/** A server that answers 401 to any request without the token (the readiness probe excepted). */
function server(dieOnFirst: boolean): string {
  return `const http = require('node:http');
http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  ${dieOnFirst ? "console.error('request headers: ' + JSON.stringify(req.headers)); process.exit(1);" : ''}
  if (req.headers.authorization !== 'Bearer ' + process.env.EXPECTED) { res.statusCode = 401; return res.end(); }
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    if (req.method === 'POST') res.statusCode = body === JSON.stringify({ key: process.env.EXPECTED }) ? 201 : 400;
    res.end('{"ok":true}');
  });
}).listen(process.env.PORT);
`;
}

/** The suite's gate whose req/s verdict no test asserts, on the config file, under a check name of its own. */
const FAST = { config: 'perf-gate.yml', ...UNASSERTED_TIMING, 'check-name': 'perf' };

/** Every file under `dir`, as text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return [{ path, text: readFileSync(path, 'latin1') }];
  });
}

/** What the run wrote anywhere but the log: report.json, summary, outputs, GitHub's comment and check runs, files. */
function written(run: ActionRun, fake: FakeGitHub, outputDir: string): { where: string; text: string }[] {
  return [
    { where: 'job summary', text: run.summary },
    { where: 'outputs', text: JSON.stringify(run.outputs) },
    { where: 'comments', text: JSON.stringify([...fake.comments.values()]) },
    { where: 'check runs', text: JSON.stringify(fake.checkRuns) },
    { where: 'requests to GitHub', text: JSON.stringify(fake.requests) },
    ...filesUnder(outputDir).map((f) => ({ where: f.path, text: f.text })),
  ];
}

/** The log as the runner shows it: the secret may appear only in its `::add-mask::` line, before any other. */
function assertMaskedLog(run: ActionRun): void {
  const lines = `${run.stdout}\n${run.stderr}`.split('\n');
  const first = lines.findIndex((l) => l.includes(SECRET));
  assert.ok(first >= 0, 'the token is registered as a secret');
  assert.equal(lines[first], `::add-mask::${SECRET}`, 'the first line that holds it is the mask');
}

describe('a secret header and body from the step environment', { timeout: 300_000 }, () => {
  let fake: FakeGitHub;
  const repos: TestRepo[] = [];
  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    await fake.close();
    for (const r of repos) r.cleanup();
  });

  async function run(head: string, pr: number): Promise<{ run: ActionRun; outputDir: string }> {
    const r = makeRepo(
      { 'server.js': server(false), 'perf-gate.yml': CONFIG },
      { 'server.js': head, 'perf-gate.yml': CONFIG },
    );
    repos.push(r);
    const outputDir = join(r.dir, 'out');
    const result = await runAction({
      workspace: r.workspace,
      inputs: { ...FAST, 'output-dir': outputDir },
      event: pullRequestEvent(r, pr),
      apiUrl: fake.url,
      env: { API_TOKEN: SECRET, EXPECTED: SECRET },
      timeoutMs: 240_000,
    });
    return { run: result, outputDir };
  }

  test('the requests carry it, and nothing perf-gate writes holds it', async () => {
    const { run: result, outputDir } = await run(server(false), 21);
    const report = readReport(result);
    assert.equal(report.error, undefined, result.stdout);
    const failed = report.rounds.reduce((n, r) => n + r.measurement.errors + r.measurement.non2xx, 0);
    assert.ok(report.rounds.length > 0, 'rounds were measured');
    assert.equal(failed, 0, 'every request carried the token and the body');
    for (const { where, text } of written(result, fake, outputDir))
      assert.ok(!text.includes(SECRET), `the token is in ${where}`);
    assertMaskedLog(result);
  });

  test('a head that prints the header as it dies: its last output is redacted in the report and the comment', async () => {
    const { run: result, outputDir } = await run(server(true), 22);
    const report = readReport(result);
    assert.ok(report.error, 'head failed');
    assert.match(report.error.output ?? '', /request headers: .*Bearer \*\*\*/);
    assert.match(JSON.stringify([...(fake.comments.get(22) ?? [])]), /Bearer \*\*\*/);
    for (const { where, text } of written(result, fake, outputDir))
      assert.ok(!text.includes(SECRET), `the token is in ${where}`);
    assertMaskedLog(result);
  });
});
