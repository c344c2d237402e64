/**
 * A throwaway clone laid out like perf-gate's for `.ci/release` (test/unit/project/release*.test.ts): its scripts,
 * package.json with a build, src/, dist/, the CHANGELOG and files with owner placeholders, cloned from a bare
 * origin at `<tmp>/acme/perf-gate.git` (whose URL names the owner `acme`) with main checked out, as a release runs.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { git } from './repo.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A placeholder, spelt so that the release fills none in this file. */
export const placeholder = (name: string): string => `<${name}>`;
const OWNER = placeholder('owner');

/** The files of the scratch repository that carry the owner placeholder, as the real ones do. */
export const WITH_PLACEHOLDERS: Record<string, string> = {
  'README.md': `# perf-gate\n\n      - uses: ${OWNER}/perf-gate@v1\n\nnpx github:${OWNER}/perf-gate compare\n`,
  'docs/config-file.md': `# yaml-language-server: $schema=https://raw.githubusercontent.com/${OWNER}/perf-gate/v1/perf-gate.schema.json\n`,
  'example-workflows/node-http.yml': `jobs:\n  perf:\n    steps:\n      - uses: ${OWNER}/perf-gate@v1\n`,
  'action.yml': `name: perf-gate\ndescription: see https://github.com/${OWNER}/perf-gate\n`,
  'test/unit/readme.test.ts': `// pins uses: ${OWNER}/perf-gate@v1\n`,
};

export interface ReleaseRepo {
  /** The clone the release runs in. */
  dir: string;
  /** The bare repository playing GitHub's part. */
  origin: string;
}

const dirs: string[] = [];

/** Removes every scratch repository made so far. */
export function removeReleaseRepos(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function write(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
}

/** The repository, pushed to its origin and cloned back; `files` are added to (or replace) the usual ones. */
export function releaseRepo(options: { built?: boolean; files?: Record<string, string> } = {}): ReleaseRepo {
  const top = mkdtempSync(join(tmpdir(), 'perf-gate-release-'));
  dirs.push(top);
  const work = join(top, 'work');
  const manifest = {
    name: 'perf-gate',
    version: '1.0.0',
    private: true,
    scripts: { build: 'node build.js' },
  };
  write(work, {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'build.js': "require('fs').copyFileSync('src/index.js', 'dist/index.js');\n",
    'src/index.js': 'console.log(1);\n',
    'dist/index.js': options.built === false ? 'console.log(0);\n' : 'console.log(1);\n',
    'docs/CHANGELOG.md': '# Changelog\n\n## 1.0.0 (unreleased)\n\nThe first release.\n',
    ...WITH_PLACEHOLDERS,
    ...options.files,
  });
  mkdirSync(join(work, '.ci'));
  for (const script of ['release', 'fill-owner'])
    copyFileSync(join(ROOT, '.ci', script), join(work, '.ci', script));
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'work');
  const origin = join(top, 'acme/perf-gate.git');
  mkdirSync(origin, { recursive: true });
  git(origin, 'init', '-q', '--bare', '-b', 'main');
  git(work, 'push', '-q', origin, 'main');
  const dir = join(top, 'clone');
  git(top, 'clone', '-q', origin, dir);
  return { dir, origin };
}

/** Runs `.ci/release` in the clone, its `npm ci && npm test` skipped. */
export function release(dir: string, ...args: string[]): { status: number | null; out: string } {
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
