/**
 * What is measured is base's choice where base has a config file: the scenarios base's file lists, as base defines
 * them (request, headers, body, `expect`, `connections`, `threshold`), then those head's file adds (new on head when
 * base fails them, gate/first-pair.ts), sharded as the inputs say. Head's file can neither redefine nor drop one of
 * base's. Pure: the caller reads base's body files from the base commit (entry/trusted.ts).
 */
import type { Config, Scenario } from '../model/config.ts';
import { expandConfig } from './expand.ts';
import { selectShard } from './inputs.ts';
import { parseScenarioFile } from './scenario-file.ts';

/** The `bodyFile`s base's file names, relative to its directory; [] when it cannot be parsed. */
export function baseBodyFiles(text: string): string[] {
  const wanted: string[] = [];
  const readFile = (path: string): string => {
    wanted.push(path);
    return '';
  };
  try {
    parseScenarioFile(text, { fileName: 'base', readFile });
  } catch {
    return [];
  }
  return wanted;
}

/**
 * `config` measuring base's scenarios. `readFile` gives base's body files; `${NAME}` in base's headers and bodies
 * is taken from `environment`, and its values are secrets. A base file that cannot be parsed leaves `config` as it is.
 */
export function withBaseScenarios(
  config: Config,
  baseText: string,
  readFile: (path: string) => string,
  environment: NodeJS.ProcessEnv = process.env,
): Config {
  let base: Scenario[];
  try {
    base = parseScenarioFile(baseText, { fileName: `${config.configFile} (base)`, readFile }).scenarios;
  } catch {
    return config;
  }
  const names = new Set(base.map((s) => s.name));
  const added = (config.fileScenarios ?? config.scenarios)
    .filter((s) => !names.has(s.name))
    .map((s) => ({ ...s, threshold: undefined }));
  const all = [...base, ...added];
  const expanded = expandConfig(selectShard(all, config.shard), {}, environment);
  return {
    ...config,
    scenarios: expanded.scenarios,
    scenarioCount: all.length,
    baseScenarios: [...names],
    secrets: [...new Set([...config.secrets, ...expanded.secrets])],
  };
}
