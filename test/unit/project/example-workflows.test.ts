/**
 * example-workflows/: every workflow is one GitHub's own parser accepts (@actions/workflow-parser, through
 * test/support/workflow.ts), with one perf-gate step that uses only inputs action.yml declares, the permissions its
 * event needs, one run per pull request at a time, a checkout that leaves no token behind, and an end-to-end test
 * that runs it for real (actionlint checks them too: actionlint.test.ts); every perf-gate.yml there and in the
 * fixture apps validates against perf-gate.schema.json (Ajv) and parses with src/config/scenario-file.ts. Also the
 * harness itself: expressions (evaluated by @actions/expressions), conditions, services, overrides.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { DEFAULT_TIMEOUT } from '../../../src/config/defaults.ts';
import { parseDuration } from '../../../src/config/inputs.ts';
import { parseScenarioFile } from '../../../src/config/scenario-file.ts';
import { APPS_DIR, readTree } from '../../support/example.ts';
import { SCHEMA, violations } from '../../support/json-schema.ts';
import {
  type Artifact,
  actionInvocation,
  conditionHolds,
  configFilesUnder,
  DOWNLOAD_ARTIFACT,
  downloadArtifacts,
  EXAMPLES_DIR,
  type ExampleWorkflow,
  type ExpressionContext,
  evaluate,
  exampleWorkflowFiles,
  expressionsIn,
  matrixRuns,
  type PerfGateJob,
  perfGateJob,
  readWorkflow,
  substitute,
  UPLOAD_ARTIFACT,
  uploadArtifact,
} from '../../support/workflow.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What a job's `timeout-minutes` must leave above the gate's `timeout`: checkout, setup-node, the action's start. */
const BEFORE_THE_GATE_MS = 5 * 60_000;
const E2E_DIR = join(ROOT, 'test/e2e');

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};
const actionInputs = new Set(Object.keys(action.inputs));
const actionOutputs = new Set(Object.keys(action.outputs));

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const files = exampleWorkflowFiles();
const workflows = new Map<string, ExampleWorkflow>();
for (const file of files) {
  try {
    workflows.set(file, readWorkflow(file));
  } catch {
    // Reported by the test 'parses' below.
  }
}

/** Minimal payloads of the events the examples are triggered by: what their expressions may read. */
const SAMPLE_EVENTS: Record<string, Record<string, unknown>> = {
  pull_request: {
    action: 'labeled',
    label: { name: 'perf-gate:accept' },
    number: 1,
    pull_request: { number: 1, head: { sha: 'h' }, base: { sha: 'b' } },
  },
  push: { before: 'b', after: 'a' },
  merge_group: {
    merge_group: {
      head_sha: 'h',
      head_ref: 'refs/heads/gh-readonly-queue/main/pr-1-b',
      base_sha: 'b',
      base_ref: 'refs/heads/main',
    },
  },
  issue_comment: {
    issue: { number: 1, pull_request: { url: 'u' } },
    comment: { body: '/perf-gate rerun', user: { login: 'octocat' }, created_at: '2026-01-01T00:00:00Z' },
  },
  workflow_run: {
    workflow_run: {
      id: 1,
      event: 'pull_request',
      conclusion: 'failure',
      head_sha: 'h',
      head_branch: 'feature',
      head_repository: { full_name: 'someone/octo-repo' },
    },
  },
};

/** Two events of different pull requests (branches, for workflow_run) of a workflow triggered by `event`. */
const TWO_PULL_REQUESTS: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
  pull_request: [{ pull_request: { number: 1 } }, { pull_request: { number: 2 } }],
  issue_comment: [{ issue: { number: 1 } }, { issue: { number: 2 } }],
  workflow_run: [
    SAMPLE_EVENTS.workflow_run!,
    { workflow_run: { head_branch: 'feature', head_repository: { full_name: 'other/octo-repo' } } },
  ],
};

/** The context every expression of `job` must resolve in (values are placeholders; only being known matters). */
function sampleContext(workflow: ExampleWorkflow, job: PerfGateJob): ExpressionContext {
  return {
    token: 't',
    runnerTemp: '/tmp/runner',
    servicePorts: Object.fromEntries(
      job.services.map((s) => [s.id, Object.fromEntries(s.ports.map((p) => [p.container, 1]))]),
    ),
    event: Object.assign({}, ...workflow.events.map((e) => SAMPLE_EVENTS[e] ?? {})),
    matrix: matrixRuns(job)[0]!.matrix,
    jobIndex: 0,
    steps:
      job.perfGateId === undefined
        ? {}
        : { [job.perfGateId]: Object.fromEntries([...actionOutputs].map((name) => [name, 'x'])) },
    // The outputs of the jobs it needs, as their `outputs:` declare them.
    needs: Object.fromEntries(
      job.needs.map((id) => [
        id,
        Object.fromEntries(
          Object.keys(workflow.jobs.find((j) => j.id === id)?.outputs ?? {}).map((n) => [n, 'x']),
        ),
      ]),
    ),
  };
}

/**
 * The permissions a perf-gate job needs, and no more: `contents: read` to check out what it measures (a job that
 * only publishes checks out nothing); `pull-requests: write` for the comment on a pull request (`read` to verify a
 * workflow_run's pull request without commenting); `checks: write` for `check-name`; `actions: read` to download
 * another run's artifact; `mode: history` writes its branch (`contents: write`) and its alert (`issues: write`).
 */
function neededPermissions(workflow: ExampleWorkflow, job: PerfGateJob): Record<string, string> {
  const needed: Record<string, string> = {};
  if (!job.reports) needed.contents = 'read';
  // History's measuring job (`mode: history-measure`) writes nothing: its publishing job does.
  if (job.with.mode === 'history' || job.with.mode === 'history-publish')
    Object.assign(needed, { contents: 'write', issues: 'write' });
  const pullRequests = workflow.events.some((e) => e.startsWith('pull_request') || e === 'workflow_run');
  if (pullRequests && job.with.comment !== 'off') needed['pull-requests'] = 'write';
  else if (job.reports && workflow.events.includes('workflow_run')) needed['pull-requests'] = 'read';
  const checked = pullRequests || workflow.events.includes('merge_group');
  if (checked && job.with['check-name'] !== undefined) needed.checks = 'write';
  if (job.otherSteps.some((s) => s.uses?.startsWith(DOWNLOAD_ARTIFACT) && s.with['run-id'] !== undefined))
    needed.actions = 'read';
  return needed;
}

describe('example workflows', () => {
  test('are there: node:http, Fastify, NestJS + Redis, a monorepo, a fixed port, a push, fork-safe, sharded, a merge queue, history', () => {
    for (const file of [
      'node-http.yml',
      'fastify.yml',
      'nestjs-redis/perf.yml',
      'monorepo.yml',
      'restify-fixed-port.yml',
      'push-to-main.yml',
      'fork-safe/measure.yml',
      'fork-safe/report.yml',
      'sharded.yml',
      'replicas.yml',
      'two-stage.yml',
      'merge-queue.yml',
      'history.yml',
      'history-two-jobs.yml',
      'rerun.yml',
    ])
      assert.ok(files.includes(file), `example-workflows/${file} is missing (found ${files.join(', ')})`);
  });

  for (const file of files) {
    describe(file, () => {
      test('parses: GitHub’s workflow parser reports nothing, one perf-gate step in each job that runs it', () => {
        assert.doesNotThrow(() => readWorkflow(file));
      });

      test('runs one at a time per pull request (per branch on push): `concurrency:` with a group of its own', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        // The workflow's, or (where a job's `if:` skips some events, which must not cancel a gate) each gate job's.
        for (const concurrency of workflow.concurrency
          ? [workflow.concurrency]
          : [...workflow.jobs, ...workflow.otherJobs].map((j) => j.concurrency))
          checkConcurrency(workflow, concurrency);
      });

      /** One `concurrency:`: a group per pull request that cancels the run of an older head; per branch on push. */
      function checkConcurrency(
        workflow: ExampleWorkflow,
        concurrency: Record<string, string> | undefined,
      ): void {
        assert.ok(concurrency, 'no `concurrency:`');
        const { group, 'cancel-in-progress': cancel } = concurrency;
        assert.ok(group, 'no `concurrency.group`');
        if (workflow.events.includes('push')) {
          assert.match(group, /github\.ref/, 'a push is grouped by its branch');
          assert.equal(cancel, 'false', 'every push to main is measured');
          return;
        }
        const groupOf = (event: Record<string, unknown>): string =>
          substitute(group, { token: 't', workflow: workflow.name, event }, 'concurrency.group');
        const [one, other] = TWO_PULL_REQUESTS[workflow.events[0]!]!;
        assert.notEqual(groupOf(one), groupOf(other), 'two pull requests never share a group');
        assert.equal(groupOf(one), groupOf(structuredClone(one)), 'two runs of one pull request always do');
        assert.equal(cancel, 'true', 'a new push makes the run of the old head moot');
      }

      test('checks out without leaving the token in .git/config, and with the base commit', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'))) {
            // The pull request's code runs in this job: a persisted token would be readable there.
            assert.equal(step.with['persist-credentials'], 'false', `jobs.${job.id}.steps[${step.index}]`);
            // Without a persisted token a private repository's base cannot be fetched later: check it out now.
            assert.ok(['0', '2'].includes(step.with['fetch-depth'] ?? ''), `jobs.${job.id}: fetch-depth`);
          }
        }
      });

      test('the job’s `timeout-minutes` outlasts the gate’s `timeout` by what comes before it and publishing', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          // GitHub ends a job at its `timeout-minutes` without letting the step publish; the gate's clock starts
          // after checkout and setup-node, and keeps PUBLISH_RESERVE_MS of its own `timeout` for publishing.
          assert.match(job.timeoutMinutes ?? '', /^\d+$/, `jobs.${job.id}: set \`timeout-minutes\``);
          if (job.reports) continue;
          const timeoutMs = parseDuration('timeout', job.with.timeout || DEFAULT_TIMEOUT, {
            minMs: 0,
            maxMs: Number.POSITIVE_INFINITY,
          });
          const jobMs = Number(job.timeoutMinutes) * 60_000;
          assert.ok(
            jobMs >= timeoutMs + BEFORE_THE_GATE_MS,
            `jobs.${job.id}: timeout-minutes ${job.timeoutMinutes} leaves less than ${BEFORE_THE_GATE_MS / 60_000} minutes above the gate's timeout (${timeoutMs / 60_000} min)`,
          );
        }
      });

      test('uses only inputs that action.yml declares', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          const unknown = Object.keys(job.with).filter((name) => !actionInputs.has(name));
          assert.deepEqual(unknown, [], `jobs.${job.id}: inputs not in action.yml: ${unknown.join(', ')}`);
        }
      });

      test('a gate sets `start` (or a config file) and checks out first; `mode: report` checks out and runs nothing', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          const before = job.steps.slice(0, job.perfGateIndex);
          if (job.reports) {
            assert.ok(job.with.results !== undefined, `jobs.${job.id}: \`mode: report\` needs \`results\``);
            for (const input of ['start', 'config', 'build', 'install', 'working-directory', 'shard'])
              assert.equal(
                job.with[input],
                undefined,
                `jobs.${job.id}: \`mode: report\` does not use \`${input}\``,
              );
            // It publishes what another job measured, with a token that may write: nothing of the pull request's
            // may run there, so nothing is checked out and no command is run.
            const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
            assert.deepEqual(checkouts, [], `jobs.${job.id} must not check out code`);
            const runs = job.steps.filter((s) => s.run !== undefined);
            assert.deepEqual(runs, [], `jobs.${job.id} must not run commands`);
            assert.ok(
              before.some((s) => s.uses?.startsWith(DOWNLOAD_ARTIFACT)),
              `jobs.${job.id}: download the reports (actions/download-artifact) before perf-gate`,
            );
          } else {
            assert.ok(
              job.with.start !== undefined || job.with.config !== undefined,
              `jobs.${job.id}: the perf-gate step needs \`start\` or \`config\``,
            );
            assert.ok(
              before.some((s) => s.uses?.startsWith('actions/checkout@')),
              `jobs.${job.id}: no actions/checkout step before perf-gate`,
            );
          }
        }
      });

      test('each job has exactly the permissions it needs (job-level `permissions:` replace the workflow’s)', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          assert.deepEqual(job.permissions, neededPermissions(workflow, job), `jobs.${job.id}`);
          // A job that runs the pull request's code never gets a token that may write.
          if (
            !job.reports &&
            workflow.events.some((e) => e.startsWith('pull_request')) &&
            job.with.comment === 'off'
          )
            assert.deepEqual(
              Object.entries(job.permissions).filter(([, level]) => level === 'write'),
              [],
              `jobs.${job.id}`,
            );
        }
      });

      test('a workflow_run workflow follows an example by its name, and only publishes', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        if (!workflow.events.includes('workflow_run')) return;
        assert.ok(isMapping(workflow.on));
        const trigger = workflow.on.workflow_run;
        assert.ok(isMapping(trigger) && Array.isArray(trigger.workflows), 'on.workflow_run.workflows');
        const names = [...workflows.values()].map((w) => w.name);
        for (const name of trigger.workflows)
          assert.ok(names.includes(String(name)), `no example named ${name}`);
        assert.deepEqual(
          workflow.jobs.filter((j) => !j.reports).map((j) => j.id),
          [],
          'a workflow_run job has a token that may write: it must not measure (run the pull request’s code)',
        );
      });

      test('every value is a string as GitHub passes it, with only expressions and conditions the harness knows', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs) {
          const context = sampleContext(workflow, job);
          const texts = [
            ...Object.entries(job.with).map(([name, value]) => [`with.${name}`, value] as const),
            ...Object.entries(job.env).map(([name, value]) => [`env.${name}`, value] as const),
            ...Object.entries(job.outputs).map(([name, value]) => [`outputs.${name}`, value] as const),
            ...job.otherSteps.flatMap((s) => [
              ...Object.entries(s.with).map(
                ([name, value]) => [`steps[${s.index}].with.${name}`, value] as const,
              ),
              ...Object.entries(s.env).map(
                ([name, value]) => [`steps[${s.index}].env.${name}`, value] as const,
              ),
              ...(s.run === undefined ? [] : [[`steps[${s.index}].run`, s.run] as const]),
            ]),
          ];
          for (const [where, value] of texts) {
            assert.equal(typeof value, 'string', where);
            for (const expression of expressionsIn(value)) {
              assert.doesNotThrow(
                () => evaluate(expression, context, `${file}: jobs.${job.id}.${where}`),
                `jobs.${job.id}.${where}: \${{ ${expression} }}`,
              );
              // Other steps read perf-gate's outputs by its id, and only those action.yml declares.
              const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
              if (output) {
                assert.equal(output[1], job.perfGateId, `${where}: ${expression}`);
                assert.ok(actionOutputs.has(output[2]!), `${where}: action.yml has no output ${output[2]}`);
              }
            }
          }
          for (const [where, condition] of [
            ['if', job.if] as const,
            ...job.steps.map((s) => [`steps[${s.index}].if`, s.if] as const),
          ]) {
            assert.doesNotThrow(
              () => conditionHolds(condition, context, { failed: false }, `${file}: jobs.${job.id}.${where}`),
              `jobs.${job.id}.${where}: ${condition}`,
            );
          }
        }
      });

      test('no `run:` script holds an expression: outputs reach it through `env:` (docs/security.md, issue 50)', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.jobs)
          for (const step of job.otherSteps)
            assert.doesNotMatch(step.run ?? '', /\$\{\{/, `jobs.${job.id}.steps[${step.index}].run`);
        for (const job of workflow.otherJobs)
          for (const step of job.steps)
            assert.doesNotMatch(step.run ?? '', /\$\{\{/, `jobs.${job.id}.steps[${step.index}].run`);
      });

      test('a job without perf-gate checks out nothing, has a time limit, and only expressions the harness knows', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const job of workflow.otherJobs) {
          // It runs with the workflow's token beside no pull request code: nothing is checked out, no action used.
          assert.deepEqual(
            job.steps.filter((s) => s.uses !== undefined).map((s) => s.uses),
            [],
            `jobs.${job.id}: runs only its own scripts`,
          );
          assert.match(job.timeoutMinutes ?? '', /^\d+$/, `jobs.${job.id}: set \`timeout-minutes\``);
          const context: ExpressionContext = {
            token: 't',
            event: Object.assign({}, ...workflow.events.map((e) => SAMPLE_EVENTS[e] ?? {})),
          };
          for (const step of job.steps)
            for (const [name, value] of Object.entries(step.env))
              for (const expression of expressionsIn(value))
                assert.doesNotThrow(() => evaluate(expression, context, `${file}: jobs.${job.id}.${name}`));
          assert.doesNotThrow(() =>
            conditionHolds(job.if, context, { failed: false }, `${file}: jobs.${job.id}.if`),
          );
        }
      });

      test('is run for real by an end-to-end test', () => {
        const tests = readdirSync(E2E_DIR, { recursive: true, encoding: 'utf8' }).filter((name) =>
          name.endsWith('.test.ts'),
        );
        const runners = tests.filter((name) =>
          readFileSync(join(E2E_DIR, name), 'utf8').includes(`readWorkflow('${file}')`),
        );
        assert.ok(runners.length > 0, `no test in test/e2e calls readWorkflow('${file}')`);
      });
    });
  }
});

describe('config files (perf-gate.yml)', () => {
  const configs = [...configFilesUnder(EXAMPLES_DIR), ...configFilesUnder(APPS_DIR)];

  test('the NestJS example has one', () => {
    assert.ok(
      configs.includes(join(EXAMPLES_DIR, 'nestjs-redis/perf-gate.yml')),
      `found: ${configs.map((c) => relative(ROOT, c)).join(', ')}`,
    );
  });

  for (const path of configs) {
    const name = relative(ROOT, path);
    test(`${name} validates against perf-gate.schema.json and parses`, () => {
      const text = readFileSync(path, 'utf8');
      assert.deepEqual(violations(SCHEMA, parse(text)), []);
      const body = readTree(dirname(path));
      const file = parseScenarioFile(text, {
        fileName: name,
        readFile: (relativePath) =>
          body[relativePath] ?? assert.fail(`${name}: no body file ${relativePath}`),
      });
      assert.ok(file.scenarios.length > 0);
    });
  }

  test('the NestJS config: start, readiness on /health, a setup that empties Redis, GET /cached', () => {
    const text = readFileSync(join(EXAMPLES_DIR, 'nestjs-redis/perf-gate.yml'), 'utf8');
    const file = parseScenarioFile(text, { fileName: 'perf-gate.yml', readFile: () => assert.fail() });
    assert.equal(file.start, 'node dist/main.js');
    assert.deepEqual(file.ready, { path: '/health', status: 200, timeoutMs: 60_000 });
    assert.equal(file.setup, 'redis-cli -p $REDIS_PORT flushall');
    assert.deepEqual(
      file.scenarios.map((s) => [s.name, s.expectStatus]),
      [['GET /cached', 200]],
    );
  });
});

describe('the workflow harness', () => {
  test('reads the NestJS example: its Redis service, the port expression, the config input', () => {
    const job = perfGateJob(readWorkflow('nestjs-redis/perf.yml'));
    assert.deepEqual(job.services, [
      { id: 'redis', image: 'redis:7-alpine', ports: [{ container: 6379, host: undefined }] },
    ]);
    const invocation = actionInvocation(job, {
      token: 'ghs_x',
      servicePorts: { redis: { 6379: 41234 } },
    });
    assert.deepEqual(invocation.env, { REDIS_PORT: '41234' });
    assert.deepEqual(invocation.inputs, { config: 'perf-gate.yml', build: 'npm run build' });
  });

  test('reads every perf-gate job: job permissions replace the workflow’s, the matrix expands in order', () => {
    const workflow = readWorkflow('sharded.yml');
    assert.deepEqual(
      workflow.jobs.map((j) => [j.id, j.reports, j.needs]),
      [
        ['measure', false, []],
        ['merge', true, ['measure']],
      ],
    );
    assert.throws(() => perfGateJob(workflow), /2 jobs run perf-gate \(measure, merge\)/);
    assert.throws(() => perfGateJob(workflow, 'nope'), /no job `nope`/);
    const measure = perfGateJob(workflow, 'measure');
    const merge = perfGateJob(workflow, 'merge');
    assert.deepEqual(measure.permissions, { contents: 'read' });
    // The merge job's own permissions: not merged with the workflow's `contents: read`.
    assert.deepEqual(merge.permissions, { 'pull-requests': 'write', checks: 'write' });
    const runs = matrixRuns(measure);
    assert.deepEqual(runs, [
      { matrix: { shard: '1/3' }, jobIndex: 0 },
      { matrix: { shard: '2/3' }, jobIndex: 1 },
      { matrix: { shard: '3/3' }, jobIndex: 2 },
    ]);
    assert.deepEqual(
      runs.map((r) => actionInvocation(measure, { token: 't', ...r }).inputs.shard),
      ['1/3', '2/3', '3/3'],
    );
    assert.deepEqual(matrixRuns(merge), [{ matrix: {}, jobIndex: 0 }]);
    assert.throws(() => actionInvocation(measure, { token: 't' }), /needs the test to pass matrix\.shard/);
    assert.throws(() => readWorkflow('missing.yml'));
  });

  test('substitutes the known expressions and fails loudly on any other', () => {
    const context: ExpressionContext = {
      token: 'ghs_x',
      event: { before: 'abc123', workflow_run: { id: 4242, head_sha: 'h' } },
      matrix: { shard: '2/3' },
      jobIndex: 1,
      steps: { perf: { report: '/tmp/r.json' } },
    };
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expressions, not JS templates
      'a ${{ secrets.GITHUB_TOKEN }} b ${{github.token}} c ${{ github.event.before }} ${{ matrix.shard }} ${{ github.event.workflow_run.id }} ${{ strategy.job-index }} ${{ steps.perf.outputs.report }}';
    assert.equal(substitute(text, context, 'x'), 'a ghs_x b ghs_x c abc123 2/3 4242 1 /tmp/r.json');
    // An output the step did not set is empty, as on GitHub.
    assert.equal(evaluate('steps.perf.outputs.verdict', context, 'x'), '');
    // GitHub's evaluator: functions, operators and coercions as on the runner.
    assert.equal(evaluate("format('{0}-{1}', matrix.shard, strategy.job-index)", context, 'x'), '2/3-1');
    assert.equal(evaluate("github.event.before == 'ABC123' && 'yes' || 'no'", context, 'x'), 'yes');
    // Contexts a test cannot supply are unknown; values it did not supply are missing.
    for (const unknown of ['env.FOO', 'vars.X', 'inputs.os'])
      assert.throws(
        () => substitute(`\${{ ${unknown} }}`, context, 'with.base'),
        (error: Error) => error.message.includes(unknown) && error.message.includes('does not know'),
      );
    for (const missing of ['github.sha', 'strategy.job-total', 'github.workflow'])
      assert.throws(
        () => substitute(`\${{ ${missing} }}`, context, 'with.base'),
        (error: Error) => error.message.includes(`needs the test to pass ${missing}`),
      );
    assert.throws(
      () => evaluate("job.services.postgres.ports['5432']", context, 'env.PGPORT'),
      /needs the test to pass job\.services\.postgres/,
    );
    assert.throws(() => evaluate('github.event.after', context, 'with.base'), /event\.after/);
    // An object is not a value the runner would pass.
    assert.throws(() => evaluate('github.event.workflow_run', context, 'with.x'), /event\.workflow_run/);
    assert.throws(() => evaluate('steps.other.outputs.x', context, 'with.x'), /pass steps\.other/);
    assert.throws(() => evaluate('strategy.job-index', { token: 't' }, 'with.x'), /pass strategy\.job-index/);
  });

  test('evaluates `if:` conditions: status functions, comparisons, the implicit success()', () => {
    const context: ExpressionContext = {
      token: 't',
      event: { workflow_run: { event: 'pull_request', conclusion: 'failure' } },
      steps: { perf: { report: '/r.json' } },
    };
    const ok = { failed: false };
    const failed = { failed: true };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a JS template
    const upload = "${{ !cancelled() && steps.perf.outputs.report != '' }}";
    assert.equal(conditionHolds(upload, context, failed, 'x'), true, 'runs after a failed step');
    assert.equal(conditionHolds(upload, { ...context, steps: { perf: {} } }, failed, 'x'), false);
    assert.equal(conditionHolds(undefined, context, ok, 'x'), true);
    assert.equal(conditionHolds(undefined, context, failed, 'x'), false, 'success() by default');
    const job =
      "github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled'";
    assert.equal(conditionHolds(job, context, ok, 'x'), true);
    assert.equal(
      conditionHolds(job, context, failed, 'x'),
      false,
      'no status function: success() is implied',
    );
    assert.equal(
      conditionHolds(
        job,
        { ...context, event: { workflow_run: { event: 'push', conclusion: 'success' } } },
        ok,
        'x',
      ),
      false,
    );
    assert.equal(conditionHolds("github.event.workflow_run.event == 'PULL_REQUEST'", context, ok, 'x'), true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a JS template
    assert.equal(conditionHolds('${{ always() }}', context, failed, 'x'), true);
    assert.equal(conditionHolds('failure()', context, ok, 'x'), false);
    // Whatever GitHub's language allows: `||`, parentheses, functions.
    const either = "(always()) || contains(github.event.workflow_run.event, 'x')";
    assert.equal(conditionHolds(either, context, failed, 'x'), true);
    assert.equal(conditionHolds("contains(github.event.workflow_run.event, 'pull')", context, ok, 'x'), true);
    for (const unknown of ["a == 'x' || b == 'y'", 'github.event.x', "startsWith(env.X, 'y')"])
      assert.throws(() => conditionHolds(unknown, context, ok, 'x'), /needs the test to pass|does not know/);
  });

  test('emulates upload-artifact and download-artifact with their documented layout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-artifacts-'));
    try {
      const workflow = readWorkflow('sharded.yml');
      const measure = perfGateJob(workflow, 'measure');
      const upload = measure.otherSteps.find((s) => s.uses?.startsWith(UPLOAD_ARTIFACT));
      assert.ok(upload);
      const artifacts: Artifact[] = [0, 1].map((jobIndex) => {
        const out = join(dir, `out-${jobIndex}`);
        mkdirSync(out);
        writeFileSync(join(out, 'report.json'), `{"shard":${jobIndex}}`);
        const context = { token: 't', jobIndex, steps: { perf: { report: join(out, 'report.json') } } };
        return uploadArtifact(upload, context, dir, '7');
      });
      assert.deepEqual(
        artifacts.map((a) => [a.name, Object.keys(a.files)]),
        [
          ['perf-gate-shard-0', ['report.json']],
          ['perf-gate-shard-1', ['report.json']],
        ],
      );
      const download = perfGateJob(workflow, 'merge').otherSteps.find((s) =>
        s.uses?.startsWith(DOWNLOAD_ARTIFACT),
      );
      assert.ok(download);
      const job = join(dir, 'merge');
      // A pattern: each artifact in a directory of its own.
      assert.deepEqual(
        downloadArtifacts(download, { token: 't' }, artifacts, job, '7').map((f) => relative(job, f)),
        [
          'perf-gate-results/perf-gate-shard-0/report.json',
          'perf-gate-results/perf-gate-shard-1/report.json',
        ],
      );
      assert.equal(
        readFileSync(join(job, 'perf-gate-results/perf-gate-shard-1/report.json'), 'utf8'),
        '{"shard":1}',
      );
      // Another run's artifacts are not this run's.
      assert.deepEqual(downloadArtifacts(download, { token: 't' }, artifacts, join(dir, 'other'), '8'), []);

      // By pattern, from the run that triggered a workflow_run: one runner's, or a matrix's, each apart.
      const report = perfGateJob(readWorkflow('fork-safe/report.yml'));
      const fromRun = report.otherSteps.find((s) => s.uses?.startsWith(DOWNLOAD_ARTIFACT));
      assert.ok(fromRun);
      const single = [{ ...artifacts[0]!, name: 'perf-gate-report' }];
      const at = join(dir, 'report');
      const context = { token: 't', event: { workflow_run: { id: 7 } } };
      assert.deepEqual(
        downloadArtifacts(fromRun, context, single, at, '99').map((f) => relative(at, f)),
        ['perf-gate-results/perf-gate-report/report.json'],
      );
      const matrix = artifacts.map((a, i) => ({ ...a, name: `perf-gate-report-${i}` }));
      const many = join(dir, 'report-many');
      assert.deepEqual(
        downloadArtifacts(fromRun, context, [...matrix, { ...artifacts[0]!, name: 'other' }], many, '99').map(
          (f) => relative(many, f),
        ),
        [
          'perf-gate-results/perf-gate-report-0/report.json',
          'perf-gate-results/perf-gate-report-1/report.json',
        ],
      );
      assert.deepEqual(
        downloadArtifacts(fromRun, { ...context, event: { workflow_run: { id: 8 } } }, single, at, '99'),
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('lets a test override timing inputs only', () => {
    const job = perfGateJob(readWorkflow('node-http.yml'));
    const timed = actionInvocation(
      job,
      { token: 't' },
      { duration: '1s', rounds: '8', flamegraphs: 'false', connections: '2', pin: 'false' },
    );
    assert.equal(timed.inputs.duration, '1s');
    assert.equal(timed.inputs.connections, '2');
    assert.equal(timed.inputs.pin, 'false');
    assert.equal(timed.inputs.start, 'node index.js');
    for (const name of ['threshold', 'paths', 'start', 'port', 'alpha'])
      assert.throws(() => actionInvocation(job, { token: 't' }, { [name]: 'x' }), /only timing inputs/);
  });
});
