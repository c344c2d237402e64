/** Workflow runs of the repository: listed for a workflow (by its file), and re-run (`actions: write`). */
import { error, forbidden, Reply, type RouteHandler } from './reply.ts';
import { repoJson } from './repository.ts';
import type { FakeState } from './state.ts';
import type { FakeWorkflowRun } from './types.ts';

/** A workflow run as GitHub describes one (`workflow-run`), with every field it requires. */
export function workflowRunJson(s: FakeState, run: FakeWorkflowRun) {
  const api = `${s.repoApi()}/actions/runs/${run.id}`;
  const workflowId = 1_000_000 + (run.workflow.length % 1000);
  return {
    id: run.id,
    node_id: `WFR_kwLOHdEmA8${run.id.toString(36)}`,
    name: run.name ?? 'perf',
    head_branch: run.headBranch ?? 'feature',
    head_sha: run.headSha,
    path: run.workflow,
    display_title: 'A pull request',
    run_number: run.id % 1000,
    run_attempt: run.attempt,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: workflowId,
    url: api,
    html_url: `${s.repoWeb}/actions/runs/${run.id}`,
    created_at: run.createdAt,
    updated_at: run.createdAt,
    run_started_at: run.createdAt,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${s.repoApi()}/check-suites/${run.id + 7}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    workflow_url: `${s.repoApi()}/actions/workflows/${workflowId}`,
    pull_requests: [],
    head_commit: {
      id: run.headSha,
      tree_id: run.headSha.split('').reverse().join(''),
      message: 'A change',
      timestamp: run.createdAt,
      author: { name: 'Octo Cat', email: 'octocat@example.com' },
      committer: { name: 'Octo Cat', email: 'octocat@example.com' },
    },
    repository: repoJson(s),
    head_repository: repoJson(s),
  };
}

/** The run's workflow is `workflow_id`: its file's name (`perf.yml`) or its path. */
function ofWorkflow(run: FakeWorkflowRun, workflowId: string): boolean {
  const file = run.workflow.replace(/@.*$/, '');
  return file === workflowId || file.endsWith(`/${workflowId}`);
}

export const ACTIONS_ROUTES: Record<string, RouteHandler> = {
  'actions/list-workflow-runs': ({ state, params, url }) => {
    const workflowId = decodeURIComponent(params.get('workflow_id') ?? '');
    const q = url.searchParams;
    const runs = state.workflowRuns
      .filter((r) => ofWorkflow(r, workflowId))
      .filter((r) => !q.has('event') || r.event === q.get('event'))
      .filter((r) => !q.has('head_sha') || r.headSha === q.get('head_sha'))
      // Newest first, as GitHub lists them.
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    const perPage = Number(q.get('per_page') ?? 30);
    const page = Number(q.get('page') ?? 1);
    const shown = runs.slice((page - 1) * perPage, page * perPage);
    return new Reply(200, {
      total_count: runs.length,
      workflow_runs: shown.map((r) => workflowRunJson(state, r)),
    });
  },
  'actions/re-run-workflow': ({ state, op, int }) => {
    if (state.options.actionsPermission === 'read') return forbidden(op, 'actions=write');
    const run = state.workflowRuns.find((r) => r.id === int('run_id'));
    if (!run) return error(404, 'Not Found', op);
    if (run.status !== 'completed') return error(403, 'This workflow is already running', op);
    run.status = 'queued';
    run.conclusion = null;
    run.attempt += 1;
    state.reruns.push(run.id);
    return new Reply(201, {});
  },
};
