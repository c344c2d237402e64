/**
 * Do pairs that share their server processes move together? Side by side, base and head serve a block of
 * `restart-every` pairs from the same two processes. If one process of a block happens to run a little faster than
 * its twin (code layout, heap, a neighbour on the host), every pair of that block leans the same way, and the
 * verdict, which counts pairs as independent, would be too sure of itself.
 *
 *   npx node bench/blocks.ts [permutations=2000]
 *
 * For every sliced recording in bench/data, the per-pair log ratio of req/s is grouped into its blocks, and a
 * one-way analysis of variance compares the spread between block means with the spread within blocks (F = 1 when
 * blocks do not matter). The sums of squares are pooled over the recordings of each `restart-every`; the p-value
 * comes from shuffling the pairs within each recording (the ratios themselves, and their ranks, which a heavy tail
 * cannot drive). As a control, the same is done with groups shifted off the restarts by 1 … r − 1 pairs: a slow
 * drift of the host would show there too, a process-level effect only at the restarts.
 *
 * (F − 1) / r estimates the ratio of the variance of a block's shift to the variance of a pair within a block;
 * bench/calibrate.ts `block-sd=<k>` replays gates with a shift of k = √ratio added per block.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sumsOfSquares } from '../src/stats/anova.ts';
import { averageRanks, mean, median, mulberry32, sd } from '../src/stats/describe.ts';
import { dataFile } from './lib.ts';

interface RecordedRound {
  pair: number;
  side: 'base' | 'head';
  measurement: { rps: number };
}

interface Recording {
  file: string;
  restartEvery: number;
  /** Pair index and log(head / base) of req/s, in order. */
  pairs: { index: number; ratio: number }[];
}

function recordings(): Recording[] {
  const out: Recording[] = [];
  for (const file of readdirSync(dataFile('.'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(dataFile(file), 'utf8')) as {
      settings: { restartEvery?: number; sliceSec?: number };
      rounds: RecordedRound[];
    };
    const restartEvery = data.settings.restartEvery ?? 0;
    if (!data.settings.sliceSec || restartEvery < 2) continue;
    const byPair = new Map<number, Partial<Record<'base' | 'head', number>>>();
    for (const r of data.rounds) byPair.set(r.pair, { ...byPair.get(r.pair), [r.side]: r.measurement.rps });
    const pairs = [...byPair.entries()]
      .filter(([, v]) => v.base && v.head)
      .map(([index, v]) => ({ index, ratio: Math.log(v.head! / v.base!) }))
      .sort((a, b) => a.index - b.index);
    out.push({ file, restartEvery, pairs });
  }
  return out;
}

interface Anova {
  between: number;
  within: number;
  dfBetween: number;
  dfWithin: number;
}

/** Sums of squares of `values` grouped by `group` (groups with fewer than `size` members are left out). */
function anova(values: readonly number[], group: readonly number[], size: number): Anova {
  const groups = new Map<number, number[]>();
  values.forEach((v, i) => {
    if (group[i]! >= 0) groups.set(group[i]!, [...(groups.get(group[i]!) ?? []), v]);
  });
  const full = [...groups.values()].filter((g) => g.length === size);
  if (full.length < 2) return { between: 0, within: 0, dfBetween: 0, dfWithin: 0 };
  const { between, within, df1, df2 } = sumsOfSquares(full);
  return { between, within, dfBetween: df1, dfWithin: df2 };
}

const pooledF = (parts: readonly Anova[]): number => {
  const sum = (key: keyof Anova): number => parts.reduce((s, p) => s + p[key], 0);
  return sum('between') / sum('dfBetween') / (sum('within') / sum('dfWithin'));
};

/** Groups of `size` pairs starting `offset` pairs after the restarts (pairs before the first group: -1). */
const groupsOf = (rec: Recording, size: number, offset: number): number[] =>
  rec.pairs.map(({ index }) => (index < offset ? -1 : Math.floor((index - offset) / size)));

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Pooled F of the groups at `offset` and its permutation p-value (pairs shuffled within each recording). */
function test(
  recs: readonly Recording[],
  size: number,
  offset: number,
  value: (rec: Recording) => number[],
  permutations: number,
): { f: number; p: number; groups: number } {
  const values = recs.map(value);
  const groups = recs.map((rec) => groupsOf(rec, size, offset));
  const parts = (vs: readonly number[][]): Anova[] => vs.map((v, i) => anova(v, groups[i]!, size));
  const observed = parts(values);
  const f = pooledF(observed);
  const random = mulberry32(20261122 + offset);
  let atLeast = 0;
  for (let k = 0; k < permutations; k++)
    if (pooledF(parts(values.map((v) => shuffled(v, random)))) >= f - 1e-12) atLeast++;
  const groupCount = observed.reduce((s, a) => s + (a.dfBetween > 0 ? a.dfBetween + 1 : 0), 0);
  return { f, p: (atLeast + 1) / (permutations + 1), groups: groupCount };
}

const permutations = Number(process.argv[2] ?? 2000);
const all = recordings();
/** The recordings grouped by their `restart-every`, smallest first. */
const byRestartEvery = [...Map.groupBy(all, (rec) => rec.restartEvery)].sort(([a], [b]) => a - b);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
console.log('| recording | restart-every | pairs | sd of log ratio | block means | F |');
console.log('| --- | ---: | ---: | ---: | --- | ---: |');
for (const rec of all) {
  const ratios = rec.pairs.map((p) => p.ratio);
  const groups = groupsOf(rec, rec.restartEvery, 0);
  const means = [...new Set(groups)].map((g) => mean(ratios.filter((_, i) => groups[i] === g)));
  const a = anova(ratios, groups, rec.restartEvery);
  console.log(
    `| ${rec.file} | ${rec.restartEvery} | ${ratios.length} | ${pct(sd(ratios))} | ${means.map(pct).join(', ')} | ${a.dfBetween > 0 ? pooledF([a]).toFixed(2) : '–'} |`,
  );
}
console.log('');
console.log(
  '| restart-every | recordings | groups | offset from the restarts | F (ratios) | p | F (ranks) | p | block variance / pair variance, (F − 1) / r |',
);
console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [r, recs] of byRestartEvery) {
  for (let offset = 0; offset < r; offset++) {
    const byValue = test(recs, r, offset, (rec) => rec.pairs.map((p) => p.ratio), permutations);
    const byRank = test(
      recs,
      r,
      offset,
      (rec) => averageRanks(rec.pairs.map((p) => p.ratio)).ranks,
      permutations,
    );
    console.log(
      `| ${r} | ${recs.length} | ${byValue.groups} of ${r} pairs | ${offset} | ${byValue.f.toFixed(2)} | ${byValue.p.toFixed(3)} | ${byRank.f.toFixed(2)} | ${byRank.p.toFixed(3)} | ${offset === 0 ? ((byValue.f - 1) / r).toFixed(3) : ''} |`,
    );
  }
}

// Is a block's first pair, right after the restart and the priming, noisier than the rest? Mean absolute
// deviation of each position's log ratio from its recording's median, in units of the recording's sd.
console.log('');
console.log(
  '| restart-every | recordings | mean \\|deviation\\| / sd, by position in the block (first pair first) |',
);
console.log('| ---: | ---: | --- |');
for (const [r, recs] of byRestartEvery) {
  const byPosition: number[][] = Array.from({ length: r }, () => []);
  for (const rec of recs) {
    const ratios = rec.pairs.map((p) => p.ratio);
    const middle = median(ratios);
    const spread = sd(ratios);
    for (const { index, ratio } of rec.pairs) byPosition[index % r]!.push(Math.abs(ratio - middle) / spread);
  }
  console.log(`| ${r} | ${recs.length} | ${byPosition.map((d) => mean(d).toFixed(2)).join(', ')} |`);
}
