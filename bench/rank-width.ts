/**
 * How wide the exact signed-rank (Walsh) interval is against Student's t for normal units, by units and level: the
 * mean width of the rank interval over t's (in brackets the exact rank test's size over the level: below 1 where
 * ranks are discrete), from the action's own interval code. Where ranks cost little (from src/decide/interval.ts's
 * RANK_UNITS) the interval is theirs; below, t's.
 *
 *   npx node bench/rank-width.ts [draws=3000] [seed=7]
 */

import { mulberry32 } from '../src/stats/describe.ts';
import { meanInference, signedRankInference, signedRankSize } from '../src/stats/inference.ts';
import { gaussian, keyValues } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const draws = Number(options.draws ?? 3000);
const random = mulberry32(Number(options.seed ?? 7));
const LEVELS = [0.05, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002];
const UNITS = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 24, 28, 32, 40];

console.log(
  `\nRank interval's mean width over t's, normal units, ${draws} draws a cell; ${new Date().toISOString()}\n`,
);
console.log(`| units | ${LEVELS.join(' | ')} |`);
console.log(`| ---: | ${LEVELS.map(() => '---:').join(' | ')} |`);
for (const n of UNITS) {
  const cells = LEVELS.map((level) => {
    if (2 / 2 ** n > level) return '–';
    let [rank, t] = [0, 0];
    for (let d = 0; d < draws; d++) {
      const units = Array.from({ length: n }, () => gaussian(random));
      const r = signedRankInference(units, level);
      const m = meanInference(units, level);
      rank += r.upper - r.lower;
      t += m.upper - m.lower;
    }
    return `${(rank / t).toFixed(3)} (${(signedRankSize(n, level) / level).toFixed(2)})`;
  });
  console.log(`| ${n} | ${cells.join(' | ')} |`);
}
