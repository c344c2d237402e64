/**
 * Publishing a report from the action: the outputs, the log, the job summary, the sticky PR comment and the check
 * run, each within GitHub's limits in bytes (report/fit.ts), then the step's outcome. A write to GitHub never
 * decides the step: when it fails, a warning says why and the verdict stands.
 */
import { statSync } from 'node:fs';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { checkConclusion, stepOutcome } from '../decide/outcome.ts';
import { reportPath } from '../io/report-json.ts';
import type { CommentOn, Config } from '../model/config.ts';
import type { DriftView } from '../model/history.ts';
import type { Acceptance, Report } from '../model/report.ts';
import { readAcceptance } from '../publish/accept.ts';
import { commentRunsLine, readCommentRuns, runRecord } from '../publish/comment-runs.ts';
import { writeFailureWarning } from '../publish/failure.ts';
import {
  COMMENT_PREFIX_BYTES,
  createCheckRun,
  gateKey,
  gitHubClient,
  type Octokit,
  upsertComment,
  workflowOf,
} from '../publish/github.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import { acceptedLog, acceptedTitle } from '../report/comment-runs-text.ts';
import {
  CHECK_SUMMARY_BYTES,
  COMMENT_LIMIT,
  fitComment,
  JOB_SUMMARY_BYTES,
  utf8Bytes,
} from '../report/fit.ts';
import { checkTitle, stepMessage } from '../report/headline.ts';
import { acceptedOutput } from '../report/outputs.ts';
import { type RenderOptions, renderBrief } from '../report/render.ts';
import { info, logUntrusted } from './log.ts';
import { reportOutputs, setOutputs } from './outputs.ts';

export interface PublishTo {
  /** Pull request to comment on; undefined: none. */
  number: number | undefined;
  /** Commit for the check run. */
  headSha: string;
  fromFork: boolean;
  /** The report was read from files (mode report): no artifact of ours, no annotations on this run. */
  fromFiles: boolean;
  /** Link for the details when there is no artifact of ours (the measuring run). */
  detailsUrl: string | undefined;
  /** The base branch's drift from its release, for the comment's line on it (history/drift.ts). */
  drift?: DriftView | undefined;
  /** A merge group's pull request, whose acceptance the group's regression takes (none to comment on). */
  queuedPull?: number | undefined;
}

/** Where a publication writes to GitHub: the client (none without a token), the repository, this gate's key. */
export interface GitHubTarget {
  octokit: Octokit | undefined;
  owner: string;
  repo: string;
  /** The comment's gate key: the workflow, GITHUB_JOB, `working-directory` and the config file (github.ts gateKey). */
  key: string;
}

export function gitHubTarget(config: Config): GitHubTarget {
  return {
    octokit: config.token ? gitHubClient(config.token, { onRetry: info }) : undefined,
    ...github.context.repo,
    key: gateKey({
      job: process.env.GITHUB_JOB,
      workingDirectory: config.workingDirectory,
      configFile: config.configFile,
      name: config.name,
      workflow: workflowOf(process.env.GITHUB_WORKFLOW_REF),
    }),
  };
}

/** This workflow run's page (where the job summary is), from the runner's environment. */
function runUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/**
 * Whether this run's report is posted in full (`comment`); when not, only a comment an earlier run left is
 * updated, to one line, so that it never goes on showing a regression that is gone.
 */
export function commentWanted(report: Report, commentOn: CommentOn): boolean {
  if (commentOn === 'always') return true;
  if ((report.error && !report.error.neutral) || report.verdict === 'regression') return true;
  return commentOn === 'change' && report.verdict === 'improvement';
}

/** The check run's name: `check-name`, and the gate's `name` when it has one. */
export function checkRunName(checkName: string, name: string | undefined): string {
  return name ? `${checkName} (${name})` : checkName;
}

/** Whether the pull request accepts this report's regression (publish/accept.ts); undefined for anything else. */
async function acceptance(
  report: Report,
  config: Config,
  to: PublishTo,
  { octokit, owner, repo }: GitHubTarget,
): Promise<Acceptance | undefined> {
  const number = to.number ?? to.queuedPull;
  if (!config.accept || number === undefined || report.verdict !== 'regression' || report.error)
    return undefined;
  const headSha = to.number === undefined ? 'queued' : report.pullRequest?.headSha || report.head.sha;
  return readAcceptance(octokit, { owner, repo, number, headSha }, config.accept, {
    payload: github.context.payload,
    onRefused: (message) => core.warning(message),
  });
}

const IN_SUMMARY = 'The whole report is in the job summary.';
const IN_REPORT_JSON = 'The whole report is in report.json (the `report` output).';

/** Writes the job summary within its 1 MiB (what this step's summary already holds included); true when whole. */
export async function writeJobSummary(markdown: string): Promise<boolean> {
  const path = process.env.GITHUB_STEP_SUMMARY;
  if (!path) return false;
  let used = 0;
  try {
    used = statSync(path).size;
  } catch {
    used = 0;
  }
  const fitted = fitComment(markdown, JOB_SUMMARY_BYTES - used, IN_REPORT_JSON, 'a job summary');
  await core.summary.addRaw(fitted).write();
  return fitted === markdown;
}

/** The report's outputs, log and job summary, the PR comment and the check run; then the step's outcome. */
export async function publishReport(
  report: Report,
  config: Config,
  to: PublishTo,
  artifactUrl: string | undefined,
): Promise<void> {
  const outputs = reportOutputs(report, reportPath(config.outputDir), { confirm: config.confirm ?? false });
  try {
    const gitHub = gitHubTarget(config);
    const accepted = await acceptance(report, config, to, gitHub);
    outputs.accepted = acceptedOutput(report, accepted);
    const options: RenderOptions = {
      name: config.name,
      accepted,
      acceptLabel: config.accept?.label,
      acceptInDescription: config.accept?.inDescription,
      runUrl: runUrl(),
      drift: to.drift,
      ...(artifactUrl === undefined ? {} : { detailsUrl: artifactUrl }),
    };
    const markdown = renderMarkdown(report, options);
    logUntrusted(markdown);
    const pointer = (await writeJobSummary(markdown)) ? IN_SUMMARY : IN_REPORT_JSON;
    if (to.number !== undefined && config.commentOn !== 'off') {
      const full = commentWanted(report, config.commentOn);
      outputs['comment-url'] = await postComment(report, options, to, to.number, gitHub, pointer, { full });
    }
    if (config.checkName !== undefined)
      outputs['check-run-url'] = await createCheck(report, markdown, config, to, gitHub, pointer, accepted);
    if (report.error?.output) logUntrusted(`Last output:\n${report.error.output}`);
    if (accepted) info(acceptedLog(accepted));
    const outcome = stepOutcome(report, config.failOnRegression, accepted !== undefined);
    if (outcome.kind === 'fail') core.setFailed(`perf-gate: ${stepMessage(report, outcome)}`);
    else if (outcome.kind === 'warn') core.warning(`perf-gate: ${stepMessage(report, outcome)}`);
  } finally {
    setOutputs(outputs);
  }
}

/**
 * The comment's body from the one it replaces: the runs it remembers (this one first), then the report in full, or
 * in one line when `full` is false, with the earlier runs; within GitHub's limit.
 */
function commentMarkdown(
  report: Report,
  options: RenderOptions,
  pointer: string,
  full: boolean,
): (previous: string | undefined) => string {
  return (previous) => {
    const earlier = readCommentRuns(previous);
    const line = commentRunsLine([runRecord(report, options.accepted !== undefined), ...earlier]);
    const withHistory = { ...options, earlier: earlier.slice(0, 9) };
    const markdown = full ? renderMarkdown(report, withHistory) : renderBrief(report, withHistory);
    const limit = COMMENT_LIMIT - COMMENT_PREFIX_BYTES - utf8Bytes(line) - 1;
    return `${line}\n${fitComment(markdown, limit, pointer)}`;
  };
}

/**
 * Creates or updates this gate's sticky comment (`full` false: only updates one, to a line); returns its URL, ''
 * when none was written.
 */
export async function postComment(
  report: Report,
  options: RenderOptions,
  to: PublishTo,
  issueNumber: number,
  { octokit, owner, repo, key }: GitHubTarget,
  pointer: string,
  how: { full: boolean; quick?: boolean },
): Promise<string> {
  const result = await writeOrWarn(octokit, report, to, {
    what: 'post the PR comment',
    permission: 'pull-requests: write',
    write: (client) =>
      upsertComment(
        client,
        { owner, repo, issueNumber },
        commentMarkdown(report, options, pointer, how.full),
        {
          key,
          create: how.full,
          onRetry: info,
          ...(how.quick ? { retries: 0 } : {}),
        },
      ),
  });
  if (!result) return '';
  info(`PR comment ${result.action}: ${result.url}`);
  return result.url;
}

/** A cancelled run's report in this gate's comment (src/entry/cancel.ts gives it a few seconds). */
export async function postCancelledComment(report: Report, config: Config, to: PublishTo): Promise<void> {
  if (to.number === undefined || config.commentOn === 'off') return;
  await postComment(report, { name: config.name }, to, to.number, gitHubTarget(config), IN_REPORT_JSON, {
    full: true,
    quick: true,
  });
}

/** Creates the check run `check-name` on the head commit; returns its URL, '' when it could not be created. */
async function createCheck(
  report: Report,
  markdown: string,
  config: Config,
  to: PublishTo,
  { octokit, owner, repo }: GitHubTarget,
  pointer: string,
  accepted: Acceptance | undefined,
): Promise<string> {
  const name = checkRunName(config.checkName!, config.name);
  const url = await writeOrWarn(octokit, report, to, {
    what: `create the check run \`${name}\``,
    permission: 'checks: write',
    write: (client) =>
      createCheckRun(client, {
        owner,
        repo,
        name,
        headSha: to.headSha,
        conclusion: checkConclusion(report, config.failOnRegression, accepted !== undefined),
        title: accepted ? acceptedTitle(checkTitle(report)) : checkTitle(report),
        summary: fitComment(markdown, CHECK_SUMMARY_BYTES, pointer, 'a check run summary'),
        detailsUrl: to.detailsUrl,
      }),
  });
  if (url === undefined) return '';
  info(`check run ${name} created on ${to.headSha.slice(0, 7)}: ${url}`);
  return url;
}

/**
 * One write to GitHub (the comment, the check run). It never decides the step: without a token, or when GitHub
 * refuses, a warning says what was not done and why (publish/failure.ts), and the verdict stands.
 */
async function writeOrWarn<T>(
  octokit: Octokit | undefined,
  report: Report,
  to: PublishTo,
  action: { what: string; permission: string; write: (octokit: Octokit) => Promise<T> },
): Promise<T | undefined> {
  const { what, permission } = action;
  if (!octokit) {
    core.warning(`no \`github-token\`: could not ${what} (the verdict stands)`);
    return undefined;
  }
  try {
    return await action.write(octokit);
  } catch (error) {
    core.warning(
      writeFailureWarning(error, { what, permission, fromFork: to.fromFork, verdict: report.verdict }),
    );
    return undefined;
  }
}
