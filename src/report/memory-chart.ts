/**
 * Each side's memory over the gate, drawn where a picture says it faster than the table: after a leak, the heap
 * each side kept after each pair's full collection (the leaking side climbs within each block of pairs that shared
 * their processes and drops when they restart); after a regression of allocation per request, each side's
 * allocation per request pair by pair in the scenario that regressed most. Mermaid xycharts as pair-chart.ts draws
 * them; the words around them name each line by where it runs, not by colour alone. Pure.
 */
import type { Decision } from '../model/decision.ts';
import { metricValue } from '../model/derived.ts';
import type { Round, RoundMeasurement, RoundMemory, Side } from '../model/measure.ts';
import { formatBytes } from './format.ts';
import { leaked, mostAllocation } from './memory-text.ts';
import { COLOUR_NAMES, median, PALETTE, value, xyChart } from './pair-chart.ts';

/** Each side's line and its colour: head red, base blue, as the first two scenarios of the pair charts. */
const SIDES: readonly { side: Side; colour: string; name: string }[] = [
  { side: 'head', colour: PALETTE[0]!, name: COLOUR_NAMES[0]! },
  { side: 'base', colour: PALETTE[1]!, name: COLOUR_NAMES[1]! },
];

const MB = 1024 * 1024;

/** A round's measurement that read the server's memory. */
type WithMemory = RoundMeasurement & { memory: RoundMemory };

/** A figure of a side's reading in a pair; undefined or NaN where it has none. */
type Reading = (m: WithMemory) => number | undefined;

/**
 * Per pair, a side's figure from its rounds there (the last reading, the most requests served, when a pair holds
 * several scenarios' rounds); a pair without one repeats the figure before it (the first one found, at the start).
 */
function series(rounds: readonly Round[], side: Side, pairs: readonly number[], read: Reading): number[] {
  const raw = pairs.map((pair) => {
    const readings = rounds
      .filter((r) => r.pair === pair && r.side === side)
      .map((r) => r.measurement)
      .filter((m): m is WithMemory => m.memory !== undefined)
      .sort((a, b) => b.memory.served - a.memory.served)
      .map(read)
      .filter((x): x is number => x !== undefined && Number.isFinite(x));
    return readings[0] ?? Number.NaN;
  });
  let last = raw.find(Number.isFinite) ?? Number.NaN;
  return raw.map((x) => {
    if (Number.isFinite(x)) last = x;
    return last;
  });
}

/** Both sides' lines in one unit (MB from a megabyte up, else KB), the chart and the words before it. */
function sidesChart(
  lines: Record<Side, number[]>,
  pairs: readonly number[],
  title: string,
  words: (levels: string) => string,
  level: (xs: readonly number[]) => number,
): string[] {
  const all = [...lines.head, ...lines.base].filter(Number.isFinite);
  if (all.length === 0) return [];
  const high = Math.max(...all);
  const [unit, per] = high >= MB ? ['MB', MB] : ['KB', 1024];
  const low = Math.min(...all);
  const pad = Math.max((high - low) * 0.08, high * 0.01);
  const scaled = (xs: readonly number[]) => xs.map((x) => value(Math.round((x / per) * 100) / 100));
  const levels = SIDES.map((s) => `${s.side} (${s.name}) ${formatBytes(level(lines[s.side]))}`).join(', ');
  return [
    '',
    words(levels),
    '',
    ...xyChart({
      title: `${title} (${unit})`,
      pairs,
      axis: unit,
      range: [
        Math.floor((Math.max(0, low - pad) / per) * 10) / 10,
        Math.ceil(((high + pad) / per) * 10) / 10,
      ],
      lines: SIDES.map((s) => scaled(lines[s.side])),
      palette: SIDES.map((s) => s.colour),
    }),
  ];
}

const lastOf = (xs: readonly number[]): number => xs.at(-1) ?? Number.NaN;

/** The heap kept after each pair, each side, when the leak test found a leak; [] otherwise. */
function heapChart(decision: Decision, rounds: readonly Round[], pairs: readonly number[]): string[] {
  if (!leaked(decision)) return [];
  const read: Reading = (m) => m.memory.retainedBytes;
  const lines = { head: series(rounds, 'head', pairs, read), base: series(rounds, 'base', pairs, read) };
  return sidesChart(
    lines,
    pairs,
    'heap kept after each pair, each side',
    (levels) =>
      `The heap each side kept after each pair's full collection, at the last pair: ${levels}. Servers started anew begin low again.`,
    lastOf,
  );
}

/** Each side's allocation per request in the scenario whose allocation regressed most; [] when none did. */
function allocationChart(
  decision: Decision,
  rounds: readonly Round[],
  pairs: readonly number[],
  names: (s: string) => string,
): string[] {
  const worst = mostAllocation(decision);
  if (!worst) return [];
  const own = rounds.filter((r) => r.scenario === worst.scenario);
  const read: Reading = (m) => metricValue(m, 'alloc');
  const lines = { head: series(own, 'head', pairs, read), base: series(own, 'base', pairs, read) };
  return sidesChart(
    lines,
    pairs,
    'allocation per request, each side per pair',
    (levels) => `Allocation per request in ${names(worst.scenario)}, each pair, near: ${levels}.`,
    median,
  );
}

/** The memory charts of a decision (the heap after a leak, allocation after its regression); [] for neither. */
export function memoryCharts(
  decision: Decision,
  rounds: readonly Round[],
  names: (s: string) => string,
): string[] {
  const pairs = [...new Set(rounds.map((r) => r.pair))].sort((a, b) => a - b);
  if (pairs.length === 0) return [];
  return [...heapChart(decision, rounds, pairs), ...allocationChart(decision, rounds, pairs, names)];
}
