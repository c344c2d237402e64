/** The designs of bench/figures.ts and its table, as docs/how-it-decides.md prints it (pure: the test reads it). */

export interface Design {
  name: string;
  /** Runners of the first (or only) stage. */
  runners: number;
  /** Runners of a second stage, started only when the first needs more. */
  second?: number;
}

export const DESIGNS: readonly Design[] = [
  { name: '1 runner', runners: 1 },
  { name: '4 runners', runners: 4 },
  { name: '8 runners', runners: 8 },
  { name: 'two stages, 1 then 3', runners: 1, second: 3 },
];
export const THRESHOLDS: readonly number[] = [0.02, 0.01];
export const NOISES: readonly number[] = [0.015, 0.03, 0.06];

/** One design at one threshold and per-pair noise. */
export interface Cell {
  design: string;
  threshold: number;
  noise: number;
  /** The smallest slowdown caught in 80% of gates. */
  caught80: number;
  /** Unchanged pull requests: the share that end "no change", and that fail. */
  noChange: number;
  falseAlarm: number;
  /** Mean measuring minutes per pull request: all runners', and from the first runner's start to the last's end. */
  runnerMin: number;
  wallMin: number;
}

export const percent = (x: number, digits = 2): string => `${Number((100 * x).toFixed(digits))}%`;
const minutes = (x: number): string => x.toFixed(1);

/** The table: a row per design and threshold, the three noises side by side in each column. */
export function figuresTable(cells: readonly Cell[]): string[] {
  const lines = [
    '| design | threshold | smallest slowdown caught in 80% of gates | unchanged: "no change" | unchanged: fails | runner-minutes | wall minutes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const design of DESIGNS) {
    for (const threshold of THRESHOLDS) {
      const row = NOISES.map((noise) =>
        cells.find((c) => c.design === design.name && c.threshold === threshold && c.noise === noise),
      );
      if (row.some((c) => c === undefined)) continue;
      const of = (f: (c: Cell) => string) => row.map((c) => f(c!)).join(' / ');
      lines.push(
        `| ${design.name} | ${percent(threshold)} | ${of((c) => percent(c.caught80))} | ${of((c) => percent(c.noChange, 1))} | ${of((c) => percent(c.falseAlarm, 1))} | ${of((c) => minutes(c.runnerMin))} | ${of((c) => minutes(c.wallMin))} |`,
      );
    }
  }
  return lines;
}

/** The cell of a design at a threshold and noise (the bench wrote every one). */
export function cellOf(cells: readonly Cell[], design: string, threshold: number, noise: number): Cell {
  const c = cells.find((x) => x.design === design && x.threshold === threshold && x.noise === noise);
  if (!c) throw new Error(`bench/data/figures.json has no cell for ${design} at ${threshold} and ${noise}`);
  return c;
}

/** docs/replicas.md's view: every design at `threshold: 1%`, quiet (3%) and busy (6%) noise. */
export function runnersTable(cells: readonly Cell[]): string[] {
  const lines = [
    '| design | caught in 80% of gates (3%; 6% per pair) | unchanged: "no change" (3%; 6%) | runner-minutes (3%; 6%) | wall minutes (3%; 6%) |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const design of DESIGNS) {
    const [quiet, busy] = [0.03, 0.06].map((noise) => cellOf(cells, design.name, 0.01, noise));
    const both = (f: (c: Cell) => string) => `${f(quiet!)}; ${f(busy!)}`;
    lines.push(
      `| ${design.name} | ${both((c) => percent(c.caught80))} | ${both((c) => percent(c.noChange, 1))} | ${both((c) => minutes(c.runnerMin))} | ${both((c) => minutes(c.wallMin))} |`,
    );
  }
  return lines;
}

/** The marked blocks the bench writes, by page: each page's text between `<!-- figures -->` and its end mark. */
export const WRITTEN: readonly { page: string; lines: (cells: readonly Cell[]) => string[] }[] = [
  { page: 'docs/how-it-decides.md', lines: figuresTable },
  { page: 'bench/RESULTS.md', lines: figuresTable },
  { page: 'docs/replicas.md', lines: runnersTable },
];

/** A page's text with its marked block replaced by `lines`, and the block as it stands. */
export function markedBlock(text: string, lines: readonly string[]): { current: string; written: string } {
  const [open, close] = ['<!-- figures -->\n', '<!-- /figures -->'];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error('the page has no <!-- figures --> block');
  const current = text.slice(start + open.length, end);
  return { current, written: `${text.slice(0, start + open.length)}${lines.join('\n')}\n${text.slice(end)}` };
}
