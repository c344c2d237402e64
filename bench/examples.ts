/**
 * The example workflows the benches gate as a runner runs them (test/support/example.ts): the built action with
 * each example's inputs as written and every default, on its fixture app, against the fake GitHub. For
 * bench/cost.ts and bench/memory-noise.ts.
 */
import { readFileSync } from 'node:fs';
import {
  type ExampleResult,
  fakeGitHubFor,
  fixtureApp,
  pullRequestStep,
  runStep,
  TOKEN,
} from '../test/support/example.ts';
import { startPostgres } from '../test/support/postgres.ts';
import { killProcessesUnder, makeRepo, type TestRepo } from '../test/support/repo.ts';
import { actionInvocation, EXAMPLES_DIR, perfGateJob, readWorkflow } from '../test/support/workflow.ts';

/** Each example workflow the benches gate, and its fixture app (test/fixtures/apps/). */
export const APPS: Record<string, string> = {
  'node-http.yml': 'node-http',
  'fastify.yml': 'fastify',
  'monorepo.yml': 'monorepo',
  'restify-fixed-port.yml': 'restify-fixed-port',
  'express-postgres/perf.yml': 'express-postgres',
};

/** The files an example's folder adds to the app, where its README puts them in the user's repository. */
const FOLDER_FILES: Record<string, string[]> = {
  'express-postgres/perf.yml': ['perf-gate.yml', 'db/setup.cjs', 'db/create.cjs'],
};

function folderFiles(example: string): Record<string, string> {
  const dir = `${EXAMPLES_DIR}${example.replace(/[^/]*$/, '')}`;
  return Object.fromEntries(
    (FOLDER_FILES[example] ?? []).map((f) => [f, readFileSync(`${dir}${f}`, 'utf8')]),
  );
}

/** The pull request the benches' gates run on. */
export const PR = 5;

/**
 * One gate of `example` as pull request PR: its app with the folder's files, the head unchanged (head = base) or
 * the fixture's slower one; a real PostgreSQL server (test/support/postgres.ts) for a `services: postgres` job.
 */
export async function exampleGate(example: string, head: 'unchanged' | 'slower'): Promise<ExampleResult> {
  const app = fixtureApp(APPS[example]!);
  const repo: TestRepo = makeRepo(
    { ...app.base, ...folderFiles(example) },
    head === 'slower' ? app.head : {},
  );
  const fake = await fakeGitHubFor(repo, PR, 'write');
  const job = perfGateJob(readWorkflow(example));
  const postgres = job.services.some((s) => s.id === 'postgres') ? await startPostgres() : undefined;
  try {
    const servicePorts = postgres ? { postgres: { 5432: postgres.port } } : undefined;
    const invocation = actionInvocation(job, { token: TOKEN, ...(servicePorts ? { servicePorts } : {}) });
    return await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      ...pullRequestStep(repo, PR),
      fake,
      timeoutMs: 30 * 60_000,
    });
  } finally {
    await fake.close();
    killProcessesUnder(repo.dir);
    await postgres?.stop();
    repo.cleanup();
  }
}
