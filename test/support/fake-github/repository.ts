/** The repository, its users and labels as GitHub's API describes them, with every field it requires. */
import { Reply, type RouteHandler } from './reply.ts';
import { type FakeState, GITHUB_WEB, userId } from './state.ts';
import type { FakeUser } from './types.ts';

/** A repository's `<name>_url` fields, relative to its API URL, as GitHub writes them. */
const REPO_URLS: Record<string, string> = {
  archive: '/{archive_format}{/ref}',
  assignees: '/assignees{/user}',
  blobs: '/git/blobs{/sha}',
  branches: '/branches{/branch}',
  collaborators: '/collaborators{/collaborator}',
  comments: '/comments{/number}',
  commits: '/commits{/sha}',
  compare: '/compare/{base}...{head}',
  contents: '/contents/{+path}',
  contributors: '/contributors',
  deployments: '/deployments',
  downloads: '/downloads',
  events: '/events',
  forks: '/forks',
  git_commits: '/git/commits{/sha}',
  git_refs: '/git/refs{/sha}',
  git_tags: '/git/tags{/sha}',
  hooks: '/hooks',
  issue_comment: '/issues/comments{/number}',
  issue_events: '/issues/events{/number}',
  issues: '/issues{/number}',
  keys: '/keys{/key_id}',
  labels: '/labels{/name}',
  languages: '/languages',
  merges: '/merges',
  milestones: '/milestones{/number}',
  notifications: '/notifications{?since,all,participating}',
  pulls: '/pulls{/number}',
  releases: '/releases{/id}',
  stargazers: '/stargazers',
  statuses: '/statuses/{sha}',
  subscribers: '/subscribers',
  subscription: '/subscription',
  tags: '/tags',
  teams: '/teams',
  trees: '/git/trees{/sha}',
};

/** A user (or an organisation, a bot) as GitHub describes one (`simple-user`). */
export function userJson(s: FakeState, u: FakeUser) {
  const id = userId(u.login);
  const path = u.login.replace(/\[bot\]$/, '');
  const api = `${s.url}/users/${encodeURIComponent(u.login)}`;
  return {
    login: u.login,
    id,
    node_id: `MDQ6VXNlcj${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: u.type === 'Bot' ? `${GITHUB_WEB}/apps/${path}` : `${GITHUB_WEB}/${u.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: u.type,
    site_admin: false,
  };
}

/** The repository as GitHub describes one (`repository`), with every field it requires. */
export function repoJson(s: FakeState) {
  const api = s.repoApi();
  const urls = Object.fromEntries(
    Object.entries(REPO_URLS).map(([field, path]) => [`${field}_url`, `${api}${path}`]),
  );
  return {
    id: 123456789,
    node_id: 'R_kgDOHdEmAw',
    name: s.repo,
    full_name: `${s.owner}/${s.repo}`,
    private: false,
    owner: userJson(s, { login: s.owner, type: 'Organization' }),
    html_url: s.repoWeb,
    description: null,
    fork: false,
    url: api,
    ...urls,
    git_url: `git://github.com/${s.owner}/${s.repo}.git`,
    ssh_url: `git@github.com:${s.owner}/${s.repo}.git`,
    clone_url: `${s.repoWeb}.git`,
    svn_url: s.repoWeb,
    mirror_url: null,
    homepage: null,
    language: 'JavaScript',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 100,
    default_branch: 'main',
    open_issues: 1,
    open_issues_count: 1,
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: s.pushedAt,
    created_at: '2023-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
  };
}

/** A label of the pull request (`label`). */
export function labelJson(s: FakeState, name: string) {
  return {
    id: 5_000_000_000 + userId(name),
    node_id: `LA_kwDOHdEmA8${userId(name).toString(36)}`,
    url: `${s.repoApi()}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: 'ededed',
    default: false,
  };
}

/** The legacy base role GitHub gives a role (`maintain` is `write`, `triage` and custom roles' `read`). */
function legacyPermission(role: string): string {
  if (role === 'admin') return 'admin';
  if (role === 'maintain' || role === 'write') return 'write';
  return role === 'none' ? 'none' : 'read';
}

/** GET /repos/{owner}/{repo}/collaborators/{username}/permission: a user's role (`repository-collaborator-permission`). */
export const COLLABORATOR_ROUTES: Record<string, RouteHandler> = {
  'repos/get-collaborator-permission-level': ({ state, params }) => {
    const login = decodeURIComponent(params.get('username') ?? '');
    const role = state.options.roles?.[login] ?? 'read';
    const type = login.endsWith('[bot]') ? 'Bot' : 'User';
    return new Reply(200, {
      permission: legacyPermission(role),
      role_name: role,
      user: { ...userJson(state, { login, type }), role_name: role },
    });
  },
};
