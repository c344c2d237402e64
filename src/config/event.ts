/** What perf-gate needs from the workflow's event payload. Pure. */
import { privilegedEventMessage } from '../report/error-text.ts';
import { asRecord } from './records.ts';

export interface PullRequestInfo {
  number: number;
  baseSha: string;
  baseRef: string;
  headSha: string;
  headRef: string;
  /** The pull request comes from another repository: its token is read-only. */
  fromFork: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function pullRequestOf(payload: unknown): PullRequestInfo | undefined {
  const pr = asRecord(asRecord(payload)?.pull_request);
  if (!pr || typeof pr.number !== 'number') return undefined;
  const base = asRecord(pr.base);
  const head = asRecord(pr.head);
  const baseRepo = text(asRecord(base?.repo)?.full_name);
  const headRepo = text(asRecord(head?.repo)?.full_name);
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

/** A merge queue's group (`merge_group` event): its head commit and the base it would land on. */
export interface MergeGroupInfo {
  headSha: string;
  headRef: string;
  baseSha: string;
  baseRef: string;
}

export function mergeGroupOf(payload: unknown): MergeGroupInfo | undefined {
  const group = asRecord(asRecord(payload)?.merge_group);
  if (!group || text(group.head_sha) === '' || text(group.base_sha) === '') return undefined;
  const branch = (ref: unknown): string => text(ref).replace(/^refs\/heads\//, '');
  return {
    headSha: text(group.head_sha),
    headRef: branch(group.head_ref),
    baseSha: text(group.base_sha),
    baseRef: branch(group.base_ref),
  };
}

/** The pull request a merge group was made for (`gh-readonly-queue/main/pr-12-<sha>`); undefined when unnamed. */
export function mergeGroupPull(group: MergeGroupInfo): number | undefined {
  const found = /^gh-readonly-queue\/.+\/pr-(\d{1,9})-[0-9a-f]{7,64}$/.exec(group.headRef);
  return found ? Number(found[1]) : undefined;
}

/** The base of a merge group: `merge_group.base_sha`, the tip of the branch the group would land on. */
export function mergeGroupBase(group: MergeGroupInfo): BaseChoice {
  return {
    ref: group.baseSha,
    label: group.baseRef || group.baseSha.slice(0, 7),
    source: 'the merge_group event',
  };
}

/**
 * Events whose checked-out code is the repository's own or whose token a fork's pull request gets read-only: a gate
 * runs on them as it is. Every other event (`pull_request_target`, `workflow_run`, `issue_comment`, `merge_group`,
 * `check_suite`, and any GitHub adds) may give the job a write token and the secrets: an allowlist, not a blocklist.
 */
const UNPRIVILEGED_EVENTS: ReadonlySet<string> = new Set([
  'pull_request',
  'push',
  'schedule',
  'workflow_dispatch',
]);

/** Two repositories of a payload that are provably one: both named alike, and of the same id where both have one. */
function sameRepository(a: unknown, b: unknown): boolean {
  const [x, y] = [asRecord(a), asRecord(b)];
  const name = text(x?.full_name);
  if (name === '' || name !== text(y?.full_name)) return false;
  return typeof x?.id !== 'number' || typeof y?.id !== 'number' || x.id === y.id;
}

/** The payload proves that the code it names comes from the repository the workflow runs in. */
function payloadProvesSameRepository(eventName: string, payload: unknown): boolean {
  const event = asRecord(payload);
  if (eventName === 'pull_request_target') {
    const pr = asRecord(event?.pull_request);
    return sameRepository(asRecord(pr?.head)?.repo, asRecord(pr?.base)?.repo);
  }
  if (eventName === 'workflow_run') {
    return sameRepository(asRecord(event?.workflow_run)?.head_repository, event?.repository);
  }
  // issue_comment does not say where the pull request's head comes from.
  return false;
}

/**
 * Why a gate must not run for this event, if it must not. Events but `pull_request`, `push`, `schedule` and
 * `workflow_dispatch` may give the job a write token and the repository's secrets, and a gate runs the checked-out code's
 * install, build and server with them: unless the payload proves that code comes from this repository (a fork's,
 * or a deleted fork's, whose `head.repo` is null, does not), or the checked-out commit is the one the workflow
 * itself runs from (`GITHUB_SHA`), the gate is refused.
 */
export function privilegedForkProblem(
  eventName: string,
  payload: unknown,
  checkedOut?: { head: string; eventSha: string },
): string | undefined {
  if (UNPRIVILEGED_EVENTS.has(eventName)) return undefined;
  if (payloadProvesSameRepository(eventName, payload)) return undefined;
  if (checkedOut && checkedOut.head !== '' && checkedOut.head === checkedOut.eventSha) return undefined;
  return privilegedEventMessage(eventName);
}

/** This job's workflow run (GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT), which a gate records in its report. */
export function workflowRunOf(env: NodeJS.ProcessEnv): { id: string; attempt: number } | undefined {
  const id = env.GITHUB_RUN_ID ?? '';
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT);
  return { id, attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1 };
}

/**
 * The run whose reports `mode: report` merges: under `workflow_run` the run that triggered it
 * (`workflow_run.id`), else its own. Undefined outside a workflow run (nothing to check against).
 */
export function measuringRunId(
  eventName: string,
  payload: unknown,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (eventName === 'workflow_run') {
    const id = asRecord(asRecord(payload)?.workflow_run)?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : undefined;
  }
  return workflowRunOf(env)?.id;
}
