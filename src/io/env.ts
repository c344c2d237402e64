/**
 * The environment of every process perf-gate starts: what the pull request's code must not get is dropped (tokens,
 * inputs, the runner's file commands and the artifact, cache and OIDC services' URLs). It cannot hide them from a
 * process that reads /proc/<perf-gate's pid>/environ: docs/security.md says what holds.
 */

/**
 * What the pull request's code must not get: tokens, and the runner's file commands (GITHUB_OUTPUT, GITHUB_ENV,
 * GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY: writing to them would set our outputs, the job's environment or
 * its summary) and the artifact/cache services' URLs.
 */
const HIDDEN_ENV =
  /^(GITHUB_TOKEN|GH_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_RUNTIME_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|GITHUB_OUTPUT|GITHUB_ENV|GITHUB_PATH|GITHUB_STATE|GITHUB_STEP_SUMMARY)$/;

/** Whether a variable is one the children's environment goes without (a credential, an input, a file command). */
export function hiddenFromChildren(name: string): boolean {
  return /^INPUT_/i.test(name) || HIDDEN_ENV.test(name);
}

/** `env` without credentials, inputs and the runner's file commands (every child's environment goes through it). */
export function scrub(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || hiddenFromChildren(name)) continue;
    clean[name] = value;
  }
  return clean;
}

/** Environment for user commands: ours minus every credential the runner gives us, plus `extra`. */
export function safeEnv(
  extra: Record<string, string> = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return { ...scrub(base), ...extra };
}
