/**
 * A node:test reporter that prints, at the end, each test file's wall time (its top-level tests' durations summed,
 * which run one after the other within a file) and its tests, slowest first: where a suite's time goes.
 *
 *   node --test --test-reporter=spec --test-reporter-destination=stdout \
 *     --test-reporter=./bench/file-times.ts --test-reporter-destination=/tmp/file-times.txt "test/e2e/**\/*.test.ts"
 */
type Event = {
  type: string;
  data: { file?: string; nesting?: number; details?: { duration_ms?: number; type?: string } };
};

export default async function* fileTimes(source: AsyncIterable<Event>): AsyncGenerator<string> {
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
  for (const [file, row] of rows) {
    const name = file.replace(`${process.cwd()}/`, '');
    yield `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${String(row.tests).padStart(3)} tests${row.skipped ? ` (${row.skipped} skipped)` : ''}  ${name}\n`;
  }
  yield `${(total / 1000).toFixed(1).padStart(7)} s  in all (files' tests summed)\n`;
}
