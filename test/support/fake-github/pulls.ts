/** The pull request and its changed files, as perf-gate reads them. */
import { error, paginate, Reply, type RouteHandler } from './reply.ts';
import { labelJson, repoJson, userJson } from './repository.ts';
import { type FakeState, userId } from './state.ts';
import type { FakeGitHubOptions } from './types.ts';

type ChangedFile = NonNullable<FakeGitHubOptions['changedFiles']>[number];

/** A changed file as pulls/list-files lists it (`diff-entry`). */
export function fileJson(s: FakeState, f: ChangedFile) {
  const lines = (f.patch ?? '').split('\n');
  const additions = lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).length;
  const deletions = lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).length;
  const sha = `${userId(f.filename).toString(16).padStart(8, '0')}${'0'.repeat(32)}`;
  const path = f.filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha,
    filename: f.filename,
    status: f.status,
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `${s.repoWeb}/blob/${s.headSha}/${path}`,
    raw_url: `${s.repoWeb}/raw/${s.headSha}/${path}`,
    contents_url: `${s.repoApi()}/contents/${path}?ref=${s.headSha}`,
    ...(f.patch === undefined ? {} : { patch: f.patch }),
  };
}

/** One side of the pull request: its branch of the repository and the commit it is at. */
function branchJson(s: FakeState, ref: string, sha: string) {
  const label = `${s.owner}:${ref}`;
  return { label, ref, sha, user: userJson(s, { login: s.owner, type: 'Organization' }), repo: repoJson(s) };
}

/** The pull request as GitHub describes one (`pull-request`). */
export function pullJson(s: FakeState) {
  const files = s.changedFiles.map((f) => fileJson(s, f));
  const created = '2024-01-01T00:00:00Z';
  const api = s.repoApi();
  // The pull request's links, each also a `<rel>_url` field.
  const links = {
    self: `${api}/pulls/${s.pullNumber}`,
    html: `${s.repoWeb}/pull/${s.pullNumber}`,
    issue: `${api}/issues/${s.pullNumber}`,
    comments: `${api}/issues/${s.pullNumber}/comments`,
    review_comments: `${api}/pulls/${s.pullNumber}/comments`,
    review_comment: `${api}/pulls/comments{/number}`,
    commits: `${api}/pulls/${s.pullNumber}/commits`,
    statuses: `${api}/statuses/${s.headSha}`,
  };
  return {
    url: links.self,
    id: 1_900_000_000 + s.pullNumber,
    node_id: `PR_kwDOHdEmA8${s.pullNumber}`,
    html_url: links.html,
    diff_url: `${s.repoWeb}/pull/${s.pullNumber}.diff`,
    patch_url: `${s.repoWeb}/pull/${s.pullNumber}.patch`,
    issue_url: links.issue,
    commits_url: links.commits,
    review_comments_url: links.review_comments,
    review_comment_url: links.review_comment,
    comments_url: links.comments,
    statuses_url: links.statuses,
    number: s.pullNumber,
    state: 'open',
    locked: false,
    title: 'Make it faster',
    user: userJson(s, s.options.pullAuthor ?? { login: 'octocat', type: 'User' }),
    body: s.options.pullBody ?? null,
    labels: s.labels.map((l) => labelJson(s, l.name)),
    assignee: null,
    milestone: null,
    created_at: created,
    updated_at: created,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    draft: false,
    head: branchJson(s, 'feature', s.headSha),
    base: branchJson(s, 'main', s.baseSha),
    _links: Object.fromEntries(Object.entries(links).map(([rel, href]) => [rel, { href }])),
    author_association: 'MEMBER',
    auto_merge: null,
    merged: false,
    merged_by: null,
    mergeable: true,
    mergeable_state: 'clean',
    maintainer_can_modify: false,
    review_comments: 0,
    comments: s.comments.get(s.pullNumber)?.length ?? 0,
    commits: 1,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    changed_files: files.length,
  };
}

export const PULL_ROUTES: Record<string, RouteHandler> = {
  'pulls/get': ({ state, op, int }) => {
    if (int('pull_number') !== state.pullNumber) return error(404, 'Not Found', op);
    return new Reply(200, pullJson(state));
  },
  'pulls/list-files': ({ state, op, url, int }) => {
    if (int('pull_number') !== state.pullNumber) return error(404, 'Not Found', op);
    const { page, headers } = paginate(state.changedFiles.slice(0, 3000), url, state.url);
    return new Reply(
      200,
      page.map((f) => fileJson(state, f)),
      headers,
    );
  },
};
