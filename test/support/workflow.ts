/**
 * The example workflows (example-workflows/), read the way a runner reads them: every job that runs perf-gate,
 * its token's permissions, its `services:` (so a test can start the equivalent real service), its matrix, its
 * steps, and the perf-gate step's `with:` turned into the INPUT_* values of runAction and its `env:` (workflow, job
 * and step levels merged, step last). The `${{ … }}` expressions the examples use are substituted from a context
 * the test supplies; any other expression is an error, so an example cannot grow an expression that its test
 * silently passes through as text. The steps around perf-gate that hand its report from job to job
 * (actions/upload-artifact, actions/download-artifact) are emulated here with their documented file layout, and
 * their `if:` conditions evaluated, so a test runs a multi-job example the way the runner would chain it.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
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

export interface WorkflowStep {
  /** Place in the job's `steps:`, from 0. */
  index: number;
  id: string | undefined;
  name: string | undefined;
  uses: string | undefined;
  run: string | undefined;
  /** `if:` as written (with or without `${{ }}`); undefined: none, i.e. `success()`. */
  if: string | undefined;
  /** `with:`, values as written. */
  with: Record<string, string>;
}

/** One job of an example that runs perf-gate (exactly one perf-gate step). */
export interface PerfGateJob {
  /** The workflow file, relative to example-workflows/ (for messages). */
  file: string;
  /** The job's id (its key under `jobs:`). */
  id: string;
  /**
   * The permissions of the job's token (scope → level): the job's own `permissions:` when it has them, else the
   * workflow's (GitHub does not merge the two: a job's `permissions:` replaces the workflow's). Empty when unset.
   */
  permissions: Record<string, string>;
  /** The job's `if:` as written; undefined: none. */
  if: string | undefined;
  /** `needs:` (the jobs it runs after). */
  needs: string[];
  /** `strategy.matrix` (name → values, as strings); undefined: no matrix. */
  matrix: Record<string, string[]> | undefined;
  services: WorkflowService[];
  /** The perf-gate step's `with:`, values as written (expressions not yet substituted). */
  with: Record<string, string>;
  /** `env:` of the workflow, the job and the perf-gate step merged (step last), as written. */
  env: Record<string, string>;
  /** `mode: report`: the job publishes reports measured elsewhere, and must check out and run nothing. */
  reports: boolean;
  /** Every step of the job, in order, perf-gate's included. */
  steps: WorkflowStep[];
  /** perf-gate's place in `steps`. */
  perfGateIndex: number;
  /** The job's other steps, in order. */
  otherSteps: WorkflowStep[];
  /** The perf-gate step's `id`, if any (other steps read its outputs as `steps.<id>.outputs.*`). */
  perfGateId: string | undefined;
}

export interface ExampleWorkflow {
  /** Relative to example-workflows/, e.g. `nestjs-redis/perf.yml`. */
  file: string;
  /** The workflow's `name:` (what a `workflow_run` trigger names it by). */
  name: string | undefined;
  /** The top-level `on:` as parsed (a string, a list or a mapping). */
  on: unknown;
  /** Events that trigger the workflow (`on:`'s names). */
  events: string[];
  /** The jobs that run perf-gate, in file order. */
  jobs: PerfGateJob[];
}

/** What the expressions of an example stand for in a test. */
export interface ExpressionContext {
  /** `secrets.GITHUB_TOKEN` and `github.token`. */
  token: string;
  /** `job.services.<id>.ports['<container port>']` → the port the test's real service listens on. */
  servicePorts?: Record<string, Record<number, number>>;
  /** `github.event.<path>`: the event's payload (or the part of it the example reads), e.g. `{ before: sha }`. */
  event?: Record<string, unknown>;
  /** `matrix.<name>`. */
  matrix?: Record<string, string>;
  /** `strategy.job-index`: the job's place in its matrix, from 0. */
  jobIndex?: number;
  /** `steps.<id>.outputs.<name>`: the outputs of steps that ran before. */
  steps?: Record<string, Record<string, string>>;
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

function step(file: string, jobId: string, index: number, value: Mapping): WorkflowStep {
  const where = `jobs.${jobId}.steps[${index}]`;
  const optional = (key: string): string | undefined =>
    value[key] === undefined ? undefined : scalar(file, `${where}.${key}`, value[key]);
  return {
    index,
    id: optional('id'),
    name: optional('name'),
    uses: optional('uses'),
    run: optional('run'),
    if: optional('if'),
    with: stringMap(file, `${where}.with`, value.with),
  };
}

function matrixOf(file: string, jobId: string, strategy: unknown): Record<string, string[]> | undefined {
  if (strategy === undefined) return undefined;
  const where = `jobs.${jobId}.strategy`;
  if (!isMapping(strategy)) return fail(file, `${where} must be a mapping`);
  if (strategy.matrix === undefined) return undefined;
  if (!isMapping(strategy.matrix)) return fail(file, `${where}.matrix must be a mapping`);
  const matrix: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(strategy.matrix)) {
    if (name === 'include' || name === 'exclude')
      return fail(
        file,
        `${where}.matrix.${name}: the test harness does not expand it; teach it or list the values`,
      );
    if (!Array.isArray(values) || values.length === 0)
      return fail(file, `${where}.matrix.${name} must be a non-empty list`);
    matrix[name] = values.map((v, i) => scalar(file, `${where}.matrix.${name}[${i}]`, v));
  }
  return matrix;
}

function needsOf(file: string, jobId: string, needs: unknown): string[] {
  if (needs === undefined) return [];
  if (typeof needs === 'string') return [needs];
  if (Array.isArray(needs)) return needs.map((n, i) => scalar(file, `jobs.${jobId}.needs[${i}]`, n));
  return fail(file, `jobs.${jobId}.needs must be a job id or a list of them`);
}

/**
 * Parses example-workflows/`file`; throws when it is not valid YAML, when a job has more than one perf-gate step,
 * or when no job has one.
 */
export function readWorkflow(file: string): ExampleWorkflow {
  const document = parseDocument(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), { uniqueKeys: true });
  if (document.errors.length > 0)
    fail(file, `not valid YAML: ${document.errors.map((e) => e.message).join('; ')}`);
  const root: unknown = document.toJS();
  if (!isMapping(root)) return fail(file, 'the workflow must be a mapping');
  if (!isMapping(root.jobs)) return fail(file, 'the workflow has no `jobs:` mapping');

  const jobs: PerfGateJob[] = [];
  for (const [jobId, job] of Object.entries(root.jobs)) {
    if (!isMapping(job)) return fail(file, `jobs.${jobId} must be a mapping`);
    if (job.steps === undefined) continue; // A job that calls a reusable workflow.
    if (!Array.isArray(job.steps)) return fail(file, `jobs.${jobId}.steps must be a list`);
    const steps = job.steps.map((value, i) =>
      isMapping(value)
        ? step(file, jobId, i, value)
        : fail(file, `jobs.${jobId}.steps[${i}] must be a mapping`),
    );
    const gates = steps.filter((s) => s.uses === PERF_GATE_USES);
    if (gates.length === 0) continue;
    if (gates.length > 1)
      fail(file, `jobs.${jobId}: expected one step with \`uses: ${PERF_GATE_USES}\`, found ${gates.length}`);
    const gate = gates[0]!;
    const where = `jobs.${jobId}.steps[${gate.index}]`;
    const raw = (job.steps as Mapping[])[gate.index]!;
    jobs.push({
      file,
      id: jobId,
      permissions: stringMap(file, `jobs.${jobId}.permissions`, job.permissions ?? root.permissions),
      if: job.if === undefined ? undefined : scalar(file, `jobs.${jobId}.if`, job.if),
      needs: needsOf(file, jobId, job.needs),
      matrix: matrixOf(file, jobId, job.strategy),
      services: services(file, jobId, job.services),
      with: gate.with,
      env: {
        ...stringMap(file, 'env', root.env),
        ...stringMap(file, `jobs.${jobId}.env`, job.env),
        ...stringMap(file, `${where}.env`, raw.env),
      },
      reports: gate.with.mode === 'report',
      steps,
      perfGateIndex: gate.index,
      otherSteps: steps.filter((s) => s !== gate),
      perfGateId: gate.id,
    });
  }
  if (jobs.length === 0) fail(file, `expected a job with a step \`uses: ${PERF_GATE_USES}\`, found none`);
  return {
    file,
    name: root.name === undefined ? undefined : scalar(file, 'name', root.name),
    on: root.on,
    events: events(root.on),
    jobs,
  };
}

/** The perf-gate job `id` of `workflow`, or its only one when `id` is not given. */
export function perfGateJob(workflow: ExampleWorkflow, id?: string): PerfGateJob {
  if (id === undefined) {
    if (workflow.jobs.length !== 1)
      throw new Error(
        `${workflow.file}: ${workflow.jobs.length} jobs run perf-gate (${workflow.jobs.map((j) => j.id).join(', ')}): name the one you mean`,
      );
    return workflow.jobs[0]!;
  }
  const job = workflow.jobs.find((j) => j.id === id);
  if (!job)
    throw new Error(
      `${workflow.file}: no job \`${id}\` runs perf-gate (${workflow.jobs.map((j) => j.id).join(', ')} do)`,
    );
  return job;
}

/**
 * One run of `job` per combination of its matrix, in the order GitHub expands it (the first name varies slowest),
 * with `strategy.job-index`; a job without a matrix runs once, with index 0.
 */
export function matrixRuns(job: PerfGateJob): { matrix: Record<string, string>; jobIndex: number }[] {
  let combinations: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(job.matrix ?? {}))
    combinations = combinations.flatMap((c) => values.map((value) => ({ ...c, [name]: value })));
  return combinations.map((matrix, jobIndex) => ({ matrix, jobIndex }));
}

/** The `${{ … }}` expressions in `text`, trimmed. */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]!.trim());
}

/** `github.event.a.b` → the payload's `a.b`, as the runner renders it (a string, number or boolean). */
function eventValue(event: Record<string, unknown> | undefined, path: string): string | undefined {
  let value: unknown = event;
  for (const key of path.split('.')) value = isMapping(value) ? value[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
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
  const event = /^github\.event\.([\w.-]+)$/.exec(expression);
  if (event) {
    const value = eventValue(context.event, event[1]!);
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
  if (expression === 'strategy.job-index') {
    if (context.jobIndex === undefined)
      throw new Error(`${where}: \`\${{ ${expression} }}\` needs the test to pass jobIndex`);
    return String(context.jobIndex);
  }
  const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (output) {
    const [, id, name] = output;
    const outputs = context.steps?.[id!];
    if (outputs === undefined)
      throw new Error(
        `${where}: \`\${{ ${expression} }}\` needs the test to pass the outputs of step \`${id}\``,
      );
    // An output a step did not set is the empty string.
    return outputs[name!] ?? '';
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

/** How the job has gone so far, for the status functions of an `if:`. */
export interface JobStatus {
  /** A previous step failed (or, for a job's `if:`, a job it needs failed). */
  failed: boolean;
}

const STATUS_FUNCTIONS = /^(!?)(success|failure|cancelled|always)\(\)$/;

/**
 * Whether a step or job with `if: condition` runs: the `&&` of terms that are status functions (`success()`,
 * `failure()`, `always()`, `cancelled()`, negated with `!`) or comparisons (`a == b`, `a != b`; operands are
 * expressions of `context` or quoted strings, compared case-insensitively as GitHub does). As on GitHub, a
 * condition without a status function runs only after success. The workflow is never cancelled in a test.
 * Anything else (`||`, parentheses, other functions) throws: teach it here when an example needs it.
 */
export function conditionHolds(
  condition: string | undefined,
  context: ExpressionContext,
  status: JobStatus,
  where: string,
): boolean {
  if (condition === undefined) return !status.failed;
  const text = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(condition)?.[1] ?? condition;
  let usesStatus = false;
  let holds = true;
  for (const raw of text.split('&&')) {
    const term = raw.trim();
    const fn = STATUS_FUNCTIONS.exec(term);
    if (fn) {
      usesStatus = true;
      const value = { success: !status.failed, failure: status.failed, cancelled: false, always: true }[
        fn[2] as 'success' | 'failure' | 'cancelled' | 'always'
      ];
      holds &&= fn[1] === '!' ? !value : value;
      continue;
    }
    const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(term);
    if (!comparison || /\|\||[()]/.test(term.replace(/'[^']*'/g, "''")))
      throw new Error(
        `${where}: the test harness cannot evaluate \`${term}\` in \`if: ${condition}\`; teach conditionHolds in test/support/workflow.ts`,
      );
    const operand = (side: string): string => {
      const literal = /^'((?:[^']|'')*)'$/.exec(side.trim());
      return literal ? literal[1]!.replaceAll("''", "'") : evaluate(side.trim(), context, where);
    };
    const equal = operand(comparison[1]!).toLowerCase() === operand(comparison[3]!).toLowerCase();
    holds &&= comparison[2] === '==' ? equal : !equal;
  }
  return usesStatus ? holds : holds && !status.failed;
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
 * The perf-gate step of `job` as runAction's inputs and env, expressions substituted. `overrides` may set only
 * TIMING_INPUTS; `github-token` goes to runAction's own token (the fake GitHub's) unless the example sets it.
 */
export function actionInvocation(
  job: PerfGateJob,
  context: ExpressionContext,
  overrides: Record<string, string> = {},
): ActionInvocation {
  for (const name of Object.keys(overrides)) {
    if (!TIMING_INPUTS.has(name))
      throw new Error(
        `${job.file}: a test may override only timing inputs (${[...TIMING_INPUTS].join(', ')}), not \`${name}\``,
      );
  }
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(job.with))
    inputs[name] = substitute(value, context, `${job.file}: jobs.${job.id}: with.${name}`);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(job.env))
    env[name] = substitute(value, context, `${job.file}: jobs.${job.id}: env.${name}`);
  return { inputs: { ...inputs, ...overrides }, env, overrides };
}

/** An artifact as actions/upload-artifact@v4 stores it: files by their name inside the artifact. */
export interface Artifact {
  name: string;
  /** The workflow run that uploaded it (download-artifact's `run-id`). */
  runId: string;
  /** Name inside the artifact → the file on the uploading runner. */
  files: Record<string, string>;
}

export const UPLOAD_ARTIFACT = 'actions/upload-artifact@';
export const DOWNLOAD_ARTIFACT = 'actions/download-artifact@';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * An actions/upload-artifact step run in `workspace`: `name` (default `artifact`) and `path` (one file or
 * directory per line, expressions substituted). As the action documents, names inside the artifact are relative
 * to the paths' least common ancestor (a single file is stored by its base name).
 */
export function uploadArtifact(
  step: WorkflowStep,
  context: ExpressionContext,
  workspace: string,
  runId: string,
): Artifact {
  if (!step.uses?.startsWith(UPLOAD_ARTIFACT))
    throw new Error(`step ${step.index} is not ${UPLOAD_ARTIFACT}`);
  const where = `step ${step.name ?? step.index} (upload-artifact)`;
  const name = substitute(step.with.name ?? 'artifact', context, `${where}: with.name`);
  const paths = substitute(step.with.path ?? '', context, `${where}: with.path`)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => (isAbsolute(line) ? line : resolve(workspace, line)));
  if (paths.length === 0) throw new Error(`${where}: with.path is empty`);
  const sources = paths.flatMap((path) => {
    if (!existsSync(path)) throw new Error(`${where}: ${path} does not exist (upload-artifact fails)`);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
  let root = dirname(sources[0]!);
  while (!sources.every((source) => source.startsWith(`${root}/`))) root = dirname(root);
  return {
    name,
    runId,
    files: Object.fromEntries(sources.map((source) => [relative(root, source), source])),
  };
}

/**
 * An actions/download-artifact step run in `workspace`: the artifacts of run `run-id` (default: `currentRunId`)
 * named `name`, or matching `pattern` (`*` wildcards), all when neither is set. As the action documents, one
 * artifact asked for by `name` lands directly in `path`; several land in `path/<artifact name>/` unless
 * `merge-multiple` is true. Returns the files written. Fails, as the action does, when `name` matches nothing.
 */
export function downloadArtifacts(
  step: WorkflowStep,
  context: ExpressionContext,
  artifacts: readonly Artifact[],
  workspace: string,
  currentRunId: string,
): string[] {
  if (!step.uses?.startsWith(DOWNLOAD_ARTIFACT))
    throw new Error(`step ${step.index} is not ${DOWNLOAD_ARTIFACT}`);
  const where = `step ${step.name ?? step.index} (download-artifact)`;
  const input = (name: string): string | undefined =>
    step.with[name] === undefined
      ? undefined
      : substitute(step.with[name], context, `${where}: with.${name}`);
  const runId = input('run-id') ?? currentRunId;
  // The action reads another run's artifacts through the API only, with a token it is given.
  if (runId !== currentRunId && input('github-token') === undefined)
    throw new Error(`${where}: with.run-id needs with.github-token`);
  const name = input('name');
  const pattern = input('pattern');
  const dir = resolve(workspace, input('path') ?? '.');
  const ofRun = artifacts.filter((a) => a.runId === runId);
  let chosen: Artifact[];
  if (name !== undefined) {
    chosen = ofRun.filter((a) => a.name === name);
    if (chosen.length === 0) throw new Error(`${where}: no artifact \`${name}\` in run ${runId}`);
  } else if (pattern !== undefined) {
    const regex = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replaceAll('*', '.*')}$`);
    chosen = ofRun.filter((a) => regex.test(a.name));
  } else {
    chosen = ofRun;
  }
  const apart = name === undefined && input('merge-multiple') !== 'true';
  const written: string[] = [];
  for (const artifact of chosen) {
    for (const [inside, source] of Object.entries(artifact.files)) {
      const target = apart ? join(dir, artifact.name, inside) : join(dir, inside);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
      written.push(target);
    }
  }
  return written.sort();
}

/** `nestjs-redis/perf.yml` → `nestjs-redis`; `fastify.yml` → `fastify`. */
export function exampleName(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : basename(file).replace(/\.ya?ml$/, '');
}
