/**
 * Policy from the trusted side. The config file is read from head, which the pull request wrote: it may say how
 * head starts, but not how base starts nor how strict the gate is. So each side runs with its own commit's `start`,
 * `env`, `setup`, `teardown`, `port` and `ready`, and the policy (`threshold`, `memoryThreshold`, each scenario's `threshold`) comes from base's config
 * file or the workflow's inputs. `alpha` is an input only. The caller reads base's file from the base commit.
 */
import { isAbsolute, normalize, relative, sep } from 'node:path';
import type { Config, SideCommands } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import { expandEnv } from './expand.ts';
import { parseScenarioFile, type ScenarioFile } from './scenario-file.ts';

/** How `side`'s server starts: base's own commands once known, else head's. */
export function sideCommands(config: Config, side: Side): SideCommands {
  if (side === 'base' && config.baseCommands) return config.baseCommands;
  return {
    start: config.start,
    env: config.env,
    setup: config.setup,
    teardown: config.teardown,
    port: config.port,
    ready: config.ready,
    readyTimeoutMs: config.readyTimeoutMs,
  };
}

/**
 * Where base's server listens and when it is ready: its own file's `port` and `ready`, else the workflow's inputs
 * (a GET of the first scenario measured, any status). Base that runs head's command takes head's with it.
 */
function baseServer(
  config: Config,
  base: ScenarioFile | undefined,
  headOnBase: boolean,
): Pick<SideCommands, 'port' | 'ready' | 'readyTimeoutMs'> {
  if (headOnBase) return { port: config.port, ready: config.ready, readyTimeoutMs: config.readyTimeoutMs };
  // A Config made by hand (tests) has no workflow part: its own values stand in for the inputs.
  const workflow = config.workflow ?? { port: config.port, readyTimeoutMs: config.readyTimeoutMs };
  const path = base?.scenarios[0]?.path ?? config.scenarios[0]?.path ?? config.ready.path;
  return {
    port: base?.port ?? workflow.port,
    ready: { path: base?.ready?.path ?? path, status: base?.ready?.status },
    readyTimeoutMs: base?.ready?.timeoutMs ?? workflow.readyTimeoutMs ?? config.readyTimeoutMs,
  };
}

/**
 * Where the `config` input's file is in a commit, relative to the repository at `root`; undefined when there is no
 * config file or it lies outside the repository (an absolute path of the workflow's: the same file for both).
 */
export function configPathInCommit(config: Config, root: string): string | undefined {
  const name = config.configFile;
  if (name === undefined) return undefined;
  const rel = isAbsolute(name) ? relative(root, name) : normalize(name);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** Base's config file parsed (its body files are not read: only commands and thresholds are taken from it). */
function parseBaseFile(text: string, fileName: string): ScenarioFile {
  return parseScenarioFile(text, { fileName: `${fileName} (base)`, readFile: () => '' });
}

/**
 * `config` with base's commands and the trusted policy. `baseText` is base's copy of the config file (undefined:
 * base has none); `headText` head's, to tell whether the pull request changed it. A base file that cannot be
 * parsed gives no commands and no thresholds (the workflow's then).
 */
export function trustedConfig(
  config: Config,
  baseText: string | undefined,
  headText: string | undefined,
  environment: NodeJS.ProcessEnv = process.env,
): Config {
  const fileName = config.configFile ?? 'perf-gate.yml';
  let base: ScenarioFile | undefined;
  try {
    base = baseText === undefined ? undefined : parseBaseFile(baseText, fileName);
  } catch {
    base = undefined;
  }
  const workflow = config.workflow ?? { start: config.start, threshold: config.threshold };
  const baseStart = base?.start ?? workflow.start;
  const baseThresholds = new Map((base?.scenarios ?? []).map((s) => [s.name, s.threshold]));
  // Base's `env` takes the step's variables as head's does (their values are secrets too).
  const baseEnv = expandEnv(base?.env ?? {}, environment);
  return {
    ...config,
    secrets: [...new Set([...(config.secrets ?? []), ...baseEnv.secrets])],
    baseCommands: {
      start: baseStart === '' ? config.start : baseStart,
      env: baseEnv.env,
      setup: base?.setup,
      teardown: base?.teardown,
      ...baseServer(config, base, baseStart === ''),
    },
    headCommandsOnBase: baseStart === '',
    threshold: base?.threshold ?? workflow.threshold,
    memoryThreshold: base?.memoryThreshold ?? workflow.memoryThreshold ?? config.memoryThreshold,
    scenarios: config.scenarios.map((s) => ({ ...s, threshold: baseThresholds.get(s.name) })),
    configChanged: config.configFile !== undefined && baseText !== headText,
  };
}
