/**
 * Ready to release: package.json carries the version docs/CHANGELOG.md's newest entry names, and `.ci/release` (run
 * on a throwaway clone laid out like this repository, its tests skipped) dates that entry, sets the version, commits,
 * tags v<version> (the release commit, with the owner filled in: release-owner.test.ts) and moves the major tag to
 * it; it refuses a dirty tree, a version without its CHANGELOG entry and a dist/ that is not the build, touching
 * nothing.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { release, releaseRepo, removeReleaseRepos } from '../../support/release-repo.ts';
import { git } from '../../support/repo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
after(removeReleaseRepos);
const fakeRepo = (options: { built?: boolean } = {}): string => releaseRepo(options).dir;

test("package.json's version is the one docs/CHANGELOG.md's newest entry names", () => {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  const entry = /^## (\d+\.\d+\.\d+) \((unreleased|\d{4}-\d\d-\d\d)\)$/m.exec(
    readFileSync(join(ROOT, 'docs/CHANGELOG.md'), 'utf8'),
  );
  assert.ok(entry, 'docs/CHANGELOG.md has an entry `## x.y.z (unreleased | date)`');
  assert.equal(version, entry[1]);
});

describe('.ci/release', () => {
  test('dates the entry, sets the version, commits, tags v1.0.0 (the commit after) and moves v1 to it', () => {
    const dir = fakeRepo();
    const r = release(dir, '1.0.0');
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /release: v1\.0\.0 tagged \(for acme\), v1 moved to it/);
    assert.match(readFileSync(join(dir, 'docs/CHANGELOG.md'), 'utf8'), /^## 1\.0\.0 \(\d{4}-\d\d-\d\d\)$/m);
    const head = git(dir, 'rev-parse', 'HEAD');
    assert.equal(git(dir, 'rev-parse', 'v1.0.0^{commit}^'), head);
    assert.equal(git(dir, 'rev-parse', 'v1^{commit}'), git(dir, 'rev-parse', 'v1.0.0^{commit}'));
    assert.equal(git(dir, 'log', '-1', '--format=%s'), 'perf-gate 1.0.0');
    assert.equal(git(dir, 'log', '-1', '--format=%s', 'v1.0.0'), 'perf-gate 1.0.0 for acme');
    assert.equal(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'main');
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
    assert.equal(git(dir, 'rev-parse', 'v1^{commit}^'), git(dir, 'rev-parse', 'HEAD'));
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
