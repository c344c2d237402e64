/**
 * One whole round of load by autocannon, for `runLoad` (profiling under 0x: one server, one load, no turns), with
 * its open-loop load if the spec asks for one.
 */
import type { LoadSpec, RoundMeasurement } from '../model/measure.ts';
import { accounting } from './accounting.ts';
import { autocannonTurn } from './autocannon-turn.ts';
import { PACED_WARMUP_SEC, PacedLoad } from './paced.ts';
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
