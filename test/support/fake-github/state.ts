/**
 * What the fake GitHub holds: the repository and its pull request, comments, issues, check runs, labels and their
 * events, the faults still to inject, and every request it was sent. Tests seed and read it through FakeGitHub.
 */
import type {
  FakeCheckRun,
  FakeComment,
  FakeGitHubOptions,
  FakeIssue,
  FakeLabel,
  FakeUser,
  FakeWorkflowRun,
  Fault,
  RecordedRequest,
} from './types.ts';

export const GITHUB_WEB = 'https://github.com';
/** The GITHUB_TOKEN's identity. */
export const BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };

/** The time now, as GitHub writes it (whole seconds). */
export function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A stable id for a login (the Actions bot's real one). */
export function userId(login: string): number {
  if (login === 'github-actions[bot]') return 41898282;
  let h = 7;
  for (const ch of login) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 100_000_000;
  return h + 1;
}

/** A label added to or removed from the pull request (issues/list-events). */
export interface LabelEvent {
  id: number;
  label: FakeLabel;
  created_at: string;
  event: 'labeled' | 'unlabeled';
}

export class FakeState {
  readonly options: FakeGitHubOptions;
  readonly owner: string;
  readonly repo: string;
  readonly pullNumber: number;
  readonly baseSha: string;
  readonly changedFiles: NonNullable<FakeGitHubOptions['changedFiles']>;
  /** Author of what is created through the API. */
  readonly actor: FakeUser;
  headSha: string;
  pushedAt = '2024-01-01T00:00:00Z';
  /** The server's base URL, set once it listens. */
  url = '';
  readonly repoWeb: string;
  readonly labels: FakeLabel[] = [];
  readonly events: LabelEvent[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  readonly comments = new Map<number, FakeComment[]>();
  readonly checkRuns: FakeCheckRun[] = [];
  readonly issues: FakeIssue[] = [];
  readonly workflowRuns: FakeWorkflowRun[] = [];
  readonly reruns: number[] = [];
  readonly faults: (Fault & { remaining: number })[] = [];
  /** Issue numbers after the pull request's (they share one sequence on GitHub). */
  nextIssueNumber: number;
  // Large ids (beyond 32 bits, like GitHub's) catch code that assumes small integers.
  nextCommentId = 3_000_000_001;
  nextCheckRunId = 30_000_000_001;
  nextEventId = 9_000_000_001;
  requestCount = 0;

  constructor(options: FakeGitHubOptions) {
    this.options = options;
    this.owner = options.owner ?? 'octo-org';
    this.repo = options.repo ?? 'octo-repo';
    this.pullNumber = options.pullNumber ?? 1;
    this.headSha = options.headSha ?? 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe';
    this.baseSha = options.baseSha ?? 'ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11';
    this.changedFiles = options.changedFiles ?? [];
    this.actor = options.actor ?? BOT;
    this.repoWeb = `${GITHUB_WEB}/${this.owner}/${this.repo}`;
    this.nextIssueNumber = this.pullNumber + 100;
  }

  /** The repository's API URL. */
  repoApi(): string {
    return `${this.url}/repos/${this.owner}/${this.repo}`;
  }

  addComment = (issueNumber: number, body: string, user: FakeUser = this.actor): FakeComment => {
    const id = this.nextCommentId++;
    const now = timestamp();
    const kind = issueNumber === this.pullNumber ? 'pull' : 'issues';
    const comment: FakeComment = {
      id,
      body,
      user,
      created_at: now,
      updated_at: now,
      html_url: `${this.repoWeb}/${kind}/${issueNumber}#issuecomment-${id}`,
    };
    const list = this.comments.get(issueNumber) ?? [];
    list.push(comment);
    this.comments.set(issueNumber, list);
    return comment;
  };

  findComment(id: number): { issue: number; list: FakeComment[]; index: number } | undefined {
    for (const [issue, list] of this.comments) {
      const index = list.findIndex((c) => c.id === id);
      if (index >= 0) return { issue, list, index };
    }
    return undefined;
  }

  addIssue = (title: string, body: string, user: FakeUser = this.actor): FakeIssue => {
    const now = timestamp();
    const issue: FakeIssue = {
      number: this.nextIssueNumber++,
      title,
      body,
      state: 'open',
      state_reason: null,
      user,
      created_at: now,
      updated_at: now,
      closed_at: null,
    };
    this.issues.push(issue);
    return issue;
  };

  addLabel = (name: string, by: FakeUser, at = timestamp()): void => {
    const label = { name, actor: by };
    this.labels.push(label);
    this.events.push({ id: this.nextEventId++, label, created_at: at, event: 'labeled' });
  };

  removeLabel = (name: string, by: FakeUser, at = timestamp()): void => {
    const index = this.labels.findIndex((l) => l.name === name);
    if (index >= 0) this.labels.splice(index, 1);
    this.events.push({
      id: this.nextEventId++,
      label: { name, actor: by },
      created_at: at,
      event: 'unlabeled',
    });
  };

  push = (sha: string, at = timestamp()): void => {
    this.headSha = sha;
    this.pushedAt = at;
  };
}
