/**
 * What a slow start costs a gate, by the plan's own model (no measuring): for a server that takes `start` seconds
 * to start (base and head together), one scenario at 5,000 req/s and every other default, the pair's cost, the
 * pairs and units the default `time-budget` buys, and the smallest change of req/s the plan would catch in 80% of
 * gates at an ordinary runner's noise (±3% per pair), for `restart-every` 2, 4 and 8 (README.md, "Cost").
 *
 *   npx node bench/slow-start.ts
 */
import { parseConfig } from '../src/config/inputs.ts';
import { buildPlan } from '../src/gate/measurement-plan.ts';
import { checkPlan } from '../src/gate/plan-check.ts';

console.log('| start | restart-every | s per pair | pairs | units | caught (80%) |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const start of [0.5, 10, 20, 30]) {
  for (const restartEvery of [2, 4, 8]) {
    const inputs: Record<string, string> = {
      start: 'node index.js',
      paths: '/',
      'restart-every': `${restartEvery}`,
    };
    const config = parseConfig((name) => inputs[name] ?? '', { outputDir: '/tmp/perf-gate-bench' });
    const plan = buildPlan(config, {
      fresh: false,
      placement: undefined,
      rates: new Map([['GET /', 5000]]),
      startSec: start,
      leftSec: 3600,
    });
    const check = checkPlan(config, plan, start);
    const caught = Number.isFinite(check.detectable) ? `${(check.detectable * 100).toFixed(1)}%` : 'nothing';
    console.log(
      `| ${start} s | ${restartEvery} | ${plan.pairSec.toFixed(1)} | ${check.pairs} | ${check.units} | ${caught} |`,
    );
  }
}
