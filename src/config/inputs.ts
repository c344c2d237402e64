/**
 * The gate's inputs and its config file (perf-gate.yml), parsed once into a typed Config. Pure: the action reads
 * inputs through @actions/core and the CLI through its flags, and both hand a lookup function to parseConfig,
 * with a function that reads the config file (and its body files) from the head tree. Every error names the
 * input, or the file, line and field. The parsers of single inputs are in input-parsers.ts.
 */

import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { configError } from '../io/errors.ts';
import type { Config, Scenario, Shard } from '../model/config.ts';
import { DEFAULT_HISTORY_BUDGET, DEFAULT_TIME_BUDGET, DEFAULT_TIMEOUT } from './defaults.ts';
import { expandConfig } from './expand.ts';
import { parseHistoryBranch, parseReleaseTags } from './history-inputs.ts';
import {
  INPUT_DEFAULTS,
  type InputLookup,
  parseAcceptLabel,
  parseAlpha,
  parseBoolean,
  parseCheckName,
  parseComment,
  parseDuration,
  parseEngine,
  parseFlamegraphs,
  parseInstall,
  parseInteger,
  parseLatencyRate,
  parseMode,
  parseName,
  parsePaths,
  parsePercent,
  parseReplica,
  parseRounds,
  parseShard,
  parseSlice,
  parseStage,
} from './input-parsers.ts';
import { type MeasureReader, measureReader, parseMeasureBlock } from './measure.ts';
import { isOutsideRepository, OutsideRepositoryError } from './repo-files.ts';
import {
  checkInputOverlap,
  parseScenarioFile,
  type ScenarioFile,
  scenariosFromPaths,
} from './scenario-file.ts';
import { workflowPolicy } from './workflow-policy.ts';

export {
  INPUT_DEFAULTS,
  type InputLookup,
  type InputName,
  parseBoolean,
  parseDuration,
  parseInteger,
  parsePaths,
  parsePercent,
  parseShard,
} from './input-parsers.ts';

import { errorMessage } from '../model/errors.ts';

/** The workflow's policy inputs, parsed once (parseConfig). */
type Workflow = ReturnType<typeof workflowPolicy>;

/** The scenarios of one shard: those whose index in file order (from 0) is `shard.index - 1` modulo `shard.count`. */
export function selectShard<T>(scenarios: readonly T[], shard: Shard | undefined): T[] {
  if (shard === undefined) return [...scenarios];
  return scenarios.filter((_, i) => i % shard.count === shard.index - 1);
}

/** Where parseConfig gets files from. */
export interface ConfigSources {
  /** Default of `output-dir`. */
  outputDir: string;
  /**
   * Reads a file of the head tree, given relative to the repository root (or absolute), as utf-8; throws (e.g. an
   * error with code ENOENT) when it cannot. Needed only when the `config` input is set.
   */
  readFile?: (path: string) => string;
  /** Where `${NAME}` in the config file is read from: the step's environment (default: this process's). */
  environment?: NodeJS.ProcessEnv;
}

/** Reads one input, trimmed; its default when it was not set. */

/** Reads and parses the `config` input's file; undefined when the input is empty. */
function loadConfigFile(
  text: string,
  workingDirectory: string,
  sources: ConfigSources,
): { file: ScenarioFile; fileName: string } | undefined {
  if (text === '') return undefined;
  const fileName = isAbsolute(text) ? text : join(workingDirectory, text);
  const read =
    sources.readFile ??
    ((): string => {
      throw new Error('no file reader');
    });
  let content: string;
  try {
    content = read(fileName);
  } catch (error) {
    const missing = (error as { code?: unknown } | null)?.code === 'ENOENT';
    throw configError(
      'config',
      `cannot read \`${fileName}\` (${missing ? 'there is no such file' : errorMessage(error)})`,
      isOutsideRepository(error)
        ? 'Keep the config file inside the repository, as a file, not a symbolic link that leads out of it.'
        : `The path is relative to \`working-directory\` (\`${workingDirectory}\`) in the head commit: check the name and that the file is committed, e.g. \`config: perf-gate.yml\`.`,
    );
  }
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > CONFIG_MAX_BYTES) {
    throw configError(
      'config',
      `\`${fileName}\` is ${bytes} bytes, more than the 1 MiB a config file may be`,
      'A config file lists a few scenarios: put large request bodies in `bodyFile`s, and check that `config` names the right file.',
    );
  }
  const file = parseScenarioFile(content, {
    fileName,
    readFile: (relativePath) => read(bodyFilePath(fileName, relativePath)),
  });
  return { file, fileName };
}

/** Largest config file read, in bytes (a file is parsed whole before anything in it is checked). */
export const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * Where a `bodyFile` is, relative to the config file; refused (OutsideRepositoryError) when it leads out of the
 * repository, or out of the config file's directory when the config file lies outside it (an absolute `config`).
 * The reader refuses symbolic links that lead out (repo-files.ts).
 */
function bodyFilePath(fileName: string, relativePath: string): string {
  const path = join(dirname(fileName), relativePath);
  const within = isAbsolute(fileName) ? relative(dirname(fileName), path) : path;
  if (within === '..' || within.startsWith(`..${sep}`) || isAbsolute(within)) {
    throw new OutsideRepositoryError(' (through `..`)');
  }
  return path;
}

/** The scenarios of the file (or of `paths`), and those of this gate's shard; throws when the shard has none. */
function shardScenarios(
  get: InputLookup,
  file: ScenarioFile | undefined,
): { all: Scenario[]; shard: Shard | undefined; scenarios: Scenario[] } {
  const all = file?.scenarios ?? scenariosFromPaths(parsePaths(get('paths')));
  const shard = parseShard(get('shard'));
  const scenarios = selectShard(all, shard);
  if (scenarios.length === 0) {
    throw configError(
      'shard',
      `shard ${shard!.index}/${shard!.count} has no scenarios: there are ${all.length} in all`,
      `Use at most ${all.length} shard${all.length === 1 ? '' : 's'} (\`shard: i/${all.length}\`), or add scenarios.`,
    );
  }
  return { all, shard, scenarios };
}

/** What the gate compares and how it decides, and the trees it builds. */
function comparisonInputs(
  get: InputLookup,
  lookup: InputLookup,
  file: ScenarioFile | undefined,
  workflow: Workflow,
  decided: { alpha: number; pairs: number | undefined; latencyThreshold: number },
): Pick<
  Config,
  | 'port'
  | 'threshold'
  | 'latencyThreshold'
  | 'memoryThreshold'
  | 'alpha'
  | 'failOnRegression'
  | 'token'
  | 'install'
  | 'build'
  | 'base'
  | 'pairs'
> {
  const buildText = get('build');
  const baseText = get('base');
  return {
    port: file?.port ?? workflow.port,
    threshold: file?.threshold ?? workflow.threshold,
    latencyThreshold: decided.latencyThreshold,
    memoryThreshold: file?.memoryThreshold ?? workflow.memoryThreshold,
    alpha: decided.alpha,
    failOnRegression: parseBoolean('fail-on-regression', get('fail-on-regression')),
    token: lookup('github-token').trim(),
    install: parseInstall(get('install')),
    build: buildText === '' ? undefined : buildText,
    base: baseText === '' ? undefined : baseText,
    pairs: decided.pairs,
  };
}

/** How each round loads the servers (the `measure` block), and the measuring time of the adaptive rounds. */
function loadInputs(
  get: InputLookup,
  measure: MeasureReader,
  mode: Config['mode'],
): Pick<
  Config,
  | 'budgetMs'
  | 'durationSec'
  | 'warmupSec'
  | 'primeSec'
  | 'sliceSec'
  | 'engine'
  | 'openLoop'
  | 'connections'
  | 'restartEvery'
  | 'pin'
> {
  // mode history has a longer budget by default: no reviewer waits for it.
  const budget = get('time-budget') || (mode === 'history' ? DEFAULT_HISTORY_BUDGET : DEFAULT_TIME_BUDGET);
  const seconds = (key: 'duration' | 'warmup' | 'prime', minMs: number) =>
    measure(key, (text) => parseDuration(key, text, { minMs, maxMs: 600_000 }) / 1000);
  return {
    budgetMs: parseDuration('time-budget', budget, { minMs: 10_000, maxMs: 6 * 3_600_000 }),
    // Half a second is 10 turns of 50 ms per side: a fast server still alternates within it.
    durationSec: seconds('duration', 250),
    warmupSec: seconds('warmup', 0),
    // The priming's rate chooses the turn length (`slice: auto`): it needs a few turns of load.
    primeSec: seconds('prime', 250),
    sliceSec: measure('slice', parseSlice),
    engine: measure('engine', parseEngine),
    openLoop: measure('latency-rate', parseLatencyRate),
    connections: measure('connections', (text) => parseInteger('connections', text, { min: 1, max: 10_000 })),
    restartEvery: measure('restart-every', (text) =>
      parseInteger('restart-every', text, { min: 0, max: 1000 }),
    ),
    pin: measure('pin', (text) => parseBoolean('pin', text)),
  };
}

/** Room a history gate's `timeout` leaves beside its measuring: installs, builds, profiles, publishing. */
export const HISTORY_TIMEOUT_ROOM_MS = 15 * 60_000;

/**
 * How long each step may take. An unset `timeout` is 20 minutes, and in mode history the history budget and room for
 * the rest (20 minutes would leave half of it to two installs, two builds and the profiles); a written one is the user's.
 */
function timeoutInputs(
  get: InputLookup,
  file: ScenarioFile | undefined,
  workflow: Workflow,
  history: { budgetMs: number } | undefined,
): Pick<Config, 'readyTimeoutMs' | 'buildTimeoutMs' | 'timeoutMs'> {
  const written = get('timeout');
  // One limit for each tree's install, its build and its setup (the config file's), each.
  const buildTimeoutMs = parseDuration('build-timeout', get('build-timeout'), {
    minMs: 1000,
    maxMs: 6 * 3_600_000,
  });
  const timeoutMs =
    written === '' && history
      ? history.budgetMs + HISTORY_TIMEOUT_ROOM_MS
      : parseDuration('timeout', written || DEFAULT_TIMEOUT, { minMs: 10_000, maxMs: 6 * 3_600_000 });
  return {
    readyTimeoutMs: file?.ready?.timeoutMs ?? workflow.readyTimeoutMs,
    buildTimeoutMs,
    timeoutMs,
  };
}

/** Where the gate runs, where its results go and what is published. */
function outputInputs(
  get: InputLookup,
  sources: ConfigSources,
  settled: Pick<Config, 'workingDirectory' | 'mode' | 'historyJob'>,
): Pick<
  Config,
  | 'workingDirectory'
  | 'outputDir'
  | 'profileSec'
  | 'keepTrees'
  | 'checkName'
  | 'mode'
  | 'results'
  | 'artifactName'
  | 'artifactRetentionDays'
  | 'name'
  | 'commentOn'
  | 'accept'
  | 'historyBranch'
  | 'historyJob'
  | 'releaseTags'
> {
  const label = parseAcceptLabel(get('accept-label'));
  return {
    workingDirectory: settled.workingDirectory,
    outputDir: get('output-dir') || sources.outputDir,
    commentOn: parseComment(get('comment')),
    profileSec: parseFlamegraphs(get('flamegraphs')),
    keepTrees: parseBoolean('keep-trees', get('keep-trees')),
    checkName: parseCheckName(get('check-name')),
    mode: settled.mode,
    results: get('results'),
    artifactName: get('artifact-name') || undefined,
    artifactRetentionDays: parseInteger('artifact-retention-days', get('artifact-retention-days'), {
      min: 1,
      max: 400,
    }),
    name: parseName(get('name')),
    accept:
      label === undefined
        ? undefined
        : { label, inDescription: parseBoolean('accept-in-description', get('accept-in-description')) },
    historyBranch: parseHistoryBranch(get('history-branch')),
    historyJob: settled.historyJob,
    releaseTags: parseReleaseTags(get('release-tags')),
  };
}

/** `replica` and `stage`, set only when given. */
function placeInputs(replicaText: string, stage: 1 | 2 | undefined): Pick<Config, 'replica' | 'stage'> {
  const replica = parseReplica(replicaText);
  return { ...(replica ? { replica } : {}), ...(stage ? { stage } : {}) };
}

/** A gate's Config from its inputs and the config file the `config` input names. */
export function parseConfig(lookup: InputLookup, sources: ConfigSources): Config {
  const get: InputLookup = (name) => {
    const value = lookup(name).trim();
    return value === '' ? INPUT_DEFAULTS[name] : value;
  };
  const { mode, historyJob } = parseMode(get('mode'));
  const measure = measureReader(parseMeasureBlock(get('measure')));
  const workingDirectory = get('working-directory');
  // `mode: report` and history's publishing job run no project code and read none of its files.
  const publishing = mode === 'report' || historyJob === 'publish';
  const loaded = !publishing ? loadConfigFile(get('config'), workingDirectory, sources) : undefined;
  if (loaded) checkInputOverlap(loaded.file, loaded.fileName, lookup);
  const file = loaded?.file;
  const start = file?.start ?? get('start');
  if (start === '' && !publishing) {
    throw configError(
      'start',
      'it is required',
      'Set it to the command that starts your server, e.g. `start: node index.js`.',
    );
  }
  const selection = shardScenarios(get, file);
  const stage = parseStage(get('stage'));
  const alpha = measure('alpha', parseAlpha);
  const pairs = measure('rounds', parseRounds);
  const latencyThreshold = measure('latency-threshold', (text) =>
    parsePercent('latency-threshold', text, { min: 0.001, max: 10 }),
  );
  const { all, shard, scenarios } = selection;
  const load = loadInputs(get, measure, mode);
  const expanded = expandConfig(scenarios, file?.env ?? {}, sources.environment ?? process.env);
  const workflow = workflowPolicy(get);
  return {
    start,
    workflow,
    configFile: loaded?.fileName,
    scenarios: expanded.scenarios,
    fileScenarios: all,
    scenarioCount: all.length,
    shard,
    ...placeInputs(get('replica'), stage),
    ...(parseBoolean('confirm', get('confirm')) ? { confirm: true } : {}),
    env: expanded.env,
    secrets: expanded.secrets,
    ready: { path: file?.ready?.path ?? all[0]!.path, status: file?.ready?.status },
    setup: file?.setup,
    teardown: file?.teardown,
    ...comparisonInputs(get, lookup, file, workflow, { alpha, pairs, latencyThreshold }),
    ...load,
    ...timeoutInputs(get, file, workflow, mode === 'history' ? { budgetMs: load.budgetMs } : undefined),
    ...outputInputs(get, sources, { workingDirectory, mode, historyJob }),
  };
}
