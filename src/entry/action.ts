/** The action: inputs → gate → job summary, outputs, sticky comment, exit status. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { chooseBase, pullRequestOf } from '../config/event.ts';
import { type InputName, parseConfig } from '../config/inputs.ts';
import { loadReports } from '../config/results.ts';
import { mergeReports, shownName } from '../decide/merge.ts';
import { CHECK_SUMMARY_LIMIT, checkConclusion, checkTitle, stepOutcome } from '../decide/outcome.ts';
import { type Logger, runGate } from '../gate/run.ts';
import { ensureCommit, headCommit, repositoryRoot } from '../io/git.ts';
import { killAll, liveChildren } from '../io/proc.ts';
import { reportPath, writeReport } from '../io/report-json.ts';
import type { Config } from '../model/config.ts';
import type { Report } from '../model/report.ts';
import { artifactServiceAvailable, uploadFiles } from '../publish/artifact.ts';
import {
  createCheckRun,
  httpStatus,
  MARKER,
  type Octokit,
  pullHead,
  upsertComment,
} from '../publish/github.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import { checkPullHead, gateCheckSha, reportTarget } from '../publish/target.ts';
import { GateError } from '../report/errors.ts';
import { COMMENT_LIMIT, fitComment } from '../report/fit.ts';

/**
 * Shows text that came from the pull request's code (install, build and server output, and the report that quotes
 * it) with workflow commands turned off: between `::stop-commands::<token>` and `::<token>::`, with a token the
 * text cannot guess, the runner treats `::set-output`, `::add-mask::`, `::error` and the like as plain text.
 */
export function untrusted(text: string, token: string = randomUUID()): string {
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}

const actionLog: Logger = {
  info: (message) => core.info(message),
  output: (text) => logUntrusted(text),
  warning: (message) => core.warning(message),
  group: (name, body) => core.group(name, body),
};

export async function run(): Promise<void> {
  try {
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const config = parseConfig((name: InputName) => core.getInput(name), {
      outputDir: join(process.env.RUNNER_TEMP || tmpdir(), 'perf-gate'),
      // The config file, relative to the repository root (only `mode: gate` reads it, after checkout).
      readFile: (path) => readFileSync(resolve(workspace, path), 'utf8'),
    });
    if (config.token) core.setSecret(config.token);
    if (config.mode === 'report') await runReport(config, workspace);
    else await runGateMode(config, workspace);
  } catch (error) {
    if (error instanceof GateError) {
      core.setOutput('verdict', 'inconclusive');
      if (error.output) logUntrusted(`Last output:\n${error.output}`);
      core.setFailed(`perf-gate: ${error.message}`);
    } else {
      core.setFailed(
        `perf-gate failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  } finally {
    if (liveChildren() > 0) {
      const killed = await killAll();
      core.warning(
        `${killed} child processes were still running at the end; they were killed with their trees`,
      );
    }
  }
}

/** mode gate: measure base and head here, then publish. */
async function runGateMode(config: Config, workspace: string): Promise<void> {
  const root = await repositoryRoot(workspace);
  const pr = pullRequestOf(github.context.payload);
  const head = await headCommit(root);
  const choice = chooseBase(config.base, pr, head);
  if (!choice) {
    throw new GateError(
      'config',
      `there is no base to compare against: the event is \`${github.context.eventName || 'unknown'}\`, not \`pull_request\`. Run perf-gate on pull_request, or set the \`base\` input (e.g. \`base: \${{ github.event.before }}\` on push).`,
    );
  }
  const baseSha = await ensureCommit(root, choice.ref, choice.source);
  if (pr?.headRef) head.label = pr.headRef;
  const report = await runGate({
    config,
    root,
    base: { sha: baseSha, label: choice.label },
    head,
    log: actionLog,
    pullRequest: pr ? { number: pr.number, headSha: pr.headSha, baseSha: pr.baseSha } : undefined,
  });
  await publish(report, config, {
    number: pr?.number,
    headSha: gateCheckSha(pr, github.context.sha),
    fromFork: pr?.fromFork ?? false,
    fromFiles: false,
    detailsUrl: undefined,
  });
}

/**
 * mode report: publish report.json files measured elsewhere (the fork-safe pattern, or the shards of a matrix).
 * Runs nothing from the pull request: the files are read as untrusted data, merged, decided again, and posted
 * only to the pull request they were verifiably measured for.
 */
async function runReport(config: Config, workspace: string): Promise<void> {
  const files = await loadReports(config.results, workspace);
  core.info(
    `read ${files.length} report${files.length === 1 ? '' : 's'}: ${files.map((f) => shownName(f.source)).join(', ')}`,
  );
  const report = mergeReports(files);
  const target = reportTarget(github.context.eventName, github.context.payload, report, github.context.sha);
  if (target.verify && target.number !== undefined) await verifyPullHead(config, target, target.number);
  await writeReport(config.outputDir, report);
  await publish(report, config, {
    number: target.number,
    headSha: target.headSha,
    fromFork: false,
    fromFiles: true,
    detailsUrl: target.detailsUrl,
  });
}

/**
 * Refuses to post a report to a pull request that does not exist or whose head is not the commit the report
 * measured (the report's files came from a workflow the pull request's author could change).
 */
async function verifyPullHead(
  config: Config,
  target: ReturnType<typeof reportTarget>,
  number: number,
): Promise<void> {
  if (!config.token) {
    throw new GateError(
      'config',
      'input `github-token`: it is empty, and `mode: report` needs it to check that the pull request named in the report really has the measured head. Leave `github-token` at its default.',
    );
  }
  const { owner, repo } = github.context.repo;
  let pull: { number: number; headSha: string };
  try {
    pull = await pullHead(
      github.getOctokit(config.token),
      { owner, repo, number },
      {
        onRetry: (message) => core.info(message),
      },
    );
  } catch (error) {
    const status = httpStatus(error);
    throw new GateError(
      'config',
      status === 404
        ? `refusing to post the report: pull request #${number} does not exist in ${owner}/${repo}. Nothing was posted.`
        : `could not look up pull request #${number} to verify the report (${error instanceof Error ? error.message : String(error)}); nothing was posted. The job needs \`pull-requests: read\` (write includes it).`,
    );
  }
  checkPullHead(target, pull);
  core.info(`pull request #${number} has head ${target.headSha.slice(0, 7)}, as the report says`);
}

/**
 * Text that may carry what someone else wrote (a server's output, a report read from a file) printed to the log
 * with workflow commands switched off, so that a line such as `::add-mask::` in it stays text.
 */
function logUntrusted(text: string): void {
  core.info(untrusted(text));
}

/** Uploads the flame graphs and the raw report; returns the artifact's URL, if the service gave one. */
async function uploadArtifact(report: Report, config: Config): Promise<string | undefined> {
  if (!report.profile) return undefined;
  const files = [...report.profile.files, reportPath(config.outputDir)];
  if (!artifactServiceAvailable()) {
    core.info(`flame graphs and samples (no artifact service here):\n${files.join('\n')}`);
    return undefined;
  }
  try {
    const uploaded = await uploadFiles('perf-gate', files, config.outputDir);
    core.info(`artifact perf-gate uploaded${uploaded.url ? `: ${uploaded.url}` : ''}`);
    return uploaded.url;
  } catch (error) {
    core.warning(
      `could not upload the flame graphs as an artifact: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/** A warning on the line of each function that got hotter, when the pull request changed its file. */
function annotateHotter(report: Report): void {
  for (const hot of report.profile?.hotter ?? []) {
    if (!report.changedFiles.includes(hot.file)) continue;
    core.warning(
      `${hot.fn} got hotter on head: ${(hot.baseSelf * 100).toFixed(1)}% → ${(hot.headSelf * 100).toFixed(1)}% of busy time (${report.verdict}).`,
      { title: 'perf-gate: hotter function', file: hot.file, startLine: Math.max(1, hot.line) },
    );
  }
}

interface PublishTo {
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

/** Where a publication writes to GitHub: the client (none without a token), the repository, the retry log. */
interface GitHubTarget {
  octokit: Octokit | undefined;
  owner: string;
  repo: string;
  retry: { onRetry: (message: string) => void };
}

/** The report's outputs, log and job summary, the PR comment and the check run; then the step's outcome. */
async function publish(report: Report, config: Config, to: PublishTo): Promise<void> {
  const artifactUrl = to.fromFiles ? to.detailsUrl : await uploadArtifact(report, config);
  if (!to.fromFiles) annotateHotter(report);
  const markdown = renderMarkdown(report, artifactUrl === undefined ? {} : { detailsUrl: artifactUrl });
  core.setOutput('verdict', report.verdict);
  core.setOutput('report', reportPath(config.outputDir));
  logUntrusted(markdown);
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdown).write();
  const gitHub: GitHubTarget = {
    octokit: config.token ? github.getOctokit(config.token) : undefined,
    ...github.context.repo,
    retry: { onRetry: (message: string) => core.info(message) },
  };
  const commentUrl =
    to.number !== undefined && config.comment
      ? await postComment(report, markdown, to, to.number, gitHub)
      : '';
  core.setOutput('comment-url', commentUrl);
  if (config.checkName !== undefined) await createCheck(report, markdown, config, to, gitHub);

  if (report.error?.output) logUntrusted(`Last output:\n${report.error.output}`);
  const outcome = stepOutcome(report, config.failOnRegression);
  if (outcome.kind === 'fail') core.setFailed(`perf-gate: ${outcome.message}`);
  else if (outcome.kind === 'warn') core.warning(`perf-gate: ${outcome.message}`);
}

/** Creates or updates the sticky comment; returns its URL, '' when it could not be written. */
async function postComment(
  report: Report,
  markdown: string,
  to: PublishTo,
  issueNumber: number,
  { octokit, owner, repo, retry }: GitHubTarget,
): Promise<string> {
  const body = fitComment(
    markdown,
    COMMENT_LIMIT - MARKER.length - 1,
    'The whole report is in the job summary.',
  );
  const result = await writeOrWarn(octokit, report, to, {
    what: 'post the PR comment',
    permission: 'pull-requests: write',
    write: (client) => upsertComment(client, { owner, repo, issueNumber }, body, retry),
  });
  if (!result) return '';
  core.info(`PR comment ${result.action}: ${result.url}`);
  return result.url;
}

/** Creates the check run `check-name` on the head commit. */
async function createCheck(
  report: Report,
  markdown: string,
  config: Config,
  to: PublishTo,
  { octokit, owner, repo, retry }: GitHubTarget,
): Promise<void> {
  const name = config.checkName!;
  const url = await writeOrWarn(octokit, report, to, {
    what: `create the check run \`${name}\``,
    permission: 'checks: write',
    write: (client) =>
      createCheckRun(
        client,
        {
          owner,
          repo,
          name,
          headSha: to.headSha,
          conclusion: checkConclusion(report, config.failOnRegression),
          title: checkTitle(report),
          summary: fitComment(markdown, CHECK_SUMMARY_LIMIT, 'The whole report is in the job summary.'),
          detailsUrl: to.detailsUrl,
        },
        retry,
      ),
  });
  if (url !== undefined) core.info(`check run ${name} created on ${to.headSha.slice(0, 7)}: ${url}`);
}

/**
 * One write to GitHub (the comment, the check run). It never decides the step: without a token, or when GitHub
 * refuses, a warning says what was not done and why (a 401/403 names the permission the job lacks), and the
 * verdict stands.
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
    const status = httpStatus(error);
    if (status === 403 || status === 401) {
      const fork = to.fromFork
        ? ' (pull requests from forks get a read-only token whatever the workflow asks for: use the two-workflow pattern, see "Pull requests from forks" in the README)'
        : '';
      core.warning(
        `could not ${what}: the token lacks the \`${permission}\` permission${fork}. Add \`permissions: { ${permission} }\` to the job. The verdict stands: ${report.verdict}.`,
      );
    } else {
      core.warning(
        `could not ${what} (${error instanceof Error ? error.message : String(error)}). The verdict stands: ${report.verdict}.`,
      );
    }
    return undefined;
  }
}
