/**
 * Ready to release: package.json carries the version docs/CHANGELOG.md's newest entry names, and `.ci/release` (run
 * on a throwaway repository laid out like this one, its tests skipped) dates that entry, sets the version, commits,
 * tags v<version> and moves the major tag to it; it refuses a dirty tree, a version without its CHANGELOG entry and
 * a dist/ that is not the build, touching nothing.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { git } from '../../support/repo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("package.json's version is the one docs/CHANGELOG.md's newest entry names", () => {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  const entry = /^## (\d+\.\d+\.\d+) \((unreleased|\d{4}-\d\d-\d\d)\)$/m.exec(
    readFileSync(join(ROOT, 'docs/CHANGELOG.md'), 'utf8'),
  );
  assert.ok(entry, 'docs/CHANGELOG.md has an entry `## x.y.z (unreleased | date)`');
  assert.equal(version, entry[1]);
});

/** A repository laid out like perf-gate's: .ci/release, package.json with a build, src/, dist/, the CHANGELOG. */
function fakeRepo(options: { built?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-release-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.ci'));
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  copyFileSync(join(ROOT, '.ci/release'), join(dir, '.ci/release'));
  const manifest = {
    name: 'perf-gate',
    version: '1.0.0',
    private: true,
    scripts: { build: 'node build.js' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'build.js'), "require('fs').copyFileSync('src/index.js', 'dist/index.js');\n");
  writeFileSync(join(dir, 'src/index.js'), 'console.log(1);\n');
  writeFileSync(
    join(dir, 'dist/index.js'),
    options.built === false ? 'console.log(0);\n' : 'console.log(1);\n',
  );
  writeFileSync(
    join(dir, 'docs/CHANGELOG.md'),
    '# Changelog\n\n## 1.0.0 (unreleased)\n\nThe first release.\n',
  );
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'work');
  // Its origin, whose main is the commit released.
  git(dir, 'init', '-q', '--bare', '-b', 'main', '.git/origin.git');
  git(dir, 'remote', 'add', 'origin', join(dir, '.git/origin.git'));
  git(dir, 'push', '-q', 'origin', 'main');
  return dir;
}

function release(dir: string, ...args: string[]) {
  const r = spawnSync(join(dir, '.ci/release'), args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      PERF_GATE_RELEASE_SKIP_TESTS: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
    },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('.ci/release', () => {
  test('dates the entry, sets the version, commits, tags v1.0.0 and moves v1 to it', () => {
    const dir = fakeRepo();
    const r = release(dir, '1.0.0');
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /release: v1\.0\.0 tagged, v1 moved to it/);
    assert.match(readFileSync(join(dir, 'docs/CHANGELOG.md'), 'utf8'), /^## 1\.0\.0 \(\d{4}-\d\d-\d\d\)$/m);
    const head = git(dir, 'rev-parse', 'HEAD');
    assert.equal(git(dir, 'rev-parse', 'v1.0.0^{commit}'), head);
    assert.equal(git(dir, 'rev-parse', 'v1^{commit}'), head);
    assert.equal(git(dir, 'log', '-1', '--format=%s'), 'perf-gate 1.0.0');
    assert.equal(git(dir, 'status', '--porcelain'), '');
  });

  test('the next release moves v1 on and leaves v1.0.0 where it was', () => {
    const dir = fakeRepo();
    assert.equal(release(dir, '1.0.0').status, 0);
    const first = git(dir, 'rev-parse', 'v1.0.0^{commit}');
    writeFileSync(
      join(dir, 'docs/CHANGELOG.md'),
      `# Changelog\n\n## 1.1.0 (unreleased)\n\nMore.\n\n${readFileSync(join(dir, 'docs/CHANGELOG.md'), 'utf8').slice(13)}`,
    );
    git(dir, 'commit', '-qam', 'more');
    git(dir, 'push', '-q', 'origin', 'main');
    const r = release(dir, '1.1.0');
    assert.equal(r.status, 0, r.out);
    assert.equal(git(dir, 'rev-parse', 'v1.0.0^{commit}'), first);
    assert.equal(git(dir, 'rev-parse', 'v1^{commit}'), git(dir, 'rev-parse', 'HEAD'));
    assert.equal(
      (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version,
      '1.1.0',
    );
  });

  test('refuses a dirty tree, a version without its entry, a bad version and a stale dist/, touching nothing', () => {
    const dirty = fakeRepo();
    writeFileSync(join(dirty, 'src/index.js'), 'console.log(2);\n');
    assert.match(release(dirty, '1.0.0').out, /the work tree has changes/);
    const cases: [string[], RegExp, number][] = [
      [['1.2.0'], /no entry `## 1\.2\.0 \(unreleased\)`/, 2],
      [['v1'], /is not major\.minor\.patch/, 2],
    ];
    for (const [args, message, status] of cases) {
      const dir = fakeRepo();
      const r = release(dir, ...args);
      assert.equal(r.status, status, r.out);
      assert.match(r.out, message);
      assert.equal(git(dir, 'tag'), '');
    }
    // A commit origin's main does not have (a branch, or main behind or ahead of origin) is not released.
    const ahead = fakeRepo();
    git(ahead, 'commit', '-q', '--allow-empty', '-m', 'not pushed');
    const off = release(ahead, '1.0.0');
    assert.equal(off.status, 2, off.out);
    assert.match(off.out, /HEAD \([0-9a-f]{7}\) is not origin's main \([0-9a-f]{7}\)/);
    assert.equal(git(ahead, 'tag'), '');
    const stale = fakeRepo({ built: false });
    const r = release(stale, '1.0.0');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /the committed dist\/ is not the build of src\//);
    assert.equal(git(stale, 'tag'), '');
    assert.equal(git(stale, 'status', '--porcelain'), '');
  });
});
