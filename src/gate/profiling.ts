/**
 * The profiling pass: after measuring, never during it. It explains a verdict and never makes one, so its
 * failures become notes; and it names what got hotter only when the gate found a change to explain.
 */
import { join, relative, resolve } from 'node:path';
import { sideCommands } from '../config/base-config.ts';
import type { Config, Scenario } from '../model/config.ts';
import type { Decision } from '../model/decision.ts';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import type { Note, NotProfiled } from '../model/notes.ts';
import type { ProfileEvidence } from '../model/profile.ts';
import type { HotFunction, ProfileSummary } from '../model/report.ts';
import { callerOf } from '../profile/callers.ts';
import { compareProfiles, keptEvidence } from '../profile/compare.ts';
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

/**
 * Whether to profile after measuring: `profile`, or why not. Off without flame graphs or a decision; not on "no
 * change" (nothing to explain, and 15 s or more saved); not on a matrix's runners after the first, which measure the
 * same code (`replica: i/n`, i > 1); a shard measures scenarios of its own and profiles them.
 */
export function profilePlan(
  config: Pick<Config, 'flamegraphs' | 'replica'>,
  decision: Decision | undefined,
): 'profile' | 'off' | NotProfiled {
  if (!config.flamegraphs || decision === undefined) return 'off';
  if (decision.verdict === 'no-change') return 'no-change';
  if (config.replica !== undefined && config.replica.index > 1) return 'replica';
  return 'profile';
}

/**
 * What the profile names hotter on head, for the report: where each is in the repository, largest change first;
 * a unit of Node's own modules with the frame of the program that called it (src/profile/callers.ts).
 */
export function hotterUnits(
  evidence: ProfileEvidence,
  root: string,
  headDir: string,
  headProfile?: Profile,
): HotFunction[] {
  const where = (file: string): string => relative(root, resolve(headDir, file));
  return evidence.named
    .filter((u) => u.deltaUs > 0 && !u.pseudo)
    .slice(0, 5)
    .map((u) => {
      const caller = headProfile === undefined ? undefined : callerOf(headProfile, u);
      return {
        unit: u.level,
        fn: u.name,
        file: where(u.level === 'package' ? join('node_modules', u.name) : u.file),
        line: u.line,
        ...(caller && {
          caller: { fn: caller.fn, file: where(caller.file), line: caller.line, package: packageOf(caller) },
        }),
        baseSelf: evidence.base.busyUs > 0 ? Math.min(1, u.baseSelfUs / evidence.base.busyUs) : 0,
        headSelf: evidence.head.busyUs > 0 ? Math.min(1, u.headSelfUs / evidence.head.busyUs) : 0,
        baseUsPerRequest: u.baseSelfUs,
        headUsPerRequest: u.headSelfUs,
      };
    });
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
  const needMs = 2 * (config.profileSec * 1000 + 20_000);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes.push({ kind: 'no-room-for-profiles' });
    return undefined;
  }
  const started = Date.now();
  try {
    return await log.group({ kind: 'profiling' }, async () => {
      const result = await compareProfiles({
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
        engine: config.engine,
        cpus: systemPlacement(config.pin),
        readyTimeoutMs: config.readyTimeoutMs,
        outDir: join(config.outputDir, 'profiles'),
        onOutput: (chunk) => log.output(chunk.trimEnd()),
      });
      const seconds = (Date.now() - started) / 1000;
      log.info({ kind: 'profiling-took', seconds });
      return {
        files: result.files,
        dir: join(config.outputDir, 'profiles'),
        hotter: hotterUnits(result.evidence, context.root, dirs.head, result.profiles.head),
        evidence: keptEvidence(result.evidence),
        seconds,
      };
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    notes.push({ kind: 'no-flame-graphs', message: error.message });
    log.warning({ kind: 'profiling-failed', message: error.message });
    return undefined;
  }
}
