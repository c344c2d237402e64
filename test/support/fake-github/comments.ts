/** The pull request's and issues' comments: listed, created, read, edited and deleted. */
import { error, forbidden, paginate, Reply, type RouteHandler } from './reply.ts';
import { userJson } from './repository.ts';
import type { Operation } from './spec.ts';
import { type FakeState, timestamp } from './state.ts';
import { COMMENT_BODY_MAX, type FakeComment } from './types.ts';

/** A comment as GitHub describes one (`issue-comment`). */
export function commentJson(s: FakeState, issue: number, c: FakeComment) {
  return {
    url: `${s.repoApi()}/issues/comments/${c.id}`,
    html_url: c.html_url,
    issue_url: `${s.repoApi()}/issues/${issue}`,
    id: c.id,
    node_id: `IC_kwDOHdEmA8${c.id.toString(36)}`,
    user: userJson(s, c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    body: c.body,
    reactions: {
      url: `${s.repoApi()}/issues/comments/${c.id}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 0,
      rocket: 0,
      eyes: 0,
    },
    performed_via_github_app: null,
  };
}

const COMMENT_PERMS = 'issues=write; pull_requests=write';

/** GitHub's 422 for a comment longer than it takes. */
function tooLong(op: Operation): Reply {
  return error(422, 'Validation Failed', op, {
    errors: [
      {
        resource: 'IssueComment',
        code: 'custom',
        field: 'body',
        message: `body is too long (maximum is ${COMMENT_BODY_MAX} characters)`,
      },
    ],
  });
}

/** Whether the token may write comments (`pull-requests: write`). */
const canWrite = (s: FakeState): boolean => s.options.pullRequestsPermission !== 'read';

/** A comment read, edited or deleted by id. */
const byId: RouteHandler = ({ state, op, int, body }) => {
  if (op.operationId !== 'issues/get-comment' && !canWrite(state)) return forbidden(op, COMMENT_PERMS);
  const found = state.findComment(int('comment_id'));
  if (!found) return error(404, 'Not Found', op);
  const comment = found.list[found.index]!;
  if (op.operationId === 'issues/delete-comment') {
    found.list.splice(found.index, 1);
    return new Reply(204, undefined);
  }
  if (op.operationId === 'issues/update-comment') {
    const text = String(body.body);
    if (text.length > COMMENT_BODY_MAX) return tooLong(op);
    comment.body = text;
    comment.updated_at = timestamp();
  }
  return new Reply(200, commentJson(state, found.issue, comment));
};

export const COMMENT_ROUTES: Record<string, RouteHandler> = {
  'issues/list-comments': ({ state, url, int }) => {
    const since = url.searchParams.get('since');
    const all = (state.comments.get(int('issue_number')) ?? []).filter(
      (c) => !since || c.updated_at >= since,
    );
    const { page, headers } = paginate(all, url, state.url);
    return new Reply(
      200,
      page.map((c) => commentJson(state, int('issue_number'), c)),
      headers,
    );
  },
  'issues/create-comment': ({ state, op, int, body }) => {
    if (!canWrite(state)) return forbidden(op, COMMENT_PERMS);
    const text = String(body.body);
    if (text.length > COMMENT_BODY_MAX) return tooLong(op);
    const comment = state.addComment(int('issue_number'), text);
    return new Reply(201, commentJson(state, int('issue_number'), comment), {
      location: `${state.repoApi()}/issues/comments/${comment.id}`,
    });
  },
  'issues/get-comment': byId,
  'issues/update-comment': byId,
  'issues/delete-comment': byId,
};
