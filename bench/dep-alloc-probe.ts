/**
 * Which dependency releases allocate more per call: a few common packages, two versions each, installed side by
 * side under aliases in a temporary directory, each call's bytes on V8's heap measured as the gate's preload
 * measures a window (heap used after − before, plus what each collection freed, from v8.GCProfiler), 20,000 calls
 * after 20,000 to warm up, five times, in a process of its own per version. A screen for bench/dep-allocation.ts.
 *
 *   npx node bench/dep-alloc-probe.ts
 *
 * Needs the npm registry. Prints each version's five figures (bytes per call).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLine } from './lib.ts';

/** Package, its two versions, and the call measured (the module is `mod`). */
const PAIRS: [string, string, string, string][] = [
  [
    'qs',
    '6.11.0',
    '6.14.0',
    "mod.parse('filter[status]=open&filter[tags][]=a&filter[tags][]=b&page=2&limit=20&sort=-createdAt&q=hello%20world')",
  ],
  [
    'path-to-regexp',
    '0.1.7',
    '0.1.12',
    "(globalThis.re ??= mod('/api/users/:userId/orders/:orderId', [])).exec('/api/users/42/orders/1234')",
  ],
  ['semver', '7.5.1', '7.7.1', "mod.satisfies('1.2.3', '^1.0.0 || >=2.1.0 <3.0.0')"],
  ['uuid', '8.3.2', '11.1.0', 'mod.v4()'],
  [
    'cookie',
    '0.6.0',
    '1.0.2',
    "mod.parse('session=abc123; theme=dark; lang=en-US; _ga=GA1.2.3456789.1234567890; csrf=xyz')",
  ],
  [
    'ua-parser-js',
    '1.0.39',
    '2.0.3',
    "(mod.UAParser ?? mod)('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')",
  ],
];

const PROBE = `
const v8 = require('node:v8');
const mod = require(process.argv[2]);
const work = new Function('mod', 'return () => ' + process.argv[3])(mod);
for (let i = 0; i < 20000; i++) work();
const out = [];
for (let rep = 0; rep < 5; rep++) {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  for (let i = 0; i < 20000; i++) work();
  const after = v8.getHeapStatistics().used_heap_size;
  let freed = 0;
  for (const s of profiler.stop().statistics)
    freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
  out.push(Math.round((after - before + freed) / 20000));
}
console.log(out.join(' '));
`;

const dir = mkdtempSync(join(tmpdir(), 'perf-gate-alloc-probe-'));
try {
  writeFileSync(join(dir, 'package.json'), '{ "name": "alloc-probe", "private": true }\n');
  writeFileSync(join(dir, 'probe.js'), PROBE);
  const specs = PAIRS.flatMap(([name, a, b], i) => [`p${i}a@npm:${name}@${a}`, `p${i}b@npm:${name}@${b}`]);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...specs], { cwd: dir, stdio: 'ignore' });
  console.log(`${machineLine()}\n\n| package | version | bytes per call (5 runs) |\n| --- | --- | --- |`);
  PAIRS.forEach(([name, a, b, call], i) => {
    for (const [alias, version] of [
      [`p${i}a`, a],
      [`p${i}b`, b],
    ] as const) {
      const out = execFileSync(process.execPath, ['probe.js', alias, call], { cwd: dir, encoding: 'utf8' });
      console.log(`| ${name} | ${version} | ${out.trim()} |`);
    }
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
