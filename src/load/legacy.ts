/**
 * Whole rounds and sliced pairs, each a fresh set of autocannon instances (the gate's `run` and `runPair`, before
 * it drives pools turn by turn: see protocol.ts). To go once the gate has moved to pools.
 */
import type { LoadSpec, PairLoadSpec, RoundMeasurement } from '../model/measure.ts';
import { accounting } from './accounting.ts';
import { autocannonTurn } from './autocannon-turn.ts';
import { PACED_WARMUP_SEC, PacedLoad } from './paced.ts';
import { sliceCount } from './plan.ts';
import { Tally } from './tally.ts';

/**
 * The open-loop load of a round (after its closed-loop load, which has warmed the server): a short warm-up of its
 * own, then the measured window.
 */
async function pacedRound(spec: LoadSpec): Promise<PacedLoad | undefined> {
  if (!spec.paced) return undefined;
  const load = new PacedLoad(spec, spec.paced);
  await load.window(PACED_WARMUP_SEC, false);
  await load.window(spec.paced.durationSec, true);
  return load;
}

function measured(tally: Tally, cpu: ReturnType<ReturnType<typeof accounting>>, paced?: PacedLoad) {
  tally.addCpu(cpu);
  return tally.measurement('span', paced?.measurement());
}

export async function round(spec: LoadSpec): Promise<RoundMeasurement> {
  const tally = new Tally();
  const pool = { ...spec, engine: 'autocannon' as const };
  if (spec.warmupSec > 0) await autocannonTurn(pool, spec.warmupSec, undefined);
  const cpu = accounting(spec.watchPids);
  await autocannonTurn(pool, spec.durationSec, tally);
  const seconds = cpu();
  return measured(tally, seconds, await pacedRound(spec));
}

/**
 * A sliced pair: each side is warmed up, then the sides take turns in slices of `sliceSec` (ABBA…: the first
 * side, the second twice, the first twice, …) until each has had `durationSec`. The CPU accounting covers the
 * whole pair, so a disturbance anywhere in it marks both sides.
 */
export async function slicedPair(spec: PairLoadSpec): Promise<[RoundMeasurement, RoundMeasurement]> {
  const tallies = [new Tally(), new Tally()] as const;
  const pools = spec.loads.map((load) => ({ ...load, engine: 'autocannon' as const }));
  for (const [i, load] of spec.loads.entries())
    if (load.warmupSec > 0) await autocannonTurn(pools[i]!, load.warmupSec, undefined);
  const cpu = accounting(spec.loads[0].watchPids);
  const slices = sliceCount(spec.loads[0].durationSec, spec.sliceSec);
  const sliceSec = spec.loads[0].durationSec / slices;
  for (let i = 0; i < 2 * slices; i++) await autocannonTurn(pools[abba(i)]!, sliceSec, tallies[abba(i)]);
  const seconds = cpu();
  // The open loop takes turns too, in slices as long as the closed loop's, after a short warm-up of each side.
  const [first, second] = spec.loads;
  let paced: [PacedLoad, PacedLoad] | undefined;
  if (first.paced && second.paced) {
    paced = [new PacedLoad(first, first.paced), new PacedLoad(second, second.paced)];
    for (const load of paced) await load.window(PACED_WARMUP_SEC, false);
    const pacedSlices = sliceCount(first.paced.durationSec, spec.sliceSec);
    const pacedSliceSec = first.paced.durationSec / pacedSlices;
    for (let i = 0; i < 2 * pacedSlices; i++) await paced[abba(i)].window(pacedSliceSec, true);
  }
  return [measured(tallies[0], seconds, paced?.[0]), measured(tallies[1], seconds, paced?.[1])];
}

/** The side of slice `i` in ABBA ABBA …: slices 0, 3, 4, 7, 8, … belong to the first side. */
export function abba(i: number): 0 | 1 {
  return (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 0 : 1;
}
