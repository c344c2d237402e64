/**
 * Accepting an intended slowdown, for the commit that was measured and by someone who may label: the pull request
 * carries the label `accept-label` (default `perf-gate:accept`), added after head's last push. Read from the API
 * when the gate publishes (a re-run gets the first run's event, so it must see today's labels); when the API cannot
 * be asked, nothing is accepted (the event's copy of the labels may be stale). The label counts when this run was
 * started by adding it, at the head that was measured (the event's sender added it), or when its last `labeled`
 * event (GET /repos/{owner}/{repo}/issues/{issue_number}/events) came after the last push to head's repository
 * (`head.repo.pushed_at`). With `accept-in-description`, a visible line of the description that starts with the
 * label's name accepts too (publish/visible-text.ts). Whoever added the label must be a person (not a bot: the job's
 * GITHUB_TOKEN, which the measured code can read, adds labels as `github-actions[bot]`), not the token's own account,
 * and have triage permission or more on the repository (GET /repos/{owner}/{repo}/collaborators/{username}/permission).
 */

import { asRecord } from '../config/records.ts';
import type { AcceptRule } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import type { Acceptance } from '../model/report.ts';
import type { Octokit } from './client.ts';
import { tokenIdentity } from './identity.ts';
import { visibleLines } from './visible-text.ts';

/** What acceptance needs of a pull request: its labels, description, author, head and when head was pushed. */
export interface PullState {
  labels: string[];
  body: string;
  author: string | undefined;
  /** Head's commit now. */
  headSha: string;
  /** The last push to head's repository (ISO time); undefined when the repository is gone. */
  pushedAt: string | undefined;
}

/** The longest reason kept from the description's line. */
const REASON_CHARS = 200;

/** The description's visible line that accepts, and its reason; undefined when there is none. */
export function acceptingLine(body: string, label: string): { reason: string } | undefined {
  const wanted = label.toLowerCase();
  for (const line of visibleLines(body)) {
    if (!line.toLowerCase().startsWith(wanted)) continue;
    const rest = line.slice(label.length);
    // The label's name alone, or followed by a separator and the reason (not a longer word: `…:accepted`).
    if (rest !== '' && !/^[\s:—–-]/.test(rest)) continue;
    return { reason: rest.replace(/^[\s:—–-]+/, '').slice(0, REASON_CHARS) };
  }
  return undefined;
}

/** Who did something: an account's login and type (`User`, `Bot`, `Organization`). */
export interface Account {
  login: string;
  type: string | undefined;
}

function account(value: unknown): Account | undefined {
  const { login, type } = asRecord(value) ?? {};
  if (typeof login !== 'string' || login === '') return undefined;
  return { login, type: typeof type === 'string' ? type : undefined };
}

/** Who added `label` at commit `sha`, when the event is that label's `labeled` event at that head. */
export function labelerOfEvent(payload: unknown, label: string, sha: string): Account | undefined {
  const event = asRecord(payload);
  if (event?.action !== 'labeled' || asRecord(event.label)?.name !== label) return undefined;
  if (asRecord(asRecord(event.pull_request)?.head)?.sha !== sha) return undefined;
  return account(event.sender);
}

export interface AcceptTarget {
  owner: string;
  repo: string;
  number: number;
  /**
   * The head commit that was measured: only it can be accepted. `queued`: a merge group made for the pull request,
   * whose head cannot move while it is queued; its head now is the one accepted.
   */
  headSha: string | 'queued';
}

/** The pull request now (GET /repos/{owner}/{repo}/pulls/{pull_number}). */
async function currentPull(octokit: Octokit, target: AcceptTarget): Promise<PullState> {
  const { data } = await octokit.rest.pulls.get({
    owner: target.owner,
    repo: target.repo,
    pull_number: target.number,
  });
  return {
    labels: data.labels.map((l) => l.name),
    body: data.body ?? '',
    author: data.user?.login,
    headSha: data.head.sha,
    pushedAt: data.head.repo?.pushed_at ?? undefined,
  };
}

/** Who last added `label` to the issue, and when (its `labeled` events); undefined when none says. */
async function lastLabeled(
  octokit: Octokit,
  target: AcceptTarget,
  label: string,
): Promise<{ by: Account | undefined; at: string } | undefined> {
  const events = await octokit.paginate(octokit.rest.issues.listEvents, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    per_page: 100,
  });
  const added = events.filter(
    (e) => e.event === 'labeled' && (e as { label?: { name?: string } }).label?.name === label,
  );
  const last = added.at(-1);
  return last ? { by: account(last.actor), at: last.created_at } : undefined;
}

/** Whether an event at `at` came strictly after `pushedAt` (both GitHub's ISO times). */
export function cameAfter(at: string, pushedAt: string | undefined): boolean {
  if (pushedAt === undefined) return false;
  const [a, p] = [Date.parse(at), Date.parse(pushedAt)];
  return Number.isFinite(a) && Number.isFinite(p) && a > p;
}

/** Why a label on the pull request did not accept; told to the log so that a maintainer knows to add it again. */
export type NotAccepted = (message: string) => void;

/** Roles with triage permission or more; `permission` is GitHub's legacy base role, where `maintain` is `write`. */
const TRIAGE_OR_MORE = new Set(['triage', 'write', 'maintain', 'admin']);
const WRITE_OR_MORE = new Set(['write', 'admin']);

/** Why `by` may not accept, or undefined when they may: a person, not the token's own account, triage or more. */
async function refusal(
  octokit: Octokit,
  target: AcceptTarget,
  by: Account | undefined,
): Promise<string | undefined> {
  const only = 'only a person with triage permission or more accepts';
  if (by === undefined) return `no one is named as having added the label: ${only}`;
  if (by.type !== 'User' || by.login.endsWith('[bot]'))
    return `the label was added by \`${by.login}\`, a bot: ${only}`;
  const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
    owner: target.owner,
    repo: target.repo,
    username: by.login,
  });
  if (!TRIAGE_OR_MORE.has(data.role_name) && !WRITE_OR_MORE.has(data.permission))
    return `the label was added by \`${by.login}\`, who has the role ${data.role_name} on ${target.owner}/${target.repo}: ${only}`;
  if ((await tokenIdentity(octokit)).login === by.login)
    return `the label was added by \`${by.login}\`, the job’s own token, which the measured code can read: ${only}`;
  return undefined;
}

async function byLabel(
  octokit: Octokit,
  target: AcceptTarget,
  rule: AcceptRule,
  pull: PullState,
  event: { payload: unknown; onRefused: NotAccepted },
): Promise<Acceptance | undefined> {
  const fromEvent = labelerOfEvent(event.payload, rule.label, pull.headSha);
  const last = fromEvent === undefined ? await lastLabeled(octokit, target, rule.label) : undefined;
  if (fromEvent !== undefined || (last && cameAfter(last.at, pull.pushedAt))) {
    const by = fromEvent ?? last?.by;
    const refused = await refusal(octokit, target, by);
    if (refused === undefined)
      return { by: by?.login, how: 'label', label: rule.label, reason: '', commit: pull.headSha };
    event.onRefused(refused);
    return undefined;
  }
  event.onRefused(
    `the label ${rule.label} was added before head's last push: remove it and add it again to accept ${pull.headSha.slice(0, 7)}`,
  );
  return undefined;
}

/**
 * The acceptance of this pull request's measured head, if it has one. Nothing is accepted when the API cannot be
 * asked, or when head moved since it was measured (`onRefused` is told why).
 */
export async function readAcceptance(
  octokit: Octokit | undefined,
  target: AcceptTarget,
  rule: AcceptRule,
  event: { payload: unknown; onRefused: NotAccepted },
): Promise<Acceptance | undefined> {
  if (!octokit) {
    event.onRefused('no GitHub token to read the pull request with: nothing can accept the regression');
    return undefined;
  }
  try {
    const pull = await currentPull(octokit, target);
    if (target.headSha !== 'queued' && pull.headSha !== target.headSha) {
      event.onRefused(
        `head moved to ${pull.headSha.slice(0, 7)} since ${target.headSha.slice(0, 7)} was measured: nothing accepts this run's regression`,
      );
      return undefined;
    }
    if (pull.labels.includes(rule.label)) {
      const accepted = await byLabel(octokit, target, rule, pull, event);
      if (accepted) return accepted;
    }
    if (!rule.inDescription) return undefined;
    const line = acceptingLine(pull.body, rule.label);
    if (!line) return undefined;
    return {
      by: pull.author,
      how: 'description',
      label: rule.label,
      reason: line.reason,
      commit: target.headSha,
    };
  } catch (error) {
    event.onRefused(
      `could not read pull request #${target.number} (${errorMessage(error)}): nothing accepts the regression`,
    );
    return undefined;
  }
}
