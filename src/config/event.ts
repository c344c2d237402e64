/** What perf-gate needs from the workflow's event payload. Pure. */

export interface PullRequestInfo {
  number: number;
  baseSha: string;
  baseRef: string;
  headSha: string;
  headRef: string;
  /** The pull request comes from another repository: its token is read-only. */
  fromFork: boolean;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function pullRequestOf(payload: unknown): PullRequestInfo | undefined {
  const pr = record(record(payload)?.pull_request);
  if (!pr || typeof pr.number !== 'number') return undefined;
  const base = record(pr.base);
  const head = record(pr.head);
  const baseRepo = text(record(base?.repo)?.full_name);
  const headRepo = text(record(head?.repo)?.full_name);
  return {
    number: pr.number,
    baseSha: text(base?.sha),
    baseRef: text(base?.ref),
    headSha: text(head?.sha),
    headRef: text(head?.ref),
    fromFork: headRepo !== '' && baseRepo !== '' && headRepo !== baseRepo,
  };
}

export interface BaseChoice {
  /** A sha or ref to resolve. */
  ref: string;
  label: string;
  /** Where it came from, for messages. */
  source: string;
}

/**
 * The commit to compare against. actions/checkout leaves a pull request's merge commit checked out: its first
 * parent is exactly the base the merge would land on. Otherwise the event's base sha; an explicit `base` input
 * wins over both.
 */
export function chooseBase(
  explicit: string | undefined,
  pr: PullRequestInfo | undefined,
  head: { parents: readonly string[] },
): BaseChoice | undefined {
  if (explicit) return { ref: explicit, label: explicit, source: 'input `base`' };
  if (!pr) return undefined;
  const label = pr.baseRef || pr.baseSha.slice(0, 7);
  if (head.parents.length === 2 && pr.headSha !== '' && head.parents[1] === pr.headSha) {
    return { ref: head.parents[0]!, label, source: 'the first parent of the pull request merge commit' };
  }
  return { ref: pr.baseSha, label, source: 'the pull_request event' };
}

/**
 * Why a gate must not run for this event, if it must not: a fork's pull request under `pull_request_target` gets a
 * write token and the repository's secrets, and a gate runs the pull request's install, build and server with them.
 */
export function privilegedForkProblem(
  eventName: string,
  pr: PullRequestInfo | undefined,
): string | undefined {
  if (eventName !== 'pull_request_target' || !pr?.fromFork) return undefined;
  return "refusing to run a fork's pull request under `pull_request_target`: that event gives the job a write token and the repository's secrets, and perf-gate runs the pull request's install, build and server. Measure on `pull_request` and post the report from a `workflow_run` workflow (see \"Pull requests from forks\" in the README).";
}
