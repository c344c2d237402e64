/** The action: inputs → gate → job summary, outputs, sticky comment, exit status. */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { type Config, type InputName, parseConfig } from './config.ts';
import { GateError } from './errors.ts';
import { chooseBase, type PullRequestInfo, pullRequestOf } from './event.ts';
import { artifactServiceAvailable, uploadFiles } from './io/artifact.ts';
import { ensureCommit, headCommit, repositoryRoot } from './io/git.ts';
import { httpStatus, MARKER, upsertComment } from './io/github.ts';
import { killAll, liveChildren } from './io/proc.ts';
import { type Logger, runGate } from './pipeline.ts';
import { COMMENT_LIMIT, fitComment, type Report, renderMarkdown } from './report.ts';

const actionLog: Logger = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  group: (name, body) => core.group(name, body),
};

export async function run(): Promise<void> {
  try {
    const root = await repositoryRoot(process.env.GITHUB_WORKSPACE || process.cwd());
    const config = parseConfig((name: InputName) => core.getInput(name), {
      outputDir: join(process.env.RUNNER_TEMP || tmpdir(), 'perf-gate'),
      readFile: (path) => readFileSync(resolve(root, path), 'utf8'),
    });
    if (config.token) core.setSecret(config.token);
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
    });
    await publish(report, config, pr);
  } catch (error) {
    if (error instanceof GateError) {
      core.setOutput('verdict', 'inconclusive');
      if (error.output) core.info(`Last output:\n${error.output}`);
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

/** Uploads the flame graphs and the raw report; returns the artifact's URL, if the service gave one. */
async function uploadArtifact(report: Report, config: Config): Promise<string | undefined> {
  if (!report.profile) return undefined;
  const files = [...report.profile.files, join(config.outputDir, 'report.json')];
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

async function publish(report: Report, config: Config, pr: PullRequestInfo | undefined): Promise<void> {
  const artifactUrl = await uploadArtifact(report, config);
  annotateHotter(report);
  const markdown = renderMarkdown(report, artifactUrl === undefined ? {} : { detailsUrl: artifactUrl });
  core.setOutput('verdict', report.verdict);
  core.setOutput('report', join(config.outputDir, 'report.json'));
  core.info(markdown);
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdown).write();

  let commentUrl = '';
  if (pr && config.comment) {
    if (!config.token) {
      core.warning('no `github-token`: the PR comment was not posted (the verdict stands)');
    } else {
      const octokit = github.getOctokit(config.token);
      const body = fitComment(
        markdown,
        COMMENT_LIMIT - MARKER.length - 1,
        'The whole report is in the job summary.',
      );
      try {
        const { owner, repo } = github.context.repo;
        const result = await upsertComment(octokit, { owner, repo, issueNumber: pr.number }, body, {
          onRetry: (message) => core.info(message),
        });
        commentUrl = result.url;
        core.info(`PR comment ${result.action}: ${result.url}`);
      } catch (error) {
        const status = httpStatus(error);
        if (status === 403 || status === 401) {
          core.warning(
            `could not post the PR comment: the token lacks the \`pull-requests: write\` permission${pr.fromFork ? ' (pull requests from forks get a read-only token: see the README on forks)' : ''}. Add \`permissions: { pull-requests: write }\` to the job. The verdict stands: ${report.verdict}.`,
          );
        } else {
          core.warning(
            `could not post the PR comment (${error instanceof Error ? error.message : String(error)}). The verdict stands: ${report.verdict}.`,
          );
        }
      }
    }
  }
  core.setOutput('comment-url', commentUrl);

  if (report.error) {
    if (report.error.output) core.info(`Last output:\n${report.error.output}`);
    if (report.error.neutral) core.warning(`perf-gate: ${report.headline}`);
    else core.setFailed(`perf-gate: ${report.error.message}`);
  } else if (report.verdict === 'regression' && config.failOnRegression) {
    core.setFailed(`perf-gate: ${report.headline}`);
  } else if (report.verdict === 'regression') {
    core.warning(`perf-gate: ${report.headline} (fail-on-regression is off)`);
  }
}
