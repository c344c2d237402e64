/**
 * What a `uses: …/perf-gate@v1` step downloads: the runner fetches GitHub's archive of the ref, which leaves out
 * what .gitattributes marks export-ignore. The lab's recordings (bench/) and the tests stay in the clone and out of
 * every job's download; what the action runs (action.yml, dist/, package.json's `"type": "module"`) stays in.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The archive GitHub makes of the checked-out commit, with this tree's .gitattributes: its size and its files. */
function archive(): { bytes: number; files: string[] } {
  const tar = execFileSync('git', ['archive', '--worktree-attributes', 'HEAD'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  });
  const listing = execFileSync('tar', ['-t'], { input: tar, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { bytes: tar.length, files: listing.split('\n').filter((f) => f !== '' && !f.endsWith('/')) };
}

test('the download leaves out bench/ and test/ and keeps everything else, the action’s own files among them', (t) => {
  const tracked = execFileSync('git', ['ls-tree', '-r', '--name-only', '-z', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  const { bytes, files } = archive();
  const out = (path: string) => /^(bench|test)\//.test(path);
  assert.deepEqual(
    files,
    tracked.filter((path) => !out(path)),
    'the archive is the tree but bench/ and test/',
  );
  for (const path of ['action.yml', 'package.json', 'dist/index.js', 'dist/loadgen.js'])
    assert.ok(files.includes(path), path);
  assert.ok(
    tracked.some((path) => path.startsWith('bench/data/')),
    'the recordings are still in the clone',
  );
  // ls-tree -l: mode, type, object, size, then the path after a tab.
  const all = execFileSync('git', ['ls-tree', '-r', '-l', 'HEAD'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .reduce((sum, line) => sum + (Number(line.split(/\s+/)[3]) || 0), 0);
  t.diagnostic(
    `the download: a tar of ${(bytes / 1e6).toFixed(1)} MB; the tree: ${(all / 1e6).toFixed(1)} MB`,
  );
});
