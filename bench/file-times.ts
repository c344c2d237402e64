/**
 * A node:test reporter that appends, at the end of a run, each test file's wall time (its top-level tests' durations
 * summed, which run one after the other within a file) and its tests, slowest first, to the file FILE_TIMES names:
 * where a suite's time goes (bench/repeat-suite.ts; several runs of `node --test` append to one file).
 *
 *   FILE_TIMES=/tmp/times.txt npm run test:e2e -- --test-reporter=spec --test-reporter-destination=stdout \
 *     --test-reporter=./bench/file-times.ts --test-reporter-destination=/tmp/file-times.out
 */
import { appendFileSync } from 'node:fs';

type Event = {
  type: string;
  data: { file?: string; nesting?: number; details?: { duration_ms?: number; type?: string } };
};

export default async function* fileTimes(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const out = process.env.FILE_TIMES;
  if (out === undefined) throw new Error('FILE_TIMES names no file to append the times to');
  const files = new Map<string, { ms: number; tests: number; skipped: number }>();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file = '?', nesting = 0, details } = event.data;
    const row = files.get(file) ?? { ms: 0, tests: 0, skipped: 0 };
    files.set(file, row);
    if (nesting === 0) row.ms += details?.duration_ms ?? 0;
    if (details?.type !== 'suite') row.tests++;
    if ((event.data as { skip?: unknown }).skip !== undefined) row.skipped++;
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, row]) => sum + row.ms, 0);
  const lines = rows.map(([file, row]) => {
    const name = file.replace(`${process.cwd()}/`, '');
    return `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${String(row.tests).padStart(3)} tests${row.skipped ? ` (${row.skipped} skipped)` : ''}  ${name}\n`;
  });
  appendFileSync(
    out,
    `${lines.join('')}${(total / 1000).toFixed(1).padStart(7)} s  in all (files' tests summed)\n`,
  );
  yield '';
}
