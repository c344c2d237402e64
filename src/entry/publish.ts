/**
 * Publishing a report from the action: the outputs, the log, the job summary, the sticky PR comment and the check
 * run, each within GitHub's limits in bytes (report/fit.ts), then the step's outcome. A write to GitHub never
 * decides the step: when it fails, a warning says why and the verdict stands.
 */
import { statSync } from 'node:fs';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { checkConclusion, checkTitle, stepOutcome } from '../decide/outcome.ts';
import { reportPath } from '../io/report-json.ts';
import type { Config } from '../model/config.ts';
import type { Report } from '../model/report.ts';
import { writeFailureWarning } from '../publish/failure.ts';
import {
  COMMENT_PREFIX_BYTES,
  createCheckRun,
  gateKey,
  gitHubClient,
  type Octokit,
  upsertComment,
} from '../publish/github.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import { CHECK_SUMMARY_BYTES, COMMENT_LIMIT, fitComment, JOB_SUMMARY_BYTES } from '../report/fit.ts';
import { info, logUntrusted } from './log.ts';

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
}

/** Where a publication writes to GitHub: the client (none without a token), the repository, this gate's key. */
export interface GitHubTarget {
  octokit: Octokit | undefined;
  owner: string;
  repo: string;
  /** The comment's gate key: GITHUB_JOB, `working-directory` and the config file (github.ts gateKey). */
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
    }),
  };
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
  const markdown = renderMarkdown(report, artifactUrl === undefined ? {} : { detailsUrl: artifactUrl });
  core.setOutput('verdict', report.verdict);
  core.setOutput('report', reportPath(config.outputDir));
  logUntrusted(markdown);
  const pointer = (await writeJobSummary(markdown)) ? IN_SUMMARY : IN_REPORT_JSON;
  const gitHub = gitHubTarget(config);
  const commentUrl =
    to.number !== undefined && config.comment
      ? await postComment(report, markdown, to, to.number, gitHub, pointer)
      : '';
  core.setOutput('comment-url', commentUrl);
  if (config.checkName !== undefined) await createCheck(report, markdown, config, to, gitHub, pointer);

  if (report.error?.output) logUntrusted(`Last output:\n${report.error.output}`);
  const outcome = stepOutcome(report, config.failOnRegression);
  if (outcome.kind === 'fail') core.setFailed(`perf-gate: ${outcome.message}`);
  else if (outcome.kind === 'warn') core.warning(`perf-gate: ${outcome.message}`);
}

/** Creates or updates this gate's sticky comment; returns its URL, '' when it could not be written. */
export async function postComment(
  report: Report,
  markdown: string,
  to: PublishTo,
  issueNumber: number,
  { octokit, owner, repo, key }: GitHubTarget,
  pointer: string,
  quick = false,
): Promise<string> {
  const body = fitComment(markdown, COMMENT_LIMIT - COMMENT_PREFIX_BYTES, pointer);
  const result = await writeOrWarn(octokit, report, to, {
    what: 'post the PR comment',
    permission: 'pull-requests: write',
    write: (client) =>
      upsertComment(client, { owner, repo, issueNumber }, body, {
        key,
        onRetry: info,
        ...(quick ? { retries: 0 } : {}),
      }),
  });
  if (!result) return '';
  info(`PR comment ${result.action}: ${result.url}`);
  return result.url;
}

/** A cancelled run's report in this gate's comment (src/entry/cancel.ts gives it a few seconds). */
export async function postCancelledComment(report: Report, config: Config, to: PublishTo): Promise<void> {
  if (to.number === undefined || !config.comment) return;
  await postComment(
    report,
    renderMarkdown(report),
    to,
    to.number,
    gitHubTarget(config),
    IN_REPORT_JSON,
    true,
  );
}

/** Creates the check run `check-name` on the head commit. */
async function createCheck(
  report: Report,
  markdown: string,
  config: Config,
  to: PublishTo,
  { octokit, owner, repo }: GitHubTarget,
  pointer: string,
): Promise<void> {
  const name = config.checkName!;
  const url = await writeOrWarn(octokit, report, to, {
    what: `create the check run \`${name}\``,
    permission: 'checks: write',
    write: (client) =>
      createCheckRun(client, {
        owner,
        repo,
        name,
        headSha: to.headSha,
        conclusion: checkConclusion(report, config.failOnRegression),
        title: checkTitle(report),
        summary: fitComment(markdown, CHECK_SUMMARY_BYTES, pointer, 'a check run summary'),
        detailsUrl: to.detailsUrl,
      }),
  });
  if (url !== undefined) info(`check run ${name} created on ${to.headSha.slice(0, 7)}: ${url}`);
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
