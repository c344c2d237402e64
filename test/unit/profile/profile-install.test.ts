import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GateError } from '../../../src/model/errors.ts';
import {
  defaultZeroXCacheDir,
  ensureZeroX,
  isInstalled,
  ZEROX_VERSION,
  zeroXBin,
} from '../../../src/profile/install.ts';
import zeroxFiles from '../../../src/profile/zerox-files.json' with { type: 'json' };
import zeroxLock from '../../../src/profile/zerox-lock.json' with { type: 'json' };

describe('the pinned 0x lockfile', () => {
  test('pins 0x 6.0.0 with a version-3 lockfile and an integrity hash for every package', () => {
    assert.equal(ZEROX_VERSION, '6.0.0');
    assert.deepEqual(zeroxLock.packageJson.dependencies, { '0x': '6.0.0' });
    const lock = zeroxLock.packageLock as {
      lockfileVersion: number;
      packages: Record<string, { integrity?: string }>;
    };
    assert.equal(lock.lockfileVersion, 3);
    const packages = Object.entries(lock.packages).filter(([path]) => path !== '');
    assert.ok(packages.length > 100, `${packages.length} packages`);
    for (const [path, entry] of packages) assert.match(entry.integrity ?? '', /^sha512-/, path);
  });
});

describe('defaultZeroXCacheDir', () => {
  test("the runner's tool cache, else the temporary directory", () => {
    assert.equal(
      defaultZeroXCacheDir({ RUNNER_TOOL_CACHE: '/opt/hostedtoolcache' }),
      '/opt/hostedtoolcache/perf-gate-0x-6.0.0',
    );
    assert.equal(defaultZeroXCacheDir({}), join(tmpdir(), 'perf-gate-0x-6.0.0'));
  });
});

describe('ensureZeroX', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-0x-install-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('an empty directory is not an install', () => {
    assert.equal(isInstalled(scratch), false);
    assert.equal(zeroXBin('/c'), '/c/node_modules/0x/cmd.js');
  });

  test('says what failed when npm cannot run, and leaves nothing half-installed', async () => {
    const dir = join(scratch, 'cache');
    await assert.rejects(
      ensureZeroX(dir, { npm: join(scratch, 'no-such-npm'), timeoutMs: 10_000 }),
      (error: unknown) => {
        assert.ok(error instanceof GateError);
        assert.equal(error.code, 'install');
        assert.match(error.message, /installing the profiler 0x@6\.0\.0 .* could not be started/);
        return true;
      },
    );
    assert.equal(existsSync(dir), false);
  });
});

/**
 * Issue 34, finding 7: on a persistent self-hosted runner the cached 0x outlives the gate that installed it, and one
 * pull request's build can edit it for later gates to run. Its files' hashes are checked against the digest of
 * the pinned lockfile's install (shipped with the action) before each use.
 */
describe('the cached 0x is checked by its files’ hashes', () => {
  let pristine = '';
  /** Beside the pristine install: on its file system, where its files can be hard-linked. */
  let scratch = '';
  /** A stand-in for npm that "installs" by copying the pristine install into its working directory. */
  let npm = '';
  let calls = '';
  after(() => rmSync(scratch, { recursive: true, force: true }));

  before(async () => {
    pristine = dirname(dirname(dirname(await ensureZeroX())));
    scratch = mkdtempSync(join(dirname(pristine), 'perf-gate-0x-hashes-'));
    calls = join(scratch, 'npm-calls');
    npm = join(scratch, 'npm');
    writeFileSync(npm, `#!/bin/sh\necho "$@" >> ${calls}\ncp -al ${pristine}/node_modules .\n`, {
      mode: 0o755,
    });
  });

  /**
   * A copy of the pristine cache, as a later gate finds it: its files hard links to the pristine ones (a real copy
   * of its 5,000 files took seconds), so a test changes a file only through `edit`.
   */
  function cached(name: string): string {
    const dir = join(scratch, name);
    execFileSync('cp', ['-al', pristine, dir]);
    return dir;
  }

  /** Appends to a file of a copy: a file of its own first, so that the pristine install stays as it was. */
  function edit(file: string, text: string): void {
    const content = readFileSync(file);
    rmSync(file);
    writeFileSync(file, Buffer.concat([content, Buffer.from(text)]));
  }

  test('the shipped digest is that of the pinned lockfile as `npm ci` installs it here', async () => {
    const { zeroXDigest } = await import('../../../src/profile/install.ts');
    assert.equal(zeroXDigest(pristine), zeroxFiles.sha256);
  });

  test('an install edited after it was made is not run: it is installed again', async () => {
    const dir = cached('edited');
    edit(zeroXBin(dir), '\nrequire("node:fs").writeFileSync("/tmp/pwned", "x");\n');
    const bin = await ensureZeroX(dir, { npm });
    assert.ok(existsSync(calls), 'npm ran again');
    assert.doesNotMatch(readFileSync(bin, 'utf8'), /pwned/, 'the edited file is not what runs');
  });

  test('a file added where Node looks first (node_modules/<name>.js) counts as an edit', async () => {
    rmSync(calls, { force: true });
    const dir = cached('added');
    writeFileSync(join(dir, 'node_modules', 'debounce.js'), 'module.exports = () => {};\n');
    await ensureZeroX(dir, { npm });
    assert.ok(existsSync(calls), 'npm ran again');
    assert.ok(!existsSync(join(dir, 'node_modules', 'debounce.js')));
  });

  test('an install unchanged is used as it is, and a change between its uses is refused, naming it', async () => {
    rmSync(calls, { force: true });
    const dir = cached('kept');
    const bin = await ensureZeroX(dir, { npm });
    assert.ok(!existsSync(calls), 'npm did not run');
    const { verifyZeroX } = await import('../../../src/profile/install.ts');
    verifyZeroX(bin);
    edit(join(dir, 'node_modules', '0x', 'index.js'), '\n// changed\n');
    assert.throws(
      () => verifyZeroX(bin),
      (error: unknown) => error instanceof GateError && /0x .*changed on disk/.test(error.message),
    );
  });
});
