/** History lines for the tests: a branch run of main against a release, its req/s change the one figure. */
import { classify } from '../../src/decide/rule.ts';
import type { Verdict } from '../../src/model/decision.ts';
import { HISTORY_VERSION, type HistoryLine } from '../../src/model/history.ts';

export interface BranchLineOptions {
  /** The req/s change in percent. */
  change: number;
  /** Half the interval's width, in percent (default 1). */
  half?: number;
  /** Default: as classify calls the interval at a 2% threshold. */
  verdict?: Verdict;
  /** The per-pair noise in percent (default 1.5). */
  noise?: number;
}

/**
 * A line of a branch run: `ref` main at `c…c` against v1.1.0 at `a…a`, 12 pairs on a 2-core runner, req/s of
 * GET /orders changed by `change` within ±`half`; `overrides` replace whole fields.
 */
export function branchLine(options: BranchLineOptions, overrides: Partial<HistoryLine> = {}): HistoryLine {
  const { change, half = 1, noise = 1.5 } = options;
  const [low, high] = [change - half, change + half];
  const verdict = options.verdict ?? classify('rps', change / 100, [low / 100, high / 100], 0.02);
  return {
    v: HISTORY_VERSION,
    kind: 'branch',
    date: '2026-11-28T03:17:00Z',
    head: { commit: 'c'.repeat(40), ref: 'main' },
    base: { commit: 'a'.repeat(40), tag: 'v1.1.0' },
    verdict,
    pairs: 12,
    alpha: 0.05,
    runner: { cpu: 'x', cpus: 2, node: 'v24' },
    perfGate: '0.1.0',
    scenarios: [{ name: 'GET /orders', rps: [change, low, high, noise, 2, verdict] }],
    ...overrides,
  };
}
