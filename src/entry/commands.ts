/**
 * perf-gate on a laptop: `perf-gate compare --base main --start "node index.js" --paths /x` in any git repository
 * runs the same pipeline as the action on the work tree, each side in a worktree of its own, and prints the same
 * report; `perf-gate demo` shows it on a throwaway repo.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_DEFAULTS, type InputName, parseConfig } from '../config/inputs.ts';
import { foldMeasure, isMeasureKey, MEASURE_KEYS, type MeasureKey } from '../config/measure.ts';
import { repoFileReader } from '../config/repo-files.ts';
import { exitStatus } from '../decide/outcome.ts';
import { runGate } from '../gate/run-gate.ts';
import { addWorktree, ensureCommit, headCommit, repositoryRoot, workTreeCommit } from '../io/git.ts';
import { reportPath } from '../io/report-json.ts';
import { GateError } from '../model/errors.ts';
import type { TextLog } from '../model/notes.ts';
import type { Report } from '../model/report.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import {
  actionOnlyFlag,
  compareHelp,
  demoFlag,
  demoHelp,
  headTreeKeptLog,
  helpText,
  workTreeLog,
} from '../report/cli-text.ts';
import { gateLog } from '../report/log-text.ts';
import { runDemo } from './demo.ts';
import { inert, untrusted } from './inert.ts';
import { withTrustedPolicy } from './trusted.ts';

/** Inputs only the action uses: `compare` posts nothing to GitHub and reads no report files. */
const ACTION_ONLY: ReadonlySet<string> = new Set([
  'github-token',
  'comment',
  'mode',
  'results',
  'check-name',
  'name',
  'accept-label',
  'accept-in-description',
  'artifact-name',
  // mode history's: compare measures a pull request's kind of change, never main against its release.
  'history-branch',
  'release-tags',
  // A matrix of runners and its stages: a local run is one machine.
  'replica',
  'stage',
  'confirm',
]);

/** The flags `compare` takes: the action's inputs it uses, and each setting of the `measure` block on its own. */
export const COMPARE_FLAGS: readonly string[] = [
  ...Object.keys(INPUT_DEFAULTS).filter((name) => !ACTION_ONLY.has(name)),
  ...MEASURE_KEYS,
];

const HELP = helpText(COMPARE_FLAGS);

/** In a workflow the runner parses the CLI's output too: text from outside is made inert there (inert.ts). */
const inWorkflow = process.env.GITHUB_ACTIONS === 'true';

/** Text from outside as the CLI prints it: with workflow commands off in a workflow. */
const shown = (text: string): string => (inWorkflow ? untrusted(text) : text);
/** A line of ours that may carry text from outside. */
const shownInfo = (text: string): string => (inWorkflow ? inert(text) : text);

export const stderrLog: TextLog = {
  info: (message) => process.stderr.write(`${shownInfo(message)}\n`),
  output: (text) => process.stderr.write(`${shown(text)}\n`),
  // The prefix goes inside: a `::stop-commands::` line must start the line to count.
  warning: (message) => process.stderr.write(`${shownInfo(`warning: ${message}`)}\n`),
  group: async (name, body) => {
    // A group's name quotes a command of the config file (`setup: …`).
    process.stderr.write(`${shownInfo(`▸ ${name}`)}\n`);
    return body();
  },
};

/**
 * The flags as inputs. A setting of the `measure` block may be a flag of its own (`--rounds 8`): it becomes a line of
 * the `measure` input, after what `--measure` wrote.
 */
export function parseFlags(argv: readonly string[]): Map<InputName, string> {
  const values = new Map<InputName | MeasureKey, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    // Every input is a flag name: the action's own are refused below with a hint.
    if (!match || !(Object.hasOwn(INPUT_DEFAULTS, match[1]!) || isMeasureKey(match[1]!))) {
      throw new GateError(
        'config',
        `unknown argument \`${arg}\`. Run \`perf-gate --help\` for the accepted flags.`,
      );
    }
    if (ACTION_ONLY.has(match[1]!)) throw new GateError('config', actionOnlyFlag(match[1]!));
    const name = match[1] as InputName | MeasureKey;
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new GateError('config', `flag \`--${name}\` needs a value`);
    values.set(name, values.has(name) && name === 'paths' ? `${values.get(name)}\n${value}` : value);
  }
  return new Map(Object.entries(foldMeasure(Object.fromEntries(values))) as [InputName, string][]);
}

/**
 * Runs `compare` in `cwd`; returns the report. Head is the work tree as a commit (io/git.ts workTreeCommit) checked
 * out in a worktree of its own, like base: its install, build, setup, server and teardown run there, never in the
 * user's checkout (an `npm ci` there would wipe their node_modules, a teardown drop their database). As in the
 * action, base starts with base's config file and the policy is base's file's or the flags' (entry/trusted.ts).
 * `gate` is runGate but in tests.
 */
export async function compare(
  argv: readonly string[],
  cwd: string,
  log: TextLog = stderrLog,
  gate: typeof runGate = runGate,
): Promise<Report> {
  const flags = parseFlags(argv);
  const root = await repositoryRoot(cwd);
  const snapshot = await workTreeCommit(root);
  const tree = await addWorktree(root, snapshot.sha, 'head');
  try {
    const config = parseConfig((name) => flags.get(name) ?? '', {
      outputDir: await mkdtemp(join(tmpdir(), 'perf-gate-')),
      readFile: repoFileReader(tree.dir),
    });
    const baseRef = config.base ?? 'main';
    const sha = await ensureCommit(
      root,
      baseRef,
      config.base ? 'flag `--base`' : 'the default base `main`; set `--base`',
    );
    const trusted = await withTrustedPolicy(config, root, sha, snapshot.sha);
    // In a workflow the runner masks what the config files took from the environment, as the action has it do.
    if (inWorkflow) process.stdout.write(maskCommands(trusted.secrets));
    const head = await headCommit(root);
    head.sha = snapshot.sha;
    if (snapshot.changed.length > 0) head.label = `${head.label} (work tree)`;
    log.info(workTreeLog(head, snapshot.changed, tree.dir));
    const report = await gate({
      config: trusted,
      root: tree.dir,
      base: { sha, label: baseRef },
      head,
      log: gateLog(log),
    });
    log.info(`report: ${reportPath(config.outputDir)}`);
    if (config.keepTrees) log.info(headTreeKeptLog(tree.dir));
    else await tree.remove();
    return report;
  } catch (error) {
    await tree.remove();
    throw error;
  }
}

/** The step's outcome as an exit status (decide/outcome.ts: the action and the CLI share one rule). */
export function exitCode(report: Report, failOnRegression: boolean): number {
  return exitStatus(report, failOnRegression);
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (error) {
    if (error instanceof GateError) {
      process.stderr.write(
        // The prefix goes inside: a `::stop-commands::` line must start the line to count.
        `${shownInfo(`perf-gate: ${error.message}`)}\n${error.output ? `\nLast output:\n${shown(error.output)}\n` : ''}`,
      );
      return 2;
    }
    throw error;
  }
}

/** `::add-mask::` for every line of each secret (a command is one line; the runner masks each line it is given). */
export function maskCommands(secrets: readonly string[]): string {
  const lines = secrets.flatMap((secret) => secret.split(/\r?\n/)).filter((line) => line.trim() !== '');
  return lines.map((line) => `::add-mask::${line}\n`).join('');
}

/** A help text on stdout; exit status 0. */
function written(text: string): number {
  process.stdout.write(text);
  return 0;
}

async function dispatch(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  const help = rest.includes('--help') || rest.includes('-h');
  if (command === 'demo') {
    if (help) return written(demoHelp());
    if (rest.length > 0) throw new GateError('config', demoFlag(rest[0]!));
    return runDemo(compare);
  }
  if (command !== 'compare') {
    process.stderr.write(`unknown command \`${command}\`\n\n${HELP}`);
    return 2;
  }
  if (help) return written(compareHelp(COMPARE_FLAGS));
  const report = await compare(rest, process.cwd());
  // In a workflow the report quotes the server's output: written with workflow commands off where a line could be one.
  const markdown = shownInfo(renderMarkdown(report));
  process.stdout.write(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  if (report.error?.output) process.stderr.write(`\nLast output:\n${shown(report.error.output)}\n`);
  return exitCode(report, report.settings.failOnRegression);
}
