/**
 * A loopback fake of the GitHub REST API for tests.
 *
 * Every request is routed against GitHub's own OpenAPI description (`@octokit/openapi`), so a request that
 * is not a real endpoint, or that lacks a required field, is rejected and listed in `violations`. A few
 * endpoints (issue comments, pull request + files, check runs) are stateful; every other real endpoint
 * answers `200 {}`. Tests can inject faults (5xx, rate limits, ...) with `addFault`.
 *
 * Violations answer with the status GitHub itself would use: 401 (auth), 404 (unknown path or method, bad
 * path parameter, another repository), 400 (unparseable JSON, or a body sent to an operation without one),
 * 422 (request body against the schema, undeclared or mistyped query parameter; GitHub would silently ignore
 * the latter, the fake refuses it). Order: auth, routing, parameters, body, faults, repository, handlers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// ---------------------------------------------------------------------------------------------------------
// Public API

export interface RecordedRequest {
  method: string;
  /** The raw (still percent-encoded) URL path. */
  path: string;
  query: URLSearchParams;
  /** The spec's operationId (`issues/create-comment`), or undefined when no operation matched. */
  operationId: string | undefined;
  /** Parsed JSON body, the raw text when it is not JSON, or undefined when there was none. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** Final status code answered. */
  status: number;
}

export interface FakeUser {
  login: string;
  type: string;
}

export interface FakeComment {
  id: number;
  body: string;
  user: FakeUser;
  created_at: string;
  updated_at: string;
  html_url: string;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  details_url: string | null;
  external_id: string | null;
  started_at: string | null;
  completed_at: string | null;
  output: Record<string, unknown>;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  user: FakeUser;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface Fault {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Tested against the URL path (any when omitted). */
  path?: RegExp;
  status: number;
  headers?: Record<string, string>;
  /** JSON body (a string is sent verbatim); defaults to GitHub's `{ message, documentation_url, status }`. */
  body?: unknown;
  /** How many matching requests get the fault; default 1. */
  times?: number;
  /**
   * The request is carried out first, then answered with the fault: GitHub often did create the comment it answers
   * a 502 for (a client that simply retries the POST makes two).
   */
  afterHandling?: boolean;
}

export interface FakeGitHubOptions {
  /** When set, every request must carry `Authorization: token <token>` or `Bearer <token>`. */
  token?: string;
  pullRequestsPermission?: 'write' | 'read';
  checksPermission?: 'write' | 'read';
  owner?: string;
  repo?: string;
  pullNumber?: number;
  changedFiles?: { filename: string; status: string; patch?: string }[];
  headSha?: string;
  baseSha?: string;
  /** Author of comments created through the API; default `github-actions[bot]` (the GITHUB_TOKEN). */
  actor?: FakeUser;
  /** The pull request's description; default none (null). */
  pullBody?: string;
  /** The pull request's author; default `octocat`. */
  pullAuthor?: FakeUser;
  /** `read`: creating or changing an issue is refused (403), as without `issues: write`. */
  issuesPermission?: 'write' | 'read';
}

export interface FakeLabel {
  name: string;
  /** Who added it (its `labeled` event's actor). */
  actor: FakeUser;
}

export interface FakeGitHub {
  /** Base URL, e.g. `http://127.0.0.1:41234`: use as `GITHUB_API_URL` or Octokit's `baseUrl`. */
  url: string;
  requests: RecordedRequest[];
  violations: string[];
  /** Comments by issue number, in creation order. */
  comments: Map<number, FakeComment[]>;
  checkRuns: FakeCheckRun[];
  /** Issues (not pull requests), in creation order; their comments are in `comments`. */
  issues: FakeIssue[];
  /** Seeds an issue (e.g. one a person opened). */
  addIssue(title: string, body: string, user?: FakeUser): FakeIssue;
  /** Seeds a comment (e.g. one left by a previous run, or by a human). */
  addComment(issueNumber: number, body: string, user?: FakeUser): FakeComment;
  /** Adds a label to the pull request, with its `labeled` event (issues/list-events); `at` an ISO time, default now. */
  addLabel(name: string, actor: FakeUser, at?: string): void;
  /** Removes a label, with its `unlabeled` event. */
  removeLabel(name: string, actor: FakeUser, at?: string): void;
  /** A push to head: its new commit, and the head repository's `pushed_at` (default now). */
  push(sha: string, at?: string): void;
  /** The pull request's labels, in the order added. */
  labels: FakeLabel[];
  addFault(fault: Fault): void;
  close(): Promise<void>;
}

export const COMMENT_BODY_MAX = 65536;

// ---------------------------------------------------------------------------------------------------------
// OpenAPI description: loaded and indexed once per process

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  'x-multi-segment'?: boolean;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  externalDocs?: { url: string };
}

type PathItem = Record<string, Operation | undefined>;

interface Spec {
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
}

interface Route {
  template: string;
  regex: RegExp;
  params: string[];
  /** Per template segment: 0 literal, 1 literal with a parameter inside, 2 parameter, 3 multi-segment parameter. */
  segments: { kind: number; param: string }[];
  item: PathItem;
}

interface LoadedSpec {
  spec: Spec;
  routes: Route[];
  loadMs: number;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
let loaded: LoadedSpec | undefined;

/** Parses GitHub's OpenAPI description and builds the router (once per process). */
export function loadGitHubSpec(): { loadMs: number; routeCount: number } {
  const l = getSpec();
  return { loadMs: l.loadMs, routeCount: l.routes.length };
}

function getSpec(): LoadedSpec {
  if (loaded) return loaded;
  const started = performance.now();
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const multi = new Set<string>();
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !op) continue;
      for (const p of op.parameters ?? []) {
        const param = deref(spec, p);
        if (param.in === 'path' && param['x-multi-segment']) multi.add(param.name);
      }
    }
    const params: string[] = [];
    const segments: Route['segments'] = [];
    const source = template
      .split('/')
      .map((segment) => {
        const pure = /^\{[^}]+\}$/.test(segment);
        const out = segment.replace(/\{([^}]+)\}|[^{]+/g, (whole, name: string | undefined) => {
          if (name === undefined) return whole.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          params.push(name);
          return multi.has(name) && pure ? '(.+?)' : '([^/]+?)';
        });
        const name = segment.slice(1, -1);
        segments.push({
          kind: !segment.includes('{') ? 0 : !pure ? 1 : multi.has(name) ? 3 : 2,
          param: name,
        });
        return out;
      })
      .join('/');
    routes.push({ template, regex: new RegExp(`^${source}$`), params, segments, item });
  }
  loaded = { spec, routes, loadMs: performance.now() - started };
  return loaded;
}

/** Follows `$ref`s (`#/components/...`) until a concrete object is reached. */
function deref<T extends { $ref?: string }>(spec: Spec, value: T): T {
  let current: T = value;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    if (hops > 50 || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve $ref ${current.$ref}`);
    let target: unknown = spec;
    for (const raw of current.$ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target =
        typeof target === 'object' && target !== null ? (target as Record<string, unknown>)[key] : undefined;
    }
    if (typeof target !== 'object' || target === null) throw new Error(`dangling $ref ${current.$ref}`);
    current = target as T;
  }
  return current;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return b.length - a.length; // same prefix: more segments is more specific
}

/**
 * The most specific path templates matching `path` (literal segments beat parameters, at the first segment
 * where they differ). Several come back only when they have the same shape and differ in parameter names
 * (`/orgs/{org}/attestations/{subject_digest}` GET vs `.../{attestation_id}` DELETE).
 */
function matchRoutes(path: string): { route: Route; values: Map<string, string> }[] {
  let best: { route: Route; values: Map<string, string> }[] = [];
  let bestRank: number[] = [];
  for (const route of getSpec().routes) {
    const m = route.regex.exec(path);
    if (!m) continue;
    const values = new Map<string, string>();
    route.params.forEach((name, i) => {
      values.set(name, m[i + 1] ?? '');
    });
    // Rank per URL segment: a multi-segment parameter that captured one segment counts as a plain one.
    const rank: number[] = [];
    for (const { kind, param } of route.segments) {
      const span = kind === 3 ? (values.get(param) ?? '').split('/').length : 1;
      for (let i = 0; i < span; i++) rank.push(kind === 3 && span === 1 ? 2 : kind);
    }
    const order = best.length > 0 ? compareRank(rank, bestRank) : -1;
    if (order > 0) continue;
    if (order < 0) {
      best = [];
      bestRank = rank;
    }
    best.push({ route, values });
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// A small OpenAPI 3.0 schema validator (type/nullable, enum, required, properties, additionalProperties,
// items, length/size/range limits, oneOf/anyOf/allOf). `format` and `pattern` are not checked.

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function validate(spec: Spec, schemaOrRef: Schema, value: unknown, at: string, errors: string[]): void {
  const schema = deref(spec, schemaOrRef);
  if (schema.allOf) for (const s of schema.allOf) validate(spec, s, value, at, errors);
  for (const alternatives of [schema.oneOf, schema.anyOf]) {
    if (!alternatives) continue;
    const attempts = alternatives.map((s) => {
      const e: string[] = [];
      validate(spec, s, value, at, e);
      return e;
    });
    // oneOf is treated like anyOf: GitHub's alternatives often overlap.
    if (!attempts.some((e) => e.length === 0)) {
      const closest = attempts.reduce((a, b) => (b.length < a.length ? b : a));
      errors.push(
        `${at} matches none of the ${alternatives.length} alternatives (closest: ${closest.join('; ')})`,
      );
    }
  }
  if (value === null) {
    if (schema.type !== undefined && !schema.nullable)
      errors.push(`${at} is null but must be a ${schema.type}`);
    return;
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const ok = schema.type === actual || (schema.type === 'number' && actual === 'integer');
    if (!ok) {
      errors.push(`${at} is ${actual} ${show(value)} but must be ${schema.type}`);
      return;
    }
  }
  if (schema.enum && !schema.enum.includes(value)) {
    errors.push(`${at} is ${show(value)}, not one of ${show(schema.enum)}`);
  }
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      errors.push(`${at} is ${value.length} characters long (maximum is ${schema.maxLength})`);
    }
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      errors.push(`${at} is ${value.length} characters long (minimum is ${schema.minLength})`);
    }
  } else if (typeof value === 'number') {
    if (schema.maximum !== undefined && value > schema.maximum)
      errors.push(`${at} exceeds ${schema.maximum}`);
    if (schema.minimum !== undefined && value < schema.minimum)
      errors.push(`${at} is below ${schema.minimum}`);
  } else if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      errors.push(`${at} has ${value.length} items (maximum is ${schema.maxItems})`);
    }
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      errors.push(`${at} has ${value.length} items (minimum is ${schema.minItems})`);
    }
    const items = schema.items;
    if (items) for (const [i, v] of value.entries()) validate(spec, items, v, `${at}[${i}]`, errors);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!(key in record)) errors.push(`${at === '' ? '' : `${at}.`}${key} is required but missing`);
    }
    for (const [key, v] of Object.entries(record)) {
      const where = at === '' ? key : `${at}.${key}`;
      const property = schema.properties?.[key];
      if (property) validate(spec, property, v, where, errors);
      else if (schema.additionalProperties === false) errors.push(`${where} is not a permitted key`);
      else if (typeof schema.additionalProperties === 'object') {
        validate(spec, schema.additionalProperties, v, where, errors);
      }
    }
  }
}

/** Checks a query/path string value against a parameter schema; returns a problem or undefined. */
function checkScalar(spec: Spec, schemaOrRef: Schema | undefined, raw: string): string | undefined {
  if (!schemaOrRef) return undefined;
  const schema = deref(spec, schemaOrRef);
  if (schema.type === 'integer' && !/^-?\d+$/.test(raw)) return `${show(raw)} is not an integer`;
  if (schema.type === 'number' && !Number.isFinite(Number(raw))) return `${show(raw)} is not a number`;
  if (schema.type === 'boolean' && raw !== 'true' && raw !== 'false') return `${show(raw)} is not a boolean`;
  if (schema.type === 'string' && schema.enum && !schema.enum.includes(raw)) {
    return `${show(raw)} is not one of ${show(schema.enum)}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// The server

const GITHUB_WEB = 'https://github.com';
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
/** The endpoints the fake answers with state of its own; their answers are checked against the description. */
const STATEFUL = new Set([
  'issues/list-comments',
  'issues/create-comment',
  'issues/get-comment',
  'issues/update-comment',
  'users/get-authenticated',
  'pulls/get',
  'pulls/list-files',
  'issues/list-events',
  'checks/create',
  'checks/update',
  'checks/list-for-ref',
]);
const BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };

function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function userId(login: string): number {
  if (login === 'github-actions[bot]') return 41898282;
  let h = 7;
  for (const ch of login) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 100_000_000;
  return h + 1;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

class Reply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const spec = getSpec().spec;
  const owner = options.owner ?? 'octo-org';
  const repo = options.repo ?? 'octo-repo';
  const pullNumber = options.pullNumber ?? 1;
  let headSha = options.headSha ?? 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe';
  let pushedAt = '2024-01-01T00:00:00Z';
  const baseSha = options.baseSha ?? 'ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11';
  const changedFiles = options.changedFiles ?? [];
  const actor = options.actor ?? BOT;
  const labels: FakeLabel[] = [];
  let nextEventId = 9_000_000_001;
  const events: { id: number; label: FakeLabel; created_at: string; event: 'labeled' | 'unlabeled' }[] = [];

  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const comments = new Map<number, FakeComment[]>();
  const checkRuns: FakeCheckRun[] = [];
  const issues: FakeIssue[] = [];
  // Issue numbers after the pull request's (they share one sequence on GitHub).
  let nextIssueNumber = pullNumber + 100;
  const faults: (Fault & { remaining: number })[] = [];
  // Large ids (beyond 32 bits, like GitHub's) catch code that assumes small integers.
  let nextCommentId = 3_000_000_001;
  let nextCheckRunId = 30_000_000_001;
  let requestCounter = 0;
  let url = '';

  const repoApi = () => `${url}/repos/${owner}/${repo}`;
  const repoWeb = `${GITHUB_WEB}/${owner}/${repo}`;

  const userJson = (u: FakeUser) => {
    const id = userId(u.login);
    const path = u.login.replace(/\[bot\]$/, '');
    const api = `${url}/users/${encodeURIComponent(u.login)}`;
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
  };

  /** The repository as GitHub describes one (`repository`), with every field it requires. */
  const repoJson = () => {
    const api = repoApi();
    const urls = Object.fromEntries(
      Object.entries(REPO_URLS).map(([field, path]) => [`${field}_url`, `${api}${path}`]),
    );
    return {
      id: 123456789,
      node_id: 'R_kgDOHdEmAw',
      name: repo,
      full_name: `${owner}/${repo}`,
      private: false,
      owner: userJson({ login: owner, type: 'Organization' }),
      html_url: repoWeb,
      description: null,
      fork: false,
      url: api,
      ...urls,
      git_url: `git://github.com/${owner}/${repo}.git`,
      ssh_url: `git@github.com:${owner}/${repo}.git`,
      clone_url: `${repoWeb}.git`,
      svn_url: repoWeb,
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
      pushed_at: pushedAt,
      created_at: '2023-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    };
  };

  const addComment = (issueNumber: number, body: string, user: FakeUser = actor): FakeComment => {
    const id = nextCommentId++;
    const now = timestamp();
    const kind = issueNumber === pullNumber ? 'pull' : 'issues';
    const comment: FakeComment = {
      id,
      body,
      user,
      created_at: now,
      updated_at: now,
      html_url: `${repoWeb}/${kind}/${issueNumber}#issuecomment-${id}`,
    };
    const list = comments.get(issueNumber) ?? [];
    list.push(comment);
    comments.set(issueNumber, list);
    return comment;
  };

  const findComment = (id: number): { issue: number; list: FakeComment[]; index: number } | undefined => {
    for (const [issue, list] of comments) {
      const index = list.findIndex((c) => c.id === id);
      if (index >= 0) return { issue, list, index };
    }
    return undefined;
  };

  const addIssue = (title: string, body: string, user: FakeUser = actor): FakeIssue => {
    const now = timestamp();
    const issue: FakeIssue = {
      number: nextIssueNumber++,
      title,
      body,
      state: 'open',
      state_reason: null,
      user,
      created_at: now,
      updated_at: now,
      closed_at: null,
    };
    issues.push(issue);
    return issue;
  };

  const issueJson = (i: FakeIssue) => ({
    id: 2_000_000_000 + i.number,
    node_id: `I_kwDOHdEmA8${i.number.toString(36)}`,
    url: `${repoApi()}/issues/${i.number}`,
    repository_url: repoApi(),
    comments_url: `${repoApi()}/issues/${i.number}/comments`,
    html_url: `${repoWeb}/issues/${i.number}`,
    number: i.number,
    state: i.state,
    state_reason: i.state_reason,
    title: i.title,
    body: i.body,
    user: userJson(i.user),
    labels: [],
    assignees: [],
    locked: false,
    comments: comments.get(i.number)?.length ?? 0,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    author_association: i.user.type === 'Bot' ? 'NONE' : 'MEMBER',
  });

  const commentJson = (issue: number, c: FakeComment) => ({
    url: `${repoApi()}/issues/comments/${c.id}`,
    html_url: c.html_url,
    issue_url: `${repoApi()}/issues/${issue}`,
    id: c.id,
    node_id: `IC_kwDOHdEmA8${c.id.toString(36)}`,
    user: userJson(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    body: c.body,
    reactions: {
      url: `${repoApi()}/issues/comments/${c.id}/reactions`,
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
  });

  const checkRunJson = (run: FakeCheckRun) => ({
    id: run.id,
    name: run.name,
    node_id: `CR_kwDOHdEmA8${run.id.toString(36)}`,
    head_sha: run.head_sha,
    external_id: run.external_id ?? '',
    url: `${repoApi()}/check-runs/${run.id}`,
    html_url: `${repoWeb}/runs/${run.id}`,
    details_url: run.details_url ?? `${repoWeb}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title ?? null,
      summary: run.output.summary ?? null,
      text: run.output.text ?? null,
      annotations_count: Array.isArray(run.output.annotations) ? run.output.annotations.length : 0,
      annotations_url: `${repoApi()}/check-runs/${run.id}/annotations`,
    },
    check_suite: { id: 10_000_000_001 },
    app: {
      id: 15368,
      slug: 'github-actions',
      node_id: 'MDM6QXBwMTUzNjg=',
      name: 'GitHub Actions',
      owner: userJson({ login: 'github', type: 'Organization' }),
      description: 'Automate your workflow from idea to production',
      external_url: 'https://help.github.com/en/actions',
      html_url: `${GITHUB_WEB}/apps/github-actions`,
      created_at: '2018-07-30T09:30:17Z',
      updated_at: '2024-04-10T20:33:16Z',
      permissions: { checks: 'write', contents: 'read', pull_requests: 'write' },
      events: ['check_run', 'pull_request'],
    },
    pull_requests: [],
  });

  const fileJson = (f: { filename: string; status: string; patch?: string }) => {
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
      blob_url: `${repoWeb}/blob/${headSha}/${path}`,
      raw_url: `${repoWeb}/raw/${headSha}/${path}`,
      contents_url: `${repoApi()}/contents/${path}?ref=${headSha}`,
      ...(f.patch === undefined ? {} : { patch: f.patch }),
    };
  };

  const pullJson = () => {
    const files = changedFiles.map(fileJson);
    const created = '2024-01-01T00:00:00Z';
    return {
      url: `${repoApi()}/pulls/${pullNumber}`,
      id: 1_900_000_000 + pullNumber,
      node_id: `PR_kwDOHdEmA8${pullNumber}`,
      html_url: `${repoWeb}/pull/${pullNumber}`,
      diff_url: `${repoWeb}/pull/${pullNumber}.diff`,
      patch_url: `${repoWeb}/pull/${pullNumber}.patch`,
      issue_url: `${repoApi()}/issues/${pullNumber}`,
      commits_url: `${repoApi()}/pulls/${pullNumber}/commits`,
      review_comments_url: `${repoApi()}/pulls/${pullNumber}/comments`,
      review_comment_url: `${repoApi()}/pulls/comments{/number}`,
      comments_url: `${repoApi()}/issues/${pullNumber}/comments`,
      statuses_url: `${repoApi()}/statuses/${headSha}`,
      number: pullNumber,
      state: 'open',
      locked: false,
      title: 'Make it faster',
      user: userJson(options.pullAuthor ?? { login: 'octocat', type: 'User' }),
      body: options.pullBody ?? null,
      labels: labels.map((l) => labelJson(l.name)),
      assignee: null,
      milestone: null,
      created_at: created,
      updated_at: created,
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      draft: false,
      head: {
        label: `${owner}:feature`,
        ref: 'feature',
        sha: headSha,
        user: userJson({ login: owner, type: 'Organization' }),
        repo: repoJson(),
      },
      base: {
        label: `${owner}:main`,
        ref: 'main',
        sha: baseSha,
        user: userJson({ login: owner, type: 'Organization' }),
        repo: repoJson(),
      },
      _links: Object.fromEntries(
        Object.entries({
          self: `${repoApi()}/pulls/${pullNumber}`,
          html: `${repoWeb}/pull/${pullNumber}`,
          issue: `${repoApi()}/issues/${pullNumber}`,
          comments: `${repoApi()}/issues/${pullNumber}/comments`,
          review_comments: `${repoApi()}/pulls/${pullNumber}/comments`,
          review_comment: `${repoApi()}/pulls/comments{/number}`,
          commits: `${repoApi()}/pulls/${pullNumber}/commits`,
          statuses: `${repoApi()}/statuses/${headSha}`,
        }).map(([rel, href]) => [rel, { href }]),
      ),
      author_association: 'MEMBER',
      auto_merge: null,
      merged: false,
      merged_by: null,
      mergeable: true,
      mergeable_state: 'clean',
      maintainer_can_modify: false,
      review_comments: 0,
      comments: comments.get(pullNumber)?.length ?? 0,
      commits: 1,
      additions: files.reduce((n, f) => n + f.additions, 0),
      deletions: files.reduce((n, f) => n + f.deletions, 0),
      changed_files: files.length,
    };
  };

  const labelJson = (name: string) => ({
    id: 5_000_000_000 + userId(name),
    node_id: `LA_kwDOHdEmA8${userId(name).toString(36)}`,
    url: `${repoApi()}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: 'ededed',
    default: false,
  });

  /** A `labeled` event as GET /repos/{owner}/{repo}/issues/{issue_number}/events lists it. */
  const labeledEventJson = (e: (typeof events)[number]) => ({
    id: e.id,
    node_id: `LE_lADOHdEmA8${e.id.toString(36)}`,
    url: `${repoApi()}/issues/events/${e.id}`,
    actor: userJson(e.label.actor),
    event: e.event,
    commit_id: null,
    commit_url: null,
    created_at: e.created_at,
    performed_via_github_app: null,
    label: { name: e.label.name, color: 'ededed' },
  });

  const addLabel = (name: string, by: FakeUser, at = timestamp()): void => {
    const label = { name, actor: by };
    labels.push(label);
    events.push({ id: nextEventId++, label, created_at: at, event: 'labeled' });
  };
  const removeLabel = (name: string, by: FakeUser, at = timestamp()): void => {
    const index = labels.findIndex((l) => l.name === name);
    if (index >= 0) labels.splice(index, 1);
    events.push({ id: nextEventId++, label: { name, actor: by }, created_at: at, event: 'unlabeled' });
  };
  const push = (sha: string, at = timestamp()): void => {
    headSha = sha;
    pushedAt = at;
  };

  /** Slices `items` by `per_page`/`page` and builds GitHub's `Link` header. */
  const paginate = <T>(items: T[], reqUrl: URL): { page: T[]; headers: Record<string, string> } => {
    const perPageRaw = Number(reqUrl.searchParams.get('per_page') ?? 30);
    const perPage = Math.min(100, Math.max(1, Number.isFinite(perPageRaw) ? perPageRaw : 30));
    const pageRaw = Number(reqUrl.searchParams.get('page') ?? 1);
    const page = Math.max(1, Number.isFinite(pageRaw) ? pageRaw : 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const link = (p: number, rel: string) => {
      const u = new URL(reqUrl.pathname + reqUrl.search, url);
      u.searchParams.set('per_page', String(perPage));
      u.searchParams.set('page', String(p));
      return `<${u.toString()}>; rel="${rel}"`;
    };
    const parts: string[] = [];
    if (page > 1) parts.push(link(Math.min(page - 1, last), 'prev'));
    if (page < last) parts.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) parts.push(link(1, 'first'));
    return { page: slice, headers: parts.length > 0 ? { link: parts.join(', ') } : {} };
  };

  const error = (status: number, message: string, op?: Operation, extra: Record<string, unknown> = {}) =>
    new Reply(status, {
      message,
      ...extra,
      documentation_url: op?.externalDocs?.url ?? 'https://docs.github.com/rest',
      status: String(status),
    });

  const forbidden = (op: Operation, permissions: string) => {
    const reply = error(403, 'Resource not accessible by integration', op);
    reply.headers['x-accepted-github-permissions'] = permissions;
    return reply;
  };

  const tooLong = (op: Operation) =>
    error(422, 'Validation Failed', op, {
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: `body is too long (maximum is ${COMMENT_BODY_MAX} characters)`,
        },
      ],
    });

  /** Stateful behaviour for the endpoints perf-gate uses; `{}` for every other valid endpoint. */
  const dispatch = (op: Operation, params: Map<string, string>, reqUrl: URL, body: unknown): Reply => {
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const int = (name: string) => Number(params.get(name));
    const canWriteComments = options.pullRequestsPermission !== 'read';
    const canWriteChecks = options.checksPermission !== 'read';
    const COMMENT_PERMS = 'issues=write; pull_requests=write';
    switch (op.operationId) {
      case 'issues/list-comments': {
        const since = reqUrl.searchParams.get('since');
        const all = (comments.get(int('issue_number')) ?? []).filter((c) => !since || c.updated_at >= since);
        const { page, headers } = paginate(all, reqUrl);
        return new Reply(
          200,
          page.map((c) => commentJson(int('issue_number'), c)),
          headers,
        );
      }
      case 'issues/create-comment': {
        if (!canWriteComments) return forbidden(op, COMMENT_PERMS);
        const text = String(record.body);
        if (text.length > COMMENT_BODY_MAX) return tooLong(op);
        const comment = addComment(int('issue_number'), text);
        return new Reply(201, commentJson(int('issue_number'), comment), {
          location: `${repoApi()}/issues/comments/${comment.id}`,
        });
      }
      case 'issues/get-comment':
      case 'issues/update-comment':
      case 'issues/delete-comment': {
        if (op.operationId !== 'issues/get-comment' && !canWriteComments) return forbidden(op, COMMENT_PERMS);
        const found = findComment(int('comment_id'));
        if (!found) return error(404, 'Not Found', op);
        const comment = found.list[found.index]!;
        if (op.operationId === 'issues/delete-comment') {
          found.list.splice(found.index, 1);
          return new Reply(204, undefined);
        }
        if (op.operationId === 'issues/update-comment') {
          const text = String(record.body);
          if (text.length > COMMENT_BODY_MAX) return tooLong(op);
          comment.body = text;
          comment.updated_at = timestamp();
        }
        return new Reply(200, commentJson(found.issue, comment));
      }
      case 'issues/list-for-repo': {
        const state = reqUrl.searchParams.get('state') ?? 'open';
        const creator = reqUrl.searchParams.get('creator');
        const listed = issues
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => !creator || i.user.login === creator);
        const ordered = reqUrl.searchParams.get('direction') === 'asc' ? listed : [...listed].reverse();
        const { page, headers } = paginate(ordered, reqUrl);
        return new Reply(200, page.map(issueJson), headers);
      }
      case 'issues/create': {
        if (options.issuesPermission === 'read') return forbidden(op, 'issues=write');
        const issue = addIssue(String(record.title), typeof record.body === 'string' ? record.body : '');
        return new Reply(201, issueJson(issue), { location: `${repoApi()}/issues/${issue.number}` });
      }
      case 'issues/get':
      case 'issues/update': {
        const issue = issues.find((i) => i.number === int('issue_number'));
        if (!issue) return error(404, 'Not Found', op);
        if (op.operationId === 'issues/update') {
          if (options.issuesPermission === 'read') return forbidden(op, 'issues=write');
          if (typeof record.title === 'string') issue.title = record.title;
          if (typeof record.body === 'string') issue.body = record.body;
          if (record.state === 'open' || record.state === 'closed') {
            issue.state = record.state;
            issue.closed_at = record.state === 'closed' ? timestamp() : null;
            issue.state_reason = typeof record.state_reason === 'string' ? record.state_reason : null;
          }
          issue.updated_at = timestamp();
        }
        return new Reply(200, issueJson(issue));
      }
      case 'users/get-authenticated':
        // An installation token (the GITHUB_TOKEN, a GitHub App's) is not a user: GitHub refuses.
        if (actor.type === 'Bot') return error(403, 'Resource not accessible by integration', op);
        return new Reply(200, userJson(actor));
      case 'pulls/get':
        if (int('pull_number') !== pullNumber) return error(404, 'Not Found', op);
        return new Reply(200, pullJson());
      case 'issues/list-events': {
        const all = int('issue_number') === pullNumber ? events : [];
        const { page, headers } = paginate(all, reqUrl);
        return new Reply(200, page.map(labeledEventJson), headers);
      }
      case 'pulls/list-files': {
        if (int('pull_number') !== pullNumber) return error(404, 'Not Found', op);
        const { page, headers } = paginate(changedFiles.slice(0, 3000), reqUrl);
        return new Reply(200, page.map(fileJson), headers);
      }
      case 'checks/create': {
        if (!canWriteChecks) return forbidden(op, 'checks=write');
        const str = (k: string) => (typeof record[k] === 'string' ? (record[k] as string) : null);
        const conclusion = str('conclusion');
        const status = conclusion ? 'completed' : (str('status') ?? 'queued');
        const run: FakeCheckRun = {
          id: nextCheckRunId++,
          name: String(record.name),
          head_sha: String(record.head_sha),
          status,
          conclusion,
          details_url: str('details_url'),
          external_id: str('external_id'),
          started_at: str('started_at') ?? timestamp(),
          completed_at: str('completed_at') ?? (status === 'completed' ? timestamp() : null),
          output: typeof record.output === 'object' && record.output !== null ? { ...record.output } : {},
        };
        checkRuns.push(run);
        return new Reply(201, checkRunJson(run));
      }
      case 'checks/update': {
        if (!canWriteChecks) return forbidden(op, 'checks=write');
        const run = checkRuns.find((r) => r.id === int('check_run_id'));
        if (!run) return error(404, 'Not Found', op);
        for (const key of [
          'name',
          'details_url',
          'external_id',
          'started_at',
          'status',
          'completed_at',
        ] as const) {
          const v = record[key];
          if (typeof v === 'string') run[key] = v;
        }
        if (typeof record.conclusion === 'string') {
          run.conclusion = record.conclusion;
          run.status = 'completed';
          run.completed_at ??= timestamp();
        }
        if (typeof record.output === 'object' && record.output !== null) {
          run.output = { ...run.output, ...record.output };
        }
        return new Reply(200, checkRunJson(run));
      }
      case 'checks/list-for-ref': {
        const ref = decodeURIComponent(params.get('ref') ?? '');
        const name = reqUrl.searchParams.get('check_name');
        const status = reqUrl.searchParams.get('status');
        const matching = checkRuns.filter(
          (r) => r.head_sha === ref && (!name || r.name === name) && (!status || r.status === status),
        );
        const { page, headers } = paginate(matching, reqUrl);
        return new Reply(200, { total_count: matching.length, check_runs: page.map(checkRunJson) }, headers);
      }
      default:
        return new Reply(200, {});
    }
  };

  const handle = async (req: IncomingMessage, recorded: RecordedRequest, reqUrl: URL): Promise<Reply> => {
    const method = recorded.method;
    const raw = (await readBody(req)).toString('utf8');
    recorded.body = raw.length > 0 ? raw : undefined;
    const where = `${method} ${reqUrl.pathname}${reqUrl.search}`;
    const violation = (reply: Reply, problem: string) => {
      violations.push(`${where}${recorded.operationId ? ` (${recorded.operationId})` : ''}: ${problem}`);
      return reply;
    };

    if (options.token !== undefined) {
      const auth = req.headers.authorization;
      const m = auth ? /^(?:token|bearer)\s+(\S+)$/i.exec(auth) : null;
      if (!m) {
        return violation(error(401, 'Requires authentication'), 'missing or malformed Authorization header');
      }
      if (m[1] !== options.token) return violation(error(401, 'Bad credentials'), 'wrong token');
    }

    // GraphQL is not in the REST description: the fake answers the one query perf-gate sends (who am I).
    if (reqUrl.pathname === '/graphql') return graphql(method, raw, violation);

    const candidates = matchRoutes(reqUrl.pathname);
    if (candidates.length === 0) {
      return violation(error(404, 'Not Found'), 'no such path in GitHub’s REST API description');
    }
    const specMethod = (method === 'HEAD' ? 'GET' : method).toLowerCase();
    const matched = candidates.find((c) => c.route.item[specMethod] !== undefined);
    if (!matched) {
      const described = candidates.map(({ route }) => {
        const allowed = Object.keys(route.item).filter((k) => HTTP_METHODS.has(k));
        return `${route.template} has no ${method} operation (it has ${allowed.join(', ').toUpperCase()})`;
      });
      return violation(error(404, 'Not Found'), described.join('; '));
    }
    const { route, values } = matched;
    const op = route.item[specMethod]!;
    recorded.operationId = op.operationId;

    // Path and query parameters.
    const params = new Map<string, string>();
    const declaredQuery = new Map<string, Parameter>();
    for (const p of op.parameters ?? []) {
      const param = deref(spec, p);
      if (param.in === 'query') declaredQuery.set(param.name, param);
      if (param.in !== 'path') continue;
      const value = values.get(param.name) ?? '';
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return violation(
          error(404, 'Not Found', op),
          `path parameter ${param.name} is not valid percent-encoding`,
        );
      }
      if (value.includes('/') && !param['x-multi-segment']) {
        return violation(error(404, 'Not Found', op), `path parameter ${param.name} spans several segments`);
      }
      const problem = checkScalar(spec, param.schema, decoded);
      if (problem) return violation(error(404, 'Not Found', op), `path parameter ${param.name}: ${problem}`);
      params.set(param.name, value);
    }
    for (const [name, value] of reqUrl.searchParams) {
      const param = declaredQuery.get(name);
      if (!param) {
        const accepted = [...declaredQuery.keys()].join(', ') || 'none';
        return violation(
          error(422, `Invalid request.\n\n"${name}" is not a permitted query parameter.`, op),
          `query parameter "${name}" is not declared by ${op.operationId} (accepted: ${accepted})`,
        );
      }
      const problem = checkScalar(spec, param.schema, value);
      if (problem) {
        return violation(
          error(422, `Invalid request.\n\nFor '${name}', ${problem}.`, op),
          `query parameter ${name}: ${problem}`,
        );
      }
    }

    // Request body.
    const requestBody = op.requestBody ? deref(spec, op.requestBody) : undefined;
    const jsonSchema = requestBody?.content?.['application/json']?.schema;
    let body: unknown;
    if (raw.trim().length > 0) {
      if (!requestBody)
        return violation(error(400, 'Bad Request', op), `${op.operationId} takes no request body`);
      if (jsonSchema) {
        try {
          body = JSON.parse(raw);
        } catch (e) {
          return violation(
            error(400, 'Problems parsing JSON', op),
            `request body is not valid JSON (${String(e)})`,
          );
        }
        recorded.body = body;
      }
    }
    if (jsonSchema && (body !== undefined || requestBody?.required)) {
      const errors: string[] = [];
      validate(spec, jsonSchema, body ?? {}, '', errors);
      if (errors.length > 0) {
        return violation(
          error(422, `Invalid request.\n\n${errors.join('\n')}`, op),
          `request body: ${errors.join('; ')}`,
        );
      }
    }

    // Valid request: injected faults come first, then the repository check and normal handling.
    const fault = findFault(method, reqUrl);
    if (fault && !fault.afterHandling) return faultReply(fault, op);

    if (route.template.startsWith('/repos/{owner}/{repo}')) {
      const o = decodeURIComponent(params.get('owner') ?? '');
      const r = decodeURIComponent(params.get('repo') ?? '');
      if (o.toLowerCase() !== owner.toLowerCase() || r.toLowerCase() !== repo.toLowerCase()) {
        return violation(error(404, 'Not Found', op), `repository ${o}/${r} is not ${owner}/${repo}`);
      }
    }
    const reply = dispatch(op, params, reqUrl, body);
    checkAnswer(op, reply, (problem) => violation(reply, problem));
    return fault ? faultReply(fault, op) : reply;
  };

  /**
   * The fake's own answers, held to GitHub's description of them: an answer of a stateful endpoint (not the `{}` of
   * the others) that lacks a field GitHub documents, or has one of the wrong type, is a violation, so that code
   * tested against the fake reads only what GitHub really sends.
   */
  const checkAnswer = (op: Operation, reply: Reply, report: (problem: string) => void): void => {
    if (reply.status >= 300 || reply.body === undefined || !STATEFUL.has(op.operationId)) return;
    const described = (
      op as { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }> }
    ).responses?.[String(reply.status)];
    const schema = described && deref(spec, described).content?.['application/json']?.schema;
    if (!schema) return;
    const errors: string[] = [];
    validate(spec, schema, reply.body, '', errors);
    if (errors.length > 0)
      report(`the fake's answer is not what GitHub describes: ${errors.slice(0, 40).join('; ')}`);
  };

  const findFault = (method: string, reqUrl: URL) => {
    const fault = faults.find((f) => {
      if (f.method && f.method.toUpperCase() !== method) return false;
      if (f.path) {
        f.path.lastIndex = 0;
        if (!f.path.test(reqUrl.pathname)) return false;
      }
      return true;
    });
    if (fault) {
      fault.remaining--;
      if (fault.remaining <= 0) faults.splice(faults.indexOf(fault), 1);
    }
    return fault;
  };

  const faultReply = (fault: Fault, op?: Operation): Reply => {
    // GitHub answers 429 only for its rate limits, and says so.
    const message =
      fault.status === 429
        ? 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
        : (STATUS_CODES[fault.status] ?? 'Error');
    const reply =
      fault.body === undefined ? error(fault.status, message, op) : new Reply(fault.status, fault.body);
    Object.assign(reply.headers, fault.headers);
    return reply;
  };

  /** POST /graphql: `viewer { login databaseId }` answers the token's identity; anything else is a violation. */
  const graphql = (
    method: string,
    raw: string,
    violation: (reply: Reply, problem: string) => Reply,
  ): Reply => {
    if (method !== 'POST') return violation(error(404, 'Not Found'), 'GraphQL takes POST only');
    const fault = findFault(method, new URL('/graphql', 'http://127.0.0.1'));
    if (fault) return faultReply(fault);
    let query = '';
    try {
      query = String((JSON.parse(raw) as { query?: unknown }).query ?? '');
    } catch {
      return violation(error(400, 'Problems parsing JSON'), 'GraphQL body is not JSON');
    }
    if (!/\bviewer\s*\{/.test(query)) {
      return violation(
        new Reply(200, { errors: [{ message: 'not faked' }] }),
        `GraphQL query not faked: ${query}`,
      );
    }
    return new Reply(200, { data: { viewer: { login: actor.login, databaseId: userId(actor.login) } } });
  };

  const send = (res: ServerResponse, recorded: RecordedRequest, reply: Reply) => {
    recorded.status = reply.status;
    const reset = Math.floor(Date.now() / 1000) + 3600;
    const headers: Record<string, string> = {
      'x-github-request-id': `FAKE:${(++requestCounter).toString(16).toUpperCase()}`,
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - requestCounter)),
      'x-ratelimit-used': String(requestCounter),
      'x-ratelimit-reset': String(reset),
      'x-ratelimit-resource': 'core',
    };
    let payload = '';
    if (reply.status !== 204 && reply.body !== undefined) {
      const isText = typeof reply.body === 'string';
      payload = isText ? (reply.body as string) : JSON.stringify(reply.body);
      headers['content-type'] = isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
    }
    Object.assign(headers, reply.headers);
    headers['content-length'] = String(Buffer.byteLength(payload));
    res.writeHead(reply.status, headers);
    res.end(recorded.method === 'HEAD' ? undefined : payload);
  };

  const server = createServer((req, res) => {
    const reqUrl = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: reqUrl.pathname,
      query: reqUrl.searchParams,
      operationId: undefined,
      body: undefined,
      headers: { ...req.headers },
      status: 0,
    };
    requests.push(recorded);
    handle(req, recorded, reqUrl).then(
      (reply) => send(res, recorded, reply),
      (e: unknown) => {
        violations.push(`${recorded.method} ${reqUrl.pathname}: fake GitHub crashed: ${String(e)}`);
        send(res, recorded, error(500, 'Server Error'));
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    violations,
    comments,
    checkRuns,
    issues,
    addIssue,
    addComment,
    addLabel,
    removeLabel,
    push,
    labels,
    addFault(fault: Fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
