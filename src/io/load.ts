/** Runs one round of load in the load-generator child process and returns what it measured. */
import { fileURLToPath } from 'node:url';
import { GateError, type Side } from '../errors.ts';
import type { LoadSpec, RoundMeasurement } from '../measure.ts';
import { runCommand, safeEnv } from './proc.ts';

const script = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../loadgen.ts' : './loadgen.js', import.meta.url),
);

export async function runLoad(spec: LoadSpec, side: Side, cpus?: string): Promise<RoundMeasurement> {
  const argv = [process.execPath, script, JSON.stringify(spec)];
  const [command, ...args] = cpus === undefined ? argv : ['taskset', '-c', cpus, ...argv];
  const timeoutMs = (spec.warmupSec + spec.durationSec + spec.timeoutSec) * 1000 + 15_000;
  const result = await runCommand(command!, { cwd: process.cwd(), env: safeEnv(), args, timeoutMs });
  if (result.timedOut || result.code !== 0) {
    throw new GateError(
      'load',
      `the load generator failed against the ${side} server at ${spec.url} (${result.timedOut ? 'timed out' : `exit code ${result.code}`})`,
      { side, output: result.output.lastLines(20) },
    );
  }
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as RoundMeasurement;
  } catch (cause) {
    throw new GateError('load', `the load generator printed no result for ${spec.url}`, {
      side,
      output: result.output.lastLines(20),
      cause,
    });
  }
}
