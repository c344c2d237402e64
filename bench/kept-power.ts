/**
 * How many samples a kept window needs for the kept profile to name a small kept object: a simulation through the
 * action's own weighing (src/profile/allocation.ts weighAllocation) of sampled kept windows. A kept window samples
 * one object per 4 KiB allocated on average, so what it still holds is seen as a Poisson count of 4 KiB samples: the
 * server's own (requests in flight: 8 a window, Node's parser: 4, about what bench/kept-profile.ts measured on base,
 * and 40 of Node's functions with a sample now and then, as the 63 units a gate tested in the e2e test) on both
 * sides, and on head `remember`'s, `m` a window on average (64 B a request at 1,000 requests a window is m = 16).
 * Per m and number of pairs: the share of gates that name `remember` first, with the kept profile's floor of what is
 * tested (allocation.ts KEPT_TESTED_SHARE) and with the allocation profile's, and of A/A gates (`remember` on both
 * sides) that name anything.
 *
 *   npx node bench/kept-power.ts [gates=1000]
 */

import { allocationSide, weighAllocation } from '../src/profile/allocation.ts';
import type { HeapNode, HeapProfile } from '../src/profile/heap-profile.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { keyValues } from './lib.ts';
import { poisson } from './synthetic-gate.ts';

const INTERVAL = 4096;
const gates = Number(keyValues(process.argv.slice(2)).gates ?? '1000');
let ids = 0;

function node(fn: string, url: string, selfSize: number, children: HeapNode[] = []): HeapNode {
  const callFrame = { functionName: fn, scriptId: '1', url, lineNumber: 4, columnNumber: 9 };
  return { callFrame, selfSize, id: ++ids, children };
}

function side(seed: number, m: number, pairs: number) {
  const next = mulberry32(seed);
  const bytes = (mean: number) => INTERVAL * poisson(next, mean);
  const windows: HeapProfile[] = Array.from({ length: pairs }, () => {
    const calls = [node('parserOnHeadersComplete', 'node:_http_common', bytes(4))];
    for (let i = 0; i < 40; i++) calls.push(node(`internal${i}`, `node:internal/m${i}`, bytes(0.1)));
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

console.log(
  '| samples of `remember` a kept window | pairs | named first | … testing as allocation does | A/A: anything named |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const pairs of [12, 16, 24]) {
  for (const m of [0.5, 1, 2, 4, 16]) {
    let named = 0;
    let namedAsAllocation = 0;
    let falseNamed = 0;
    for (let g = 0; g < gates; g++) {
      const options = { explain: true, windowSec: 0.125, kept: true };
      const [base, head] = [side(4 * g + 1, 0, pairs), side(4 * g + 2, m, pairs)];
      if (weighAllocation(base, head, options).named[0]?.name === 'remember') named++;
      const asAllocation = weighAllocation(base, head, { ...options, kept: false });
      if (asAllocation.named[0]?.name === 'remember') namedAsAllocation++;
      const aa = weighAllocation(side(4 * g + 3, m, pairs), side(4 * g + 4, m, pairs), options);
      if (aa.named.length > 0) falseNamed++;
    }
    const pct = (n: number) => `${((100 * n) / gates).toFixed(1)}%`;
    console.log(`| ${m} | ${pairs} | ${pct(named)} | ${pct(namedAsAllocation)} | ${pct(falseNamed)} |`);
  }
}
