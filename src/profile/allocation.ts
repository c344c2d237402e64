/**
 * The differential allocation profile: each side's sampling heap profiles, one per window of load (the CPU
 * profile's windows, src/diagnostics/alloc-preload.ts), weighed by the CPU profile's own evidence (evidence.ts) with
 * bytes in place of CPU time: a window's stack counts bytes, so a unit's "cost per request" is the bytes it allocated
 * itself per request served in the window, paired window by window, tested with Holm's step-down, and named where
 * its change lives (the app's own function first, else its file, or the dependency it is in). The kept profile is
 * weighed the same way from the kept windows: there a unit's bytes are those it allocated in the window that were
 * still alive at its end. Pure.
 */
import type { AllocationEvidence, AllocationUnit, HeapPlan, UnitCost } from '../model/profile.ts';
import { type WindowedSide, weighEvidence } from './evidence.ts';
import { allocationProfile, type HeapProfile, mergeHeapProfiles, readHeapProfile } from './heap-profile.ts';

/** Functions kept in report.json as data. */
const KEPT_FUNCTIONS = 10;
/** What report.json keeps of the named units (the comment says three): within its schema's bound. */
const KEPT_NAMED = 20;

/**
 * Whether a pair's windows measure what is kept under `plan` (undefined: allocated); with both, blocks of two pairs
 * take turns (allocated first), so that each measure gets whole ABBA blocks and as many pairs as the other.
 */
export function keptPair(plan: HeapPlan | undefined, pair: number): boolean {
  return plan === 'both' ? Math.floor(pair / 2) % 2 === 1 : plan === 'kept';
}

/**
 * The windows' profiles of one side read from what its preload answered (by label, in window order); undefined
 * when any is missing or malformed: windows are paired index for index, so a side is used whole or not at all.
 */
export function windowProfiles(
  answers: ReadonlyMap<string, unknown>,
  labels: readonly string[],
): HeapProfile[] | undefined {
  const profiles = labels.map((label) => readHeapProfile(answers.get(label)));
  return profiles.every((p) => p !== undefined) && profiles.length > 0
    ? (profiles as HeapProfile[])
    : undefined;
}

/**
 * A side as the evidence reads it: each window's bytes by call stack and the requests it served. `merged` is the
 * windows' merged profile when the caller already has it.
 */
export function allocationSide(
  windows: readonly HeapProfile[],
  responses: readonly number[],
  roots: readonly string[],
  merged: HeapProfile = mergeHeapProfiles(windows),
): WindowedSide {
  const profiles = windows.map((w) => allocationProfile(w, roots));
  return {
    whole: allocationProfile(merged, roots),
    windows: profiles,
    responses: [...responses],
    // No CPU time to share out: each counted byte stands for one byte.
    cpuSec: profiles.map(() => undefined),
    sampleUs: 1,
  };
}

function allocationUnit(u: UnitCost): AllocationUnit {
  const { level, name, file, line, package: pkg, pseudo, p, evident } = u;
  return {
    level,
    name,
    file,
    line,
    package: pkg,
    pseudo,
    baseBytes: u.baseSelfUs,
    headBytes: u.headSelfUs,
    deltaBytes: u.deltaUs,
    p,
    evident,
  };
}

/**
 * In a kept profile a unit is tested when it keeps, on the mean of both sides, at least this share of the change of
 * all that is kept per request (head's less base's, the leak), or of the leak the leak test measured when that is
 * smaller: base keeps little (what a request in Node's code holds until the next), so a share of base's would test
 * every unit with a sample, and Holm would divide the level among them all.
 */
export const KEPT_TESTED_SHARE = 0.05;

/**
 * Where a kept unit comes in the kept profile's order, among those that keep more (then among those that keep less):
 * the app's own code, then its dependencies, then Node's and V8's frames (each largest change first, as named). A
 * side starved of requests was seen to hold far more at its windows' ends in Node's own functions (bench/NOTEBOOK.md
 * §54); what a leak keeps from each request is the app's doing or a dependency's.
 */
function keptRank(u: UnitCost): number {
  if (u.pseudo) return 3;
  if (u.package === 'node:') return 2;
  return u.package === '' ? 0 : 1;
}

/**
 * Both sides weighed: bytes per request by function, file and package, and what allocates (`kept`: keeps) more or
 * less on head. `leakBytes`: the leak test's estimate a request, which bounds the kept floor: what a starved side's
 * Node.js functions hold at its windows' ends can swell the profile's own change a request, and a twentieth of that
 * could leave the leak itself untested (bench/NOTEBOOK.md §54).
 */
export function weighAllocation(
  base: WindowedSide,
  head: WindowedSide,
  options: { explain: boolean; windowSec: number; kept?: boolean; leakBytes?: number | undefined },
): AllocationEvidence {
  const { kept, leakBytes, ...rest } = options;
  const keptFloor = (baseBytes: number, headBytes: number) =>
    KEPT_TESTED_SHARE * Math.min(Math.abs(headBytes - baseBytes), leakBytes ?? Number.POSITIVE_INFINITY);
  const e = weighEvidence(base, head, { ...rest, ...(kept === true && { testedFloor: keptFloor }) });
  const side = (s: typeof e.base) => ({ bytes: s.busyUs, samples: s.samples, requests: s.requests });
  const named =
    kept === true
      ? [...e.named].sort(
          (a, b) => Number(b.deltaUs > 0) - Number(a.deltaUs > 0) || keptRank(a) - keptRank(b),
        )
      : e.named;
  return {
    pairs: e.pairs,
    windowSec: e.windowSec,
    level: e.level,
    tested: e.tested,
    explain: e.explain,
    base: side(e.base),
    head: side(e.head),
    functions: e.functions.slice(0, KEPT_FUNCTIONS).map(allocationUnit),
    named: named.slice(0, KEPT_NAMED).map(allocationUnit),
  };
}
