/** Check runs: created, updated, and listed for a commit. */
import { error, forbidden, paginate, Reply, type RouteHandler } from './reply.ts';
import { userJson } from './repository.ts';
import { type FakeState, GITHUB_WEB, timestamp } from './state.ts';
import type { FakeCheckRun } from './types.ts';

/** A check run as GitHub describes one (`check-run`), made by the GitHub Actions app. */
export function checkRunJson(s: FakeState, run: FakeCheckRun) {
  return {
    id: run.id,
    name: run.name,
    node_id: `CR_kwDOHdEmA8${run.id.toString(36)}`,
    head_sha: run.head_sha,
    external_id: run.external_id ?? '',
    url: `${s.repoApi()}/check-runs/${run.id}`,
    html_url: `${s.repoWeb}/runs/${run.id}`,
    details_url: run.details_url ?? `${s.repoWeb}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title ?? null,
      summary: run.output.summary ?? null,
      text: run.output.text ?? null,
      annotations_count: Array.isArray(run.output.annotations) ? run.output.annotations.length : 0,
      annotations_url: `${s.repoApi()}/check-runs/${run.id}/annotations`,
    },
    check_suite: { id: 10_000_000_001 },
    app: {
      id: 15368,
      slug: 'github-actions',
      node_id: 'MDM6QXBwMTUzNjg=',
      name: 'GitHub Actions',
      owner: userJson(s, { login: 'github', type: 'Organization' }),
      description: 'Automate your workflow from idea to production',
      external_url: 'https://help.github.com/en/actions',
      html_url: `${GITHUB_WEB}/apps/github-actions`,
      created_at: '2018-07-30T09:30:17Z',
      updated_at: '2024-04-10T20:33:16Z',
      permissions: { checks: 'write', contents: 'read', pull_requests: 'write' },
      events: ['check_run', 'pull_request'],
    },
    pull_requests: [],
  };
}

/** Whether the token may write check runs (`checks: write`). */
const canWrite = (s: FakeState): boolean => s.options.checksPermission !== 'read';

export const CHECK_ROUTES: Record<string, RouteHandler> = {
  'checks/create': ({ state, op, body }) => {
    if (!canWrite(state)) return forbidden(op, 'checks=write');
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : null);
    const conclusion = str('conclusion');
    const status = conclusion ? 'completed' : (str('status') ?? 'queued');
    const run: FakeCheckRun = {
      id: state.nextCheckRunId++,
      name: String(body.name),
      head_sha: String(body.head_sha),
      status,
      conclusion,
      details_url: str('details_url'),
      external_id: str('external_id'),
      started_at: str('started_at') ?? timestamp(),
      completed_at: str('completed_at') ?? (status === 'completed' ? timestamp() : null),
      output: typeof body.output === 'object' && body.output !== null ? { ...body.output } : {},
    };
    state.checkRuns.push(run);
    return new Reply(201, checkRunJson(state, run));
  },
  'checks/update': ({ state, op, int, body }) => {
    if (!canWrite(state)) return forbidden(op, 'checks=write');
    const run = state.checkRuns.find((r) => r.id === int('check_run_id'));
    if (!run) return error(404, 'Not Found', op);
    for (const key of [
      'name',
      'details_url',
      'external_id',
      'started_at',
      'status',
      'completed_at',
    ] as const) {
      const v = body[key];
      if (typeof v === 'string') run[key] = v;
    }
    if (typeof body.conclusion === 'string') {
      run.conclusion = body.conclusion;
      run.status = 'completed';
      run.completed_at ??= timestamp();
    }
    if (typeof body.output === 'object' && body.output !== null) {
      run.output = { ...run.output, ...body.output };
    }
    return new Reply(200, checkRunJson(state, run));
  },
  'checks/list-for-ref': ({ state, params, url }) => {
    const ref = decodeURIComponent(params.get('ref') ?? '');
    const name = url.searchParams.get('check_name');
    const status = url.searchParams.get('status');
    const matching = state.checkRuns.filter(
      (r) => r.head_sha === ref && (!name || r.name === name) && (!status || r.status === status),
    );
    const { page, headers } = paginate(matching, url, state.url);
    return new Reply(
      200,
      { total_count: matching.length, check_runs: page.map((r) => checkRunJson(state, r)) },
      headers,
    );
  },
};
