/**
 * `${NAME}` in the config file's request headers, bodies and `env`, taken from the step's environment, so that a
 * token or a database URL is a secret of the workflow, not text of the repository; every value taken this way is
 * a secret that perf-gate keeps out of what it writes (io/redact.ts). The runner's own variables and what the children's
 * environment hides are refused, and so is an empty value (a fork's secret). `${PERF_GATE_SIDE}` in `env` stays until
 * a side's processes start (sideEnv), so that base and head may each have a database of their own. Pure.
 */
import { hiddenFromChildren } from '../io/env.ts';
import type { Scenario } from '../model/config.ts';
import { GateError } from '../model/errors.ts';

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const SIDE = 'PERF_GATE_SIDE';
/** The runner's own variables (its tokens, services, paths and our inputs): never a value of the config file's. */
const RUNNER_OWN = /^(GITHUB|ACTIONS|RUNNER|INPUT)_/i;
/** The condition that keeps a job off pull requests, which get no secrets: forks' and Dependabot's. */
const HAS_SECRETS =
  "if: github.event.pull_request.head.repo.full_name == github.repository && github.actor != 'dependabot[bot]'";

/** The value of `${name}` at `where`: refused when it is the runner's, unset or empty. */
function variable(name: string, where: string, env: NodeJS.ProcessEnv): string {
  if (RUNNER_OWN.test(name) || hiddenFromChildren(name))
    throw new GateError(
      'config',
      `${where}: \`\${${name}}\` is the runner's own variable (its tokens, services, paths and perf-gate's inputs), which the config file may not read. Pass the value under a name of your own in the step's \`env:\`, e.g. \`env: { MY_VALUE: \${{ … }} }\` and \`\${MY_VALUE}\`.`,
    );
  const value = env[name];
  if (value === undefined)
    throw new GateError(
      'config',
      `${where}: \`\${${name}}\` is not set in the step's environment. Set it in the step's \`env:\`, e.g. \`env: { ${name}: \${{ secrets.${name} }} }\` (on your machine: export it).`,
    );
  if (value === '')
    throw new GateError(
      'config',
      `${where}: \`\${${name}}\` is empty. A secret is empty on a pull request from a fork and on Dependabot's: forks and Dependabot get no secrets. Skip those pull requests with the job's condition \`${HAS_SECRETS}\`, or set \`${name}\` to a value that needs no secret.`,
    );
  return value;
}

/** What expanding gave: the text, and the values it took from the environment. */
interface Expanded {
  text: string;
  taken: string[];
}

/** `text` with each `${NAME}` replaced by the environment's value; `keep` names stay as written. */
function expand(text: string, where: string, env: NodeJS.ProcessEnv, keep: ReadonlySet<string>): Expanded {
  const taken: string[] = [];
  const out = text.replace(VARIABLE, (whole, name: string) => {
    if (keep.has(name)) return whole;
    const value = variable(name, where, env);
    taken.push(value);
    return value;
  });
  return { text: out, taken };
}

/** Each value of a record expanded, and what was taken. */
function expandRecord(
  record: Record<string, string>,
  where: string,
  env: NodeJS.ProcessEnv,
  keep: ReadonlySet<string> = new Set(),
): { record: Record<string, string>; taken: string[] } {
  const taken: string[] = [];
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    const e = expand(value, `${where}.${key}`, env, keep);
    out[key] = e.text;
    taken.push(...e.taken);
  }
  return { record: out, taken };
}

/** The scenarios and `env` with the environment's values in, and those values (the secrets). */
export function expandConfig(
  scenarios: readonly Scenario[],
  fileEnv: Record<string, string>,
  env: NodeJS.ProcessEnv,
): { scenarios: Scenario[]; env: Record<string, string>; secrets: string[] } {
  const secrets: string[] = [];
  const expanded = scenarios.map((s) => {
    const headers = expandRecord(s.headers, `scenario \`${s.name}\` headers`, env);
    for (const [name, value] of Object.entries(headers.record))
      if (/[\r\n]/.test(value))
        throw new GateError(
          'config',
          `scenario \`${s.name}\` headers.${name}: a variable of the step's environment put a line break into it, which a header cannot hold. Set the variable to one line.`,
        );
    const body =
      s.body === undefined ? undefined : expand(s.body, `scenario \`${s.name}\` body`, env, new Set());
    secrets.push(...headers.taken, ...(body?.taken ?? []));
    return { ...s, headers: headers.record, body: body?.text };
  });
  const fileEnvExpanded = expandEnv(fileEnv, env);
  secrets.push(...fileEnvExpanded.secrets);
  return { scenarios: expanded, env: fileEnvExpanded.env, secrets: [...new Set(secrets)] };
}

/** A config file's `env` with the environment's values in (`${PERF_GATE_SIDE}` kept for each side), and those values. */
export function expandEnv(
  fileEnv: Record<string, string>,
  env: NodeJS.ProcessEnv,
): { env: Record<string, string>; secrets: string[] } {
  const expanded = expandRecord(fileEnv, 'env', env, new Set([SIDE]));
  return { env: expanded.record, secrets: expanded.taken };
}

/** The config's `env` for one side's processes: `${PERF_GATE_SIDE}` as `base` or `head`. */
export function sideEnv(env: Record<string, string>, side: 'base' | 'head'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value.replaceAll(`\${${SIDE}}`, side)]),
  );
}
