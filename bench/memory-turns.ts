/**
 * Whether allocation per request scales with requests alone: from the A/A gates bench/memory-noise.ts recorded
 * (bench/data/memory-aa.jsonl), per gate and scenario, the per-pair log ratio (head / base) of bytes allocated per
 * request against the log ratio of requests served in the two windows. A negative slope says a side that served more
 * requests in its window allocated less a request: part of a window's bytes scales with its time or its event-loop
 * turns, not its requests. Prints the noise before and after fitting that slope out. No server is started.
 *
 *   npx node bench/memory-turns.ts
 */
import { readFileSync } from 'node:fs';
import { slope } from '../src/decide/leak.ts';
import { mean, sd } from '../src/stats/describe.ts';
import { dataFile } from './lib.ts';

interface Memory {
  requests: number;
  allocatedBytes: number;
}
interface Gate {
  example: string;
  memory: { pair: number; side: 'base' | 'head'; scenario: string; memory: Memory }[];
}

/** The least-squares slope of y on x (the leak test's), and y's residuals about the line. */
function fit(x: readonly number[], y: readonly number[]): { slope: number; residuals: number[] } {
  const b = slope(x.map((v, i) => [v, y[i]!])) ?? 0;
  const [mx, my] = [mean(x), mean(y)];
  return { slope: b, residuals: y.map((v, i) => v - my - b * (x[i]! - mx)) };
}

const pct = (x: number): string => `${(100 * x).toFixed(3)}%`;
const lines = readFileSync(dataFile('memory-aa.jsonl'), 'utf8').split('\n').filter(Boolean);
console.log(
  '| gate | scenario | pairs | noise of bytes/request | correlation with requests | slope | noise, slope fitted out |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const gate of lines.map((l) => JSON.parse(l) as Gate)) {
  const scenarios = [...new Set(gate.memory.map((m) => m.scenario))];
  for (const scenario of scenarios) {
    const pairs = new Map<number, Partial<Record<'base' | 'head', Memory>>>();
    for (const m of gate.memory.filter((r) => r.scenario === scenario))
      pairs.set(m.pair, { ...pairs.get(m.pair), [m.side]: m.memory });
    const x: number[] = [];
    const y: number[] = [];
    for (const { base, head } of pairs.values()) {
      if (!base?.requests || !head?.requests) continue;
      x.push(Math.log(head.requests / base.requests));
      y.push(Math.log(head.allocatedBytes / head.requests / (base.allocatedBytes / base.requests)));
    }
    if (x.length < 4) continue;
    const line = fit(x, y);
    const correlation = (line.slope * sd(x)) / sd(y);
    const after = Math.sqrt(line.residuals.reduce((s, r) => s + r * r, 0) / (line.residuals.length - 2));
    console.log(
      `| ${gate.example} | ${scenario} | ${x.length} | ${pct(sd(y))} | ${correlation.toFixed(2)} | ${line.slope.toFixed(3)} | ${pct(after)} |`,
    );
  }
}
