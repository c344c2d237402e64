/**
 * `npm run demo`: a throwaway git repository whose head commit makes a small server clearly slower, and the
 * gate run on it through the same path as `perf-gate compare`. Exits 0 when the gate catches the regression.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git } from '../io/git.ts';
import type { Report } from '../model/report.ts';
import { renderMarkdown } from '../publish/markdown.ts';

const SERVER = (perRequest: string): string => `// A seed catalogue served over plain node:http.
const http = require('node:http');

const seeds = Array.from({ length: 300 }, (_, id) => ({ id, name: 'seed-' + id, tags: ['heirloom', 'organic'], stock: id % 17 }));
const cached = JSON.stringify(seeds);

http
  .createServer((req, res) => {
    if (req.url === '/seed/v1') {
      res.setHeader('content-type', 'application/json');
${perRequest}
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  })
  .listen(process.env.PORT || 3000);
`;

const BASE = SERVER('      res.end(cached);');
// The pull request "freshens" the catalogue on every request: a deep copy and a new JSON string each time.
const HEAD = SERVER(
  '      res.end(JSON.stringify(structuredClone(seeds).sort((a, b) => a.name.localeCompare(b.name))));',
);

export type Compare = (argv: readonly string[], cwd: string) => Promise<Report>;

export async function runDemo(compare: Compare): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'perf-gate-demo-'));
  try {
    const commit = async (message: string): Promise<void> => {
      await git(dir, ['add', '-A']);
      await git(dir, [
        '-c',
        'user.name=demo',
        '-c',
        'user.email=demo@example.invalid',
        'commit',
        '-q',
        '-m',
        message,
      ]);
    };
    await git(dir, ['init', '-q', '-b', 'main']);
    await writeFile(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: 'seed-shop', private: true, scripts: { start: 'node index.js' } }, null, 2)}\n`,
    );
    await writeFile(join(dir, 'index.js'), BASE);
    await commit('seed catalogue, cached');
    await git(dir, ['checkout', '-q', '-b', 'fresh-catalogue']);
    await writeFile(join(dir, 'index.js'), HEAD);
    await commit('serve a freshly sorted catalogue on every request');
    process.stderr.write(
      `demo repository: ${dir} (main: cached catalogue; fresh-catalogue: rebuilt per request)\n`,
    );

    const report = await compare(
      ['--base', 'main', '--start', 'node index.js', '--paths', '/seed/v1', '--time-budget', '3m'],
      dir,
    );
    process.stdout.write(`\n${renderMarkdown(report)}`);
    if (report.verdict !== 'regression') {
      process.stderr.write(
        `\ndemo: expected the gate to flag the slower head, but the verdict is ${report.verdict}\n`,
      );
      return 1;
    }
    process.stderr.write(`\ndemo: the gate caught the regression in ${report.timing.wallSec.toFixed(0)} s\n`);
    return 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
