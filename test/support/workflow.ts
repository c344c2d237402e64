/**
 * The example workflows (example-workflows/), read by GitHub's own workflow parser (@actions/workflow-parser: the
 * schema the runner validates against, the jobs, steps, `if:` conditions and expressions as the runner sees them)
 * and their expressions evaluated by GitHub's own evaluator (@actions/expressions). What stays here runs the jobs
 * in a test: which job runs perf-gate, the perf-gate step's `with:` and `env:` as runAction's inputs, the matrix
 * expanded, and the artifact steps that hand a report from job to job (actions/upload-artifact and
 * actions/download-artifact, emulated with their documented file layout). An expression may read only what the
 * test supplies (ExpressionContext); reading anything else throws, so an example cannot grow an expression that
 * its test silently passes through as an empty string.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { ContextAccess, type Expr, IndexAccess, Literal } from '@actions/expressions/ast';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { truthy } from '@actions/expressions/result';
import type { WorkflowTemplate } from '@actions/workflow-parser';
import type { DefinitionInfo } from '@actions/workflow-parser/templates/schema/definition-info';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/index';
import { type ProcessRun, runProcess } from './run-process.ts';

// The parser imports its JSON schemas without an import attribute (as bundlers allow and Node does not): add it.
registerHooks({
  load: (url, context, nextLoad) =>
    nextLoad(
      url,
      url.includes('/@actions/workflow-parser/') && url.endsWith('.json')
        ? { ...context, importAttributes: { ...context.importAttributes, type: 'json' } }
        : context,
    ),
});
const parser = await import('@actions/workflow-parser');
const { ensureStatusFunction } = await import('@actions/workflow-parser/model/converter/if-condition');

export const EXAMPLES_DIR = fileURLToPath(new URL('../../example-workflows/', import.meta.url));

/** `uses:` of the perf-gate step in an example (the README's placeholder owner). */
export const PERF_GATE_USES = '<owner>/perf-gate@v1';

/** Names of config files (perf-gate.yml), which live beside the workflows but are not workflows. */
const CONFIG_FILE = /^perf-gate\.ya?ml$/;

/**
 * Inputs a test may override to keep the suite fast: how long and how often it measures (settings of the `measure`
 * block, which runAction writes into it; `connections` among them, since a turn holds 20 responses a connection, and
 * `pin`), and whether it profiles. Anything else must come from the example as written.
 */
export const TIMING_INPUTS = new Set([
  'duration',
  'warmup',
  'prime',
  'time-budget',
  'rounds',
  'restart-every',
  'flamegraphs',
  'timeout',
  'connections',
  'pin',
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
  /** The step's `id:`; undefined when it has none (the parser's generated ids are not addressable). */
  id: string | undefined;
  name: string | undefined;
  uses: string | undefined;
  /** `run:` as written, or `${{ <expression> }}` when it interpolates. */
  run: string | undefined;
  /** The condition the runner evaluates, status function explicit (`success()` when there is no `if:`). */
  if: string | undefined;
  /** `with:`: literals as the runner passes them (strings), expressions as `${{ <expression> }}`. */
  with: Record<string, string>;
  /** The step's own `env:`, expressions not yet evaluated. */
  env: Record<string, string>;
}

/** What every job of an example has, whether it runs perf-gate or not. */
export interface WorkflowJob {
  /** The job's id (its key under `jobs:`). */
  id: string;
  /**
   * The permissions of the job's token (scope → level): the job's own `permissions:` when it has them, else the
   * workflow's (GitHub does not merge the two: a job's `permissions:` replaces the workflow's). Empty when unset.
   */
  permissions: Record<string, string>;
  /** The job's condition as the runner evaluates it (status function explicit). */
  if: string | undefined;
  /** The job's own `concurrency:`, as the workflow's (claimed only by a job whose `if:` holds); undefined: none. */
  concurrency: Record<string, string> | undefined;
  /** `timeout-minutes:` as written (a number, or an expression as `${{ … }}`); undefined: GitHub's 360. */
  timeoutMinutes: string | undefined;
  /** Every step of the job, in order (perf-gate's included). */
  steps: WorkflowStep[];
}

/** One job of an example that runs perf-gate (exactly one perf-gate step). */
export interface PerfGateJob extends WorkflowJob {
  /** The workflow file, relative to example-workflows/ (for messages). */
  file: string;
  /** `needs:` (the jobs it runs after). */
  needs: string[];
  /** The job's `outputs:` (name → value, expressions not yet evaluated), which later jobs read as `needs.<id>.outputs`. */
  outputs: Record<string, string>;
  /** `strategy.matrix` (name → values, as strings); undefined: no matrix. */
  matrix: Record<string, string[]> | undefined;
  services: WorkflowService[];
  /** The perf-gate step's `with:` (expressions not yet evaluated). */
  with: Record<string, string>;
  /** `env:` of the workflow, the job and the perf-gate step merged (step last), expressions not yet evaluated. */
  env: Record<string, string>;
  /** `mode: report` (or `mode: history-publish`): the job publishes what was measured elsewhere, and must check out and run nothing. */
  reports: boolean;
  /** perf-gate's place in `steps`. */
  perfGateIndex: number;
  /** The job's other steps, in order. */
  otherSteps: WorkflowStep[];
  /** The perf-gate step's `id`, if any (other steps read its outputs as `steps.<id>.outputs.*`). */
  perfGateId: string | undefined;
}

/** A job of an example that runs no perf-gate step (e.g. one that only calls GitHub's API, rerun.yml). */
export type OtherJob = WorkflowJob;

export interface ExampleWorkflow {
  /** Relative to example-workflows/, e.g. `nestjs-redis/perf.yml`. */
  file: string;
  /** The workflow's `name:` (what a `workflow_run` trigger names it by). */
  name: string | undefined;
  /** The events that trigger it, as the parser reads `on:` (event → its filters, `{}` when none). */
  on: Record<string, unknown>;
  /** Events that trigger the workflow (`on:`'s names). */
  events: string[];
  /** `concurrency:` as written (`group` and `cancel-in-progress`, expressions as `${{ … }}`); undefined: none. */
  concurrency: Record<string, string> | undefined;
  /** The jobs that run perf-gate, in file order. */
  jobs: PerfGateJob[];
  /** The jobs that do not, in file order. */
  otherJobs: OtherJob[];
}

/** What the expressions of an example stand for in a test. */
export interface ExpressionContext {
  /** `secrets.GITHUB_TOKEN` and `github.token`. */
  token: string;
  /** `github.workflow`: the workflow's name. */
  workflow?: string;
  /** `job.services.<id>.ports['<container port>']` → the port the test's real service listens on. */
  servicePorts?: Record<string, Record<number, number>>;
  /** `github.event.<path>`: the event's payload (or the part of it the example reads), e.g. `{ before: sha }`. */
  event?: Record<string, unknown>;
  /** `matrix.<name>`. */
  matrix?: Record<string, string>;
  /** `strategy.job-index`: the job's place in its matrix, from 0. */
  jobIndex?: number;
  /** `steps.<id>.outputs.<name>`: the outputs of steps that ran before (an output not set reads as ''). */
  steps?: Record<string, Record<string, string>>;
  /** `needs.<job>.outputs.<name>`: the outputs of the jobs this one needs (an output not set reads as ''). */
  needs?: Record<string, Record<string, string>>;
  /** `runner.temp`: the job's RUNNER_TEMP. */
  runnerTemp?: string;
}

type Mapping = Record<string, unknown>;

function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(file: string, problem: string): never {
  throw new Error(`example-workflows/${file}: ${problem}`);
}

/** A token as plain data: literals as parsed, expressions as `${{ <expression> }}`. */
function plain(token: TemplateToken | undefined): unknown {
  if (token === undefined) return undefined;
  if (parser.isMapping(token))
    return Object.fromEntries([...token].map(({ key, value }) => [String(plain(key)), plain(value)]));
  if (parser.isSequence(token)) return [...token].map(plain);
  if (parser.isBasicExpression(token)) return `\${{ ${token.expression} }}`;
  return 'value' in token ? (token as { value: unknown }).value : null;
}

/** A mapping of scalars as the runner passes them to an action: strings (numbers and booleans as written). */
function strings(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(isMapping(value) ? value : {}).map(([k, v]) => [k, String(v)]));
}

const optional = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/** `6379:6379` → { container 6379, host 6379 }; `6379` or `6379/tcp` → { container 6379, host undefined }. */
function services(file: string, value: unknown): WorkflowService[] {
  return Object.entries(isMapping(value) ? value : {}).map(([id, service]) => {
    const { image, ports = [] } = service as { image: string; ports?: unknown[] };
    const mapped = ports.map((port) => {
      const match = /^(?:(\d+):)?(\d+)(?:\/(?:tcp|udp))?$/.exec(String(port));
      if (!match)
        return fail(file, `services.${id}: \`${port}\` is not a port mapping (\`6379\` or \`6379:6379\`)`);
      return { container: Number(match[2]), host: match[1] === undefined ? undefined : Number(match[1]) };
    });
    return { id, image, ports: mapped };
  });
}

/** The matrix (the parser checks its shape; `include`/`exclude` the harness does not expand). */
function matrixOf(file: string, jobId: string, strategy: unknown): Record<string, string[]> | undefined {
  const matrix = isMapping(strategy) ? strategy.matrix : undefined;
  if (!isMapping(matrix)) return undefined;
  const where = `jobs.${jobId}.strategy.matrix`;
  return Object.fromEntries(
    Object.entries(matrix).map(([name, values]) => {
      if (name === 'include' || name === 'exclude' || !Array.isArray(values))
        fail(file, `${where}.${name}: the test harness expands only lists of values; teach it or list them`);
      return [name, values.map(String)];
    }),
  );
}

/** Every workflow in example-workflows/ (recursively; config files excluded), relative paths, sorted. */
export function exampleWorkflowFiles(): string[] {
  return readdirSync(EXAMPLES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.ya?ml$/.test(path) && !CONFIG_FILE.test(basename(path)))
    .sort();
}

/** Every perf-gate.yml under `dir` (recursively, skipping node_modules), absolute paths, sorted. */
export function configFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => CONFIG_FILE.test(basename(path)) && !path.split('/').includes('node_modules'))
    .map((path) => join(dir, path))
    .sort();
}

/** `concurrency:` as written, a mapping or a group alone; undefined: none. */
function concurrencyOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  return strings(isMapping(value) ? value : { group: value });
}

/**
 * The jobs of a parsed workflow, those that run perf-gate and the others: steps and conditions from the template,
 * the rest from `doc`.
 */
function workflowJobs(
  file: string,
  template: WorkflowTemplate,
  doc: Mapping,
): { jobs: PerfGateJob[]; otherJobs: OtherJob[] } {
  const jobs: PerfGateJob[] = [];
  const otherJobs: OtherJob[] = [];
  for (const job of template.jobs) {
    if (job.type !== 'job') continue;
    const id = job.id.value;
    const raw = (doc.jobs as Record<string, Mapping>)[id]!;
    const steps: WorkflowStep[] = job.steps.map((step, index) => {
      const { name, uses, run, with: inputs, env } = (raw.steps as Mapping[])[index]!;
      return {
        index,
        // The parser names steps without an `id:` `__…`; no expression can read those.
        id: step.id.startsWith('__') ? undefined : step.id,
        name: optional(name),
        uses: optional(uses),
        run: optional(run),
        if: 'if' in step ? step.if?.expression : undefined,
        with: strings(inputs),
        env: strings(env),
      };
    });
    const gates = steps.filter((s) => s.uses === PERF_GATE_USES);
    if (gates.length > 1)
      fail(file, `jobs.${id}: expected one step with \`uses: ${PERF_GATE_USES}\`, found ${gates.length}`);
    const gate = gates[0];
    const common: WorkflowJob = {
      id,
      permissions: strings(raw.permissions ?? doc.permissions),
      if: job.if?.expression,
      concurrency: concurrencyOf(raw.concurrency),
      timeoutMinutes: optional(raw['timeout-minutes']),
      steps,
    };
    if (!gate) {
      otherJobs.push(common);
      continue;
    }
    jobs.push({
      ...common,
      file,
      needs: (job.needs ?? []).map((n) => n.value),
      outputs: strings(raw.outputs),
      matrix: matrixOf(file, id, raw.strategy),
      services: services(file, raw.services),
      with: gate.with,
      env: {
        ...strings(doc.env),
        ...strings(raw.env),
        ...strings((raw.steps as Mapping[])[gate.index]!.env),
      },
      reports: gate.with.mode === 'report' || gate.with.mode === 'history-publish',
      perfGateIndex: gate.index,
      otherSteps: steps.filter((s) => s !== gate),
      perfGateId: gate.id,
    });
  }
  return { jobs, otherJobs };
}

/** Parses and converts example-workflows/`file` as GitHub does; throws on any error the parser reports. */
async function loadWorkflow(file: string): Promise<ExampleWorkflow> {
  const content = readFileSync(join(EXAMPLES_DIR, file), 'utf8');
  const parsed = parser.parseWorkflow({ name: file, content }, new parser.NoOperationTraceWriter());
  const template = parsed.value && (await parser.convertWorkflowTemplate(parsed.context, parsed.value));
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (!template || errors.length > 0) fail(file, `not a valid workflow: ${errors.join('; ')}`);
  // The document as data, once GitHub's schema has accepted it (expressions as `${{ … }}`).
  const doc = plain(parsed.value) as Mapping;
  const { jobs, otherJobs } = workflowJobs(file, template, doc);
  // Every example runs perf-gate, but one that only asks GitHub to run another example again (rerun.yml).
  if (
    jobs.length === 0 &&
    (otherJobs.length === 0 || !otherJobs.every((j) => j.steps.every((s) => s.run !== undefined)))
  )
    fail(file, `expected a job with a step \`uses: ${PERF_GATE_USES}\`, found none`);
  return {
    file,
    name: optional(doc.name),
    on: template.events as Record<string, unknown>,
    events: Object.keys(template.events),
    concurrency: concurrencyOf(doc.concurrency),
    jobs,
    otherJobs,
  };
}

/** Every example, parsed once when this module loads (the parser is asynchronous; readWorkflow is not). */
const LOADED = new Map<string, ExampleWorkflow | Error>();
for (const file of exampleWorkflowFiles()) {
  try {
    LOADED.set(file, await loadWorkflow(file));
  } catch (error) {
    LOADED.set(file, error as Error);
  }
}

/**
 * example-workflows/`file` as the runner reads it; throws when GitHub's parser reports an error, when a job has more
 * than one perf-gate step, or when no job has one.
 */
export function readWorkflow(file: string): ExampleWorkflow {
  const workflow = LOADED.get(file) ?? fail(file, 'no such example workflow');
  if (workflow instanceof Error) throw workflow;
  return workflow;
}

/** The perf-gate job `id` of `workflow`, or its only one when `id` is not given. */
export function perfGateJob(workflow: ExampleWorkflow, id?: string): PerfGateJob {
  const ids = workflow.jobs.map((j) => j.id).join(', ');
  if (id === undefined) {
    if (workflow.jobs.length !== 1)
      throw new Error(
        `${workflow.file}: ${workflow.jobs.length} jobs run perf-gate (${ids}): name the one you mean`,
      );
    return workflow.jobs[0]!;
  }
  const job = workflow.jobs.find((j) => j.id === id);
  if (!job) throw new Error(`${workflow.file}: no job \`${id}\` runs perf-gate (${ids} do)`);
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

/** The `${{ … }}` expressions in `text`, trimmed (a value the parser made one expression is one). */
export function expressionsIn(text: string): string[] {
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(text);
  if (whole) return [whole[1]!.trim()];
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]!.trim());
}

/** The contexts an example's expressions may read, and the runner's status functions for conditions. */
const CONTEXTS = ['github', 'secrets', 'job', 'matrix', 'strategy', 'steps', 'needs', 'runner'];
const STATUS_FUNCTIONS = ['success', 'failure', 'cancelled', 'always'] as const;

function contextData(context: ExpressionContext): data.Dictionary {
  const mapValues = <T, U>(record: Record<string, T> | undefined, f: (value: T) => U): Record<string, U> =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, f(value)]));
  const contexts = {
    github: { token: context.token, event: context.event ?? {}, workflow: context.workflow },
    secrets: { GITHUB_TOKEN: context.token },
    job: { services: mapValues(context.servicePorts, (ports) => ({ ports })) },
    matrix: context.matrix ?? {},
    strategy: { 'job-index': context.jobIndex },
    steps: mapValues(context.steps, (outputs) => ({ outputs })),
    needs: mapValues(context.needs, (outputs) => ({ outputs })),
    runner: { temp: context.runnerTemp },
  };
  // Through JSON: an absent value (undefined) is absent, so reading it is an error below.
  return JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
}

/** `github.event.before` for an access expression (messages), `…` for anything else. */
function pathOf(expr: Expr): string {
  if (expr instanceof ContextAccess) return expr.name.lexeme;
  if (expr instanceof IndexAccess)
    return `${pathOf(expr.expr)}.${expr.index instanceof Literal ? expr.index.literal.coerceString() : '*'}`;
  return '…';
}

/** A value an expression read that the test did not supply. */
class Missing extends Error {}

/** GitHub's evaluator, except that reading a value the test did not supply throws (a step's outputs excepted). */
class StrictEvaluator extends Evaluator {
  override visitIndexAccess(access: IndexAccess): data.ExpressionData {
    const value = super.visitIndexAccess(access);
    // An output a step or a needed job did not set is the empty string, as on GitHub; anything else must be there.
    if (value.kind === data.Kind.Null && !/^(?:steps|needs)\.[^.]+\.outputs$/.test(pathOf(access.expr)))
      throw new Missing(pathOf(access));
    return value;
  }
}

function evaluateData(
  expression: string,
  context: ExpressionContext,
  where: string,
  functions: FunctionDefinition[] = [],
): data.ExpressionData {
  const shown = `\`\${{ ${expression} }}\``;
  try {
    const tree = new Parser(new Lexer(expression).lex().tokens, CONTEXTS, functions).parse();
    const byName = new Map(functions.map((f) => [f.name, f]));
    return new StrictEvaluator(tree, contextData(context), byName).evaluate();
  } catch (error) {
    if (error instanceof Missing)
      throw new Error(`${where}: ${shown} needs the test to pass ${error.message}`);
    throw new Error(
      `${where}: the test harness does not know ${shown} (${(error as Error).message}); teach test/support/workflow.ts what it stands for in a test`,
    );
  }
}

/** The value of one expression in `context`, as the runner renders it into a string. */
export function evaluate(expression: string, context: ExpressionContext, where: string): string {
  const value = evaluateData(expression, context, where);
  if (!value.primitive)
    throw new Error(`${where}: \`\${{ ${expression} }}\` is an object, not a value the runner would pass`);
  return value.kind === data.Kind.Null ? '' : value.coerceString();
}

/** `text` with every `${{ … }}` replaced by its value in `context`. */
export function substitute(text: string, context: ExpressionContext, where: string): string {
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(text);
  if (whole) return evaluate(whole[1]!.trim(), context, where);
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    evaluate(expression.trim(), context, where),
  );
}

/** How the job has gone so far, for the status functions of an `if:`. */
export interface JobStatus {
  /** A previous step failed (or, for a job's `if:`, a job it needs failed). */
  failed: boolean;
}

/**
 * Whether a step or job with `if: condition` runs, as the runner decides it: with or without `${{ }}`, a condition
 * without a status function runs only after success (the parser's `success() && (…)`), and the status functions
 * answer from `status` (the workflow is never cancelled in a test). undefined: no `if:`, i.e. `success()`.
 */
export function conditionHolds(
  condition: string | undefined,
  context: ExpressionContext,
  status: JobStatus,
  where: string,
): boolean {
  const text = (/^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(condition ?? '')?.[1] ?? condition ?? '').trim();
  const answers = { success: !status.failed, failure: status.failed, cancelled: false, always: true };
  const functions = STATUS_FUNCTIONS.map((name) => ({
    name,
    minArgs: 0,
    maxArgs: 0,
    call: () => new data.BooleanData(answers[name]),
  }));
  const allowed = { allowedContext: [...CONTEXTS, ...STATUS_FUNCTIONS.map((f) => `${f}(0,0)`)] };
  const full = text === '' ? 'success()' : ensureStatusFunction(text, allowed as DefinitionInfo);
  const value = evaluateData(full, context, `${where} (if: ${condition})`, functions);
  return truthy(value);
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
 * The perf-gate step of `job` as runAction's inputs and env, expressions evaluated. `overrides` may set only
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
  const each = (values: Record<string, string>, what: string): Record<string, string> =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        substitute(value, context, `${job.file}: jobs.${job.id}: ${what}.${name}`),
      ]),
    );
  return { inputs: { ...each(job.with, 'with'), ...overrides }, env: each(job.env, 'env'), overrides };
}

/** What a `run:` step did: its exit code, its log, and what it wrote to the job summary. */
export interface ScriptRun extends ProcessRun {
  /** What the script wrote to GITHUB_STEP_SUMMARY. */
  summary: string;
}

/**
 * Runs a `run:` step as the runner runs it (`bash --noprofile --norc -eo pipefail`, the step's `shell: bash`), its
 * `env:` evaluated in `context`, with the runner's variables (`GITHUB_API_URL` the fake GitHub's,
 * `GITHUB_REPOSITORY`, `GITHUB_STEP_SUMMARY`) and PATH; nothing else of this process's environment. Asynchronous:
 * the fake GitHub answers from this process.
 */
export async function runScript(
  step: WorkflowStep,
  context: ExpressionContext,
  runner: { apiUrl: string; repository: string; where: string },
): Promise<ScriptRun> {
  if (step.run === undefined) throw new Error(`${runner.where}: steps[${step.index}] is not a \`run:\` step`);
  const temp = mkdtempSync(join(tmpdir(), 'perf-gate-script-'));
  try {
    const script = join(temp, 'script.sh');
    writeFileSync(script, step.run);
    const summary = join(temp, 'summary.md');
    writeFileSync(summary, '');
    const env = Object.fromEntries(
      Object.entries(step.env).map(([name, value]) => [
        name,
        substitute(value, context, `${runner.where}: steps[${step.index}].env.${name}`),
      ]),
    );
    const run = await runProcess('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      env: {
        PATH: process.env.PATH,
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: runner.apiUrl,
        GITHUB_REPOSITORY: runner.repository,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: temp,
        ...env,
      },
      timeoutMs: 60_000,
    });
    return { ...run, summary: readFileSync(summary, 'utf8') };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
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
 * directory per line, expressions evaluated). As the action documents, names inside the artifact are relative
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
