/** The fake GitHub's public types: what a test seeds, reads back and injects. */

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

/** A run of a workflow of the repository (actions/list-workflow-runs, actions/re-run-workflow). */
export interface FakeWorkflowRun {
  id: number;
  /** The workflow's file, `.github/workflows/perf.yml`. */
  workflow: string;
  /** The workflow's `name:`; default `perf`. */
  name?: string;
  event: string;
  headSha: string;
  headBranch?: string;
  /** `completed`, or `queued` again once re-run. */
  status: string;
  conclusion: string | null;
  /** An ISO time. */
  createdAt: string;
  /** 1, and one more for each re-run. */
  attempt: number;
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
  /**
   * Each user's role on the repository (`admin`, `maintain`, `write`, `triage`, `read` or a custom role's name), as
   * repos/get-collaborator-permission-level answers it; anyone else's is `read`, as on a public repository.
   */
  roles?: Record<string, string>;
  /** `read`: re-running a workflow run is refused (403), as without `actions: write`. */
  actionsPermission?: 'write' | 'read';
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
  /** The repository's workflow runs; a test seeds them (e.g. the gate's run of a head). */
  workflowRuns: FakeWorkflowRun[];
  /** The runs re-run through the API, in order (actions/re-run-workflow). */
  reruns: number[];
  addFault(fault: Fault): void;
  close(): Promise<void>;
}

export const COMMENT_BODY_MAX = 65536;
