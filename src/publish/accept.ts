/**
 * Accepting an intended slowdown: the pull request carries the label `accept-label` (default `perf-gate:accept`), or
 * its description has a line that starts with the label's name (`perf-gate:accept the cache costs 3%`). Read from the
 * API when the gate publishes, so that a re-run of the job sees a label added or a description edited since the
 * event (a re-run gets the first run's event); the event's copy is used when the API cannot be asked. Who added the
 * label comes from the event when it was this label's `labeled` event, else from the issue's events
 * (GET /repos/{owner}/{repo}/issues/{issue_number}/events).
 */
import type { AcceptRule } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import type { Acceptance } from '../model/report.ts';
import type { Octokit } from './client.ts';

/** What acceptance needs of a pull request: its labels, description and author. */
export interface PullState {
  labels: string[];
  body: string;
  author: string | undefined;
}

/** The longest reason kept from the description's line. */
const REASON_CHARS = 200;

/** The description's line that accepts, and its reason; undefined when there is none. */
export function acceptingLine(body: string, label: string): { reason: string } | undefined {
  const wanted = label.toLowerCase();
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.toLowerCase().startsWith(wanted)) continue;
    const rest = line.slice(label.length);
    // The label's name alone, or followed by a separator and the reason (not a longer word: `…:accepted`).
    if (rest !== '' && !/^[\s:—–-]/.test(rest)) continue;
    return { reason: rest.replace(/^[\s:—–-]+/, '').slice(0, REASON_CHARS) };
  }
  return undefined;
}

/** Whether (and how) `pull` accepts a regression under `rule`; `by` is filled in by the caller for a label. */
export function acceptanceOf(pull: PullState, rule: AcceptRule): Acceptance | undefined {
  if (pull.labels.includes(rule.label)) return { by: undefined, how: 'label', label: rule.label, reason: '' };
  if (!rule.inDescription) return undefined;
  const line = acceptingLine(pull.body, rule.label);
  if (!line) return undefined;
  return { by: pull.author, how: 'description', label: rule.label, reason: line.reason };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function login(value: unknown): string | undefined {
  const name = record(value)?.login;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The pull request's state as the event carried it (labels, description, author). */
export function pullStateOfEvent(payload: unknown): PullState | undefined {
  const pr = record(record(payload)?.pull_request);
  if (!pr) return undefined;
  const labels = Array.isArray(pr.labels)
    ? pr.labels.map((l) => record(l)?.name).filter((n): n is string => typeof n === 'string')
    : [];
  return { labels, body: typeof pr.body === 'string' ? pr.body : '', author: login(pr.user) };
}

/** Who added `label`, when the event is that label's `labeled` event. */
export function labelerOfEvent(payload: unknown, label: string): string | undefined {
  const event = record(payload);
  if (event?.action !== 'labeled' || record(event.label)?.name !== label) return undefined;
  return login(event.sender);
}

export interface AcceptTarget {
  owner: string;
  repo: string;
  number: number;
}

/** The pull request's labels, description and author now (GET /repos/{owner}/{repo}/pulls/{pull_number}). */
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
  };
}

/** Who last added `label` to the issue (its `labeled` events); undefined when none says. */
async function labeler(octokit: Octokit, target: AcceptTarget, label: string): Promise<string | undefined> {
  const events = await octokit.paginate(octokit.rest.issues.listEvents, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    per_page: 100,
  });
  const added = events.filter(
    (e) => e.event === 'labeled' && (e as { label?: { name?: string } }).label?.name === label,
  );
  return login(added.at(-1)?.actor);
}

/**
 * The acceptance of this pull request, if it has one. The API first (a re-run sees today's labels); the event's
 * copy when there is no client or the API fails (`onFallback` is told why).
 */
export async function readAcceptance(
  octokit: Octokit | undefined,
  target: AcceptTarget,
  rule: AcceptRule,
  event: { payload: unknown; onFallback: (message: string) => void },
): Promise<Acceptance | undefined> {
  let pull: PullState | undefined;
  let fromApi = false;
  if (octokit) {
    try {
      pull = await currentPull(octokit, target);
      fromApi = true;
    } catch (error) {
      event.onFallback(
        `could not read pull request #${target.number}'s labels (${errorMessage(error)}); the event's copy is used`,
      );
    }
  }
  pull ??= pullStateOfEvent(event.payload);
  if (!pull) return undefined;
  const accepted = acceptanceOf(pull, rule);
  if (accepted?.how !== 'label') return accepted;
  let by = labelerOfEvent(event.payload, rule.label);
  if (by === undefined && octokit && fromApi) {
    try {
      by = await labeler(octokit, target, rule.label);
    } catch {
      // Who is a courtesy: the label accepts all the same.
    }
  }
  return { ...accepted, by };
}
