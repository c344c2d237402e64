/**
 * The example workflows (example-workflows/), read the way a runner reads them: the job that runs perf-gate, its
 * `services:` (so a test can start the equivalent real service), the perf-gate step's `with:` turned into the
 * INPUT_* values of runAction and its `env:` (workflow, job and step levels merged, step last). The few `${{ … }}`
 * expressions the examples use are substituted from a context the test supplies; any other expression is an
 * error, so an example cannot grow an expression that its test silently passes through as text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../example-workflows/', import.meta.url));

/** `uses:` of the perf-gate step in an example (the README's placeholder owner). */
export const PERF_GATE_USES = '<owner>/perf-gate@v1';

/** Names of config files (perf-gate.yml), which live beside the workflows but are not workflows. */
const CONFIG_FILE = /^perf-gate\.ya?ml$/;

/**
 * Inputs a test may override to keep the suite fast: how long and how often it measures, and whether it profiles.
 * Anything else must come from the example as written.
 */
export const TIMING_INPUTS = new Set([
  'duration',
  'warmup',
  'time-budget',
  'rounds',
  'restart-every',
  'profile-duration',
  'flamegraphs',
  'timeout',
]);

export interface ServicePort {
  /** Port inside the service container. */
  container: number;
  /** Port on the runner, or undefined when Docker picks one (read it with `job.services.<id>.ports['<n>']`). */
  host: number | undefined;
}

export interface WorkflowService {
  id: string;
  image: string;
  ports: ServicePort[];
}

export interface OtherStep {
  name: string | undefined;
  uses: string | undefined;
  run: string | undefined;
}

export interface ExampleWorkflow {
  /** Relative to example-workflows/, e.g. `nestjs-redis/perf.yml`. */
  file: string;
  /** The top-level `on:` as parsed (a string, a list or a mapping). */
  on: unknown;
  /** Events that trigger the workflow (`on:`'s names). */
  events: string[];
  jobId: string;
  /** The job's `permissions:` (scope → level), empty when unset. */
  permissions: Record<string, string>;
  services: WorkflowService[];
  /** The perf-gate step's `with:`, values as written (expressions not yet substituted). */
  with: Record<string, string>;
  /** `env:` of the workflow, the job and the perf-gate step merged (step last), as written. */
  env: Record<string, string>;
  /** The job's other steps, in order (perf-gate's `id`, if any, in `perfGateId`). */
  otherSteps: OtherStep[];
  perfGateId: string | undefined;
}

/** What the expressions of an example stand for in a test. */
export interface ExpressionContext {
  /** `secrets.GITHUB_TOKEN` and `github.token`. */
  token: string;
  /** `job.services.<id>.ports['<container port>']` → the port the test's real service listens on. */
  servicePorts?: Record<string, Record<number, number>>;
  /** `github.event.before` and other `github.event.*` values of a push event. */
  event?: Record<string, string>;
  /** `matrix.<name>`. */
  matrix?: Record<string, string>;
}

type Mapping = Record<string, unknown>;

function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(file: string, problem: string): never {
  throw new Error(`example-workflows/${file}: ${problem}`);
}

/** A scalar of the workflow as the runner passes it to an action: a string (numbers and booleans as written). */
function scalar(file: string, where: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail(file, `${where} must be a string, a number or a boolean, not ${JSON.stringify(value)}`);
}

function stringMap(file: string, where: string, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isMapping(value)) return fail(file, `${where} must be a mapping`);
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, scalar(file, `${where}.${key}`, v)]),
  );
}

/** `6379:6379` → { container 6379, host 6379 }; `6379` or `6379/tcp` → { container 6379, host undefined }. */
function servicePort(file: string, where: string, value: unknown): ServicePort {
  const text = scalar(file, where, value).replace(/\/(tcp|udp)$/, '');
  const match = /^(?:(\d+):)?(\d+)$/.exec(text);
  if (!match) return fail(file, `${where}: \`${text}\` is not a port mapping (\`6379\` or \`6379:6379\`)`);
  return { container: Number(match[2]), host: match[1] === undefined ? undefined : Number(match[1]) };
}

function services(file: string, jobId: string, value: unknown): WorkflowService[] {
  if (value === undefined) return [];
  if (!isMapping(value)) return fail(file, `jobs.${jobId}.services must be a mapping`);
  return Object.entries(value).map(([id, service]) => {
    const where = `jobs.${jobId}.services.${id}`;
    if (!isMapping(service)) return fail(file, `${where} must be a mapping`);
    const ports = service.ports ?? [];
    if (!Array.isArray(ports)) return fail(file, `${where}.ports must be a list`);
    return {
      id,
      image: scalar(file, `${where}.image`, service.image),
      ports: ports.map((port, i) => servicePort(file, `${where}.ports[${i}]`, port)),
    };
  });
}

function events(on: unknown): string[] {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  if (isMapping(on)) return Object.keys(on);
  return [];
}

/** Every workflow in example-workflows/ (recursively; config files excluded), relative paths, sorted. */
export function exampleWorkflowFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(entry.name) && !CONFIG_FILE.test(entry.name))
        found.push(relative(EXAMPLES_DIR, path));
    }
  };
  walk(EXAMPLES_DIR);
  return found.sort();
}

/** Every perf-gate.yml under `dir` (recursively, skipping node_modules), absolute paths, sorted. */
export function configFilesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (CONFIG_FILE.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

/** Parses example-workflows/`file`; throws when it is not valid YAML or has no single perf-gate step. */
export function readWorkflow(file: string): ExampleWorkflow {
  const document = parseDocument(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), { uniqueKeys: true });
  if (document.errors.length > 0)
    fail(file, `not valid YAML: ${document.errors.map((e) => e.message).join('; ')}`);
  const root: unknown = document.toJS();
  if (!isMapping(root)) return fail(file, 'the workflow must be a mapping');
  if (!isMapping(root.jobs)) return fail(file, 'the workflow has no `jobs:` mapping');

  const found: { jobId: string; job: Mapping; steps: Mapping[]; index: number }[] = [];
  for (const [jobId, job] of Object.entries(root.jobs)) {
    if (!isMapping(job)) return fail(file, `jobs.${jobId} must be a mapping`);
    if (job.steps === undefined) continue; // A job that calls a reusable workflow.
    if (!Array.isArray(job.steps)) return fail(file, `jobs.${jobId}.steps must be a list`);
    const steps = job.steps.map((step, i) =>
      isMapping(step) ? step : fail(file, `jobs.${jobId}.steps[${i}] must be a mapping`),
    );
    steps.forEach((step, index) => {
      if (step.uses === PERF_GATE_USES) found.push({ jobId, job, steps, index });
    });
  }
  if (found.length !== 1)
    fail(file, `expected one step with \`uses: ${PERF_GATE_USES}\`, found ${found.length}`);
  const { jobId, job, steps, index } = found[0]!;
  const step = steps[index]!;
  const where = `jobs.${jobId}.steps[${index}]`;
  return {
    file,
    on: root.on,
    events: events(root.on),
    jobId,
    permissions: stringMap(file, `jobs.${jobId}.permissions`, job.permissions ?? root.permissions),
    services: services(file, jobId, job.services),
    with: stringMap(file, `${where}.with`, step.with),
    env: {
      ...stringMap(file, 'env', root.env),
      ...stringMap(file, `jobs.${jobId}.env`, job.env),
      ...stringMap(file, `${where}.env`, step.env),
    },
    otherSteps: steps
      .filter((_, i) => i !== index)
      .map((s, i) => ({
        name: s.name === undefined ? undefined : scalar(file, `steps[${i}].name`, s.name),
        uses: s.uses === undefined ? undefined : scalar(file, `steps[${i}].uses`, s.uses),
        run: s.run === undefined ? undefined : scalar(file, `steps[${i}].run`, s.run),
      })),
    perfGateId: step.id === undefined ? undefined : scalar(file, `${where}.id`, step.id),
  };
}

/** The `${{ … }}` expressions in `text`, trimmed. */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]!.trim());
}

/** The value of one expression in `context`; throws on any expression the examples are not known to use. */
export function evaluate(expression: string, context: ExpressionContext, where: string): string {
  if (expression === 'secrets.GITHUB_TOKEN' || expression === 'github.token') return context.token;
  const port = /^job\.services\.([A-Za-z_][\w-]*)\.ports\[\s*'?(\d+)'?\s*\]$/.exec(expression);
  if (port) {
    const [, id, container] = port;
    const value = context.servicePorts?.[id!]?.[Number(container)];
    if (value === undefined)
      throw new Error(
        `${where}: \`\${{ ${expression} }}\` needs the test to start service \`${id}\` and pass its port for ${container} (servicePorts)`,
      );
    return String(value);
  }
  const event = /^github\.event\.([\w.]+)$/.exec(expression);
  if (event) {
    const value = context.event?.[event[1]!];
    if (value === undefined)
      throw new Error(`${where}: \`\${{ ${expression} }}\` needs the test to pass event.${event[1]}`);
    return value;
  }
  const matrix = /^matrix\.([\w-]+)$/.exec(expression);
  if (matrix) {
    const value = context.matrix?.[matrix[1]!];
    if (value === undefined)
      throw new Error(`${where}: \`\${{ ${expression} }}\` needs the test to pass matrix.${matrix[1]}`);
    return value;
  }
  throw new Error(
    `${where}: the test harness does not know the expression \`\${{ ${expression} }}\`; teach test/support/workflow.ts what it stands for in a test`,
  );
}

/** `text` with every `${{ … }}` replaced by its value in `context`. */
export function substitute(text: string, context: ExpressionContext, where: string): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    evaluate(expression.trim(), context, where),
  );
}

export interface ActionInvocation {
  /** For runAction's `inputs` (names as in action.yml, lower case). */
  inputs: Record<string, string>;
  /** The step's environment (workflow, job and step `env:`), for runAction's `env`. */
  env: Record<string, string>;
  /** The overrides applied, for the test's diagnostics. */
  overrides: Record<string, string>;
}

/**
 * The perf-gate step of `workflow` as runAction's inputs and env, expressions substituted. `overrides` may set
 * only TIMING_INPUTS; `github-token` goes to runAction's own token (the fake GitHub's) unless the example sets it.
 */
export function actionInvocation(
  workflow: ExampleWorkflow,
  context: ExpressionContext,
  overrides: Record<string, string> = {},
): ActionInvocation {
  for (const name of Object.keys(overrides)) {
    if (!TIMING_INPUTS.has(name))
      throw new Error(
        `${workflow.file}: a test may override only timing inputs (${[...TIMING_INPUTS].join(', ')}), not \`${name}\``,
      );
  }
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(workflow.with))
    inputs[name] = substitute(value, context, `${workflow.file}: with.${name}`);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(workflow.env))
    env[name] = substitute(value, context, `${workflow.file}: env.${name}`);
  return { inputs: { ...inputs, ...overrides }, env, overrides };
}

/** `nestjs-redis/perf.yml` → `nestjs-redis`; `fastify.yml` → `fastify`. */
export function exampleName(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : basename(file).replace(/\.ya?ml$/, '');
}
