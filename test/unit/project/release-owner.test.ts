/**
 * Released as the user finds it: `.ci/release`, run in a scratch clone whose origin is a bare repository at
 * `…/acme/perf-gate.git` (its `npm ci && npm test` skipped), writes `acme` into every owner placeholder of the tagged
 * commit (README, docs, examples, action.yml, the schema's address, the tests that pin them), leaves the branch's
 * placeholders as they are, and refuses, touching nothing, while a placeholder it cannot fill is left.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  placeholder,
  release,
  releaseRepo,
  removeReleaseRepos,
  WITH_PLACEHOLDERS,
} from '../../support/release-repo.ts';
import { git } from '../../support/repo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OWNER = placeholder('owner');
after(removeReleaseRepos);

/** Whether a tracked file of `ref` outside .ci/ still holds the placeholder (git grep exits 1 on none). */
function placeholdersAt(dir: string, ref: string): string {
  const r = spawnSync('git', ['grep', '-n', '-F', OWNER, ref, '--', '.', ':(exclude).ci'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return r.stdout;
}

describe('.ci/release fills in the owner', () => {
  test("origin's owner goes into every placeholder of the tagged commit, pushed; main keeps its placeholders", () => {
    const { dir, origin } = releaseRepo();
    const r = release(dir, '1.0.0', '--push');
    assert.equal(r.status, 0, r.out);
    assert.equal(placeholdersAt(dir, 'v1.0.0'), '');
    for (const file of Object.keys(WITH_PLACEHOLDERS)) {
      const released = git(dir, 'show', `v1.0.0:${file}`);
      assert.equal(released, WITH_PLACEHOLDERS[file]!.replaceAll(OWNER, 'acme').trim(), file);
    }
    assert.match(git(dir, 'show', 'v1.0.0:README.md'), /uses: acme\/perf-gate@v1/);
    // The pushed branch still reads `<owner>`; the pushed tags carry the filled commit.
    assert.ok(git(origin, 'show', 'main:README.md').includes(`uses: ${OWNER}/perf-gate@v1`));
    assert.equal(git(origin, 'rev-parse', 'v1^{commit}'), git(dir, 'rev-parse', 'v1.0.0^{commit}'));
    assert.equal(placeholdersAt(origin, 'v1'), '');
    assert.equal(git(dir, 'status', '--porcelain'), '');
  });

  test('an owner given as an argument wins over origin’s', () => {
    const { dir } = releaseRepo();
    const r = release(dir, '1.0.0', '--owner', 'octo-org');
    assert.equal(r.status, 0, r.out);
    assert.match(git(dir, 'show', 'v1.0.0:README.md'), /uses: octo-org\/perf-gate@v1/);
  });

  test('origin given as an https or ssh URL names the owner', () => {
    for (const url of [
      'https://github.com/acme-co/perf-gate.git',
      'git@github.com:acme-co/perf-gate.git',
      'ssh://git@github.com/acme-co/perf-gate',
    ]) {
      const { dir } = releaseRepo();
      git(dir, 'remote', 'set-url', 'origin', url);
      const r = spawnSync(join(dir, '.ci/fill-owner'), ['--check'], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.stdout.trim(), 'acme-co', `${url}: ${r.stderr}`);
    }
  });

  test('a placeholder it does not fill is refused, saying where, before anything is committed or tagged', () => {
    const { dir } = releaseRepo({
      files: { 'docs/sharding.md': `# Sharding\n\n      - uses: ${placeholder('org')}/perf-gate@v1\n` },
    });
    const before = git(dir, 'rev-parse', 'HEAD');
    const r = release(dir, '1.0.0');
    assert.equal(r.status, 2, r.out);
    assert.match(r.out, /an owner placeholder this does not fill is left/);
    assert.match(r.out, /docs\/sharding\.md:3:/);
    assert.equal(git(dir, 'tag'), '');
    assert.equal(git(dir, 'rev-parse', 'HEAD'), before);
    assert.equal(git(dir, 'status', '--porcelain'), '');
  });

  test('an origin that is not a perf-gate repository is refused unless the owner is given', () => {
    const { dir } = releaseRepo();
    git(dir, 'remote', 'set-url', 'origin', 'https://github.com/acme/other.git');
    const r = release(dir, '1.0.0');
    assert.equal(r.status, 2, r.out);
    assert.match(r.out, /not a repository named perf-gate/);
    assert.equal(git(dir, 'tag'), '');
  });
});

test('this repository has no owner placeholder the release would leave, and a LICENSE as package.json says', () => {
  const r = spawnSync(join(ROOT, '.ci/fill-owner'), ['--check', 'acme'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
  assert.equal(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string }).license,
    'MIT',
  );
  assert.match(license, /^MIT License\n\nCopyright \(c\) 2026 the perf-gate authors\n/);
});
