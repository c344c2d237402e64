/** The action: inputs → gate → job summary, outputs, sticky comment, exit status. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import {
  chooseBase,
  measuringRunId,
  mergeGroupBase,
  mergeGroupOf,
  mergeGroupPull,
  privilegedForkProblem,
  pullRequestOf,
  workflowRunOf,
} from '../config/event.ts';
import { type InputName, parseConfig } from '../config/inputs.ts';
import { repoFileReader } from '../config/repo-files.ts';
import { shownName } from '../config/report-file.ts';
import { loadReports } from '../config/results.ts';
import { mergeReports } from '../decide/merge.ts';
import { runGate } from '../gate/run-gate.ts';
import { baseDrift } from '../history/drift.ts';
import { persistedCredentials } from '../io/credentials.ts';
import { FileCommandGuard } from '../io/file-commands.ts';
import { ensureCommit, headCommit, repositoryRoot } from '../io/git.ts';
import { handleSignals, killAll, killAllNow, liveChildren } from '../io/proc.ts';
import { reportPath, writeReport } from '../io/report-json.ts';
import type { Config } from '../model/config.ts';
import { errorMessage, GateError } from '../model/errors.ts';
import type { Report } from '../model/report.ts';
import { artifactName, artifactServiceAvailable, uploadFiles } from '../publish/artifact.ts';
import { gitHubClient, httpStatus, pullHead } from '../publish/github.ts';
import { checkPullHead, gateCheckSha, reportTarget } from '../publish/target.ts';
import { hotterAnnotation } from '../report/annotations.ts';
import { mergeGroupCheckoutMessage } from '../report/event-text.ts';
import {
  cancelledMessage,
  fileCommandsRestoredWarning,
  persistedCredentialsWarning,
} from '../report/safety-text.ts';
import { cancellation } from './cancel.ts';
import { runHistoryMode } from './history-mode.ts';
import { actionGateLog, actionLog, info, logUntrusted, maskSecrets } from './log.ts';
import { NO_REPORT, reportOutputs, setOutputs } from './outputs.ts';
import { type PublishTo, postCancelledComment, publishReport } from './publish-report.ts';
import { withTrustedPolicy } from './trusted.ts';

export { untrusted } from './log.ts';

/**
 * What a cancellation needs of the run in progress (entry/cancel.ts): the report so far, and where it goes. Set as
 * the run learns it.
 */
interface RunInProgress {
  config?: Config;
  to?: PublishTo;
  snapshot?: (error: GateError) => Report;
}

const inProgress: RunInProgress = {};
/** The runner's file commands as they were before anything of the pull request's ran (io/file-commands.ts). */
let fileCommands: FileCommandGuard | undefined;
/** Set by the first signal: from then on the cancellation writes the report and the outputs, not the run. */
let cancelling = false;

/** Puts back the runner's file commands, with a warning when the pull request's code had written to them. */
function restoreFileCommands(): void {
  const changed = fileCommands?.restore() ?? [];
  if (changed.length > 0) core.warning(fileCommandsRestoredWarning(changed));
}

export async function run(): Promise<void> {
  fileCommands = new FileCommandGuard(process.env, true);
  handleSignals(cancellation(cancelPorts()));
  try {
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const config = parseConfig((name: InputName) => core.getInput(name), {
      outputDir: join(process.env.RUNNER_TEMP || tmpdir(), 'perf-gate'),
      // The config file, relative to the repository root (only `mode: gate` reads it, after checkout).
      readFile: repoFileReader(workspace),
    });
    maskSecrets([config.token, ...config.secrets]);
    inProgress.config = config;
    if (config.mode === 'report') await runReport(config, workspace);
    else if (config.mode === 'history') await runHistory(config, workspace);
    else await runGateMode(config, workspace);
  } catch (error) {
    await stopEverything();
    // A signal stopped the processes under the run: its failure is the cancellation's to report.
    if (cancelling) return;
    restoreFileCommands();
    setOutputs(NO_REPORT);
    if (error instanceof GateError) {
      if (error.output) logUntrusted(`Last output:\n${error.output}`);
      core.setFailed(`perf-gate: ${error.message}`);
    } else {
      core.setFailed(
        `perf-gate failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  } finally {
    await stopEverything();
  }
}

/** Kills what is still running (nothing, normally: each stage stops its own), with a warning when there was any. */
async function stopEverything(): Promise<void> {
  if (liveChildren() === 0) {
    await killAll();
    return;
  }
  const killed = await killAll();
  core.warning(`${killed} child processes were still running at the end; they were killed with their trees`);
}

/** The cancellation handler's collaborators: the real processes, report, outputs and comment. */
function cancelPorts(): Parameters<typeof cancellation>[0] {
  return {
    stopProcesses: () => {
      cancelling = true;
      killAllNow();
    },
    snapshot: (signal) => {
      const { snapshot } = inProgress;
      if (!snapshot) return undefined;
      const pairs = new Set(snapshot(new GateError('cancelled', '')).rounds.map((r) => r.pair)).size;
      return snapshot(new GateError('cancelled', cancelledMessage(signal, pairs)));
    },
    writeReport: (report) => writeReport(inProgress.config!.outputDir, report),
    setOutputs: (report) => {
      restoreFileCommands();
      setOutputs(
        reportOutputs(report, reportPath(inProgress.config!.outputDir), {
          confirm: inProgress.config!.confirm ?? false,
        }),
      );
    },
    postCancelled: async (report) => {
      if (inProgress.config && inProgress.to)
        await postCancelledComment(report, inProgress.config, inProgress.to);
    },
    log: (message) => info(message),
    exit: (code) => process.exit(code),
  };
}

/** mode gate: measure base and head here, then publish. */
async function runGateMode(config: Config, workspace: string): Promise<void> {
  const root = await repositoryRoot(workspace);
  const pr = pullRequestOf(github.context.payload);
  const head = await headCommit(root);
  const privileged = privilegedForkProblem(github.context.eventName, github.context.payload, {
    head: head.sha,
    eventSha: github.context.sha,
  });
  if (privileged) throw new GateError('config', privileged);
  // A merge queue's group: its head (checked out) against the base it would land on; no pull request to comment on.
  const group = pr ? undefined : mergeGroupOf(github.context.payload);
  if (group && head.sha !== group.headSha)
    throw new GateError('config', mergeGroupCheckoutMessage(group.headSha, head.sha));
  const choice = chooseBase(config.base, pr, head) ?? (group ? mergeGroupBase(group) : undefined);
  if (!choice) {
    throw new GateError(
      'config',
      `there is no base to compare against: the event is \`${github.context.eventName || 'unknown'}\`, not \`pull_request\` or \`merge_group\`. Run perf-gate on pull_request, or set the \`base\` input (e.g. \`base: \${{ github.event.before }}\` on push).`,
    );
  }
  const baseSha = await ensureCommit(root, choice.ref, choice.source);
  // Base starts with its own config, and the policy comes from base's file or the workflow (config/base-config.ts).
  const trusted = await withTrustedPolicy(config, root, baseSha);
  inProgress.config = trusted;
  for (const where of await persistedCredentials(root)) core.warning(persistedCredentialsWarning(where));
  if (pr?.headRef) head.label = pr.headRef;
  if (group?.headRef) head.label = group.headRef;
  const to: PublishTo = {
    number: pr?.number,
    headSha: group?.headSha ?? gateCheckSha(pr, github.context.sha),
    fromFork: pr?.fromFork ?? false,
    fromFiles: false,
    detailsUrl: undefined,
    // Read now, before anything of the pull request runs in this repository.
    drift:
      pr && config.commentOn !== 'off' ? await baseDrift(config, root, pr.baseRef, actionLog) : undefined,
    queuedPull: group ? mergeGroupPull(group) : undefined,
  };
  inProgress.to = to;
  const report = await runGate(
    {
      config: trusted,
      root,
      base: { sha: baseSha, label: choice.label },
      head,
      log: actionGateLog,
      pullRequest: pr ? { number: pr.number, headSha: pr.headSha, baseSha: pr.baseSha } : undefined,
      workflowRun: workflowRunOf(process.env),
    },
    {
      progress: (snapshot) => (inProgress.snapshot = snapshot),
      cancelled: () => cancelling,
      mask: maskSecrets,
    },
  );
  await publish(report, trusted, to);
}

/** mode history: the branch against its release, the history, the alert (entry/history-mode.ts). */
async function runHistory(config: Config, workspace: string): Promise<void> {
  await runHistoryMode(config, workspace, {
    progress: (snapshot) => {
      inProgress.snapshot = snapshot;
    },
    cancelled: () => cancelling,
    mask: maskSecrets,
    upload: (report) => uploadArtifact(report, config),
    settle: async () => {
      await stopEverything();
      restoreFileCommands();
    },
  });
}

/**
 * mode report: publish report.json files measured elsewhere (the fork-safe pattern, or the shards of a matrix).
 * Runs nothing from the pull request: the files are read as untrusted data, merged, decided again, and posted
 * only to the pull request they were verifiably measured for.
 */
async function runReport(config: Config, workspace: string): Promise<void> {
  const files = await loadReports(config.results, workspace);
  info(
    `read ${files.length} report${files.length === 1 ? '' : 's'}: ${files.map((f) => shownName(f.source)).join(', ')}`,
  );
  // Decided with this job's own inputs, of the run it merges only (its own, or the one workflow_run names).
  const report = mergeReports(files, {
    rule: {
      threshold: config.threshold,
      latencyThreshold: config.latencyThreshold,
      memoryThreshold: config.memoryThreshold,
      alpha: config.alpha,
    },
    runId: measuringRunId(github.context.eventName, github.context.payload, process.env),
  });
  const target = reportTarget(github.context.eventName, github.context.payload, report, github.context.sha);
  if (target.verify && target.number !== undefined) await verifyPullHead(config, target, target.number);
  await writeReport(config.outputDir, report);
  // A merge queue's group: its regression is accepted by the label of the pull request it was made for.
  const group = target.number === undefined ? mergeGroupOf(github.context.payload) : undefined;
  await publish(report, config, {
    number: target.number,
    headSha: target.headSha,
    fromFork: false,
    fromFiles: true,
    detailsUrl: target.detailsUrl,
    queuedPull: group ? mergeGroupPull(group) : undefined,
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
    pull = await pullHead(gitHubClient(config.token, { onRetry: info }), { owner, repo, number });
  } catch (error) {
    const status = httpStatus(error);
    throw new GateError(
      'config',
      status === 404
        ? `refusing to post the report: pull request #${number} does not exist in ${owner}/${repo}. Nothing was posted.`
        : `could not look up pull request #${number} to verify the report (${errorMessage(error)}); nothing was posted. The job needs \`pull-requests: read\` (write includes it).`,
    );
  }
  checkPullHead(target, pull);
  info(`pull request #${number} has head ${target.headSha.slice(0, 7)}, as the report says`);
}

/** Uploads the flame graphs and the raw report; returns the artifact's URL, if the service gave one. */
async function uploadArtifact(report: Report, config: Config): Promise<string | undefined> {
  if (!report.profile) return undefined;
  const files = [...report.profile.files, reportPath(config.outputDir)];
  if (!artifactServiceAvailable()) {
    info(`flame graphs and samples (no artifact service here):\n${files.join('\n')}`);
    return undefined;
  }
  try {
    const name = artifactName(config.artifactName, config.shard, process.env, config.name, config.replica);
    const uploaded = await uploadFiles(name, files, config.outputDir, config.artifactRetentionDays);
    info(`artifact ${name} uploaded${uploaded.url ? `: ${uploaded.url}` : ''}`);
    return uploaded.url;
  } catch (error) {
    core.warning(`could not upload the flame graphs as an artifact: ${errorMessage(error)}`);
    return undefined;
  }
}

/**
 * A warning on the line of each function that got hotter (of Node's own, on the line of the program that called
 * it), when the pull request changed its file.
 */
function annotateHotter(report: Report): void {
  for (const hot of report.profile?.hotter ?? []) {
    const at = hot.caller ?? hot;
    if (!report.changedFiles.includes(at.file)) continue;
    core.warning(hotterAnnotation(hot, report.verdict), {
      title: 'perf-gate: hotter function',
      file: at.file,
      startLine: Math.max(1, at.line),
    });
  }
}

/**
 * The report's artifact and annotations (a gate's own), then everything publishReport writes. Every process the
 * pull request's code started has stopped by now: what it wrote to the runner's file commands is put back first.
 */
async function publish(report: Report, config: Config, to: PublishTo): Promise<void> {
  await stopEverything();
  if (cancelling) return;
  restoreFileCommands();
  const artifactUrl = to.fromFiles ? to.detailsUrl : await uploadArtifact(report, config);
  if (!to.fromFiles) annotateHotter(report);
  await publishReport(report, config, to, artifactUrl);
}
