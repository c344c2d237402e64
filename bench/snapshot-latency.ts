/**
 * How long a diagnostics snapshot takes (src/diagnostics/install.ts `snapshot`): a node:http server with the
 * preload, asked for N snapshots one after the other while idle; prints the median and 90th percentile in ms.
 * A gate takes two per side and scenario of every pair (a window's begin and end), between turns.
 *
 *   npx node bench/snapshot-latency.ts [snapshots=200]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from 'simple-statistics';
import { diagnosticsEnv, outFileFor, snapshot, writePreload } from '../src/diagnostics/install.ts';

const count = Number(process.argv[2] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'perf-gate-snapshot-'));
const out = outFileFor(dir, 'server');
const server = spawn(
  process.execPath,
  ['-e', "require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1')"],
  { env: { ...process.env, ...diagnosticsEnv(writePreload(dir), out) }, stdio: 'ignore' },
);
try {
  // The first snapshot waits for the server to report.
  await snapshot(out, { registrationMs: 5000 });
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const lines = await snapshot(out, { label: `bench-${i}` });
    if (lines.length !== 1) throw new Error(`snapshot ${i}: ${lines.length} answers`);
    ms.push(performance.now() - start);
  }
  console.log(
    `${count} snapshots: median ${quantile(ms, 0.5).toFixed(1)} ms, p90 ${quantile(ms, 0.9).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`,
  );
} finally {
  server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
