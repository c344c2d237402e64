/**
 * The profiling pass: after measuring, never during it. It explains a verdict and never makes one, so its
 * failures become notes; and it names what got hotter only when the gate found a change to explain.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sideCommands } from '../config/base-config.ts';
import type { Config, Scenario } from '../model/config.ts';
import type { Decision } from '../model/decision.ts';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import type { Note, NotProfiled } from '../model/notes.ts';
import type { HeapPlan, ProfileEvidence, UnitCost } from '../model/profile.ts';
import type { AllocationSummary, HotFunction, ProfileSummary } from '../model/report.ts';
import { callerOf } from '../profile/callers.ts';
import {
  type AllocationComparison,
  type CompareSpec,
  compareProfiles,
  keptEvidence,
  type ProfileComparison,
} from '../profile/compare.ts';
import { packageOf } from '../profile/rollup.ts';
import type { Profile } from '../profile/ticks.ts';
import { PUBLISH_RESERVE_MS } from './measurement-plan.ts';
import type { GateContext } from './ports.ts';
import { systemPlacement } from './system.ts';

/**
 * Whether the gate found a change for the profile to explain: a regression or an improvement, or any comparison
 * (req/s, latency, the server's CPU per request) that changed significantly.
 */
export function changeToExplain(decision: Decision | undefined): boolean {
  if (decision === undefined) return false;
  return (
    decision.verdict === 'regression' ||
    decision.verdict === 'improvement' ||
    decision.comparisons.some((c) => c.significant)
  );
}

const decided = (v: string): boolean => v === 'regression' || v === 'improvement';

/** Whether allocation per request changed: significantly, or decided either way. */
function allocationChanged(decision: Decision): boolean {
  return decision.comparisons.some((c) => c.metric === 'alloc' && (c.significant || decided(c.verdict)));
}

/** Whether the gate found a change of memory for the allocation profile to explain: allocation per request, a leak. */
export function memoryToExplain(decision: Decision | undefined): boolean {
  if (decision === undefined) return false;
  return allocationChanged(decision) || (decision.leaks ?? []).some((l) => decided(l.verdict));
}

/**
 * What the heap profiler measures while profiling: what is kept when the leak test found a leak, both in turns (over
 * twice the pairs) when allocation per request changed too, else what is allocated. A leak fixed is not looked for:
 * what head keeps less of is base's to name, and a head that serves far fewer requests can look like one.
 */
export function heapPlan(decision: Decision | undefined): HeapPlan {
  if (decision === undefined || smallestLeak(decision) === undefined) return 'allocated';
  return allocationChanged(decision) ? 'both' : 'kept';
}

/** The smallest leak the leak test called a regression, in bytes a request (head's less base's); undefined: none. */
export function smallestLeak(decision: Decision | undefined): number | undefined {
  const leaks = (decision?.leaks ?? []).filter((l) => l.verdict === 'regression').map((l) => l.change);
  return leaks.length === 0 ? undefined : Math.min(...leaks);
}

/**
 * Whether to profile after measuring: `profile`, or why not. Off without flame graphs or a decision; not on "no
 * change" (nothing to explain, and 15 s or more saved); not on a matrix's runners after the first, which measure the
 * same code (`replica: i/n`, i > 1); a shard measures scenarios of its own and profiles them.
 */
export function profilePlan(
  config: Pick<Config, 'profileSec' | 'replica'>,
  decision: Decision | undefined,
): 'profile' | 'off' | NotProfiled {
  if (config.profileSec === 0 || decision === undefined) return 'off';
  if (decision.verdict === 'no-change') return 'no-change';
  if (config.replica !== undefined && config.replica.index > 1) return 'replica';
  return 'profile';
}

type Named = Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'package' | 'pseudo'>;

/**
 * A named unit where it is in the repository: its kind, name, file and line; a unit of Node's own modules with the
 * frame of the program that called it (src/profile/callers.ts).
 */
function placed(u: Named, root: string, headDir: string, headProfile: Profile | undefined) {
  const where = (file: string): string => relative(root, resolve(headDir, file));
  const caller = headProfile === undefined ? undefined : callerOf(headProfile, u);
  return {
    unit: u.level,
    fn: u.name,
    file: where(u.level === 'package' ? join('node_modules', u.name) : u.file),
    line: u.line,
    ...(caller && {
      caller: { fn: caller.fn, file: where(caller.file), line: caller.line, package: packageOf(caller) },
    }),
  };
}

/** What the profile names hotter on head, for the report: where each is in the repository, largest change first. */
export function hotterUnits(
  evidence: ProfileEvidence,
  root: string,
  headDir: string,
  headProfile?: Profile,
): HotFunction[] {
  return evidence.named
    .filter((u) => u.deltaUs > 0 && !u.pseudo)
    .slice(0, 5)
    .map((u) => ({
      ...placed(u, root, headDir, headProfile),
      baseSelf: evidence.base.busyUs > 0 ? Math.min(1, u.baseSelfUs / evidence.base.busyUs) : 0,
      headSelf: evidence.head.busyUs > 0 ? Math.min(1, u.headSelfUs / evidence.head.busyUs) : 0,
      baseUsPerRequest: u.baseSelfUs,
      headUsPerRequest: u.headSelfUs,
    }));
}

/**
 * The version of the dependency a unit lives in, from its package.json in head's tree (the innermost
 * `node_modules/<name>` of its file, pnpm's nesting included); undefined for the app's own code and Node's.
 */
export function dependencyVersion(u: Named, headDir: string): string | undefined {
  if (u.pseudo || u.package === '' || u.package === 'node:') return undefined;
  const home = `node_modules/${u.package}`;
  const at = u.file.replace(/\\/g, '/').lastIndexOf(home);
  const dir = u.level === 'package' ? home : at < 0 ? undefined : u.file.slice(0, at + home.length);
  if (dir === undefined) return undefined;
  try {
    const { version } = JSON.parse(readFileSync(resolve(headDir, dir, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' && /^[0-9A-Za-z.+-]{1,40}$/.test(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The allocation profile for the report: what it names allocating more on head, where each is, largest first. */
export function allocationSummary(
  allocation: AllocationComparison,
  root: string,
  headDir: string,
): AllocationSummary {
  const { evidence } = allocation;
  const more = evidence.named
    .filter((u) => u.deltaBytes > 0 && !u.pseudo)
    .slice(0, 5)
    .map((u) => {
      const version = dependencyVersion(u, headDir);
      return {
        ...placed(u, root, headDir, allocation.profiles.head),
        ...(version !== undefined && { version }),
        baseBytes: u.baseBytes,
        headBytes: u.headBytes,
      };
    });
  return { evidence, more };
}

export async function profileBoth(
  context: GateContext,
  dirs: Record<Side, string>,
  scenarios: readonly Scenario[],
  deadline: number,
  notes: Note[],
  decision: Decision | undefined,
): Promise<ProfileSummary | undefined> {
  const { config, log } = context;
  if (scenarios.length === 0) return undefined;
  const spec = compareSpec(config, dirs, scenarios, decision, (chunk) => log.output(chunk));
  // Each side's load (twice with both heap measures in turns) and some 20 s of starting and writing, both sides.
  const needMs = 2 * ((spec.heap === 'both' ? 2 : 1) * config.profileSec * 1000 + 20_000);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes.push({ kind: 'no-room-for-profiles' });
    return undefined;
  }
  const started = Date.now();
  try {
    return await log.group({ kind: 'profiling' }, async () => {
      const result = await compareProfiles(spec);
      const seconds = (Date.now() - started) / 1000;
      log.info({ kind: 'profiling-took', seconds });
      if (result.cpu instanceof GateError) noFlameGraphs(context, notes, result.cpu);
      const where = { root: context.root, headDir: dirs.head, dir: spec.outDir };
      return profileSummary(result, where, seconds);
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    noFlameGraphs(context, notes, error);
    return undefined;
  }
}

/** A CPU profile that failed, with or without the heap profiles: a note and a warning (the verdict stands). */
function noFlameGraphs(context: GateContext, notes: Note[], error: GateError): void {
  notes.push({ kind: 'no-flame-graphs', message: error.message });
  context.log.warning({ kind: 'profiling-failed', message: error.message });
}

/** What the profiling pass is asked: the gate's servers, its scenarios, and what the decision found to explain. */
function compareSpec(
  config: Config,
  dirs: Record<Side, string>,
  scenarios: readonly Scenario[],
  decision: Decision | undefined,
  onOutput: (chunk: string) => void,
): CompareSpec {
  return {
    dirs,
    start: config.start,
    port: config.port,
    env: config.env,
    ...(config.baseCommands ? { base: sideCommands(config, 'base') } : {}),
    requests: scenarios.map((scenario) => ({
      method: scenario.method,
      path: scenario.path,
      headers: scenario.headers,
      body: scenario.body,
      connections: scenario.connections,
    })),
    readyPath: config.ready.path,
    readyStatus: config.ready.status,
    durationSec: config.profileSec,
    connections: config.connections,
    explain: changeToExplain(decision),
    explainMemory: memoryToExplain(decision),
    heap: heapPlan(decision),
    leakBytes: smallestLeak(decision),
    engine: config.engine,
    cpus: systemPlacement(config.pin),
    readyTimeoutMs: config.readyTimeoutMs,
    outDir: join(config.outputDir, 'profiles'),
    onOutput: (chunk) => onOutput(chunk.trimEnd()),
  };
}

/**
 * The profile for the report: what the CPU profile names hotter (nothing, and `cpu: false`, when 0x failed on a side)
 * and the heap profiles; `root` the repository, `dir` where the files are.
 */
export function profileSummary(
  result: ProfileComparison,
  where: { root: string; headDir: string; dir: string },
  seconds: number,
): ProfileSummary {
  const { cpu } = result;
  const { root, headDir } = where;
  return {
    files: result.files,
    dir: where.dir,
    ...(cpu instanceof GateError
      ? { hotter: [], cpu: false as const }
      : {
          hotter: hotterUnits(cpu.evidence, root, headDir, cpu.profiles.head),
          evidence: keptEvidence(cpu.evidence),
        }),
    ...(result.allocation && { allocation: allocationSummary(result.allocation, root, headDir) }),
    ...(result.kept && { kept: allocationSummary(result.kept, root, headDir) }),
    seconds,
  };
}
