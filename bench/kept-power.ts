/**
 * How many samples a kept window needs for the kept profile to name a small kept object: a simulation through the
 * action's own weighing (src/profile/allocation.ts weighAllocation) of sampled kept windows. A kept window samples
 * one object per 4 KiB allocated on average, so what it still holds is seen as a Poisson count of 4 KiB samples: the
 * server's own (requests in flight: 8 a window, Node's parser: 4, about what bench/kept-profile.ts measured on base)
 * on both sides, and on head `remember`'s, `m` a window on average (64 B a request at 1,000 requests a window is
 * m = 16). Per m and number of pairs: the share of gates that name `remember` first, and of A/A gates (`remember` on
 * both sides) that name anything.
 *
 *   npx node bench/kept-power.ts [gates=1000]
 */

import { allocationSide, weighAllocation } from '../src/profile/allocation.ts';
import type { HeapNode, HeapProfile } from '../src/profile/heap-profile.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { keyValues } from './lib.ts';

const INTERVAL = 4096;
const gates = Number(keyValues(process.argv.slice(2)).gates ?? '1000');
let ids = 0;

function node(fn: string, url: string, selfSize: number, children: HeapNode[] = []): HeapNode {
  const callFrame = { functionName: fn, scriptId: '1', url, lineNumber: 4, columnNumber: 9 };
  return { callFrame, selfSize, id: ++ids, children };
}

/** A Poisson count of mean `m` (Knuth's). */
function poisson(next: () => number, m: number): number {
  let k = 0;
  let p = Math.exp(-m);
  let sum = p;
  const u = next();
  while (u > sum) {
    k++;
    p *= m / k;
    sum += p;
  }
  return k;
}

function side(seed: number, m: number, pairs: number) {
  const next = mulberry32(seed);
  const bytes = (mean: number) => INTERVAL * poisson(next, mean);
  const windows: HeapProfile[] = Array.from({ length: pairs }, () => {
    const calls = [node('parserOnHeadersComplete', 'node:_http_common', bytes(4))];
    if (m > 0) calls.push(node('remember', 'file:///app/server.js', bytes(m)));
    const head = node('(root)', '', 0, [node('handle', 'file:///app/server.js', bytes(8), calls)]);
    return { head, samples: [] };
  });
  return allocationSide(
    windows,
    windows.map(() => 1000),
    ['/app'],
  );
}

console.log('| samples of `remember` a kept window | pairs | named first | A/A: anything named |');
console.log('| ---: | ---: | ---: | ---: |');
for (const pairs of [16, 24]) {
  for (const m of [0.5, 1, 2, 4, 16]) {
    let named = 0;
    let falseNamed = 0;
    for (let g = 0; g < gates; g++) {
      const options = { explain: true, windowSec: 0.125 };
      const ab = weighAllocation(side(4 * g + 1, 0, pairs), side(4 * g + 2, m, pairs), options);
      if (ab.named[0]?.name === 'remember') named++;
      const aa = weighAllocation(side(4 * g + 3, m, pairs), side(4 * g + 4, m, pairs), options);
      if (aa.named.length > 0) falseNamed++;
    }
    const pct = (n: number) => `${((100 * n) / gates).toFixed(1)}%`;
    console.log(`| ${m} | ${pairs} | ${pct(named)} | ${pct(falseNamed)} |`);
  }
}
