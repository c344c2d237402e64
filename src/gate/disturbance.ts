/**
 * Disturbed pairs: rounds during which other processes kept the machine busy or the hypervisor stole CPU. Such a
 * pair is measured again, or kept once measuring again stops helping (see measureAgain).
 */
import type { Round } from '../model/measure.ts';
import type { Disturbance, Note } from '../model/notes.ts';
import { median } from '../stats/describe.ts';
import type { MeasureLog } from './ports.ts';

/** Busy CPU of other processes (in cores) above which a round counts as disturbed and its pair is measured again. */
export const DISTURBED_CORES = 0.1;
/**
 * Stolen CPU (in cores) above which a round counts as disturbed. Base and head take turns of a fraction of a second,
 * so steal falls on both alike: pairs with less stolen measured no noisier than clean ones (bench/NOTEBOOK.md §25).
 */
export const STOLEN_CORES = 0.5;

/**
 * Stolen CPU above which a pair counts as disturbed, given what the gate's measurements so far had stolen: steady
 * steal falls on base's and head's turns alike and meets a pair measured again just the same (bench/NOTEBOOK.md §33);
 * a burst beyond twice the usual is measured again.
 */
export function stolenLimit(stolen: readonly number[]): number {
  return stolen.length === 0 ? STOLEN_CORES : Math.max(STOLEN_CORES, 2 * median(stolen));
}

/**
 * Other processes' busy CPU up to which a disturbed pair is kept at once rather than measured again: twice the least
 * they kept busy in any of the gate's measurements so far. A machine busy from the first pair on (a neighbour that
 * never stops) meets a pair measured again just the same (bench/NOTEBOOK.md §56); a burst beyond twice that, or any
 * disturbance after a quiet measurement, is measured again.
 */
export function steadyForeignLimit(foreign: readonly number[]): number {
  return foreign.length === 0 ? DISTURBED_CORES : Math.max(DISTURBED_CORES, 2 * Math.min(...foreign));
}

/** Most CPU a pair's rounds had stolen or other processes kept busy, in cores (0 where it could not be read). */
function mostOf(rounds: readonly Round[], cpu: 'stealCpu' | 'foreignCpu'): number {
  return Math.max(0, ...rounds.map((r) => r.measurement[cpu] ?? 0));
}

/** What disturbed a pair's rounds the most (in cores, other processes' or stolen), if beyond the limits. */
export function disturbance(rounds: readonly Round[], stolenCores = STOLEN_CORES): Disturbance | undefined {
  let worst: Disturbance | undefined;
  for (const { measurement } of rounds) {
    const { foreignCpu, stealCpu } = measurement;
    const found =
      foreignCpu !== undefined && foreignCpu > DISTURBED_CORES
        ? ({ cause: 'foreign', cores: foreignCpu } as const)
        : stealCpu !== undefined && stealCpu > stolenCores
          ? ({ cause: 'stolen', cores: stealCpu } as const)
          : undefined;
    if (found && (worst === undefined || found.cores > worst.cores)) worst = found;
  }
  return worst;
}

/** The gate's tally of disturbed pairs: measured again, or kept. */
export class Disturbances {
  /** Disturbed measurements in a row, this one included. */
  private inARow = 0;
  /** Pairs measured again because they were disturbed. */
  measuredAgain = 0;
  /** Disturbed pairs kept. */
  kept = 0;
  /** The worst disturbance of the pairs kept. */
  private worst: Disturbance | undefined;
  /** CPU stolen during each measurement judged so far, in cores. */
  private readonly stolen: number[] = [];
  /** Other processes' busy CPU during each measurement judged so far, in cores. */
  private readonly foreign: number[] = [];

  /**
   * Judges pair `pair` (0-based; the first is never disturbed: it is checked for failed requests instead) as just
   * measured: true when it is to be measured again; a disturbed pair that is not is counted as kept. `affordable`:
   * whether the budget still has the time (false: the pair is kept, so that its looks still come).
   */
  measureAgain(pair: number, rounds: readonly Round[], log: MeasureLog, affordable = true): boolean {
    const disturbed = pair > 0 ? disturbance(rounds, stolenLimit(this.stolen)) : undefined;
    const foreign = mostOf(rounds, 'foreignCpu');
    const steady = disturbed?.cause === 'foreign' && foreign <= steadyForeignLimit(this.foreign);
    this.stolen.push(mostOf(rounds, 'stealCpu'));
    this.foreign.push(foreign);
    this.inARow = disturbed ? this.inARow + 1 : 0;
    if (!disturbed) return false;
    const again = !steady && measureAgain(pair, this.inARow, this.measuredAgain);
    if (affordable && again) {
      this.measuredAgain++;
      log.info({ kind: 'measured-again', pair, disturbance: disturbed });
      return true;
    }
    this.kept++;
    if (this.worst === undefined || disturbed.cores > this.worst.cores) this.worst = disturbed;
    log.info({
      kind: 'kept-disturbed',
      pair,
      disturbance: disturbed,
      measuredAgain: this.measuredAgain,
      ...(steady ? { steady: true } : again ? { budget: true } : {}),
    });
    return false;
  }

  /** The report's note when disturbed pairs were kept (of `pairs` in all); undefined when none were. */
  note(pairs: number): Note | undefined {
    if (this.worst === undefined) return undefined;
    return {
      kind: 'busy-machine',
      kept: this.kept,
      pairs,
      worst: this.worst,
      measuredAgain: this.measuredAgain,
    };
  }
}

/** Disturbed measurements in a row after which the next disturbed pair is kept, not measured again. */
export const MEASURED_AGAIN_IN_A_ROW = 4;

/**
 * Whether a disturbed pair (0-based `pair`, never the first) is measured again. Not when it and the 4 measurements
 * before it were all disturbed (`disturbedInARow` counts it): the machine is busy throughout and measuring again
 * does not help. Nor when half of the pairs (at least four) were measured again already (`measuredAgain`): the
 * cost of a disturbance that comes and goes. A pair that is not measured again is kept: base and head took turns
 * in it, so both felt the disturbance alike (in expectation); it is noisier, not biased, and the rank tests and
 * the intervals account for the noise they see (bench/NOTEBOOK.md §10).
 */
export function measureAgain(pair: number, disturbedInARow: number, measuredAgain: number): boolean {
  return disturbedInARow <= MEASURED_AGAIN_IN_A_ROW && measuredAgain < Math.max(4, Math.ceil(pair / 2));
}
