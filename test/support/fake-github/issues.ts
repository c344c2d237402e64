/** The repository's issues (listed, opened, read, edited, closed) and the pull request's label events. */
import { error, forbidden, paginate, Reply, type RouteHandler } from './reply.ts';
import { userJson } from './repository.ts';
import { type FakeState, type LabelEvent, timestamp } from './state.ts';
import type { FakeIssue } from './types.ts';

/** An issue as GitHub describes one (`issue`). */
export function issueJson(s: FakeState, i: FakeIssue) {
  return {
    id: 2_000_000_000 + i.number,
    node_id: `I_kwDOHdEmA8${i.number.toString(36)}`,
    url: `${s.repoApi()}/issues/${i.number}`,
    repository_url: s.repoApi(),
    comments_url: `${s.repoApi()}/issues/${i.number}/comments`,
    html_url: `${s.repoWeb}/issues/${i.number}`,
    number: i.number,
    state: i.state,
    state_reason: i.state_reason,
    title: i.title,
    body: i.body,
    user: userJson(s, i.user),
    labels: [],
    assignees: [],
    locked: false,
    comments: s.comments.get(i.number)?.length ?? 0,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    author_association: i.user.type === 'Bot' ? 'NONE' : 'MEMBER',
  };
}

/** A `labeled` event as GET /repos/{owner}/{repo}/issues/{issue_number}/events lists it. */
export function labeledEventJson(s: FakeState, e: LabelEvent) {
  return {
    id: e.id,
    node_id: `LE_lADOHdEmA8${e.id.toString(36)}`,
    url: `${s.repoApi()}/issues/events/${e.id}`,
    actor: userJson(s, e.label.actor),
    event: e.event,
    commit_id: null,
    commit_url: null,
    created_at: e.created_at,
    performed_via_github_app: null,
    label: { name: e.label.name, color: 'ededed' },
  };
}

/** An issue read, or edited (its title, body and state). */
const byNumber: RouteHandler = ({ state, op, int, body }) => {
  const issue = state.issues.find((i) => i.number === int('issue_number'));
  if (!issue) return error(404, 'Not Found', op);
  if (op.operationId === 'issues/update') {
    if (state.options.issuesPermission === 'read') return forbidden(op, 'issues=write');
    if (typeof body.title === 'string') issue.title = body.title;
    if (typeof body.body === 'string') issue.body = body.body;
    if (body.state === 'open' || body.state === 'closed') {
      issue.state = body.state;
      issue.closed_at = body.state === 'closed' ? timestamp() : null;
      issue.state_reason = typeof body.state_reason === 'string' ? body.state_reason : null;
    }
    issue.updated_at = timestamp();
  }
  return new Reply(200, issueJson(state, issue));
};

export const ISSUE_ROUTES: Record<string, RouteHandler> = {
  'issues/list-for-repo': ({ state, url }) => {
    const wanted = url.searchParams.get('state') ?? 'open';
    const creator = url.searchParams.get('creator');
    const listed = state.issues
      .filter((i) => wanted === 'all' || i.state === wanted)
      .filter((i) => !creator || i.user.login === creator);
    const ordered = url.searchParams.get('direction') === 'asc' ? listed : [...listed].reverse();
    const { page, headers } = paginate(ordered, url, state.url);
    return new Reply(
      200,
      page.map((i) => issueJson(state, i)),
      headers,
    );
  },
  'issues/create': ({ state, op, body }) => {
    if (state.options.issuesPermission === 'read') return forbidden(op, 'issues=write');
    const issue = state.addIssue(String(body.title), typeof body.body === 'string' ? body.body : '');
    return new Reply(201, issueJson(state, issue), { location: `${state.repoApi()}/issues/${issue.number}` });
  },
  'issues/get': byNumber,
  'issues/update': byNumber,
  'issues/list-events': ({ state, url, int }) => {
    const all = int('issue_number') === state.pullNumber ? state.events : [];
    const { page, headers } = paginate(all, url, state.url);
    return new Reply(
      200,
      page.map((e) => labeledEventJson(state, e)),
      headers,
    );
  },
};
